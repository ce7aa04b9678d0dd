package shape

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestTrimJSONShapes(t *testing.T) {
	for _, tc := range []struct {
		body    string
		budget  int
		want    string
		omitted string
	}{
		{`[1, 2, 3]`, 100, `[1,2,3]`, ""},
		{`[` + strings.Repeat(`"abcdefgh",`, 99) + `"abcdefgh"]`, 20, `["abcdefgh","abcdefgh","abcdefgh","abcdefgh","abcdefgh","…(95 more items)"]`, "items 6-100 of 100"},
		{`{"a":1,"b":"` + strings.Repeat("x", 400) + `","c":3}`, 30,
			`{"a":1,"b":"` + strings.Repeat("x", 76) + `…(324 more characters)","c":3}`, "b: characters 77-400 of 400"},
		{`{"k1":"` + strings.Repeat("v", 30) + `","k2":"` + strings.Repeat("v", 30) + `","k3":"` + strings.Repeat("v", 30) + `","k4":"v","k5":"v"}`, 12,
			`{"…":"5 more keys"}`, "keys 1-5 of 5 (k1, k2, k3, …)"},
		{`{"…":[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20],"x":1}`, 10, `{"…":[1,"…(19 more items)"],"x":1}`, `["…"]: items 2-20 of 20`},
		{`"` + strings.Repeat("word ", 100) + `"`, 12, `"word word word word…(481 more characters)"`, "characters 20-500 of 500"},
		{strings.Repeat("9", 500), 20, `"…(a number of 500 characters)"`, "a number of 500 characters"},
		{`{"a": tru`, 100, `"{\"a\": tru"`, "the body is not valid JSON (shown as a string)"},
	} {
		got, omitted, truncated := TrimJSON([]byte(tc.body), tc.budget, nil)
		if string(got) != tc.want || omitted != tc.omitted || truncated != (tc.omitted != "") {
			t.Errorf("TrimJSON(%.40q, %d)\n got %s (%q, %v)\nwant %s (%q)", tc.body, tc.budget, got, omitted, truncated, tc.want, tc.omitted)
		}
	}
}

// randJSON writes a random JSON value, with random whitespace, keys in
// random order (sometimes repeated) and strings with escapes and
// multi-byte runes, until b holds about 100 kB.
func randJSON(b *strings.Builder, r *rand.Rand, depth int) {
	ws := func() {
		if r.Intn(4) == 0 {
			b.WriteString([]string{" ", "\n", "\t", "  \r\n"}[r.Intn(4)])
		}
	}
	ws()
	kind := r.Intn(10)
	if depth > 5 || b.Len() > 100_000 {
		kind = r.Intn(6)
	}
	switch kind {
	case 0:
		b.WriteString([]string{"null", "true", "false"}[r.Intn(3)])
	case 1:
		b.WriteString([]string{"0", "-1", "3.25", "1e300", "-0.5E-7", strconv.Itoa(r.Int()), strings.Repeat("7", r.Intn(300)+1)}[r.Intn(7)])
	case 2, 3:
		b.WriteString(randString(r, r.Intn(20)))
	case 4, 5:
		b.WriteString(randString(r, r.Intn(3000)))
	case 6, 7:
		n := r.Intn(60)
		if r.Intn(5) == 0 {
			n = r.Intn(600)
		}
		b.WriteByte('[')
		for i := 0; i < n && (i == 0 || b.Len() < 100_000); i++ {
			if i > 0 {
				b.WriteByte(',')
			}
			randJSON(b, r, depth+1)
		}
		ws()
		b.WriteByte(']')
	default:
		n := r.Intn(25)
		b.WriteByte('{')
		for i := 0; i < n && (i == 0 || b.Len() < 100_000); i++ {
			if i > 0 {
				b.WriteByte(',')
			}
			ws()
			if r.Intn(10) == 0 {
				b.WriteString(`"…"`)
			} else {
				b.WriteString(randString(r, r.Intn(12)))
			}
			ws()
			b.WriteByte(':')
			randJSON(b, r, depth+1)
		}
		ws()
		b.WriteByte('}')
	}
	ws()
}

func randString(r *rand.Rand, n int) string {
	alphabet := []rune("abcdefghij klmnop\"\\\n\t\x01é日😀\u2028<>&/")
	rs := make([]rune, n)
	for i := range rs {
		rs[i] = alphabet[r.Intn(len(alphabet))]
	}
	if r.Intn(2) == 0 {
		b, _ := json.Marshal(string(rs)) // escapes <>& as \u003c
		return string(b)
	}
	return string(trimAppendString(nil, string(rs)))
}

