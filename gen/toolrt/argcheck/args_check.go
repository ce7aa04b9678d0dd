package argcheck

import (
	"encoding/json"
	"math"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/agentready/agentready/gen/toolrt/internal/jsonval"
	"github.com/agentready/agentready/internal/editdist"
	"github.com/agentready/agentready/internal/english"
	"github.com/agentready/agentready/internal/formats"
)

// Limits that keep Check bounded on any input.
const (
	// maxArgDepth is how deeply arguments may nest where the schema
	// describes them.
	maxArgDepth = 64
	// maxCheckDepth bounds the schema hops ($ref, allOf, anyOf) taken
	// for one check, however long a chain of distinct schemas is.
	maxCheckDepth = 512
	// maxProblems is how many problems one check (or one trial of a
	// schema within it) finds before it stops looking: the message lists
	// a dozen, and arguments with a million wrong items must not cost a
	// million problems.
	maxProblems = 50
)

// run is the state of one Check call.
type run struct {
	c         *Checker
	problems  []Problem
	coercions []Coercion
	budget    int
	exhausted bool
	// strict holds formats to JSON Schema's letter (formats.Strict), for
	// Accepts: a value agentready makes must meet it.
	strict bool
	// full is set when maxProblems problems were found since base,
	// the start of the innermost trial: checking then stops.
	full bool
	base int
	// active are the schemas being applied, innermost last, each with the
	// place in the arguments it is applied to.
	active []active
	// wrapped are the places where a single value is being checked as a
	// one-item array; the item itself is not wrapped again.
	wrapped []*path
}

type active struct {
	n  *node
	at *path
}

// problem is an Problem before its path is spelled out.
type problem struct {
	kind     ProblemKind
	given    any
	reason   string
	accepted string
	example  any
	hint     string
	hidden   bool
}

func (r *run) add(p problem, at *path) {
	if len(r.problems)-r.base >= maxProblems {
		r.full = true
		return
	}
	r.problems = append(r.problems, Problem{Path: at.String(), Kind: p.kind, Given: p.given,
		Reason: p.reason, Accepted: p.accepted, Example: p.example, Hint: p.hint, hidden: p.hidden})
}

func (r *run) coerce(at *path, from, to any, why string) {
	r.coercions = append(r.coercions, Coercion{Path: at.String(), From: from, To: to, Why: why})
}

// error groups the problems: wrong values first, then unknown names, then
// missing ones, each group in the order found.
func (r *run) error() *Error {
	rank := func(k ProblemKind) int {
		switch k {
		case ProblemMalformed:
			return 0
		case ProblemUnknown:
			return 2
		case ProblemMissing:
			return 3
		}
		return 1
	}
	sort.SliceStable(r.problems, func(i, j int) bool { return rank(r.problems[i].Kind) < rank(r.problems[j].Kind) })
	return &Error{Tool: r.c.tool, Problems: r.problems, Example: r.c.example, Stopped: r.full}
}

// unknown reports a name not among known, suggesting the closest.
func (r *run) unknown(known []string, name string, given any, at *path, what, takes string) {
	accepted := takes + " no " + what + "s"
	if len(known) > 0 {
		accepted = takes + ": " + listNames(known, 30)
	}
	if s := editdist.Closest(name, known); s != "" {
		accepted = "did you mean " + jsonval.Quote(s) + "? " + strings.ToUpper(accepted[:1]) + accepted[1:]
	}
	r.add(problem{kind: ProblemUnknown, given: given, reason: "unknown " + what, accepted: accepted}, at.key(name))
}

// trial validates v against n without keeping what it finds. Its own
// problems count towards maxProblems: a trial that stops at the cap
// has failed, whatever the check around it does next.
func (r *run) trial(n *node, v any, at *path, depth int) (out any, changed bool, probs []Problem, coers []Coercion) {
	np, nc, base, full := len(r.problems), len(r.coercions), r.base, r.full
	r.base, r.full = np, false
	out, changed = r.validate(n, v, at, depth)
	probs = append([]Problem(nil), r.problems[np:]...)
	coers = append([]Coercion(nil), r.coercions[nc:]...)
	r.problems, r.coercions = r.problems[:np], r.coercions[:nc]
	r.base, r.full = base, full
	return out, changed, probs, coers
}

