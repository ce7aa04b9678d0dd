// Package prose shortens the texts of an API spec to what a language model
// needs: markup, URLs and repeated words go; the first sentence stays.
//
// It is shared by the description writer (gen/describe) and the tool
// schema builder (gen/toolschema), which both turn spec prose into short
// text, and has no dependencies of its own.
package prose

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/agentready/agentready/internal/english"
)

var (
	htmlTag      = regexp.MustCompile(`</?[a-zA-Z][^>]*>`)
	markdownLink = regexp.MustCompile(`\[([^\]]+)\]\([^)\s]*\)`)
	markdownRef  = regexp.MustCompile(`\[([^\]]+)\]\[[^\]]*\]`)
	bareURL      = regexp.MustCompile(`<?https?://[^\s)>\]]+>?`)
	heading      = regexp.MustCompile(`(?m)^\s{0,3}#{1,6}\s+`)
	listMark     = regexp.MustCompile(`(?m)^\s*(?:[-*+]|\d+\.)\s+`)
	emptyParens  = regexp.MustCompile(`\(\s*[,;:]?\s*\)`)
	spaceBefore  = regexp.MustCompile(`\s+([.,;:!?])(\s|$)`)
	italic       = regexp.MustCompile(`(^|[\s(])\*([^*\s](?:[^*]*[^*\s])?)\*([\s).,;:!?]|$)`)
	entity       = strings.NewReplacer("&lt;", "<", "&gt;", ">", "&amp;", "&", "&quot;", `"`, "&#39;", "'", "&nbsp;", " ")
	emphasis     = strings.NewReplacer("**", "", "__", "", "`", "")
)

// Clean strips HTML tags, markdown (links keep their text), URLs and
// entities from spec text and collapses whitespace.
func Clean(s string) string {
	if s == "" {
		return ""
	}
	// Each rewrite runs only when its trigger character is there: most
	// spec text has no markup, and the same descriptions come back
	// thousands of times in large specs.
	if strings.Contains(s, "#") {
		s = heading.ReplaceAllString(s, "")
	}
	if strings.Contains(s, "\n") || startsList(s) {
		s = listMark.ReplaceAllString(s, "")
	}
	if strings.Contains(s, "<") {
		s = htmlTag.ReplaceAllString(s, " ")
	}
	if strings.Contains(s, "[") {
		s = markdownLink.ReplaceAllString(s, "$1")
		s = markdownRef.ReplaceAllString(s, "$1")
	}
	if strings.Contains(s, "http") {
		s = bareURL.ReplaceAllString(s, "")
	}
	s = emphasis.Replace(s)
	if strings.Contains(s, "*") {
		s = italic.ReplaceAllString(s, "$1$2$3")
	}
	if strings.Contains(s, "&") {
		s = entity.Replace(s)
	}
	s = strings.Join(strings.Fields(s), " ")
	if strings.Contains(s, "(") {
		s = emptyParens.ReplaceAllString(s, "")
	}
	if spaceThenMark(s) {
		s = spaceBefore.ReplaceAllString(s, "$1$2")
	}
	s = strings.TrimLeft(s, ".,;: ")
	return strings.Join(strings.Fields(s), " ")
}

// startsList reports whether s starts like a list item: a bullet or a
// digit after optional spaces.
func startsList(s string) bool {
	t := strings.TrimLeft(s, " \t")
	return t != "" && (strings.ContainsRune("-*+", rune(t[0])) || t[0] >= '0' && t[0] <= '9')
}

// spaceThenMark reports whether a space comes before punctuation in s.
func spaceThenMark(s string) bool {
	for i := 1; i < len(s); i++ {
		if strings.IndexByte(".,;:!?", s[i]) >= 0 && (s[i-1] == ' ' || s[i-1] == '\t' || s[i-1] == '\n') {
			return true
		}
	}
	return false
}

// Sentences splits cleaned text into sentences. A sentence ends at ".",
// "!" or "?" followed by a space, or at the end; abbreviations such as
// "e.g." and "i.e." do not end one.
func Sentences(s string) []string {
	var out []string
	start := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '.' && c != '!' && c != '?' {
			continue
		}
		if i+1 < len(s) && s[i+1] != ' ' {
			continue
		}
		if c == '.' && abbreviation(s[start:i+1]) {
			continue
		}
		if t := strings.TrimSpace(s[start : i+1]); t != "" {
			out = append(out, t)
		}
		start = i + 1
	}
	if t := strings.TrimSpace(s[start:]); t != "" {
		out = append(out, t)
	}
	return out
}

func abbreviation(s string) bool {
	l := strings.ToLower(s)
	for _, a := range []string{"e.g.", "i.e.", "etc.", "vs.", "approx.", "no.", "incl.", "max.", "min.", "resp.", "cf."} {
		if strings.HasSuffix(l, " "+a) || l == a || strings.HasSuffix(l, "("+a) {
			return true
		}
	}
	return false
}

// FirstSentence returns the first sentence of cleaned text.
func FirstSentence(s string) string {
	ss := Sentences(s)
	if len(ss) == 0 {
		return ""
	}
	return ss[0]
}

