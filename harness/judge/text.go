package judge

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/agentready/agentready/gen/describe/prose"
	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/harness/cases"
	"github.com/agentready/agentready/internal/english"
)

// text is an utterance read once for the judge's questions.
type text struct {
	raw string
	// toks are the words and values of the text, lower case, split at
	// spaces, quotes, brackets and list punctuation; cased holds the same
	// tokens as written.
	toks, cased []string
	// loose are the words split further at underscores, dashes, dots and
	// case changes: "in_stock" and "in stock" read alike.
	// They are read when first needed (words): many texts are judged by
	// their tokens and quoted JSON alone.
	loose []string
	// empties are the indexes of the loose words that say a value is
	// empty (empties), in order.
	empties   []int
	looseOnce sync.Once
	// blobs are the JSON objects and lists quoted in the text, as
	// canonical JSON.
	blobs map[string]bool
	// blobSizes are the sizes of the blobs (blobSize): a value of
	// another size is not among them, and is not written as JSON to
	// find out.
	blobSizes map[int]bool
	// parts are the text's runs of words and its quoted JSON values, in
	// order.
	parts []part
	// dates are the dates the text says, read when first needed (a
	// Judge shares a text between goroutines).
	dates     []dateMention
	datesOnce sync.Once
}

func readText(s string) *text { return readTextWith(s, nil) }

// readTextWith reads s, taking the JSON values it quotes from kept (nil:
// none kept) where kept has read them in another text.
func readTextWith(s string, kept *blobCache) *text {
	t := &text{raw: s, blobs: map[string]bool{}, blobSizes: map[int]bool{}}
	from := 0
	for i := 0; i < len(s); i++ {
		if s[i] != '{' && s[i] != '[' {
			continue
		}
		b := kept.at(s[i:])
		if b == nil {
			continue
		}
		t.blobs[b.canon] = true
		t.blobSizes[b.size] = true
		// A quoted value starts and ends at separators, so the text's
		// tokens are those of the words around it and its own.
		t.addWords(s[from:i])
		t.toks = append(t.toks, b.toks...)
		t.cased = append(t.cased, b.cased...)
		t.parts = append(t.parts, part{blob: b})
		i += len(b.raw) - 1
		from = i + 1
	}
	t.addWords(s[from:])
	return t
}

// addWords appends the tokens of words, a run of the text between quoted
// JSON values.
func (t *text) addWords(words string) {
	if words == "" {
		return
	}
	toks, cased := tokens(words)
	if t.toks == nil {
		t.toks, t.cased = toks, cased
	} else {
		t.toks = append(t.toks, toks...)
		t.cased = append(t.cased, cased...)
	}
	t.parts = append(t.parts, part{words: words})
}

// part is a run of a text: words, or a quoted JSON value.
type part struct {
	words string
	blob  *blob
}

// blob is a JSON object or list quoted in a text, as the text's reading
// needs it. A case's utterances and their rewrites quote the same body,
// so a Judge reads each once while it is kept (blobCache).
type blob struct {
	// raw is the value as quoted.
	raw string
	// value is it decoded, canon its canonical JSON and size its
	// blobSize.
	value any
	canon string
	size  int
	// toks and cased are its tokens (see text).
	toks, cased []string
	// stems are the distinct retrieve.Tokens of raw, read when
	// TellApart first asks.
	stemsOnce sync.Once
	stems     []string
}

// blobCache keeps the JSON values read lately (at most maxReadTexts).
type blobCache struct {
	mu sync.Mutex
	m  map[string]*blob
}

// at returns the JSON object or list that s starts with, nil when s
// starts with none: the one kept when the value's text was read before.
func (c *blobCache) at(s string) *blob {
	end := jsonEnd(s)
	if c != nil && end > 0 {
		c.mu.Lock()
		b := c.m[s[:end]]
		c.mu.Unlock()
		if b != nil {
			return b
		}
	}
	dec := json.NewDecoder(strings.NewReader(s))
	var v any
	if dec.Decode(&v) != nil {
		return nil
	}
	switch v.(type) {
	case map[string]any, []any:
	default:
		return nil
	}
	n := int(dec.InputOffset())
	b := &blob{raw: s[:n], value: v, canon: canon(v), size: blobSize(v)}
	b.toks, b.cased = tokens(b.raw)
	if c != nil && n == end {
		// The decoder read exactly the bracketed text, so any text that
		// holds the same bytes there quotes the same value.
		c.mu.Lock()
		if len(c.m) >= maxReadTexts {
			clear(c.m)
		}
		c.m[b.raw] = b
		c.mu.Unlock()
	}
	return b
}