// stopped reports whether checking has stopped: its budget is spent or
// it found enough problems.
func (r *run) stopped() bool { return r.exhausted || r.full }

func (r *run) accepts(n *node, v any, at *path, depth int) bool {
	_, _, probs, _ := r.trial(n, v, at, depth)
	return len(probs) == 0
}

// validate checks v against n, recording problems and coercions, and
// returns the value to use; changed reports whether it differs from v
// (maps and slices are copied before they change, so v is never altered).
func (r *run) validate(n *node, v any, at *path, depth int) (any, bool) {
	r.budget--
	if r.budget < 0 {
		r.exhausted = true // Check reports it
		return v, false
	}
	if r.full {
		return v, false
	}
	if at.len() > maxArgDepth || depth > maxCheckDepth {
		r.add(problem{kind: ProblemMalformed, given: v, reason: "is nested too deeply to check",
			accepted: "send a value with at most " + strconv.Itoa(maxArgDepth) + " levels of nesting"}, at)
		return v, false
	}
	// A schema that reaches itself again ($ref, allOf, anyOf) without
	// descending into the value adds nothing new: what it asks is being
	// checked already, further out.
	for i := len(r.active) - 1; i >= 0 && r.active[i].at == at; i-- {
		if r.active[i].n == n {
			return v, false
		}
	}
	r.active = append(r.active, active{n, at})
	defer func() { r.active = r.active[:len(r.active)-1] }()
	if n.never {
		r.add(problem{kind: ProblemValue, given: v, reason: "is not allowed here", accepted: "leave it out",
			hidden: n.format == "password"}, at)
		return v, false
	}
	changed := false
	if n.ref != nil {
		var ch bool
		v, ch = r.validate(n.ref, v, at, depth+1)
		changed = changed || ch
	}
	if len(n.types) > 0 {
		nv, ch, ok, wrapped := r.checkType(n, v, at, depth)
		if !ok {
			return v, changed
		}
		if wrapped {
			defer func() { r.wrapped = r.wrapped[:len(r.wrapped)-1] }()
		}
		v, changed = nv, changed || ch
	}
	if n.enum != nil {
		nv, ch, ok := r.checkEnum(n, v, at)
		if !ok {
			return v, changed
		}
		v, changed = nv, changed || ch
	}
	switch x := v.(type) {
	case string:
		r.checkString(n, x, at)
	case json.Number:
		r.checkNumber(n, x, at)
	case []any:
		nv, ch := r.checkArray(n, x, at, depth)
		if ch {
			v, changed = nv, true
		}
	case map[string]any:
		nv, ch := r.checkObject(n, x, at, depth)
		if ch {
			v, changed = nv, true
		}
	}
	for _, s := range n.allOf {
		var ch bool
		v, ch = r.validate(s, v, at, depth+1)
		changed = changed || ch
	}
	for _, u := range n.unions {
		var ch bool
		v, ch = r.union(u, v, at, depth)
		changed = changed || ch
	}
	if n.not != nil && r.accepts(n.not, v, at, depth+1) {
		r.add(problem{kind: ProblemValue, given: v, reason: "is not allowed",
			accepted: "use a value that is not " + describe(n.not, 0)}, at)
	}
	if n.ifS != nil {
		branch := n.elseS
		if r.accepts(n.ifS, v, at, depth+1) {
			branch = n.thenS
		}
		if branch != nil {
			var ch bool
			v, ch = r.validate(branch, v, at, depth+1)
			changed = changed || ch
		}
	}
	return v, changed
}

