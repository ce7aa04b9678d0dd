package cases

import (
	"encoding/base64"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/agentready/agentready/gen/describe/prose"
	"github.com/agentready/agentready/gen/example"
	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/gen/toolschema"
	"github.com/agentready/agentready/internal/english"
)

// valueGen makes varied, valid values from schemas with a seeded source
// of randomness. Every value it returns satisfies its schema
// (example.Valid); where its own construction fails it falls back to
// gen/example's deterministic value.
type valueGen struct {
	api *ir.API
	rng *rand.Rand
	// path holds the named types being built, to stop at recursion.
	path []string
	// spent counts the values made for one case (a valueGen makes one
	// case's arguments): past maxCaseValues, gen/example's least value
	// is taken.
	spent int
}

// fill says which optional properties of nested objects a scenario
// fills.
type fill int

const (
	fillRequired fill = iota // required properties only
	fillSome                 // required plus a seeded subset
	fillAll                  // every property
)

func (f fill) mode() example.Mode {
	if f == fillAll {
		return example.All
	}
	return example.RequiredOnly
}

// arg returns a value for a top-level argument. first is set for the
// first case of a scenario, which shows the spec's own example when there
// is one; later cases vary between the examples, the default and
// synthesized values.
func (g *valueGen) arg(a toolschema.Arg, f fill, first bool) (any, SourceKind) {
	var examples []any
	for _, e := range []any{a.Example, exampleOf(a.Schema), exampleOf(g.api.Resolve(a.Schema))} {
		if e == nil || containsValue(examples, e) {
			continue
		}
		if example.Valid(g.api, a.Schema, e) {
			examples = append(examples, e)
		}
	}
	var def any
	for _, d := range []any{defaultOf(a.Schema), defaultOf(g.api.Resolve(a.Schema))} {
		if d != nil && scalar(d) && example.Valid(g.api, a.Schema, d) {
			def = d
			break
		}
	}
	r := g.rng.Float64()
	switch {
	case len(examples) > 0 && (first || r < 0.3):
		return examples[g.rng.IntN(len(examples))], FromExample
	case def != nil && (first || r < 0.45):
		return def, FromDefault
	}
	return g.value(a.Schema, a.Name, a.Description, f, 0), FromSynthesized
}

func exampleOf(s *ir.Schema) any {
	if s == nil {
		return nil
	}
	return s.Example
}

func defaultOf(s *ir.Schema) any {
	if s == nil {
		return nil
	}
	return s.Default
}

func scalar(v any) bool {
	switch v.(type) {
	case map[string]any, []any:
		return false
	}
	return true
}

// value makes a valid value of use; name and desc (the argument's or
// property's) shape strings.
func (g *valueGen) value(use *ir.Schema, name, desc string, f fill, depth int) any {
	s := g.api.Resolve(use)
	if use == nil || s == nil {
		return g.text(name)
	}
	if ref := use.Ref; ref != "" {
		for _, id := range g.path {
			if id == ref {
				if use.Nullable || s.Nullable {
					return nil
				}
				return example.Budgeted(g.api, use, name, example.RequiredOnly, &g.spent)
			}
		}
		g.path = append(g.path, ref)
		defer func() { g.path = g.path[:len(g.path)-1] }()
	}
	if g.spent++; depth > 16 || g.spent > maxCaseValues {
		return example.Budgeted(g.api, use, name, example.RequiredOnly, &g.spent)
	}
	if desc == "" {
		desc = s.Description
	}
	v := g.make(use, s, name, desc, f, depth)
	if str, ok := v.(string); ok {
		g.spent += len(str) / 64
	}
	if !g.valid(use, v, depth) {
		return example.Budgeted(g.api, use, name, f.mode(), &g.spent)
	}
	return v
}

// maxCaseValues bounds the values made for the arguments of a case (each
// string counting one more per 64 bytes). A case's utterance says every
// value its call needs, and nobody types a request of a thousand fields:
// DocuSign's bodies, filled whole, made utterances of 500 KB and 8,000
// cases of 250 MB. Past it, gen/example's least value (required fields
// only) is taken.
const maxCaseValues = 200

// valid checks v against use. An object or array below the argument is
// not checked as a whole: each value in it was, and the argument's own
// check covers what it adds; checking every level again would cost the
// value's size times its depth.
func (g *valueGen) valid(use *ir.Schema, v any, depth int) bool {
	if depth > 0 {
		switch v.(type) {
		case map[string]any, []any:
			return true
		}
	}
	return example.Valid(g.api, use, v)
}

