package perturb

import (
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/agentready/agentready/internal/english"
)

// mention is where an argument value is said in a request.
type mention struct {
	start, end int
	value      any
	// arg is the dotted path of the argument the value is of (of the
	// list, for an item of one).
	arg string
}

// mentions returns where the values of args are said in text, in the
// order they are said: each value's first occurrence that stands alone
// (not inside a longer word or number), found as written or else in any
// case; a value inside another's occurrence is left out. Values are
// strings and numbers, at any depth of args; booleans and objects are
// never said word for word.
func mentions(text string, args map[string]any) []mention {
	type valued struct {
		arg   string
		value any
	}
	var values []valued
	var collect func(path string, v any)
	collect = func(path string, v any) {
		switch x := v.(type) {
		case map[string]any:
			for _, k := range sortedKeys(x) {
				sub := k
				if path != "" {
					sub = path + "." + k
				}
				collect(sub, x[k])
			}
		case []any:
			for _, e := range x {
				collect(path, e)
			}
		case string, float64, int, int64, json.Number:
			values = append(values, valued{path, x})
		}
	}
	collect("", args)
	// Longer values first, so that "TCK-1078" is found before "10".
	sort.SliceStable(values, func(i, j int) bool { return len(said(values[i].value)) > len(said(values[j].value)) })
	var out []mention
	lower := strings.ToLower(text)
	for _, val := range values {
		v := val.value
		s := said(v)
		if strings.TrimSpace(s) == "" {
			continue
		}
		for _, hay := range []string{text, lower} {
			needle := s
			if hay == lower {
				needle = strings.ToLower(s)
			}
			if start, ok := standalone(hay, needle, out); ok {
				out = append(out, mention{start, start + len(needle), v, val.arg})
				break
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].start < out[j].start })
	return out
}

// said is how a value is written in a request.
func said(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64)
	default:
		return fmt.Sprint(x)
	}
}

// standalone finds needle in hay where it is not part of a longer word or
// number and overlaps no mention already taken.
func standalone(hay, needle string, taken []mention) (int, bool) {
	for from := 0; from <= len(hay)-len(needle); {
		i := strings.Index(hay[from:], needle)
		if i < 0 {
			return 0, false
		}
		start, end := from+i, from+i+len(needle)
		if bounded(hay, start, end) && !overlaps(taken, start, end) {
			return start, true
		}
		from = start + 1
	}
	return 0, false
}

// bounded reports whether hay[start:end] has no letter or digit right
// before or after it that would make it part of a longer token.
func bounded(hay string, start, end int) bool {
	first, _ := utf8.DecodeRuneInString(hay[start:end])
	last, _ := utf8.DecodeLastRuneInString(hay[start:end])
	if before, _ := utf8.DecodeLastRuneInString(hay[:start]); start > 0 && alnum(before) && alnum(first) {
		return false
	}
	if after, _ := utf8.DecodeRuneInString(hay[end:]); end < len(hay) && alnum(after) && alnum(last) {
		return false
	}
	return true
}

