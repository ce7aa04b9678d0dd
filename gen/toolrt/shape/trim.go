package shape

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"
)

// TrimJSON returns body, compacted, in no more than budget tokens as
// counted by count (nil counts len/4 rounded up). The result is always
// valid JSON: it never cuts through a structure. Arrays keep their first
// items that fit and end with a note element such as "…(480 more items)";
// objects keep their keys in order, shortening long strings ("abc…(1234
// more characters)") and nested arrays before dropping trailing keys, which
// a "…" key then counts. omitted says what was left out, e.g. "items
// 21-500 of 500; data[0].body: characters 301-4000 of 4000", and
// truncated whether anything was.
//
// A body that is not valid JSON comes back as a JSON string of its text,
// shortened the same way. When budget is too small for even the outline of
// the value (about a dozen tokens), the outline is returned anyway.
func TrimJSON(body []byte, budget int, count func(string) int) (trimmed []byte, omitted string, truncated bool) {
	if count == nil {
		count = TokenEstimate
	}
	var buf bytes.Buffer
	buf.Grow(len(body))
	if err := json.Compact(&buf, body); err != nil {
		quoted := trimAppendString(nil, strings.ToValidUTF8(string(body), "\uFFFD"))
		r := newTrimmer(quoted).trim(count(string(quoted)), budget, count)
		om := "the body is not valid JSON (shown as a string)"
		if r.omitted != "" {
			om += "; " + r.omitted
		}
		return r.out, om, true
	}
	compact := buf.Bytes()
	r := newTrimmer(compact).trim(count(string(compact)), budget, count)
	return r.out, r.omitted, r.truncated
}

// TokenEstimate is the default token counter: a quarter of the bytes,
// rounded up, close to what BPE tokenizers give for JSON and English.
func TokenEstimate(s string) int { return (len(s) + 3) / 4 }

// trimResult is a trimmed document and what was left out of it.
type trimResult struct {
	out       []byte
	omitted   string
	truncated bool
	// dropped is whether array items or object keys were left out (not
	// only characters of strings).
	dropped bool
}

// cut is what r left out, as Fit reports it.
func (r trimResult) cut() Cut {
	return Cut{Omitted: r.omitted, Truncated: r.truncated, Dropped: r.dropped}
}

// newTrimmer indexes compact, valid JSON for trimming.
func newTrimmer(compact []byte) *trimmer {
	return &trimmer{buf: compact, nodes: trimParse(compact)}
}

// trim fits the document, whose whole takes tokens tokens, in budget.
func (t *trimmer) trim(tokens, budget int, count func(string) int) trimResult {
	if tokens <= budget {
		return trimResult{out: t.buf}
	}
	ratio := float64(len(t.buf)) / float64(max(tokens, 1))
	guess := int(float64(max(budget, 0)) * ratio)
	var best []byte
	var bestNotes []trimNote
	fits := func(target int) bool {
		out := t.build(target)
		if count(string(out)) > budget {
			return false
		}
		if best == nil || len(out) > len(best) {
			best, bestNotes = out, t.notes
		}
		return true
	}
	if LargestFit(len(t.buf), guess, max(guess/64, 8), fits) < 0 || best == nil {
		best, bestNotes = t.build(0), t.notes
	}
	if bytes.Equal(best, t.buf) {
		return trimResult{out: t.buf} // nothing could be left out
	}
	r := trimResult{out: best, omitted: trimSummary(bestNotes), truncated: true}
	for _, n := range bestNotes {
		if n.kind != "characters" {
			r.dropped = true
		}
	}
	return r
}

// LargestFit returns the largest k in [0, n] for which fits(k) holds, or -1
// when fits(0) does not; fits should hold up to some k and fail beyond it.
// It probes from guess outwards, then bisects until the bracket is within
// tol.
func LargestFit(n, guess, tol int, fits func(int) bool) int {
	guess = min(max(guess, 0), n)
	lo, hi := -1, n+1 // fits(lo) held; fits(hi) failed
	k, step := guess, max(guess/8, 1)
	for lo < 0 || hi > n {
		if fits(k) {
			lo = k
			if k == n {
				return n
			}
			k = min(n, k+step)
		} else {
			hi = k
			if k == 0 {
				return -1
			}
			k = max(0, k-step)
		}
		step *= 2
	}
	for hi-lo > max(tol, 1) {
		mid := lo + (hi-lo)/2
		if fits(mid) {
			lo = mid
		} else {
			hi = mid
		}
	}
	return lo
}