// jsonEnd returns the length of the bracketed run that s starts with,
// '{' or '[' to its matching bracket, skipping brackets inside JSON
// strings; 0 when the brackets do not close. For a JSON value it is the
// value's length.
func jsonEnd(s string) int {
	depth, inString := 0, false
	for i := 0; i < len(s); i++ {
		c := s[i]
		if inString {
			switch c {
			case '\\':
				i++
			case '"':
				inString = false
			}
			continue
		}
		switch c {
		case '"':
			inString = true
		case '{', '[':
			depth++
		case '}', ']':
			depth--
			if depth == 0 {
				return i + 1
			}
		}
	}
	return 0
}

// words returns the loose words of the text, read the first time.
func (t *text) words() []string {
	t.looseOnce.Do(func() {
		t.loose = looseWords(t.raw)
		for i, w := range t.loose {
			if empties[w] {
				t.empties = append(t.empties, i)
			}
		}
	})
	return t.loose
}

// clause marks, in the loose words, where punctuation ends a clause, so
// that "no change.”, is pool set to false" does not read as "no pool".
const clause = "|"

// looseWords splits s into lower-case words at spaces, punctuation,
// underscores and case changes, with a clause mark where a comma, a
// full stop, a quotation mark or a bracket ends a clause.
func looseWords(s string) []string {
	// An email address or a URL is one word: "jane.doe@example.com" does
	// not say "Jane Doe".
	if strings.Contains(s, "@") || strings.Contains(s, "://") {
		fs := strings.Fields(s)
		for i, f := range fs {
			if strings.Contains(f, "@") || strings.Contains(f, "://") {
				fs[i] = "\u2063" + strings.Map(func(r rune) rune {
					if unicode.IsLetter(r) || unicode.IsDigit(r) {
						return unicode.ToLower(r)
					}
					return -1
				}, f)
			}
		}
		s = strings.Join(fs, " ")
	}
	if !utf8.ValidString(s) {
		// As a []rune would read it: each bad byte a U+FFFD.
		s = string([]rune(s))
	}
	var out []string
	start := 0
	for i, r := range s {
		end := false
		switch r {
		case ',', ';', '!', '?', '\u201c', '\u201d', '(', ')', '[', ']', '{', '}':
			end = true
		case '"', ':':
			// In JSON, a key and its value are one clause:
			// "archived":false.
			end = !(r == '"' && i+1 < len(s) && s[i+1] == ':' || r == ':' && i > 0 && s[i-1] == '"')
		case '.':
			next, _ := utf8.DecodeRuneInString(s[i+1:])
			end = i+1 == len(s) || unicode.IsSpace(next) || next == '\u201d' || next == '"'
		}
		if !end {
			continue
		}
		out = prose.AppendWords(out, s[start:i])
		if len(out) > 0 && out[len(out)-1] != clause {
			out = append(out, clause)
		}
		start = i + utf8.RuneLen(r)
	}
	return prose.AppendWords(out, s[start:])
}

// isSep reports whether r separates tokens: spaces, quotation marks,
// brackets and the punctuation of lists and labels.
func isSep(r rune) bool {
	if unicode.IsSpace(r) {
		return true
	}
	switch r {
	case '"', '\u201c', '\u201d', '\u201e', '\u00ab', '\u00bb', '{', '}', '[', ']', '(', ')', ',', ';', ':', '`', '<', '>', '|':
		return true
	}
	return false
}

