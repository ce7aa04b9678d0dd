// Package describe writes what a model reads about each tool: its
// description, and with the name and the parameters schema
// (gen/toolschema) the whole tool definition, whose size in tokens it
// measures.
//
// # The split between description and schema
//
// A model pays for name + description + schema in every prompt, so each
// fact is said once, where it works best:
//
//   - The schema holds every fact a machine checks: types, formats, enums,
//     defaults, ranges, lengths, patterns, nested objects and required
//     marks. Constrained decoding and argument validation read only the
//     schema, so these cannot move to prose; and the schema states them in
//     fewer tokens than prose would.
//   - The schema also holds each argument's short meaning (the first
//     sentence of its spec text, at most 100 bytes; 60 for nested fields;
//     none when it only restates the name and the purpose): the property
//     key names the argument already, where a list in prose would repeat
//     every name.
//   - The description holds what the schema cannot: the purpose (the
//     spec's summary, or the first sentence of its description), one more
//     sentence of the description when the summary is four words or fewer
//     (at most 120 bytes, not cut), "Deprecated." when it is, and one
//     example of valid arguments (gen/example, Typical mode: the required
//     arguments, or when none is, the most telling optional one; for a
//     list, only a filter the spec gives a value; {} when no argument is
//     worth showing). The example is the single most useful addition the
//     research found (no-error cases 0.11 to 0.76); it also shows
//     formats, patterns and nesting by instance. Its values are realistic,
//     never placeholders such as {"owner":"owner"}: agents copy them.
//
// Text is written in the telegraphic style of a reference card: markup,
// URLs, headings, articles, final periods and repetition are stripped
// (gen/describe/prose). The layout is the template templates.Description.
// A description never exceeds MaxDescription characters: when it would,
// the extra sentence goes first, then the purpose is cut (to no less than
// 160 bytes), then the example shrinks to the required arguments, then
// the purpose is cut further. The example stays; only one that alone
// exceeds the limit is given up.
package describe

import (
	"bytes"
	"fmt"
	"slices"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/agentready/agentready/gen/describe/prose"
	"github.com/agentready/agentready/gen/example"
	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/gen/tokens"
	"github.com/agentready/agentready/gen/toolschema"
	"github.com/agentready/agentready/templates"
)

// MaxDescription is the most characters (bytes) a description has: the
// limit OpenAI sets on function descriptions.
const MaxDescription = 1024

// Clean strips markup and URLs from spec text and collapses whitespace:
// what is left is the words a model needs.
func Clean(s string) string { return prose.Clean(s) }

// Purpose is the first sentence that says what the operation does: the
// summary, or the description's first sentence, or the method and path.
//
// It is written in the telegraphic style of a reference card, without
// articles or a final period.
func Purpose(op *ir.Operation) string {
	p := purpose(op)
	if p == "" {
		return op.Method + " " + op.Path
	}
	return prose.DropArticles(p)
}

// purpose is the first sentence of the cleaned summary, or of the
// description, without the final period.
func purpose(op *ir.Operation) string {
	p := strings.TrimRight(prose.FirstSentence(Clean(op.Summary)), " .")
	if p == "" {
		p = strings.TrimRight(prose.FirstSentence(Clean(op.Description)), " .")
	}
	return p
}

// maxDetails is the longest sentence details adds.
const maxDetails = 120

// details is the sentence of the description that adds most to a thin
// summary, or "".
func details(op *ir.Operation, purpose string) string {
	if len(prose.Words(purpose)) > 4 {
		return ""
	}
	for _, s := range prose.Sentences(Clean(op.Description)) {
		s = strings.TrimRight(s, " .")
		if s == "" || strings.EqualFold(s, purpose) || prose.Restates(s, purpose+" "+op.Name) {
			continue
		}
		if s = prose.DropArticles(s); len(s) > maxDetails {
			// A long sentence is seldom the point; a cut one never is.
			return ""
		}
		return s
	}
	return ""
}

// descriptionData is what templates.Description reads.
type descriptionData struct {
	Purpose    string
	Details    string
	Deprecated bool
	Example    string
}

