package baseline

import (
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/agentready/agentready/harness/retrieve"
	"github.com/agentready/agentready/internal/english"
	"github.com/agentready/agentready/internal/formats"
)

// token is one value-sized piece of the user's text: a quoted string, or
// a run of non-space characters without the punctuation around it.
type token struct {
	raw    string // as written, without surrounding punctuation or quotes
	lower  string
	quoted bool
	// clauseEnd is set when punctuation that ends a phrase (, . ; ! ?)
	// follows the token; colon when a colon does; sentenceEnd when one
	// that ends a sentence (. ! ?) does.
	clauseEnd, colon, sentenceEnd bool
	// possessive is set when the word was written with 's ("mia_k's").
	possessive bool
	// first and last are the token's words in utterance.words.
	first, last int
}

// word is one word of the text for matching names and enum values; a
// quoted token is one word with no text.
type word struct {
	lower, stem string
	tok         int
}

// utterance is the user's request, read once.
type utterance struct {
	text  string
	toks  []token
	words []word
	used  []bool // per token: claimed by an argument
	// undo is the undoing of an action the request asks for, read
	// against the tools given (toolkit.undoing); its word is "" when
	// there is none or the tools were not read yet.
	undo undoing
	// vocab are the stems of the words the tools use (toolkit.vocab),
	// nil when the request was read without them: an acronym they use
	// names a kind of thing, not an item (nameTokens).
	vocab map[string]bool
}

// read reads a request as the tools at hand let it be read: an acronym
// their names or purposes use ("SIMs" where tools speak of SIM cards) is
// a word of the request, not a name.
func (k *toolkit) read(text string) *utterance {
	u := readUtterance(text)
	u.vocab = k.vocab
	return u
}

const quoteRunes = "\"“”«»`'‘’"

func readUtterance(text string) *utterance {
	u := &utterance{text: text}
	rs := []rune(text)
	i := 0
	for i < len(rs) {
		r := rs[i]
		if unicode.IsSpace(r) {
			i++
			continue
		}
		if strings.ContainsRune(quoteRunes, r) && (i == 0 || !isWordRune(rs[i-1])) {
			if j := closingQuote(rs, i); j > i {
				raw := strings.TrimSpace(string(rs[i+1 : j]))
				t := token{raw: raw, lower: strings.ToLower(raw), quoted: true}
				k := j + 1
				for k < len(rs) && strings.ContainsRune(".,;:!?)]", rs[k]) {
					if strings.ContainsRune(",;.!?", rs[k]) {
						t.clauseEnd = true
					}
					if strings.ContainsRune(".!?", rs[k]) {
						t.sentenceEnd = true
					}
					if rs[k] == ':' {
						t.colon = true
					}
					k++
				}
				u.add(t)
				i = k
				continue
			}
		}
		j := i
		for j < len(rs) && !unicode.IsSpace(rs[j]) {
			j++
		}
		raw := string(rs[i:j])
		i = j
		dash := strings.Trim(raw, "-—–") == ""
		if n := len(u.toks); n > 0 && (dash || (raw[0] == '(' || raw[0] == '[') && !retrieve.IsStopWord(u.toks[n-1].lower)) {
			// A dash, or an opening bracket after a word that ends a
			// phrase, starts an aside: what came before ends there
			// ("message false alarm — api id X", "rename team platform
			// to platform-core (api id X)"); "user X in (acme)" goes on.
			u.toks[n-1].clauseEnd = true
		}
		if dash {
			continue
		}
		trimmed := strings.TrimLeft(raw, "([{#\"'“‘«")
		core := strings.TrimRight(trimmed, ".,;:!?)]}\"'”’»")
		// "user's" -> "user"; keep the apostrophe inside other words.
		core = strings.TrimSuffix(strings.TrimSuffix(core, "'s"), "’s")
		if core == "" {
			continue
		}
		tail := trimmed[len(core):]
		t := token{raw: core, lower: strings.ToLower(core), clauseEnd: strings.ContainsAny(tail, ",;.!?"), colon: strings.Contains(tail, ":"),
			sentenceEnd: strings.ContainsAny(tail, ".!?"), possessive: strings.HasPrefix(tail, "'s") || strings.HasPrefix(tail, "’s")}
		u.add(t)
	}
	u.used = make([]bool, len(u.toks))
	return u
}

func isWordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

// closingQuote finds the quote that closes the one at i: the matching
// rune, followed by a space, punctuation or the end.
func closingQuote(rs []rune, i int) int {
	open := rs[i]
	want := map[rune]rune{'“': '”', '«': '»', '‘': '’'}[open]
	if want == 0 {
		want = open
	}
	for j := i + 1; j < len(rs); j++ {
		if rs[j] != want && !(open == '"' && rs[j] == '”') {
			continue
		}
		if j+1 == len(rs) || !isWordRune(rs[j+1]) {
			if j == i+1 {
				return -1
			}
			return j
		}
	}
	return -1
}