// Truncate cuts s to at most max bytes at a word boundary, marking the cut
// with "…". Text within the limit is returned unchanged.
func Truncate(s string, max int) string {
	if len(s) <= max {
		return s
	}
	if max < 4 {
		return ""
	}
	cut := max - len("…")
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	if i := strings.LastIndexByte(s[:cut], ' '); i > max/2 {
		cut = i
		// Do not end on a word that leads into the part cut off.
		for {
			j := strings.LastIndexByte(s[:cut], ' ')
			if j <= max/2 || !dangling[strings.ToLower(s[j+1:cut])] {
				break
			}
			cut = j
		}
	}
	return strings.TrimRight(s[:cut], " ,;:-(") + "…"
}

// dangling are words a cut text should not end on.
var dangling = map[string]bool{
	"to": true, "of": true, "the": true, "a": true, "an": true, "and": true, "or": true, "in": true,
	"for": true, "with": true, "by": true, "on": true, "at": true, "from": true, "that": true, "is": true,
	"are": true, "be": true, "as": true, "which": true, "this": true, "its": true, "their": true,
}

// Brief is the short meaning of a parameter or property: the first
// sentence of its cleaned description without a leading article or the
// final period, cut to max bytes. It is empty when the text only repeats
// what the reader has already: the words of name and of context (the
// tool's purpose), in any order and form, plus filler words.
func Brief(desc, name string, max int, context ...string) string {
	return BriefOfCore(Core(desc), name, max, context...)
}

// Core is the part of desc that Brief shortens: its first sentence,
// cleaned, without articles or the final period. It depends on desc
// alone, so a caller that briefs one text for many names and contexts
// can work it out once and use BriefOfCore.
func Core(desc string) string {
	s := FirstSentence(Clean(desc))
	s = strings.TrimSuffix(s, ".")
	return DropArticles(s)
}

// BriefOfCore is Brief of a text whose Core is core.
func BriefOfCore(core, name string, max int, context ...string) string {
	if core == "" || Restates(core, name, context...) {
		return ""
	}
	return Truncate(core, max)
}

// DropArticles removes the articles "the", "a" and "an" from s, the
// telegraphic style of a reference card: a model reads it as well and it
// costs fewer tokens.
func DropArticles(s string) string {
	f := strings.Fields(s)
	out := f[:0]
	for i, w := range f {
		switch w {
		case "the", "The", "a", "A", "an", "An":
			// Keep an article that ends the text or precedes a
			// non-word ("a :").
			if i+1 < len(f) && len(f[i+1]) > 0 && isWordStart(f[i+1]) {
				continue
			}
		}
		out = append(out, w)
	}
	return strings.Join(out, " ")
}

func isWordStart(w string) bool {
	r, _ := utf8.DecodeRuneInString(w)
	return unicode.IsLetter(r) || unicode.IsDigit(r)
}

// filler are words that add nothing to a name they describe.
var filler = map[string]bool{
	"the": true, "a": true, "an": true, "of": true, "to": true, "for": true, "this": true,
	"is": true, "in": true, "on": true, "value": true, "parameter": true, "field": true,
	"unique": true, "identifier": true, "id": true, "ids": true, "key": true, "name": true,
	"object": true, "which": true, "that": true, "be": true, "will": true, "used": true,
	"number": true, "string": true, "and": true, "or": true, "its": true, "it": true,
	"using": true, "given": true, "specified": true, "specific": true, "existing": true, "all": true,
	"any": true, "each": true, "with": true, "by": true, "from": true, "as": true, "at": true,
	"into": true, "you": true, "your": true, "can": true, "are": true, "was": true, "has": true,
	"have": true, "new": true, "current": true, "return": true, "returns": true, "list": true,
	"get": true, "gets": true, "retrieve": true, "retrieves": true, "fetch": true, "details": true,
	"information": true, "info": true,
}

// Restates reports whether text says next to nothing beyond name and
// context: at most one of its words is new, and that one holds no digit
// ("ID (T1234) of the workspace" says how IDs look). A word is known if it
// is a word of name or context (split at case changes, digits and
// punctuation; "pins" and "pin", "removed" and "remove" count as one) or a
// filler word. "Sort direction" restates sort_dir; "Search query" query; a text that
// leaves out a word of the name restates nothing ("Timestamp of the
// message" for ts).
func Restates(text, name string, context ...string) bool {
	rest, spelled := Unexplained(text, name)
	return spelled && KnownWords(context...).Restates(rest)
}

// Unexplained is the part of Restates that depends on text and name
// alone: the words of text that are neither filler nor a word of name, and
// whether text spells out each word of name. A caller that checks one text
// for one name in many contexts works it out once, then asks each
// context's Known.
func Unexplained(text, name string) (rest []string, spelled bool) {
	textWords, nameWords := Words(text), Words(name)
	if !spells(textWords, nameWords) || offersAlternative(textWords, nameWords) {
		return nil, false
	}
	known := KnownWords(name)
	for _, w := range textWords {
		if !filler[w] && !known.has(w) {
			rest = append(rest, w)
		}
	}
	return rest, true
}

