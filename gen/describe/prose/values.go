package prose

import (
	"regexp"
	"slices"
	"strings"
)

// ValueSentence is a sentence of a spec text that says which values an
// argument takes: a list of allowed values, a default, or what codes mean.
type ValueSentence struct {
	// Text is the sentence cleaned, without articles or the final period.
	Text string
	// Values are the values it names (codes, defaults, the codes of
	// pairs), as they must appear in what is shown for the sentence to
	// be kept.
	Values []string
	// Compact is the values alone, for when Text is too long:
	// "default ASC", "10 => Guest, 20 => Reporter", "values WON, LOST".
	Compact string
	// Glossed is Compact with the first words of what the sentence says
	// in brackets after each value, when it says that of two or more:
	// "values long_term (several years of data), short_term
	// (approximately last 4 weeks)". What a value means is what a model
	// needs to map "the last few weeks" onto it.
	Glossed string
	// Default is set when the sentence gives a default and nothing else.
	Default bool
	// Pairs is set when it says what codes mean ("20 => Reporter").
	Pairs bool
	// First is set for the description's first sentence, which the
	// brief shows when it is short enough.
	First bool
}

var (
	backticked = regexp.MustCompile("`([^`\\s]{1,40})`")
	quotedWord = regexp.MustCompile(`(?:^|[\s(,;:])['"]([A-Za-z0-9_.\-]{1,40})['"]`)
	// defaultOf matches "defaults to X", "Default value: X", "default: X",
	// "default is X", "Default 100", "(default X)".
	defaultOf = regexp.MustCompile(`(?i)\bdefaults?(?:\s+value)?(\s+is|\s+to|\s*:|\s*=|\s+of)?\s+(["']?)([A-Za-z0-9_./\-]+)["']?(\s+(?:is|are|will|and|or|of)\b)?`)
	// pair matches one code and its meaning: "20 => Reporter",
	// "ACTIVE: active members", "10 = Guest", "'Orphan' - orphan dependents".
	pair = regexp.MustCompile(`(?:^|[\s(,;])["']?(-?\d+|[A-Za-z][A-Za-z0-9_]*)["']?(?:\s*(?:=>|=|:)|\s+-)\s*([A-Za-z][A-Za-z0-9_]*(?:\s[a-z][A-Za-z0-9_]*){0,4})`)
	// capsWord is an upper-case code such as ACTIVE or IN_PROGRESS.
	capsWord = regexp.MustCompile(`\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*\b`)
	// valuesCue says a sentence lists values.
	valuesCue = regexp.MustCompile(`(?i)\b(one of|(?:possible|valid|allowed|accepted|acceptable|supported|available) (?:values?|types|options)|options? (?:is|are))\b`)
	// keywordCue says a sentence names a keyword the argument takes
	// besides values of its type: "a date-time string or the keyword
	// *now*", "either the string "me", an email, or the gid of a user".
	keywordCue = regexp.MustCompile(`(?i)\b(the (?:keyword|string|literal|special value)|can either be)\b`)
	// starredWord is one word in markdown emphasis: *now*, **me**.
	starredWord = regexp.MustCompile(`(?:^|[\s(])\*{1,2}([A-Za-z0-9_.\-]{1,40})\*{1,2}(?:[\s).,;:!?]|$)`)
	listCue     = regexp.MustCompile(`(?i)\b(one of|possible values?|valid values?|allowed values?|accepted values?|supported values?|either|values? (?:is|are|can|must)|can be|must be|options? (?:is|are)|or)\b`)
)

// acronyms are upper-case words that are seldom values of an argument.
var acronyms = map[string]bool{
	"ID": true, "IDS": true, "URL": true, "URI": true, "API": true, "HTTP": true, "HTTPS": true,
	"JSON": true, "XML": true, "ISO": true, "UTC": true, "UUID": true, "GMT": true, "RFC": true,
	"CSV": true, "PDF": true, "SDK": true, "IP": true, "DNS": true, "SSL": true, "TLS": true,
	"OK": true, "NOT": true, "AND": true, "OR": true, "IF": true, "SHA": true, "HTML": true,
	"GET": true, "POST": true, "PUT": true, "PATCH": true, "DELETE": true, "REST": true, "A": true, "I": true,
}

