package graph

import (
	"fmt"
	"strings"

	"github.com/agentready/agentready/gen/ir"
)

// MaxHintProducers is how many producers a hint names at most.
const MaxHintProducers = 3

// Hints returns, per consumer tool and input, a sentence that tells a
// model where the input's value comes from: "Find it with listUsers
// (`items[].id`) or listTeamMembers (`items[].id`)." It names the
// approved producers that only read (GET or HEAD), most confident first,
// at most MaxHintProducers of them, and never the consumer itself: a
// model that needs a requester's id and has only a name then knows which
// call gives it. Tools the API does not hold are left out.
func Hints(g *Graph, api *ir.API) map[string]map[string]string {
	type producer struct{ tool, output string }
	found := map[string]map[string][]producer{}
	for _, e := range g.Edges {
		if e.Status != Approved || e.From == e.To {
			continue
		}
		from, to := api.Operation(e.From), api.Operation(e.To)
		if from == nil || to == nil || from.Method != "GET" && from.Method != "HEAD" {
			continue
		}
		for _, m := range e.Mappings {
			if found[e.To] == nil {
				found[e.To] = map[string][]producer{}
			}
			ps := found[e.To][m.Input]
			dup := false
			for _, p := range ps {
				dup = dup || p.tool == e.From
			}
			if !dup && len(ps) < MaxHintProducers {
				found[e.To][m.Input] = append(ps, producer{e.From, m.Output})
			}
		}
	}
	out := map[string]map[string]string{}
	for tool, inputs := range found {
		out[tool] = map[string]string{}
		for input, ps := range inputs {
			var parts []string
			for _, p := range ps {
				parts = append(parts, fmt.Sprintf("%s (`%s`)", p.tool, HintPath(p.output)))
			}
			out[tool][input] = "Find it with " + strings.Join(parts, " or ") + "."
		}
	}
	return out
}

// HintPath writes a mapping's output path as a hint shows it: without
// the root and with [] for every item ("$.items[*].id" is "items[].id",
// "$[*].id" is "[].id").
func HintPath(output string) string {
	p := strings.TrimPrefix(strings.TrimPrefix(output, "$"), ".")
	return strings.ReplaceAll(p, "[*]", "[]")
}
