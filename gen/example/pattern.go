package example

import (
	"math/rand/v2"
	"regexp/syntax"
	"strings"
	"sync"
	"unicode"
)

// FromPattern returns a short string that matches the regular expression
// pattern, built from its syntax tree: the first alternative, the least
// repetition (at least one for "+"), and a readable character from each
// class (a letter or digit where the class has one). ok is false when the
// pattern does not parse as Go (RE2) syntax or the string built does not
// match it (word boundaries, for instance, can defeat the construction).
// The answer for each pattern is kept: a big spec repeats a few patterns
// over thousands of arguments, and parsing one is most of the work.
func FromPattern(pattern string) (s string, ok bool) {
	if v, seen := fromPatterns.Load(pattern); seen {
		r := v.(patternMatch)
		return r.s, r.ok
	}
	s, ok = fromPattern(pattern)
	fromPatterns.Store(pattern, patternMatch{s, ok})
	return s, ok
}

// fromPatterns holds FromPattern's answers, as regexps holds the
// compiled patterns.
var fromPatterns sync.Map // pattern -> patternMatch

type patternMatch struct {
	s  string
	ok bool
}

func fromPattern(pattern string) (s string, ok bool) {
	re, err := syntax.Parse(pattern, syntax.Perl)
	if err != nil {
		return "", false
	}
	var b strings.Builder
	genPattern(&b, re.Simplify(), 0)
	out := b.String()
	cre, err := compile(pattern)
	if err != nil || !cre.MatchString(out) {
		return "", false
	}
	return out, true
}

func genPattern(b *strings.Builder, re *syntax.Regexp, depth int) {
	if depth > 100 || b.Len() > 1000 {
		return
	}
	switch re.Op {
	case syntax.OpLiteral:
		for _, r := range re.Rune {
			b.WriteRune(r)
		}
	case syntax.OpCharClass:
		b.WriteRune(pickRune(re.Rune))
	case syntax.OpAnyChar, syntax.OpAnyCharNotNL:
		b.WriteByte('a')
	case syntax.OpCapture:
		for _, sub := range re.Sub {
			genPattern(b, sub, depth+1)
		}
	case syntax.OpConcat:
		for _, sub := range re.Sub {
			genPattern(b, sub, depth+1)
		}
	case syntax.OpAlternate:
		if len(re.Sub) > 0 {
			genPattern(b, re.Sub[0], depth+1)
		}
	case syntax.OpPlus:
		genPattern(b, re.Sub[0], depth+1)
	case syntax.OpRepeat:
		n := re.Min
		for i := 0; i < n && i < 256; i++ {
			genPattern(b, re.Sub[0], depth+1)
		}
	case syntax.OpStar, syntax.OpQuest, syntax.OpEmptyMatch, syntax.OpBeginLine, syntax.OpEndLine,
		syntax.OpBeginText, syntax.OpEndText, syntax.OpWordBoundary, syntax.OpNoWordBoundary, syntax.OpNoMatch:
	}
}

// pickRune chooses a readable rune from a class given as ranges
// [lo0, hi0, lo1, hi1, ...]: a lower-case letter, a digit, an upper-case
// letter, then any printable rune, in that order of preference.
func pickRune(ranges []rune) rune {
	for _, want := range []rune{'a', '1', 'A', '-', '_', '.'} {
		for i := 0; i+1 < len(ranges); i += 2 {
			if ranges[i] <= want && want <= ranges[i+1] {
				return want
			}
		}
	}
	for _, lo := range []rune{'a', '0', 'A'} {
		hi := lo + 25
		if lo == '0' {
			hi = '9'
		}
		for i := 0; i+1 < len(ranges); i += 2 {
			if ranges[i] <= hi && ranges[i+1] >= lo {
				return max(ranges[i], lo)
			}
		}
	}
	for i := 0; i+1 < len(ranges); i += 2 {
		for r := ranges[i]; r <= ranges[i+1] && r < ranges[i]+512; r++ {
			if unicode.IsPrint(r) && r != ' ' {
				return r
			}
		}
	}
	if len(ranges) > 0 {
		return ranges[0]
	}
	return 'a'
}

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
	cre, err := compile(pattern)
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