func (u *utterance) add(t token) {
	ti := len(u.toks)
	t.first = len(u.words)
	if t.quoted {
		u.words = append(u.words, word{tok: ti})
	} else {
		ws := retrieve.Words(t.raw)
		if len(ws) == 0 {
			u.words = append(u.words, word{tok: ti})
		}
		for _, w := range ws {
			u.words = append(u.words, word{lower: w, stem: english.Stem(w), tok: ti})
		}
	}
	t.last = len(u.words) - 1
	u.toks = append(u.toks, t)
}

// free reports whether the tokens behind words [from, to] are unclaimed.
func (u *utterance) free(from, to int) bool {
	for w := from; w <= to; w++ {
		if u.used[u.words[w].tok] {
			return false
		}
	}
	return true
}

// claimWords marks the tokens behind words [from, to] used.
func (u *utterance) claimWords(from, to int) {
	for w := from; w <= to; w++ {
		u.used[u.words[w].tok] = true
	}
}

// window returns the stems of the words around [from, to]: before words
// before and after words after, not crossing a quoted token or the end of
// a clause (a comma, a period, a colon).
func (u *utterance) window(from, to, before, after int) []string {
	var out []string
	for _, w := range u.windowWords(from, to, before, after) {
		out = append(out, u.words[w].stem)
	}
	return out
}

// windowWords is window's words, as their positions.
func (u *utterance) windowWords(from, to, before, after int) []int {
	var out []int
	for w := from - 1; w >= 0 && w >= from-before; w-- {
		if u.words[w].stem == "" || u.boundaryAfter(w) {
			break
		}
		out = append(out, w)
	}
	if u.boundaryAfter(to) {
		return out
	}
	for w := to + 1; w < len(u.words) && w <= to+after; w++ {
		if u.words[w].stem == "" {
			break
		}
		out = append(out, w)
		if u.boundaryAfter(w) {
			break
		}
	}
	return out
}

// boundaryAfter reports whether a clause ends after word w: it is the
// last word of a token followed by a comma, period or colon.
func (u *utterance) boundaryAfter(w int) bool {
	t := u.toks[u.words[w].tok]
	return t.last == w && (t.clauseEnd || t.colon)
}

