// Package yamlpos decodes a YAML document into a Go struct by its yaml
// tags, strictly, and reports every problem with its place in the file
// (file:line:col, as finding.Place) and the path of the field at fault
// ("select.include[1].tags"): unknown keys with the key that was probably
// meant, keys given twice, values of the wrong kind, required keys that
// are missing, syntax errors and more than one document. It is what the
// configuration file (gen/config) and the graph file (harness/graph)
// are read with.
//
// Decoding is two passes over the same text. The first walks the YAML
// node tree against the Go type, recording where each field is and
// reporting what does not fit; the second is yaml's own strict decoding
// (KnownFields), which fills the value and is the backstop for anything
// the walk let through. yaml's reports of a problem the walk already
// found at the same place are dropped.
package yamlpos

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"io"
	"iter"
	"maps"
	"reflect"
	"slices"
	"strings"

	"go.yaml.in/yaml/v4"

	"github.com/agentready/agentready/gen/finding"
	"github.com/agentready/agentready/internal/editdist"
	"github.com/agentready/agentready/internal/jsonptr"
)

// Problem is one thing wrong with a YAML file. It is the problem type of
// every YAML file agentready reads: gen/config's and harness/graph's
// problems are this type.
type Problem struct {
	// File is the file; Line and Column locate the problem in it, from 1
	// (0 when unknown, as for a required key that is missing).
	File         string
	Line, Column int
	// Field is what the problem is with: the path of the field at fault,
	// such as "select.include[1].methods[0]", or for a graph's edge
	// "from -> to"; empty for the file as a whole.
	Field string
	// Message says what is wrong and how to put it right.
	Message string
}

// Error formats the problem as "file:line:col: field: message", leaving
// out the parts that are unknown or empty.
func (p Problem) Error() string {
	var b strings.Builder
	b.WriteString(p.File)
	if p.Line > 0 {
		fmt.Fprintf(&b, ":%d", p.Line)
		if p.Column > 0 {
			fmt.Fprintf(&b, ":%d", p.Column)
		}
	}
	if b.Len() > 0 {
		b.WriteString(": ")
	}
	if p.Field != "" {
		b.WriteString(p.Field + ": ")
	}
	b.WriteString(p.Message)
	return b.String()
}

// Finding is the problem as a finding of source src, for the report and
// SARIF: an error whose rule is the source's name, placed at the
// problem's file, line and column, with the field path as a JSON pointer
// (see Pointer). It names no tool: the caller sets Tool and Related when
// the problem is about tools (a graph's edge).
func (p Problem) Finding(src finding.Source) finding.Finding {
	place := finding.Place{File: p.File, Line: p.Line, Column: p.Column, Pointer: Pointer(p.Field)}
	msg := p.Message
	if p.Field != "" {
		msg = p.Field + ": " + msg
	}
	return finding.Finding{
		Source: src, Rule: string(src), Level: finding.Error,
		Message: msg, Fix: "edit " + place.String() + " as the message says",
		Place: place,
	}
}

// Pointer turns a field path ("select.include[1].tags") into a JSON
// pointer ("#/select/include/1/tags"); "" for the file as a whole, and
// for what is not a field path (a graph's edge, "from -> to").
func Pointer(field string) string {
	if field == "" || strings.ContainsAny(field, " >") {
		return ""
	}
	var b strings.Builder
	b.WriteString("#")
	for _, key := range strings.Split(field, ".") {
		name, index, _ := strings.Cut(key, "[")
		if name != "" {
			b.WriteString("/" + jsonptr.Escape(name))
		}
		for index != "" {
			i, rest, _ := strings.Cut(index, "]")
			b.WriteString("/" + i)
			index = strings.TrimPrefix(rest, "[")
		}
	}
	return b.String()
}

// Problems is every problem found in a file; as an error it lists them
// one a line.
type Problems []Problem

// Error lists the problems, one per line.
func (ps Problems) Error() string {
	return Lines(ps)
}

// Lines formats problems one per line, each by its Error method.
func Lines[P error](ps []P) string {
	lines := make([]string, len(ps))
	for i, p := range ps {
		lines[i] = p.Error()
	}
	return strings.Join(lines, "\n")
}

// Sort puts the problems in the order they appear in the file, those
// without a position first.
func (ps Problems) Sort() {
	slices.SortStableFunc(ps, func(a, b Problem) int {
		return cmp.Or(cmp.Compare(a.Line, b.Line), cmp.Compare(a.Column, b.Column))
	})
}

// Hook checks a node itself instead of the generic check, for a type whose
// file form the struct mapping cannot express (a bool or a list, say).
// It returns false to leave the node to the generic check.
type Hook func(d *Decoder, n *yaml.Node, t reflect.Type, field string) bool

