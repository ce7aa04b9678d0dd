// Package dialect maps a tool's parameter schema (the JSON Schema that
// gen/toolschema writes) to what one model provider accepts: OpenAI with
// and without strict mode, Gemini and Anthropic take different subsets of
// JSON Schema, and a tool definition one accepts another refuses with an
// error that fails the whole request.
//
// Adapt rewrites a schema so that the dialect's rules (see the variables
// in rules.go, each citing the provider's documentation) accept it, and
// loses nothing silently: a keyword the dialect does not take is removed
// and its meaning appended to the description of the same place, where a
// model still reads it ("At most 100 characters."), and every change is a
// Warning naming the tool, the place (a JSON Pointer into the original
// schema) and what was done. A tool is refused only when no rewrite can
// make it valid; Result.Reason says why.
//
// Some rewrites change how a value is written, and Result.Restore turns
// arguments written for the adapted schema back into arguments for the
// original, which is what the tool checks and sends:
//   - In OpenAI's strict mode every property is required, so an optional
//     one becomes required and nullable, and null means "left out".
//   - Where a dialect cannot describe a value at all (a free-form object,
//     any JSON value, a type that contains itself past the point where
//     Gemini's inlining cuts it), the value is asked for as JSON text in a
//     string and decoded back.
//
// Check is the rules applied on their own, independent of the converter:
// it says what a dialect refuses in a schema, and tests hold every adapted
// schema to it.
package dialect

import (
	"fmt"
	"sort"
	"strings"
)

// Dialect names a provider's rules for tool parameter schemas.
type Dialect string

// The dialects.
const (
	// OpenAIStrict is OpenAI function calling with "strict": true
	// (Structured Outputs): a closed subset of JSON Schema enforced by
	// constrained decoding.
	OpenAIStrict Dialect = "openai-strict"
	// OpenAI is OpenAI-compatible function calling without strict mode.
	OpenAI Dialect = "openai"
	// Gemini is a Gemini function declaration's "parameters": an OpenAPI
	// 3.0 subset.
	Gemini Dialect = "gemini"
	// Anthropic is an Anthropic tool's "input_schema".
	Anthropic Dialect = "anthropic"
)

// Dialects lists every dialect.
func Dialects() []Dialect { return []Dialect{OpenAIStrict, OpenAI, Gemini, Anthropic} }

// Parse returns the dialect a name gives ("openai-strict", "openai",
// "gemini", "anthropic").
func Parse(name string) (Dialect, error) {
	d := Dialect(strings.ToLower(strings.TrimSpace(name)))
	for _, k := range Dialects() {
		if d == k {
			return d, nil
		}
	}
	names := make([]string, 0, 4)
	for _, k := range Dialects() {
		names = append(names, string(k))
	}
	return "", fmt.Errorf("unknown dialect %q: use %s", name, strings.Join(names, ", "))
}

// Verdict says what a dialect makes of a tool.
type Verdict string

// The verdicts.
const (
	// AsIs: the dialect accepts the schema unchanged.
	AsIs Verdict = "as-is"
	// Adapted: the dialect accepts the rewritten schema.
	Adapted Verdict = "adapted"
	// Refused: no rewrite makes the schema acceptable.
	Refused Verdict = "refused"
)

// Warning is one change Adapt made.
type Warning struct {
	Tool string `json:"tool"`
	// Pointer is the place in the original schema (RFC 6901; "" is the
	// root). A place inside "$defs" is named there once, however many
	// times it is used.
	Pointer string `json:"pointer"`
	// Keyword is what changed: a keyword ("maxLength"), or "optional" for
	// an optional property made required.
	Keyword string `json:"keyword"`
	// Action says what was done, and where its meaning went.
	Action string `json:"action"`
}

func (w Warning) String() string {
	at := w.Pointer
	if at == "" {
		at = "(root)"
	}
	return fmt.Sprintf("%s: %s %s: %s", w.Tool, at, w.Keyword, w.Action)
}

// Result is a tool's schema in one dialect.
type Result struct {
	Tool    string  `json:"tool"`
	Dialect Dialect `json:"dialect"`
	Verdict Verdict `json:"verdict"`
	// Schema is the schema to send, compact JSON: the original bytes when
	// the verdict is AsIs, nil when it is Refused.
	Schema []byte `json:"-"`
	// Warnings lists every change, in the order made.
	Warnings []Warning `json:"warnings,omitempty"`
	// Reason says why the tool is refused.
	Reason string `json:"reason,omitempty"`
	values *valueMap
}

// Adapt returns schema, a tool's parameter schema as JSON, in dialect d.
// The error is for a schema that is not JSON or an unknown dialect; a
// schema no dialect rule can fix is a Result with Verdict Refused.
func Adapt(tool string, schema []byte, d Dialect) (*Result, error) {
	if _, err := Parse(string(d)); err != nil {
		return nil, err
	}
	doc, err := decode(schema)
	if err != nil {
		return nil, fmt.Errorf("dialect: tool %s: parameter schema: %w", tool, err)
	}
	res := &Result{Tool: tool, Dialect: d}
	r := rulesOf(d)
	if len(check(doc, r)) == 0 {
		res.Verdict, res.Schema = AsIs, schema
		return res, nil
	}
	root, ok := doc.(*node)
	if !ok || !rootIsObject(root) {
		res.Verdict, res.Reason = Refused, "the arguments are not one JSON object: the root schema must be of type object"
		return res, nil
	}
	c := &converter{r: r, tool: tool, defs: root.obj("$defs"), inlining: map[string]bool{}}
	out, vm := c.root(root)
	res.Warnings, res.values = c.warnings, vm
	if vs := check(out, r); len(vs) > 0 {
		reasons := make([]string, 0, len(vs))
		for _, v := range vs {
			reasons = append(reasons, v.String())
		}
		sort.Strings(reasons)
		res.Verdict, res.Reason = Refused, strings.Join(reasons, "; ")
		return res, nil
	}
	res.Verdict, res.Schema = Adapted, encode(out)
	return res, nil
}

// rootIsObject reports whether a schema's root takes a JSON object and
// nothing else: type "object", no union at the top.
func rootIsObject(n *node) bool {
	ts := types(n)
	return len(ts) == 1 && ts[0] == "object" && !n.has("anyOf") && !n.has("oneOf") && !n.has("allOf")
}

// Restore turns arguments written for the adapted schema into arguments
// for the original: in strict mode a null for an optional property is
// left out, and a value asked for as JSON text is decoded (a string that
// is not JSON is kept as it is). It changes args in place and returns it.
func (r *Result) Restore(args map[string]any) map[string]any {
	if r == nil || r.values == nil || args == nil {
		return args
	}
	out, _ := r.values.restore(args).(map[string]any)
	return out
}

// Encode is Restore's inverse: it writes arguments for the original
// schema as the adapted schema asks for them (null for each optional
// property left out in strict mode, JSON text where a value is asked for
// as text). It returns a new map.
func (r *Result) Encode(args map[string]any) map[string]any {
	if r == nil || r.values == nil || args == nil {
		return args
	}
	out, _ := r.values.encode(args).(map[string]any)
	return out
}

// Changes reports whether arguments differ between the adapted schema
// and the original: whether Restore has anything to do.
func (r *Result) Changes() bool { return r != nil && r.values != nil }
