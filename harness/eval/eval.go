// Package eval scores a model on a static suite of requests: a team's
// "golden" requests its agent must always handle, checked without calling
// the API, as BFCL checks function calls.
//
// A suite is JSON Lines, one case per line:
//
//	{"id": "gh-01", "utterance": "open PRs on octocat/hello-world with label bug",
//	 "tool": "issues/list-for-repo", "args": {"owner": "octocat", "repo": "hello-world",
//	 "state": ["open"], "labels": ["bug"]}, "optional_ok": ["per_page"], "kind": "simple"}
//
// tool is the operationId of the first call a competent agent makes; args
// are the inputs that call must carry, named as the spec names them (path,
// query, header and cookie parameters by name, request-body fields as
// body.<dotted path>); a JSON array is a list of acceptable values (a
// list value is written inside it); optional_ok are inputs the agent may
// add; kind is a free label results are broken down by.
//
// The model is given the request and tools (the target and its k most
// similar, or the k tools retrieval finds for the request in the whole
// API) and its first call is scored: the tool, and per input missing,
// invented (not an input of the tool), unrequested (an input of the tool
// nobody asked for) or wrong (compared after normalisation).
package eval

import (
	"fmt"
	"maps"
	"os"
	"slices"
	"strings"

	"github.com/agentready/agentready/gen/catalog"
	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/harness/jsonl"
)

// Case is one request of a suite.
type Case struct {
	ID        string `json:"id"`
	Utterance string `json:"utterance"`
	// Tool is the operationId of the call the request should lead to.
	Tool string `json:"tool"`
	// Args are the inputs that call must carry, in the spec's naming; an
	// array lists acceptable values.
	Args map[string]any `json:"args"`
	// OptionalOK are inputs the agent may add.
	OptionalOK []string `json:"optional_ok,omitempty"`
	// Kind labels the case for the summary.
	Kind string `json:"kind,omitempty"`
}

// Read reads a suite file; an error names the line.
func Read(path string) ([]Case, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return Decode(data, path)
}