// offersAlternative reports whether a text names a second form its value
// may take beside a word of its name: "ID or name of the container" for
// id, "username or email" for username. Both sides may be filler words on
// their own (id, name, key), but together they tell the reader that a
// name is accepted where an ID is asked, which is worth its tokens.
func offersAlternative(words, nameWords []string) bool {
	inName := func(w string) bool {
		for _, n := range nameWords {
			if w == n || sameStem(english.Stem(w), english.Stem(n)) {
				return true
			}
		}
		return false
	}
	for i := 1; i+1 < len(words); i++ {
		if words[i] != "or" {
			continue
		}
		a, b := words[i-1], words[i+1]
		if english.Singular(a) == english.Singular(b) || sameStem(english.Stem(a), english.Stem(b)) {
			continue
		}
		if inName(a) != inName(b) {
			return true
		}
	}
	return false
}

// Known is the words of a context with their stems, for Restates.
type Known []string

// KnownWords returns the words of context, worked out once for many
// Restates questions.
func KnownWords(context ...string) Known {
	var known Known
	for _, c := range context {
		for _, w := range Words(c) {
			known = append(known, w, english.Stem(w))
		}
	}
	return known
}

// has reports whether w is one of k's words in some form.
func (k Known) has(w string) bool {
	st := english.Stem(w)
	for _, kw := range k {
		if sameStem(st, kw) || sameStem(w, kw) {
			return true
		}
	}
	return false
}

// Restates reports whether rest, the Unexplained words of a text that
// spells out its name, says next to nothing beyond k: at most one of them
// is not in k, and that one holds no digit.
func (k Known) Restates(rest []string) bool {
	novel := 0
	for _, w := range rest {
		if k.has(w) {
			continue
		}
		if novel++; novel > 1 || strings.ContainsAny(w, "0123456789") {
			return false
		}
	}
	return true
}

// spells reports whether a text uses each word of a name (other than
// filler words), in some form or spelled out ("direction" for dir), given
// the Words of each. A text that does not is what tells the reader what a
// cryptic name means: "Timestamp of the message" for ts is worth its
// tokens.
func spells(words, nameWords []string) bool {
	for _, n := range nameWords {
		if filler[n] {
			continue
		}
		found := false
		for _, w := range words {
			if w == n || sameStem(english.Stem(w), english.Stem(n)) || len(n) >= 3 && strings.HasPrefix(w, n) {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

func ascii(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// asciiWords is Words of a text that is all ASCII, without decoding runes
// (most descriptions and every identifier are).
func asciiWords(out []string, s string) []string {
	start := -1 // start of the current word, -1 outside one
	lower, upper, digit := func(c byte) bool { return 'a' <= c && c <= 'z' },
		func(c byte) bool { return 'A' <= c && c <= 'Z' },
		func(c byte) bool { return '0' <= c && c <= '9' }
	flush := func(end int) {
		if start >= 0 && end > start {
			out = append(out, strings.ToLower(s[start:end]))
		}
		start = -1
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !lower(c) && !upper(c) && !digit(c) {
			flush(i)
			continue
		}
		if start < 0 {
			start = i
			continue
		}
		if upper(c) {
			prev := s[i-1]
			nextLower := i+1 < len(s) && lower(s[i+1])
			if lower(prev) || digit(prev) || (upper(prev) && nextLower) {
				flush(i)
				start = i
			}
		}
	}
	flush(len(s))
	return out
}

// sameStem reports whether two stems are one word: equal, or one starts
// the other and has at least five letters ("approv", "approve").
func sameStem(a, b string) bool {
	if a == b {
		return true
	}
	if len(a) > len(b) {
		a, b = b, a
	}
	return len(a) >= 5 && strings.HasPrefix(b, a)
}

// Words splits an identifier or a text into lower-case words: at spaces,
// punctuation, underscores and case changes ("repoID" -> repo, id).
func Words(s string) []string { return AppendWords(nil, s) }

// AppendWords appends the Words of s to out and returns the extended
// slice: a caller that splits a long text piece by piece keeps one list.
func AppendWords(out []string, s string) []string {
	if ascii(s) {
		return asciiWords(out, s)
	}
	return runeWords(out, s)
}

// runeWords is Words of any text, appended to out.
func runeWords(out []string, s string) []string {
	var cur []rune
	flush := func() {
		if len(cur) > 0 {
			out = append(out, strings.ToLower(string(cur)))
			cur = cur[:0]
		}
	}
	rs := []rune(s)
	for i, r := range rs {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			if unicode.IsUpper(r) && len(cur) > 0 {
				prev := rs[i-1]
				nextLower := i+1 < len(rs) && unicode.IsLower(rs[i+1])
				if unicode.IsLower(prev) || unicode.IsDigit(prev) || (unicode.IsUpper(prev) && nextLower) {
					flush()
				}
			}
			cur = append(cur, r)
		default:
			flush()
		}
	}
	flush()
	return out
}
