package consistency

import (
	"fmt"
	"maps"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/gen/names"
	"github.com/agentready/agentready/gen/toolschema"
	"github.com/agentready/agentready/harness/perturb"
)

// The ways a value is said otherwise (Phrasing.Kind).
const (
	EnumWords    = "enum-words"    // in_stock -> "in stock"
	EnumCase     = "enum-case"     // open -> "OPEN"
	Abbreviation = "abbreviation"  // asc -> "ascending", where the doc names it
	NumberWords  = "number-words"  // 5 -> "five"
	DateFormat   = "date-format"   // 2026-03-01 -> "March 1, 2026"
	IDPrefix     = "id-prefix"     // TCK-1078 -> "1078", where the example has the prefix
	BooleanWords = "boolean-words" // true -> "yes"
)

// Kinds returns the kinds of phrasing, in the order summaries list them.
func Kinds() []string {
	return []string{EnumWords, EnumCase, Abbreviation, NumberWords, DateFormat, IDPrefix, BooleanWords}
}

// SelectKinds checks kinds (any case) against Kinds; empty selects all.
// An unknown kind is an error that lists the known ones.
func SelectKinds(kinds []string) ([]string, error) {
	var out []string
	for _, k := range kinds {
		k = strings.ToLower(strings.TrimSpace(k))
		if k == "" {
			continue
		}
		if kindRank(k) == len(Kinds()) {
			return nil, fmt.Errorf("no kind of phrasing %q: use some of %s", k, strings.Join(Kinds(), ", "))
		}
		out = append(out, k)
	}
	return out, nil
}

// kindRank is kind's place in Kinds; len(Kinds()) for an unknown one.
func kindRank(kind string) int {
	i := slices.Index(Kinds(), kind)
	if i < 0 {
		return len(Kinds())
	}
	return i
}

// Phrasing is one synonymous way of saying one value of a case's
// request: the argument, the kind of change, and the text it replaces
// and is replaced with.
type Phrasing struct {
	Arg  string `json:"arg"`
	Kind string `json:"kind"`
	From string `json:"from"`
	To   string `json:"to"`
	// Value is the argument's value in the case, as the call sends it.
	Value any `json:"value"`
	// start and end are where From is in the request.
	start, end int
}

// Apply returns text with the phrasing's value said its way.
func (p Phrasing) Apply(text string) string {
	if p.end > len(text) || text[p.start:p.end] != p.From {
		return text
	}
	return text[:p.start] + p.To + text[p.end:]
}

// Phrasings returns every synonymous way of saying one value of text
// that the schemas of args support, in the order the values are said:
// each value the request says (perturb.Mentions) is said in each other
// way its argument's schema allows. Nothing here knows any one API: an
// enum's words come from the enum value, an abbreviation's long form
// must be in the argument's description or enum, a prefix must be in
// the argument's example.
func Phrasings(api *ir.API, args []toolschema.Arg, text string, values map[string]any) []Phrasing {
	byName := map[string]toolschema.Arg{}
	for _, a := range args {
		byName[a.Name] = a
	}
	var out []Phrasing
	said := map[string]bool{}
	for _, m := range perturb.Mentions(text, values) {
		said[m.Arg] = true
		top, _, _ := strings.Cut(m.Arg, ".")
		a, ok := byName[top]
		if !ok {
			continue
		}
		s := leafSchema(api, a.Schema, m.Arg)
		written := text[m.Start:m.End]
		for _, alt := range sayOtherwise(api, a, s, written, m.Value) {
			if alt.to == "" || alt.to == written {
				continue
			}
			out = append(out, Phrasing{Arg: m.Arg, Kind: alt.kind, From: written, To: alt.to, Value: m.Value, start: m.Start, end: m.End})
		}
	}
	out = append(out, spokenForms(api, byName, text, values, said)...)
	return append(out, booleans(byName, text, values)...)
}