// trimNode is one value of a parsed JSON document. Nodes are stored in
// document order, so a node's descendants follow it directly.
type trimNode struct {
	start, end  int // the value's bytes
	key, keyEnd int // its key's bytes (quoted) when it is an object member
	desc        int // number of descendants
	n           int // number of children
	kind        byte
}

// trimParse indexes compact, valid JSON.
func trimParse(b []byte) []trimNode {
	p := &trimParser{b: b, nodes: make([]trimNode, 0, len(b)/64+1)}
	p.value(-1, -1)
	return p.nodes
}

// trimParser walks compact, valid JSON, recording its values.
type trimParser struct {
	b     []byte
	i     int
	nodes []trimNode
}

// value records the value at p.i, a member of an object when key >= 0,
// and its descendants.
func (p *trimParser) value(key, keyEnd int) {
	idx := len(p.nodes)
	p.nodes = append(p.nodes, trimNode{start: p.i, key: key, keyEnd: keyEnd})
	c := p.b[p.i]
	n := 0
	switch c {
	case '{', '[':
		closer := byte('}')
		if c == '[' {
			closer = ']'
		}
		p.i++
		for p.b[p.i] != closer {
			if p.b[p.i] == ',' {
				p.i++
			}
			if c == '{' {
				ks := p.i
				p.i = trimSkipString(p.b, p.i)
				ke := p.i
				p.i++ // the colon
				p.value(ks, ke)
			} else {
				p.value(-1, -1)
			}
			n++
		}
		p.i++
	case '"':
		p.i = trimSkipString(p.b, p.i)
	default:
		c = '0'
		for p.i < len(p.b) && p.b[p.i] != ',' && p.b[p.i] != ']' && p.b[p.i] != '}' {
			p.i++
		}
	}
	nd := &p.nodes[idx]
	nd.end, nd.desc, nd.n, nd.kind = p.i, len(p.nodes)-idx-1, n, c
}

// trimSkipString returns the index after the JSON string starting at b[i].
func trimSkipString(b []byte, i int) int {
	i++
	for {
		j := bytes.IndexByte(b[i:], '"')
		if j < 0 {
			return len(b)
		}
		j += i
		k := j - 1
		for b[k] == '\\' {
			k--
		}
		if (j-1-k)%2 == 0 {
			return j + 1
		}
		i = j + 1
	}
}

// trimmer writes a trimmed copy of a parsed document.
type trimmer struct {
	buf   []byte
	nodes []trimNode
	out   []byte
	notes []trimNote
}

// trimNote is one thing left out, found at depth.
type trimNote struct {
	depth int
	kind  string // "items", "characters", "keys", "number"
	path  *trimPath
	text  string
}

// trimPath is one step of the path to a value: a key or an index.
type trimPath struct {
	parent *trimPath
	key    []byte // quoted; nil for an index
	index  int
}

// build writes the document in about target bytes, recording what it
// leaves out in t.notes.
func (t *trimmer) build(target int) []byte {
	t.out, t.notes = make([]byte, 0, max(target, 0)+64), nil
	t.fit(0, target, nil, 0)
	return t.out
}

// size is the length of node i's value.
func (t *trimmer) size(i int) int { return t.nodes[i].end - t.nodes[i].start }

// minSize is the smallest a value can be written: containers and long
// strings shrink to a note.
func (t *trimmer) minSize(i int) int {
	nd := &t.nodes[i]
	s := nd.end - nd.start
	switch nd.kind {
	case '{':
		return min(s, 2+len(`"…":`)+2+len(trimMoreKeys(nd.n)))
	case '[':
		return min(s, 4+len(trimMoreItems(nd.n)))
	case '"':
		return min(s, 2+len(trimMoreChars(s)))
	}
	return s
}

// children returns the indices of node i's children.
func (t *trimmer) children(i int) []int {
	nd := &t.nodes[i]
	kids := make([]int, 0, nd.n)
	for j := i + 1; j <= i+nd.desc; j += t.nodes[j].desc + 1 {
		kids = append(kids, j)
	}
	return kids
}

