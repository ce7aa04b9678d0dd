package argcheck

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/agentready/agentready/gen/toolrt/internal/jsonval"
)

// Checker validates and safely coerces the arguments a model sends to
// one tool, against the tool's parameter JSON Schema (a draft 2020-12
// subset, with OpenAPI 3.0's nullable and boolean exclusive bounds), before
// any request is built. Its errors list every problem in words a model can
// act on, with a valid example call. Build one per tool with
// NewChecker; it is safe for concurrent use.
type Checker struct {
	tool string
	root *node
	// known are the top-level parameter names in schema order; open is set
	// when the top level takes names it does not declare.
	known    []string
	knownSet map[string]bool
	open     bool
	example  json.RawMessage
	// exampleArgs are example's top-level values, which name a missing
	// argument's example.
	exampleArgs map[string]any
	warnings    []string
}

// NewChecker parses tool's parameter schema (JSON; empty accepts any
// object) and example, an optional valid arguments object (JSON, may be
// nil) shown in error messages. Without an example, or when the example
// does not pass the schema, one is made from the schema. The error is for
// a schema or example that is not JSON; schema parts that cannot be
// enforced (a pattern that does not compile, a $ref outside the document)
// are accepted and listed by Warnings.
func NewChecker(tool string, schema, example []byte) (*Checker, error) {
	return NewCheckerWithExamples(tool, schema, example, nil)
}

// NewCheckerWithExamples is NewChecker with examples, an optional JSON
// object from JSON pointers into schema to the example a corrective
// message shows for the value there (toolrt.Operation.Examples), as if
// schema had it as that node's "example": a node's own example comes
// first, and either comes before its default. A pointer that names no
// schema object is listed by Warnings. The error is for examples that are not such an object.
func NewCheckerWithExamples(tool string, schema, example, examples []byte) (*Checker, error) {
	return newChecker(tool, schema, example, examples, nil, false)
}

// newChecker is NewCheckerWithExamples, sharing definitions with shared
// when it is not nil; valid says schema is known to be valid JSON, so
// that it is read without checking so first (Shared.NewCheckerValid).
func newChecker(tool string, schema, example, examples []byte, shared *Shared, valid bool) (*Checker, error) {
	c := &Checker{tool: tool}
	if len(bytes.TrimSpace(schema)) == 0 {
		c.root = newNode()
		c.open = true
	} else {
		decode := decodeOrdered
		if shared != nil && valid {
			decode = decodeDeferringValid
		} else if shared != nil {
			decode = decodeDeferring
		}
		doc, err := decode(schema)
		if err != nil {
			return nil, fmt.Errorf("toolrt: tool %s: parameter schema: %w", tool, err)
		}
		var defs *defsOf
		if shared != nil {
			defs = newDefsOf(doc, shared)
		}
		if len(bytes.TrimSpace(examples)) > 0 {
			missed, err := placeExamples(doc, examples, defs)
			if err != nil {
				return nil, fmt.Errorf("toolrt: tool %s: examples: %w", tool, err)
			}
			for _, p := range missed {
				c.warnings = append(c.warnings, "example at "+p+": no schema object there")
			}
		}
		comp := &compiler{doc: doc, memo: map[string]*node{}, defs: defs}
		c.root = comp.compileRoot()
		c.warnings = append(c.warnings, comp.warnings...)
		c.collectTop()
	}
	if len(bytes.TrimSpace(example)) > 0 {
		var buf bytes.Buffer
		if err := json.Compact(&buf, example); err != nil {
			return nil, fmt.Errorf("toolrt: tool %s: example arguments: %w", tool, err)
		}
		if _, _, err := c.Check(buf.String()); err != nil {
			c.warnings = append(c.warnings, "example arguments do not pass the schema, so one is made from it: "+
				strings.ReplaceAll(err.Error(), "\n", " "))
		} else {
			c.example = buf.Bytes()
		}
	}
	if c.example == nil {
		ex := exampleOf(c.root, 0)
		switch ex.(type) {
		case *object, map[string]any:
		default:
			ex = map[string]any{}
		}
		c.example = json.RawMessage(jsonval.Append(nil, ex))
	}
	var top map[string]any
	dec := json.NewDecoder(bytes.NewReader(c.example))
	dec.UseNumber()
	if dec.Decode(&top) == nil {
		c.exampleArgs = top
	}
	return c, nil
}

