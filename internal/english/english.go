// Package english holds the few English word helpers that the generator
// and the harness share: the singular and the plural of a noun, a light
// stem that makes the forms of a word meet, a count with its noun, an
// ordinal ("1st"), and the units of time a length of time is said in.
//
// The rules are suffix rules with a short list of exceptions, chosen for
// the nouns API names are made of (users, policies, branches, statuses,
// addresses); they never look a word up in a dictionary, and the same
// word always gives the same answer. The package imports only the
// standard library, so that the runtime (gen/toolrt) may use it too.
package english

import (
	"strconv"
	"strings"
)

// irregular maps plurals the suffix rules get wrong to their singular.
var irregular = map[string]string{
	"people": "person", "children": "child", "men": "man", "women": "woman", "indices": "index",
	"aliases": "alias", "caches": "cache", "movies": "movie", "cookies": "cookie",
	"ids": "id", "ips": "ip", "vms": "vm",
}

// irregularPlural maps singulars to the plural the suffix rules get wrong.
var irregularPlural = map[string]string{
	"person": "people", "child": "children", "man": "men", "woman": "women", "analysis": "analyses",
}

// sameInBoth are nouns whose singular and plural are spelled alike, or
// that API names use as one thing although they end in s ("settings",
// "stats"), and singulars ending in s that the rules would cut.
var sameInBoth = map[string]bool{
	"data": true, "metadata": true, "news": true, "series": true, "species": true, "stats": true, "settings": true,
	"status": true, "analysis": true, "alias": true, "address": true, "access": true, "class": true,
	"process": true, "bus": true, "chassis": true, "canvas": true, "atlas": true, "bias": true,
}

// Singular returns the singular of a lower-case English noun: "policies"
// gives "policy", "branches" "branch", "statuses" "status", "people"
// "person"; a singular ("status", "chassis") and a word of three letters
// or fewer ("gas", "its") stay as they are.
func Singular(w string) string {
	if s, ok := irregular[w]; ok {
		return s
	}
	n := len(w)
	switch {
	case n <= 3 || sameInBoth[w]:
		return w
	case strings.HasSuffix(w, "ies") && n > 4:
		return w[:n-3] + "y"
	case strings.HasSuffix(w, "uses") && n > 4:
		// statuses, buses, bonuses; but houses, causes, pauses
		if strings.ContainsRune("aeiou", rune(w[n-5])) {
			return w[:n-1]
		}
		return w[:n-2]
	case strings.HasSuffix(w, "sses"), strings.HasSuffix(w, "xes"), strings.HasSuffix(w, "ches"),
		strings.HasSuffix(w, "shes"), strings.HasSuffix(w, "zzes"):
		return w[:n-2]
	case strings.HasSuffix(w, "ss"), strings.HasSuffix(w, "us"), strings.HasSuffix(w, "is"):
		return w
	case strings.HasSuffix(w, "s"):
		return w[:n-1]
	}
	return w
}

// IsPlural reports whether a lower-case noun reads as a plural: "users",
// "people", "data"; not "status", "address" or "analysis".
func IsPlural(w string) bool {
	if _, ok := irregular[w]; ok || w == "data" || w == "metadata" {
		return true
	}
	return len(w) > 2 && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") && !strings.HasSuffix(w, "us") &&
		!strings.HasSuffix(w, "is")
}

// Plural returns the plural of a lower-case singular noun: "policy"
// gives "policies", "branch" "branches", "status" "statuses", "person"
// "people"; a noun spelled alike in both ("data", "series") stays.
func Plural(w string) string {
	if p, ok := irregularPlural[w]; ok {
		return p
	}
	n := len(w)
	switch {
	case sameInBoth[w] && IsPlural(w):
		return w
	case strings.HasSuffix(w, "y") && n > 2 && !strings.ContainsRune("aeiou", rune(w[n-2])):
		return w[:n-1] + "ies"
	case strings.HasSuffix(w, "s"), strings.HasSuffix(w, "x"), strings.HasSuffix(w, "z"),
		strings.HasSuffix(w, "ch"), strings.HasSuffix(w, "sh"):
		return w + "es"
	}
	return w + "s"
}

// Count writes a number with its noun, plural unless the number is one:
// "1 case", "3 cases", "0 items". The noun takes a plain s.
func Count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}

// Stem reduces a lower-case word to a light stem, so that plural and
// singular, and a verb and its -ed and -ing forms, meet: tickets, ticket
// -> ticket; priorities -> priority; people, person -> person;
// assigned, assigning -> assign; closed, close -> clos. It is deliberately simple: it never looks words
// up, and the same word always gives the same stem. A word with letters
// outside a to z stays as it is.
func Stem(w string) string {
	if len(w) <= 3 || !IsASCIIWord(w) {
		return w
	}
	if s, ok := irregular[w]; ok && len(s) >= 3 {
		// people -> person: a plural no suffix rule reaches meets its
		// singular's stem.
		w = s
	}
	switch {
	case strings.HasSuffix(w, "ies") && len(w) > 4:
		w = w[:len(w)-3] + "y"
	case strings.HasSuffix(w, "sses"):
		w = w[:len(w)-2]
	case strings.HasSuffix(w, "xes") || strings.HasSuffix(w, "ches") || strings.HasSuffix(w, "shes") || strings.HasSuffix(w, "zes"):
		w = w[:len(w)-2]
	case strings.HasSuffix(w, "ss") || strings.HasSuffix(w, "us") || strings.HasSuffix(w, "is"):
	case strings.HasSuffix(w, "s"):
		w = w[:len(w)-1]
	}
	switch {
	case strings.HasSuffix(w, "ing") && len(w) >= 6:
		w = undouble(w[:len(w)-3])
	case strings.HasSuffix(w, "ed") && len(w) >= 5:
		w = undouble(w[:len(w)-2])
	}
	if strings.HasSuffix(w, "e") && len(w) >= 4 {
		w = w[:len(w)-1]
	}
	return w
}

// undouble drops the second of two equal final consonants ("runn" -> run),
// except l, s and z ("install", "pass", "buzz").
func undouble(w string) string {
	n := len(w)
	if n >= 3 && w[n-1] == w[n-2] && !strings.ContainsRune("aeiouylsz", rune(w[n-1])) {
		return w[:n-1]
	}
	return w
}

// IsASCIIWord reports whether w has only the letters a to z, the words
// Stem changes (it leaves any other as it is).
func IsASCIIWord(w string) bool {
	for i := 0; i < len(w); i++ {
		if c := w[i]; c < 'a' || c > 'z' {
			return false
		}
	}
	return true
}