// fit writes node i in about allow bytes: never more when allow is at
// least minSize(i).
func (t *trimmer) fit(i, allow int, path *trimPath, depth int) {
	nd := &t.nodes[i]
	if nd.end-nd.start <= allow {
		t.out = append(t.out, t.buf[nd.start:nd.end]...)
		return
	}
	switch nd.kind {
	case '{':
		t.fitObject(i, allow, path, depth)
	case '[':
		t.fitArray(i, allow, path, depth)
	case '"':
		t.fitString(i, allow, path, depth)
	default:
		if depth > 0 {
			t.out = append(t.out, t.buf[nd.start:nd.end]...)
			return
		}
		digits := nd.end - nd.start
		t.out = trimAppendString(t.out, fmt.Sprintf("…(a number of %d characters)", digits))
		t.notes = append(t.notes, trimNote{depth: depth, kind: "number", path: path, text: fmt.Sprintf("a number of %d characters", digits)})
	}
}

// trimMoreItems is the note element that ends a shortened array.
func trimMoreItems(n int) string {
	if n == 1 {
		return "…(1 more item)"
	}
	return "…(" + strconv.Itoa(n) + " more items)"
}

// trimMoreKeys is the value of the "…" key that ends a shortened object.
func trimMoreKeys(n int) string {
	if n == 1 {
		return "1 more key"
	}
	return strconv.Itoa(n) + " more keys"
}

// trimMoreChars is the note that ends a shortened string.
func trimMoreChars(n int) string {
	if n == 1 {
		return "…(1 more character)"
	}
	return "…(" + strconv.Itoa(n) + " more characters)"
}

// fitArray writes its first items that fit whole; when fewer than three
// do, the first three (or fewer) shortened to share the room.
func (t *trimmer) fitArray(i, allow int, path *trimPath, depth int) {
	kids := t.children(i)
	n := len(kids)
	marker := func(rest int) int { return 2 + len(trimMoreItems(rest)) }
	// The first items that fit whole.
	whole, used := 0, 2
	for whole < n {
		s := t.size(kids[whole]) + min(whole, 1)
		need := used + s
		if rest := n - whole - 1; rest > 0 {
			need += 1 + marker(rest)
		}
		if need > allow {
			break
		}
		used += s
		whole++
	}
	const minShow = 3
	keep, shares := whole, []int(nil)
	if whole < min(n, minShow) {
		// Too few whole items: show a few, shortened.
		keep = 0
		for k := min(n, minShow); k >= 1; k-- {
			room := allow - 2 - (k - 1)
			if k < n {
				room -= 1 + marker(n-k)
			}
			if sh, ok := t.share(kids[:k], room); ok {
				keep, shares = k, sh
				break
			}
		}
	}
	t.out = append(t.out, '[')
	carry := 0
	for k := 0; k < keep; k++ {
		if k > 0 {
			t.out = append(t.out, ',')
		}
		if shares == nil {
			t.out = append(t.out, t.buf[t.nodes[kids[k]].start:t.nodes[kids[k]].end]...)
			continue
		}
		carry = t.fitCarry(kids[k], shares[k], carry, &trimPath{parent: path, index: k}, depth+1)
	}
	if keep < n {
		if keep > 0 {
			t.out = append(t.out, ',')
		}
		t.out = trimAppendString(t.out, trimMoreItems(n-keep))
		t.notes = append(t.notes, trimNote{depth: depth, kind: "items", path: path,
			text: trimRange("item", keep+1, n)})
	}
	t.out = append(t.out, ']')
}

// fitCarry writes node i in share bytes plus what earlier siblings left
// unused (carry), and returns what it leaves unused in turn.
func (t *trimmer) fitCarry(i, share, carry int, path *trimPath, depth int) int {
	if t.size(i) <= share {
		t.fit(i, share, path, depth)
		return carry
	}
	before := len(t.out)
	allow := share + carry
	t.fit(i, allow, path, depth)
	return max(allow-(len(t.out)-before), 0)
}