// checkType applies type, coercing where that is safe. wrapped reports
// that v became a one-item array, whose item is being checked: the caller
// ends that with r.wrapped's last entry.
func (r *run) checkType(n *node, v any, at *path, depth int) (out any, changed, ok, wrapped bool) {
	k := kindOf(v)
	if n.allows(k) || (k == akNull && n.nullable) {
		return v, false, true, false
	}
	for _, t := range n.types {
		var nv any
		var ok bool
		if t == akArr {
			nv, ok, wrapped = r.toArray(n, v, at, depth)
		} else {
			nv, ok = convertTo(v, t)
		}
		if ok {
			r.coerce(at, v, nv, kindNames[t]+" expected")
			return nv, true, true, wrapped
		}
	}
	reason := "is " + kindWords[k]
	switch {
	case k == akNum && n.allows(akInt):
		reason = "is not a whole number"
	case k == akStr && n.allows(akInt) && isNumericText(v.(string)):
		reason = "is not a whole number"
	case k == akNull:
		reason = "is not accepted"
	}
	r.add(problem{kind: ProblemType, given: v, reason: reason, accepted: "use " + describe(n, 0),
		example: exampleValue(n), hidden: n.format == "password"}, at)
	return v, false, false, false
}

// toArray turns v into an array for n: JSON text that holds one, else v
// as the only item. A value is wrapped only when its type is the items'
// type (a model that sends "x" for an array of objects is told about the
// array, not about item [0]), and an item is never wrapped again.
func (r *run) toArray(n *node, v any, at *path, depth int) (out any, ok, wrapped bool) {
	if v == nil {
		return nil, false, false
	}
	if s, isStr := v.(string); isStr {
		if ts := strings.TrimSpace(s); strings.HasPrefix(ts, "[") {
			if a, err := Decode(ts); err == nil {
				if arr, isArr := a.([]any); isArr {
					return arr, r.itemFits(n, arr, at, depth), false
				}
			}
		}
	}
	if r.inWrap(at) {
		return nil, false, false
	}
	arr := []any{v}
	r.wrapped = append(r.wrapped, at)
	if !r.itemFits(n, arr, at, depth) {
		r.wrapped = r.wrapped[:len(r.wrapped)-1]
		return nil, false, false
	}
	return arr, true, true
}

// inWrap reports whether at is the item of a value being checked as a
// one-item array.
func (r *run) inWrap(at *path) bool {
	for _, w := range r.wrapped {
		if at != nil && at.index == 0 && at.parent == w {
			return true
		}
	}
	return false
}

// itemFits reports whether v, a single value about to become a one-item
// array (or the array decoded from text), has the type of the array's
// items: a model that sends "x" for an array of objects is told about the
// array, not about item [0].
func (r *run) itemFits(n *node, arr any, at *path, depth int) bool {
	a, _ := arr.([]any)
	if len(a) == 0 {
		return true
	}
	v := a[0]
	item := n.items
	if len(n.prefix) > 0 {
		item = n.prefix[0]
	}
	if item == nil {
		return true
	}
	path := at.item(0)
	_, _, probs, _ := r.trial(item, v, path, depth+1)
	for _, p := range probs {
		if p.Kind == ProblemType && p.Path == path.String() {
			return false
		}
	}
	return true
}

// isNumericText reports whether s is a number written as text.
func isNumericText(s string) bool {
	_, ok := jsonval.ParseNumber(strings.TrimSpace(s))
	return ok
}

// convertTo turns v into a value of kind t when that keeps its meaning:
// numeric text to numbers, integral numbers to integers, "true"/"false" to
// booleans, numbers and booleans to text, JSON text to the object it holds.
// Arrays are toArray's.
func convertTo(v any, t kind) (any, bool) {
	switch t {
	case akInt:
		switch x := v.(type) {
		case json.Number:
			return jsonval.Integral(x)
		case string:
			if num, ok := jsonval.ParseNumber(strings.TrimSpace(x)); ok {
				return jsonval.Integral(num)
			}
		}
	case akNum:
		if s, ok := v.(string); ok {
			if num, ok := jsonval.ParseNumber(strings.TrimSpace(s)); ok {
				return num, true
			}
		}
	case akBool:
		if s, ok := v.(string); ok {
			switch s = strings.TrimSpace(s); {
			case strings.EqualFold(s, "true"):
				return true, true
			case strings.EqualFold(s, "false"):
				return false, true
			}
		}
	case akStr:
		switch x := v.(type) {
		case json.Number:
			return string(x), true
		case bool:
			return strconv.FormatBool(x), true
		}
	case akObj:
		if s, ok := v.(string); ok {
			if ts := strings.TrimSpace(s); strings.HasPrefix(ts, "{") {
				if o, err := Decode(ts); err == nil {
					if m, ok := o.(map[string]any); ok {
						return m, true
					}
				}
			}
		}
	}
	return nil, false
}

