package judge

import (
	"strings"
	"testing"
)

// TestNearFindsWhatAScanFinds checks saidWords.near, which searches the
// said words at once, against the rule it stands for, tried on every
// said word: a word of at least three letters that is a prefix of the
// other, or a longer said word that holds a word of five letters or more.
func TestNearFindsWhatAScanFinds(t *testing.T) {
	scan := func(w string, said []string) bool {
		for _, x := range said {
			a, b := w, x
			if len(a) > len(b) {
				a, b = b, a
			}
			if len(a) >= 3 && strings.HasPrefix(b, a) {
				return true
			}
			if len(w) >= 5 && len(x) > len(w) && strings.Contains(x, w) {
				return true
			}
		}
		return false
	}
	said := []string{"repo", "podsecuritypolicy", "organ", "ab", "assign", "user", "userlist", "x"}
	s := newSaidWords()
	defer s.free()
	for _, w := range said {
		s.add(w, saidToken)
	}
	asked := []string{"repositori", "rep", "re", "securiti", "polic", "organization", "org", "unassign", "assig",
		"ab", "abc", "use", "users", "list", "erlist", "podsecur", "cypolicy", "x", "xy", "zzzzz", ""}
	for _, w := range asked {
		if s.words[w] != unsaid {
			continue
		}
		if got, want := s.near(w), scan(w, said); got != want {
			t.Errorf("near(%q) = %v, want %v", w, got, want)
		}
	}
}