// share divides room bytes among the values kids: values up to a common
// cap keep their size, larger ones get the cap (or their minimum size when
// that is larger). ok is false when even the minimum sizes do not fit.
func (t *trimmer) share(kids []int, room int) (shares []int, ok bool) {
	total := func(c int) int {
		sum := 0
		for _, k := range kids {
			if s := t.size(k); s <= c {
				sum += s
			} else {
				sum += max(c, t.minSize(k))
			}
		}
		return sum
	}
	if total(0) > room {
		return nil, false
	}
	lo, hi := 0, 0 // total(lo) <= room
	for _, k := range kids {
		hi = max(hi, t.size(k))
	}
	for lo < hi {
		mid := lo + (hi-lo+1)/2
		if total(mid) <= room {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	shares = make([]int, len(kids))
	left := room - total(lo)
	for j, k := range kids {
		if s := t.size(k); s <= lo {
			shares[j] = s
		} else {
			shares[j] = max(lo, t.minSize(k)) + left
			left = 0
		}
	}
	return shares, true
}

// fitObject keeps as many keys, in order, as fit with their values at
// their smallest, then shares the room among the values so that the
// largest are shortened first.
func (t *trimmer) fitObject(i, allow int, path *trimPath, depth int) {
	kids := t.children(i)
	n := len(kids)
	mkey := `"…"`
	for _, k := range kids {
		if string(t.buf[t.nodes[k].key:t.nodes[k].keyEnd]) == mkey {
			mkey = `"……"`
			break
		}
	}
	marker := func(rest int) int { return len(mkey) + 3 + len(trimMoreKeys(rest)) }
	keyCost := func(k int) int { return t.nodes[k].keyEnd - t.nodes[k].key + 1 }
	// Keep as many keys as fit at their smallest.
	keep, sum := 0, 2
	for m := 1; m <= n; m++ {
		sum += keyCost(kids[m-1]) + t.minSize(kids[m-1]) + min(m-1, 1)
		need := sum
		if m < n {
			need += 1 + marker(n-m)
		}
		if need <= allow {
			keep = m
		}
		if sum > allow {
			break
		}
	}
	room := allow - 2 - max(keep-1, 0)
	if keep < n {
		room -= marker(n - keep)
		if keep > 0 {
			room--
		}
	}
	for _, k := range kids[:keep] {
		room -= keyCost(k)
	}
	shares, _ := t.share(kids[:keep], room)
	t.out = append(t.out, '{')
	carry := 0
	for j, k := range kids[:keep] {
		if j > 0 {
			t.out = append(t.out, ',')
		}
		nd := &t.nodes[k]
		key := t.buf[nd.key:nd.keyEnd]
		t.out = append(append(t.out, key...), ':')
		carry = t.fitCarry(k, shares[j], carry, &trimPath{parent: path, key: key}, depth+1)
	}
	if keep < n {
		if keep > 0 {
			t.out = append(t.out, ',')
		}
		t.out = append(append(t.out, mkey...), ':')
		t.out = trimAppendString(t.out, trimMoreKeys(n-keep))
		var names []string
		for _, k := range kids[keep:min(n, keep+3)] {
			names = append(names, Runes(trimKeyText(t.buf[t.nodes[k].key:t.nodes[k].keyEnd]), 30))
		}
		if n-keep > 3 {
			names = append(names, "…")
		}
		t.notes = append(t.notes, trimNote{depth: depth, kind: "keys", path: path,
			text: trimRange("key", keep+1, n) + " (" + strings.Join(names, ", ") + ")"})
	}
	t.out = append(t.out, '}')
}

// fitString keeps the first characters that fit, ending at a word
// boundary when one is close.
func (t *trimmer) fitString(i, allow int, path *trimPath, depth int) {
	nd := &t.nodes[i]
	var s string
	if err := json.Unmarshal(t.buf[nd.start:nd.end], &s); err != nil {
		s = string(t.buf[nd.start+1 : nd.end-1])
	}
	total := utf8.RuneCountInString(s)
	room := allow - 2 - len(trimMoreChars(total))
	kept, used, cut := 0, 0, 0 // runes kept, their encoded bytes, their byte length in s
	for j, r := range s {
		w := trimEscapedLen(r)
		if used+w > room {
			break
		}
		used += w
		kept++
		cut = j + utf8.RuneLen(r)
	}
	// End at a word boundary when one is close.
	if cut < len(s) && s[cut] != ' ' && kept >= 8 {
		if sp := strings.LastIndexAny(s[:cut], " \n\t"); sp > 0 && utf8.RuneCountInString(s[sp:cut]) <= min(20, kept/4) {
			kept -= utf8.RuneCountInString(s[sp:cut])
			cut = sp
		}
	}
	t.out = trimAppendString(t.out, s[:cut]+trimMoreChars(total-kept))
	t.notes = append(t.notes, trimNote{depth: depth, kind: "characters", path: path,
		text: trimRange("character", kept+1, total)})
}

// trimEscapedLen is how many bytes r takes inside a JSON string.
func trimEscapedLen(r rune) int {
	switch {
	case r == '"' || r == '\\' || r == '\n' || r == '\r' || r == '\t' || r == '\b' || r == '\f':
		return 2
	case r < 0x20 || r == '\u2028' || r == '\u2029':
		return 6
	case r == utf8.RuneError:
		return 3
	}
	return utf8.RuneLen(r)
}

// trimAppendString appends s as a JSON string, escaping only what JSON
// requires (and U+2028/U+2029), so that it reads naturally.
func trimAppendString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	for _, r := range s {
		switch r {
		case '"', '\\':
			b = append(b, '\\', byte(r))
		case '\n':
			b = append(b, '\\', 'n')
		case '\r':
			b = append(b, '\\', 'r')
		case '\t':
			b = append(b, '\\', 't')
		case '\b':
			b = append(b, '\\', 'b')
		case '\f':
			b = append(b, '\\', 'f')
		case '\u2028', '\u2029':
			b = append(b, '\\', 'u', '2', '0', '2', hex[r&0xF])
		default:
			if r < 0x20 {
				b = append(b, '\\', 'u', '0', '0', hex[r>>4], hex[r&0xF])
			} else {
				b = utf8.AppendRune(b, r)
			}
		}
	}
	return append(b, '"')
}

// trimKeyText decodes a quoted key.
func trimKeyText(raw []byte) string {
	var s string
	if json.Unmarshal(raw, &s) != nil {
		return string(raw)
	}
	return s
}

// Runes shortens s to n runes and an ellipsis.
func Runes(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n]) + "…"
}

