package example

import (
	"regexp/syntax"
	"strings"
	"unicode"
)

// FromPattern returns a short string that matches the regular expression
// pattern, built from its syntax tree: the first alternative, the least
// repetition (at least one for "+"), and a readable character from each
// class (a letter or digit where the class has one). ok is false when the
// pattern does not parse as Go (RE2) syntax or the string built does not
// match it (word boundaries, for instance, can defeat the construction).
func FromPattern(pattern string) (s string, ok bool) {
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
