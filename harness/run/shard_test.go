package run_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/agentready/agentready/harness/retrieve"
	"github.com/agentready/agentready/harness/run"
	"github.com/agentready/agentready/specs/exampleapi/server"
)

func TestParseShard(t *testing.T) {
	if s, err := run.ParseShard(" 2/4 "); err != nil || s.Index != 2 || s.Count != 4 || s.String() != "2/4" {
		t.Errorf("2/4: %+v, %v", s, err)
	}
	for _, bad := range []string{"", "2", "0/4", "5/4", "1/0", "a/b", "-1/2", "1/2/3"} {
		if _, err := run.ParseShard(bad); err == nil || !strings.Contains(err.Error(), "INDEX") {
			t.Errorf("%q: %v, want an error that says how to write it", bad, err)
		}
	}
}

// Every case falls in exactly one shard, the shards are of similar size,
// and a case's shard depends on its ID alone.
func TestShardsPartitionTheCases(t *testing.T) {
	const n = 4
	counts := make([]int, n)
	for i := range 2000 {
		id := fmt.Sprintf("tool%d/required/%02d", i%97, i)
		in := 0
		for k := 1; k <= n; k++ {
			if (run.Shard{Index: k, Count: n}).Has(id) {
				in++
				counts[k-1]++
			}
		}
		if in != 1 {
			t.Fatalf("%s is in %d shards", id, in)
		}
		if !(run.Shard{}).Has(id) || !(run.Shard{Index: 1, Count: 1}).Has(id) {
			t.Fatalf("%s is not in the whole run", id)
		}
	}
	for k, c := range counts {
		if c < 400 || c > 600 {
			t.Errorf("shard %d/%d has %d of 2000 cases", k+1, n, c)
		}
	}
}

// Three shards run apart and merged give the results of the run at once,
// and report reads the merged run as complete.
func TestShardsMergeToTheWholeRun(t *testing.T) {
	api := exampleAPI(t)
	url := startExample(t, -1)
	cat := newCatalog(t, api, url, server.DefaultAdminToken)
	scs := exampleScenarios()
	dir := t.TempDir()
	opts := run.Options{Catalog: cat, Similar: retrieve.SimilarTools(cat.Catalog), Nonce: 7}
	whole := filepath.Join(dir, "whole")
	runScenarios(t, whole, scs, opts)

	var shards []string
	total := 0
	for k := 1; k <= 3; k++ {
		d := filepath.Join(dir, fmt.Sprintf("shard-%d", k))
		o := opts
		o.Dir, o.Shard = d, run.Shard{Index: k, Count: 3}
		m := modelFor(scs)
		o.Model, o.ModelInfo = m, m.Info()
		sum, err := run.Run(context.Background(), casesOf(scs), o)
		if err != nil {
			t.Fatal(err)
		}
		info, err := run.ReadInfo(d)
		if err != nil || info.Shard == nil || info.Shard.Index != k || info.Shard.Cases != sum.Ran || info.Expected() != sum.Ran {
			t.Fatalf("shard %d run.json: %+v (%v), ran %d", k, info, err, sum.Ran)
		}
		total += sum.Ran
		shards = append(shards, d)
	}
	if total != len(scs) {
		t.Fatalf("the shards ran %d cases, want %d", total, len(scs))
	}
	merged := filepath.Join(dir, "merged")
	info, notes, err := run.Merge(merged, []string{shards[2], shards[0], shards[1]})
	if err != nil || len(notes) > 0 {
		t.Fatalf("merge: %v %v", err, notes)
	}
	if info.Shard != nil || len(info.Merged) != 3 || info.Expected() != len(scs) {
		t.Errorf("merged run.json: %+v", info)
	}
	if got, want := normalized(t, filepath.Join(merged, run.ResultsFile)), normalized(t, filepath.Join(whole, run.ResultsFile)); !reflect.DeepEqual(got, want) {
		t.Errorf("merged results differ from the whole run's:\n%s\nvs\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	wholeInfo, err := run.ReadInfo(whole)
	if err != nil {
		t.Fatal(err)
	}
	if d := run.Differences(*wholeInfo, *info); len(d) > 0 {
		t.Errorf("the merged run is not comparable with the whole one: %v", d)
	}

	for name, tc := range map[string]struct {
		out  string
		dirs []string
		want string
	}{
		"missing":   {filepath.Join(dir, "m1"), shards[:2], "shards 3 of 3 are missing"},
		"twice":     {filepath.Join(dir, "m2"), []string{shards[0], shards[0], shards[1]}, "are both shard 1/3"},
		"not shard": {filepath.Join(dir, "m3"), []string{whole}, "not a shard run"},
		"into full": {merged, shards, "already holds results"},
		"no shards": {filepath.Join(dir, "m4"), nil, "no shard runs"},
		"not a run": {filepath.Join(dir, "m5"), []string{dir}, "run.json"},
	} {
		if _, _, err := run.Merge(tc.out, tc.dirs); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want an error with %q", name, err, tc.want)
		}
	}
	// Shards of other runs (another seed) are not merged.
	other := filepath.Join(dir, "other")
	o := opts
	o.Dir, o.Shard, o.Seed = other, run.Shard{Index: 3, Count: 3}, 99
	m := modelFor(scs)
	o.Model, o.ModelInfo = m, m.Info()
	if _, err := run.Run(context.Background(), casesOf(scs), o); err != nil {
		t.Fatal(err)
	}
	if _, _, err := run.Merge(filepath.Join(dir, "m6"), []string{shards[0], shards[1], other}); err == nil || !strings.Contains(err.Error(), "seed") {
		t.Errorf("shards of two runs: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "m6", run.ResultsFile)); err == nil {
		t.Error("a refused merge wrote results")
	}
}