// Description is the text an LLM reads for the tool: at most
// MaxDescription characters.
func Description(api *ir.API, op *ir.Operation) string {
	d := descriptionData{Purpose: Purpose(op), Deprecated: op.Deprecated}
	d.Details = details(op, purpose(op))
	d.Example = exampleText(api, op, example.Typical)
	out := render(d)
	if len(out) <= MaxDescription {
		return out
	}
	// Too long: drop the least useful first, keep the example.
	d.Details = ""
	if out = render(d); len(out) <= MaxDescription {
		return out
	}
	full := d.Purpose
	fit := func(floor int) string {
		room := MaxDescription - (len(render(d)) - len(d.Purpose))
		d.Purpose = prose.Truncate(full, max(room, floor))
		return render(d)
	}
	if out = fit(160); len(out) <= MaxDescription {
		return out
	}
	if req := exampleText(api, op, example.RequiredOnly); len(req) < len(d.Example) {
		d.Example = req
	}
	if out = fit(0); len(out) <= MaxDescription {
		return out
	}
	// The example alone is over the limit (a body whose required
	// fields are many): a description without it beats a rejected tool.
	d.Example = ""
	return fit(0)
}

func render(d descriptionData) string {
	var b strings.Builder
	if err := templates.Parse(templates.Description).Execute(&b, d); err != nil {
		// The template is fixed and its data complete: this cannot
		// happen short of a broken build.
		return d.Purpose
	}
	return strings.TrimSpace(b.String())
}

// exampleText is the example arguments object as compact JSON, keys in
// argument order; "" when the tool takes no arguments.
func exampleText(api *ir.API, op *ir.Operation, mode example.Mode) string {
	args := example.Ordered(api, op, mode)
	if len(args) == 0 {
		all := toolschema.Args(api, op)
		if len(all) > 0 && !slices.ContainsFunc(all, func(a toolschema.Arg) bool { return a.Required }) {
			// Every argument is optional and none is worth showing:
			// calling with none is the example.
			return "{}"
		}
		// No argument, or a required one no value can be built for.
		return ""
	}
	var b bytes.Buffer
	b.WriteByte('{')
	for i, a := range args {
		if i > 0 {
			b.WriteByte(',')
		}
		b.Write(toolschema.AppendJSON(nil, a.Name))
		b.WriteByte(':')
		b.Write(toolschema.AppendJSON(nil, a.Value))
	}
	b.WriteByte('}')
	return b.String()
}

// DefaultMaxToolTokens is the budget of one tool definition (name,
// description and schema, in o200k tokens) when Options leave it out.
const DefaultMaxToolTokens = 2000

// Options tune Fit. The zero value gives the defaults.
type Options struct {
	// MaxToolTokens is the most tokens a definition should take
	// (default DefaultMaxToolTokens); negative sets no budget.
	MaxToolTokens int
	// Memo, when set, is shared by the schema builds of every operation
	// fitted with these options (toolschema.NewMemo for the same API):
	// fitting many tools, each built up to a dozen times, then works out
	// their shared types once.
	Memo *toolschema.Memo
}

// Fitted is a tool definition fitted to a token budget.
type Fitted struct {
	Name        string
	Description string
	// Schema is the parameters schema the model reads. When Cut is set it
	// is a summary of Full, which arguments are checked against.
	Schema []byte
	// Full is the whole schema; nil when it was over maxBytesPerToken of
	// the budget, which Fit does not write out (it is cut whatever it
	// holds).
	Full []byte
	// Tokens counts name, description and Schema; 0 when Fit did not
	// need to count them (their bytes alone are within the budget): see
	// Count.
	Tokens int
	// Cut says which cuts were made to fit the budget ("" for none), and
	// Summarized lists the optional objects written without their fields.
	Cut        string
	Summarized []string
	// Over is set when the definition is over the budget even after every
	// cut: required inputs, argument names and types are kept whole.
	Over bool
	// Err is why the parameters schema could not be built; Schema is then
	// an empty object schema.
	Err error
}

