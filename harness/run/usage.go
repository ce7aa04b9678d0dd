package run

import (
	"errors"
	"fmt"
	"sort"
)

// Price is what a model's tokens cost, in US dollars per million. None is
// built in (they change too often to ship): users give theirs in the
// configuration file.
type Price struct {
	Input  float64 `json:"input" yaml:"input"`
	Output float64 `json:"output" yaml:"output"`
}

// Cost is the price of prompt and completion tokens.
func (p Price) Cost(prompt, completion int) float64 {
	return (float64(prompt)*p.Input + float64(completion)*p.Output) / 1e6
}

// Budget stops a run once it has used this much of the model; zero
// fields set no limit. It counts what the run uses from its start (a
// resumed run starts a new count).
type Budget struct {
	// MaxTokens caps the prompt and completion tokens of the agent's
	// model calls.
	MaxTokens int
	// MaxCost caps their cost in US dollars (Options.Price is needed).
	MaxCost float64
}

// ErrBudget is why a run stopped at its budget: the cases written so far
// are kept, and Resume continues it.
var ErrBudget = errors.New("budget reached")

// Usage is what the agent's model used over some cases.
type Usage struct {
	// Tool is the tool whose cases these are; empty for the whole run.
	Tool string `json:"tool,omitempty"`
	// Cases counts the records with an agent run.
	Cases      int `json:"cases"`
	Prompt     int `json:"prompt"`
	Completion int `json:"completion"`
	// Turns counts the model calls of the agent runs, each of which pays
	// for the prompt anew.
	Turns int `json:"turns"`
	// Estimated is set when some counts are estimates (the model reported
	// no usage; the offline baseline never does).
	Estimated bool `json:"estimated,omitempty"`
	// Cost is the usage at the run's price; HasCost says whether there
	// was a price.
	Cost    float64 `json:"cost,omitempty"`
	HasCost bool    `json:"-"`
}

// Tokens is prompt plus completion.
func (u Usage) Tokens() int { return u.Prompt + u.Completion }

// PromptPerTurn is the mean input (prompt) tokens of one model call: what
// the tools offered and the conversation so far cost each turn. Zero
// without turns.
func (u Usage) PromptPerTurn() float64 {
	if u.Turns == 0 {
		return 0
	}
	return float64(u.Prompt) / float64(u.Turns)
}

func (u *Usage) add(r *Record) {
	if r.Agent == nil {
		return
	}
	u.Cases++
	u.Prompt += r.Agent.Tokens.Prompt
	u.Completion += r.Agent.Tokens.Completion
	u.Turns += len(r.Agent.Turns)
	u.Estimated = u.Estimated || r.Agent.Tokens.Estimated
}

func (u *Usage) price(p *Price) {
	if p != nil {
		u.Cost, u.HasCost = p.Cost(u.Prompt, u.Completion), true
	}
}

// Usages returns the model usage of records at price (nil for none):
// the whole run's first, then each tool's, by name.
func Usages(recs []Record, price *Price) []Usage {
	all := Usage{}
	byTool := map[string]*Usage{}
	for i := range recs {
		r := &recs[i]
		all.add(r)
		u := byTool[r.Tool]
		if u == nil {
			u = &Usage{Tool: r.Tool}
			byTool[r.Tool] = u
		}
		u.add(r)
	}
	all.price(price)
	out := []Usage{all}
	for _, u := range byTool {
		if u.Cases > 0 {
			u.price(price)
			out = append(out, *u)
		}
	}
	sort.Slice(out[1:], func(i, j int) bool { return out[1+i].Tool < out[1+j].Tool })
	return out
}

// spend counts what a run uses against its budget.
type spend struct {
	budget Budget
	price  *Price
	used   Usage
}

// add counts a record run now and returns ErrBudget, wrapped with what
// was used, once the budget is reached.
func (s *spend) add(r *Record) error {
	s.used.add(r)
	return s.budget.Reached(s.used.Prompt, s.used.Completion, s.price)
}

// Reached returns ErrBudget, wrapped with what was used, once prompt and
// completion tokens at price (nil: cost unknown, so no cost limit) reach
// the budget; nil before.
func (b Budget) Reached(prompt, completion int, price *Price) error {
	if b.MaxTokens > 0 && prompt+completion >= b.MaxTokens {
		return fmt.Errorf("%w: %d model tokens used, the limit is %d", ErrBudget, prompt+completion, b.MaxTokens)
	}
	if b.MaxCost > 0 && price != nil {
		if c := price.Cost(prompt, completion); c >= b.MaxCost {
			return fmt.Errorf("%w: $%.4f of model tokens used, the limit is $%.4f", ErrBudget, c, b.MaxCost)
		}
	}
	return nil
}
