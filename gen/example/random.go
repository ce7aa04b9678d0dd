package example

import (
	"encoding/base64"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/agentready/agentready/gen/describe/prose"
	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/gen/toolschema"
	"github.com/agentready/agentready/internal/english"
)

// Random makes varied values from schemas with a seeded source of
// randomness: equal seeds (and equal calls) give equal values. Every
// value it returns satisfies its schema (Valid); where its own
// construction fails it falls back to the deterministic value (Value).
//
// It holds to the same caps as the rest of the package (MaxItems,
// MaxLength, MaxProperties, nesting depth, MaxValues), and to a budget
// of values shared by all its calls (NewRandom): past the budget it makes
// the deterministic least values (Budgeted, RequiredOnly) only, whatever
// the spec's numbers say.
//
// The mode says which properties of nested objects are filled:
// RequiredOnly the required ones (and arrays hold one item), Typical the
// required plus a seeded half of the optional ones, All every one.
//
// A Random is not safe for use by several goroutines at once.
type Random struct {
	api    *ir.API
	rng    *rand.Rand
	budget int
	// path holds the named types being built, to stop at recursion.
	path []string
	// spent counts the values made: past budget, the least value
	// (Budgeted, RequiredOnly) is taken.
	spent int
}

// NewRandom returns a Random drawing on rng (seed it with
// rand.New(rand.NewPCG(seed, stream)) for repeatable values; nil is
// seed 0). budget is the most values (each string counting one more per
// 64 characters) it makes over all its calls before it turns to least
// values; 0 or more than MaxValues means MaxValues.
func NewRandom(api *ir.API, rng *rand.Rand, budget int) *Random {
	if budget <= 0 || budget > MaxValues {
		budget = MaxValues
	}
	if rng == nil {
		rng = rand.New(rand.NewPCG(0, 0))
	}
	return &Random{api: api, rng: rng, budget: budget}
}

// Origin says where a value Random.Arg returns came from.
type Origin int

// The origins.
const (
	// Made is synthesized from the schema.
	Made Origin = iota
	// SpecExample is an example the spec gives: the parameter's or the
	// schema's.
	SpecExample
	// SpecDefault is the schema's default.
	SpecDefault
)