// Warnings lists the parts of the schema that Check does not enforce and
// why: patterns that compile neither as ECMA-262 nor as Go regular
// expressions, $refs that do not resolve in the document, an example that
// does not pass the schema.
func (c *Checker) Warnings() []string { return slices.Clone(c.warnings) }

// Example returns the example call shown in error messages: the example
// given to NewChecker, or one made from the schema.
func (c *Checker) Example() json.RawMessage { return slices.Clone(c.example) }

// MaxBytes is the largest argument text Check reads (1 MiB): far more
// than a model writes in one call, and small enough that decoding it
// stays cheap. Larger text is refused before it is parsed.
const MaxBytes = 1 << 20

// Check parses raw, the argument text from a model ("" or whitespace means
// {}), validates it and applies safe coercions. It returns the arguments
// to use (numbers are json.Number, so that int64 values keep every digit)
// and the coercions applied, in order. On failure args is nil and err is
// an *Error that lists the problems found, up to a cap (Stopped says
// when it was reached), in text that fits a tool result whatever raw
// holds.
func (c *Checker) Check(raw string) (args map[string]any, applied []Coercion, err error) {
	r := &run{c: c, budget: 100_000 + 16*len(raw)}
	if len(raw) > MaxBytes {
		r.add(problem{kind: ProblemMalformed, reason: fmt.Sprintf("the arguments are %d bytes, more than the %d a call may send", len(raw), MaxBytes),
			accepted: "send only the parameters, with shorter values"}, nil)
		return nil, nil, r.error()
	}
	text := strings.TrimSpace(raw)
	var v any = map[string]any{}
	if text != "" {
		var perr error
		v, perr = Decode(text)
		if perr != nil {
			r.add(problem{kind: ProblemMalformed, reason: perr.Error(),
				accepted: "send one JSON object with the parameters"}, nil)
			return nil, nil, r.error()
		}
	}
	if s, ok := v.(string); ok {
		if inner, err := Decode(strings.TrimSpace(s)); err == nil {
			if _, isObj := inner.(map[string]any); isObj {
				r.coerce(nil, s, inner, "arguments were a JSON object inside a string")
				v = inner
			}
		}
	}
	m, ok := v.(map[string]any)
	if !ok {
		reason := jsonval.Show(v) + " is " + kindWords[kindOf(v)] + ", not a JSON object"
		if v == nil {
			reason = "null is not a JSON object"
		}
		r.add(problem{kind: ProblemMalformed, given: v, reason: reason,
			accepted: "send one JSON object with the parameters"}, nil)
		return nil, nil, r.error()
	}
	if !c.open {
		m = r.unknownParams(m)
	}
	out, _ := r.validate(c.root, m, nil, 0)
	if r.exhausted {
		r.base-- // room for this one
		r.add(problem{kind: ProblemMalformed, reason: "too complex to check against this schema",
			accepted: "send a smaller arguments object"}, nil)
	}
	if len(r.problems) > 0 {
		return nil, r.coercions, r.error()
	}
	args, _ = out.(map[string]any)
	return args, r.coercions, nil
}

// Accepts reports whether args, decoded arguments (numbers as
// json.Number, see Decode), pass the schema as they are: Check would find
// no problem and apply no coercion. It is the strict judgement a test
// harness wants of a value it made: valid exactly when the runtime takes
// it unchanged, and whose formats meet JSON Schema's letter
// (formats.Strict: a time with its zone).
func (c *Checker) Accepts(args map[string]any) bool {
	r := &run{c: c, budget: 1 << 20, strict: true}
	if !c.open {
		args = r.unknownParams(args)
	}
	r.validate(c.root, args, nil, 0)
	return !r.exhausted && len(r.problems) == 0 && len(r.coercions) == 0
}

// unknownParams reports the names in m the tool does not take (the
// first maxProblems of them in sorted order, with a suggestion each)
// and returns m without them: a new map of the known names only, so that
// a million unknown names cost no copy of them.
func (r *run) unknownParams(m map[string]any) map[string]any {
	var unknown []string
	for k := range m {
		if !r.c.knownSet[k] {
			unknown = append(unknown, k)
		}
	}
	if len(unknown) == 0 {
		return m
	}
	sort.Strings(unknown)
	if len(unknown) > maxProblems {
		unknown, r.full = unknown[:maxProblems], true
	}
	for _, k := range unknown {
		r.unknown(r.c.known, k, m[k], nil, "parameter", "this tool takes")
	}
	kept := make(map[string]any, len(r.c.known))
	for _, k := range r.c.known {
		if v, ok := m[k]; ok {
			kept[k] = v
		}
	}
	return kept
}

