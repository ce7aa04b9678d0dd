package graph

import (
	"cmp"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/agentready/agentready/gen/finding"
	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/gen/yamlpos"
	"github.com/agentready/agentready/internal/editdist"
)

// Problem is one thing wrong with a graph file: yamlpos's problem, whose
// Field is the field path for a problem found reading the file and
// "from -> to" for a problem with an edge.
type Problem = yamlpos.Problem

// Problems is a list of problems in file order; as an error it lists
// them one a line.
type Problems = yamlpos.Problems

// Findings returns the problems as findings of source graph (see
// yamlpos.Problem.Finding), for the report and SARIF: a problem with an
// edge names its producer as the tool and its consumer as related.
func Findings(ps Problems) []finding.Finding {
	out := make([]finding.Finding, len(ps))
	for i, p := range ps {
		f := p.Finding(finding.Graph)
		if from, to, ok := strings.Cut(p.Field, " -> "); ok {
			f.Tool, f.Related = from, []string{to}
		}
		out[i] = f
	}
	return out
}

// Check validates a graph against the API it describes: every tool of a
// proposed or approved edge must exist, every input must be an argument
// of the consumer (or a field inside a body argument), every output path
// must be one the producer's success response can have, and the types
// must be able to agree; an edge may appear once. Problems carry the
// file's line and column when the graph was loaded from a file.
func Check(g *Graph, api *ir.API) Problems {
	var ps Problems
	add := func(e *Edge, at pos, format string, args ...any) {
		ps = append(ps, Problem{File: cmp.Or(g.File, DefaultFile), Line: at.line, Column: at.col, Field: e.Key(), Message: fmt.Sprintf(format, args...)})
	}
	seen := map[string]*Edge{}
	for _, e := range g.Edges {
		if e.Status == Stale || e.Status == Rejected {
			// Not used; a stale edge's why says what broke.
			continue
		}
		for _, p := range checkEdge(api, e) {
			add(e, p.at, "%s", p.msg)
		}
		if prev := seen[e.Key()]; prev != nil {
			add(e, e.pos.item, "a second edge from %s to %s (the first is at line %d): put all mappings in one", e.From, e.To, prev.Line())
		} else {
			seen[e.Key()] = e
		}
	}
	ps.Sort()
	return ps
}

// Foreign reports whether g is the graph of another API: it has edges and
// not one of the tools they name is an operation of api. Such a file is
// usually left over from another spec in the same folder; checking it
// edge by edge would only list every tool as unknown.
func Foreign(g *Graph, api *ir.API) bool {
	if g == nil || len(g.Edges) == 0 {
		return false
	}
	for _, e := range g.Edges {
		if api.Operation(e.From) != nil || api.Operation(e.To) != nil {
			return false
		}
	}
	return true
}

type edgeProblem struct {
	at  pos
	msg string
}

// checkEdge returns what is wrong with one edge.
func checkEdge(api *ir.API, e *Edge) []edgeProblem {
	var out []edgeProblem
	from, to := api.Operation(e.From), api.Operation(e.To)
	if from == nil {
		out = append(out, edgeProblem{e.pos.from, unknownTool(api, e.From)})
	}
	if to == nil {
		out = append(out, edgeProblem{e.pos.to, unknownTool(api, e.To)})
	}
	if e.From != "" && e.From == e.To {
		out = append(out, edgeProblem{e.pos.to, "a tool cannot feed itself"})
	}
	if len(e.Mappings) == 0 {
		out = append(out, edgeProblem{e.pos.item, "no mappings: say which output feeds which input"})
	}
	inputs := map[string]bool{}
	for _, m := range e.Mappings {
		if inputs[m.Input] {
			out = append(out, edgeProblem{m.inputPos, fmt.Sprintf("input %s is mapped twice", m.Input)})
		}
		inputs[m.Input] = true
		var outS, inS *ir.Schema
		if from != nil {
			s, err := outputSchema(api, from, m.Output)
			if err != nil {
				out = append(out, edgeProblem{m.outputPos, err.Error()})
			}
			outS = s
		}
		if to != nil {
			s, err := inputSchema(api, to, m.Input)
			if err != nil {
				out = append(out, edgeProblem{m.inputPos, err.Error()})
			}
			inS = s
		}
		if outS != nil && inS != nil {
			if kindClash(api, outS, inS) {
				out = append(out, edgeProblem{m.outputPos, fmt.Sprintf("%s gives %s but input %s takes %s", m.Output, kindName(api, outS), m.Input, kindName(api, inS))})
			}
		}
	}
	return out
}

