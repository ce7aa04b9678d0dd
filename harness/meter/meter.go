// Package meter counts what a chat model costs outside an agent run (the
// utterance writer and judge of `agentready cases`, the edge proposer of
// `agentready graph infer`) and stops calling it at a budget, with the
// Price, Budget and ErrBudget that `agentready test` uses
// (harness/run), so that every command that calls a model reports and
// caps its use the same way.
package meter

import (
	"context"
	"fmt"
	"sync"

	"github.com/cloudwego/eino/components/model"
	"github.com/cloudwego/eino/schema"

	"github.com/agentready/agentready/gen/tokens"
	runner "github.com/agentready/agentready/harness/run"
)

// Meter wraps a model: it counts every call's tokens (as the provider
// reports them, else counted from the text and marked estimated) and,
// once the budget is reached, answers ErrBudget without calling the
// model. Safe for concurrent use.
type Meter struct {
	inner  model.BaseChatModel
	budget runner.Budget
	price  *runner.Price

	mu      sync.Mutex
	used    Usage
	stopped error
}

// Usage is what the model used through a Meter.
type Usage struct {
	// Calls counts the requests answered; Refused those not sent because
	// the budget was reached.
	Calls, Refused     int
	Prompt, Completion int
	// Estimated is set when some counts were estimated from the text.
	Estimated bool
	// Cost is the usage at the price; HasCost says there was one.
	Cost    float64
	HasCost bool
}

// Tokens is prompt plus completion.
func (u Usage) Tokens() int { return u.Prompt + u.Completion }

// String reads like "3 model calls, 2104 prompt + 388 completion tokens,
// cost $0.0091".
func (u Usage) String() string {
	s := fmt.Sprintf("%d model calls, %d prompt + %d completion tokens", u.Calls, u.Prompt, u.Completion)
	if u.Estimated {
		s += " (some estimated)"
	}
	if u.HasCost {
		s += fmt.Sprintf(", cost $%.4f", u.Cost)
	}
	if u.Refused > 0 {
		s += fmt.Sprintf("; %d calls not made: budget reached", u.Refused)
	}
	return s
}

// New returns m metered at price (nil: no cost) under budget (zero: no
// limit). A cost budget without a price is an error that says so.
func New(m model.BaseChatModel, price *runner.Price, budget runner.Budget) (*Meter, error) {
	if budget.MaxCost > 0 && price == nil {
		return nil, fmt.Errorf("a cost budget needs the model's price: add it under prices: in the configuration file")
	}
	return &Meter{inner: m, budget: budget, price: price}, nil
}

// Usage returns what was used so far.
func (m *Meter) Usage() Usage {
	m.mu.Lock()
	defer m.mu.Unlock()
	u := m.used
	if m.price != nil {
		u.Cost, u.HasCost = m.price.Cost(u.Prompt, u.Completion), true
	}
	return u
}

// Stopped returns the ErrBudget (wrapped with what was used) once the
// budget is reached, nil before.
func (m *Meter) Stopped() error {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.stopped
}

// Generate calls the model unless the budget is reached, and counts the
// call.
func (m *Meter) Generate(ctx context.Context, input []*schema.Message, opts ...model.Option) (*schema.Message, error) {
	m.mu.Lock()
	if m.stopped != nil {
		m.used.Refused++
		err := m.stopped
		m.mu.Unlock()
		return nil, err
	}
	m.mu.Unlock()
	out, err := m.inner.Generate(ctx, input, opts...)
	if err != nil {
		return out, err
	}
	m.count(input, out)
	return out, nil
}

// Stream answers with the whole message as one chunk, counted as
// Generate counts it.
func (m *Meter) Stream(ctx context.Context, input []*schema.Message, opts ...model.Option) (*schema.StreamReader[*schema.Message], error) {
	out, err := m.Generate(ctx, input, opts...)
	if err != nil {
		return nil, err
	}
	return schema.StreamReaderFromArray([]*schema.Message{out}), nil
}

// count adds a call's usage and checks the budget.
func (m *Meter) count(input []*schema.Message, out *schema.Message) {
	var prompt, completion int
	estimated := true
	if out != nil && out.ResponseMeta != nil && out.ResponseMeta.Usage != nil &&
		out.ResponseMeta.Usage.PromptTokens+out.ResponseMeta.Usage.CompletionTokens > 0 {
		prompt, completion = out.ResponseMeta.Usage.PromptTokens, out.ResponseMeta.Usage.CompletionTokens
		estimated = false
	} else {
		for _, msg := range input {
			prompt += 4 + tokens.Count(msg.Content)
		}
		if out != nil {
			completion = 4 + tokens.Count(out.Content)
		}
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.used.Calls++
	m.used.Prompt += prompt
	m.used.Completion += completion
	m.used.Estimated = m.used.Estimated || estimated
	if m.stopped == nil {
		m.stopped = m.budget.Reached(m.used.Prompt, m.used.Completion, m.price)
	}
}
