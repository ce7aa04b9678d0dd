package baseline

import (
	"strings"
	"testing"
)

// A name's words are capitalised by their first letter, not their first
// byte: "Émile" is capitalised like "Zola", "élan" is not; and a name
// joined by "&" runs on past it ("Identity & Access").
func TestNameTokensNonASCIICapitals(t *testing.T) {
	for text, want := range map[string]string{
		"follow Émile Zola":                 "Émile Zola",
		"members of team Identity & Access": "Identity & Access",
		"members of team Identity & access": "Identity",
		"members of team élan":              "",
	} {
		u := readUtterance(text)
		var got []string
		for _, i := range u.nameTokens() {
			got = append(got, u.toks[i].raw)
		}
		if g := strings.Join(got, " "); g != want {
			t.Errorf("nameTokens(%q) = %q, want %q", text, g, want)
		}
	}
}
