package graph

import (
	"bytes"
	"cmp"
	"fmt"
	"os"
	"reflect"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v4"

	"github.com/agentready/agentready/gen/atomicfile"
	"github.com/agentready/agentready/gen/finding"
	"github.com/agentready/agentready/gen/yamlpos"
)

// header opens every file Save writes.
const header = `# agentready tool dependency graph: which tool's output feeds which tool's input.
# Review each edge: set its status to approved or rejected (or run
# "agentready graph approve|reject --graph FILE FROM TO", --pattern ID, or --all-above 0.6).
# Edit mappings freely; "agentready graph check" validates them against the spec,
# and "agentready graph infer" keeps your decisions and edits when it runs again.
`

// Load reads a graph file. Its error, if any, is a Problems listing
// everything wrong with the file, each with its line and column.
func Load(path string) (*Graph, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("cannot read graph: %w", err)
	}
	return Parse(data, path)
}

// fileGraph is the graph file's shape, for yamlpos to decode.
type fileGraph struct {
	Version    int               `yaml:"version"`
	Spec       string            `yaml:"spec"`
	InferredBy string            `yaml:"inferred_by"`
	Patterns   map[string]string `yaml:"patterns"`
	Edges      []fileEdge        `yaml:"edges"`
}

type fileEdge struct {
	From       string        `yaml:"from" yamlpos:"required"`
	To         string        `yaml:"to" yamlpos:"required"`
	Mappings   []fileMapping `yaml:"mappings" yamlpos:"required"`
	Confidence float64       `yaml:"confidence"`
	Why        string        `yaml:"why"`
	Status     string        `yaml:"status"`
	Source     string        `yaml:"source"`
}

type fileMapping struct {
	Output string `yaml:"output" yamlpos:"required"`
	Input  string `yaml:"input" yamlpos:"required"`
}

// expect says what each part of the file is, for "expected ..." problems.
var expect = map[reflect.Type]string{
	reflect.TypeFor[fileGraph]():   "a mapping with version, spec and edges",
	reflect.TypeFor[fileEdge]():    "an edge (a mapping with from, to, mappings, status)",
	reflect.TypeFor[fileMapping](): "a mapping with output and input",
}

// Parse is Load for a file held in memory; file names it in problems.
func Parse(data []byte, file string) (*Graph, error) {
	var f fileGraph
	named := cmp.Or(file, DefaultFile)
	d := yamlpos.Decode(data, &f, yamlpos.Options{File: named, Document: "graph", Expect: expect, UnknownKey: unknownKey})
	ps := d.Problems
	if !d.Complete {
		ps.Sort()
		return nil, ps
	}
	r := reader{file: named, at: d.Positions, failed: d.Failed}
	g := r.graph(&f)
	ps = append(ps, r.problems...)
	if len(ps) > 0 {
		ps.Sort()
		return nil, ps
	}
	g.File = file
	return g, nil
}

// unknownKey names the key itself as the field at fault: "colour: unknown
// key (known keys: ...)".
func unknownKey(d *yamlpos.Decoder, k, _ *yaml.Node, field string, known []string) bool {
	d.Add(k, yamlpos.Join(field, k.Value), "unknown key (%s)", yamlpos.KeyHint(k.Value, known))
	return true
}

// reader turns the decoded file into a Graph, checking what the types do
// not: the version, statuses, sources and confidences.
type reader struct {
	file     string
	at       map[string]finding.Place // field path -> where its value is
	failed   func(field string) bool  // whether decoding found field wrong already
	problems Problems
}

// add records a problem with field, unless decoding found one already.
func (r *reader) add(field, format string, args ...any) {
	if r.failed(field) {
		return
	}
	at := r.at[field]
	r.problems = append(r.problems, Problem{File: r.file, Line: at.Line, Column: at.Column, Field: field, Message: fmt.Sprintf(format, args...)})
}

// pos returns where the value of field is.
func (r *reader) pos(field string) pos {
	at := r.at[field]
	return pos{at.Line, at.Column}
}

func (r *reader) graph(f *fileGraph) *Graph {
	g := &Graph{Spec: f.Spec, InferredBy: f.InferredBy}
	if _, given := r.at["version"]; given && f.Version != Version {
		r.add("version", "this agentready reads version %d files, got %q", Version, strconv.Itoa(f.Version))
	}
	for id, s := range f.Patterns {
		if s := Status(s); s != Approved && s != Rejected {
			r.add("patterns."+id, "expected approved or rejected, got %q", s)
			continue
		}
		if g.Patterns == nil {
			g.Patterns = map[string]Status{}
		}
		g.Patterns[id] = Status(s)
	}
	for i, fe := range f.Edges {
		g.Edges = append(g.Edges, r.edge(&fe, fmt.Sprintf("edges[%d]", i)))
	}
	return g
}

