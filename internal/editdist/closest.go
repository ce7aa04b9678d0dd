package editdist

import (
	"strings"
	"unicode/utf8"
)

// Closest suggests the known name the model probably meant: one equal
// but for case and separators, else one within a small edit distance.
func Closest(name string, known []string) string {
	norm := func(s string) string {
		return strings.Map(func(r rune) rune {
			switch r {
			case '_', '-', '.', ' ':
				return -1
			}
			return r
		}, strings.ToLower(s))
	}
	nn := norm(name)
	for _, k := range known {
		if norm(k) == nn {
			return k
		}
	}
	limit := min(2, (utf8.RuneCountInString(name)-1)/2)
	best, bestD := "", limit+1
	for _, k := range known {
		if d := Within(strings.ToLower(name), strings.ToLower(k), limit); d < bestD {
			best, bestD = k, d
		}
	}
	return best
}

// ClosestValue suggests the string among enum that s probably meant: one
// that s contains or that contains s ("DESC" for "DESC order"), else one within
// a small edit distance. It is only a hint; the value is not changed.
func ClosestValue(s string, enum []any) string {
	ls := strings.ToLower(strings.TrimSpace(s))
	if ls == "" {
		return ""
	}
	for _, e := range enum {
		es, ok := e.(string)
		le := strings.ToLower(es)
		if ok && len(le) >= 2 && (strings.Contains(ls, le) || len(ls) >= 3 && strings.Contains(le, ls)) {
			return es
		}
	}
	limit := min(2, (utf8.RuneCountInString(ls)-1)/2)
	best, bestD := "", limit+1
	for _, e := range enum {
		if es, ok := e.(string); ok {
			if d := Within(ls, strings.ToLower(es), limit); d < bestD {
				best, bestD = es, d
			}
		}
	}
	return best
}