// notDefault are words after "default" that are not its value ("by
// default, all cards", "the default is the current user").
var notDefault = map[string]bool{
	"the": true, "a": true, "an": true, "all": true, "this": true, "it": true, "if": true, "when": true,
	"only": true, "be": true, "set": true, "of": true, "in": true, "by": true, "that": true, "there": true,
	"these": true, "those": true, "behavior": true, "behaviour": true, "and": true, "or": true, "is": true,
	"to": true, "for": true, "will": true, "value": true, "values": true, "setting": true, "settings": true,
	"we": true, "you": true, "your": true, "sort": true, "order": true, "on": true, "with": true, "no": true,
}

// ValueSentences are the sentences of desc (spec text, markup and all)
// that say which values the argument takes: a list of codes (quoted in
// backticks, or upper-case, with "one of", "or", commas), codes with their
// meaning ("10 => Guest, 20 => Reporter"), or a default ("defaults to
// ASC"). It depends on desc alone, so it can be worked out once per text.
func ValueSentences(desc string) []ValueSentence {
	if !mayName(desc) {
		return nil
	}
	codes := map[string]bool{}
	if strings.Contains(desc, "`") {
		for _, m := range backticked.FindAllStringSubmatch(desc, -1) {
			codes[strings.Trim(m[1], `"'.,;:`)] = true
		}
	}
	if strings.ContainsAny(desc, `'"`) {
		for _, m := range quotedWord.FindAllStringSubmatch(desc, -1) {
			codes[m[1]] = true
		}
	}
	if strings.Contains(desc, "*") {
		for _, m := range starredWord.FindAllStringSubmatch(desc, -1) {
			codes[m[1]] = true
		}
	}
	var out []ValueSentence
	bullets, bulleted := bulletPairs(desc)
	for i, s := range Sentences(Clean(desc)) {
		if v, ok := valueSentence(s, codes); ok {
			if bulleted && slices.ContainsFunc(v.Values, func(w string) bool { return slices.Contains(bullets.Values, w) }) {
				continue // the list's items, read whole below
			}
			v.First = i == 0
			out = append(out, v)
		}
	}
	if bulleted {
		out = append(out, bullets)
	}
	return out
}

// pairWords is how many words of a listed value's meaning bulletPairs
// keeps.
const pairWords = 7

// bulletItem is one item of a markdown list that starts with a code in
// backticks and says what it means: " *  `favourite` Returns dashboards
// the user has marked as favorite.", its meaning written as prose,
// capitalised.
var bulletItem = regexp.MustCompile("(?m)^\\s*[*-]\\s+`([^`\\s]{1,40})`\\s*(?:[-:–]\\s*)?([A-Z][a-z][^\\n]*)")

// bulletPairs reads a markdown list of two or more codes with their
// meanings (Jira's "Valid values are: * `favourite` Returns dashboards
// the user has marked as favorite. * `my` Returns dashboards owned by the
// user.") as one sentence of pairs: "favourite => Returns dashboards user
// has marked as favorite, my => Returns dashboards owned by user".
func bulletPairs(desc string) (ValueSentence, bool) {
	if !strings.Contains(desc, "`") {
		return ValueSentence{}, false
	}
	ms := bulletItem.FindAllStringSubmatch(desc, -1)
	if len(ms) < 2 {
		return ValueSentence{}, false
	}
	v := ValueSentence{Pairs: true}
	var ps []string
	for _, m := range ms {
		meaning := headWords(strings.Fields(DropArticles(Clean(FirstSentence(m[2])))), pairWords)
		if len(meaning) == 0 || slices.Contains(v.Values, m[1]) {
			continue
		}
		v.Values = append(v.Values, m[1])
		ps = append(ps, m[1]+" => "+strings.TrimRight(strings.Join(meaning, " "), ".,;:"))
	}
	if len(ps) < 2 {
		return ValueSentence{}, false
	}
	v.Text = strings.Join(ps, ", ")
	v.Compact = v.Text
	return v, true
}

// mayName reports whether desc can hold a value sentence: it has a
// quote, "=", ":", "*", "default" or two upper-case letters in a row. Most
// texts have none, and this spares them the regular expressions.
func mayName(desc string) bool {
	if strings.ContainsAny(desc, "`'\"=:*") || strings.Contains(desc, "efault") {
		return true
	}
	for i := 1; i < len(desc); i++ {
		if 'A' <= desc[i] && desc[i] <= 'Z' && 'A' <= desc[i-1] && desc[i-1] <= 'Z' {
			return true
		}
	}
	return false
}