// tokens splits s at separators and trims the marks that end a sentence
// or open and close single quotes; it returns the tokens in lower case
// and as written.
func tokens(s string) (lower, cased []string) {
	// Text in ASCII is lowered once and each token sliced from it: an
	// utterance that quotes a JSON body has thousands of tokens.
	low := ""
	if isASCII(s) {
		low = strings.ToLower(s)
	}
	field := func(from, to int) {
		f := s[from:to]
		// Only a token that starts with ' or a curly quote (whose
		// UTF-8 starts 0xE2), or ends with one of the marks (the
		// curly ones end 0x98, 0x99, 0xA6), is trimmed: most are not.
		if c := f[0]; c == '\'' || c == 0xE2 {
			trimmed := strings.TrimLeft(f, "'\u2018\u2019")
			from += len(f) - len(trimmed)
			f = trimmed
		}
		if f == "" {
			return
		}
		switch f[len(f)-1] {
		case '.', '!', '?', '\'', 0x98, 0x99, 0xA6:
			f = strings.TrimRight(f, ".!?'\u2018\u2019\u2026")
		}
		if f == "" {
			return
		}
		cased = append(cased, f)
		if low != "" {
			lower = append(lower, low[from:from+len(f)])
		} else {
			lower = append(lower, strings.ToLower(f))
		}
	}
	start := -1
	for i := 0; i < len(s); {
		sep, size := asciiSep[s[i]], 1
		if s[i] >= utf8.RuneSelf {
			var r rune
			r, size = utf8.DecodeRuneInString(s[i:])
			sep = isSep(r)
		}
		switch {
		case !sep:
			if start < 0 {
				start = i
			}
		case start >= 0:
			field(start, i)
			start = -1
		}
		i += size
	}
	if start >= 0 {
		field(start, len(s))
	}
	return lower, cased
}

// asciiSep is isSep of each ASCII byte (false for the others, which
// start or continue a multi-byte rune), for reading a text byte by byte
// where it is ASCII.
var asciiSep = func() (out [256]bool) {
	for c := range utf8.RuneSelf {
		out[c] = isSep(rune(c))
	}
	return out
}()

// isASCII reports whether s is all ASCII, where lowering keeps every
// byte in its place.
func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// find returns the positions where needle starts in hay.
func find(hay, needle []string) []int {
	var out []int
	if len(needle) == 0 {
		return nil
	}
	for i := 0; i+len(needle) <= len(hay); i++ {
		ok := true
		for k, w := range needle {
			if hay[i+k] != w {
				ok = false
				break
			}
		}
		if ok {
			out = append(out, i)
		}
	}
	return out
}

// shortWords are values too common as words to count as said when they
// merely occur: "a", "on", "all". Said as values, they stand next to
// what they are the value of.
var shortWords = map[string]bool{"a": true, "an": true, "i": true, "in": true, "on": true, "at": true, "to": true, "of": true,
	"it": true, "is": true, "or": true, "by": true, "be": true, "as": true, "no": true, "do": true, "us": true, "me": true,
	"my": true, "we": true, "the": true, "and": true, "for": true, "all": true, "any": true, "one": true, "new": true}

// valueSaid reports whether the text says a value in one of the forms
// the judge knows. key is the name the value is known by.
func (t *text) valueSaid(key string, v any, s *ir.Schema) bool {
	switch x := v.(type) {
	case string:
		if x == "" {
			return t.emptySaid(key)
		}
		if t.stringSaid(key, x) {
			return true
		}
		// A value of an enum is a word, not an identifier: "2fa
		// insecure" says 2fa_insecure.
		if s != nil && slices.Contains(s.Enum, any(x)) {
			lw := prose.Words(x)
			return len(lw) > 1 && len(find(t.words(), lw)) > 0
		}
		return false
	case float64:
		return t.numberSaid(x)
	case json.Number:
		if f, err := x.Float64(); err == nil && strconv.FormatFloat(f, 'f', -1, 64) == x.String() {
			return t.numberSaid(f)
		}
		return len(find(t.toks, lowerTokens(x.String()))) > 0
	case bool:
		for _, neg := range t.mentions(key, false) {
			if neg == !x {
				return true
			}
		}
		return false
	case nil:
		return t.emptySaid(key)
	case map[string]any, []any:
		return t.holdsJSON(v) || t.emptySaid(key)
	}
	return len(find(t.toks, lowerTokens(fmt.Sprint(v)))) > 0
}

func lowerTokens(s string) []string {
	l, _ := tokens(s)
	return l
}

