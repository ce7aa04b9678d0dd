package eval

import (
	"github.com/agentready/agentready/gen/catalog"
	"github.com/agentready/agentready/harness/cases"
)

// FromCases turns agentready's own cases into a suite, so that the same
// scoring reads the requests agentready writes and the ones people write:
// each case's first utterance, and the call its ground truth makes, in
// the spec's naming (a list value wrapped as the one acceptable value).
// Cases whose first call is not the case's own are left out: multi-step
// cases (their first call is a lookup), multi-turn ones (the first
// message lacks a value) and negative ones; so are cases without an
// utterance. kind is the case's scenario. cat gives the tools' arguments
// (catalog.Describe of the API will do).
func FromCases(cat *catalog.Bound, cs []cases.Case) []Case {
	api := cat.API
	var out []Case
	for _, c := range cs {
		op := api.Operation(c.Tool)
		if op == nil || len(c.Utterances) == 0 || len(c.Steps) > 0 || len(c.Withheld) > 0 || c.Expect != nil {
			continue
		}
		args, _ := newNaming(cat, op).flat(c.Args)
		for k, v := range args {
			if list, ok := v.([]any); ok {
				args[k] = []any{list}
			}
		}
		tool := op.Name
		if op.ID != "" {
			tool = op.ID
		}
		out = append(out, Case{ID: c.ID, Utterance: c.Utterances[0].Text, Tool: tool, Args: args, Kind: kindOf(c.Scenario)})
	}
	return out
}

// kindOf is the kind a case of a scenario is reported under: the
// scenario's name, but "all-params" for the all-parameters scenario, whose
// name would read as the pooled row ("all") of the table.
func kindOf(s cases.Scenario) string {
	if s == cases.All {
		return "all-params"
	}
	return string(s)
}
