(function () {
  var controls = document.querySelector('.controls');
  if (!controls) { return; }
  controls.hidden = false;
  var all = document.querySelectorAll('details.tool, details.case');
  document.querySelectorAll('[data-expand]').forEach(function (b) {
    b.addEventListener('click', function () {
      var open = b.getAttribute('data-expand') === 'open';
      all.forEach(function (d) { d.open = open; });
    });
  });
  var only = document.getElementById('failing-only');
  only.addEventListener('change', function () { document.body.classList.toggle('failing-only', only.checked); });
  function reveal() {
    var el = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
    for (var p = el; p; p = p.parentElement) { if (p.tagName === 'DETAILS') { p.open = true; } }
    if (el) { el.scrollIntoView(); }
  }
  window.addEventListener('hashchange', reveal);
  reveal();
})();