func alnum(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

func overlaps(taken []mention, start, end int) bool {
	for _, m := range taken {
		if start < m.end && m.start < end {
			return true
		}
	}
	return false
}

// RemoveFirstValue is RP_F: the argument value said first in the request
// is taken out of it; it returns the request and the argument it no
// longer says. A request that says none of its values is left as it is.
func RemoveFirstValue(text string, args map[string]any, _ *rand.Rand) (string, []string) {
	ms := mentions(text, args)
	if len(ms) == 0 {
		return text, nil
	}
	return tidy(text[:ms[0].start] + text[ms[0].end:]), []string{ms[0].arg}
}

// RemoveLastValue is RP_L: the argument value said last in the request is
// taken out of it, as RemoveFirstValue takes the first.
func RemoveLastValue(text string, args map[string]any, _ *rand.Rand) (string, []string) {
	ms := mentions(text, args)
	if len(ms) == 0 {
		return text, nil
	}
	m := ms[len(ms)-1]
	return tidy(text[:m.start] + text[m.end:]), []string{m.arg}
}

var (
	emptyQuotes = regexp.MustCompile(`“\s*”|"\s*"|‘\s*’|'\s*'|\(\s*\)`)
	spaces      = regexp.MustCompile(`[ \t]{2,}`)
	spaceBefore = regexp.MustCompile(`\s+([,.;:!?])`)
)

// tidy mends what taking a value out leaves: empty quotes, doubled
// spaces, a space before punctuation.
func tidy(s string) string {
	s = emptyQuotes.ReplaceAllString(s, "")
	s = spaces.ReplaceAllString(s, " ")
	s = spaceBefore.ReplaceAllString(s, "$1")
	return strings.TrimSpace(s)
}

// ComplicateValues is CP: each argument value the request says is said in
// a roundabout way a careful reader can still decode: a whole number from
// 0 to 9999 in words, a date or a time as a person writes it, an e-mail
// address spoken. Other values are left as they are.
func ComplicateValues(text string, args map[string]any, _ *rand.Rand) (string, []string) {
	ms := mentions(text, args)
	var b strings.Builder
	at := 0
	for _, m := range ms {
		b.WriteString(text[at:m.start])
		b.WriteString(complicate(text[m.start:m.end], m.value))
		at = m.end
	}
	b.WriteString(text[at:])
	return b.String(), nil
}

// complicate says one value, as written, in a roundabout way.
func complicate(written string, v any) string {
	if n, ok := whole(v); ok && n >= 0 && n < 10000 {
		return numberWords(int(n))
	}
	if t, err := time.Parse("2006-01-02", written); err == nil {
		return t.Format("January 2, 2006")
	}
	if t, err := time.Parse(time.RFC3339, written); err == nil {
		return t.UTC().Format("15:04 UTC on January 2, 2006")
	}
	if user, domain, ok := strings.Cut(written, "@"); ok && user != "" && strings.Contains(domain, ".") && !strings.ContainsAny(written, " \t") {
		return user + " at " + strings.ReplaceAll(domain, ".", " dot ")
	}
	return written
}

// whole returns v as a whole number, when it is one.
func whole(v any) (float64, bool) {
	var f float64
	switch x := v.(type) {
	case float64:
		f = x
	case int:
		f = float64(x)
	case int64:
		f = float64(x)
	case json.Number:
		var err error
		if f, err = x.Float64(); err != nil {
			return 0, false
		}
	default:
		return 0, false
	}
	return f, f == math.Trunc(f)
}

var (
	ones = english.SmallNumbers
	tens = english.Tens
)

// numberWords writes n (0 to 9999) in English words.
func numberWords(n int) string {
	switch {
	case n < 20:
		return ones[n]
	case n < 100:
		if n%10 == 0 {
			return tens[n/10]
		}
		return tens[n/10] + "-" + ones[n%10]
	case n < 1000:
		if n%100 == 0 {
			return ones[n/100] + " hundred"
		}
		return ones[n/100] + " hundred and " + numberWords(n%100)
	}
	if n%1000 == 0 {
		return ones[n/1000] + " thousand"
	}
	return ones[n/1000] + " thousand " + numberWords(n%1000)
}

// AddNoise is AN: values like the ones the request says (another number,
// the same ID or date with one digit changed) are added after it, as
// something else the user has at hand. A request that says no number
// and no value with a digit is left as it is.
func AddNoise(text string, args map[string]any, rng *rand.Rand) (string, []string) {
	var noise []string
	for _, m := range mentions(text, args) {
		if like := similar(text[m.start:m.end], m.value, rng); like != "" {
			noise = append(noise, like)
		}
	}
	if len(noise) == 0 {
		return text, nil
	}
	return text + " (I also have " + strings.Join(noise, " and ") + " here.)", nil
}

// similar returns a value like a written one but not it: a number one
// more or less, a value with digits with one digit changed; "" for a
// value without digits.
func similar(written string, v any, rng *rand.Rand) string {
	if n, ok := whole(v); ok {
		if n > 0 && rng.IntN(2) == 0 {
			return strconv.FormatFloat(n-1, 'f', -1, 64)
		}
		return strconv.FormatFloat(n+1, 'f', -1, 64)
	}
	var digits []int
	for i, r := range written {
		if r >= '0' && r <= '9' {
			digits = append(digits, i)
		}
	}
	if len(digits) == 0 {
		return ""
	}
	i := digits[rng.IntN(len(digits))]
	d := written[i] - '0'
	nd := byte('0' + (d+1+byte(rng.IntN(8)))%10)
	return written[:i] + string(nd) + written[i+1:]
}

// sortedKeys returns m's keys in order.
func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// Mention is where an argument value is said in a request: the bytes
// Start to End of the text, the value, and the dotted path of the
// argument it is of (of the list, for an item of one).
type Mention struct {
	Start, End int
	Value      any
	Arg        string
}

// Mentions returns where the values of args are said in text, in the
// order they are said, as the request perturbations find them: each
// value's first occurrence that stands alone, as written or else in any
// case. Other robustness checks (harness/consistency) say the same
// values in other words at these places.
func Mentions(text string, args map[string]any) []Mention {
	ms := mentions(text, args)
	out := make([]Mention, len(ms))
	for i, m := range ms {
		out[i] = Mention{Start: m.start, End: m.end, Value: m.value, Arg: m.arg}
	}
	return out
}

// NumberWords writes n (0 to 9999) in English words ("forty-two").
func NumberWords(n int) string { return numberWords(n) }