// valueSentence reads one cleaned sentence.
func valueSentence(s string, codes map[string]bool) (ValueSentence, bool) {
	var v ValueSentence
	var compact []string
	seen := map[string]bool{}
	add := func(val string) {
		if val != "" && !seen[val] {
			seen[val] = true
			v.Values = append(v.Values, val)
		}
	}
	// Pairs first: "10 => Guest, 20 => Reporter" names codes and meanings.
	if strings.ContainsAny(s, "=:>") {
		var ps []string
		cued := valuesCue.MatchString(s)
		for _, m := range pair.FindAllStringSubmatch(s, -1) {
			code := m[1]
			// Beside a cue ("Valid values are: All: ...") a capitalized
			// word is a code too; a lower-case one seldom is
			// ("following: ...").
			if !isCode(code, codes) && !(cued && code[0] >= 'A' && code[0] <= 'Z') {
				continue
			}
			meaning := headWords(strings.Fields(m[2]), -1)
			ps = append(ps, code+" => "+strings.Join(meaning, " "))
			add(code)
		}
		if len(ps) >= 2 || len(ps) == 1 && cued {
			v.Pairs = true
			compact = append(compact, strings.Join(ps, ", "))
		} else {
			v.Values = nil
			clear(seen)
		}
	}
	def := ""
	if m := defaultOf.FindStringSubmatch(s); m != nil {
		// m[1] joins "default" to the value, m[2] quotes it, m[4] is a
		// verb after it ("the default year is used": a noun, no value).
		val := strings.TrimRight(m[3], ".-/")
		low := strings.ToLower(val)
		plain := isNumber(val) || low == "true" || low == "false" || isCode(val, nil)
		joined := m[1] != "" && (m[2] != "" || codes[val] || strings.Contains(val, "_"))
		if val != "" && !notDefault[low] && (plain || joined) && (m[4] == "" || isNumber(val)) {
			def = val
		}
	}
	// A list: two codes or more in a row ("ACTIVE or INACTIVE", "A, B,
	// or C"), or one in a sentence that says it lists values.
	var list []string
	if !v.Pairs {
		list = codeList(s, codes, def)
		for _, w := range list {
			add(w)
		}
		// Only a sentence that says it lists values has a compact
		// form: codes it merely mentions ("open disputes: status not
		// WON or LOST") are not all the values there are.
		if len(list) > 0 && valuesCue.MatchString(s) {
			compact = append(compact, "values "+strings.Join(list, ", "))
			v.Glossed = glossedList(s, list)
		}
	}
	if def != "" {
		add(def)
		compact = append(compact, "default "+def)
	}
	if len(v.Values) == 0 {
		return v, false
	}
	v.Default = def != "" && len(list) == 0 && !v.Pairs
	v.Text = DropArticles(strings.TrimRight(s, " ."))
	v.Compact = DropArticles(strings.Join(compact, "; "))
	if v.Glossed != "" {
		if def != "" {
			v.Glossed += "; default " + def
		}
		v.Glossed = DropArticles(v.Glossed)
	}
	return v, true
}

// headWords is the first n words of ws (all of them when n < 0), less
// the words at their end that leave a phrase hanging ("of", "the",
// "and"); one word is always kept.
func headWords(ws []string, n int) []string {
	if n >= 0 {
		ws = ws[:min(len(ws), n)]
	}
	for len(ws) > 1 && dangling[strings.ToLower(ws[len(ws)-1])] {
		ws = ws[:len(ws)-1]
	}
	return ws
}

// glossWords is how many words of a value's gloss Glossed keeps.
const glossWords = 5

// reGloss is a value with the words in brackets after it: "long_term
// (calculated from several years of data ...)".
var reGloss = regexp.MustCompile(`([A-Za-z0-9_.\-]+)['"]?\s*\(([^()]{2,300})\)`)

// glossedList is "values " and list, each value with the first
// glossWords words of the brackets sentence s puts right after it, ""
// unless two or more have them.
func glossedList(s string, list []string) string {
	gloss := map[string]string{}
	for _, m := range reGloss.FindAllStringSubmatch(s, -1) {
		if !slices.Contains(list, m[1]) || gloss[m[1]] != "" {
			continue
		}
		ws := strings.Fields(strings.NewReplacer(",", " ,", ";", " ;").Replace(m[2]))
		if i := slices.IndexFunc(ws, func(w string) bool { return w == "," || w == ";" }); i >= 0 {
			ws = ws[:i]
		}
		ws = headWords(ws, glossWords)
		if len(ws) > 0 {
			gloss[m[1]] = strings.Join(ws, " ")
		}
	}
	if len(gloss) < 2 {
		return ""
	}
	items := make([]string, len(list))
	for i, w := range list {
		items[i] = w
		if g := gloss[w]; g != "" {
			items[i] += " (" + g + ")"
		}
	}
	return "values " + strings.Join(items, ", ")
}