// cuts are the ways Fit makes a schema smaller, cheapest loss of
// information first: deep optional structure, then the length of nested
// meanings, then shallower optional structure, then argument meanings,
// then optional object arguments themselves, and last the enums of
// optional inputs.
var cuts = []toolschema.Options{
	{OptionalLevels: 6},
	{OptionalLevels: 5},
	{OptionalLevels: 4},
	{OptionalLevels: 4, NestedDescriptionChars: 30},
	{OptionalLevels: 3, NestedDescriptionChars: 30},
	{OptionalLevels: 3, NestedDescriptionChars: -1},
	{OptionalLevels: 2, NestedDescriptionChars: -1},
	{OptionalLevels: 2, NestedDescriptionChars: -1, DescriptionChars: 40},
	{OptionalLevels: 1, NestedDescriptionChars: -1, DescriptionChars: 40},
	{OptionalLevels: 1, NestedDescriptionChars: -1, DescriptionChars: -1},
	{OptionalLevels: 1, NestedDescriptionChars: -1, DescriptionChars: -1, NoOptionalEnums: true},
}

// cutText says what cut o made.
func cutText(o toolschema.Options) string {
	parts := []string{fmt.Sprintf("optional objects from level %d summarized", o.OptionalLevels)}
	switch {
	case o.NestedDescriptionChars < 0:
		parts = append(parts, "no nested meanings")
	case o.NestedDescriptionChars > 0:
		parts = append(parts, fmt.Sprintf("nested meanings cut to %d bytes", o.NestedDescriptionChars))
	}
	switch {
	case o.DescriptionChars < 0:
		parts = append(parts, "no argument meanings")
	case o.DescriptionChars > 0:
		parts = append(parts, fmt.Sprintf("argument meanings cut to %d bytes", o.DescriptionChars))
	}
	if o.NoOptionalEnums {
		parts = append(parts, "no enums on optional inputs")
	}
	return strings.Join(parts, "; ")
}

// maxBytesPerToken is more bytes a token than any JSON schema takes (they
// run 3 to 5): a schema longer than this many bytes for each token of the
// room cannot fit, and Fit neither counts nor writes past that.
const maxBytesPerToken = 12

// Fit returns op's tool definition within opts' token budget: the full
// definition when it fits, else the first of the cuts (see cuts) that
// fits, or the smallest when none does (Over).
func Fit(api *ir.API, op *ir.Operation, opts Options) Fitted {
	budget := opts.MaxToolTokens
	if budget == 0 {
		budget = DefaultMaxToolTokens
	}
	f := Fitted{Name: op.Name, Description: Description(api, op)}
	// A schema over maxBytesPerToken bytes a token of the whole budget
	// is cut whatever it holds (see fits below): it is written only that
	// far.
	stop := 0
	if budget > 0 {
		stop = maxBytesPerToken * budget
	}
	full, err := toolschema.Build(api, op, toolschema.Options{Memo: opts.Memo, StopAfter: stop})
	if err != nil {
		f.Err = err
		full = []byte(`{"type":"object","properties":{}}`)
	}
	f.Schema = full
	if stop == 0 || len(full) <= stop {
		f.Full = full
	}
	if budget < 0 || len(f.Name)+len(f.Description)+len(full) <= budget {
		// A token is at least one byte: it fits without counting, and
		// gen, which needs no count, pays for none (Count does).
		return f
	}
	// A token is at least one byte, so a candidate whose bytes are within
	// the budget fits, and one over maxBytesPerToken over the whole budget
	// is skipped below whatever the name and description take: neither
	// needs a count, and a tool decided by these bounds alone loads no
	// encoding (gen's cost on a big spec). The choice is the one counting
	// would make.
	fixedBytes := len(f.Name) + len(f.Description)
	fixed, room := -1, 0
	// Counting is most of the cost, so a schema is counted only when it
	// may fit: one more than maxBytesPerToken over the room is too large
	// (JSON schemas run 3 to 5 bytes a token), and once a schema of this
	// tool is counted, its bytes a token estimate the others', and only
	// those estimated within 15% of the room are counted.
	perToken := 0.0
	// passed reports whether a cut of n bytes other than the last is
	// passed over without a count. It holds for every larger n too.
	passed := func(n int) bool {
		if fixedBytes+n <= budget {
			return false
		}
		if n > maxBytesPerToken*budget {
			return true
		}
		if fixed < 0 {
			fixed = tokens.Count(f.Name) + tokens.Count(f.Description)
			room = budget - fixed
		}
		return n > maxBytesPerToken*room || perToken > 0 && float64(n)/perToken > 1.15*float64(room)
	}
	fits := func(schema []byte, last bool) (n int, counted, ok bool) {
		if fixedBytes+len(schema) <= budget {
			return 0, false, true
		}
		if !last && passed(len(schema)) {
			return 0, false, false
		}
		if fixed < 0 {
			fixed = tokens.Count(f.Name) + tokens.Count(f.Description)
			room = budget - fixed
		}
		n = opts.Memo.Tokens(schema)
		if n > 0 {
			perToken = float64(len(schema)) / float64(n)
		}
		return n, true, n <= room
	}
	if n, counted, ok := fits(full, false); ok {
		if counted {
			f.Tokens = fixed + n
		}
		return f
	}
	var prev []byte
	for i, o := range cuts {
		last := i == len(cuts)-1
		o.Memo = opts.Memo
		if !last {
			// A cut is built only as far as it takes to know it is
			// passed over: the first size passed is worked out from
			// what is known so far (it drops as counts come in).
			o.StopAfter = stop
			o.Probe = max(1, sort.Search(stop+1, passed)-1)
		}
		schema, summarized, err := toolschema.BuildSummarized(api, op, o)
		if err != nil || bytes.Equal(schema, prev) && !last {
			continue
		}
		prev = schema
		f.Schema, f.Summarized, f.Cut = schema, summarized, cutText(o)
		n, counted, ok := fits(schema, last)
		if counted {
			f.Tokens = fixed + n
		} else {
			f.Tokens = 0
		}
		if ok {
			return f
		}
	}
	f.Over = true
	return f
}

