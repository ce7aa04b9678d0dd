package baseline

import (
	"slices"
	"strings"
	"time"
	"unicode"
)

// givenWords and familyWords are the words of arguments that hold the
// two halves of a person's name, as schemas split it: given_name and
// family_name, first_name and last_name, firstName, surname.
var (
	givenWords  = [][]string{{"given", "name"}, {"first", "name"}, {"firstname"}, {"givenname"}, {"forename"}}
	familyWords = [][]string{{"family", "name"}, {"last", "name"}, {"lastname"}, {"familyname"}, {"surname"}}
)

// fullNames splits a person's full name said in the request ("new
// customer: Ana Souza") over the tool's one pair of string arguments
// that hold a given and a family name side by side (the same object's
// fields), as a model does: the request's one run of exactly two
// capitalized plain words, neither quoted nor at the request's start
// nor a month or a day, is the given name then the family name.
func (f *filler) fullNames() {
	given := f.tool.sole(func(p *param) bool { return f.nameHalf(p, givenWords) })
	if given == nil {
		return
	}
	family := f.tool.sole(func(p *param) bool {
		return f.nameHalf(p, familyWords) && slices.Equal(p.path[:len(p.path)-1], given.path[:len(given.path)-1])
	})
	if family == nil {
		return
	}
	at := -1
	for i := 1; i+1 < len(f.u.toks); i++ {
		if !f.nameWord(i) || !f.nameWord(i+1) || f.u.toks[i].clauseEnd || f.nameWord(i-1) || i+2 < len(f.u.toks) && f.nameWord(i+2) && !f.u.toks[i+1].clauseEnd {
			continue
		}
		if at >= 0 {
			return
		}
		at = i
	}
	if at < 0 {
		return
	}
	if f.set(given, f.u.toks[at].raw) && f.set(family, f.u.toks[at+1].raw) {
		f.u.used[at], f.u.used[at+1] = true, true
		f.notes = append(f.notes, given.name+" and "+family.name+" split the full name "+f.u.toks[at].raw+" "+f.u.toks[at+1].raw)
	}
}

// nameHalf reports whether p is an empty string argument whose name is
// one of halves.
func (f *filler) nameHalf(p *param, halves [][]string) bool {
	if f.has(p) || p.scalarType() != "string" || len(p.enum) > 0 || p.array {
		return false
	}
	return slices.ContainsFunc(halves, func(h []string) bool { return slices.Equal(p.words, h) })
}

// nameWord reports whether token i reads as a word of a person's name:
// capitalized letters only, free, not quoted, no month or day of the
// week.
func (f *filler) nameWord(i int) bool {
	t := f.u.toks[i]
	if f.u.used[i] || t.quoted || !capitalized(t.raw) || len([]rune(t.raw)) < 2 {
		return false
	}
	for _, r := range t.raw {
		if !unicode.IsLetter(r) && r != '-' && r != '\'' {
			return false
		}
	}
	if _, month := months[t.lower]; month {
		return false
	}
	for d := time.Sunday; d <= time.Saturday; d++ {
		if strings.TrimSuffix(t.lower, "s") == strings.ToLower(d.String()) {
			return false
		}
	}
	return true
}
