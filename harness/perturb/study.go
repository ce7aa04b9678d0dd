package perturb

import (
	"context"
	"io"
	"path/filepath"
	"sort"

	"github.com/cloudwego/eino/schema"

	"github.com/agentready/agentready/harness/cases"
	"github.com/agentready/agentready/harness/classify"
	"github.com/agentready/agentready/harness/run"
)

// File is the study's summary in its directory; Subdir holds one run
// directory per perturbation, named by its code.
const (
	File   = "perturb.json"
	Subdir = "perturb"
)

// A tool stands out in a perturbation's row when its drop is at least
// ToolDropMin, and at least ToolDropOver more than the perturbation's
// drop over all tools, on at least ToolMinCases cases.
const (
	ToolDropMin  = 0.2
	ToolDropOver = 0.15
	ToolMinCases = 2
)

// Options configure a study.
type Options struct {
	// Run are the options of the unperturbed run, which goes in Run.Dir;
	// each perturbation's records go in Run.Dir/perturb/CODE, a run
	// directory of its own.
	Run run.Options
	// Perturbations are those to apply (All when empty).
	Perturbations []Perturbation
	// Seed seeds every perturbation (and, as Run.Seed, the utterance
	// picked for a case).
	Seed int64
	// Progress gets the run's progress (run.Options.Progress), counted
	// in cases, each with all its legs; nil is silent.
	Progress io.Writer
}

// Summary is perturb.json: what each perturbation did to the runs.
type Summary struct {
	Seed int64 `json:"seed"`
	// Base is the unperturbed run over all its classified cases.
	Base Totals `json:"base"`
	Rows []Row  `json:"perturbations"`
}

// Totals are a run's classified cases and those without any error.
type Totals struct {
	Cases       int     `json:"cases"`
	NoError     int     `json:"noError"`
	NoErrorRate float64 `json:"noErrorRate"`
}

// Row is what one perturbation did. Its numbers are over the cases
// classified in both its run and the unperturbed one (paired), so that
// its drop compares the same cases.
type Row struct {
	Code   string `json:"code"`
	Name   string `json:"name"`
	Source Source `json:"source"`
	About  string `json:"about"`
	// Dir is its run directory, relative to the study's.
	Dir string `json:"dir"`
	// Cases counts the paired cases; Changed, for a request
	// perturbation, those whose request it changed (a request that says
	// none of the values it would take out reads the same).
	Cases   int  `json:"cases"`
	Changed *int `json:"changed,omitempty"`
	// NoErrorRate is the perturbed run's fraction of cases without any
	// error, BaseNoErrorRate the unperturbed run's on the same cases,
	// Drop the second minus the first.
	NoError         int     `json:"noError"`
	NoErrorRate     float64 `json:"noErrorRate"`
	BaseNoErrorRate float64 `json:"baseNoErrorRate"`
	Drop            float64 `json:"drop"`
	// Broke counts the cases without error unperturbed and with one
	// perturbed; Fixed the other way round.
	Broke int `json:"broke"`
	Fixed int `json:"fixed"`
	// Classes are the error classes of either run, with their rates.
	Classes []ClassRate `json:"classes,omitempty"`
	// Tools are the tools whose drop stands out (ToolDropMin,
	// ToolDropOver), the largest first.
	Tools []ToolDrop `json:"tools,omitempty"`
	// Unpaired counts the cases classified in one run and not the other.
	Unpaired int `json:"unpaired,omitempty"`
}

// ClassRate is the rate of one error class in a perturbed run and in the
// unperturbed one, over the paired cases.
type ClassRate struct {
	Class    classify.Class `json:"class"`
	Name     string         `json:"name"`
	Cases    int            `json:"cases"`
	Rate     float64        `json:"rate"`
	BaseRate float64        `json:"baseRate"`
}

// ToolDrop is one tool's drop under a perturbation.
type ToolDrop struct {
	Tool         string  `json:"tool"`
	Cases        int     `json:"cases"`
	PassRate     float64 `json:"passRate"`
	BasePassRate float64 `json:"basePassRate"`
	Drop         float64 `json:"drop"`
}

// Study runs cs unperturbed and under each perturbation, and writes and
// returns the summary. The perturbations are variants of one run
// (run.Options.Variants): each case's direct leg, the ground truth, runs
// once, and its agent leg once as it is and once per perturbation right
// after, so that the API's state, which a run may change, is the same
// for all of them. When ctx is canceled it stops and returns ctx's
// error; the cases already written stay, and Run.Resume continues them.
func Study(ctx context.Context, cs []cases.Case, o Options) (*Summary, error) {
	ps := o.Perturbations
	if len(ps) == 0 {
		ps = All()
	}
	base := o.Run
	base.Progress = o.Progress
	base.Seed = o.Seed
	pool, err := shownPool(ctx, base)
	if err != nil {
		return nil, err
	}
	for _, p := range ps {
		h := p.Bind(o.Seed, pool)
		v := run.Variant{Name: p.Code, Dir: filepath.Join(base.Dir, Subdir, p.Code), Shown: base.Shown,
			Request: h.Request, Returned: h.Returned}
		if h.Shown != nil {
			v.Shown = then(base.Shown, h.Shown)
		}
		base.Variants = append(base.Variants, v)
	}
	if _, err := run.Run(ctx, cs, base); err != nil {
		return nil, err
	}
	baseRecs, err := run.ReadResults(filepath.Join(base.Dir, run.ResultsFile))
	if err != nil {
		return nil, err
	}
	bm := run.Metrics(baseRecs)
	sum := &Summary{Seed: o.Seed, Base: Totals{Cases: bm.Cases, NoError: bm.NoError, NoErrorRate: bm.NoErrorRate}}
	for i, p := range ps {
		recs, err := run.ReadResults(filepath.Join(base.Variants[i].Dir, run.ResultsFile))
		if err != nil {
			return nil, err
		}
		row := compare(p, baseRecs, recs)
		row.Dir = filepath.Join(Subdir, p.Code)
		sum.Rows = append(sum.Rows, row)
	}
	if err := Write(base.Dir, sum); err != nil {
		return nil, err
	}
	return sum, nil
}

