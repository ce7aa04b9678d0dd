// Package toolschema writes the JSON Schema of a tool's arguments: the
// "parameters" of a function-calling tool definition, the part of it that
// constrained decoding and argument validation use.
//
// # What goes where
//
// A model pays for the whole tool definition in every prompt: name,
// description and this schema. agentready says each fact once, where it
// works hardest:
//
//   - The schema carries everything a machine can check: types, formats,
//     enums, defaults, ranges, lengths, patterns, array bounds, nested
//     objects and which arguments are required. Providers that decode
//     under a schema enforce exactly these keywords, and generated tools
//     validate arguments against the same bytes, so they must be here.
//   - The schema also carries each argument's meaning, shortened to its
//     first sentence without markup, articles or the final period
//     ([prose.Brief]; at most 100 bytes for an argument, 60 below): the
//     property key already names the argument, so the text costs no
//     repeated name. A meaning that only restates the name and the tool's
//     purpose is dropped ("The account owner of the repository" for owner
//     in "List repository tags"), and so is the meaning of a paging
//     argument (limit, cursor, page, per_page, ...) unless it holds a
//     number such as "max 100". A string or number argument keeps, after
//     its meaning, what its text says of its values when the meaning cut
//     it ([prose.Values], at most 150 bytes): a list ("ACTIVE or
//     INACTIVE"), a default ("default ASC", unless the schema has one) or
//     what codes mean ("10 => Guest"; the only part kept beside an enum).
//     An argument whose schema shows nothing of its values' form (a
//     scalar or an array of scalars with no enum, format or example)
//     keeps the examples its text gives ([prose.ExampleNote]: "e.g.
//     24:hours, 7:days" from "e.g. `timeframe[]=24:hours`") and the
//     form it names ([prose.FormNote]: "as ISO 8601", "as Unix time",
//     "true or false" for a string), in the same 150 bytes.
//     Below the arguments, a named type's own
//     text is not repeated at each use: it is written in $defs or not at
//     all; a property's own text is kept.
//   - The description (gen/describe) carries only what the schema cannot:
//     the purpose of the tool and one example of valid arguments. It
//     repeats no type, enum, range or required mark.
//
// # The schema
//
// Build writes draft 2020-12 JSON Schema with an object root whose
// properties are the tool arguments ([Args]): parameters by their Arg
// name, then a flattened body's properties, or the whole body as one
// argument. Keys come in a fixed order (type first, properties in argument
// order), so equal input gives equal bytes.
//
// Named types are inlined at each use, which reads best, with two
// exceptions written once under "$defs" (keyed by the type's Go name) and
// used through "$ref": "#/$defs/Name": a type that can contain itself
// (directly or through others), so recursive shapes stay exact without an
// arbitrary depth cut; and a large type (8 or more schema nodes) used more
// than once in the tool, such as Kubernetes' Container in containers and
// initContainers, so it is paid for once (Options.NoSharing turns this
// off). Options.MaxDepth can cut deep nesting where a spec's bodies are
// too large to send whole.
//
// Unions (oneOf and anyOf alike) become "anyOf", which every provider that
// takes unions accepts (oneOf's "exactly one" rarely holds for overlapping
// variants, and OpenAI's strict mode rejects it); a union with a variant
// that takes anything is written as {}. Nullable schemas get a type list
// with "null" (and null in their enum).
//
// Some of the spec is left out on purpose. Properties marked readOnly are
// not inputs. Credentials ([Credential]: an Authorization header, an
// API-key scheme's parameter, Slack's "token" beside its OAuth scheme) are
// sent by the runtime from its configuration; a model cannot know them. A
// body that can hold nothing (an empty closed object, which Stripe
// declares on GET) is no argument. Patterns Go's RE2 cannot compile
// (lookaround, backreferences) cannot be checked ([ValidPattern]). Integer
// and number formats (int32, int64, float, double) say nothing the type
// does not.
//
// [Naive] writes the baseline most OpenAPI-to-tool converters produce,
// against which agentready's definitions are measured.
package toolschema

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/agentready/agentready/gen/describe/prose"
	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/internal/english"
	"github.com/agentready/agentready/internal/jsonptr"
	"github.com/agentready/agentready/internal/jsonw"
)

