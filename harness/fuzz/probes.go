package fuzz

import (
	"encoding/json"
	"maps"
	"math/rand/v2"

	"github.com/agentready/agentready/gen/catalog"
	"github.com/agentready/agentready/gen/example"
	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/gen/toolrt"
	"github.com/agentready/agentready/gen/toolschema"
)

// probe is one call to make: arguments that differ from a reference call
// (the tool's least valid call, or the call with every argument) in one
// argument.
type probe struct {
	api  *ir.API
	tool *toolrt.Tool
	op   *ir.Operation
	// targs are the tool's arguments (catalog.Bound.Args).
	targs []toolschema.Arg
	// arg is the argument the probe varies; "" for the reference calls.
	arg string
	// what says what the probe tries ("maximum", "omitted", ...).
	what string
	// valid says whether the documentation allows the arguments.
	valid bool
	// omitted is set when the probe leaves arg out.
	omitted bool
	args    map[string]any
	// far is the value to try next when the API takes an invalid one
	// (value.far).
	far any
	// ref is the reference the probe is compared with (refBase or
	// refAll; refNone for the references themselves), and self the
	// reference the probe is, if any.
	ref, self int
}

// The reference calls of a tool.
const (
	refNone = iota
	refBase
	refAll
)

// toolProbes lists the probes of one tool: first its least valid call
// (required arguments only) and its call with every argument, then, in an
// order the seed shuffles, each argument in turn given each value the
// documentation allows and some it rules out, each optional one left out
// of the full call, and each required one left out of the least call.
// Every probe's arguments are checked with the tool's own argument
// checker (what an agent's call passes): a valid probe must pass it as
// written, an invalid one must fail it; probes that do not are dropped.
// A tool with a required argument no value can meet has no probes.
func toolProbes(cat *catalog.Bound, op *ir.Operation, t *toolrt.Tool, rng *rand.Rand) []*probe {
	api, targs := cat.API, cat.Args(op.Name)
	base := example.Build(api, op, example.RequiredOnly)
	if len(base) == 0 && hasRequired(targs) {
		return nil
	}
	all := example.Build(api, op, example.All)
	checker := t.Checker()
	passes := func(args map[string]any) bool {
		text, err := json.Marshal(args)
		if err != nil {
			return false
		}
		_, coerced, err := checker.Check(string(text))
		return err == nil && len(coerced) == 0
	}
	var refs, rest []*probe
	addTo := func(list *[]*probe, p *probe) {
		p.api, p.tool, p.op, p.targs = api, t, op, targs
		if passes(p.args) != p.valid {
			return
		}
		*list = append(*list, p)
	}
	addTo(&refs, &probe{what: "required arguments only", valid: true, args: base, self: refBase})
	fullDiffers := len(all) > len(base)
	if fullDiffers {
		addTo(&refs, &probe{what: "every argument", valid: true, args: all, self: refAll})
	}
	for i, a := range targs {
		if example.Unmeetable(api, a.Schema) != "" {
			continue
		}
		seed := uint64(i) + rng.Uint64()
		for _, v := range validValues(api, a.Schema, a.Name, seed) {
			addTo(&rest, &probe{arg: a.Name, what: v.what, valid: true, args: with(base, a.Name, v.v), ref: refBase})
		}
		for _, v := range invalidValues(api, a.Schema, a.Name) {
			addTo(&rest, &probe{arg: a.Name, what: v.what, args: with(base, a.Name, v.v), ref: refBase, far: v.far})
		}
		switch {
		case a.Required && (a.Param == nil || a.Param.In != ir.InPath):
			// A path argument cannot be left out: the URL needs it.
			addTo(&rest, &probe{arg: a.Name, what: "required, left out", omitted: true, args: without(base, a.Name), ref: refBase})
		case !a.Required && fullDiffers && len(all)-len(base) > 1:
			addTo(&rest, &probe{arg: a.Name, what: "optional, left out of every argument", valid: true, omitted: true,
				args: without(all, a.Name), ref: refAll})
		}
	}
	rng.Shuffle(len(rest), func(i, j int) { rest[i], rest[j] = rest[j], rest[i] })
	return append(refs, rest...)
}

// hasRequired reports whether one of args is required.
func hasRequired(args []toolschema.Arg) bool {
	for _, a := range args {
		if a.Required {
			return true
		}
	}
	return false
}

// with returns a copy of args with name set to v.
func with(args map[string]any, name string, v any) map[string]any {
	out := maps.Clone(args)
	if out == nil {
		out = map[string]any{}
	}
	out[name] = v
	return out
}

// without returns a copy of args without name.
func without(args map[string]any, name string) map[string]any {
	out := maps.Clone(args)
	delete(out, name)
	return out
}

// jsonText is v as compact JSON.
func jsonText(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return ""
	}
	return string(b)
}