func (g *valueGen) make(use, s *ir.Schema, name, desc string, f fill, depth int) any {
	if len(s.Enum) > 0 {
		var ok []any
		for _, e := range s.Enum {
			if e != nil && example.Valid(g.api, use, e) {
				ok = append(ok, e)
			}
		}
		if len(ok) == 0 {
			return s.Enum[0]
		}
		return ok[g.rng.IntN(len(ok))]
	}
	switch s.Kind {
	case ir.KindString:
		return g.str(s, name, desc)
	case ir.KindInteger, ir.KindNumber:
		return g.number(s, name)
	case ir.KindBoolean:
		return g.rng.IntN(2) == 0
	case ir.KindNull:
		return nil
	case ir.KindArray:
		return g.array(s, name, desc, f, depth)
	case ir.KindObject:
		return g.object(s, f, depth)
	case ir.KindUnion:
		var vars []*ir.Schema
		for _, v := range s.Variants {
			if r := g.api.Resolve(v); r != nil && r.Kind != ir.KindNull {
				vars = append(vars, v)
			}
		}
		if len(vars) == 0 {
			return nil
		}
		start := g.rng.IntN(len(vars))
		for i := range vars {
			v := vars[(start+i)%len(vars)]
			if x := g.value(v, name, desc, f, depth+1); g.valid(v, x, depth) {
				return x
			}
		}
		return example.Budgeted(g.api, use, name, f.mode(), &g.spent)
	}
	return g.text(name)
}

// str makes a string of s: a value of its format, a string matching its
// pattern, or text suited to its name, fitted to the length bounds.
func (g *valueGen) str(s *ir.Schema, name, desc string) any {
	if v, ok := g.format(s.Format, name, desc); ok {
		if c := fitLength(s, v); example.Valid(g.api, s, c) {
			return c
		}
	}
	if s.Pattern != "" && toolschema.ValidPattern(s.Pattern) {
		if c := fitLength(s, g.text(name)); example.Valid(g.api, s, c) {
			return c
		}
		for range 4 {
			if v, ok := randomMatch(g.rng, s.Pattern); ok {
				if c := fitLength(s, v); example.Valid(g.api, s, c) {
					return c
				}
			}
		}
		if v, ok := example.FromPattern(s.Pattern); ok {
			if c := fitLength(s, v); example.Valid(g.api, s, c) {
				return c
			}
		}
	}
	return fitLength(s, g.text(name))
}

// fitLength pads or cuts c to s's length bounds.
func fitLength(s *ir.Schema, c string) string {
	n := int64(utf8.RuneCountInString(c))
	if s.MinLength != nil && n < *s.MinLength {
		c += strings.Repeat("x", int(min(*s.MinLength-n, example.MaxLength)))
	}
	if s.MaxLength != nil && int64(utf8.RuneCountInString(c)) > *s.MaxLength {
		c = strings.TrimSpace(string([]rune(c)[:max(*s.MaxLength, 0)]))
		for int64(utf8.RuneCountInString(c)) < *s.MaxLength && s.MinLength != nil && int64(utf8.RuneCountInString(c)) < *s.MinLength {
			c += "x"
		}
	}
	return c
}

// future reports whether a description asks for a time in the future.
func future(desc string) bool {
	d := strings.ToLower(desc)
	return strings.Contains(d, "future") && !strings.Contains(d, "not in the future") && !strings.Contains(d, "not be in the future")
}

// format makes a value of a string format; ok is false for formats it
// does not know.
func (g *valueGen) format(format, name, desc string) (string, bool) {
	switch format {
	case "date-time", "date", "time":
		t := g.instant(future(desc))
		switch format {
		case "date":
			return t.Format(time.DateOnly), true
		case "time":
			return t.Format("15:04:05Z"), true
		}
		return t.Format(time.RFC3339), true
	case "email", "idn-email":
		p := people[g.rng.IntN(len(people))]
		return emailOf(p, domains[g.rng.IntN(len(domains))]), true
	case "uuid":
		var b [16]byte
		for i := range b {
			b[i] = byte(g.rng.UintN(256))
		}
		b[6] = b[6]&0x0f | 0x40
		b[8] = b[8]&0x3f | 0x80
		return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:16]), true
	case "uri", "url", "iri", "uri-reference", "iri-reference":
		return "https://" + domains[g.rng.IntN(len(domains))] + "/" + words[g.rng.IntN(len(words))], true
	case "hostname":
		return words[g.rng.IntN(len(words))] + "." + domains[g.rng.IntN(len(domains))], true
	case "ipv4":
		return fmt.Sprintf("192.0.2.%d", 1+g.rng.IntN(254)), true
	case "ipv6":
		return fmt.Sprintf("2001:db8::%x", 1+g.rng.IntN(0xfffe)), true
	case "byte":
		return base64.StdEncoding.EncodeToString([]byte(words[g.rng.IntN(len(words))])), true
	case "duration":
		return fmt.Sprintf("PT%dH", 1+g.rng.IntN(48)), true
	case "password":
		return fmt.Sprintf("S3cret-%04d", g.rng.IntN(10000)), true
	}
	return "", false
}