// Arg returns a value for a top-level argument. first is set for the
// first value of a series (the first case of a scenario), which shows the
// spec's own example or, failing that, its default when there is one;
// later calls vary between the examples, the default and synthesized
// values. Only examples and scalar defaults that are valid are taken.
func (r *Random) Arg(a toolschema.Arg, mode Mode, first bool) (any, Origin) {
	var examples []any
	for _, e := range []any{a.Example, exampleOf(a.Schema), exampleOf(r.api.Resolve(a.Schema))} {
		if e == nil || containsValue(examples, e) {
			continue
		}
		if Valid(r.api, a.Schema, e) {
			examples = append(examples, e)
		}
	}
	var def any
	for _, d := range []any{defaultOf(a.Schema), defaultOf(r.api.Resolve(a.Schema))} {
		if d != nil && Scalar(d) && Valid(r.api, a.Schema, d) {
			def = d
			break
		}
	}
	x := r.rng.Float64()
	switch {
	case len(examples) > 0 && (first || x < 0.3):
		return examples[r.rng.IntN(len(examples))], SpecExample
	case def != nil && (first || x < 0.45):
		return def, SpecDefault
	}
	return r.Value(a.Schema, a.Name, a.Description, mode), Made
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

// Scalar reports whether v, a decoded JSON value, is neither an object
// nor a list.
func Scalar(v any) bool {
	switch v.(type) {
	case map[string]any, []any:
		return false
	}
	return true
}

// OriginOf says whether v is the spec's example or default for argument
// a (Arg's choices), or neither: Made.
func OriginOf(api *ir.API, a toolschema.Arg, v any) Origin {
	s := api.Resolve(a.Schema)
	for _, e := range []any{a.Example, exampleOf(a.Schema), exampleOf(s)} {
		if e != nil && equal(e, v) {
			return SpecExample
		}
	}
	for _, d := range []any{defaultOf(a.Schema), defaultOf(s)} {
		if d != nil && equal(d, v) {
			return SpecDefault
		}
	}
	return Made
}

// containsValue reports whether vs holds a value equal to v.
func containsValue(vs []any, v any) bool {
	for _, x := range vs {
		if equal(x, v) {
			return true
		}
	}
	return false
}

// Value returns a random valid value of use; name and desc (the
// argument's or property's name and the spec's text on it) shape
// strings: an email for "email", a person for "full_name", a time in the
// future where desc asks for one.
func (r *Random) Value(use *ir.Schema, name, desc string, mode Mode) any {
	return r.value(use, name, desc, mode, 0)
}

func (r *Random) value(use *ir.Schema, name, desc string, mode Mode, depth int) any {
	s := r.api.Resolve(use)
	if use == nil || s == nil {
		return r.text(name, desc)
	}
	if ref := use.Ref; ref != "" {
		for _, id := range r.path {
			if id == ref {
				if use.Nullable || s.Nullable {
					return nil
				}
				return r.least(use, name, RequiredOnly)
			}
		}
		r.path = append(r.path, ref)
		defer func() { r.path = r.path[:len(r.path)-1] }()
	}
	if r.spent++; depth > maxRandomDepth || r.spent > r.budget {
		return r.least(use, name, RequiredOnly)
	}
	if desc == "" {
		desc = s.Description
	}
	v := r.make(use, s, name, desc, mode, depth)
	if str, ok := v.(string); ok {
		r.spent += len(str) / 64
	}
	if !r.valid(use, v, depth) {
		return r.least(use, name, fillMode(mode))
	}
	return v
}

// maxRandomDepth is how deep a random value nests before least values
// are taken.
const maxRandomDepth = 16

// fillMode is the deterministic mode a fallback for mode takes: All
// stays All, the others take the required properties only.
func fillMode(mode Mode) Mode {
	if mode == All {
		return All
	}
	return RequiredOnly
}

// least is the deterministic value of use, drawing on r's budget.
func (r *Random) least(use *ir.Schema, name string, mode Mode) any {
	return Budgeted(r.api, use, name, mode, &r.spent)
}

// valid checks v against use. An object or array below the top is not
// checked as a whole: each value in it was, and the top's own check
// covers what it adds; checking every level again would cost the value's
// size times its depth.
func (r *Random) valid(use *ir.Schema, v any, depth int) bool {
	if depth > 0 {
		switch v.(type) {
		case map[string]any, []any:
			return true
		}
	}
	return Valid(r.api, use, v)
}

func (r *Random) make(use, s *ir.Schema, name, desc string, mode Mode, depth int) any {
	if len(s.Enum) > 0 {
		var ok []any
		for _, e := range s.Enum {
			if e != nil && Valid(r.api, use, e) {
				ok = append(ok, e)
			}
		}
		if len(ok) == 0 {
			return s.Enum[0]
		}
		return ok[r.rng.IntN(len(ok))]
	}
	switch s.Kind {
	case ir.KindString:
		return r.str(s, name, desc)
	case ir.KindInteger, ir.KindNumber:
		return r.number(s, name)
	case ir.KindBoolean:
		return r.rng.IntN(2) == 0
	case ir.KindNull:
		return nil
	case ir.KindArray:
		return r.array(s, name, mode, depth)
	case ir.KindObject:
		return r.object(s, mode, depth)
	case ir.KindUnion:
		var vars []*ir.Schema
		for _, v := range s.Variants {
			if x := r.api.Resolve(v); x != nil && x.Kind != ir.KindNull {
				vars = append(vars, v)
			}
		}
		if len(vars) == 0 {
			return nil
		}
		start := r.rng.IntN(len(vars))
		for i := range vars {
			v := vars[(start+i)%len(vars)]
			if x := r.value(v, name, desc, mode, depth+1); r.valid(v, x, depth) {
				return x
			}
		}
		return r.least(use, name, fillMode(mode))
	}
	return r.text(name, desc)
}

// str makes a string of s: a value of its format, a string matching its
// pattern, or text suited to its name, fitted to the length bounds.
func (r *Random) str(s *ir.Schema, name, desc string) any {
	if v, ok := r.format(s.Format, desc); ok {
		if c := fitTrimmed(s, v); Valid(r.api, s, c) {
			return c
		}
	}
	if s.Pattern != "" && toolschema.ValidPattern(s.Pattern) {
		if c := fitTrimmed(s, r.text(name, desc)); Valid(r.api, s, c) {
			return c
		}
		for range 4 {
			if v, ok := randomMatch(r.rng, s.Pattern); ok {
				if c := fitTrimmed(s, v); Valid(r.api, s, c) {
					return c
				}
			}
		}
		if v, ok := FromPattern(s.Pattern); ok {
			if c := fitTrimmed(s, v); Valid(r.api, s, c) {
				return c
			}
		}
	}
	return fitTrimmed(s, r.text(name, desc))
}

// fitTrimmed is fitLength, with a string that had to be cut to
// maxLength trimmed of spaces at its ends (and padded back up to
// minLength when that made it too short): random text is words, and a
// cut can end on a space.
func fitTrimmed(s *ir.Schema, c string) string {
	c = padLength(s, c)
	if s.MaxLength == nil || int64(utf8.RuneCountInString(c)) <= *s.MaxLength {
		return c
	}
	c = strings.TrimSpace(string([]rune(c)[:max(*s.MaxLength, 0)]))
	for int64(utf8.RuneCountInString(c)) < *s.MaxLength && s.MinLength != nil && int64(utf8.RuneCountInString(c)) < *s.MinLength {
		c += "x"
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
func (r *Random) format(format, desc string) (string, bool) {
	switch format {
	case "date-time", "date", "time":
		t := r.instant(future(desc))
		switch format {
		case "date":
			return t.Format(time.DateOnly), true
		case "time":
			return t.Format("15:04:05Z"), true
		}
		return t.Format(time.RFC3339), true
	case "email", "idn-email":
		p := r.pick(people)
		return emailOf(p, r.pick(domains)), true
	case "uuid":
		var b [16]byte
		for i := range b {
			b[i] = byte(r.rng.UintN(256))
		}
		b[6] = b[6]&0x0f | 0x40
		b[8] = b[8]&0x3f | 0x80
		return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:16]), true
	case "uri", "url", "iri", "uri-reference", "iri-reference":
		d := r.pick(domains)
		return "https://" + d + "/" + r.pick(words), true
	case "hostname":
		w := r.pick(words)
		return w + "." + r.pick(domains), true
	case "ipv4":
		return fmt.Sprintf("192.0.2.%d", 1+r.rng.IntN(254)), true
	case "ipv6":
		return fmt.Sprintf("2001:db8::%x", 1+r.rng.IntN(0xfffe)), true
	case "byte":
		return base64.StdEncoding.EncodeToString([]byte(r.pick(words))), true
	case "duration":
		return fmt.Sprintf("PT%dH", 1+r.rng.IntN(48)), true
	case "password":
		return fmt.Sprintf("S3cret-%04d", r.rng.IntN(10000)), true
	}
	return "", false
}

// instant returns a time at a whole minute: in 2024-2025, or in 2030-2031
// for values that must lie in the future. Fixed windows keep the output
// independent of the clock.
func (r *Random) instant(fut bool) time.Time {
	base := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
	if fut {
		base = time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)
	}
	day := r.rng.IntN(730)
	minute := (8+r.rng.IntN(10))*60 + 15*r.rng.IntN(4)
	return base.AddDate(0, 0, day).Add(time.Duration(minute) * time.Minute)
}