// Decode reads one JSON value, numbers as json.Number, with an error a
// model can act on when the text is not exactly one JSON value.
func Decode(text string) (any, error) {
	dec := json.NewDecoder(strings.NewReader(text))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		var se *json.SyntaxError
		switch {
		case errors.As(err, &se):
			return nil, fmt.Errorf("not valid JSON (%s, at byte %d)", se.Error(), se.Offset)
		case errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF):
			return nil, errors.New("not valid JSON (the text ends before the value does)")
		}
		return nil, fmt.Errorf("not valid JSON (%s)", err.Error())
	}
	if rest := strings.TrimSpace(text[dec.InputOffset():]); rest != "" {
		return nil, fmt.Errorf("extra text after the JSON value, at byte %d: %s",
			dec.InputOffset(), jsonval.Show(rest))
	}
	return v, nil
}

// collectTop gathers the names the top level declares, through $ref,
// allOf, anyOf, oneOf and if/then/else, and whether it takes others.
func (c *Checker) collectTop() {
	c.knownSet = map[string]bool{}
	seen := map[*node]bool{}
	declares := false
	var walk func(n *node, depth int)
	walk = func(n *node, depth int) {
		if n == nil || seen[n] || depth > 32 {
			return
		}
		seen[n] = true
		if n.hasProps {
			declares = true
		}
		for _, name := range slices.Concat(n.propOrder, n.required) {
			if !c.knownSet[name] {
				c.knownSet[name] = true
				c.known = append(c.known, name)
			}
		}
		if n.addl == addlTrue || n.addl == addlSchema || len(n.patProps) > 0 {
			c.open = true
		}
		walk(n.ref, depth+1)
		for _, s := range n.allOf {
			walk(s, depth+1)
		}
		for _, u := range n.unions {
			for _, s := range u {
				walk(s, depth+1)
			}
		}
		walk(n.ifS, depth+1)
		walk(n.thenS, depth+1)
		walk(n.elseS, depth+1)
	}
	walk(c.root, 0)
	if !declares {
		c.open = true
	}
}

// ProblemKind classifies what is wrong with one argument.
type ProblemKind int

const (
	// ProblemMalformed: the arguments are not one JSON object, or a value
	// is nested too deeply to check.
	ProblemMalformed ProblemKind = iota + 1
	// ProblemMissing: a required parameter or field is absent.
	ProblemMissing
	// ProblemUnknown: a name the tool does not take (the model invented it).
	ProblemUnknown
	// ProblemType: a value of the wrong JSON type that no safe coercion fixes.
	ProblemType
	// ProblemValue: a value outside an enum or unequal to a const, or one
	// that matches none of a oneOf/anyOf's forms.
	ProblemValue
	// ProblemRange: a number outside minimum/maximum or not a multipleOf.
	ProblemRange
	// ProblemLength: a string with too few or too many characters, or an
	// object with too few or too many fields.
	ProblemLength
	// ProblemPattern: a string that does not match the schema's pattern.
	ProblemPattern
	// ProblemFormat: a string that is not of its format (date-time, uuid,
	// email...), or an integer outside int32/int64.
	ProblemFormat
	// ProblemItems: an array with too few or too many items, or with
	// duplicates where items must be unique.
	ProblemItems
)

var problemKindNames = [...]string{"", "malformed", "missing", "unknown", "type", "value", "range", "length",
	"pattern", "format", "items"}

// String returns the kind's lower-case name, e.g. "missing".
func (k ProblemKind) String() string {
	if k > 0 && int(k) < len(problemKindNames) {
		return problemKindNames[k]
	}
	return "ProblemKind(" + strconv.Itoa(int(k)) + ")"
}

// Problem is one thing wrong with a tool call's arguments.
type Problem struct {
	// Path locates the value: "" for the arguments as a whole, dotted
	// names for nested fields and [i] for array items ("body.tags[2]").
	Path string
	Kind ProblemKind
	// Given is the value sent (nil for a missing one).
	Given any
	// Reason says what is wrong, e.g. "is too large".
	Reason string
	// Accepted says what to send instead, e.g. "use an integer from 1 to 100".
	Accepted string
	// Example is a value that would be accepted, or nil.
	Example any
	// Hint is an extra sentence, e.g. `Did you mean "open"?`.
	Hint string
	// hidden keeps Given out of the text (format password).
	hidden bool
}

