// Package example builds arguments objects for a tool that are valid
// against its schema (gen/toolschema): the input example in a tool's
// description, and the starting point of generated test cases.
//
// A value comes from the spec when the spec has one that fits: the
// parameter's example, the body example's field, the schema's example or
// default, in that order, each used only if it satisfies every constraint
// (Valid) and holds no placeholder (see below). Otherwise it is made from
// the schema: an enum's first value (or the default when it is one of
// them), a string of the format ("2024-01-15T09:30:00Z",
// "user@example.com", ...), a string built to match the pattern, a number
// inside the range and on the multipleOf grid, one array item (more when
// minItems asks), and an object's required properties.
//
// A plain string is a realistic value for what the argument's name says
// it holds, so that an agent that copies it sends something of the right
// kind: "octocat" for owner, "billing-api" for repo, "PROJ-12" for
// issueIdOrKey, "Ada Okafor" for full_name, a sentence for description, a
// number such as "48213" for user_id or a path parameter the words do not
// tell, "my-pod" for the name of a pod. It is never a placeholder: a
// string equal to its own argument's or property's name (case, "_" and
// "-" aside), "string", "text" or "value" — neither made up nor taken
// from the spec, and an enum's value only when no other is valid. Nothing
// random is involved: equal input gives equal output.
//
// Three modes choose which arguments appear: RequiredOnly, Typical
// (required plus, when nothing is required, the optional argument an
// example shows best) and All (every argument, and every property of
// nested objects; a recursive type is entered once).
//
// Random is the seeded counterpart, for test cases and fuzzing: varied
// valid values (a person from a pool, a time in a fixed window, a number
// anywhere in range, a random string of the pattern), the same for the
// same seed, held to the same caps (MaxItems, MaxLength, MaxValues).
package example

import (
	"encoding/json"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/agentready/agentready/gen/describe/prose"
	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/gen/toolschema"
	"github.com/agentready/agentready/internal/english"
)

// Mode says which arguments an example holds.
type Mode int

// The modes.
const (
	// RequiredOnly holds the required arguments, and of nested objects
	// their required properties.
	RequiredOnly Mode = iota
	// Typical is RequiredOnly plus, when no argument is required, the
	// optional argument an example shows best (a scalar with a spec
	// example or a format first; paging, expansion, header and
	// deprecated arguments never), and for a required body none of whose
	// fields is required, the field that holds the content (an envelope
	// such as Asana's "data"). Scalars with a spec example or a format come
	// first; paging, expansion and header arguments last.
	//
	// A list shows only an optional argument the spec gives a value (an
	// example or default on the parameter, its schema or its items), so
	// often none: {}. A list is a read (GET or HEAD) with no required
	// argument: its optional arguments are filters, and a made-up filter
	// value narrows the list to nothing. This holds up where a rule on
	// the response would not. Of such reads that take arguments, 42 of
	// GitHub's 43 return a collection, 62 of Stripe's 63 and all 93 of
	// NetBox's; the others (GET /octocat, GET /v1/account) take only
	// options. Kubernetes' are lists and watches; Jira's, Slack's and
	// Spotify's include reads of one thing (GET /myself, /me/player) and
	// lists whose response schemas are loose, and their optional
	// arguments are options or filters just the same.
	Typical
	// All holds every argument, and every property of nested objects.
	All
)

// String names the mode.
func (m Mode) String() string {
	switch m {
	case RequiredOnly:
		return "required"
	case Typical:
		return "typical"
	case All:
		return "all"
	}
	return "mode?"
}

// Args returns the example for a tool's description: Build in Typical
// mode.
func Args(api *ir.API, op *ir.Operation) map[string]any {
	return Build(api, op, Typical)
}

// Build returns a valid arguments object for op in the given mode. Keys
// are tool argument names (gen/toolschema.Args); values are decoded JSON
// (string, float64, bool, nil, []any, map[string]any).
func Build(api *ir.API, op *ir.Operation, mode Mode) map[string]any {
	out := map[string]any{}
	for _, kv := range Ordered(api, op, mode) {
		out[kv.Name] = kv.Value
	}
	return out
}

