package retrieve

import (
	"iter"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/agentready/agentready/internal/english"
)

// Words splits text into lower-case words: at every character that is not
// a letter or digit, at camelCase humps ("listTicketsForUser": list,
// tickets, for, user; "getAPIKey": get, api, key) and between letters and
// digits ("v2" : v, 2). Nothing is dropped or stemmed.
func Words(s string) []string {
	var out []string
	return appendWords(out, s)
}

func appendWords(out []string, s string) []string {
	splitWords(s, func(from, to int) { out = append(out, strings.ToLower(s[from:to])) })
	return out
}

// EachWord yields Words(s), in order, without building the list. Where s
// is ASCII the words are slices of one lowered copy of s (no word is
// lowered on its own), so a caller that keeps a few words of a long text
// should copy them.
func EachWord(s string) iter.Seq[string] {
	return func(yield func(string) bool) {
		low := ""
		if isASCII(s) {
			low = strings.ToLower(s)
		}
		more := true
		splitWords(s, func(from, to int) {
			if !more {
				return
			}
			if low != "" {
				more = yield(low[from:to])
			} else {
				more = yield(strings.ToLower(s[from:to]))
			}
		})
	}
}

// isASCII reports whether s is all ASCII, where lowering keeps every byte
// in its place.
func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// splitWords calls word with the start and end of each word of s, as
// Words splits them.
func splitWords(s string, word func(from, to int)) {
	start := -1 // start of the current word, -1 when outside one
	var prev rune
	flush := func(end int) {
		if start >= 0 && end > start {
			word(start, end)
		}
		start = -1
	}
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			flush(i)
			prev = r
			i += size
			continue
		}
		if start >= 0 {
			switch {
			case unicode.IsLower(prev) && unicode.IsUpper(r):
				// camelCase hump: "listTickets"
				flush(i)
			case unicode.IsUpper(prev) && unicode.IsUpper(r):
				// "APIKey": split before the K when a lower-case letter follows.
				// Not before a plural's s: "PRs", "IDs", "VMs" are one word.
				next, n := utf8.DecodeRuneInString(s[i+size:])
				after, _ := utf8.DecodeRuneInString(s[min(i+size+n, len(s)):])
				if unicode.IsLower(next) && !(next == 's' && (i+size+n == len(s) || !unicode.IsLower(after))) {
					flush(i)
				}
			case unicode.IsDigit(prev) != unicode.IsDigit(r):
				flush(i)
			}
		}
		if start < 0 {
			start = i
		}
		prev = r
		i += size
	}
	flush(len(s))
}

// stopWords are words that say nothing about which tool is meant.
var stopWords = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`a an the of for to in on at by with from and or nor as is are was were be been
		being it its this that these those me my mine i we our ours us you your yours he she his her they them their
		please can could would will shall should may might must do does did done what which who whom whose how
		there here so if then than just also now about into onto up out some any all each every very too only
		let lets am has have had having want wants need needs like kindly hey hi thanks thank
		e g eg ie etc via per not no yes`) {
		stopWords[w] = true
	}
	// "per" and "id" carry meaning in parameter names (per_page, userId)
	// but none in queries; "not" and "no" matter to the baseline's reading
	// of booleans, which does not go through Tokens.
}

// IsStopWord reports whether w (lower case) is a word that says nothing
// about which tool or argument is meant.
func IsStopWord(w string) bool { return stopWords[w] }

// Tokens is what the index compares: Words without stop words and
// one-letter words, each stemmed.
func Tokens(s string) []string {
	return appendTokens(nil, s)
}

func appendTokens(out []string, s string) []string {
	n := len(out)
	out = appendWords(out, s)
	keep := out[:n]
	for _, w := range out[n:] {
		if t, ok := token(w); ok {
			keep = append(keep, t)
		}
	}
	return keep
}

// EachToken yields Tokens(s), in order, without building the list (its
// words as EachWord yields them).
func EachToken(s string) iter.Seq[string] {
	return func(yield func(string) bool) {
		for w := range EachWord(s) {
			if t, ok := token(w); ok && !yield(t) {
				return
			}
		}
	}
}

// token is a word as Tokens keeps it: stemmed; ok is false for a word
// of one letter or a stop word, which Tokens leaves out.
func token(w string) (string, bool) {
	if len(w) < 2 || stopWords[w] {
		return "", false
	}
	return english.Stem(w), true
}

// withoutValues is query less the values it names, as a reader tells
// them from the words of what it asks: each space-separated field that
// holds a digit and either no letter ("+13125550100", "2024-05-01",
// "#1347", "$100") or letters and digits that take turns more than once
// ("6a09cdc3-8948-47f0-…", "v2:T02llQxIy", "9f3c2ab", "g6-nanode-1"), an
// identifier, key or hash; and a slug after a place word (isSlug: "in
// facebook/react"), whose words name a repository or a folder; and the
// field after "called" or "named", a thing's name. A word
// with a number ("ipv6", "2fa", "PROJ-123", "web-03") stays.
func withoutValues(query string) string {
	fields := strings.Fields(query)
	kept := fields[:0]
	after := ""
	for _, f := range fields {
		if !isValueField(f) && !(placePrepositions[after] && isSlug(f)) && after != "called" && after != "named" {
			kept = append(kept, f)
		}
		after = strings.ToLower(f)
	}
	return strings.Join(kept, " ")
}

// placePrepositions are the words after which a slug names where a thing
// is ("in acme/webapp", "from octo-org/octo-app").
var placePrepositions = map[string]bool{"in": true, "from": true, "of": true, "on": true, "for": true, "to": true, "into": true, "at": true}

// isSlug reports whether f is written as a path of names, words joined
// by slashes as code writes them ("facebook/react", "acme/web-app",
// "docs/CONTRIBUTING.md"): it names a repository, a folder or a file, and
// its words are not words of the request ("react" asks for no reaction).
func isSlug(f string) bool {
	f = strings.TrimRight(f, ",.;:!?)'\"")
	parts := strings.Split(f, "/")
	if len(parts) < 2 {
		return false
	}
	for _, p := range parts {
		if p == "" || strings.IndexFunc(p, func(r rune) bool {
			return !(r < 128 && (unicode.IsLetter(r) || unicode.IsDigit(r)) || r == '-' || r == '_' || r == '.')
		}) >= 0 {
			return false
		}
	}
	return true
}

// isValueField reports whether the field f is a value (withoutValues).
func isValueField(f string) bool {
	digits, letters, turns := false, false, 0
	var last rune // 'd' or 'l': the kind of the previous letter or digit
	for _, r := range f {
		var kind rune
		switch {
		case unicode.IsDigit(r):
			kind, digits = 'd', true
		case unicode.IsLetter(r):
			kind, letters = 'l', true
		default:
			continue
		}
		if last != 0 && kind != last {
			turns++
		}
		last = kind
	}
	return digits && (!letters || turns > 1)
}

// givesValue reports whether query gives a value a tool takes as an
// identifier (withoutValues): a request that names a thing by its ID
// says the "id" of a tool's name (getUsersId, usersIdLike).
func givesValue(query string) bool {
	for _, f := range strings.Fields(query) {
		if isValueField(f) {
			return true
		}
	}
	return len(typePrefixes(query)) > 0
}