// Options tune Build. The zero value gives the defaults.
type Options struct {
	// DescriptionChars caps the meaning kept for a top-level argument, in
	// bytes (default DefaultDescriptionChars); negative keeps none.
	DescriptionChars int
	// NestedDescriptionChars caps it for properties of nested objects
	// (default DefaultNestedDescriptionChars); negative keeps none.
	NestedDescriptionChars int
	// MaxDepth, when positive, is how many levels of properties are
	// written: 1 writes the properties of object arguments, but objects
	// inside those become {"type":"object"} with their description (a
	// type in $defs counts from its own level). Zero writes every level.
	MaxDepth int
	// NoSharing writes every type that is not recursive inline at each
	// use. By default a large type used more than once in a tool is
	// written once under "$defs" (see the package doc).
	NoSharing bool
	// OptionalLevels, when positive, summarizes optional structure: an
	// object that is optional (or inside an optional argument or
	// property) and lies OptionalLevels-1 or more levels of properties
	// below the arguments is written as {"type":"object"} with its
	// description and a note that it takes the object as JSON per the
	// API's schema. 1 summarizes every optional object argument, 2 the
	// objects inside them, and so on. Required arguments, and the
	// required properties of required objects, are always written whole.
	// Argument checking should use the full schema (Options without it).
	OptionalLevels int
	// NoOptionalEnums leaves the enum out of optional arguments and
	// properties (the last resort of a budget: a long list of allowed
	// values, such as Stripe's API versions, on an optional argument).
	NoOptionalEnums bool
	// ForChecking writes only what argument checking reads: no
	// description, hint or note.
	ForChecking bool
	// Example, when set with ForChecking, gives the example value of a
	// scalar (string, integer, number or boolean) at a place where
	// argument checking's corrective messages can show one: use is the
	// schema there, name the argument or property it is for (an array's
	// items get the singular of the array's name). A value it returns
	// (ok) is written as the node's "example", unless it equals what
	// checking reads there without it: the default, else the first enum
	// value. The use of a top-level argument carries the argument's own
	// example (Arg.Example) as its Example. Objects and arrays get none; checking composes theirs from
	// their members'. gen/example.ForMessage is the one synthesizer
	// meant here, so that the example a model is shown in an error is the
	// one its description and the test cases use. The schema a model
	// reads never gets these (Build without ForChecking ignores Example).
	// It must answer the same for the same use and name.
	Example func(use *ir.Schema, name string) (v any, ok bool)
	// StopAfter, when positive, stops the build once the schema is
	// longer than this many bytes: what Build returns is then only its
	// first bytes (more than StopAfter, not valid JSON), enough for a
	// caller that only needs to know it is over that size, such as
	// describe.Fit with a budget, without paying for the rest. Microsoft
	// Graph beta's 296 tools over 24,000 bytes wrote 170 MB of its 188.
	StopAfter int
	// Probe, when positive, stops the build as StopAfter does once the
	// schema is longer than Probe bytes, but only while the bytes written
	// so far are sure to stay: in the arguments' properties and required
	// list, which the $defs after them, and the second pass these may
	// need, never change. A caller that only needs to know whether the
	// schema is over Probe bytes (describe.Fit, once it knows which sizes
	// it would pass over) then learns it as soon as the arguments show
	// it, and reads the same size either way.
	Probe int
	// Memo, when set (NewMemo) for the API being built, keeps what the
	// schemas of its operations share, so that building many of them, or
	// one several times, works out the types under $defs once per set of
	// types used, and each use's Example once. Builds that share a Memo
	// must give the same Example (or none). It changes no byte of the
	// output.
	Memo *Memo
}

// The default caps of Options.
const (
	DefaultDescriptionChars       = 100
	DefaultNestedDescriptionChars = 60
)

func (o Options) withDefaults() Options {
	if o.DescriptionChars == 0 {
		o.DescriptionChars = DefaultDescriptionChars
	}
	if o.NestedDescriptionChars == 0 {
		o.NestedDescriptionChars = DefaultNestedDescriptionChars
	}
	return o
}

// Build returns the JSON Schema of op's arguments as compact JSON.
func Build(api *ir.API, op *ir.Operation, opts Options) ([]byte, error) {
	schema, _, err := BuildSummarized(api, op, opts)
	return schema, err
}

// BuildSummarized is Build that also returns the places (argument.property
// paths; $defs/Type.property inside shared types) whose objects were
// summarized under Options.OptionalLevels.
func BuildSummarized(api *ir.API, op *ir.Operation, opts Options) ([]byte, []string, error) {
	b, err := build(api, op, opts, false)
	if err != nil {
		return nil, nil, err
	}
	return b.w.b.keep(), b.summarized, nil
}

// BuildChecking is Build for argument checking (it sets
// Options.ForChecking) that also returns the examples it wrote
// (Options.Example) as toolrt.Operation.Examples holds them: a JSON
// object from the JSON pointer of each schema node given an "example" to
// that example, with sorted keys; nil when no node got one. The
// pointers are recorded as the nodes are written, so the schema need not
// be read back to find them.
func BuildChecking(api *ir.API, op *ir.Operation, opts Options) (schema, examples []byte, err error) {
	opts.ForChecking = true
	b, err := build(api, op, opts, false)
	if err != nil {
		return nil, nil, err
	}
	return b.w.b.keep(), b.appendExamples(nil), nil
}

// CheckingExamples returns the examples BuildChecking would return,
// without the schema: a tool whose definition is not cut is checked
// against the schema the model reads, and keeps only these, so its check
// schema need not be written.
func CheckingExamples(api *ir.API, op *ir.Operation, opts Options) ([]byte, error) {
	opts.ForChecking = true
	b, err := build(api, op, opts, true)
	if err != nil {
		return nil, err
	}
	return b.appendExamples(nil), nil
}

