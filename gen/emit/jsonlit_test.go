package emit

import (
	"strings"
	"testing"
)

// TestJSONLines checks jsonLines' rule: the lines join to the text
// whatever it holds, short text is one line, and a long object gives a
// line per member, where only a member that is itself too long and cannot
// be broken (a scalar) passes the width.
func TestJSONLines(t *testing.T) {
	long := strings.Repeat("x", 120)
	cases := []struct {
		text string
		want []string
	}{
		{`{"type":"object"}`, []string{`{"type":"object"}`}},
		{`{"type":"object","properties":{"a":{"type":"string","description":"` + long + `"},"b":{"type":"integer"}},"required":["a"]}`,
			[]string{
				`{"type":"object",`,
				`"properties":{`,
				`"a":{`,
				`"type":"string",`,
				`"description":"` + long + `"},`,
				`"b":{"type":"integer"}},`,
				`"required":["a"]}`,
			}},
		{`[1,2,"` + long + `",[3,4]]`, []string{`[1,`, `2,`, `"` + long + `",`, `[3,4]]`}},
		{`"` + long + `"`, []string{`"` + long + `"`}},
	}
	for _, c := range cases {
		got := jsonLines(c.text, 40)
		if strings.Join(got, "\n") != strings.Join(c.want, "\n") {
			t.Errorf("jsonLines(%s):\n got %q\nwant %q", c.text, got, c.want)
		}
	}
	// Past most lines, the width doubles: the top level stays one member
	// a line, deeper objects are kept whole.
	wide := `{"a":{"x":1,"y":2,"z":3},"b":{"x":1,"y":2,"z":3}}`
	if got, want := jsonLinesAtMost(wide, 10, 4), []string{`{"a":{"x":1,"y":2,"z":3},`, `"b":{"x":1,"y":2,"z":3}}`}; strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("jsonLinesAtMost(%s, 10, 4) = %q, want %q", wide, got, want)
	}
	if got := jsonLinesAtMost(wide, 10, 100); len(got) != 8 {
		t.Errorf("jsonLinesAtMost(%s, 10, 100) = %q, want 8 lines", wide, got)
	}
	// Text that is not JSON, or JSON with spaces and escapes, still joins
	// to itself.
	for _, text := range []string{
		`{"a":` + long, `{"a":[1,2}` + long, `}` + long, `{ "a" : [ 1 , "\"` + long + `\\" ] , "b":{} }`,
		`{"k\"}":"` + long + `","e":[],"o":{}}`, "{\"a\":\"\xff`\r\x00\uFEFF" + long + `"}`,
	} {
		if got := strings.Join(jsonLines(text, 10), ""); got != text {
			t.Errorf("jsonLines(%q) joins to %q", text, got)
		}
	}
}