// instant returns a time at a whole minute: in 2024-2025, or in 2030-2031
// for values that must lie in the future. Fixed windows keep the output
// independent of the clock.
func (g *valueGen) instant(fut bool) time.Time {
	base := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
	if fut {
		base = time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)
	}
	day := g.rng.IntN(730)
	minute := (8+g.rng.IntN(10))*60 + 15*g.rng.IntN(4)
	return base.AddDate(0, 0, day).Add(time.Duration(minute) * time.Minute)
}

// pagingWords name arguments that page through results: their values stay
// small, so that a case does not ask for a page beyond the data.
var pagingWords = map[string]bool{"page": true, "offset": true, "skip": true, "start": true, "cursor": true}

// sizeWords name arguments that bound how many results come back.
var sizeWords = map[string]bool{"limit": true, "size": true, "count": true, "max": true, "top": true, "first": true, "last": true}

// number makes a number in s's range, on its multipleOf grid; paging
// arguments stay near their minimum and page sizes at most 50.
func (g *valueGen) number(s *ir.Schema, name string) any {
	lo, hi := math.Inf(-1), math.Inf(1)
	if s.Minimum != nil {
		lo = *s.Minimum
	}
	if s.Maximum != nil {
		hi = *s.Maximum
	}
	step := 1.0
	if s.MultipleOf != nil && *s.MultipleOf > 0 {
		step = *s.MultipleOf
	}
	if s.Kind == ir.KindInteger {
		step = math.Max(1, math.Ceil(step))
	}
	if s.ExclusiveMinimum && !math.IsInf(lo, -1) {
		lo += step
	}
	if s.ExclusiveMaximum && !math.IsInf(hi, 1) {
		hi -= step
	}
	if s.Format == "unix-time" || s.Format == "unixtime" || s.Format == "timestamp" {
		if math.IsInf(lo, -1) {
			lo = 1704067200
		}
	}
	ws := prose.Words(name)
	last := ""
	if len(ws) > 0 {
		last = strings.ToLower(ws[len(ws)-1])
	}
	switch {
	case math.IsInf(lo, -1) && math.IsInf(hi, 1):
		lo, hi = 1, 100
	case math.IsInf(lo, -1):
		lo = math.Max(hi-100, math.Min(0, hi))
	case math.IsInf(hi, 1):
		hi = lo + 100
	}
	switch {
	case pagingWords[last]:
		hi = math.Min(hi, lo+2*step)
	case sizeWords[last] || strings.HasPrefix(strings.ToLower(name), "per") || strings.HasPrefix(strings.ToLower(name), "max"):
		hi = math.Min(hi, math.Max(lo, 50))
	default:
		hi = math.Min(hi, lo+1000*step)
	}
	var v float64
	if s.Kind == ir.KindInteger || s.MultipleOf != nil {
		first := math.Ceil(lo/step) * step
		n := int(math.Floor((hi-first)/step)) + 1
		if n < 1 || n > 1001 || math.IsInf(first, 0) || math.IsNaN(first) {
			return example.Budgeted(g.api, s, name, example.RequiredOnly, &g.spent)
		}
		v = first + float64(g.rng.IntN(n))*step
	} else {
		v = math.Round((lo+g.rng.Float64()*(hi-lo))*100) / 100
	}
	return v
}

func (g *valueGen) array(s *ir.Schema, name, desc string, f fill, depth int) any {
	lo, hi := int64(1), int64(3)
	if f == fillRequired {
		hi = 1
	}
	if s.MinItems != nil {
		lo = max(lo, *s.MinItems)
		hi = max(hi, lo)
	}
	if s.MaxItems != nil {
		hi = min(hi, *s.MaxItems)
		lo = min(lo, hi)
	}
	lo, hi = min(lo, example.MaxItems), min(hi, example.MaxItems)
	n := lo
	if hi > lo {
		n += g.rng.Int64N(hi - lo + 1)
	}
	item := english.Singular(name)
	out := make([]any, 0, n)
	for tries := 0; int64(len(out)) < n && tries < int(n)*4+4; tries++ {
		v := g.value(s.Items, item, "", f, depth+1)
		if containsValue(out, v) {
			if s.UniqueItems {
				continue
			}
			// Repeated items read oddly even where allowed.
			if tries < int(n)*2 {
				continue
			}
		}
		out = append(out, v)
	}
	return out
}