// spokenForms finds the values the request says not as written but in
// one of their other forms ("in use" for in_use, "1 January 2025" for
// 2025-01-01), and says each as written and in its remaining forms.
func spokenForms(api *ir.API, byName map[string]toolschema.Arg, text string, values map[string]any, said map[string]bool) []Phrasing {
	var out []Phrasing
	lower := strings.ToLower(text)
	for _, k := range slices.Sorted(maps.Keys(values)) {
		v, ok := values[k].(string)
		a, known := byName[k]
		if !ok || !known || said[k] || v == "" {
			continue
		}
		s := leafSchema(api, a.Schema, k)
		alts := sayOtherwise(api, a, s, v, v)
		for i, found := range alts {
			at := wordIndex(lower, strings.ToLower(found.to))
			if at < 0 {
				continue
			}
			written := text[at : at+len(found.to)]
			out = append(out, Phrasing{Arg: k, Kind: found.kind, From: written, To: v, Value: v, start: at, end: at + len(found.to)})
			for j, other := range alts {
				if j != i && !strings.EqualFold(other.to, written) {
					out = append(out, Phrasing{Arg: k, Kind: other.kind, From: written, To: other.to, Value: v, start: at, end: at + len(found.to)})
				}
			}
			break
		}
	}
	return out
}

// wordIndex is where needle first stands alone in hay (no letter or
// digit right before or after it); -1 when it does not.
func wordIndex(hay, needle string) int {
	for from := 0; needle != "" && from <= len(hay)-len(needle); {
		i := strings.Index(hay[from:], needle)
		if i < 0 {
			return -1
		}
		start, end := from+i, from+i+len(needle)
		if (start == 0 || !isAlnum(hay[start-1])) && (end == len(hay) || !isAlnum(hay[end])) {
			return start
		}
		from = start + 1
	}
	return -1
}

func isAlnum(b byte) bool {
	return b >= '0' && b <= '9' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z'
}

var trueFalse = regexp.MustCompile(`\b(true|false)\b`)

// booleans says a flag the request writes as "true" or "false" (requests
// seldom do; perturb.Mentions leaves flags out) as "yes" or "no", when
// the request has one flag of that value, so the word is surely its.
func booleans(byName map[string]toolschema.Arg, text string, values map[string]any) []Phrasing {
	var out []Phrasing
	for _, m := range trueFalse.FindAllStringSubmatchIndex(text, -1) {
		word := text[m[2]:m[3]]
		var arg string
		n := 0
		for name, v := range values {
			if b, ok := v.(bool); ok && b == (word == "true") && byName[name].Name != "" {
				arg, n = name, n+1
			}
		}
		if n == 1 {
			out = append(out, Phrasing{Arg: arg, Kind: BooleanWords, Value: word == "true", From: word, To: map[string]string{"true": "yes", "false": "no"}[word], start: m[2], end: m[3]})
		}
	}
	return out
}

// leafSchema is the schema of the value at the dotted path inside an
// argument whose schema is s (the items' schema of a list on the way).
func leafSchema(api *ir.API, s *ir.Schema, path string) *ir.Schema {
	parts := strings.Split(path, ".")
	s = items(api, s)
	for _, p := range parts[1:] {
		var next *ir.Schema
		if s != nil {
			for _, prop := range s.Properties {
				if prop.Name == p {
					next = prop.Schema
				}
			}
		}
		s = items(api, next)
	}
	return s
}

// items resolves s and, for a list, returns its items' schema resolved.
func items(api *ir.API, s *ir.Schema) *ir.Schema {
	if s == nil {
		return nil
	}
	s = api.Resolve(s)
	if s != nil && s.Kind == ir.KindArray && s.Items != nil {
		return api.Resolve(s.Items)
	}
	return s
}

type alternative struct{ kind, to string }