// Arg is one argument of an example.
type Arg struct {
	Name  string
	Value any
}

// Ordered returns Build's arguments in the tool's argument order, for
// text that should read in that order. An optional argument no value
// within the caps can meet (Unmeetable) is left out; a required one
// leaves no example at all: nil.
func Ordered(api *ir.API, op *ir.Operation, mode Mode) []Arg {
	var args []toolschema.Arg
	for _, a := range toolschema.Args(api, op) {
		switch {
		case Unmeetable(api, a.Schema) == "":
			args = append(args, a)
		case a.Required:
			return nil
		}
	}
	g := &gen{api: api, mode: mode, spent: new(int)}
	pick := make([]bool, len(args))
	nreq := 0
	for i, a := range args {
		if a.Required || mode == All {
			pick[i] = true
		}
		if a.Required {
			nreq++
		}
	}
	if mode == Typical {
		want := 1
		if nreq >= typicalNoOptional {
			want = 0
		}
		list := nreq == 0 && (op.Method == "GET" || op.Method == "HEAD")
		type cand struct{ i, score int }
		var cands []cand
		for i, a := range args {
			if a.Required || list && !g.given(a) {
				// A list's optional arguments are filters: one the spec
				// gives no value for would narrow the list at random.
				continue
			}
			if sc := g.usefulness(a); sc >= minUseful {
				cands = append(cands, cand{i, sc})
			}
		}
		sort.SliceStable(cands, func(x, y int) bool { return cands[x].score > cands[y].score })
		for _, c := range cands[:min(want, len(cands))] {
			pick[c.i] = true
		}
		if i := g.bodyField(op, args); i >= 0 {
			pick[i] = true
		}
	}
	var out []Arg
	for i, a := range args {
		if !pick[i] {
			continue
		}
		g.subject, g.desc = subjectOf(op, a), a.Description
		g.inPath = a.Param != nil && a.Param.In == ir.InPath
		v := g.value(a.Schema, a.Name, []any{a.Example}, 0)
		g.inPath = false
		if _, isString := v.(string); isString && a.Param == nil && a.Property == nil && isAny(api, a.Schema) {
			// A body of any JSON value: an object is the likely shape.
			v = map[string]any{}
		}
		out = append(out, Arg{Name: a.Name, Value: v})
	}
	return out
}

// subjectOf is the words of what argument a of op is about: for a path
// parameter the literal segment before it ("members" in
// /orgs/{org}/members/{username}), for other arguments the path's last
// literal segment ("labels" in /repos/{owner}/{repo}/labels).
func subjectOf(op *ir.Operation, a toolschema.Arg) []string {
	segs := strings.Split(op.Path, "/")
	end := len(segs)
	if a.Param != nil && a.Param.In == ir.InPath {
		for i, seg := range segs {
			if seg == "{"+a.Param.Name+"}" {
				end = i
				break
			}
		}
	}
	for i := end - 1; i >= 0; i-- {
		if seg := segs[i]; seg != "" && !strings.Contains(seg, "{") {
			return prose.Words(seg)
		}
	}
	return nil
}

// given reports whether the spec gives a value for argument a: an
// example or a default that fits (see gen.givenValue), on the argument
// or, for an array, on its items.
func (g *gen) given(a toolschema.Arg) bool {
	s := g.api.Resolve(a.Schema)
	if s == nil {
		return false
	}
	if _, ok := g.givenValue(a.Schema, s, a.Name, []any{a.Example}); ok {
		return true
	}
	if it := g.api.Resolve(s.Items); s.Kind == ir.KindArray && it != nil {
		_, ok := g.givenValue(s.Items, it, english.Singular(a.Name), nil)
		return ok
	}
	return false
}