func (g *valueGen) object(s *ir.Schema, f fill, depth int) any {
	out := map[string]any{}
	props := toolschema.InputProperties(s)
	minProps, maxProps := example.PropertyCounts(s)
	for _, p := range props {
		if p.Required {
			out[p.Name] = g.value(p.Schema, p.Name, "", f, depth+1)
		}
	}
	for _, p := range props {
		if p.Required || int64(len(out)) >= maxProps || example.Recurses(g.api, p.Schema, g.path) {
			continue
		}
		take := f == fillAll || f == fillSome && g.rng.IntN(2) == 0 || int64(len(out)) < minProps
		if take {
			out[p.Name] = g.value(p.Schema, p.Name, "", f, depth+1)
		}
	}
	if len(props) == 0 && s.AdditionalProperties != nil && maxProps > 0 && f != fillRequired {
		k := words[g.rng.IntN(len(words))]
		out[k] = g.value(s.AdditionalProperties, k, "", f, depth+1)
	}
	return out
}

// text makes a plain string suited to what the name says it holds: a
// person's name, a title, a sentence, search words, a place; otherwise
// the name's words and a number.
func (g *valueGen) text(name string) string {
	ws := prose.Words(name)
	for i := range ws {
		ws[i] = strings.ToLower(ws[i])
	}
	last := ""
	if len(ws) > 0 {
		last = ws[len(ws)-1]
	}
	has := func(w string) bool {
		for _, x := range ws {
			if x == w {
				return true
			}
		}
		return false
	}
	pick := func(pool []string) string { return pool[g.rng.IntN(len(pool))] }
	switch {
	case last == "email" || last == "mail":
		return emailOf(pick(people), pick(domains))
	case has("name") && (len(ws) == 1 || has("full") || has("display") || has("user") || has("person") || has("first") || has("last")):
		p := pick(people)
		switch {
		case has("first"):
			return strings.Fields(p)[0]
		case has("last"):
			f := strings.Fields(p)
			return f[len(f)-1]
		}
		return p
	case last == "title" || last == "summary" || last == "subject" || last == "headline":
		return pick(titles)
	case last == "description" || last == "body" || last == "comment" || last == "message" || last == "note" ||
		last == "notes" || last == "reason" || last == "resolution" || last == "text" || last == "content" || last == "details":
		return pick(sentences)
	case last == "q" || last == "query" || last == "search" || last == "keyword" || last == "keywords" || last == "term" || last == "terms":
		return pick(searchTerms)
	case last == "location" || last == "city" || last == "office" || last == "site":
		return pick(cities)
	case last == "country":
		return pick(countries)
	case last == "currency":
		return pick([]string{"EUR", "USD", "GBP", "JPY"})
	case last == "language" || last == "locale" || last == "lang":
		return pick([]string{"en", "de", "fr", "es"})
	case last == "color" || last == "colour":
		return pick([]string{"red", "green", "blue", "black"})
	case last == "phone" || last == "mobile":
		return fmt.Sprintf("+4930%07d", g.rng.IntN(10000000))
	case last == "tag" || last == "label" || last == "tags" || last == "labels" || last == "category":
		return pick(words)
	}
	if len(ws) == 0 {
		ws = []string{"value"}
	}
	return strings.Join(ws, "-") + "-" + fmt.Sprint(1+g.rng.IntN(99))
}

func emailOf(person, domain string) string {
	return strings.ToLower(strings.ReplaceAll(person, " ", ".")) + "@" + domain
}

// The pools synthesized text is drawn from: plain, neutral and fictional.
var (
	people = []string{"Ada Okafor", "Liam Chen", "Sofia Rossi", "Noah Fischer", "Priya Nair", "Mateo Garcia",
		"Hannah Schmidt", "Kenji Tanaka", "Amara Mensah", "Lucas Martin", "Elena Petrova", "Omar Haddad"}
	domains     = []string{"example.com", "example.org", "example.net"}
	words       = []string{"alpha", "billing", "onboarding", "laptop", "network", "archive", "printer", "travel", "payroll", "security"}
	cities      = []string{"Berlin", "London", "Lisbon", "Austin", "Singapore", "Toronto", "Nairobi", "Sydney"}
	countries   = []string{"Germany", "United Kingdom", "Portugal", "Canada", "Kenya", "Japan"}
	searchTerms = []string{"printer", "password reset", "invoice", "vpn", "onboarding", "monitor", "email", "license"}
	titles      = []string{"Cannot connect to the VPN from home", "Printer on the third floor is jammed",
		"Request for a second monitor", "Password reset does not arrive", "Laptop fan is very loud",
		"Access to the finance share", "Outlook keeps asking for my password", "New starter needs an account"}
	sentences = []string{"It started this morning after the update.", "Tried restarting twice, no change.",
		"Please have a look when you can.", "This blocks the whole team.", "Works on Wi-Fi but not on the cable.",
		"Happens every day around noon.", "The error message says access denied.", "Sorted, thanks for the quick help."}
)

// containsValue reports whether vs holds a value equal to v as JSON.
func containsValue(vs []any, v any) bool {
	for _, x := range vs {
		if equalJSON(x, v) {
			return true
		}
	}
	return false
}

func equalJSON(a, b any) bool { return canon(a) == canon(b) }