// UnknownKeyHook reports a key the type does not have, in its own words
// (known lists the keys it does have, sorted). It returns false to leave
// the report to the default: `unknown key "x" (did you mean "y"?)`.
type UnknownKeyHook func(d *Decoder, k, v *yaml.Node, field string, known []string) bool

// Options say how to decode and what to call things in messages.
type Options struct {
	// File names the file in problems.
	File string
	// Document is what the file holds, as in "keep the whole
	// configuration in one": "configuration", "graph".
	Document string
	// Expect says what a value of a struct type is, for "expected ..., got
	// ..." messages, e.g. "an edge (a mapping with from, to, mappings)".
	// Types it does not name are "a mapping".
	Expect map[reflect.Type]string
	// Redact reports values never to be quoted in messages (credentials);
	// they are described as "a value that looks like a credential".
	Redact func(value string) bool
	// Check and UnknownKey, when set, are consulted first (see Hook and
	// UnknownKeyHook).
	Check      Hook
	UnknownKey UnknownKeyHook
}

// Result is what Decode found.
type Result struct {
	// Problems are in the order found; Sort them to show them.
	Problems Problems
	// Positions is where each field's value is, by field path.
	Positions map[string]finding.Place
	// Complete is false when the value was not filled from the whole
	// file: a syntax error, a document that is not a mapping, more than
	// one document, or a key given twice (yaml stops there). Checking the
	// value's fields then only adds noise.
	Complete bool

	bad []string // field paths with a problem
}

// Failed reports whether decoding found a problem with field, or with a
// field inside it.
func (r *Result) Failed(field string) bool {
	for _, b := range r.bad {
		if b == field || strings.HasPrefix(b, field+".") || strings.HasPrefix(b, field+"[") {
			return true
		}
	}
	return false
}

// Decoder is one decoding in progress; hooks use it to report problems
// and to walk what is inside a node.
type Decoder struct {
	opts Options
	res  *Result
	// budget is how many more nodes Walk may visit. Aliases let a small
	// file name the same node many times over; the walk stops, with a
	// problem, when it would visit far more nodes than the file has.
	budget int
}

// aliasRatio is how many times over Walk may visit the file's nodes
// (through aliases) before it stops.
const aliasRatio = 10

// Decode fills v, a pointer to a struct, from data. An empty document (or
// a null one) leaves v as it is and is no problem.
func Decode(data []byte, v any, opts Options) *Result {
	d := &Decoder{opts: opts, res: &Result{Positions: map[string]finding.Place{}, Complete: true}}
	root := d.parse(data)
	if root == nil {
		return d.res
	}
	t := reflect.TypeOf(v).Elem()
	if root.Kind != yaml.MappingNode {
		d.Add(root, "", "expected %s, got %s", d.expect(t), d.Describe(root))
		d.res.Complete = false
		return d.res
	}
	d.Walk(root, t, "")
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(v); err != nil && err != io.EOF {
		d.yamlError(err)
	}
	return d.res
}

// Add records a problem with field at n (or nowhere, when n is nil).
func (d *Decoder) Add(n *yaml.Node, field, format string, args ...any) {
	p := Problem{File: d.opts.File, Field: field, Message: fmt.Sprintf(format, args...)}
	if n != nil {
		p.Line, p.Column = n.Line, n.Column
	}
	d.res.Problems = append(d.res.Problems, p)
	d.res.bad = append(d.res.bad, field)
}

// parse returns the document's top node, or nil if the file is empty,
// null or broken (in which case it has recorded why).
func (d *Decoder) parse(data []byte) *yaml.Node {
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var doc yaml.Node
	if err := dec.Decode(&doc); err != nil {
		if err != io.EOF {
			d.yamlError(err)
			d.res.Complete = false
		}
		return nil
	}
	var next yaml.Node
	switch err := dec.Decode(&next); {
	case err == nil:
		d.Add(&next, "", "the file holds more than one YAML document (---): keep the whole %s in one", cmp.Or(d.opts.Document, "file"))
		d.res.Complete = false
		return nil
	case err != io.EOF:
		d.yamlError(err)
		d.res.Complete = false
		return nil
	}
	if len(doc.Content) == 0 {
		return nil
	}
	if root := Deref(doc.Content[0]); !IsNull(root) {
		d.budget = aliasRatio*countNodes(&doc) + 1000
		return root
	}
	return nil
}

