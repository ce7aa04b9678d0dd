package names

import "testing"

func TestEditDistance(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want int
	}{
		{"", "", 0}, {"userId", "userId", 0}, {"userid", "userId", 1}, {"usr_id", "user_id", 1},
		{"kitten", "sitting", 3}, {"", "abc", 3}, {"straße", "strasse", 2}, {"déjà", "deja", 2},
	} {
		if got := EditDistance(tc.a, tc.b); got != tc.want {
			t.Errorf("EditDistance(%q, %q) = %d, want %d", tc.a, tc.b, got, tc.want)
		}
		if got := EditDistance(tc.b, tc.a); got != tc.want {
			t.Errorf("EditDistance(%q, %q) = %d, not symmetric", tc.b, tc.a, got)
		}
	}
}