// stringSaid reports whether the text says a string: literally, as
// words ("in stock" for in_stock), as a date in words, as a sort order
// in words, or by a common synonym.
func (t *text) stringSaid(key, x string) bool {
	vt, vc := tokens(x)
	if len(vt) == 0 {
		// Punctuation only (">", "*"): as it is.
		return strings.Contains(t.raw, x)
	}
	for _, i := range find(t.toks, vt) {
		if len(vt) > 1 || !shortWords[vt[0]] {
			return true
		}
		// A short common word counts where it is written as given and
		// stands beside what it is the value of.
		if i > 0 && t.cased[i] == vc[0] && t.nearKey(key, i) {
			return true
		}
		// In capitals, as given, it is no ordinary word: "in US".
		if t.cased[i] == vc[0] && len(vc[0]) > 1 && strings.ToUpper(vc[0]) == vc[0] {
			return true
		}
	}
	// Or as a part of words joined by slashes, as people write an owner
	// and a repo: "acme/webapp" says both.
	if len(vt) == 1 && !shortWords[vt[0]] {
		for _, tok := range t.toks {
			if strings.Contains(tok, "/") && slices.Contains(strings.Split(tok, "/"), vt[0]) {
				return true
			}
		}
	}
	// Or where it is quoted.
	if len(vt) == 1 && shortWords[vt[0]] {
		low := strings.ToLower(t.raw)
		for _, q := range [][2]string{{"\u201c", "\u201d"}, {`"`, `"`}, {"'", "'"}, {"`", "`"}} {
			if strings.Contains(low, q[0]+vt[0]+q[1]) {
				return true
			}
		}
	}
	// Words joined by underscores, dashes or case ("in_stock",
	// "inStock") may be said apart; words already apart ("New
	// Project") are said as they are, not inside "new-project".
	if !hasDigit(x) && !strings.HasPrefix(x, "-") && !strings.ContainsAny(x, " \t") {
		if lw := prose.Words(x); len(lw) > 1 || len(lw) == 1 && !shortWords[lw[0]] {
			if len(find(t.words(), lw)) > 0 {
				return true
			}
		}
	}
	if d, ok := parseInstant(x); ok && t.instantSaid(d) {
		return true
	}
	if rest, ok := strings.CutPrefix(x, "-"); ok && rest != "" && !hasDigit(rest) {
		if len(find(t.words(), prose.Words(rest))) > 0 && (t.anyOf(descending) || english.OrderAsked(t.words()) == "desc") {
			return true
		}
	}
	if dir := orderValues[strings.ToLower(x)]; dir != "" && english.OrderAsked(t.words()) == dir {
		// "most recently updated first", "earliest created first".
		return true
	}
	for _, syn := range synonyms[strings.ToLower(x)] {
		if len(find(t.toks, lowerTokens(syn))) > 0 {
			return true
		}
	}
	return false
}

// descending are the words that say a list runs from the largest or
// newest.
var descending = []string{"descending", "desc", "newest", "latest", "highest", "largest", "biggest", "reverse", "decreasing", "most recent"}

// orderValues are the values of a sort direction, by the way they sort.
var orderValues = map[string]string{"asc": "asc", "ascending": "asc", "desc": "desc", "descending": "desc"}

// synonyms are the other words people use for common enum values.
var synonyms = map[string][]string{
	"asc": {"ascending", "oldest first", "lowest first"}, "desc": {"descending", "newest first", "highest first"},
	"ascending": {"asc"}, "descending": {"desc"},
}

func (t *text) anyOf(phrases []string) bool {
	for _, p := range phrases {
		if len(find(t.toks, lowerTokens(p))) > 0 {
			return true
		}
	}
	return false
}

func hasDigit(s string) bool { return strings.ContainsAny(s, "0123456789") }

// numberSaid reports whether the text says a number: as digits
// ("1500", "1,500") or, for small whole numbers, in words ("five").
func (t *text) numberSaid(f float64) bool {
	s := strconv.FormatFloat(f, 'f', -1, 64)
	if len(find(t.toks, lowerTokens(s))) > 0 {
		return true
	}
	if f != float64(int64(f)) {
		return false
	}
	n := int64(f)
	if n >= 1000 || n <= -1000 {
		if len(find(t.toks, lowerTokens(grouped(n)))) > 0 {
			return true
		}
	}
	if n >= 0 && n <= 100 {
		w := numberWords(int(n))
		if len(find(t.toks, lowerTokens(w))) > 0 || len(find(t.words(), prose.Words(w))) > 0 {
			// "one" is also a pronoun: a number said in words must not be
			// the only other word a short value could be.
			return n != 1 || len(find(t.toks, []string{"one"})) > 0 && !t.anyOf([]string{"this one", "that one", "new one", "the one"})
		}
	}
	return false
}

// grouped writes a whole number with thousands separators: 1,500.
func grouped(n int64) string {
	s := strconv.FormatInt(n, 10)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	for i, r := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	if neg {
		return "-" + b.String()
	}
	return b.String()
}

var (
	smallNumbers = english.SmallNumbers
	tensWords    = english.Tens
)

