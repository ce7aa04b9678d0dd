package run_test

import (
	"context"
	"errors"
	"path/filepath"
	"testing"

	"github.com/agentready/agentready/harness/retrieve"
	"github.com/agentready/agentready/harness/run"
	"github.com/agentready/agentready/specs/exampleapi/server"
)

func TestPriceAndUsages(t *testing.T) {
	p := run.Price{Input: 2.5, Output: 10}
	if c := p.Cost(1_000_000, 100_000); c != 3.5 {
		t.Errorf("cost %v, want 3.5", c)
	}
}

// A run stops cleanly at its token or cost budget, keeping what it wrote,
// and a resume with a new budget finishes it.
func TestBudgetStopsTheRunAndResumeFinishesIt(t *testing.T) {
	api := exampleAPI(t)
	url := startExample(t, -1)
	cat := newCatalog(t, api, url, server.DefaultAdminToken)
	scs := exampleScenarios()
	for name, budget := range map[string]run.Budget{"tokens": {MaxTokens: 1}, "cost": {MaxCost: 1e-9}} {
		t.Run(name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), name)
			m := modelFor(scs)
			opts := run.Options{Dir: dir, Catalog: cat, Similar: retrieve.SimilarTools(cat.Catalog), Model: m, ModelInfo: m.Info(),
				Price: &run.Price{Input: 3, Output: 15}, Budget: budget}
			sum, err := run.Run(context.Background(), casesOf(scs), opts)
			if !errors.Is(err, run.ErrBudget) {
				t.Fatalf("err %v, want the budget", err)
			}
			if sum.Ran < 1 || sum.Ran >= len(scs) {
				t.Fatalf("ran %d of %d cases before the budget stopped it", sum.Ran, len(scs))
			}
			recs, err := run.ReadResults(filepath.Join(dir, run.ResultsFile))
			if err != nil || len(recs) != sum.Ran {
				t.Fatalf("%d records (%v) for %d cases run", len(recs), err, sum.Ran)
			}
			us := run.Usages(recs, opts.Price)
			if us[0].Cases != sum.Ran || us[0].Tokens() == 0 || !us[0].HasCost || us[0].Cost <= 0 || len(us) < 2 {
				t.Errorf("usage of the stopped run: %+v", us)
			}
			opts.Resume, opts.Budget = true, run.Budget{}
			opts.Model = modelFor(scs)
			sum, err = run.Run(context.Background(), casesOf(scs), opts)
			if err != nil || sum.Resumed+sum.Ran != len(scs) {
				t.Fatalf("resume: %v, %d resumed + %d ran of %d", err, sum.Resumed, sum.Ran, len(scs))
			}
			if info, err := run.ReadInfo(dir); err != nil || info.Price == nil || info.Price.Output != 15 {
				t.Errorf("run.json price: %+v (%v)", info, err)
			}
		})
	}
	m := modelFor(scs)
	_, err := run.Run(context.Background(), casesOf(scs), run.Options{Dir: t.TempDir(), Catalog: cat, Model: m, Budget: run.Budget{MaxCost: 1}})
	if err == nil || errors.Is(err, run.ErrBudget) {
		t.Errorf("a cost budget without a price: %v", err)
	}
}