// checkEnum applies enum and const; text that equals one accepted value
// but for case and surrounding space becomes that value.
func (r *run) checkEnum(n *node, v any, at *path) (any, bool, bool) {
	if s, ok := v.(string); ok {
		for _, e := range n.enum {
			if es, ok := e.(string); ok && es == s {
				return v, false, true
			}
		}
	}
	key := jsonval.CanonKey(v)
	for _, e := range n.enum {
		if jsonval.CanonKey(e) == key {
			return v, false, true
		}
	}
	if e, ok := looseEnum(n.enum, v); ok {
		r.coerce(at, v, e, "accepted value")
		return e, true, true
	}
	p := problem{kind: ProblemValue, given: v, reason: "is not accepted", hidden: n.format == "password"}
	if len(n.enum) == 1 {
		p.accepted = "use " + jsonval.Show(n.enum[0])
	} else {
		p.accepted = "use one of " + listValues(n.enum, 20)
	}
	if s, ok := v.(string); ok {
		if e := editdist.ClosestValue(s, n.enum); e != "" {
			p.hint = "Did you mean " + jsonval.Quote(e) + "?"
		}
	}
	r.add(p, at)
	return v, false, false
}

// looseEnum finds the one enum value that v names but for case, space or
// type ("DESC" for " desc ", 2 for "2", "2" for 2).
func looseEnum(enum []any, v any) (any, bool) {
	var found any
	n := 0
	switch x := v.(type) {
	case string:
		s := strings.TrimSpace(x)
		num, isNum := jsonval.ParseNumber(s)
		for _, e := range enum {
			match := false
			switch ex := e.(type) {
			case string:
				match = strings.EqualFold(s, strings.TrimSpace(ex))
			case json.Number:
				match = isNum && jsonval.NumbersEqual(num, ex)
			case bool:
				match = strings.EqualFold(s, strconv.FormatBool(ex))
			}
			if match {
				found, n = e, n+1
			}
		}
	case json.Number, bool:
		text := strings.ToLower(jsonval.ShowScalar(x))
		for _, e := range enum {
			if es, ok := e.(string); ok {
				ts := strings.TrimSpace(es)
				if num, ok := x.(json.Number); ok {
					if en, isNum := jsonval.ParseNumber(ts); isNum && jsonval.NumbersEqual(num, en) {
						found, n = e, n+1
					}
				} else if strings.EqualFold(ts, text) {
					found, n = e, n+1
				}
			}
		}
	}
	return found, n == 1
}

