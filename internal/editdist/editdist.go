// Package editdist measures how far apart two names are, for the "did you
// mean" suggestions of the runtime, the config reader and the tools that
// look names up. It imports nothing of the project, so the tool runtime
// can use it and stay a leaf.
package editdist

import "unicode/utf8"

// Distance is the Levenshtein distance between a and b, counted in runes.
func Distance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}

// maxRunes is the longest name Within compares: beyond it a name is not a
// typo of another, and the quadratic table would let a caller's text set
// the cost.
const maxRunes = 64

// Within is Distance when it is at most limit, and limit+1 otherwise,
// including for names longer than 64 runes, which it does not compare. Its
// cost stays bounded whatever the caller passes.
func Within(a, b string, limit int) int {
	la, lb := utf8.RuneCountInString(a), utf8.RuneCountInString(b)
	if limit < 0 || la > maxRunes || lb > maxRunes || abs(la-lb) > limit {
		return limit + 1
	}
	return min(Distance(a, b), limit+1)
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