var (
	moreItems = regexp.MustCompile(`^…\((\d+) more items?\)$`)
	moreKeys  = regexp.MustCompile(`^(\d+) more keys?$`)
	moreChars = regexp.MustCompile(`^(?s)(.*)…\((\d+) more characters?\)$`)
)

// trimOf checks that out is a trimmed copy of in (both compact): the
// same value, or one whose arrays keep their first items, objects their
// first keys and strings their first characters, each counted by a note.
func trimOf(out, in *trimmer, oi, ii int, depth int) error {
	o, i := &out.nodes[oi], &in.nodes[ii]
	os, is := out.buf[o.start:o.end], in.buf[i.start:i.end]
	if bytes.Equal(os, is) {
		return nil
	}
	switch {
	case i.kind == '"' && o.kind == '"':
		var got, whole string
		_ = json.Unmarshal(os, &got)
		_ = json.Unmarshal(is, &whole)
		m := moreChars.FindStringSubmatch(got)
		if m == nil || !strings.HasPrefix(whole, m[1]) {
			return fmt.Errorf("string %.60q is not a shortened %.60q", got, whole)
		}
		if n, _ := strconv.Atoi(m[2]); len([]rune(m[1]))+n != len([]rune(whole)) {
			return fmt.Errorf("string %.60q counts %d more characters of %d", got, n, len([]rune(whole)))
		}
		return nil
	case i.kind == '[' && o.kind == '[':
		ok, ik := out.children(oi), in.children(ii)
		kept := len(ok)
		if kept > 0 {
			last := &out.nodes[ok[kept-1]]
			var v string
			_ = json.Unmarshal(out.buf[last.start:last.end], &v)
			if m := moreItems.FindStringSubmatch(v); m != nil {
				if n, _ := strconv.Atoi(m[1]); kept-1+n == len(ik) {
					kept--
				}
			}
		}
		if kept != len(ik) && (kept == len(ok) || kept > len(ik)) {
			return fmt.Errorf("array keeps %d of %d items without a note: %.80s", kept, len(ik), os)
		}
		for j, k := range ok[:kept] {
			if err := trimOf(out, in, k, ik[j], depth+1); err != nil {
				return err
			}
		}
		return nil
	case i.kind == '{' && o.kind == '{':
		ok, ik := out.children(oi), in.children(ii)
		kept := len(ok)
		if kept > 0 {
			last := &out.nodes[ok[kept-1]]
			key := trimKeyText(out.buf[last.key:last.keyEnd])
			var v string
			_ = json.Unmarshal(out.buf[last.start:last.end], &v)
			if m := moreKeys.FindStringSubmatch(v); m != nil && (key == "…" || key == "……") && kept <= len(ik) {
				if n, _ := strconv.Atoi(m[1]); kept-1+n == len(ik) {
					kept--
				}
			}
		}
		if kept > len(ik) || kept == len(ok) && kept != len(ik) {
			return fmt.Errorf("object keeps %d of %d keys without a note", kept, len(ik))
		}
		for j, k := range ok[:kept] {
			a, b := &out.nodes[k], &in.nodes[ik[j]]
			if !bytes.Equal(out.buf[a.key:a.keyEnd], in.buf[b.key:b.keyEnd]) {
				return fmt.Errorf("key %d is %s, want %s", j, out.buf[a.key:a.keyEnd], in.buf[b.key:b.keyEnd])
			}
			if err := trimOf(out, in, k, ik[j], depth+1); err != nil {
				return err
			}
		}
		return nil
	case i.kind == '0' && o.kind == '"' && depth == 0:
		return nil
	}
	return fmt.Errorf("%.60s became %.60s", is, os)
}