func (r *run) checkString(n *node, s string, at *path) {
	hidden := n.format == "password"
	if n.minLen >= 0 || n.maxLen >= 0 {
		cnt := utf8.RuneCountInString(s)
		if n.minLen >= 0 && cnt < n.minLen || n.maxLen >= 0 && cnt > n.maxLen {
			reason := "is too long (" + english.Count(cnt, "character") + ")"
			if n.minLen >= 0 && cnt < n.minLen {
				reason = "is too short (" + english.Count(cnt, "character") + ")"
			}
			r.add(problem{kind: ProblemLength, given: s, reason: reason,
				accepted: "use " + countRange(n.minLen, n.maxLen, "character"), hidden: hidden}, at)
		}
	}
	if n.pattern != nil {
		if m, ok := n.pattern.match(s); ok && !m {
			p := problem{kind: ProblemPattern, given: s,
				reason:   "does not match the pattern " + jsonval.Truncate(n.pattern.src, 120),
				accepted: "use a string that matches it", hidden: hidden}
			if n.hasExample {
				p.example = n.example
			}
			r.add(p, at)
		}
	}
	if n.format != "" {
		if r.strict && !formats.Strict(n.format, s) {
			r.add(problem{kind: ProblemFormat, given: s, reason: "is not a valid " + n.format + " by the letter of JSON Schema"}, at)
		} else if ok, accepted, example := checkFormat(n.format, s); !ok {
			if own, isText := n.example.(string); n.hasExample && isText && FormatAccepts(n.format, own) {
				// The schema's own example (the one the description
				// shows) rather than the format's stock one.
				example = own
			}
			r.add(problem{kind: ProblemFormat, given: s, reason: "is not a valid " + n.format,
				accepted: accepted, example: example, hidden: hidden}, at)
		}
	}
}

func (r *run) checkNumber(n *node, num json.Number, at *path) {
	f, _ := strconv.ParseFloat(string(num), 64) // ±Inf past the float range
	if lo := n.min; lo != nil && (f < lo.v || lo.excl && f == lo.v) {
		r.add(problem{kind: ProblemRange, given: num, reason: "is too small",
			accepted: "use " + describeNumber(n)}, at)
	} else if hi := n.max; hi != nil && (f > hi.v || hi.excl && f == hi.v) {
		r.add(problem{kind: ProblemRange, given: num, reason: "is too large",
			accepted: "use " + describeNumber(n)}, at)
	}
	if n.multipleOf > 0 && !isMultiple(num, f, n.multipleOf, n.multLit) {
		r.add(problem{kind: ProblemRange, given: num, reason: "is not a multiple of " + n.multLit,
			accepted: "use a multiple of " + n.multLit}, at)
	}
	if bits := map[string]int{"int32": 32, "int64": 64}[n.format]; bits > 0 {
		if !jsonval.IsIntLiteral(string(num)) {
			return // 1.5 where the type is integer is already a type problem
		}
		if _, err := strconv.ParseInt(string(num), 10, bits); err != nil {
			_, accepted, _ := checkFormat(n.format, "")
			r.add(problem{kind: ProblemFormat, given: num, reason: "is outside the " + n.format + " range",
				accepted: accepted}, at)
		}
	}
}

func isMultiple(num json.Number, f, m float64, mlit string) bool {
	if jsonval.IsIntLiteral(string(num)) && jsonval.IsIntLiteral(mlit) {
		a, err1 := strconv.ParseInt(string(num), 10, 64)
		b, err2 := strconv.ParseInt(mlit, 10, 64)
		if err1 == nil && err2 == nil && b != 0 {
			return a%b == 0
		}
	}
	if math.IsInf(f, 0) {
		return true
	}
	q := f / m
	return math.Abs(q-math.Round(q)) <= 1e-9*math.Max(1, math.Abs(q))
}

func (r *run) checkArray(n *node, a []any, at *path, depth int) ([]any, bool) {
	if n.minItems >= 0 && len(a) < n.minItems || n.maxItems >= 0 && len(a) > n.maxItems {
		reason := "has too many items (" + strconv.Itoa(len(a)) + ")"
		if n.minItems >= 0 && len(a) < n.minItems {
			reason = "has too few items (" + strconv.Itoa(len(a)) + ")"
		}
		r.add(problem{kind: ProblemItems, given: a, reason: reason,
			accepted: "send " + countRange(n.minItems, n.maxItems, "item")}, at)
	}
	out, changed := a, false
	if n.items != nil || len(n.prefix) > 0 {
		for i, it := range a {
			sub := n.items
			if i < len(n.prefix) {
				sub = n.prefix[i]
			}
			if sub == nil {
				continue
			}
			nv, ch := r.validate(sub, it, at.item(i), depth+1)
			if ch {
				if !changed {
					out, changed = append([]any(nil), a...), true
				}
				out[i] = nv
			}
			if r.stopped() {
				break
			}
		}
	}
	if n.unique && len(out) > 1 {
		seen := make(map[string]int, len(out))
		for i, it := range out {
			k := jsonval.CanonKey(it)
			if j, dup := seen[k]; dup {
				r.add(problem{kind: ProblemItems, given: out,
					reason:   "has duplicate items ([" + strconv.Itoa(j) + "] and [" + strconv.Itoa(i) + "] are equal)",
					accepted: "send each item once"}, at)
				break
			}
			seen[k] = i
		}
	}
	return out, changed
}

