package perturb

import (
	"encoding/json"
	"math/rand/v2"
	"regexp"
	"strings"

	"github.com/cloudwego/eino/schema"
	"github.com/eino-contrib/jsonschema"

	"github.com/agentready/agentready/gen/toolrt"
)

// Doc is a tool definition as the tool-doc perturbations see it: its
// description and the JSON Schema of its arguments, whose top-level
// properties are its parameters. A perturbation changes it in place.
type Doc struct {
	Tool string
	Desc string
	// Params is nil for a tool without arguments.
	Params *jsonschema.Schema
}

// Described is the description of one parameter of one tool.
type Described struct {
	Tool, Param, Text string
}

// Pool returns the parameter descriptions of tools, in order: what WD
// draws wrong descriptions from.
func Pool(tools []*schema.ToolInfo) ([]Described, error) {
	var out []Described
	for _, info := range tools {
		d, err := docOf(info)
		if err != nil {
			return nil, err
		}
		for _, p := range d.params() {
			if t := strings.TrimSpace(p.s.Description); t != "" {
				out = append(out, Described{Tool: info.Name, Param: p.name, Text: t})
			}
		}
	}
	return out, nil
}

// applyDoc returns a copy of info changed by edit; info is untouched.
func applyDoc(info *schema.ToolInfo, edit func(*Doc) error) (*schema.ToolInfo, error) {
	d, err := docOf(info)
	if err != nil {
		return nil, err
	}
	if err := edit(d); err != nil {
		return nil, err
	}
	out := *info
	out.Desc = d.Desc
	if d.Params != nil {
		out.ParamsOneOf = schema.NewParamsOneOfByJSONSchema(d.Params)
	}
	return &out, nil
}

// docOf returns info as a Doc whose schema is a deep copy, in the same
// property order.
func docOf(info *schema.ToolInfo) (*Doc, error) {
	d := &Doc{Tool: info.Name, Desc: info.Desc}
	if info.ParamsOneOf == nil {
		return d, nil
	}
	js, err := info.ParamsOneOf.ToJSONSchema()
	if err != nil || js == nil {
		return d, err
	}
	raw, err := json.Marshal(js)
	if err != nil {
		return nil, err
	}
	if d.Params, err = toolrt.SchemaFromJSON(raw); err != nil {
		return nil, err
	}
	return d, nil
}

// param is one top-level parameter of a Doc.
type param struct {
	name string
	s    *jsonschema.Schema
}

// params returns the Doc's parameters in order.
func (d *Doc) params() []param {
	if d.Params == nil || d.Params.Properties == nil {
		return nil
	}
	var out []param
	for p := d.Params.Properties.Oldest(); p != nil; p = p.Next() {
		if p.Value != nil {
			out = append(out, param{p.Key, p.Value})
		}
	}
	return out
}

// RemoveDescriptions is RD: the descriptions of the required parameters
// are removed; the optional ones keep theirs.
func RemoveDescriptions(d *Doc, _ *rand.Rand, _ []Described) error {
	if d.Params == nil {
		return nil
	}
	required := map[string]bool{}
	for _, r := range d.Params.Required {
		required[r] = true
	}
	for _, p := range d.params() {
		if required[p.name] {
			p.s.Description = ""
		}
	}
	return nil
}

// exampleLines are the lines of a description that give an example.
var exampleLines = regexp.MustCompile(`(?mi)^[ \t]*examples?:.*$\n?`)

// RemoveExamples is RE: every usage example is removed, the input example
// of the description and the examples of the schema at any depth.
func RemoveExamples(d *Doc, _ *rand.Rand, _ []Described) error {
	d.Desc = strings.TrimSpace(exampleLines.ReplaceAllString(d.Desc, ""))
	walk(d.Params, func(s *jsonschema.Schema) {
		s.Examples = nil
		delete(s.Extras, "example")
		delete(s.Extras, "examples")
	})
	return nil
}

// WrongDescriptions is WD: each parameter's description is replaced with
// the description of a parameter of another tool, drawn from pool. A tool
// whose pool holds no other tool's description is left as it is.
func WrongDescriptions(d *Doc, rng *rand.Rand, pool []Described) error {
	var others []string
	for _, p := range pool {
		if p.Tool != d.Tool {
			others = append(others, p.Text)
		}
	}
	if len(others) == 0 {
		return nil
	}
	for _, p := range d.params() {
		p.s.Description = others[rng.IntN(len(others))]
	}
	return nil
}

// scalarTypes are the types WrongTypes picks from.
var scalarTypes = []string{"string", "integer", "number", "boolean"}

// WrongTypes is WT: each parameter's type is changed to another of
// string, integer, number and boolean (an array or an object becomes one
// of them).
func WrongTypes(d *Doc, rng *rand.Rand, _ []Described) error {
	for _, p := range d.params() {
		was := p.s.Type
		if was == "" {
			for _, t := range p.s.TypeEnhanced {
				if t != "null" {
					was = t
					break
				}
			}
		}
		var other []string
		for _, t := range scalarTypes {
			if t != was {
				other = append(other, t)
			}
		}
		p.s.Type, p.s.TypeEnhanced = other[rng.IntN(len(other))], nil
	}
	return nil
}

// SwapDescriptions is SD: the descriptions of two parameters are swapped,
// a described one and another (described when there is one). A tool with
// fewer than two parameters or no description is left as it is.
func SwapDescriptions(d *Doc, rng *rand.Rand, _ []Described) error {
	ps := d.params()
	var described, bare []int
	for i, p := range ps {
		if p.s.Description != "" {
			described = append(described, i)
		} else {
			bare = append(bare, i)
		}
	}
	if len(ps) < 2 || len(described) == 0 {
		return nil
	}
	i := described[rng.IntN(len(described))]
	var j int
	if len(described) >= 2 {
		for j = i; j == i; {
			j = described[rng.IntN(len(described))]
		}
	} else {
		j = bare[rng.IntN(len(bare))]
	}
	ps[i].s.Description, ps[j].s.Description = ps[j].s.Description, ps[i].s.Description
	return nil
}

// ChangeOrder is CO: the parameters are listed in another order, a
// random permutation that is never the original (with two or more).
func ChangeOrder(d *Doc, rng *rand.Rand, _ []Described) error {
	ps := d.params()
	if len(ps) < 2 {
		return nil
	}
	perm := rng.Perm(len(ps))
	same := true
	for i, j := range perm {
		same = same && i == j
	}
	if same {
		perm = append(perm[1:], perm[0])
	}
	for _, p := range ps {
		d.Params.Properties.Delete(p.name)
	}
	for _, i := range perm {
		d.Params.Properties.Set(ps[i].name, ps[i].s)
	}
	return nil
}

// walk calls fn on s and every schema inside it.
func walk(s *jsonschema.Schema, fn func(*jsonschema.Schema)) {
	if s == nil {
		return
	}
	fn(s)
	if s.Properties != nil {
		for p := s.Properties.Oldest(); p != nil; p = p.Next() {
			walk(p.Value, fn)
		}
	}
	walk(s.Items, fn)
	walk(s.AdditionalProperties, fn)
	for _, group := range [][]*jsonschema.Schema{s.AllOf, s.AnyOf, s.OneOf, s.PrefixItems} {
		for _, x := range group {
			walk(x, fn)
		}
	}
	for _, x := range s.Definitions {
		walk(x, fn)
	}
}