// appendExamples appends the examples written as a JSON object from
// pointer to example with sorted keys, as jsonw writes a map; nothing
// when none was written.
func (b *builder) appendExamples(dst []byte) []byte {
	if len(b.examples) == 0 {
		return dst
	}
	// A pointer written twice keeps its last example, as a map would.
	slices.SortStableFunc(b.examples, comparePointers)
	// About the size written (a short value each), so that a tool's
	// thousands of examples do not grow it by doubling.
	size := 2
	for _, e := range b.examples {
		size += len(e.pre) + len(e.at) + 16
	}
	dst = slices.Grow(dst, size)
	dst = append(dst, '{')
	for i, e := range b.examples {
		if i+1 < len(b.examples) && comparePointers(b.examples[i+1], e) == 0 {
			continue
		}
		if len(dst) > 1 {
			dst = append(dst, ',')
		}
		dst = jsonw.AppendString(dst, e.pre)
		if e.at != "" {
			// The two parts as one string: the first's closing quote
			// and the second's opening one go. They split at a '/',
			// so each escapes as within the whole.
			n := len(dst) - 1
			dst = jsonw.AppendString(dst[:n], e.at)
			dst = append(dst[:n], dst[n+1:]...)
		}
		dst = append(dst, ':')
		dst = jsonw.Append(dst, e.v)
	}
	return append(dst, '}')
}

// pointedExample is an example written at the JSON pointer pre+at: a
// subtree's examples are replayed (replay) under the pointer of each
// place it is copied to, which is not joined to theirs until written.
type pointedExample struct {
	pre, at string
	v       any
}

// pointer is e's whole pointer.
func (e pointedExample) pointer() string {
	if e.pre == "" {
		return e.at
	}
	return e.pre + e.at
}

// comparePointers compares the pointers of x and y as strings.Compare
// compares x.pointer() and y.pointer(), without joining them.
func comparePointers(x, y pointedExample) int {
	a, b := x.pre, y.pre
	aNext, bNext := x.at, y.at
	for {
		if a == "" {
			a, aNext = aNext, ""
		}
		if b == "" {
			b, bNext = bNext, ""
		}
		if a == "" || b == "" {
			return cmp.Compare(len(a), len(b))
		}
		n := min(len(a), len(b))
		if c := strings.Compare(a[:n], b[:n]); c != 0 {
			return c
		}
		a, b = a[n:], b[n:]
	}
}

// build writes op's schema and returns the builder of the last pass;
// with discard, the schema's bytes are not kept (only what the builder
// records, such as its examples).
func build(api *ir.API, op *ir.Operation, opts Options, discard bool) (*builder, error) {
	if api == nil || op == nil {
		return nil, errors.New("toolschema: nil API or operation")
	}
	b := &builder{api: api, opts: opts.withDefaults(), context: op.Summary, hints: op.InputHints}
	b.w.b.discard = discard
	if !discard {
		b.w.b.reuse(pooledBuffer())
	}
	if b.context == "" {
		b.context = prose.FirstSentence(prose.Clean(op.Description))
	}
	args := Args(api, op)
	b.args = args
	b.shared = b.opts.Memo.defsOf(api, op, args, b.opts.NoSharing)
	b.root(args)
	for i := 0; i < 8 && !b.probed && b.defsChanged(); i++ {
		last := b
		b = &builder{api: api, opts: b.opts, context: b.context, known: b.known, hints: b.hints, shared: b.shared, args: args,
			seedReq: b.defReq, seedDepth: b.defDepth, briefs: b.briefs}
		b.w.b.discard = discard
		b.w.b.reuse(last.w.b.Bytes())
		b.root(args)
	}
	return b, nil
}

// BuildValue returns, as compact JSON, the schema argument checking
// reads (Options.ForChecking) for one value of schema s: an object whose
// one required property, "value", has s's schema, with the named types it
// uses under $defs. Checking {"value": v} against it judges v as a tool
// argument of schema s would be judged.
func BuildValue(api *ir.API, s *ir.Schema) []byte {
	b := &builder{api: api, opts: Options{ForChecking: true}.withDefaults()}
	args := []Arg{{Name: "value", Required: true, Schema: s}}
	b.shared = b.opts.Memo.defsFor(api, []*ir.Schema{s}, false)
	b.root(args)
	for i := 0; i < 8 && b.defsChanged(); i++ {
		b = &builder{api: api, opts: b.opts, shared: b.shared, seedReq: b.defReq, seedDepth: b.defDepth}
		b.root(args)
	}
	return b.w.b.Bytes()
}

// Naive returns the parameters schema a typical OpenAPI-to-tool converter
// writes, the baseline of the measurements: every parameter and body
// field with its schema as the spec has it (descriptions, titles,
// examples, formats and readOnly fields kept), named types inlined at
// every use, and a type met again inside itself written as
// {"type":"object"}.
func Naive(api *ir.API, op *ir.Operation) []byte {
	schema, _ := NaiveSample(api, op, 0)
	return schema
}

// NaiveSample is Naive that keeps only the first limit bytes of the
// schema (all of it when limit is 0) and returns its whole size: the
// baseline of some specs runs to megabytes a tool, which need not be
// held to be measured.
func NaiveSample(api *ir.API, op *ir.Operation, limit int) ([]byte, int) {
	b := &builder{api: api, naive: true, path: map[string]bool{}}
	b.w.b.limit = limit
	var args []Arg
	for _, p := range op.Params {
		sch := p.Schema
		if p.Example != nil && sch != nil {
			cp := *sch
			cp.Example = p.Example
			sch = &cp
		}
		args = append(args, Arg{Name: p.Arg, Required: p.Required, Schema: sch, Description: p.Description})
	}
	if bd := op.Body; bd != nil {
		if bd.Flatten {
			for _, p := range api.Resolve(bd.Schema).Properties {
				args = append(args, Arg{Name: p.Name, Required: p.Required && bd.Required, Schema: p.Schema})
			}
		} else {
			args = append(args, Arg{Name: bd.Arg, Required: bd.Required, Schema: bd.Schema, Description: bd.Description})
		}
	}
	b.root(args)
	return b.w.b.Bytes(), b.w.b.total
}