func (r *reader) edge(fe *fileEdge, field string) *Edge {
	e := &Edge{From: fe.From, To: fe.To, Confidence: fe.Confidence, Why: fe.Why, Status: Status(fe.Status), Source: fe.Source}
	e.pos = edgePos{item: r.pos(field), from: r.pos(field + ".from"), to: r.pos(field + ".to"), status: r.pos(field + ".status"), confidence: r.pos(field + ".confidence")}
	if e.Confidence < 0 || e.Confidence > 1 {
		r.add(field+".confidence", "expected a number from 0 to 1, got %q", strconv.FormatFloat(e.Confidence, 'g', -1, 64))
	}
	if e.Source != "" && e.Source != SourceModel {
		r.add(field+".source", "%q is not a source; write %s for a model's edge, or leave it out for a rule's", e.Source, SourceModel)
	}
	if e.Status == "" {
		e.Status = Proposed
	} else if !e.Status.valid() {
		r.add(field+".status", "%q is not a status; use proposed, approved, rejected or stale", e.Status)
	}
	for j, fm := range fe.Mappings {
		m := fmt.Sprintf("%s.mappings[%d]", field, j)
		e.Mappings = append(e.Mappings, Mapping{Output: fm.Output, Input: fm.Input, outputPos: r.pos(m + ".output"), inputPos: r.pos(m + ".input")})
	}
	return e
}

// Save writes the graph to path in the file format, atomically.
func (g *Graph) Save(path string) error {
	return atomicfile.Write(path, g.Marshal())
}

// Marshal returns the graph in the file format: edges in the order of
// Sort, one item each, every string quoted the same way each time, so
// that saving a loaded file gives the same bytes.
func (g *Graph) Marshal() []byte {
	g.Sort()
	var b bytes.Buffer
	b.WriteString(header)
	fmt.Fprintf(&b, "version: %d\n", Version)
	if g.Spec != "" {
		fmt.Fprintf(&b, "spec: %s\n", scalar(g.Spec))
	}
	if g.InferredBy != "" {
		fmt.Fprintf(&b, "inferred_by: %s\n", scalar(g.InferredBy))
	}
	if len(g.Patterns) > 0 {
		b.WriteString("patterns:\n")
		ids := make([]string, 0, len(g.Patterns))
		for id := range g.Patterns {
			ids = append(ids, id)
		}
		sort.Strings(ids)
		for _, id := range ids {
			fmt.Fprintf(&b, "  %s: %s\n", scalar(id), scalar(string(g.Patterns[id])))
		}
	}
	if len(g.Edges) == 0 {
		b.WriteString("edges: []\n")
		return b.Bytes()
	}
	b.WriteString("edges:\n")
	for _, e := range g.Edges {
		fmt.Fprintf(&b, "  - from: %s\n", scalar(e.From))
		fmt.Fprintf(&b, "    to: %s\n", scalar(e.To))
		if len(e.Mappings) == 0 {
			b.WriteString("    mappings: []\n")
		} else {
			b.WriteString("    mappings:\n")
			for _, m := range e.Mappings {
				fmt.Fprintf(&b, "      - output: %s\n", quoted(m.Output))
				fmt.Fprintf(&b, "        input: %s\n", scalar(m.Input))
			}
		}
		fmt.Fprintf(&b, "    confidence: %.2f\n", e.Confidence)
		if e.Why != "" {
			fmt.Fprintf(&b, "    why: %s\n", quoted(e.Why))
		}
		fmt.Fprintf(&b, "    status: %s\n", scalar(string(e.Status)))
		if e.Source != "" {
			fmt.Fprintf(&b, "    source: %s\n", scalar(e.Source))
		}
	}
	return b.Bytes()
}

var plainRE = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_./-]*$`)

// reserved are plain scalars YAML would read as something other than a
// string.
var reserved = map[string]bool{
	"true": true, "false": true, "yes": true, "no": true, "on": true, "off": true,
	"null": true, "y": true, "n": true,
}

// scalar writes s plain when YAML reads it back as the same string, and
// double-quoted otherwise.
func scalar(s string) string {
	if plainRE.MatchString(s) && !reserved[strings.ToLower(s)] {
		return s
	}
	return quoted(s)
}

// quoted writes s as a YAML double-quoted string (Go's escapes are a
// subset of YAML's).
func quoted(s string) string { return strconv.Quote(s) }
