package english

// OrderWords say which way a list is sorted, "asc" or "desc": "newest
// first" is descending, "oldest first" ascending. "first" maps to "": it
// ends such a phrase and says no way of its own.
var OrderWords = map[string]string{
	"newest": "desc", "latest": "desc", "recent": "desc", "highest": "desc", "biggest": "desc", "largest": "desc",
	"most": "desc", "descending": "desc", "desc": "desc", "last": "desc",
	"oldest": "asc", "earliest": "asc", "lowest": "asc", "smallest": "asc", "least": "asc", "fewest": "asc", "ascending": "asc",
	"asc": "asc", "first": "",
}

// OrderAsked returns the way a request's lower-case words ask a list to
// be sorted: "asc" or "desc" from an order word followed by "first"
// within four words ("newest first", "most recently updated first",
// "earliest created first") or by "to" and the opposite order word
// ("oldest to newest", "newest to oldest"), or from "ascending" or
// "descending" alone; "" when the words ask no order.
func OrderAsked(words []string) string {
	for i, w := range words {
		dir := OrderWords[w]
		if dir == "" {
			continue
		}
		if w == "ascending" || w == "descending" {
			return dir
		}
		if OrderEnd(words, i) > i {
			return dir
		}
	}
	return ""
}

// OrderEnd is the index of the word that ends the order phrase starting
// at words[i]: "first" within four words ("newest first", "earliest
// created first"), or the opposite order word right after "to" ("oldest
// to newest", "newest to oldest": the first word comes first); -1 when
// words[i] starts no such phrase.
func OrderEnd(words []string, i int) int {
	dir := OrderWords[words[i]]
	if dir == "" {
		return -1
	}
	for k := i + 1; k < len(words) && k <= i+4; k++ {
		if words[k] == "first" {
			return k
		}
	}
	if i+2 < len(words) && words[i+1] == "to" {
		if o := OrderWords[words[i+2]]; o != "" && o != dir && words[i+2] != "most" && words[i+2] != "least" {
			return i + 2
		}
	}
	return -1
}

// Gerund writes a verb's -ing form: "notify" "notifying", "delete"
// "deleting", "run" "running", "see" "seeing".
func Gerund(verb string) string {
	n := len(verb)
	switch {
	case n > 2 && verb[n-1] == 'e' && verb[n-2] != 'e' && verb[n-2] != 'y' && verb[n-2] != 'o':
		return verb[:n-1] + "ing"
	case n >= 3 && n <= 4 && consonant(verb[n-1]) && !vowel(verb[n-3]) && vowel(verb[n-2]) && verb[n-1] != 'w' &&
		verb[n-1] != 'x' && verb[n-1] != 'y':
		// One syllable ending consonant, vowel, consonant: run, stop, skip.
		return verb + verb[n-1:] + "ing"
	}
	return verb + "ing"
}

func vowel(b byte) bool     { return b == 'a' || b == 'e' || b == 'i' || b == 'o' || b == 'u' }
func consonant(b byte) bool { return b >= 'a' && b <= 'z' && !vowel(b) }