type builder struct {
	api  *ir.API
	opts Options
	// hints end the descriptions of the arguments they name
	// (ir.Operation.InputHints).
	hints map[string]string
	// args are the tool's arguments (for value sentences, which must not
	// list their names as values).
	args  []Arg
	naive bool
	w     jw
	// shared holds the types written under $defs; defs lists those
	// used so far, in order of first use.
	shared  map[string]bool
	defs    []string
	defUsed map[string]bool
	// path holds the types being inlined (Naive's cycle cut).
	path map[string]bool
	// onCycle and naiveSizes serve countedNaive, once Naive's output is
	// only counted.
	onCycle    map[string]bool
	naiveSizes map[naiveKey]int
	// inDefs is true while $defs are written: their texts take the
	// nested cap.
	inDefs bool
	// context is the tool's purpose: a meaning that only repeats it and
	// the argument's name is dropped.
	context string
	// known is the context's words, worked out at the first brief.
	known prose.Known
	// optional is set while an optional argument or property, or
	// anything inside one, is written (Options.OptionalLevels); while a
	// subtree is recorded for the Memo (inlineType), it says so only of
	// what lies inside the subtree, and optBase holds whether the subtree
	// itself is optional.
	optional, optBase bool
	// recording counts the subtrees being recorded for the Memo, and
	// defLog holds the uses of $defs types met inside them.
	recording int
	defLog    []defUse
	// defBase is the depth of the shallowest use of the $defs type being
	// written; defReq and defDepth record, for each type in $defs,
	// whether a required place uses it and its shallowest use, and
	// wroteReq and wroteDepth what its definition was written for.
	// seedReq and seedDepth carry the first two into a second pass.
	defBase             int
	defReq, seedReq     map[string]bool
	defDepth, seedDepth map[string]int
	wroteReq            map[string]bool
	wroteDepth          map[string]int
	trail               []string
	// at is the JSON pointer of the node being written, and examples
	// the examples written so far by pointer (BuildChecking).
	at         []byte
	examples   []pointedExample
	summarized []string
	briefs     map[briefKey]string
	// itemNext is set while the items of an array are about to be
	// written: their example is named for one item (Options.Example).
	itemNext bool
	// argExample is the spec's example of the argument about to be
	// written (Arg.Example), which Options.Example reads on its use.
	argExample any
	// probed is set once the schema is past Options.Probe before the
	// $defs: nothing more is written, in this pass or another.
	probed bool
}

// stopped reports whether the schema is past Options.StopAfter, or past
// Options.Probe before the $defs: nothing more is written.
func (b *builder) stopped() bool {
	n := b.w.b.Len()
	if b.opts.Probe > 0 && !b.inDefs && n > b.opts.Probe {
		b.probed = true
	}
	return b.probed || b.opts.StopAfter > 0 && n > b.opts.StopAfter
}

// defsChanged reports whether a type in $defs was written for a more
// optional or deeper use than its uses need.
func (b *builder) defsChanged() bool {
	for id, req := range b.defReq {
		if req != b.wroteReq[id] || b.defDepth[id] != b.wroteDepth[id] {
			return true
		}
	}
	return false
}

// summarize reports whether the object s at depth is written as a
// summary (Options.OptionalLevels).
func (b *builder) summarize(s *ir.Schema, depth int) bool {
	return !b.naive && b.opts.OptionalLevels > 0 && (b.optBase || b.optional) && depth+b.defBase >= b.opts.OptionalLevels-1 &&
		s != nil && s.Kind == ir.KindObject && len(InputProperties(s)) > 0
}

func (b *builder) root(args []Arg) {
	w := &b.w
	w.obj()
	w.key("type")
	w.str("object")
	w.key("properties")
	w.obj()
	for _, a := range args {
		w.key(a.Name)
		b.optional = !a.Required
		b.trail = append(b.trail[:0], a.Name)
		b.at = jsonptr.AppendToken(append(b.at[:0], "/properties"...), a.Name)
		b.argExample = a.Example
		b.schema(a.Schema, a.Description, a.Name, 0)
	}
	w.close('}')
	first := true
	for _, a := range args {
		if !a.Required {
			continue
		}
		if first {
			w.key("required")
			w.arr()
			first = false
		}
		w.str(a.Name)
	}
	if !first {
		w.close(']')
	}
	if len(b.defs) > 0 {
		w.key("$defs")
		w.obj()
		// Writing a definition may use further ones: they are appended to
		// b.defs and written in turn.
		b.inDefs = true
		b.wroteReq, b.wroteDepth = map[string]bool{}, map[string]int{}
		for i := 0; i < len(b.defs); i++ {
			id := b.defs[i]
			t := b.api.Type(id)
			w.key(t.GoName)
			b.optional, b.defBase = !b.defReq[id], b.defDepth[id]
			b.wroteReq[id], b.wroteDepth[id] = b.defReq[id], b.defDepth[id]
			b.trail = append(b.trail[:0], "$defs/"+t.GoName)
			b.at = jsonptr.AppendToken(append(b.at[:0], "/$defs"...), t.GoName)
			b.inlineType(&ir.Schema{}, t.Schema, "", t.GoName, 0)
		}
		w.close('}')
	}
	w.close('}')
}

