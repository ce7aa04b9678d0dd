// Package utter writes the utterances of test cases: what a user would
// say to get a case's call made ("Close the latest ticket of Ada Okafor
// as fixed"), not a list of parameters.
//
// Two generators implement Generator. Templates is deterministic: per
// intent of the tool (list, get, create, update, delete, search, action)
// a template file holds several phrasings, and a seeded choice picks
// among them; the arguments are woven in as phrases shaped by what their
// names, formats and enums say ("created after 1 March 2026", "tagged vpn
// and laptop", "urgent network tickets"), and a multi-step case names
// what a person knows (a name, a title) instead of an identifier. LLM
// asks a chat model (any CloudWeGo Eino model) to write utterances and a
// judge model to rate each one's accuracy and naturalness, keeping the
// accurate ones rated 4 or more.
//
// Each utterance records the generator that wrote it
// ("template:get/2", "llm:<model>").
package utter

import (
	"context"
	"fmt"

	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/harness/cases"
	"github.com/agentready/agentready/templates"
)

// files holds the phrasing templates and the LLM prompts
// (templates/utterances).
var files = templates.Dir(templates.Utterances)

// Generator writes the utterances of one case.
type Generator interface {
	// Utter returns the case's utterances; the case is not changed.
	Utter(ctx context.Context, api *ir.API, c *cases.Case) ([]cases.Utterance, error)
}

// Annotate sets the utterances of every case with g. A case whose tool
// the API does not have is an error.
func Annotate(ctx context.Context, api *ir.API, cs []cases.Case, g Generator) error {
	for i := range cs {
		if err := ctx.Err(); err != nil {
			return err
		}
		if api.Operation(cs[i].Tool) == nil {
			return fmt.Errorf("case %s: the API has no tool %q", cs[i].ID, cs[i].Tool)
		}
		us, err := g.Utter(ctx, api, &cs[i])
		if err != nil {
			return fmt.Errorf("case %s: %w", cs[i].ID, err)
		}
		cs[i].Utterances = us
	}
	return nil
}