// String is the problem's line in the error text, e.g.
// `limit: 500 is too large; use an integer from 1 to 100.`
func (p Problem) String() string {
	var b strings.Builder
	b.WriteString(displayPath(p.Path))
	b.WriteString(": ")
	switch p.Kind {
	case ProblemMissing, ProblemUnknown, ProblemMalformed:
	default:
		if p.hidden {
			b.WriteString("the value given")
		} else {
			b.WriteString(jsonval.Show(p.Given))
		}
		b.WriteByte(' ')
	}
	b.WriteString(p.Reason)
	if p.Accepted != "" {
		b.WriteString("; ")
		b.WriteString(p.Accepted)
	}
	if p.Example != nil {
		b.WriteString(", e.g. ")
		b.WriteString(jsonval.Show(p.Example))
	}
	b.WriteByte('.')
	if p.Hint != "" {
		b.WriteByte(' ')
		b.WriteString(p.Hint)
	}
	return b.String()
}

// maxProblemLines is how many problems Error.Error lists before
// summing up the rest.
const maxProblemLines = 12

// Error is the error Check returns: every problem found in one call's
// arguments, and a valid example call.
type Error struct {
	Tool     string
	Problems []Problem
	// Stopped is set when checking stopped at a cap on the problems it
	// lists: there may be more.
	Stopped bool
	// Example is a complete valid arguments object.
	Example json.RawMessage
}

// Error is the text the model reads: a line per problem (at most 12, then
// a count of the rest) and a line with a valid example call.
func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString("Invalid arguments for ")
	b.WriteString(e.Tool)
	b.WriteString("; fix them and call again:")
	for i, p := range e.Problems {
		if i == maxProblemLines && len(e.Problems) > maxProblemLines+1 {
			fmt.Fprintf(&b, "\n- and %d more problems.", len(e.Problems)-i)
			break
		}
		b.WriteString("\n- ")
		b.WriteString(p.String())
	}
	if e.Stopped {
		b.WriteString("\n- checking stopped here; there may be more problems.")
	}
	if len(e.Example) > 0 {
		b.WriteString("\nExample: ")
		b.Write(jsonval.TruncateBytes(e.Example, 2000))
	}
	return b.String()
}

// Coercion is one safe change Check made to an argument.
type Coercion struct {
	// Path locates the value, as in Problem.
	Path string
	// From is the value given and To the value used.
	From, To any
	// Why names the rule, e.g. "integer expected".
	Why string
	// Dropped is set when the argument was left out (a null for an
	// optional parameter that does not take null); To is then nil.
	Dropped bool
}

// String reads like `limit: "100" -> 100 (integer expected)`.
func (c Coercion) String() string {
	to := "omitted"
	if !c.Dropped {
		to = jsonval.Show(c.To)
	}
	return displayPath(c.Path) + ": " + jsonval.Show(c.From) + " -> " + to + " (" + c.Why + ")"
}

func displayPath(p string) string {
	if p == "" {
		return "arguments"
	}
	return p
}

// path is a location in the arguments, built as validation descends
// and spelled out only for problems and coercions.
type path struct {
	parent *path
	name   string
	index  int // -1 for a name
	depth  int
}

func (p *path) key(name string) *path {
	return &path{parent: p, name: name, index: -1, depth: p.len() + 1}
}

func (p *path) item(i int) *path {
	return &path{parent: p, index: i, depth: p.len() + 1}
}

func (p *path) len() int {
	if p == nil {
		return 0
	}
	return p.depth
}

// String spells the path: body.owner.id, tags[2]; names that would be
// ambiguous in dotted form are written ["a.b"].
func (p *path) String() string {
	if p == nil {
		return ""
	}
	segs := make([]*path, 0, p.depth)
	for q := p; q != nil; q = q.parent {
		segs = append(segs, q)
	}
	var b strings.Builder
	for i := len(segs) - 1; i >= 0; i-- {
		s := segs[i]
		switch {
		case s.index >= 0:
			b.WriteByte('[')
			b.WriteString(strconv.Itoa(s.index))
			b.WriteByte(']')
		case s.name == "" || strings.ContainsAny(s.name, ".[]\" \t\n"):
			b.WriteByte('[')
			b.WriteString(jsonval.Quote(jsonval.Truncate(s.name, jsonval.MaxShown)))
			b.WriteByte(']')
		default:
			if b.Len() > 0 {
				b.WriteByte('.')
			}
			b.WriteString(jsonval.Truncate(s.name, jsonval.MaxShown))
		}
	}
	return b.String()
}