// pagingWords name arguments that page through results: their values stay
// small, so that a value does not ask for a page beyond the data.
var pagingWords = map[string]bool{"page": true, "offset": true, "skip": true, "start": true, "cursor": true}

// Paging reports whether word (lower case), the last word of an
// argument's name, names an argument that pages through results: page,
// offset, skip, start or cursor.
func Paging(word string) bool { return pagingWords[word] }

// sizeWords name arguments that bound how many results come back.
var sizeWords = map[string]bool{"limit": true, "size": true, "count": true, "max": true, "top": true, "first": true, "last": true}

// number makes a number in s's range, on its multipleOf grid; paging
// arguments stay near their minimum and page sizes at most 50.
func (r *Random) number(s *ir.Schema, name string) any {
	lo, hi := numberRange(s)
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
	if (s.Format == "unix-time" || s.Format == "unixtime" || s.Format == "timestamp") && math.IsInf(lo, -1) {
		lo = 1704067200
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
	lower := strings.ToLower(name)
	switch {
	case pagingWords[last]:
		hi = math.Min(hi, lo+2*step)
	case sizeWords[last] || strings.HasPrefix(lower, "per") || strings.HasPrefix(lower, "max"):
		hi = math.Min(hi, math.Max(lo, 50))
	default:
		hi = math.Min(hi, lo+1000*step)
	}
	if s.Kind == ir.KindInteger || s.MultipleOf != nil {
		first := math.Ceil(lo/step) * step
		n := int(math.Floor((hi-first)/step)) + 1
		if n < 1 || n > 1001 || math.IsInf(first, 0) || math.IsNaN(first) {
			return r.least(s, name, RequiredOnly)
		}
		return first + float64(r.rng.IntN(n))*step
	}
	return math.Round((lo+r.rng.Float64()*(hi-lo))*100) / 100
}

func (r *Random) array(s *ir.Schema, name string, mode Mode, depth int) any {
	lo, hi := int64(1), int64(3)
	if mode == RequiredOnly {
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
	lo, hi = min(lo, MaxItems), min(hi, MaxItems)
	n := lo
	if hi > lo {
		n += r.rng.Int64N(hi - lo + 1)
	}
	item := english.Singular(name)
	out := make([]any, 0, n)
	for tries := 0; int64(len(out)) < n && tries < int(n)*4+4; tries++ {
		v := r.value(s.Items, item, "", mode, depth+1)
		// Repeated items read oddly even where allowed: they are passed
		// over for a while, and always where items must be unique.
		if containsValue(out, v) && (s.UniqueItems || tries < int(n)*2) {
			continue
		}
		out = append(out, v)
	}
	return out
}

func (r *Random) object(s *ir.Schema, mode Mode, depth int) any {
	out := map[string]any{}
	props := toolschema.InputProperties(s)
	minProps, maxProps := PropertyCounts(s)
	for _, p := range props {
		if p.Required {
			out[p.Name] = r.value(p.Schema, p.Name, "", mode, depth+1)
		}
	}
	for _, p := range props {
		if p.Required || int64(len(out)) >= maxProps || Recurses(r.api, p.Schema, r.path) {
			continue
		}
		take := mode == All || mode == Typical && r.rng.IntN(2) == 0 || int64(len(out)) < minProps
		if take {
			out[p.Name] = r.value(p.Schema, p.Name, "", mode, depth+1)
		}
	}
	if len(props) == 0 && s.AdditionalProperties != nil && maxProps > 0 && mode != RequiredOnly {
		k := r.pick(words)
		out[k] = r.value(s.AdditionalProperties, k, "", mode, depth+1)
	}
	return out
}

// pick returns a random string of pool.
func (r *Random) pick(pool []string) string { return pool[r.rng.IntN(len(pool))] }

// text makes a plain string suited to what the name says it holds: a
// person's name, a title, a sentence, search words, a place; for a
// name whose typical value (text.go) is one of a kind people give
// several of (an owner, a repo, a branch, an environment: variants), one
// of those, and a number for an identifier (comment_id); otherwise the name's words and a number. A bare "name" whose description says
// what it names ("name of the Deployment") is a person's name only when
// that thing is a person; anything else gets a name such things are
// given ("billing-api"), as nobody calls a deployment "Priya Nair".
func (r *Random) text(name, desc string) string {
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
	switch {
	case last == "email" || last == "mail":
		p := r.pick(people)
		return emailOf(p, r.pick(domains))
	case len(ws) == 1 && last == "name" && namesAThing(desc):
		return r.pick(thingNames)
	case has("name") && (len(ws) == 1 || has("full") || has("display") || has("user") || has("person") || has("first") || has("last")):
		p := r.pick(people)
		switch {
		case has("first"):
			return strings.Fields(p)[0]
		case has("last"):
			f := strings.Fields(p)
			return f[len(f)-1]
		}
		return p
	case textPools[last] != nil:
		return r.pick(textPools[last])
	case last == "phone" || last == "mobile":
		return fmt.Sprintf("+4930%07d", r.rng.IntN(10000000))
	}
	if v, ok := typical(ws); ok {
		switch {
		case variants[v] != nil:
			return r.pick(variants[v])
		case v == formatValues["uuid"]:
			u, _ := r.format("uuid", "")
			return u
		case v == ident(strings.Join(ws, "_")):
			// An identifier people read off a page: a number, as the
			// generated code's examples show it.
			return fmt.Sprint(10000 + r.rng.IntN(90000))
		}
		if strings.Contains(v, slug) {
			return strings.ReplaceAll(v, slug, r.pick(thingNames))
		}
	}
	if len(ws) == 0 {
		ws = []string{"value"}
	}
	return strings.Join(ws, "-") + "-" + fmt.Sprint(1+r.rng.IntN(99))
}

// namesAThing reports whether desc says its name is the name of
// something other than a person: "name of the Deployment", "The name of
// a bucket." (a description that says nothing of what is named does not
// count).
func namesAThing(desc string) bool {
	d := strings.ToLower(desc)
	i := strings.Index(d, "name of ")
	if i < 0 {
		return false
	}
	rest := strings.Fields(d[i+len("name of "):])
	for len(rest) > 0 && (rest[0] == "the" || rest[0] == "a" || rest[0] == "an" || rest[0] == "this" || rest[0] == "your") {
		rest = rest[1:]
	}
	// The thing is the last word of the noun phrase: "the team members"
	// names members.
	head := ""
	for _, w := range rest {
		word := strings.TrimRight(w, ".,;:)'\"")
		if word == "" || phraseEnds[word] || !english.IsASCIIWord(word) {
			break
		}
		head = word
		if word != w {
			break
		}
	}
	noun := english.Singular(head)
	return head != "" && !personWords[noun] && !personRoles[noun]
}

// phraseEnds are words that end the noun phrase after "name of the".
var phraseEnds = map[string]bool{"to": true, "in": true, "that": true, "which": true, "for": true,
	"from": true, "with": true, "on": true, "of": true, "is": true, "as": true, "and": true, "or": true}

// personRoles are the roles people play that personWords leaves out: a
// thing described as "name of the speaker" is a person too.
var personRoles = map[string]bool{
	"owner": true, "agent": true, "participant": true, "speaker": true, "sender": true,
	"requester": true, "reporter": true, "holder": true, "creator": true, "reviewer": true,
	"signer": true, "player": true, "driver": true, "traveler": true, "passenger": true,
}

func emailOf(person, domain string) string {
	return strings.ToLower(strings.ReplaceAll(person, " ", ".")) + "@" + domain
}

// The pools random text is drawn from: plain, neutral and fictional.
var (
	people = []string{"Ada Okafor", "Liam Chen", "Sofia Rossi", "Noah Fischer", "Priya Nair", "Mateo Garcia",
		"Hannah Schmidt", "Kenji Tanaka", "Amara Mensah", "Lucas Martin", "Elena Petrova", "Omar Haddad"}
	domains    = []string{"example.com", "example.org", "example.net"}
	thingNames = []string{"billing-api", "web-frontend", "checkout", "ingest-worker", "payments-db",
		"search-index", "metrics-agent", "nightly-backup"}
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

// textPools maps the last word of a name to the pool its random text is
// drawn from.
var textPools = map[string][]string{
	"title": titles, "summary": titles, "subject": titles, "headline": titles,
	"description": sentences, "body": sentences, "comment": sentences, "message": sentences,
	"note": sentences, "notes": sentences, "reason": sentences, "resolution": sentences,
	"text": sentences, "content": sentences, "details": sentences,
	"q": searchTerms, "query": searchTerms, "search": searchTerms, "keyword": searchTerms,
	"keywords": searchTerms, "term": searchTerms, "terms": searchTerms,
	"location": cities, "city": cities, "office": cities, "site": cities,
	"country": countries, "currency": {"EUR", "USD", "GBP", "JPY"},
	"language": languages, "locale": languages, "lang": languages,
	"color": colors, "colour": colors,
	"tag": words, "label": words, "tags": words, "labels": words, "category": words,
}

var (
	languages = []string{"en", "de", "fr", "es"}
	colors    = []string{"red", "green", "blue", "black"}
)

// ThingName returns a name of the kind things are given ("billing-api"),
// from the pool Random's own text names things from.
func (r *Random) ThingName() string { return r.pick(thingNames) }

// Match returns a random string that matches pattern; ok is false when
// the pattern is not Go (RE2) syntax or no match could be built.
func (r *Random) Match(pattern string) (string, bool) { return randomMatch(r.rng, pattern) }