// schema writes the schema of a use of s at the given depth (0 for an
// argument). desc is the spec's text for the use when it has its own
// (a parameter's description); otherwise the schema's is used.
func (b *builder) schema(use *ir.Schema, desc, name string, depth int) {
	if b.naive && b.w.b.full() && use != nil && use.Ref != "" {
		b.countedSchema(use, desc, name, depth)
		return
	}
	b.schemaOf(use, desc, name, depth)
}

// schemaOf is schema, written out.
func (b *builder) schemaOf(use *ir.Schema, desc, name string, depth int) {
	if b.stopped() {
		return
	}
	w := &b.w
	if use == nil {
		w.obj()
		w.close('}')
		return
	}
	s := use
	for i := 0; s.Ref != "" && i < 64; i++ {
		id := s.Ref
		t := b.api.Type(id)
		if t == nil || t.Schema == nil {
			w.obj()
			w.close('}')
			return
		}
		if b.naive && b.path[id] {
			w.obj()
			w.key("type")
			w.str("object")
			b.description(firstNonEmpty(desc, use.Description, t.Schema.Description), name, depth)
			w.close('}')
			return
		}
		if !b.naive && b.shared[id] && !b.summarize(b.api.Resolve(t.Schema), depth) {
			d := firstNonEmpty(desc, use.Description)
			if depth == 0 && !b.inDefs {
				d = firstNonEmpty(d, t.Schema.Description)
			}
			b.ref(t, d, name, depth)
			return
		}
		if b.naive {
			b.path[id] = true
			defer delete(b.path, id)
		}
		s = t.Schema
	}
	if s != use {
		b.inlineType(use, s, desc, name, depth)
		return
	}
	b.inline(use, s, desc, name, depth)
}

// ref writes a use of a type written under $defs.
func (b *builder) ref(t *ir.Type, desc, name string, depth int) {
	b.itemNext, b.argExample = false, nil
	b.useDef(t.ID, depth+b.defBase, b.optional)
	w := &b.w
	w.obj()
	w.key("$ref")
	w.str("#/$defs/" + t.GoName)
	b.description(desc, name, depth)
	w.close('}')
}

// numericFormats say no more than the JSON type to a model.
var numericFormats = map[string]bool{"int32": true, "int64": true, "float": true, "double": true, "integer": true, "number": true}