func unknownTool(api *ir.API, name string) string {
	if name == "" {
		return "no tool named"
	}
	msg := fmt.Sprintf("unknown tool %q", name)
	var names []string
	for _, op := range api.Operations {
		names = append(names, op.Name)
	}
	if s := suggest(name, names); s != "" {
		msg += fmt.Sprintf("; did you mean %s?", s)
	}
	return msg
}

// suggest returns the candidate closest to name, if it is close enough.
func suggest(name string, candidates []string) string {
	best, bestD := "", len(name)/2+2
	for _, c := range candidates {
		if strings.EqualFold(c, name) {
			return c
		}
		if d := editdist.Distance(strings.ToLower(name), strings.ToLower(c)); d < bestD {
			best, bestD = c, d
		}
	}
	return best
}

// PathStep is one step of a JSON path: a property name, or an array
// element ("*" for every element, or an index).
type PathStep struct {
	Prop  string
	Index string // "*" or digits; empty for a property
}

// ParsePath parses the JSON paths graph files use: "$" followed by
// ".name", "['name']", "[*]" or "[0]" steps.
func ParsePath(p string) ([]PathStep, error) {
	if !strings.HasPrefix(p, "$") {
		return nil, fmt.Errorf("output %q: a JSON path starts with $ (e.g. $.id or $[*].id)", p)
	}
	var steps []PathStep
	rest := p[1:]
	for rest != "" {
		switch {
		case rest[0] == '.':
			rest = rest[1:]
			i := strings.IndexAny(rest, ".[")
			if i < 0 {
				i = len(rest)
			}
			if i == 0 {
				return nil, fmt.Errorf("output %q: empty property name", p)
			}
			steps = append(steps, PathStep{Prop: rest[:i]})
			rest = rest[i:]
		case strings.HasPrefix(rest, "['"):
			i := strings.Index(rest, "']")
			if i < 0 {
				return nil, fmt.Errorf("output %q: unterminated ['", p)
			}
			steps = append(steps, PathStep{Prop: rest[2:i]})
			rest = rest[i+2:]
		case rest[0] == '[':
			i := strings.IndexByte(rest, ']')
			if i < 0 {
				return nil, fmt.Errorf("output %q: unterminated [", p)
			}
			idx := rest[1:i]
			if _, err := strconv.Atoi(idx); idx != "*" && err != nil {
				return nil, fmt.Errorf("output %q: [%s] is not [*] or an index", p, idx)
			}
			steps = append(steps, PathStep{Index: idx})
			rest = rest[i+1:]
		default:
			return nil, fmt.Errorf("output %q: expected . or [ at %q", p, rest)
		}
	}
	return steps, nil
}

// outputSchema returns the schema of the value at path in op's success
// response, or an error saying where the path leaves the schema. A
// schema that allows anything (no declared type) accepts every path.
func outputSchema(api *ir.API, op *ir.Operation, path string) (*ir.Schema, error) {
	steps, err := ParsePath(path)
	if err != nil {
		return nil, err
	}
	r := op.SuccessResponse()
	if r == nil || r.Schema == nil {
		return nil, fmt.Errorf("output %s: %s declares no success response body", path, op.Name)
	}
	s := r.Schema
	at := "$"
	for _, st := range steps {
		next, err := step(api, s, st)
		if err != nil {
			return nil, fmt.Errorf("output %s: the response of %s cannot have it: %s %s", path, op.Name, at, err)
		}
		if st.Prop != "" {
			at += "." + st.Prop
		} else {
			at += "[" + st.Index + "]"
		}
		s = next
		if s == nil {
			// Free-form: anything below is possible.
			return nil, nil
		}
	}
	return s, nil
}

// step follows one path step into s; it returns nil (and no error) when
// s allows anything.
func step(api *ir.API, s *ir.Schema, st PathStep) (*ir.Schema, error) {
	r := api.Resolve(s)
	if r == nil || r.Kind == ir.KindAny || r.Kind == "" {
		return nil, nil
	}
	if r.Kind == ir.KindUnion {
		var errs []string
		for _, v := range r.Variants {
			if rv := api.Resolve(v); rv != nil && rv.Kind == ir.KindNull {
				continue
			}
			next, err := step(api, v, st)
			if err == nil {
				return next, nil
			}
			errs = append(errs, err.Error())
		}
		if len(errs) == 0 {
			return nil, nil
		}
		return nil, fmt.Errorf("%s", errs[0])
	}
	if st.Prop == "" {
		if r.Kind != ir.KindArray {
			return nil, fmt.Errorf("is %s, not an array", kindName(api, s))
		}
		return r.Items, nil
	}
	if r.Kind != ir.KindObject {
		return nil, fmt.Errorf("is %s, not an object with %s", kindName(api, s), st.Prop)
	}
	if p := r.Property(st.Prop); p != nil {
		return p.Schema, nil
	}
	if r.AdditionalProperties != nil {
		return r.AdditionalProperties, nil
	}
	if len(r.Properties) == 0 && !r.ClosedObject {
		return nil, nil
	}
	var names []string
	for _, p := range r.Properties {
		names = append(names, p.Name)
	}
	msg := fmt.Sprintf("has no property %q", st.Prop)
	if sg := suggest(st.Prop, names); sg != "" {
		msg += fmt.Sprintf(" (did you mean %s?)", sg)
	} else {
		if len(names) > 12 {
			names = append(names[:12], "...")
		}
		msg += " (it has " + strings.Join(names, ", ") + ")"
	}
	return nil, fmt.Errorf("%s", msg)
}