// String writes the path as data[0].name, with ["odd key"] for keys that
// are not plain names, keeping the last 80 bytes of a long path.
func (p *trimPath) String() string {
	var segs []*trimPath
	for s := p; s != nil; s = s.parent {
		segs = append(segs, s)
	}
	var b strings.Builder
	for j := len(segs) - 1; j >= 0; j-- {
		s := segs[j]
		switch {
		case s.key == nil:
			fmt.Fprintf(&b, "[%d]", s.index)
		case trimPlainName(trimKeyText(s.key)):
			if b.Len() > 0 {
				b.WriteByte('.')
			}
			b.WriteString(trimKeyText(s.key))
		default:
			b.WriteByte('[')
			b.Write(s.key)
			b.WriteByte(']')
		}
	}
	out := b.String()
	if len(out) > 80 {
		cut := len(out) - 80
		for cut < len(out) && !utf8.RuneStart(out[cut]) {
			cut++
		}
		out = "…" + out[cut:]
	}
	return out
}

// trimPlainName reports whether a key can be written bare in a path.
func trimPlainName(s string) bool {
	if s == "" {
		return false
	}
	for j, r := range s {
		letter := r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z'
		if !letter && (j == 0 || r != '-' && (r < '0' || r > '9')) {
			return false
		}
	}
	return true
}

// trimMaxNotes is how many left-out lists and keys are described one by
// one; the rest are counted.
const trimMaxNotes = 3

// trimRange reads like "items 21-500 of 500" or "item 500 of 500".
func trimRange(word string, from, n int) string {
	if from == n {
		return fmt.Sprintf("%s %d of %d", word, n, n)
	}
	return fmt.Sprintf("%ss %d-%d of %d", word, from, n, n)
}

// trimSummary describes what was left out, shallowest first: lists and
// keys one by one (then counted), shortened strings counted unless there is
// only one.
func trimSummary(notes []trimNote) string {
	sort.SliceStable(notes, func(a, b int) bool { return notes[a].depth < notes[b].depth })
	var parts, strs []string
	more := 0
	for _, n := range notes {
		text := n.text
		if n.path != nil {
			text = n.path.String() + ": " + text
		}
		switch {
		case n.kind == "characters":
			strs = append(strs, text)
		case len(parts) < trimMaxNotes:
			parts = append(parts, text)
		default:
			more++
		}
	}
	switch {
	case len(strs) == 1:
		parts = append(parts, strs[0])
	case len(strs) > 1:
		parts = append(parts, fmt.Sprintf("the ends of %d long strings", len(strs)))
	}
	if more > 0 {
		parts = append(parts, fmt.Sprintf("and parts of %d more lists or objects", more))
	}
	return strings.Join(parts, "; ")
}