// inline writes schema s (no Ref) with the use-site annotations of use.
func (b *builder) inline(use, s *ir.Schema, desc, name string, depth int) {
	if b.stopped() {
		return
	}
	w := &b.w
	item, given := b.itemNext, b.argExample
	b.itemNext, b.argExample = false, nil
	nullable := use.Nullable || s.Nullable
	def := use.Default
	if def == nil {
		def = s.Default
	}
	if desc == "" {
		desc = use.Description
		if use.Ref == "" || depth == 0 && !b.inDefs || b.naive {
			// A named type's own text describes the type, not this use
			// of it: below the arguments it is said once, in $defs or
			// not at all, rather than at every use.
			desc = firstNonEmpty(desc, s.Description)
		}
	}
	if desc == "" && b.naive {
		desc = s.Title
	}
	w.obj()
	kind := s.Kind
	if kind == ir.KindUnion && !b.naive && b.anyVariant(s) {
		// A union with a variant that takes anything takes anything
		// (a oneOf of "required" lists lowers so).
		kind = ir.KindAny
	}
	switch kind {
	case ir.KindAny, "":
	case ir.KindUnion:
	case ir.KindNull:
		w.key("type")
		w.str("null")
	default:
		w.key("type")
		if nullable {
			w.arr()
			w.str(string(kind))
			w.str("null")
			w.close(']')
		} else {
			w.str(string(kind))
		}
	}
	if s.Format != "" && (b.naive || !numericFormats[s.Format] || kind == ir.KindString) {
		w.key("format")
		w.str(s.Format)
	}
	if b.naive && s.Title != "" && s.Title != desc {
		w.key("title")
		w.str(s.Title)
	}
	summary := kind == ir.KindObject && b.summarize(s, depth)
	if summary {
		note := "JSON object; fields not shown"
		if use.Ref != "" {
			if t := b.api.Type(use.Ref); t != nil {
				note = "JSON object per API schema " + t.GoName + "; fields not shown"
			}
		}
		b.summarized = append(b.summarized, strings.Join(b.trail, "."))
		b.noted(desc, name, depth, note, valueUse{})
	} else {
		scalar := kind == ir.KindString || kind == ir.KindInteger || kind == ir.KindNumber
		b.noted(desc, name, depth, "", valueUse{on: scalar, enum: len(s.Enum) > 0, hasDefault: def != nil,
			examples: b.unshownForm(use, s, kind), str: kind == ir.KindString,
			form: scalar && len(s.Enum) == 0 && s.Format == "", described: b.describedEnum(s, kind)})
	}
	if len(s.Enum) > 0 && !(b.opts.NoOptionalEnums && b.optional && !b.naive) {
		w.key("enum")
		w.arr()
		for _, v := range s.Enum {
			w.value(v)
		}
		if nullable && kind != ir.KindAny {
			w.value(nil)
		}
		w.close(']')
	}
	if def != nil {
		w.key("default")
		w.value(def)
	}
	if s.Minimum != nil {
		if s.ExclusiveMinimum {
			w.key("exclusiveMinimum")
		} else {
			w.key("minimum")
		}
		w.num(*s.Minimum)
	}
	if s.Maximum != nil {
		if s.ExclusiveMaximum {
			w.key("exclusiveMaximum")
		} else {
			w.key("maximum")
		}
		w.num(*s.Maximum)
	}
	if s.MultipleOf != nil && *s.MultipleOf > 0 {
		w.key("multipleOf")
		w.num(*s.MultipleOf)
	}
	if s.MinLength != nil && *s.MinLength > 0 {
		w.key("minLength")
		w.int(*s.MinLength)
	}
	if s.MaxLength != nil {
		w.key("maxLength")
		w.int(*s.MaxLength)
	}
	if s.Pattern != "" && (b.naive || ValidPattern(s.Pattern)) {
		w.key("pattern")
		w.str(s.Pattern)
	}
	if b.naive && s.UniqueItems && kind != ir.KindArray {
		// Kubernetes marks every query parameter so; a converter that
		// copies the spec keeps it.
		w.key("uniqueItems")
		w.bool(true)
	}
	if kind == ir.KindArray {
		if it := s.Items; it != nil && (b.naive || !isPlainAny(it)) {
			w.key("items")
			b.itemNext = true
			n := len(b.at)
			b.at = append(b.at, "/items"...)
			b.schema(it, "", name, depth+1)
			b.itemNext, b.at = false, b.at[:n]
		}
		if s.MinItems != nil && *s.MinItems > 0 {
			w.key("minItems")
			w.int(*s.MinItems)
		}
		if s.MaxItems != nil {
			w.key("maxItems")
			w.int(*s.MaxItems)
		}
		if s.UniqueItems {
			w.key("uniqueItems")
			w.bool(true)
		}
	}
	if kind == ir.KindObject && !summary {
		b.object(s, depth)
	}
	if kind == ir.KindUnion {
		w.key("anyOf")
		w.arr()
		n := len(b.at)
		for i, v := range s.Variants {
			b.at = strconv.AppendInt(append(b.at[:n], "/anyOf/"...), int64(i), 10)
			b.schema(v, "", name, depth+1)
		}
		b.at = b.at[:n]
		if nullable {
			w.obj()
			w.key("type")
			w.str("null")
			w.close('}')
		}
		w.close(']')
	}
	if use.Deprecated || s.Deprecated {
		w.key("deprecated")
		w.bool(true)
	}
	if b.opts.ForChecking && b.opts.Example != nil && !b.naive && !summary {
		if item {
			name = english.Singular(name)
		}
		kept := given == nil
		if !kept {
			cp := *use
			cp.Example = given
			use = &cp
		}
		b.example(use, s, kind, def, name, kept)
	}
	if b.naive {
		if s.ReadOnly {
			w.key("readOnly")
			w.bool(true)
		}
		ex := use.Example
		if ex == nil {
			ex = s.Example
		}
		if ex != nil {
			w.key("example")
			w.value(ex)
		}
	}
	w.close('}')
}

// example writes the "example" of a scalar node for argument checking's
// messages (Options.Example), when it says more than the node's default
// or first enum value, which checking reads on its own. The Memo keeps
// the example of a use that is the spec's own (kept), not a copy made for
// this build.
func (b *builder) example(use, s *ir.Schema, kind ir.Kind, def any, name string, kept bool) {
	switch kind {
	case ir.KindString, ir.KindInteger, ir.KindNumber, ir.KindBoolean:
	default:
		return
	}
	var v any
	var ok bool
	if kept {
		v, ok = b.opts.Memo.example(b.api, use, name, b.opts.Example)
	} else {
		v, ok = b.opts.Example(use, name)
	}
	if !ok {
		return
	}
	own := def
	if own == nil && len(s.Enum) > 0 && !(b.opts.NoOptionalEnums && b.optional) {
		own = s.Enum[0]
	}
	if own != nil && sameJSON(own, v) {
		return
	}
	b.w.key("example")
	b.w.value(v)
	b.examples = append(b.examples, pointedExample{at: string(b.at), v: v})
}

// sameJSON reports whether a and b are written as the same JSON.
func sameJSON(a, b any) bool {
	return bytes.Equal(jsonw.Append(nil, a), jsonw.Append(nil, b))
}