// bodyField returns the index of the flattened body field a Typical
// example shows for a required body none of whose fields is required (an
// envelope such as Asana's {"data": {...}}): the first field with required
// properties of its own, else the first field. It returns -1 when the body
// needs no such field.
func (g *gen) bodyField(op *ir.Operation, args []toolschema.Arg) int {
	if op.Body == nil || !op.Body.Required || !op.Body.Flatten {
		return -1
	}
	first := -1
	for i, a := range args {
		if a.Property == nil {
			continue
		}
		if a.Required {
			return -1
		}
		if first < 0 {
			first = i
		}
	}
	for i, a := range args {
		if a.Property == nil {
			continue
		}
		if s := g.api.Resolve(a.Schema); s != nil && s.Kind == ir.KindObject {
			for _, p := range toolschema.InputProperties(s) {
				if p.Required {
					return i
				}
			}
		}
	}
	return first
}

// typicalNoOptional is the number of required arguments from which a
// Typical example shows no optional one.
const typicalNoOptional = 1

// minUseful is the least usefulness score of an optional argument that a
// Typical example shows.
const minUseful = 0

// Value returns a valid value of schema s in the given mode; name, the
// property or argument the value is for, shapes made-up strings (an email
// for "email", a login for "owner"; see the package comment).
func Value(api *ir.API, s *ir.Schema, name string, mode Mode) any {
	return Budgeted(api, s, name, mode, new(int))
}

// Budgeted is Value drawing on a count of values shared across calls:
// each value made adds to *spent, and once it passes MaxValues only least
// values (an empty object or list, a short string) are made, so that a
// caller building one large value from many calls stays bounded.
func Budgeted(api *ir.API, s *ir.Schema, name string, mode Mode, spent *int) any {
	g := &gen{api: api, mode: mode, spent: spent}
	return g.value(s, name, nil, 0)
}

type gen struct {
	api  *ir.API
	mode Mode
	// path holds the named types being built, to stop at recursion.
	path []string
	// subject is the words of what the argument being built is about
	// (subjectOf): whose a bare "name" is.
	subject []string
	// desc is the spec's text for the argument or property being built,
	// which tells an identifier ("The ID of the customer") from other
	// strings whose names say nothing.
	desc string
	// inPath is set while the value of a path parameter is built: a
	// string there identifies a resource.
	inPath bool
	// spent counts the values made (MaxValues): past it, only least
	// values are.
	spent *int
}

// boring are argument names an example gains little from showing.
var boring = map[string]bool{
	"page": true, "per_page": true, "perpage": true, "page_size": true, "pagesize": true, "limit": true,
	"offset": true, "cursor": true, "starting_after": true, "ending_before": true, "expand": true,
	"pretty": true, "fields": true, "continue": true, "start_at": true, "startat": true, "max_results": true,
	"maxresults": true, "next": true, "before": true, "after": true, "page_token": true, "pagetoken": true,
	"opt_pretty": true, "opt_fields": true, "market": true, "dry_run": true, "dryrun": true,
	"timeout_seconds": true, "timeoutseconds": true, "watch": true, "allow_watch_bookmarks": true,
	"resource_version": true, "resourceversion": true, "include_uninitialized": true, "count": true,
}

// usefulness scores an optional argument for the Typical example.
func (g *gen) usefulness(a toolschema.Arg) int {
	s := g.api.Resolve(a.Schema)
	if s == nil {
		return -20
	}
	score := 0
	if a.Schema.Deprecated || s.Deprecated || (a.Param != nil && a.Param.Deprecated) {
		return -20
	}
	key := strings.ToLower(strings.Join(prose.Words(a.Name), "_"))
	if boring[key] || boring[strings.ReplaceAll(key, "_", "")] {
		score -= 6
	}
	if a.Param != nil && (a.Param.In == ir.InHeader || a.Param.In == ir.InCookie) {
		score -= 8
	}
	if a.Example != nil || a.Schema.Example != nil || s.Example != nil {
		score += 3
	}
	switch s.Kind {
	case ir.KindString, ir.KindInteger, ir.KindNumber, ir.KindBoolean:
		score += 2
		if s.Format != "" && s.Kind == ir.KindString {
			score++
		}
	case ir.KindArray:
		if it := g.api.Resolve(s.Items); it != nil && it.Kind != ir.KindObject && it.Kind != ir.KindUnion {
			score++
		}
	case ir.KindObject, ir.KindUnion, ir.KindAny:
		score -= 2
	}
	if s.Kind == ir.KindBoolean {
		score--
	}
	return score
}