// numberWords writes a whole number from 0 to 100 in words.
func numberWords(n int) string {
	switch {
	case n < 20:
		return smallNumbers[n]
	case n == 100:
		return "one hundred"
	case n%10 == 0:
		return tensWords[n/10]
	}
	return tensWords[n/10] + "-" + smallNumbers[n%10]
}

// parseNumber reads a number written in digits (with thousands
// separators) or, from 0 to 100, in words.
func parseNumber(s string) (float64, bool) {
	s = strings.TrimSpace(strings.ToLower(s))
	if f, err := strconv.ParseFloat(strings.ReplaceAll(s, ",", ""), 64); err == nil {
		return f, true
	}
	norm := strings.Join(prose.Words(s), " ")
	for n := 0; n <= 100; n++ {
		if strings.Join(prose.Words(numberWords(n)), " ") == norm || n == 100 && norm == "a hundred" {
			return float64(n), true
		}
	}
	return 0, false
}

// lengthOfTime reads a text that ends in a length of time: a number
// (or "a", "an", "one") and a unit ("10 minutes", "an hour"), the unit
// as english.TimeUnit names it; false for a month or a year, whose
// length varies.
func lengthOfTime(t *text) (n float64, unit string, ok bool) {
	ws := t.toks
	if len(ws) < 2 {
		return 0, "", false
	}
	unit = english.TimeUnit(ws[len(ws)-1])
	if english.UnitSeconds(unit) <= 0 {
		return 0, "", false
	}
	switch w := ws[len(ws)-2]; w {
	case "a", "an", "one":
		return 1, unit, true
	default:
		n, ok = parseNumber(w)
		return n, unit, ok
	}
}

// ordinals are the words for the first places of a sequence.
var ordinals = []string{"first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"}

// ordinal reads a form that names a place in a sequence by its first
// word ("first", "third page") as a number from 1 to 10.
func ordinal(s string) (float64, bool) {
	ws := prose.Words(s)
	if len(ws) == 0 {
		return 0, false
	}
	for i, o := range ordinals {
		if ws[0] == o {
			return float64(i + 1), true
		}
	}
	return 0, false
}

// fillers are the words of flag and field names that say nothing of
// what they mean: "include" in include_archived, "is" in is_active.
var fillers = map[string]bool{"is": true, "has": true, "have": true, "include": true, "includes": true, "with": true, "expand": true,
	"should": true, "can": true, "do": true, "use": true, "allow": true, "get": true, "the": true, "a": true, "of": true,
	"for": true, "to": true, "by": true}

// meaning returns the stems of the words that say what a name means, and
// whether there are any a text can be searched for: words too short or
// too common ("on") can only be matched where a form is recorded.
func meaning(key string) ([]string, bool) {
	var out []string
	all := prose.Words(key)
	for _, w := range all {
		if !fillers[w] {
			out = append(out, w)
		}
	}
	if len(out) == 0 {
		out = all
	}
	usable := false
	for i, w := range out {
		if len(w) >= 3 && !shortWords[w] {
			usable = true
		}
		out[i] = english.Stem(w)
	}
	return out, usable
}

// antonyms are words that say the opposite of a flag's word.
var antonyms = map[string]string{"enabl": "disabl", "disabl": "enabl", "visibl": "hidden", "hidden": "visibl",
	"public": "privat", "privat": "public", "show": "hid", "hid": "show", "allow": "deny", "deny": "allow",
	"on": "off", "off": "on", "includ": "exclud", "exclud": "includ", "lock": "unlock", "open": "clos", "clos": "open"}

// negPrefixes make a word its opposite: unarchived, inactive, non-public.
var negPrefixes = []string{"non", "un", "in", "dis", "im"}

// negBefore and negAfter are the words before and after a flag's word
// that turn it off: "not archived", "without archived ones", "archived
// set to false", "notifications off".
var (
	negBefore = map[string]bool{"not": true, "no": true, "non": true, "without": true, "excluding": true, "exclude": true,
		"except": true, "hide": true, "hiding": true, "never": true, "skip": true, "skipping": true, "don": true, "dont": true,
		"isn": true, "aren": true, "leave": true, "leaving": true, "omit": true, "omitting": true, "disable": true}
	negAfter = map[string]bool{"off": true, "false": true, "disabled": true, "no": true}
)