// object writes the members of an object schema.
func (b *builder) object(s *ir.Schema, depth int) {
	w := &b.w
	props := s.Properties
	if !b.naive {
		props = InputProperties(s)
		if b.opts.MaxDepth > 0 && depth >= b.opts.MaxDepth {
			props = nil
		}
	}
	if len(props) > 0 {
		w.key("properties")
		w.obj()
		opt, n, at := b.optional, len(b.trail), len(b.at)
		for _, p := range props {
			w.key(p.Name)
			b.optional = opt || !p.Required
			b.trail = append(b.trail[:n], p.Name)
			b.at = jsonptr.AppendToken(append(b.at[:at], "/properties"...), p.Name)
			b.schema(p.Schema, "", p.Name, depth+1)
		}
		b.optional, b.trail, b.at = opt, b.trail[:n], b.at[:at]
		w.close('}')
		first := true
		for _, p := range props {
			if !p.Required {
				continue
			}
			if first {
				w.key("required")
				w.arr()
				first = false
			}
			w.str(p.Name)
		}
		if !first {
			w.close(']')
		}
	}
	if ap := s.AdditionalProperties; ap != nil && (b.naive || !isPlainAny(ap) || len(props) > 0) {
		w.key("additionalProperties")
		if isPlainAny(ap) && !b.naive {
			w.bool(true)
		} else {
			n := len(b.at)
			b.at = append(b.at, "/additionalProperties"...)
			b.schema(ap, "", "", depth+1)
			b.at = b.at[:n]
		}
	} else if s.ClosedObject && len(props) > 0 {
		w.key("additionalProperties")
		w.bool(false)
	}
	if s.MinProperties != nil && *s.MinProperties > 0 {
		w.key("minProperties")
		w.int(*s.MinProperties)
	}
	if s.MaxProperties != nil {
		w.key("maxProperties")
		w.int(*s.MaxProperties)
	}
}

// description writes the description member: the spec's text as is for
// Naive, its brief form otherwise.
func (b *builder) description(desc, name string, depth int) {
	b.noted(desc, name, depth, "", valueUse{})
}

// valueUse says whether an argument's description keeps what its text
// says about its values (see prose.Values), and what its schema already
// says of them.
type valueUse struct {
	on, enum, hasDefault bool
	// examples: the text's example values are kept (see unshownForm).
	// form: the form the text names is kept ([prose.FormNote]): the
	// argument is a scalar with no enum or format (an example in the
	// spec is no form a model is shown); str: it takes a string.
	examples, form, str bool
	// described is the scalar schema (the argument's, or its items')
	// whose enum values the spec explains (ir.Schema.EnumDescriptions),
	// or nil.
	described *ir.Schema
}

// describedEnum is the schema whose explained enum values an argument of
// schema s takes: s, or for an array its items; nil when there is none.
func (b *builder) describedEnum(s *ir.Schema, kind ir.Kind) *ir.Schema {
	if kind == ir.KindArray {
		s = b.api.Resolve(s.Items)
	}
	if s == nil || len(s.Enum) < 2 || len(s.EnumDescriptions) != len(s.Enum) {
		return nil
	}
	return s
}

// enumMeanings is what the spec says the values of an explained enum
// (see describedEnum) mean, briefly (prose.EnumMeanings), at most max
// bytes.
func (b *builder) enumMeanings(s *ir.Schema, name string, max int) string {
	values := make([]string, len(s.Enum))
	for i, v := range s.Enum {
		values[i] = fmt.Sprint(v)
	}
	return prose.EnumMeanings(values, s.EnumDescriptions, name, b.context, max)
}

// unshownForm reports whether an argument's schema shows nothing of the
// form its values take: a scalar, or an array of scalars, with no enum,
// no format and no example of its own. Only then are the example values
// its text gives ("e.g. `7:days`") kept in its description, the one
// place a model can learn the form from.
func (b *builder) unshownForm(use, s *ir.Schema, kind ir.Kind) bool {
	if kind == ir.KindArray {
		it := b.api.Resolve(s.Items)
		if it == nil || use.Example != nil || s.Example != nil {
			return false
		}
		use, s, kind = s.Items, it, it.Kind
	}
	switch kind {
	case ir.KindString, ir.KindInteger, ir.KindNumber:
	default:
		return false
	}
	return len(s.Enum) == 0 && s.Format == "" && use.Example == nil && s.Example == nil
}

// maxValueChars is the most bytes of value sentences an argument's
// description gains; they are kept only while argument meanings are at
// least minValueMeaning bytes (the cuts to fit a budget drop them with
// the meanings).
// maxEnumChars is the most bytes of enum value meanings (see
// describedEnum) an argument's description gains, kept on the same terms.
const (
	maxEnumChars    = 200
	maxValueChars   = 150
	minValueMeaning = 60
)