func (r *run) checkObject(n *node, m map[string]any, at *path, depth int) (map[string]any, bool) {
	out, changed := m, false
	set := func(k string, v any, drop bool) {
		if !changed {
			out, changed = cloneMap(m), true
		}
		if drop {
			delete(out, k)
		} else {
			out[k] = v
		}
	}
	names := n.propOrder
	if len(m)*4 < len(names) {
		// Few arguments for many properties: visit the ones given, in
		// schema order.
		names = make([]string, 0, len(m))
		for k := range m {
			if _, ok := n.props[k]; ok {
				names = append(names, k)
			}
		}
		sort.Slice(names, func(i, j int) bool { return n.propIndex[names[i]] < n.propIndex[names[j]] })
	}
	for _, name := range names {
		v, ok := m[name]
		if !ok {
			continue
		}
		sub := n.props[name]
		child := at.key(name)
		if v == nil && !n.isRequired(name) && !r.accepts(sub, nil, child, depth+1) {
			r.coercions = append(r.coercions, Coercion{Path: child.String(), From: nil, Dropped: true,
				Why: "optional; null is not accepted, so it is left out"})
			set(name, nil, true)
			continue
		}
		if nv, ch := r.validate(sub, v, child, depth+1); ch {
			set(name, nv, false)
		}
		if r.stopped() {
			return out, changed
		}
	}
	if (n.addl != addlAbsent || len(n.patProps) > 0) && len(m) > 0 {
		r.checkExtras(n, m, at, depth, set)
	}
	for _, name := range n.required {
		if _, ok := m[name]; !ok {
			r.missing(n, name, at.key(name))
		}
	}
	for k, deps := range n.depRequire {
		if _, ok := m[k]; !ok {
			continue
		}
		for _, d := range deps {
			if _, ok := m[d]; !ok {
				p := problem{kind: ProblemMissing, reason: "missing; required when " + jsonval.Quote(k) + " is given"}
				if sub := findProp(n, d, 0); sub != nil {
					p.example = exampleValue(sub)
				}
				r.add(p, at.key(d))
			}
		}
	}
	cnt := len(out)
	if n.minProps >= 0 && cnt < n.minProps || n.maxProps >= 0 && cnt > n.maxProps {
		reason := "has too many fields (" + strconv.Itoa(cnt) + ")"
		if n.minProps >= 0 && cnt < n.minProps {
			reason = "has too few fields (" + strconv.Itoa(cnt) + ")"
		}
		r.add(problem{kind: ProblemLength, given: m, reason: reason,
			accepted: "send " + countRange(n.minProps, n.maxProps, "field")}, at)
	}
	return out, changed
}

// checkExtras applies patternProperties and additionalProperties to the
// names properties does not declare, in sorted order.
func (r *run) checkExtras(n *node, m map[string]any, at *path, depth int, set func(string, any, bool)) {
	var extra []string
	for k := range m {
		if _, declared := n.props[k]; !declared {
			extra = append(extra, k)
		}
	}
	sort.Strings(extra)
	for _, k := range extra {
		matched := false
		v := m[k]
		for _, pp := range n.patProps {
			if ok, _ := pp.pat.match(k); ok {
				matched = true
				nv, ch := r.validate(pp.node, v, at.key(k), depth+1)
				if ch {
					v = nv
					set(k, nv, false)
				}
			}
		}
		if matched {
			continue
		}
		switch n.addl {
		case addlFalse:
			r.unknown(n.propOrder, k, v, at, "field", "this object takes")
		case addlSchema:
			if nv, ch := r.validate(n.addlNode, v, at.key(k), depth+1); ch {
				set(k, nv, false)
			}
		}
		if r.stopped() {
			return
		}
	}
}

