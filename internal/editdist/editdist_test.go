package editdist

import (
	"strings"
	"testing"
)

func TestDistance(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want int
	}{
		{"", "", 0}, {"userId", "userId", 0}, {"userid", "userId", 1}, {"usr_id", "user_id", 1},
		{"kitten", "sitting", 3}, {"", "abc", 3}, {"straße", "strasse", 2}, {"déjà", "deja", 2},
	} {
		if got := Distance(tc.a, tc.b); got != tc.want {
			t.Errorf("Distance(%q, %q) = %d, want %d", tc.a, tc.b, got, tc.want)
		}
		if got := Distance(tc.b, tc.a); got != tc.want {
			t.Errorf("Distance(%q, %q) = %d, not symmetric", tc.b, tc.a, got)
		}
	}
}

func TestWithin(t *testing.T) {
	long := strings.Repeat("a", 65)
	for _, tc := range []struct {
		a, b  string
		limit int
		want  int
	}{
		{"userid", "userId", 2, 1},
		{"kitten", "sitting", 2, 3}, // over the limit: limit+1
		{"a", "abcdef", 2, 3},       // lengths alone rule it out
		{long, long, 5, 6},          // too long to compare
		{"same", "same", -1, 0},     // a negative limit matches nothing
	} {
		if got := Within(tc.a, tc.b, tc.limit); got != tc.want {
			t.Errorf("Within(%.10q, %.10q, %d) = %d, want %d", tc.a, tc.b, tc.limit, got, tc.want)
		}
	}
}

func TestClosest(t *testing.T) {
	known := []string{"per_page", "page", "sort_order"}
	for name, want := range map[string]string{"perPage": "per_page", "SortOrder": "sort_order", "pag": "page", "colour": ""} {
		if got := Closest(name, known); got != want {
			t.Errorf("Closest(%q) = %q, want %q", name, got, want)
		}
	}
	enum := []any{"ASC", "DESC", 3}
	for s, want := range map[string]string{"DESC order": "DESC", "asc": "ASC", "dess": "DESC", "random": "", "": ""} {
		if got := ClosestValue(s, enum); got != want {
			t.Errorf("ClosestValue(%q) = %q, want %q", s, got, want)
		}
	}
}