// maxExampleText is the longest spec example string Typical and
// RequiredOnly take; a longer one is replaced by a made-up value to keep
// descriptions short.
const maxExampleText = 80

// value builds a value for a use of s; extra are spec examples for this
// use (nil entries are skipped), tried before the schema's own.
func (g *gen) value(use *ir.Schema, name string, extra []any, depth int) any {
	if use == nil {
		return g.text(name, "")
	}
	s := g.api.Resolve(use)
	if s == nil {
		return g.text(name, "")
	}
	if v, ok := g.givenValue(use, s, name, extra); ok {
		return v
	}
	if ref := use.Ref; ref != "" {
		for _, id := range g.path {
			if id == ref {
				// Recursion: a nullable use can end it with null; otherwise
				// the least object is the best that can be done.
				if use.Nullable || s.Nullable {
					return nil
				}
				return g.leaf(s, name)
			}
		}
		g.path = append(g.path, ref)
		defer func() { g.path = g.path[:len(g.path)-1] }()
	}
	if *g.spent++; depth > maxDepth || *g.spent > MaxValues {
		return g.leaf(s, name)
	}
	v := g.make(use, s, name, depth)
	if str, ok := v.(string); ok {
		*g.spent += len(str) / 64
	}
	return v
}

// givenValue is the value the spec gives for a use of s: the first of
// extra, the use's example and the schema's example that is short enough
// (outside All mode), valid, not empty and free of placeholders (a
// spec's "string" is no example); else, for a scalar, the first such
// default.
func (g *gen) givenValue(use, s *ir.Schema, name string, extra []any) (any, bool) {
	fits := func(v any) bool {
		// An empty string shows nothing.
		return v != "" && !hasPlaceholder(v, name) && Valid(g.api, use, v)
	}
	cands := make([]any, 0, len(extra)+2)
	for _, e := range extra {
		if e != nil {
			cands = append(cands, e)
		}
	}
	cands = append(cands, use.Example, s.Example)
	for _, c := range cands {
		if c == nil {
			continue
		}
		c = Normalize(c)
		if g.mode != All && !g.short(c) {
			continue
		}
		if fits(c) {
			return c, true
		}
	}
	// The default is a good value for scalars only: a default object or
	// array tells less than the one made here.
	for _, d := range []any{use.Default, s.Default} {
		if d == nil {
			continue
		}
		d = Normalize(d)
		if _, isMap := d.(map[string]any); isMap {
			continue
		}
		if _, isSlice := d.([]any); isSlice && len(d.([]any)) == 0 {
			continue
		}
		if fits(d) {
			return d, true
		}
	}
	return nil, false
}

// short reports whether a spec example is small enough for a compact
// example.
func (g *gen) short(v any) bool {
	switch x := v.(type) {
	case string:
		return utf8.RuneCountInString(x) <= maxExampleText
	case map[string]any, []any:
		data, err := json.Marshal(x)
		return err == nil && len(data) <= maxExampleText
	}
	return true
}

// leaf is the least value of s's kind; a string is made from name.
func (g *gen) leaf(s *ir.Schema, name string) any {
	switch s.Kind {
	case ir.KindObject:
		return map[string]any{}
	case ir.KindArray:
		return []any{}
	case ir.KindString:
		return g.text(name, "")
	case ir.KindInteger, ir.KindNumber:
		return 1.0
	case ir.KindBoolean:
		return true
	}
	return nil
}