// yamlError records an error from the yaml package: a syntax error, or
// what strict decoding found.
func (d *Decoder) yamlError(err error) {
	var les *yaml.LoadErrors
	var le *yaml.LoadError
	switch {
	case errors.As(err, &les):
		for _, e := range les.Errors {
			d.loadError(e)
		}
	case errors.As(err, &le):
		d.loadError(le)
	default:
		d.Add(nil, "", "%v", err)
	}
}

func (d *Decoder) loadError(e *yaml.LoadError) {
	for _, p := range d.res.Problems {
		if p.Line == e.Mark.Line && p.Column == e.Mark.Column {
			return
		}
	}
	msg := e.Message
	if e.ContextMsg != "" && e.ContextMark != e.Mark && e.ContextMark.Line > 0 {
		msg += fmt.Sprintf(" (%s that starts at %d:%d)", e.ContextMsg, e.ContextMark.Line, e.ContextMark.Column)
	}
	var field string
	for f, p := range d.res.Positions {
		if p.Line == e.Mark.Line && p.Column == e.Mark.Column && len(f) > len(field) {
			field = f
		}
	}
	d.Add(&yaml.Node{Line: e.Mark.Line, Column: e.Mark.Column}, field, "%s", msg)
}

// countNodes counts the nodes of the tree under n, aliases once each.
func countNodes(n *yaml.Node) int {
	c := 1
	for _, m := range n.Content {
		c += countNodes(m)
	}
	return c
}

// Deref follows aliases to the node they name.
func Deref(n *yaml.Node) *yaml.Node {
	for n != nil && n.Kind == yaml.AliasNode && n.Alias != nil {
		n = n.Alias
	}
	return n
}

// IsNull reports whether n is null (~, null or nothing).
func IsNull(n *yaml.Node) bool {
	return n.Kind == yaml.ScalarNode && n.ShortTag() == "!!null"
}

// Describe names a node as a user would: "a mapping", "a list", or the
// value quoted (unless Options.Redact says it must not be shown).
func (d *Decoder) Describe(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	}
	if d.opts.Redact != nil && d.opts.Redact(n.Value) {
		return "a value that looks like a credential"
	}
	return fmt.Sprintf("%q", n.Value)
}

func (d *Decoder) expect(t reflect.Type) string {
	if s, ok := d.opts.Expect[t]; ok {
		return s
	}
	return "a mapping"
}

// Walk checks the node n, found at field path, against the Go type t,
// recording where it is.
func (d *Decoder) Walk(n *yaml.Node, t reflect.Type, field string) {
	n = Deref(n)
	if d.budget--; d.budget < 0 {
		if d.budget == -1 {
			d.Add(n, field, "aliases (*name) repeat the file's nodes more than %d times over: write the values out, or alias less", aliasRatio)
			d.res.Complete = false
		}
		return
	}
	if field != "" {
		d.res.Positions[field] = finding.Place{File: d.opts.File, Line: n.Line, Column: n.Column}
	}
	if IsNull(n) {
		return
	}
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if d.opts.Check != nil && d.opts.Check(d, n, t, field) {
		return
	}
	switch k := t.Kind(); {
	case k == reflect.Struct:
		if n.Kind != yaml.MappingNode {
			d.Add(n, field, "expected %s, got %s", d.expect(t), d.Describe(n))
			return
		}
		d.walkMapping(n, t, field)
	case k == reflect.Slice:
		if n.Kind != yaml.SequenceNode {
			got := d.Describe(n)
			if n.Kind == yaml.ScalarNode && got == fmt.Sprintf("%q", n.Value) {
				d.Add(n, field, "expected a list, got %s (write [%s] for a list of one)", got, n.Value)
			} else {
				d.Add(n, field, "expected a list, got %s", got)
			}
			return
		}
		for i, e := range n.Content {
			d.Walk(e, t.Elem(), fmt.Sprintf("%s[%d]", field, i))
		}
	case k == reflect.Map && t.Key().Kind() == reflect.String:
		if n.Kind != yaml.MappingNode {
			d.Add(n, field, "expected a mapping, got %s", d.Describe(n))
			return
		}
		for i := 0; i+1 < len(n.Content); i += 2 {
			d.Walk(n.Content[i+1], t.Elem(), Join(field, n.Content[i].Value))
		}
	case k == reflect.Float64 || k == reflect.Float32:
		d.scalar(n, field, "a number", "!!int", "!!float")
	case k == reflect.String:
		d.scalar(n, field, "a string", "")
	case k >= reflect.Int && k <= reflect.Uint64:
		d.scalar(n, field, "a whole number", "!!int")
	case k == reflect.Bool:
		d.scalar(n, field, "true or false", "!!bool")
	}
}