// codeList returns the codes of sentence s that form a list: runs of two
// or more joined only by commas, "or", "and" and slashes, or, in a
// sentence with valuesCue, every code. def, the default, is left out.
func codeList(s string, codes map[string]bool, def string) []string {
	cued := valuesCue.MatchString(s) || keywordCue.MatchString(s)
	var list, run []string
	seen := map[string]bool{}
	flush := func() {
		if len(run) >= 2 || cued && len(run) > 0 {
			for _, w := range run {
				if !seen[w] && w != def {
					seen[w] = true
					list = append(list, w)
				}
			}
		}
		run = run[:0]
	}
	for _, f := range strings.Fields(s) {
		w := strings.Trim(f, ",;()[]\"'.:!?|/")
		switch {
		case w == "" || w == "or" || w == "and" || w == "nor":
			continue
		case strings.Contains(w, "="):
			// "target_energy=0.6" shows how to set an argument, not one
			// of its values.
			flush()
		case isCode(w, codes) && !isNumber(w) || codes[w]:
			run = append(run, w)
		default:
			flush()
		}
		if i := strings.LastIndex(f, w); i >= 0 && strings.ContainsAny(f[i+len(w):], ".;:)") {
			// "WON, or LOST)." ends the run.
			flush()
		}
	}
	flush()
	return list
}

// isCode reports whether w looks like a value: quoted in backticks in the
// spec, a number, or an upper-case code.
func isCode(w string, codes map[string]bool) bool {
	return codes[w] || isNumber(w) || len(w) >= 2 && capsWord.FindString(w) == w && !acronyms[w]
}

func isNumber(w string) bool {
	w = strings.TrimPrefix(w, "-")
	if w == "" {
		return false
	}
	for i := 0; i < len(w); i++ {
		if (w[i] < '0' || w[i] > '9') && w[i] != '.' {
			return false
		}
	}
	return true
}

// Values is what an argument's text says about its values that shown
// (the text already written for it) does not: the value sentences of
// desc (see ValueSentences) whose values shown lacks, each whole when it
// fits in maxSentence bytes and its values alone otherwise, joined by
// "; " and at most max bytes in all. With enum set (the schema lists the
// values) only sentences that say what codes mean are kept; with hasDefault
// (the schema gives the default) a sentence that only gives one is not.
//
// A sentence that names an argument of the tool (isArg) among its values
// ("either view_id or external_id is required") says how arguments go
// together, not what values one takes, and is left out.
func Values(sentences []ValueSentence, shown string, max int, enum, hasDefault bool, isArg func(string) bool) string {
	const maxSentence, maxGlossed = 120, 200
	var parts []string
	n := 0
	for _, v := range sentences {
		if enum && !v.Pairs || hasDefault && v.Default || containsAll(shown, v.Values) || isArg != nil && slices.ContainsFunc(v.Values, isArg) {
			continue
		}
		text := v.Text
		if v.First || v.Default || len(text) > maxSentence {
			// A default alone reads as well in two words ("default ASC");
			// a long list keeps what each value means when that fits.
			if text = v.Compact; text == "" {
				continue
			}
			if v.Glossed != "" && len(v.Glossed) <= maxGlossed && len(v.Glossed) <= max-n-2 {
				text = v.Glossed
			}
		}
		if room := max - n - 2; len(text) > room {
			// A long list of codes keeps its first ones.
			if text = Truncate(v.Compact, room); len(text) < 40 {
				continue
			}
		}
		parts = append(parts, text)
		n += len(text) + 2
		shown += " " + text
	}
	return strings.Join(parts, "; ")
}

// containsAll reports whether each value is a word of s.
func containsAll(s string, values []string) bool {
	for _, v := range values {
		if !containsWord(s, v) {
			return false
		}
	}
	return true
}

// containsWord reports whether w occurs in s with no letter, digit or
// underscore on either side.
func containsWord(s, w string) bool {
	for i := 0; ; {
		j := strings.Index(s[i:], w)
		if j < 0 {
			return false
		}
		j += i
		end := j + len(w)
		if (j == 0 || !wordByte(s[j-1])) && (end == len(s) || !wordByte(s[end])) {
			return true
		}
		i = j + 1
	}
}

func wordByte(c byte) bool {
	return c == '_' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}
