package graph

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v4"

	"github.com/agentready/agentready/gen/atomicfile"
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

// Parse is Load for a file held in memory; file names it in problems.
func Parse(data []byte, file string) (*Graph, error) {
	p := &parser{file: file}
	g := p.parse(data)
	if len(p.problems) > 0 {
		p.problems.sort()
		return nil, p.problems
	}
	g.File = file
	return g, nil
}

type parser struct {
	file     string
	problems Problems
}

func (p *parser) add(n *yaml.Node, format string, args ...any) {
	pr := Problem{File: p.file, Message: fmt.Sprintf(format, args...)}
	if n != nil {
		pr.Line, pr.Column = n.Line, n.Column
	}
	p.problems = append(p.problems, pr)
}

func (p *parser) parse(data []byte) *Graph {
	g := &Graph{}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var doc yaml.Node
	if err := dec.Decode(&doc); err != nil {
		if err == io.EOF {
			return g
		}
		p.yamlError(err)
		return g
	}
	var next yaml.Node
	if err := dec.Decode(&next); err == nil {
		p.add(&next, "the file holds more than one YAML document (---): keep the whole graph in one")
	} else if err != io.EOF {
		p.yamlError(err)
	}
	if len(doc.Content) == 0 {
		return g
	}
	root := deref(doc.Content[0])
	if isNull(root) {
		return g
	}
	if root.Kind != yaml.MappingNode {
		p.add(root, "expected a mapping with version, spec and edges, got %s", kindOf(root))
		return g
	}
	p.mapping(root, "", func(key string, k, v *yaml.Node) bool {
		switch key {
		case "version":
			if n, err := strconv.Atoi(v.Value); err != nil || v.Kind != yaml.ScalarNode || n != Version {
				p.add(v, "version: this agentready reads version %d files, got %s", Version, kindOf(v))
			}
		case "spec":
			g.Spec = p.str(v, "spec")
		case "inferred_by":
			g.InferredBy = p.str(v, "inferred_by")
		case "patterns":
			g.Patterns = p.patterns(v)
		case "edges":
			if isNull(v) {
				return true
			}
			if v.Kind != yaml.SequenceNode {
				p.add(v, "edges: expected a list of edges, got %s", kindOf(v))
				return true
			}
			for i, item := range v.Content {
				if e := p.edge(deref(item), i); e != nil {
					g.Edges = append(g.Edges, e)
				}
			}
		default:
			return false
		}
		return true
	}, []string{"version", "spec", "inferred_by", "patterns", "edges"})
	return g
}

// patterns reads the decisions on patterns: ID to approved or rejected.
func (p *parser) patterns(v *yaml.Node) map[string]Status {
	if isNull(v) {
		return nil
	}
	if v.Kind != yaml.MappingNode {
		p.add(v, "patterns: expected a mapping of pattern IDs to approved or rejected, got %s", kindOf(v))
		return nil
	}
	out := map[string]Status{}
	p.mapping(v, "patterns", func(key string, k, val *yaml.Node) bool {
		s := Status(p.str(val, "patterns."+key))
		if s != Approved && s != Rejected {
			p.add(val, "patterns.%s: expected approved or rejected, got %s", key, kindOf(val))
			return true
		}
		out[key] = s
		return true
	}, nil)
	return out
}

