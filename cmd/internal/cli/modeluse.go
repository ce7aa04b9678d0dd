package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"strings"

	"github.com/agentready/agentready/gen/config"
	"github.com/agentready/agentready/harness/meter"
	"github.com/agentready/agentready/harness/models"
	"github.com/agentready/agentready/harness/replay"
	runner "github.com/agentready/agentready/harness/run"
)

// modelUse are the flags of a command that calls a model outside an
// agent run (cases --model, graph infer --model): the same limits,
// budget and record/replay as test's.
type modelUse struct {
	modelBudget
	record string
	replay string
}

// register declares the budget, --record DIR and --replay DIR.
func (u *modelUse) register(fs *flag.FlagSet) {
	u.modelBudget.register(fs)
	fs.StringVar(&u.record, "record", "", "record every model call in DIR/"+replay.File+", for --replay")
	fs.StringVar(&u.replay, "replay", "", replayUsage)
}

// check returns what is wrong with the flags, before anything runs.
func (u *modelUse) check() error {
	if err := u.modelBudget.check(); err != nil {
		return err
	}
	if u.record != "" && u.replay != "" {
		return errors.New("--record and --replay: one or the other")
	}
	return nil
}

// usedModel is a model opened under modelUse: metered, and recorded or
// replayed.
type usedModel struct {
	*meter.Meter
	info models.Info
	rec  *replay.Recorder
}

// close closes the recording, if any.
func (m *usedModel) close() error {
	if m.rec == nil {
		return nil
	}
	return m.rec.Close()
}

// open builds the model spec names, at prices' price for it: with
// --replay the player of the recording (no model built, no key read),
// with --record the model recorded.
func (u *modelUse) open(ctx context.Context, spec string, prices map[string]config.Price) (*usedModel, error) {
	var price *runner.Price
	if p, ok := prices[spec]; ok {
		price = &runner.Price{Input: p.Input, Output: p.Output}
	} else if u.maxCost > 0 {
		return nil, fmt.Errorf("--max-cost needs the price of %s: add it under prices: in the configuration file, e.g.\n  prices:\n    %s: {input: 2.50, output: 10.00}   # US dollars per million tokens", spec, spec)
	}
	budget := runner.Budget{MaxTokens: u.maxTokens, MaxCost: u.maxCost}
	if u.replay != "" {
		cassette, err := replay.Load(u.replay)
		if err != nil {
			return nil, fmt.Errorf("--replay: %w", err)
		}
		kind, name, _ := strings.Cut(strings.TrimSpace(spec), ":")
		mt, err := meter.New(cassette.Player(), price, budget)
		return &usedModel{Meter: mt, info: models.Info{Kind: strings.ToLower(kind), Name: name}}, err
	}
	chat, info, err := models.NewWith(ctx, spec, models.Options{Limits: models.NewLimits(u.concurrency)})
	if err != nil {
		return nil, fmt.Errorf("--model %s: %w", spec, err)
	}
	m := &usedModel{info: info}
	if u.record != "" {
		if m.rec, err = replay.OpenRecorder(u.record, false); err != nil {
			return nil, fmt.Errorf("--record: %w", err)
		}
		chat = m.rec.Wrap(chat)
	}
	if m.Meter, err = meter.New(chat, price, budget); err != nil {
		m.close()
		return nil, err
	}
	return m, nil
}