// match says how a text word stands to a meaning word: 1 the same, -1
// its opposite, 0 unrelated.
func match(word, m string) int {
	s := english.Stem(word)
	if s == m || len(m) >= 4 && (strings.HasPrefix(s, m) || strings.HasPrefix(m, s) && len(s) >= 4) {
		return 1
	}
	if antonyms[m] != "" && s == antonyms[m] {
		return -1
	}
	for _, p := range negPrefixes {
		if rest, ok := strings.CutPrefix(word, p); ok && len(rest) >= 3 && strings.TrimPrefix(rest, "-") != "" {
			if english.Stem(strings.TrimPrefix(rest, "-")) == m {
				return -1
			}
		}
		// The flag's own word is the negative one: "assigned" for
		// unassigned.
		if rest, ok := strings.CutPrefix(m, p); ok && len(rest) >= 3 && s == rest {
			return -1
		}
	}
	return 0
}

// mentions finds where the text speaks of a name's meaning (all its
// words, close together) and returns, for each place, whether it is
// negated. short allows meanings of short common words ("on"), for text
// that is a recorded form.
func (t *text) mentions(key string, short bool) []bool {
	ms, usable := meaning(key)
	if !usable && !short || len(ms) == 0 {
		return nil
	}
	var out []bool
	ws := t.words()
	for i := range ws {
		sign := match(ws[i], ms[0])
		if sign == 0 {
			continue
		}
		end, ok := i, true
		for _, m := range ms[1:] {
			found := false
			for k := end + 1; k < len(ws) && k <= end+3 && ws[k] != clause; k++ {
				if s := match(ws[k], m); s != 0 {
					end, found = k, true
					if s < 0 {
						sign = -sign
					}
					break
				}
			}
			if !found {
				ok = false
				break
			}
		}
		if !ok {
			continue
		}
		// What follows settles it ("archived set to false", "alerts
		// on"); else a negation just before, in the same clause.
		neg, settled := sign < 0, false
		for k := end + 1; k < len(ws) && k <= end+4 && ws[k] != clause; k++ {
			if negAfter[ws[k]] {
				neg, settled = sign > 0, true
				break
			}
			if ws[k] == "true" || ws[k] == "on" || ws[k] == "yes" {
				neg, settled = sign < 0, true
				break
			}
		}
		for k := i - 1; !settled && k >= 0 && k >= i-3 && ws[k] != clause; k-- {
			if negBefore[ws[k]] || ws[k] == "t" && k > 0 && (ws[k-1] == "don" || ws[k-1] == "isn" || ws[k-1] == "aren") {
				neg = !neg
				break
			}
		}
		out = append(out, neg)
	}
	return out
}

// nearKey reports whether the meaning of key is said within four words
// of token i.
func (t *text) nearKey(key string, i int) bool {
	ms, _ := meaning(key)
	if len(ms) == 0 {
		return false
	}
	// Token positions and loose word positions differ; compare on the
	// tokens, which keep words whole.
	for k := max(0, i-4); k < len(t.toks) && k <= i+4; k++ {
		if k == i {
			continue
		}
		for _, w := range prose.Words(t.toks[k]) {
			for _, m := range ms {
				if len(m) >= 3 && match(w, m) != 0 {
					return true
				}
			}
		}
	}
	return false
}

// empties are the words that say a value is empty or cleared.
var empties = map[string]bool{"empty": true, "blank": true, "no": true, "none": true, "nothing": true, "null": true,
	"clear": true, "cleared": true, "without": true, "unset": true, "remove": true}

// emptySaid reports whether the text says that the value of key is
// empty: its meaning beside a word such as "no", "empty" or "clear".
func (t *text) emptySaid(key string) bool {
	ms, usable := meaning(key)
	if !usable {
		return false
	}
	ws := t.words()
	if len(t.empties) == 0 {
		// No empty word: none can pass (most texts).
		return false
	}
	for i := range ws {
		// Only a word with an empty word within reach can pass:
		// finding them first spares matching every word of a long text.
		if !t.emptyWithin(i-len(ms)-3, i+4) || match(ws[i], ms[len(ms)-1]) == 0 {
			continue
		}
		for k := i - 1; k >= 0 && k >= i-len(ms)-3 && ws[k] != clause; k-- {
			if empties[ws[k]] {
				return true
			}
		}
		for k := i + 1; k < len(ws) && k <= i+4 && ws[k] != clause; k++ {
			if empties[ws[k]] {
				return true
			}
		}
	}
	return false
}

// emptyWithin reports whether one of the loose words from index lo to
// hi (both included) is an empty word.
func (t *text) emptyWithin(lo, hi int) bool {
	t.words()
	k, _ := slices.BinarySearch(t.empties, lo)
	return k < len(t.empties) && t.empties[k] <= hi
}