// Definition returns the whole tool definition of op as a model gets it
// with the default budget (see Fit): name, description and the parameters
// JSON Schema.
func Definition(api *ir.API, op *ir.Operation) (name, description string, schema []byte) {
	f := Fit(api, op, Options{})
	return f.Name, f.Description, f.Schema
}

// Tokens is the size of op's tool definition in o200k tokens: name,
// description and schema counted with gen/tokens.Count.
func Tokens(api *ir.API, op *ir.Operation) int {
	return Fit(api, op, Options{}).Count()
}

// Count is the definition's size in o200k tokens: Tokens, counted now
// when Fit did not need to.
func (f Fitted) Count() int {
	if f.Tokens > 0 {
		return f.Tokens
	}
	return tokens.Count(f.Name) + tokens.Count(f.Description) + tokens.Count(string(f.Schema))
}

// NaiveTokens is the size of the baseline definition most OpenAPI-to-tool
// converters write (see toolschema.Naive): the name, the spec's summary
// and description as they are, and the full parameters schema. A schema
// over NaiveSampleBytes is estimated from its first NaiveSampleBytes, and
// estimated says so.
func NaiveTokens(api *ir.API, op *ir.Operation) (n int, estimated bool) {
	schema, estimated := naiveSchemaTokens(toolschema.NaiveSample(api, op, NaiveSampleBytes+utf8.UTFMax))
	return tokens.Count(op.Name) + tokens.Count(NaiveDescription(op)) + schema, estimated
}

// NaiveSampleBytes is how much of a baseline schema is counted token by
// token. Larger ones (DocuSign's run to megabytes, hundreds of times any
// model's budget) are estimated from that part's bytes per token: counting
// them whole would make the baseline cost more than the rest of the job,
// and they are never held whole (toolschema.NaiveSample).
const NaiveSampleBytes = 256 << 10

// naiveSchemaTokens counts a baseline schema of size bytes, of which
// sample holds the first ones (at least NaiveSampleBytes of them), or
// estimates it when it is over NaiveSampleBytes, and says which.
func naiveSchemaTokens(sample []byte, size int) (int, bool) {
	if size <= NaiveSampleBytes {
		return tokens.Count(string(sample)), false
	}
	cut := NaiveSampleBytes
	for cut > 0 && !utf8.RuneStart(sample[cut]) {
		cut--
	}
	n := tokens.Count(string(sample[:cut]))
	if n == 0 {
		return (size + 3) / 4, true
	}
	return int(float64(n) * float64(size) / float64(cut)), true
}

// NaiveDescription is the baseline description: summary and description
// as the spec has them.
func NaiveDescription(op *ir.Operation) string {
	return strings.TrimSpace(op.Summary + "\n\n" + op.Description)
}