// missing reports a required name that is absent, with its type and an
// example value.
func (r *run) missing(n *node, name string, at *path) {
	p := problem{kind: ProblemMissing, reason: "missing", accepted: "required"}
	if sub := findProp(n, name, 0); sub != nil {
		if s := summarize(sub, 0); s != "" {
			p.accepted = "required (" + s + ")"
		}
		p.example = exampleValue(sub)
		// A top-level argument's value in the tool's example call is a
		// real one: better than one made from the schema.
		if v, ok := r.c.exampleArgs[name]; ok && v != placeholder && at.len() == 1 {
			p.example = exampleScalar(v)
		}
	}
	r.add(p, at)
}

// findProp finds the schema of property name in n, its $ref and allOf.
func findProp(n *node, name string, depth int) *node {
	if n == nil || depth > 16 {
		return nil
	}
	if s, ok := n.props[name]; ok {
		return s
	}
	if s := findProp(n.ref, name, depth+1); s != nil {
		return s
	}
	for _, a := range n.allOf {
		if s := findProp(a, name, depth+1); s != nil {
			return s
		}
	}
	return nil
}

// union applies one anyOf or oneOf list. A value that one member accepts
// as it is passes unchanged; otherwise the first member that accepts it
// after coercion decides. oneOf is read as anyOf: a model's value that
// fits two forms is not its mistake.
func (r *run) union(list []*node, v any, at *path, depth int) (any, bool) {
	type result struct {
		out     any
		changed bool
		probs   []Problem
		coers   []Coercion
	}
	var coerced *result
	results := make([]result, len(list))
	for i, s := range list {
		out, ch, probs, coers := r.trial(s, v, at, depth+1)
		if r.exhausted {
			return v, false
		}
		results[i] = result{out, ch, probs, coers}
		if len(probs) == 0 {
			if len(coers) == 0 {
				return out, ch
			}
			if coerced == nil {
				coerced = &results[i]
			}
		}
	}
	if coerced != nil {
		r.coercions = append(r.coercions, coerced.coers...)
		return coerced.out, coerced.changed
	}
	// Report the one member of the value's own type, when there is one
	// with the fewest problems; else list the forms.
	k := kindOf(v)
	best, bestN, tie := -1, 0, false
	for i, s := range list {
		if !typeFits(s, k, 0) {
			continue
		}
		n := len(results[i].probs)
		switch {
		case best < 0 || n < bestN:
			best, bestN, tie = i, n, false
		case n == bestN:
			tie = true
		}
	}
	if best >= 0 && !tie {
		r.problems = append(r.problems, results[best].probs...)
		return v, false
	}
	var forms []string
	for i, s := range list {
		if i == 6 {
			forms = append(forms, "...")
			break
		}
		forms = append(forms, describe(s, 0))
	}
	kind := ProblemType
	if best >= 0 {
		kind = ProblemValue
	}
	r.add(problem{kind: kind, given: v, reason: "matches none of the accepted forms",
		accepted: "use " + strings.Join(forms, ", or ")}, at)
	return v, false
}

// typeFits reports whether a value of kind k has the type n asks for,
// without coercion; a schema without type fits any kind.
func typeFits(n *node, k kind, depth int) bool {
	if n == nil || depth > 8 {
		return true
	}
	if len(n.types) > 0 && !n.allows(k) && !(k == akNull && n.nullable) {
		return false
	}
	if n.ref != nil && !typeFits(n.ref, k, depth+1) {
		return false
	}
	for _, a := range n.allOf {
		if !typeFits(a, k, depth+1) {
			return false
		}
	}
	return true
}

func cloneMap(m map[string]any) map[string]any {
	out := make(map[string]any, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}