// holdsJSON reports whether the text quotes v as JSON.
func (t *text) holdsJSON(v any) bool {
	switch v.(type) {
	case map[string]any, []any:
	default:
		return false
	}
	size := blobSize(v)
	if len(t.blobs) == 0 || !t.blobSizes[size] {
		return false
	}
	// Compared with the values as decoded, not written as JSON (a case's
	// body is compared once for each of its texts): written only where
	// the comparison cannot tell.
	for _, p := range t.parts {
		if p.blob == nil || p.blob.size != size {
			continue
		}
		same, sure := sameJSON(v, p.blob.value)
		if !sure {
			return t.blobs[canon(v)]
		}
		if same {
			return true
		}
	}
	return false
}

// sameJSON reports whether canon(a) == canon(b) for a value b decoded
// from JSON, without writing either; sure is false where it cannot tell
// so (a value of another Go type, a nil map or list, a string that is not
// UTF-8, a number that is not finite) and canon must decide.
func sameJSON(a, b any) (same, sure bool) {
	switch x := a.(type) {
	case map[string]any:
		if x == nil {
			return false, false
		}
		y, ok := b.(map[string]any)
		if !ok {
			return false, true
		}
		for k := range x {
			if !utf8.ValidString(k) {
				return false, false
			}
		}
		if len(x) != len(y) {
			return false, true
		}
		for k, xv := range x {
			yv, ok := y[k]
			if !ok {
				return false, true
			}
			if same, sure := sameJSON(xv, yv); !sure || !same {
				return same, sure
			}
		}
		return true, true
	case []any:
		if x == nil {
			return false, false
		}
		y, ok := b.([]any)
		if !ok {
			return false, true
		}
		if len(x) != len(y) {
			return false, true
		}
		for i := range x {
			if same, sure := sameJSON(x[i], y[i]); !sure || !same {
				return same, sure
			}
		}
		return true, true
	case string:
		if !utf8.ValidString(x) {
			return false, false
		}
		y, ok := b.(string)
		return ok && x == y, true
	case float64:
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return false, false
		}
		// -0 is written "-0": the bits, not ==.
		y, ok := b.(float64)
		return ok && math.Float64bits(x) == math.Float64bits(y), true
	case bool:
		y, ok := b.(bool)
		return ok && x == y, true
	case nil:
		return b == nil, true
	}
	return false, false
}

// blobSize is an object's number of keys, or minus one less a list's
// length: two values with the same JSON have the same size. A nested
// value is compared against a quoted blob once its size matches, not
// written as JSON at every level of the walk.
func blobSize(v any) int {
	switch x := v.(type) {
	case map[string]any:
		return len(x)
	case []any:
		return -1 - len(x)
	}
	return 0
}

// formSays checks a recorded form of a leaf: it must be in the text and
// be a form of the value.
func (t *text) formSays(form string, l leaf) (string, bool) {
	ft := lowerTokens(form)
	if len(ft) == 0 {
		return fmt.Sprintf("the recorded form %q is empty", form), false
	}
	if len(find(t.toks, ft)) == 0 {
		return fmt.Sprintf("the recorded form %q is not in the text", form), false
	}
	if plausible(form, l) {
		return "", true
	}
	return fmt.Sprintf("the recorded form %q is not a form of %s", form, show(l.value)), false
}

// plausible reports whether words can stand for a leaf's value.
func plausible(form string, l leaf) bool {
	f := readText(form)
	switch x := l.value.(type) {
	case bool:
		for _, neg := range f.mentions(l.key, true) {
			if neg == !x {
				return true
			}
		}
		return false
	case float64:
		if n, unit, ok := lengthOfTime(f); ok {
			// "10 minutes" says 600 of a field that counts in seconds.
			var desc []string
			if s := l.up[len(l.up)-1].schema; s != nil {
				desc = prose.Words(s.Description)
			}
			own := english.UnitSeconds(english.CountsIn(prose.Words(l.key), desc))
			return own > 0 && n*english.UnitSeconds(unit) == x*own
		}
		if n, ok := parseNumber(form); ok {
			// "49.99" says 4999 of an amount in cents.
			return n == x || MinorUnits(l.up[len(l.up)-1].schema) && math.Round(n*100) == x
		}
		// "the first 20" says page 1.
		n, ok := ordinal(form)
		return ok && n == x
	case string:
		if x == "" {
			return f.anyEmpty()
		}
		if f.stringSaid(l.key, x) {
			return true
		}
		// A form shares a word with the value: "open" for "opened".
		for _, vw := range prose.Words(x) {
			if len(vw) < 3 || hasDigit(vw) {
				continue
			}
			for _, fw := range f.words() {
				if match(fw, english.Stem(vw)) > 0 {
					return true
				}
			}
		}
		return false
	case nil, map[string]any, []any:
		return f.anyEmpty() || f.holdsJSON(x)
	}
	return false
}