// sayOtherwise returns the other ways of saying value (written as
// written) that the argument's schema supports.
func sayOtherwise(api *ir.API, a toolschema.Arg, s *ir.Schema, written string, value any) []alternative {
	var out []alternative
	if s == nil {
		return nil
	}
	str, isString := value.(string)
	switch {
	case len(s.Enum) > 0 && isString:
		if words := strings.Join(names.Words(str), " "); strings.ContainsAny(str, "_-") && !strings.HasPrefix(str, "-") && words != "" {
			out = append(out, alternative{EnumWords, strings.ToLower(words)})
		}
		if up := strings.ToUpper(written); up != written {
			out = append(out, alternative{EnumCase, up})
		}
		if long := longForm(str, a.Description+" "+s.Description, s.Enum); long != "" {
			out = append(out, alternative{Abbreviation, long})
		}
	case s.Kind == ir.KindInteger || s.Kind == ir.KindNumber:
		if f, ok := number(value); ok && f >= 0 && f < 10000 && f == math.Trunc(f) {
			out = append(out, alternative{NumberWords, perturb.NumberWords(int(f))})
		}
	case isString:
		out = append(out, dates(s, str)...)
		if bare := withoutPrefix(str, exampleOf(a, s)); bare != "" {
			out = append(out, alternative{IDPrefix, bare})
		}
	}
	return out
}

func number(v any) (float64, bool) {
	switch x := v.(type) {
	case float64:
		return x, true
	case int:
		return float64(x), true
	case int64:
		return float64(x), true
	case string:
		f, err := strconv.ParseFloat(x, 64)
		return f, err == nil
	}
	return 0, false
}

// dates says a date or a date-time in the other common ways people write
// it; a string of another format gives nothing.
func dates(s *ir.Schema, v string) []alternative {
	if t, err := time.Parse("2006-01-02", v); err == nil && (s.Format == "" || s.Format == "date") {
		return dateForms(t, "January 2, 2006", "2 Jan 2006", "2 January 2006")
	}
	if t, err := time.Parse(time.RFC3339, v); err == nil {
		return dateForms(t.UTC(), "January 2, 2006 15:04 UTC", "2 January 2006 at 15:04 UTC", "2006-01-02 15:04:05Z")
	}
	return nil
}

// dateForms writes t in each layout.
func dateForms(t time.Time, layouts ...string) []alternative {
	out := make([]alternative, len(layouts))
	for i, l := range layouts {
		out[i] = alternative{DateFormat, t.Format(l)}
	}
	return out
}

// exampleOf is the argument's example, else its schema's, as a string.
func exampleOf(a toolschema.Arg, s *ir.Schema) string {
	for _, e := range []any{a.Example, s.Example} {
		if str, ok := e.(string); ok && str != "" {
			return str
		}
	}
	return ""
}

var idPrefix = regexp.MustCompile(`^([A-Za-z]{1,8}[-_])[0-9A-Za-z]`)

// withoutPrefix returns v without the prefix ("TCK-") that the example
// also starts with; "" when the example shows no prefix or v lacks it.
func withoutPrefix(v, example string) string {
	m := idPrefix.FindStringSubmatch(example)
	if m == nil || !strings.HasPrefix(v, m[1]) {
		return ""
	}
	rest := v[len(m[1]):]
	if !strings.ContainsAny(rest, "0123456789") {
		return "" // a word with a dash ("follow-up"), not an identifier
	}
	return rest
}

// abbreviations are well-known short forms and their long forms. One is
// used only where the argument's description or enum names the long
// form, so that nothing is assumed of an API that does not say it.
var abbreviations = map[string][]string{
	"asc": {"ascending"}, "desc": {"descending"}, "min": {"minimum"}, "max": {"maximum"},
	"avg": {"average"}, "info": {"information"}, "config": {"configuration"}, "env": {"environment"},
	"dev": {"development"}, "prod": {"production"}, "qty": {"quantity"}, "msg": {"message"},
	"num": {"number"}, "org": {"organization", "organisation"}, "repo": {"repository"},
	"admin": {"administrator"}, "auth": {"authentication", "authorization"}, "id": {"identifier"},
}

// longForm returns the long form of an abbreviated enum value when the
// description or another enum value names it; "" otherwise.
func longForm(v, description string, enum []any) string {
	longs := abbreviations[strings.ToLower(v)]
	doc := strings.ToLower(description)
	for _, e := range enum {
		if s, ok := e.(string); ok {
			doc += " " + strings.ToLower(s)
		}
	}
	words := map[string]bool{}
	for _, w := range names.Words(doc) {
		words[strings.ToLower(w)] = true
	}
	for _, l := range longs {
		if words[l] {
			return l
		}
	}
	return ""
}
