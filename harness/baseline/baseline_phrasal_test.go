package baseline

import (
	"strings"
	"testing"
)

// "get rid of" is one verb, searched as what it means (delete), and its
// words count for no tool's name: "get rid of ssh key 901" says nothing
// of getSshKeysId. "set up" after a noun is no order and stays as it is.
func TestGetRidOf(t *testing.T) {
	k := newToolkit(nil)
	u := readUtterance("get rid of ssh key 901")
	q := k.expandQuery(u)
	if !strings.Contains(q, "delete") || strings.Contains(q, "get") || strings.Contains(q, "rid") {
		t.Errorf("expandQuery = %q, want delete and no get, rid", q)
	}
	s := k.saidWords(u, requestAction(u))
	for _, w := range []string{"get", "rid"} {
		if s.exact[w] {
			t.Errorf("saidWords has %q", w)
		}
	}
	if !s.exact["ssh"] || !s.exact["key"] {
		t.Errorf("saidWords lost the object: %v", s.exact)
	}
	u = readUtterance("webhooks set up on org acme-labs")
	if q := k.expandQuery(u); !strings.Contains(q, "set up") {
		t.Errorf("expandQuery = %q, want set up kept", q)
	}
}
