package run_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/agentready/agentready/harness/replay"
	"github.com/agentready/agentready/harness/retrieve"
	"github.com/agentready/agentready/harness/run"
	"github.com/agentready/agentready/specs/exampleapi/server"
	"github.com/cloudwego/eino/schema"
)

// runInfo reads a run's run.json as JSON, without its start time.
func runInfo(t *testing.T, dir string) map[string]any {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, run.RunFile))
	if err != nil {
		t.Fatal(err)
	}
	var v map[string]any
	if err := json.Unmarshal(data, &v); err != nil {
		t.Fatal(err)
	}
	delete(v, "started")
	return v
}

// A replay of a recorded run gives the same results and run.json, times
// aside, without its model; a tool shown otherwise fails exactly the
// cases that were offered it, each saying so.
func TestRecordAndReplay(t *testing.T) {
	api := exampleAPI(t)
	url := startExample(t, -1)
	cat := newCatalog(t, api, url, server.DefaultAdminToken)
	scs := exampleScenarios()
	recorded := filepath.Join(t.TempDir(), "recorded")
	m := modelFor(scs)
	base := run.Options{Catalog: cat, Similar: retrieve.SimilarTools(cat.Catalog), K: 3, Parallel: 4, ModelInfo: m.Info()}
	opts := base
	opts.Model, opts.Record = m, true
	runScenarios(t, recorded, scs, opts)
	info, err := run.ReadInfo(recorded)
	if err != nil {
		t.Fatal(err)
	}
	if info.Nonce == 0 {
		t.Fatal("run.json has no nonce: a replay could not make the same fresh values")
	}
	cassette, err := replay.Load(recorded)
	if err != nil {
		t.Fatal(err)
	}
	if cassette.Calls() == 0 {
		t.Fatal("nothing was recorded")
	}

	replayed := filepath.Join(t.TempDir(), "replayed")
	opts = base
	opts.Model, opts.Nonce = cassette.Player(), info.Nonce
	runScenarios(t, replayed, scs, opts)
	if a, b := normalized(t, filepath.Join(recorded, run.ResultsFile)), normalized(t, filepath.Join(replayed, run.ResultsFile)); !reflect.DeepEqual(a, b) {
		t.Errorf("the replay's results differ from the recording's:\n%s\n%s", strings.Join(a, "\n"), strings.Join(b, "\n"))
	}
	if a, b := runInfo(t, recorded), runInfo(t, replayed); !reflect.DeepEqual(a, b) {
		t.Errorf("the replay's run.json differs from the recording's:\n%v\n%v", a, b)
	}

	// listTickets is shown with another description: the cases offered it
	// must be recorded again, and only they.
	changed := filepath.Join(t.TempDir(), "changed")
	opts.Dir = changed
	opts.Model = cassette.Player()
	opts.Shown = func(ti *schema.ToolInfo) (*schema.ToolInfo, error) {
		if ti.Name == "listTickets" {
			c := *ti
			c.Desc += " Newest first."
			return &c, nil
		}
		return ti, nil
	}
	sum, err := run.Run(t.Context(), casesOf(scs), opts)
	if err != nil {
		t.Fatal(err)
	}
	recs, err := run.ReadResults(filepath.Join(changed, run.ResultsFile))
	if err != nil {
		t.Fatal(err)
	}
	want := 0
	for _, r := range recs {
		saw := slices.Contains(r.Agent.Tools, "listTickets")
		missed := strings.HasPrefix(r.Skipped, "not recorded: the tool definitions of listTickets changed since the recording")
		if saw {
			want++
		}
		if saw != missed {
			t.Errorf("%s (offered %v): skipped %q", r.Case, r.Agent.Tools, r.Skipped)
		}
	}
	if want == 0 || want == len(recs) {
		t.Fatalf("%d of %d cases were offered listTickets: the test needs some of each", want, len(recs))
	}
	if sum.NotRecorded != want {
		t.Errorf("the summary counts %d cases to record again, want %d", sum.NotRecorded, want)
	}
}