func (g *gen) make(use, s *ir.Schema, name string, depth int) any {
	if len(s.Enum) > 0 {
		// The first valid value, passing over one that reads as a
		// placeholder ("text" of a data_type) when another is valid.
		var first any
		for _, e := range s.Enum {
			if e == nil || !Valid(g.api, use, Normalize(e)) {
				continue
			}
			e = Normalize(e)
			if str, isString := e.(string); !isString || !isPlaceholder(str, name) {
				return e
			}
			if first == nil {
				first = e
			}
		}
		if first != nil {
			return first
		}
		return Normalize(s.Enum[0])
	}
	switch s.Kind {
	case ir.KindString:
		return g.str(s, name)
	case ir.KindInteger, ir.KindNumber:
		return number(s)
	case ir.KindBoolean:
		return true
	case ir.KindNull:
		return nil
	case ir.KindArray:
		return g.array(s, name, depth)
	case ir.KindObject:
		return g.object(s, depth)
	case ir.KindUnion:
		for _, v := range s.Variants {
			if x := g.value(v, name, nil, depth+1); Valid(g.api, v, x) {
				return x
			}
		}
		if s.Nullable {
			return nil
		}
		if len(s.Variants) > 0 {
			return g.value(s.Variants[0], name, nil, depth+1)
		}
		return g.text(name, "")
	}
	// Any value: a string made from the name reads best.
	return g.text(name, "")
}

// formatValues are made-up values of the common formats.
var formatValues = map[string]string{
	"date-time":     "2024-01-15T09:30:00Z",
	"date":          "2024-01-15",
	"time":          "09:30:00Z",
	"email":         "user@example.com",
	"idn-email":     "user@example.com",
	"uri":           "https://example.com",
	"url":           "https://example.com",
	"iri":           "https://example.com",
	"uri-reference": "https://example.com",
	"iri-reference": "https://example.com",
	"uri-template":  "https://example.com/{id}",
	"uuid":          "3fa85f64-5717-4562-b3fc-2c963f66afa6",
	"ipv4":          "192.0.2.1",
	"ipv6":          "2001:db8::1",
	"hostname":      "example.com",
	"byte":          "aGVsbG8=",
	"binary":        "file contents",
	"password":      password,
	"duration":      "PT1H",
	"regex":         ".*",
	"json-pointer":  "/a",
	"int-or-string": "1",
	"semver":        "1.0.0",
}

// str makes a string for s: the format's value, else the value the
// name's words suggest (text) when it, or its snake_case or
// UPPER_SNAKE_CASE spelling, matches the pattern, else a string built to
// match the pattern; fitted to the length bounds.
func (g *gen) str(s *ir.Schema, name string) any {
	var cands []string
	if v, ok := formatValues[s.Format]; ok {
		cands = append(cands, v)
	}
	desc := g.desc
	if desc == "" {
		desc = s.Description
	}
	t := g.text(name, desc)
	if anyString(s) {
		// Valid would accept it: no checker to compile.
		return t
	}
	cands = append(cands, t)
	if s.Pattern != "" && toolschema.ValidPattern(s.Pattern) {
		// The made-up value in the spellings patterns often ask for
		// (my_custom_field for ^[a-z0-9_]+$), then one built from the
		// pattern.
		cands = append(cands, strings.ReplaceAll(t, "-", "_"), strings.ToUpper(strings.ReplaceAll(t, "-", "_")))
		if v, ok := FromPattern(s.Pattern); ok {
			cands = append(cands, v)
		}
	}
	for _, c := range cands {
		c = fitLength(s, c)
		if Valid(g.api, s, c) {
			return c
		}
	}
	return fitLength(s, cands[0])
}

// anyString reports whether s, a string schema, accepts every string:
// it has no format, pattern, enum, length bound or variants, and is no
// reference, so the checker Valid compiles for it has nothing to reject.
func anyString(s *ir.Schema) bool {
	return s.Ref == "" && s.Kind == ir.KindString && s.Format == "" && s.Pattern == "" &&
		len(s.Enum) == 0 && s.MinLength == nil && s.MaxLength == nil && len(s.Variants) == 0
}

// fitLength pads or cuts c to the length bounds of s.
func fitLength(s *ir.Schema, c string) string {
	c = padLength(s, c)
	if s.MaxLength != nil && int64(utf8.RuneCountInString(c)) > *s.MaxLength {
		r := []rune(c)
		c = string(r[:max(*s.MaxLength, 0)])
	}
	return c
}

// padLength pads c with "x" up to s's minLength (by MaxLength at most).
func padLength(s *ir.Schema, c string) string {
	n := int64(utf8.RuneCountInString(c))
	if s.MinLength != nil && n < *s.MinLength {
		c += strings.Repeat("x", int(min(*s.MinLength-n, MaxLength)))
	}
	return c
}

