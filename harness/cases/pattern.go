package cases

import (
	"math/rand/v2"
	"regexp"
	"regexp/syntax"
	"strings"
)

// randomMatch returns a random string that matches pattern, built from its
// syntax tree: a random alternative, a repetition count near the least
// (at most three more), and a random printable character of each class.
// ok is false when the pattern is not Go (RE2) syntax or the string built
// does not match (word boundaries can defeat the construction).
func randomMatch(rng *rand.Rand, pattern string) (string, bool) {
	re, err := syntax.Parse(pattern, syntax.Perl)
	if err != nil {
		return "", false
	}
	var b strings.Builder
	randomPattern(rng, &b, re.Simplify(), 0)
	out := b.String()
	cre, err := regexp.Compile(pattern)
	if err != nil || !cre.MatchString(out) {
		return "", false
	}
	return out, true
}

func randomPattern(rng *rand.Rand, b *strings.Builder, re *syntax.Regexp, depth int) {
	if depth > 100 || b.Len() > 1000 {
		return
	}
	repeat := func(lo, hi int) {
		if hi < 0 || hi > lo+3 {
			hi = lo + 3
		}
		n := lo
		if hi > lo {
			n += rng.IntN(hi - lo + 1)
		}
		for range n {
			randomPattern(rng, b, re.Sub[0], depth+1)
		}
	}
	switch re.Op {
	case syntax.OpLiteral:
		for _, r := range re.Rune {
			b.WriteRune(r)
		}
	case syntax.OpCharClass:
		b.WriteRune(randomRune(rng, re.Rune))
	case syntax.OpAnyChar, syntax.OpAnyCharNotNL:
		b.WriteByte(byte('a' + rng.IntN(26)))
	case syntax.OpCapture:
		randomPattern(rng, b, re.Sub[0], depth+1)
	case syntax.OpConcat:
		for _, s := range re.Sub {
			randomPattern(rng, b, s, depth+1)
		}
	case syntax.OpAlternate:
		randomPattern(rng, b, re.Sub[rng.IntN(len(re.Sub))], depth+1)
	case syntax.OpStar:
		repeat(0, 2)
	case syntax.OpPlus:
		repeat(1, 3)
	case syntax.OpQuest:
		repeat(0, 1)
	case syntax.OpRepeat:
		repeat(re.Min, re.Max)
	}
}

// randomRune picks a rune of a character class (pairs of inclusive
// ranges), keeping to printable ASCII when the class has any, so that
// values stay readable.
func randomRune(rng *rand.Rand, ranges []rune) rune {
	type span struct{ lo, hi rune }
	var ascii, all []span
	for i := 0; i+1 < len(ranges); i += 2 {
		lo, hi := ranges[i], ranges[i+1]
		all = append(all, span{lo, hi})
		if lo <= '~' && hi >= '!' {
			ascii = append(ascii, span{max(lo, '!'), min(hi, '~')})
		}
	}
	pool := ascii
	if len(pool) == 0 {
		pool = all
	}
	if len(pool) == 0 {
		return 'x'
	}
	total := 0
	for _, s := range pool {
		total += int(s.hi-s.lo) + 1
	}
	n := rng.IntN(total)
	for _, s := range pool {
		size := int(s.hi-s.lo) + 1
		if n < size {
			return s.lo + rune(n)
		}
		n -= size
	}
	return pool[0].lo
}