// scalar checks that n is a scalar with one of the tags (any tag when
// none is given), else reports that want was expected.
func (d *Decoder) scalar(n *yaml.Node, field, want string, tags ...string) {
	if n.Kind != yaml.ScalarNode || (tags[0] != "" && !slices.Contains(tags, n.ShortTag())) {
		d.Add(n, field, "expected %s, got %s", want, d.Describe(n))
	}
}

// walkMapping checks a mapping's keys against the yaml names of struct
// type t's fields, and that the required ones are there.
func (d *Decoder) walkMapping(n *yaml.Node, t reflect.Type, field string) {
	fields := fieldsOf(t)
	names := slices.Sorted(maps.Keys(fields))
	present := map[string]bool{}
	d.walkKeys(n, field, fields, names, present)
	for _, name := range names {
		if !present[name] && fields[name].Required {
			d.Add(n, field, "%s is missing", name)
		}
	}
}

// walkKeys checks the keys of mapping n, and of the mappings it merges
// ("<<: *defaults"), noting in present the fields it finds.
func (d *Decoder) walkKeys(n *yaml.Node, field string, fields map[string]Field, names []string, present map[string]bool) {
	seen := map[string]int{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if line, dup := seen[k.Value]; dup {
			d.Add(k, Join(field, k.Value), "is given twice (first at line %d): keep one", line)
			d.res.Complete = false
			continue
		}
		seen[k.Value] = k.Line
		if k.ShortTag() == "!!merge" {
			merged := []*yaml.Node{Deref(v)}
			if merged[0].Kind == yaml.SequenceNode {
				merged = merged[0].Content
			}
			for _, m := range merged {
				if m = Deref(m); m.Kind != yaml.MappingNode {
					d.Add(m, field, "<< merges a mapping (or a list of them), got %s", d.Describe(m))
					continue
				}
				d.walkKeys(m, field, fields, names, present)
			}
			continue
		}
		f, ok := fields[k.Value]
		if !ok {
			d.unknownKey(k, v, field, names)
			continue
		}
		present[k.Value] = true
		d.Walk(v, f.Type, Join(field, k.Value))
	}
}

// unknownKey reports key k (with value v), not among the known keys of
// the mapping at field.
func (d *Decoder) unknownKey(k, v *yaml.Node, field string, known []string) {
	if d.opts.UnknownKey != nil && d.opts.UnknownKey(d, k, Deref(v), field, known) {
		return
	}
	d.Add(k, field, "unknown key %q (%s)", k.Value, KeyHint(k.Value, known))
}

// KeyHint says what an unknown key was probably meant to be: `did you
// mean "base_url"?`, or when nothing is close, "known keys: " and the
// list.
func KeyHint(key string, known []string) string {
	if s := Suggest(key, known); s != "" {
		return fmt.Sprintf("did you mean %q?", s)
	}
	return "known keys: " + strings.Join(known, ", ")
}

// Join appends a key to a field path.
func Join(field, key string) string {
	if field == "" {
		return key
	}
	return field + "." + key
}

// Field is an exported struct field that yaml decodes, with its yaml
// name. Required is set by the tag option yamlpos:"required": a mapping
// without the key is a problem.
type Field struct {
	reflect.StructField
	Name     string
	Required bool
}

// Fields yields the fields of struct type t that yaml decodes.
func Fields(t reflect.Type) iter.Seq[Field] {
	return func(yield func(Field) bool) {
		for f := range t.Fields() {
			tag := f.Tag.Get("yaml")
			if !f.IsExported() || tag == "-" {
				continue
			}
			name, _, _ := strings.Cut(tag, ",")
			if name == "" {
				name = strings.ToLower(f.Name)
			}
			if !yield(Field{f, name, f.Tag.Get("yamlpos") == "required"}) {
				return
			}
		}
	}
}

// fieldsOf maps the yaml names of struct type t's fields to the fields.
func fieldsOf(t reflect.Type) map[string]Field {
	fields := map[string]Field{}
	for f := range Fields(t) {
		fields[f.Name] = f
	}
	return fields
}

// Suggest returns the name in known that key was most likely meant to be,
// or "": one that differs only in case and separators (baseUrl for
// base_url), or by at most two edits.
func Suggest(key string, known []string) string {
	norm := func(s string) string {
		return strings.NewReplacer("_", "", "-", "", " ", "").Replace(strings.ToLower(s))
	}
	best, bestDist := "", 3
	for _, name := range known {
		if norm(name) == norm(key) {
			return name
		}
		if dist := editdist.Distance(norm(key), norm(name)); dist < bestDist {
			best, bestDist = name, dist
		}
	}
	return best
}