// Decode parses a suite; name is used in errors. Blank lines and lines
// starting with # are skipped.
func Decode(data []byte, name string) ([]Case, error) {
	var out []Case
	seen := map[string]int{}
	err := jsonl.Decode(data, name, jsonl.Options{Comments: []string{"#"}, Strict: true, MaxLine: 16 << 20}, func(n int, c *Case) error {
		switch {
		case c.ID == "":
			return fmt.Errorf("a case needs an id")
		case strings.TrimSpace(c.Utterance) == "":
			return fmt.Errorf("case %s has no utterance", c.ID)
		case c.Tool == "":
			return fmt.Errorf("case %s names no tool (the operationId of the expected call)", c.ID)
		}
		if prev, dup := seen[c.ID]; dup {
			return fmt.Errorf("case id %q is also on line %d", c.ID, prev)
		}
		seen[c.ID] = n
		if c.Args == nil {
			c.Args = map[string]any{}
		}
		out = append(out, *c)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// naming translates between a tool's arguments and the spec's names of
// its inputs.
type naming struct {
	op *ir.Operation
	// toSpec maps a tool argument to its spec name ("body" and
	// "body.title" for body fields); body is set for arguments that hold
	// a body or a body field, whose objects are flattened.
	toSpec map[string]string
	body   map[string]bool
	// inputs are the spec names of the inputs, with their schemas.
	inputs map[string]*ir.Schema
}

func newNaming(cat *catalog.Bound, op *ir.Operation) *naming {
	n := &naming{op: op, toSpec: map[string]string{}, body: map[string]bool{}, inputs: map[string]*ir.Schema{}}
	for _, a := range cat.Args(op.Name) {
		switch {
		case a.Param != nil:
			n.toSpec[a.Name] = a.Param.Name
			n.inputs[a.Param.Name] = a.Schema
		case a.Property != nil:
			n.toSpec[a.Name] = "body." + a.Property.Name
			n.body[a.Name] = true
			n.inputs["body."+a.Property.Name] = a.Schema
		default:
			n.toSpec[a.Name] = "body"
			n.body[a.Name] = true
			n.inputs["body"] = a.Schema
		}
	}
	return n
}

// flat writes a call's arguments in the spec's naming, body objects
// flattened to their leaves ("body.fields.summary"). Arguments the tool
// does not have keep their names, and are returned apart.
func (n *naming) flat(args map[string]any) (spec map[string]any, unknown []string) {
	spec = map[string]any{}
	for _, k := range slices.Sorted(maps.Keys(args)) {
		name, ok := n.toSpec[k]
		if !ok {
			unknown = append(unknown, k)
			continue
		}
		if n.body[k] {
			flatten(name, args[k], spec)
			continue
		}
		spec[name] = args[k]
	}
	return spec, unknown
}

// flatten writes v at path, objects as their leaves.
func flatten(path string, v any, out map[string]any) {
	m, ok := v.(map[string]any)
	if !ok || len(m) == 0 {
		out[path] = v
		return
	}
	for _, k := range slices.Sorted(maps.Keys(m)) {
		flatten(path+"."+k, m[k], out)
	}
}

// at returns the value of the flat map at key: the leaf itself, or the
// object the leaves under it make.
func at(flat map[string]any, key string) (any, bool) {
	if v, ok := flat[key]; ok {
		return v, true
	}
	obj := map[string]any{}
	for k, v := range flat {
		if rest, ok := strings.CutPrefix(k, key+"."); ok {
			setDotted(obj, rest, v)
		}
	}
	return obj, len(obj) > 0
}

func setDotted(m map[string]any, path string, v any) {
	parts := strings.Split(path, ".")
	for _, p := range parts[:len(parts)-1] {
		next, ok := m[p].(map[string]any)
		if !ok {
			next = map[string]any{}
			m[p] = next
		}
		m = next
	}
	m[parts[len(parts)-1]] = v
}

// covered reports whether key is one of keys or lies under one.
func covered(key string, keys []string) bool {
	for _, k := range keys {
		if key == k || strings.HasPrefix(key, k+".") {
			return true
		}
	}
	return false
}

// Problem is what is wrong with a case against the spec.
type Problem struct {
	Case, Text string
}

// Check returns what is wrong with a suite against the tools of cat
// (catalog.Describe of the API will do), in the spec's naming: a tool the
// spec does not have, an input the tool does not take, a required input
// the case leaves out.
func Check(cat *catalog.Bound, cs []Case) []Problem {
	api := cat.API
	byID := operationsByID(api)
	var out []Problem
	for _, c := range cs {
		op := byID[c.Tool]
		if op == nil {
			out = append(out, Problem{c.ID, fmt.Sprintf("the spec has no operation %q", c.Tool)})
			continue
		}
		n := newNaming(cat, op)
		for _, k := range slices.Sorted(maps.Keys(c.Args)) {
			if !n.takes(k) {
				out = append(out, Problem{c.ID, fmt.Sprintf("%s takes no input %q (it takes %s)", c.Tool, k, strings.Join(slices.Sorted(maps.Keys(n.inputs)), ", "))})
			}
		}
		for _, a := range cat.Args(op.Name) {
			name := n.toSpec[a.Name]
			if a.Required && name != "body" && !covered(name, slices.Sorted(maps.Keys(c.Args))) && !anyUnder(c.Args, name) {
				out = append(out, Problem{c.ID, fmt.Sprintf("%s requires %s, which the case does not give", c.Tool, name)})
			}
		}
	}
	return out
}

// takes reports whether the operation has the input at key: a parameter,
// or a body field at any depth under one.
func (n *naming) takes(key string) bool {
	if _, ok := n.inputs[key]; ok {
		return true
	}
	for in := range n.inputs {
		if strings.HasPrefix(key, in+".") && strings.HasPrefix(in, "body") {
			return true
		}
	}
	return false
}

func anyUnder(args map[string]any, prefix string) bool {
	for k := range args {
		if strings.HasPrefix(k, prefix+".") {
			return true
		}
	}
	return false
}

// operationsByID maps operationIds, and tool names, to operations.
func operationsByID(api *ir.API) map[string]*ir.Operation {
	out := map[string]*ir.Operation{}
	for _, op := range api.Operations {
		out[op.Name] = op
	}
	for _, op := range api.Operations {
		if op.ID != "" {
			out[op.ID] = op
		}
	}
	return out
}
