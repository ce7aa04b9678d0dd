package judge

import (
	"slices"
	"strings"
	"testing"
)

// TestTokensReadAsTheRuneScan checks tokens, which reads ASCII byte by
// byte and trims only tokens that end or start with a mark, against the
// rule it stands for: split at every separator rune, trim the marks.
func TestTokensReadAsTheRuneScan(t *testing.T) {
	scan := func(s string) (lower, cased []string) {
		fs := strings.FieldsFunc(s, isSep)
		for _, f := range fs {
			f = strings.TrimRight(strings.TrimLeft(f, "'\u2018\u2019"), ".!?'\u2018\u2019\u2026")
			if f != "" {
				cased = append(cased, f)
				lower = append(lower, strings.ToLower(f))
			}
		}
		return lower, cased
	}
	for _, s := range []string{
		"",
		"Show 'Ada' the ‘Q3’ report… now!",
		`{"name":"Ada Okafor","tags":["a","b"]} (done).`,
		"it's 'quoted'' and ‘’ and '.' and ...",
		"naïve café “quoted” «guillemets» tab\there\nnew line",
		"bad \xff byte\xe2 end\xe2\x80",
		"‘",
		"AbC; dEf: gHi|jkl`mno<p>",
	} {
		gl, gc := tokens(s)
		wl, wc := scan(s)
		if !slices.Equal(gl, wl) || !slices.Equal(gc, wc) {
			t.Errorf("tokens(%q) = %q, %q; want %q, %q", s, gl, gc, wl, wc)
		}
	}
}