func (p *parser) edge(n *yaml.Node, i int) *Edge {
	field := fmt.Sprintf("edges[%d]", i)
	if n.Kind != yaml.MappingNode {
		p.add(n, "%s: expected an edge (a mapping with from, to, mappings, status), got %s", field, kindOf(n))
		return nil
	}
	e := &Edge{Status: Proposed}
	e.pos.item = pos{n.Line, n.Column}
	seen := map[string]bool{}
	p.mapping(n, field, func(key string, k, v *yaml.Node) bool {
		seen[key] = true
		switch key {
		case "from":
			e.From = p.str(v, field+".from")
			e.pos.from = pos{v.Line, v.Column}
		case "to":
			e.To = p.str(v, field+".to")
			e.pos.to = pos{v.Line, v.Column}
		case "confidence":
			e.pos.confidence = pos{v.Line, v.Column}
			f, err := strconv.ParseFloat(v.Value, 64)
			if v.Kind != yaml.ScalarNode || err != nil || f < 0 || f > 1 {
				p.add(v, "%s.confidence: expected a number from 0 to 1, got %s", field, kindOf(v))
			}
			e.Confidence = f
		case "why":
			e.Why = p.str(v, field+".why")
		case "source":
			e.Source = p.str(v, field+".source")
			if e.Source != SourceModel {
				p.add(v, "%s.source: %s is not a source; write %s for a model's edge, or leave it out for a rule's", field, kindOf(v), SourceModel)
			}
		case "status":
			e.pos.status = pos{v.Line, v.Column}
			s := Status(p.str(v, field+".status"))
			if !s.valid() {
				p.add(v, "%s.status: %s is not a status; use proposed, approved, rejected or stale", field, kindOf(v))
			}
			e.Status = s
		case "mappings":
			if v.Kind != yaml.SequenceNode {
				p.add(v, "%s.mappings: expected a list of {output, input}, got %s", field, kindOf(v))
				return true
			}
			for j, m := range v.Content {
				if mp, ok := p.mappingItem(deref(m), fmt.Sprintf("%s.mappings[%d]", field, j)); ok {
					e.Mappings = append(e.Mappings, mp)
				}
			}
		default:
			return false
		}
		return true
	}, []string{"from", "to", "mappings", "confidence", "why", "status", "source"})
	for _, req := range []string{"from", "to", "mappings"} {
		if !seen[req] {
			p.add(n, "%s: %s is missing", field, req)
		}
	}
	return e
}

func (p *parser) mappingItem(n *yaml.Node, field string) (Mapping, bool) {
	var m Mapping
	if n.Kind != yaml.MappingNode {
		p.add(n, "%s: expected a mapping with output and input, got %s", field, kindOf(n))
		return m, false
	}
	seen := map[string]bool{}
	p.mapping(n, field, func(key string, k, v *yaml.Node) bool {
		seen[key] = true
		switch key {
		case "output":
			m.Output = p.str(v, field+".output")
			m.outputPos = pos{v.Line, v.Column}
		case "input":
			m.Input = p.str(v, field+".input")
			m.inputPos = pos{v.Line, v.Column}
		default:
			return false
		}
		return true
	}, []string{"output", "input"})
	ok := true
	for _, req := range []string{"output", "input"} {
		if !seen[req] {
			p.add(n, "%s: %s is missing", field, req)
			ok = false
		}
	}
	return m, ok
}

// mapping calls f for each key of n; f returns false for an unknown key,
// which is reported with the known ones.
func (p *parser) mapping(n *yaml.Node, field string, f func(key string, k, v *yaml.Node) bool, known []string) {
	seen := map[string]bool{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := deref(n.Content[i]), deref(n.Content[i+1])
		name := k.Value
		if seen[name] {
			p.add(k, "%s: duplicate key", join2(field, name))
			continue
		}
		seen[name] = true
		if !f(name, k, v) {
			p.add(k, "%s: unknown key; known keys are %s", join2(field, name), strings.Join(known, ", "))
		}
	}
}

func join2(field, key string) string {
	if field == "" {
		return key
	}
	return field + "." + key
}

func (p *parser) str(v *yaml.Node, field string) string {
	if v.Kind != yaml.ScalarNode {
		p.add(v, "%s: expected a string, got %s", field, kindOf(v))
		return ""
	}
	if isNull(v) {
		return ""
	}
	return v.Value
}

func (p *parser) yamlError(err error) {
	var les *yaml.LoadErrors
	var le *yaml.LoadError
	switch {
	case errors.As(err, &les):
		for _, e := range les.Errors {
			p.add(&yaml.Node{Line: e.Mark.Line, Column: e.Mark.Column}, "%s", e.Message)
		}
	case errors.As(err, &le):
		p.add(&yaml.Node{Line: le.Mark.Line, Column: le.Mark.Column}, "%s", le.Message)
	default:
		p.add(nil, "%v", err)
	}
}

func deref(n *yaml.Node) *yaml.Node {
	for n != nil && n.Kind == yaml.AliasNode && n.Alias != nil {
		n = n.Alias
	}
	return n
}

func isNull(n *yaml.Node) bool {
	return n.Kind == yaml.ScalarNode && n.ShortTag() == "!!null"
}

func kindOf(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	}
	return strconv.Quote(n.Value)
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
