package baseline

import (
	"slices"
	"strings"
	"unicode"

	"github.com/agentready/agentready/harness/retrieve"
)

// offValues are the enum values that say a setting is off.
var offValues = map[string]bool{"none": true, "off": true, "disabled": true, "false": true, "no": true, "never": true}

// twoStates are an argument's values when its enum lists exactly two,
// one of which says off ("none", "disabled"): the setting's off value and
// its on value; ok is false for any other argument.
func twoStates(p *param) (off, on string, ok bool) {
	if p.array || p.scalarType() != "string" || len(p.enum) != 2 || len(p.numEnum) > 0 {
		return "", "", false
	}
	a, b := p.enum[0], p.enum[1]
	switch {
	case offValues[strings.ToLower(a)] && !offValues[strings.ToLower(b)]:
		return a, b, true
	case offValues[strings.ToLower(b)] && !offValues[strings.ToLower(a)]:
		return b, a, true
	}
	return "", "", false
}

// switchOn and switchOff are the words that turn a setting said beside
// them on or off ("turn on mp4 downloads", "mp4 support off", "take
// master access away", "no mp4", "remove mp4 support").
var (
	switchOn  = map[string]bool{"on": true, "enable": true, "enabled": true}
	switchOff = map[string]bool{"off": true, "away": true, "disable": true, "disabled": true, "remove": true, "drop": true}
)

// twoStateEnums fill an argument whose enum is a setting's off value and
// one other (mp4_support: none or standard; master_access: none or
// temporary) from a word of its name said with a word that switches it,
// in the same clause and at most three words away: off (a negation
// before it, "off", "away", "disable", "remove") gives the off value, on
// ("on", "enable") the other. The name's word alone says neither.
func (f *filler) twoStateEnums() {
	for _, p := range f.tool.params {
		off, on, ok := twoStates(p)
		if !ok || f.has(p) {
			continue
		}
		for i, w := range f.u.words {
			if f.u.used[w.tok] || len(w.lower) < 2 || !isLetters(w.lower) || retrieve.IsStopWord(w.lower) || !slices.Contains(p.fullStems, w.stem) {
				continue
			}
			state, at := f.u.switchNear(i)
			if state == 0 {
				continue
			}
			v := on
			if state < 0 {
				v = off
			}
			if f.set(p, v) {
				f.u.claimWords(min(i, at), max(i, at))
			}
			break
		}
	}
}

// switchNear finds a word that switches a setting near word i: the
// nearest of the three words before it and after it in its clause, or a
// negation before it. It returns 1 for on, -1 for off, 0 for none, and
// the switching word.
func (u *utterance) switchNear(i int) (int, int) {
	if u.negatedBefore(i) {
		return -1, i
	}
	for d := 1; d <= 3; d++ {
		for _, k := range []int{i + d, i - d} {
			if k < 0 || k >= len(u.words) || u.toks[u.words[k].tok].quoted {
				continue
			}
			if u.boundaryBetween(min(i, k), max(i, k)) {
				continue
			}
			switch w := u.words[k].lower; {
			case switchOn[w]:
				return 1, k
			case switchOff[w]:
				return -1, k
			}
		}
	}
	return 0, i
}

// boundaryBetween reports whether a clause ends between words from and
// to.
func (u *utterance) boundaryBetween(from, to int) bool {
	for w := from; w < to; w++ {
		if u.boundaryAfter(w) {
			return true
		}
	}
	return false
}

// isLetters reports whether s is letters only.
func isLetters(s string) bool {
	for _, r := range s {
		if !unicode.IsLetter(r) {
			return false
		}
	}
	return s != ""
}