func (t *text) anyEmpty() bool {
	for _, w := range t.words() {
		if empties[w] {
			return true
		}
	}
	return false
}

// picks are the words people use for which item of a list is meant.
var picks = map[string][]string{"latest": {"latest", "newest", "most recent", "last"}, "first": {"first", "top"},
	"oldest": {"oldest", "earliest"}, "last": {"last", "latest"}}

// fedSaid reports whether a chain case's input, found by a producer, is
// said by what a person knows its item by.
func (t *text) fedSaid(f, up *cases.Feed) (string, bool) {
	if f.Label != nil && t.stringSaid(f.Label.Field, f.Label.Value) {
		return "", true
	}
	if f.Pick != "" && up != nil && up.Label != nil {
		ws := picks[f.Pick]
		if ws == nil {
			ws = []string{f.Pick}
		}
		if !t.anyOf(ws) {
			return fmt.Sprintf("does not say which item (%s) is meant", f.Pick), false
		}
		if t.stringSaid(up.Label.Field, up.Label.Value) {
			return "", true
		}
		return fmt.Sprintf("names neither the value nor %q", up.Label.Value), false
	}
	if f.Label != nil {
		return fmt.Sprintf("names neither the value nor %q", f.Label.Value), false
	}
	return "not said (" + show(f.Value) + ")", false
}

// saidOtherwise reports whether a text that does not say a defaulted
// leaf's value says another value for it: the opposite of a flag, or
// another value of the enum.
func (t *text) saidOtherwise(l leaf) (string, bool) {
	switch x := l.value.(type) {
	case bool:
		ms := t.mentions(l.key, false)
		if len(ms) == 0 {
			return "", false
		}
		for _, neg := range ms {
			if neg == !x {
				return "", false
			}
		}
		return strconv.FormatBool(!x), true
	case string:
		n := l.up[len(l.up)-1]
		if n.schema == nil {
			return "", false
		}
		for _, e := range n.schema.Enum {
			if s, ok := e.(string); ok && s != x && len(s) >= 3 && t.stringSaid(l.key, s) {
				return strconv.Quote(s), true
			}
		}
	}
	return "", false
}

// listedWithSiblings reports whether a short common word that is an item
// of a list stands in the text beside another item of the list, joined
// by a comma, "and" or "or": "ldp or all".
func (t *text) listedWithSiblings(l leaf) bool {
	x, ok := l.value.(string)
	if !ok || len(l.up) < 2 {
		return false
	}
	list, ok := l.up[len(l.up)-2].value.([]any)
	if !ok || len(list) < 2 {
		return false
	}
	vt := lowerTokens(x)
	if len(vt) != 1 || !shortWords[vt[0]] {
		return false
	}
	for _, i := range find(t.toks, vt) {
		for _, e := range list {
			s, ok := e.(string)
			if !ok || s == x {
				continue
			}
			et := lowerTokens(s)
			if len(et) == 0 || len(et) == 1 && shortWords[et[0]] {
				continue
			}
			for _, k := range find(t.toks, et) {
				if k+len(et) == i || k+len(et)+1 == i && (t.toks[k+len(et)] == "and" || t.toks[k+len(et)] == "or") ||
					i+1 == k || i+2 == k && (t.toks[i+1] == "and" || t.toks[i+1] == "or") {
					return true
				}
			}
		}
	}
	return false
}

// MinorUnits reports whether an integer schema holds an amount of money
// in the currency's smallest unit, as its description says ("how much to
// charge in the smallest currency unit", "in cents"): people say such an
// amount in the main unit ("49.99" for 4999).
func MinorUnits(s *ir.Schema) bool {
	if s == nil || s.Kind != ir.KindInteger {
		return false
	}
	d := strings.ToLower(s.Description)
	return strings.Contains(d, "smallest currency unit") || strings.Contains(d, "minor unit") || strings.Contains(d, " in cents")
}