// then returns the Shown that applies first and then second (first may be
// nil).
func then(first, second func(*schema.ToolInfo) (*schema.ToolInfo, error)) func(*schema.ToolInfo) (*schema.ToolInfo, error) {
	if first == nil {
		return second
	}
	return func(info *schema.ToolInfo) (*schema.ToolInfo, error) {
		shown, err := first(info)
		if err != nil {
			return nil, err
		}
		return second(shown)
	}
}

// shownPool returns the parameter descriptions of the catalog's tools as
// the unperturbed run shows them.
func shownPool(ctx context.Context, o run.Options) ([]Described, error) {
	if o.Catalog == nil {
		return nil, nil
	}
	var infos []*schema.ToolInfo
	for _, t := range o.Catalog.Tools {
		info, err := t.Info(ctx)
		if err != nil {
			return nil, err
		}
		if o.Shown != nil {
			if info, err = o.Shown(info); err != nil {
				return nil, err
			}
		}
		infos = append(infos, info)
	}
	return Pool(infos)
}

// compare sums up what p did: its run's records against the unperturbed
// run's, over the cases classified in both.
func compare(p Perturbation, baseRecs, recs []run.Record) Row {
	row := Row{Code: p.Code, Name: p.Name, Source: p.Source, About: p.About}
	byID := map[string]*run.Record{}
	for i := range baseRecs {
		if classified(&baseRecs[i]) {
			byID[baseRecs[i].ID()] = &baseRecs[i]
		}
	}
	var before, after []classify.Outcome
	changed := 0
	paired := map[string]bool{}
	for i := range recs {
		r := &recs[i]
		b := byID[r.ID()]
		if b == nil || !classified(r) {
			if classified(r) {
				row.Unpaired++
			}
			continue
		}
		paired[r.ID()] = true
		before, after = append(before, b.Outcome()), append(after, r.Outcome())
		if r.Utterance != b.Utterance {
			changed++
		}
		wasOK, isOK := b.Status() == classify.Passed, r.Status() == classify.Passed
		switch {
		case wasOK && !isOK:
			row.Broke++
		case !wasOK && isOK:
			row.Fixed++
		}
	}
	row.Unpaired += len(byID) - len(paired)
	if p.Source == Request {
		row.Changed = &changed
	}
	bm, m := classify.Compute(before), classify.Compute(after)
	row.Cases, row.NoError, row.NoErrorRate, row.BaseNoErrorRate = m.Cases, m.NoError, m.NoErrorRate, bm.NoErrorRate
	row.Drop = bm.NoErrorRate - m.NoErrorRate
	for i, c := range m.Classes {
		bc := bm.Classes[i]
		if c.Cases > 0 || bc.Cases > 0 {
			row.Classes = append(row.Classes, ClassRate{Class: c.Class, Name: c.Class.Info().Name, Cases: c.Cases, Rate: c.Rate, BaseRate: bc.Rate})
		}
	}
	baseTools := map[string]classify.ToolMetric{}
	for _, t := range bm.Tools {
		baseTools[t.Tool] = t
	}
	for _, t := range m.Tools {
		bt, ok := baseTools[t.Tool]
		if !ok || t.Cases < ToolMinCases {
			continue
		}
		drop := bt.PassRate - t.PassRate
		if drop >= ToolDropMin && drop >= row.Drop+ToolDropOver {
			row.Tools = append(row.Tools, ToolDrop{Tool: t.Tool, Cases: t.Cases, PassRate: t.PassRate, BasePassRate: bt.PassRate, Drop: drop})
		}
	}
	sort.SliceStable(row.Tools, func(i, j int) bool { return row.Tools[i].Drop > row.Tools[j].Drop })
	return row
}

// classified reports whether a record's case was classified: neither
// skipped nor invalid.
func classified(r *run.Record) bool {
	s := r.Status()
	return s != classify.Skipped && s != classify.Invalid
}

// Write writes s to dir's perturb.json.
func Write(dir string, s *Summary) error { return run.WriteJSON(filepath.Join(dir, File), s) }

// Read reads dir's perturb.json; a directory without one gives nil and no
// error.
func Read(dir string) (*Summary, error) { return run.ReadJSON[Summary](filepath.Join(dir, File)) }