// findPhrase returns the word positions where the words ws occur in a
// row, compared by stem.
func (u *utterance) findPhrase(stems []string) []int {
	if len(stems) == 0 {
		return nil
	}
	var out []int
	for i := 0; i+len(stems) <= len(u.words); i++ {
		ok := true
		for j, s := range stems {
			if u.words[i+j].stem != s {
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

var reNumber = regexp.MustCompile(`^[-+]?[0-9]+(\.[0-9]+)?$`)

// isEmail reports whether a word of the user's text is an email address:
// a plain address (package formats) whose domain has a dot, since
// "a@b" in a sentence is rarely one.
func isEmail(s string) bool {
	return formats.Email(s) && strings.Contains(s[strings.LastIndexByte(s, '@'):], ".")
}

// asDate reads YYYY-MM-DD.
func asDate(s string) (string, bool) {
	if formats.Date(s) {
		return s, true
	}
	return "", false
}

// asDateTime reads an RFC 3339 date-time.
func asDateTime(s string) (string, bool) {
	if formats.DateTime(s) {
		return s, true
	}
	return "", false
}

// asNumber reads a number written in digits ("5", "2.5", "1,000" is not
// one). Number words ("five") are not read: a known weakness.
func asNumber(s string) (float64, bool) {
	if !reNumber.MatchString(s) {
		return 0, false
	}
	f, err := strconv.ParseFloat(s, 64)
	return f, err == nil
}

var months = map[string]time.Month{}

func init() {
	for m := time.January; m <= time.December; m++ {
		name := strings.ToLower(m.String())
		months[name] = m
		months[name[:3]] = m
	}
	months["sept"] = time.September
}

// naturalDate finds a date written in words starting at token i: "1 March
// 2026", "March 1, 2026", "March 1st 2026", or a month and day whose year
// the end of a range gives ("June 1" of "between June 1 and June 15
// 2024"), optionally followed by a time ("at 09:15 UTC", "14:00"). It returns the date as YYYY-MM-DD, the time
// as HH:MM:SS ("" when none is given) and the last token used.
func (u *utterance) naturalDate(i int) (date, clock string, last int, ok bool) {
	if i+2 >= len(u.toks) {
		return "", "", 0, false
	}
	a, b, c := u.toks[i], u.toks[i+1], u.toks[i+2]
	if a.quoted || b.quoted || c.quoted {
		return "", "", 0, false
	}
	day := func(s string) (int, bool) {
		s = strings.TrimRight(s, "stndrh")
		n, err := strconv.Atoi(s)
		return n, err == nil && n >= 1 && n <= 31
	}
	year := func(s string) (int, bool) {
		n, err := strconv.Atoi(s)
		return n, err == nil && n >= 1900 && n <= 2200
	}
	var d, y int
	var m time.Month
	var ok1, ok2, ok3 bool
	if m, ok1 = months[a.lower]; ok1 {
		d, ok2 = day(b.lower)
		y, ok3 = year(c.lower)
	} else if d, ok1 = day(a.lower); ok1 {
		m, ok2 = months[b.lower]
		y, ok3 = year(c.lower)
	}
	last = i + 2
	var end time.Time
	if ok1 && ok2 && !ok3 && !b.clauseEnd && rangeWords[c.lower] {
		// "between June 1 and June 15 2024": the year written once, at
		// the range's end, is the start's too (the year before when the
		// start would then come after the end: "December 20 to January
		// 5 2025").
		if e, _, _, ok := u.naturalDate(i + 3); ok {
			end, _ = time.Parse("2006-01-02", e)
			y, ok3, last, c = end.Year(), true, i+1, b
		}
	}
	if !ok1 || !ok2 || !ok3 {
		return "", "", 0, false
	}
	t := time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
	if t.Day() != d {
		return "", "", 0, false
	}
	if !end.IsZero() && t.After(end) {
		t = time.Date(y-1, m, d, 0, 0, 0, 0, time.UTC)
	}
	if !c.clauseEnd {
		j := last + 1
		if j < len(u.toks) && u.toks[j].lower == "at" {
			j++
		}
		if j < len(u.toks) {
			if hm, end, ok := u.clockAt(j); ok {
				clock, last = hm, end
				if k := end + 1; !u.toks[end].clauseEnd && k < len(u.toks) && (u.toks[k].lower == "utc" || u.toks[k].lower == "gmt" || u.toks[k].lower == "z") {
					last = k
				}
			}
		}
	}
	return t.Format("2006-01-02"), clock, last, true
}

// clockAt reads a time of day at token j: "14:00", "5pm", "5:30pm",
// "5 pm", "5:30 p.m.", "noon", "midnight". It returns it as HH:MM:SS and
// the last token it takes.
func (u *utterance) clockAt(j int) (string, int, bool) {
	t := u.toks[j]
	switch t.lower {
	case "noon", "midday":
		return "12:00:00", j, true
	case "midnight":
		return "00:00:00", j, true
	}
	text, end := t.lower, j
	if !t.clauseEnd && j+1 < len(u.toks) && meridiem(u.toks[j+1].lower) != "" {
		text, end = text+u.toks[j+1].lower, j+1
	} else if hm, err := time.Parse("15:04", t.raw); err == nil {
		return hm.Format("15:04:05"), j, true
	}
	for _, suffix := range []string{"am", "pm", "a.m.", "p.m.", "a.m", "p.m"} {
		num, found := strings.CutSuffix(text, suffix)
		if !found || num == "" {
			continue
		}
		layout := "3"
		if strings.Contains(num, ":") {
			layout = "3:04"
		}
		hm, err := time.Parse(layout+"PM", num+meridiem(suffix))
		if err != nil {
			return "", 0, false
		}
		return hm.Format("15:04:05"), end, true
	}
	return "", 0, false
}

// meridiem is "AM" or "PM" for the ways people write them ("pm",
// "p.m."), "" for other words.
func meridiem(w string) string {
	switch strings.ReplaceAll(w, ".", "") {
	case "am":
		return "AM"
	case "pm":
		return "PM"
	}
	return ""
}

// rangeWords join the two ends of a range of dates: "between June 1
// and June 15 2024", "from June 1 to June 15 2024".
var rangeWords = map[string]bool{"and": true, "to": true, "through": true, "thru": true, "until": true, "till": true, "-": true}

// chatter marks the tokens that say no part of the request: a short
// preamble before a colon at the start ("Quick one:") and sentences after
// the first that hold no value and order nothing ("No rush on this
// one."). A request's leftover words never come from them.
func (u *utterance) chatter() []bool {
	out := make([]bool, len(u.toks))
	for i, t := range u.toks {
		if t.colon && i < 4 {
			plain := true
			for k := 0; k <= i; k++ {
				plain = plain && !u.valueToken(k)
			}
			if plain && i+1 < len(u.toks) {
				for k := 0; k <= i; k++ {
					out[k] = true
				}
			}
			break
		}
		if t.clauseEnd {
			break
		}
	}
	start := 0
	for i, t := range u.toks {
		if !t.sentenceEnd && i+1 < len(u.toks) {
			continue
		}
		if start > 0 {
			idle := true
			for k := start; k <= i; k++ {
				if u.valueToken(k) {
					idle = false
				}
				if _, order := imperatives[u.toks[k].lower]; order && k == start {
					idle = false
				}
			}
			for k := start; k <= i && idle; k++ {
				out[k] = true
			}
		}
		start = i + 1
	}
	return out
}

// lowers is the request's words in lower case, in order, for the
// english package's readers of word lists.
func (u *utterance) lowers() []string {
	ls := make([]string, len(u.words))
	for i, w := range u.words {
		ls[i] = w.lower
	}
	return ls
}