// numberRange is s's minimum and maximum, infinite where unset
// (exclusiveness aside).
func numberRange(s *ir.Schema) (lo, hi float64) {
	lo, hi = math.Inf(-1), math.Inf(1)
	if s.Minimum != nil {
		lo = *s.Minimum
	}
	if s.Maximum != nil {
		hi = *s.Maximum
	}
	return lo, hi
}

// number picks a number inside s's range: 1 when allowed, else the bound
// nearest to it, moved onto the multipleOf grid.
func number(s *ir.Schema) any {
	lo, hi := numberRange(s)
	step := 1.0
	if s.Kind == ir.KindNumber {
		step = 0.5
	}
	if s.MultipleOf != nil && *s.MultipleOf > 0 {
		step = *s.MultipleOf
		if s.Kind == ir.KindInteger && step != math.Trunc(step) {
			step = math.Ceil(step)
		}
	}
	v := 1.0
	if s.Format == "unix-time" || s.Format == "unixtime" || s.Format == "timestamp" {
		v = 1700000000
	}
	if v < lo || (s.ExclusiveMinimum && v == lo) {
		v = lo
		if s.ExclusiveMinimum {
			v = lo + step
			if s.Kind == ir.KindNumber && s.MultipleOf == nil {
				v = lo + math.Min(0.5, (hi-lo)/2)
			}
		}
	}
	if v > hi || (s.ExclusiveMaximum && v == hi) {
		v = hi
		if s.ExclusiveMaximum {
			v = hi - step
			if s.Kind == ir.KindNumber && s.MultipleOf == nil {
				v = hi - math.Min(0.5, (hi-lo)/2)
			}
		}
	}
	if s.MultipleOf != nil && *s.MultipleOf > 0 {
		// Off the float range (1e300 on a 1e-300 grid), v stays as it is:
		// no finite number is nearer the grid.
		m := *s.MultipleOf
		if g := math.Ceil(v/m) * m; !math.IsInf(g, 0) && !math.IsNaN(g) {
			v = g
			if v > hi || (s.ExclusiveMaximum && v == hi) {
				v -= m
			}
		}
	}
	if s.Kind == ir.KindInteger {
		v = math.Ceil(v)
	}
	return v
}

func (g *gen) array(s *ir.Schema, name string, depth int) any {
	n := int64(1)
	if s.MinItems != nil && *s.MinItems > n {
		n = *s.MinItems
	}
	if s.MaxItems != nil && *s.MaxItems < n {
		n = *s.MaxItems
	}
	n = min(n, MaxItems)
	item := english.Singular(name)
	out := make([]any, 0, n)
	first := g.value(s.Items, item, nil, depth+1)
	out = append(out, first)
	for i := int64(1); i < n; i++ {
		out = append(out, g.another(s, item, out, depth))
	}
	return out[:n]
}

// another makes an item for array s that differs from those in have, when
// the array's items must be unique: enum values in turn, numbers counting
// up, strings numbered.
func (g *gen) another(s *ir.Schema, item string, have []any, depth int) any {
	base := g.value(s.Items, item, nil, depth+1)
	if !s.UniqueItems {
		return base
	}
	it := g.api.Resolve(s.Items)
	unique := func(v any) bool {
		for _, h := range have {
			if equal(h, v) {
				return false
			}
		}
		return Valid(g.api, s.Items, v)
	}
	if it != nil {
		for _, e := range it.Enum {
			if unique(Normalize(e)) {
				return Normalize(e)
			}
		}
	}
	switch b := base.(type) {
	case float64:
		for i := 1; i < 1000; i++ {
			if v := b + float64(i); unique(v) {
				return v
			}
		}
	case string:
		for i := 2; i < 1000; i++ {
			if v := b + itoa(i); unique(v) {
				return v
			}
		}
	}
	return base
}

func itoa(i int) string { return strconv.Itoa(i) }

