package run_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/agentready/agentready/harness/classify"
	"github.com/agentready/agentready/harness/replay"
	"github.com/agentready/agentready/harness/retrieve"
	"github.com/agentready/agentready/harness/run"
	"github.com/agentready/agentready/specs/exampleapi/server"
)

// Repeat runs every case k times, each trial its own record; a resumed
// run runs only the trials it lacks; a recorded repeated run replays
// trial by trial.
func TestRepeatedTrials(t *testing.T) {
	api := exampleAPI(t)
	url := startExample(t, -1)
	cat := newCatalog(t, api, url, server.DefaultAdminToken)
	scs := exampleScenarios()[:4]
	cs := casesOf(scs)
	dir := filepath.Join(t.TempDir(), "repeated")
	m := modelFor(append(append(append([]scenario(nil), scs...), scs...), scs...)) // enough turns for 3 trials
	opts := run.Options{Dir: dir, Catalog: cat, Similar: retrieve.SimilarTools(cat.Catalog), K: 3, Parallel: 3,
		Model: m, ModelInfo: m.Info(), Repeat: 3, Record: true}
	sum, err := run.Run(context.Background(), cs, opts)
	if err != nil {
		t.Fatal(err)
	}
	if sum.Total != 12 || sum.Ran != 12 {
		t.Fatalf("total %d, ran %d: want 12 trials of 4 cases", sum.Total, sum.Ran)
	}
	results := filepath.Join(dir, run.ResultsFile)
	recs, err := run.ReadResults(results)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range recs {
		got = append(got, fmt.Sprintf("%s#%d", r.Case, r.Trial))
	}
	sort.Strings(got)
	var want []string
	for _, c := range cs {
		for n := 1; n <= 3; n++ {
			want = append(want, fmt.Sprintf("%s#%d", c.ID, n))
		}
	}
	sort.Strings(want)
	if !reflect.DeepEqual(got, want) {
		t.Errorf("trials %v, want %v", got, want)
	}
	if info, err := run.ReadInfo(dir); err != nil || info.Settings.Repeat != 3 {
		t.Errorf("run.json: repeat %v (%v), want 3", info, err)
	}
	// The scripted model answers every trial alike: pass@k, pass^k and the
	// per-trial rate are the pass rate of the cases.
	outs := make([]classify.Outcome, len(recs))
	for i := range recs {
		outs[i] = recs[i].Outcome()
	}
	all, _ := classify.Trials(outs, 3)
	if all.Cases != 4 || all.Trials != 12 || all.PassAtK != all.PassRate || all.PassHatK != all.PassRate {
		t.Errorf("trials of a deterministic model: %+v", all)
	}

	// The last trial's line is lost: a resume runs that trial alone.
	data, err := os.ReadFile(results)
	if err != nil {
		t.Fatal(err)
	}
	lines := bytes.SplitAfter(bytes.TrimRight(data, "\n"), []byte("\n"))
	if err := os.WriteFile(results, bytes.Join(lines[:len(lines)-1], nil), 0o644); err != nil {
		t.Fatal(err)
	}
	opts.Resume = true
	sum, err = run.Run(context.Background(), cs, opts)
	if err != nil {
		t.Fatal(err)
	}
	if sum.Ran != 1 || sum.Resumed != 11 {
		t.Errorf("resume ran %d and kept %d trials, want 1 and 11", sum.Ran, sum.Resumed)
	}

	// Trial by trial, the replay gives what was recorded.
	cassette, err := replay.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	info, _ := run.ReadInfo(dir)
	replayed := filepath.Join(t.TempDir(), "replayed")
	opts.Dir, opts.Resume, opts.Record, opts.Model, opts.Nonce = replayed, false, false, cassette.Player(), info.Nonce
	if sum, err = run.Run(context.Background(), cs, opts); err != nil || sum.NotRecorded != 0 {
		t.Fatalf("replay: %v, %d not recorded", err, sum.NotRecorded)
	}
	if a, b := normalized(t, results), normalized(t, filepath.Join(replayed, run.ResultsFile)); !reflect.DeepEqual(a, b) {
		t.Errorf("the replay of repeated trials differs:\n%s\n---\n%s", strings.Join(a, "\n"), strings.Join(b, "\n"))
	}
}