// checkTrim checks one TrimJSON call on valid or invalid body.
func checkTrim(t *testing.T, body []byte, budget int, count func(string) int) {
	t.Helper()
	out, omitted, truncated := TrimJSON(body, budget, count)
	if !json.Valid(out) {
		t.Fatalf("TrimJSON(%.80q, %d) is not valid JSON: %.200s", body, budget, out)
	}
	if count == nil {
		count = TokenEstimate
	}
	if budget >= 50 && count(string(out)) > budget {
		t.Fatalf("TrimJSON(%.80q, %d) takes %d tokens: %.200s", body, budget, count(string(out)), out)
	}
	if truncated != (omitted != "") {
		t.Fatalf("truncated %v with omitted %q", truncated, omitted)
	}
	var compact bytes.Buffer
	if json.Compact(&compact, body) != nil {
		if !truncated {
			t.Fatalf("invalid JSON came back untruncated")
		}
		return
	}
	if !truncated {
		if !bytes.Equal(out, compact.Bytes()) {
			t.Fatalf("untruncated output %.200s differs from the body %.200s", out, compact.Bytes())
		}
		return
	}
	if count(compact.String()) <= budget {
		t.Fatalf("a body within the budget was trimmed")
	}
	if err := trimOf(newTrimmer(out), newTrimmer(compact.Bytes()), 0, 0, 0); err != nil {
		t.Fatalf("TrimJSON(%.80q, %d): %v\n%.300s", body, budget, err, out)
	}
	if again, _, _ := TrimJSON(body, budget, count); !bytes.Equal(again, out) {
		t.Fatalf("not deterministic")
	}
}

// runeThirds is a token counter unlike len/4: a third of the runes,
// rounded up, so multi-byte text counts differently from ASCII.
func runeThirds(s string) int { return (utf8.RuneCountInString(s) + 2) / 3 }

func TestTrimJSONProperty(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	n := 600
	if testing.Short() {
		n = 100
	}
	for i := 0; i < n; i++ {
		var b strings.Builder
		randJSON(&b, r, 0)
		budget := 50 + r.Intn(2000)
		count := []func(string) int{nil, runeThirds}[i%2]
		checkTrim(t, []byte(b.String()), budget, count)
	}
}

func FuzzTrimJSON(f *testing.F) {
	f.Add([]byte(`{"a":[1,2,3],"b":"hello"}`), uint16(60))
	f.Add([]byte(`[{"id":1,"name":"item number 1","status":"open","tags":["a","b"]},{"id":2,"name":"item number 2","status":"open","tags":["a","b"]}]`), uint16(40))
	f.Add([]byte(`"`+strings.Repeat("é\\n", 300)+`"`), uint16(50))
	f.Add([]byte(`{"…":{"……":[]},"x":`+strings.Repeat("1", 400)+`}`), uint16(55))
	f.Add([]byte(`[[[[[[[["deep"]]]]]]]]`), uint16(1))
	f.Add([]byte("<html>not json</html>"), uint16(80))
	f.Fuzz(func(t *testing.T, body []byte, budget uint16) {
		checkTrim(t, body, int(budget), nil)
	})
}

// megabyteArray is a JSON array of about 1 MB of API-like items.
func megabyteArray() []byte {
	var b bytes.Buffer
	b.WriteByte('[')
	for i := 0; b.Len() < 1<<20; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"id":%d,"title":"Printer on floor %d is out of toner","status":"open","priority":%d,`+
			`"assignee":{"id":%d,"name":"Agent %d","email":"agent%d@example.com"},"tags":["hardware","printer","floor-%d"],`+
			`"description":"%s","created_at":"2024-05-%02dT10:00:00Z"}`,
			i, i%12, i%4, i%50, i%50, i%50, i%12, strings.Repeat("The toner light is blinking again. ", 12), i%28+1)
	}
	b.WriteByte(']')
	return b.Bytes()
}

func BenchmarkTrimJSON(b *testing.B) {
	body := megabyteArray()
	for _, bc := range []struct {
		name  string
		count func(string) int
	}{{"estimate", nil}, {"words", runeThirds}} {
		b.Run(bc.name, func(b *testing.B) {
			b.SetBytes(int64(len(body)))
			b.ReportAllocs()
			for b.Loop() {
				out, _, _ := TrimJSON(body, 2000, bc.count)
				if len(out) == 0 {
					b.Fatal("empty")
				}
			}
		})
	}
}

func ExampleTrimJSON() {
	body := []byte(`{"total": 30, "items": [` + strings.TrimSuffix(strings.Repeat(`{"id": 1}, `, 30), ", ") + `],
		"note": "` + strings.Repeat("long text ", 20) + `"}`)
	out, omitted, _ := TrimJSON(body, 40, nil)
	fmt.Println(string(out))
	fmt.Println(omitted)
	// Output:
	// {"total":30,"items":[{"id":1},{"id":1},{"id":1},{"id":1},"…(26 more items)"],"note":"long text long text long text long text long…(156 more characters)"}
	// items: items 5-30 of 30; note: characters 45-200 of 200
}