func (g *gen) object(s *ir.Schema, depth int) any {
	out := map[string]any{}
	props := toolschema.InputProperties(s)
	minProps, maxProps := PropertyCounts(s)
	defer func(desc string) { g.desc = desc }(g.desc)
	for _, p := range props {
		if p.Required {
			g.desc = describedBy(p.Schema)
			out[p.Name] = g.value(p.Schema, p.Name, nil, depth+1)
		}
	}
	// Optional properties: all of them in All mode, else as many as
	// minProperties asks for; never more than maxProperties allows.
	for _, p := range props {
		if p.Required || int64(len(out)) >= maxProps {
			continue
		}
		if g.mode != All && int64(len(out)) >= minProps {
			break
		}
		if Recurses(g.api, p.Schema, g.path) {
			// An optional property that leads back into a type being
			// built would only nest the same shape again.
			continue
		}
		g.desc = describedBy(p.Schema)
		out[p.Name] = g.value(p.Schema, p.Name, nil, depth+1)
	}
	g.desc = ""
	open := s.AdditionalProperties != nil || (!s.ClosedObject || len(props) == 0)
	if len(props) == 0 && s.AdditionalProperties != nil && maxProps > 0 {
		ap := s.AdditionalProperties
		if !isAny(g.api, ap) || g.mode != RequiredOnly {
			out[mapKey(0)] = g.value(ap, mapKey(0), nil, depth+1)
		}
	}
	for i := 0; open && int64(len(out)) < minProps && i < MaxProperties; i++ {
		k := mapKey(i)
		if _, taken := out[k]; taken {
			continue
		}
		if s.AdditionalProperties != nil {
			out[k] = g.value(s.AdditionalProperties, k, nil, depth+1)
		} else {
			out[k] = g.text(k, "")
		}
	}
	return out
}

// describedBy is the spec's text on a use of a schema, "" for none.
func describedBy(use *ir.Schema) string {
	if use == nil {
		return ""
	}
	return use.Description
}

// mapKeys are the keys of a made-up map, as labels, tags and metadata
// have them: {"env":"production"}.
var mapKeys = []string{"env", "team", "region"}

// mapKey is the i-th key of a made-up map.
func mapKey(i int) string {
	if i < len(mapKeys) {
		return mapKeys[i]
	}
	return "key" + itoa(i+1)
}

// PropertyCounts returns how few and how many properties an object
// schema allows: minProperties (0 when unset) and maxProperties
// (math.MaxInt32 when unset).
func PropertyCounts(s *ir.Schema) (lo, hi int64) {
	lo, hi = 0, math.MaxInt32
	if s.MinProperties != nil {
		lo = *s.MinProperties
	}
	if s.MaxProperties != nil {
		hi = *s.MaxProperties
	}
	return lo, hi
}

// Recurses reports whether s refers, directly or through array items, to
// one of the named types being built (building holds their ids), so that
// a synthesizer stops before it loops; it follows at most 64 references.
func Recurses(api *ir.API, s *ir.Schema, building []string) bool {
	for i := 0; s != nil && i < 64; i++ {
		if s.Ref != "" {
			if slices.Contains(building, s.Ref) {
				return true
			}
			t := api.Type(s.Ref)
			if t == nil {
				return false
			}
			s = t.Schema
			continue
		}
		if s.Kind != ir.KindArray {
			return false
		}
		s = s.Items
	}
	return false
}

func isAny(api *ir.API, s *ir.Schema) bool {
	r := api.Resolve(s)
	return r == nil || r.Kind == ir.KindAny || r.Kind == ""
}

// ForMessage is the toolschema.Options.Example of api: the RequiredOnly
// Value of a scalar for the check schema, so that argument checking's
// corrective messages show the value the description and the test cases
// use. It gives none for a value that is no scalar or reads as a
// placeholder.
func ForMessage(api *ir.API) func(use *ir.Schema, name string) (any, bool) {
	return func(use *ir.Schema, name string) (any, bool) {
		v := Value(api, use, name, RequiredOnly)
		switch x := v.(type) {
		case string:
			return v, !isPlaceholder(x, name)
		case float64, bool:
			return v, true
		}
		return nil, false
	}
}