// inputSchema returns the schema of a consumer input: a tool argument, or
// a dotted path to a field inside one ("body.metadata.name", or
// "site.id" for a flattened body field).
func inputSchema(api *ir.API, op *ir.Operation, input string) (*ir.Schema, error) {
	parts := strings.Split(input, ".")
	args := map[string]*ir.Schema{}
	var names []string
	for _, p := range op.Params {
		args[p.Arg] = p.Schema
		names = append(names, p.Arg)
	}
	if b := op.Body; b != nil {
		if b.Flatten {
			if bs := api.Resolve(b.Schema); bs != nil {
				for _, p := range bs.Properties {
					args[p.Name] = p.Schema
					names = append(names, p.Name)
				}
			}
		} else if b.Arg != "" {
			args[b.Arg] = b.Schema
			names = append(names, b.Arg)
		}
	}
	// An argument's own name may hold dots ("assignee.any"): take the
	// longest one the input starts with.
	var s *ir.Schema
	ok := false
	for i := len(parts); i >= 1 && !ok; i-- {
		if s, ok = args[strings.Join(parts[:i], ".")]; ok {
			parts = append([]string{strings.Join(parts[:i], ".")}, parts[i:]...)
		}
	}
	if !ok {
		msg := fmt.Sprintf("input %s: %s has no argument %q", input, op.Name, parts[0])
		if sg := suggest(parts[0], names); sg != "" {
			msg += fmt.Sprintf("; did you mean %s?", sg)
		} else if len(names) > 0 {
			sort.Strings(names)
			msg += "; its arguments are " + strings.Join(names, ", ")
		} else {
			msg += "; it takes no arguments"
		}
		return nil, fmt.Errorf("%s", msg)
	}
	at := parts[0]
	for _, f := range parts[1:] {
		next, err := step(api, s, PathStep{Prop: f})
		if err != nil {
			return nil, fmt.Errorf("input %s: %s %s", input, at, err)
		}
		at += "." + f
		s = next
		if s == nil {
			return nil, nil
		}
	}
	return s, nil
}

// scalarOf unwraps a nullable union (anyOf [T, null]) and follows Refs.
func scalarOf(api *ir.API, s *ir.Schema) *ir.Schema {
	r := api.Resolve(s)
	for i := 0; r != nil && r.Kind == ir.KindUnion && i < 8; i++ {
		var only *ir.Schema
		n := 0
		for _, v := range r.Variants {
			if rv := api.Resolve(v); rv != nil && rv.Kind != ir.KindNull {
				only = v
				n++
			}
		}
		if n != 1 {
			return r
		}
		r = api.Resolve(only)
	}
	return r
}

func kindName(api *ir.API, s *ir.Schema) string {
	r := scalarOf(api, s)
	if r == nil || r.Kind == "" {
		return "any value"
	}
	switch r.Kind {
	case ir.KindObject:
		return "an object"
	case ir.KindArray:
		return "an array"
	case ir.KindInteger:
		return "an integer"
	case ir.KindAny:
		return "any value"
	case ir.KindUnion:
		return "one of several types"
	}
	return "a " + string(r.Kind)
}

// kindClash reports whether a value of the output's type can never be
// a valid value for the input: an object or array for a scalar input, or
// a scalar for an object. (A scalar for an array input is one item.)
func kindClash(api *ir.API, out, in *ir.Schema) bool {
	o, i := scalarOf(api, out), scalarOf(api, in)
	if o == nil || i == nil {
		return false
	}
	structured := func(k ir.Kind) bool { return k == ir.KindObject || k == ir.KindArray }
	scalar := func(k ir.Kind) bool {
		return k == ir.KindString || k == ir.KindInteger || k == ir.KindNumber || k == ir.KindBoolean
	}
	return structured(o.Kind) && scalar(i.Kind) || scalar(o.Kind) && i.Kind == ir.KindObject
}