// noted writes the description member with note after the text, and
// the values the text names when vals is on.
func (b *builder) noted(desc, name string, depth int, note string, vals valueUse) {
	if b.opts.ForChecking {
		return
	}
	raw := desc
	hint := ""
	if depth == 0 && !b.inDefs && !b.naive {
		hint = b.hints[name]
		if hint == "" && desc != "" {
			hint = b.pointer(desc)
		}
	}
	if (desc != "" || vals.described != nil) && !b.naive {
		max := b.opts.DescriptionChars
		if depth > 0 || b.inDefs {
			max = b.opts.NestedDescriptionChars
		}
		if max < 0 {
			desc = ""
		} else {
			desc = b.brief(desc, name, max)
		}
		if depth == 0 && !b.inDefs && conventional[strings.ToLower(name)] && !strings.ContainsAny(desc, "0123456789") {
			desc = ""
		}
		// An argument's own text gains what it says of its values, while
		// its meaning is given room enough.
		top := depth == 0 && !b.inDefs && max >= minValueMeaning
		room := maxValueChars
		if vals.on && top {
			if v := prose.Values(b.opts.Memo.valueSentences(b.api, raw), desc, maxValueChars, vals.enum, vals.hasDefault, b.isArg); v != "" {
				desc = addSentence(desc, v)
				room -= len(v) + 2
			}
		}
		if vals.described != nil && top {
			if m := b.enumMeanings(vals.described, name, maxEnumChars); m != "" {
				desc = addSentence(desc, m)
			}
		}
		if vals.form && top {
			if f := prose.FormNote(raw, desc, name, vals.str, room-2, b.isArg); f != "" {
				desc = addNote(desc, f, room)
				room -= len(f) + 2
			}
		}
		if vals.examples && top {
			if e := prose.ExampleNote(b.opts.Memo.textExamples(b.api, raw), desc, name, room, b.isArg); e != "" {
				desc = addNote(desc, e, room)
			}
		}
	}
	for _, h := range []string{note, hint} {
		if h == "" {
			continue
		}
		if desc != "" && !strings.HasSuffix(desc, ".") {
			desc += "."
		}
		desc = strings.TrimSpace(desc + " " + h)
	}
	if desc == "" {
		return
	}
	b.w.key("description")
	b.w.str(desc)
}

// addSentence appends sentence t to an argument's shown text desc: after
// "; " when the text was cut, after ". " otherwise.
func addSentence(desc, t string) string {
	switch {
	case strings.HasSuffix(desc, "…"):
		desc += "; "
	case desc != "":
		desc += ". "
	}
	return desc + t
}

// addNote appends a note of an argument's values to its shown text
// desc: after "; " when value sentences took some of the room (less
// than maxValueChars left) or the text was cut, after ", " otherwise.
func addNote(desc, note string, room int) string {
	switch {
	case room < maxValueChars || strings.HasSuffix(desc, "…"):
		desc += "; "
	case desc != "":
		desc += ", "
	}
	return desc + note
}

// isArg reports whether w is the name of one of the tool's arguments.
func (b *builder) isArg(w string) bool {
	for _, a := range b.args {
		if a.Name == w {
			return true
		}
	}
	return false
}

// brief is prose.Brief of desc in the tool's context, its core taken from
// the Memo when there is one, and the whole remembered for this build and
// its second pass: a type inlined at several places briefs the same texts
// again.
func (b *builder) brief(desc, name string, max int) string {
	key := briefKey{desc, name, max}
	if s, ok := b.briefs[key]; ok {
		return s
	}
	s := ""
	if core := b.opts.Memo.core(b.api, desc); core != "" && !b.restates(core, name) {
		s = prose.Truncate(core, max)
	}
	if b.briefs == nil {
		b.briefs = map[briefKey]string{}
	}
	b.briefs[key] = s
	return s
}

// restates is prose.Restates(core, name, b.context), with the part that
// depends on core and name alone taken from the Memo (a field's text is
// checked against its name in every tool that has it) and the context's
// words worked out once per build.
func (b *builder) restates(core, name string) bool {
	rest, spelled := b.opts.Memo.unexplained(b.api, core, name)
	if !spelled {
		return false
	}
	if b.known == nil {
		b.known = prose.KnownWords(b.context)
	}
	return b.known.Restates(rest)
}

type briefKey struct {
	desc, name string
	max        int
}

// conventional are argument names whose meaning every API shares (paging
// and pretty-printing): their short meaning is left out unless it holds a
// number (a bound such as "max 100").
var conventional = map[string]bool{
	"limit": true, "cursor": true, "page": true, "per_page": true, "perpage": true, "page_size": true,
	"pagesize": true, "offset": true, "page_token": true, "pagetoken": true, "next_page_token": true,
	"pretty": true, "starting_after": true, "ending_before": true, "count": true, "opt_pretty": true,
}

// anyVariant reports whether a union has a variant that accepts any value.
func (b *builder) anyVariant(s *ir.Schema) bool {
	for _, v := range s.Variants {
		if r := b.api.Resolve(v); r == nil || r.Kind == ir.KindAny || r.Kind == "" {
			return true
		}
	}
	return false
}

// isPlainAny reports whether s accepts any value and says nothing else.
func isPlainAny(s *ir.Schema) bool {
	return s.Ref == "" && (s.Kind == ir.KindAny || s.Kind == "") && len(s.Enum) == 0 && s.Description == "" && !s.Nullable
}

func firstNonEmpty(ss ...string) string {
	for _, s := range ss {
		if s != "" {
			return s
		}
	}
	return ""
}

var patterns sync.Map // pattern -> bool

// ValidPattern reports whether a spec's pattern is one agentready can
// check: it compiles as Go (RE2) syntax, the subset of ECMA-262 regular
// expressions without lookaround and backreferences. Build leaves other
// patterns out of the schema, since neither the generated validation nor
// every provider can use them.
func ValidPattern(p string) bool {
	if v, ok := patterns.Load(p); ok {
		return v.(bool)
	}
	_, err := regexp.Compile(p)
	ok := err == nil && !strings.Contains(p, `\Z`)
	patterns.Store(p, ok)
	return ok
}
