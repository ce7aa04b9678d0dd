package cli

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	runner "github.com/agentready/agentready/harness/run"
	"github.com/agentready/agentready/specs/exampleapi/server"
)

// fakeOpenAI is a chat-completions endpoint that calls the first tool it
// is offered with {} and, once a tool has answered, says it is done; it
// counts the requests it gets.
func fakeOpenAI(t *testing.T) (*httptest.Server, *atomic.Int64) {
	t.Helper()
	var n atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n.Add(1)
		var req struct {
			Messages []struct {
				Role string `json:"role"`
			} `json:"messages"`
			Tools []struct {
				Function struct {
					Name string `json:"name"`
				} `json:"function"`
			} `json:"tools"`
		}
		if err := json.NewDecoder(r.Body).Decode(&req); err != nil || len(req.Tools) == 0 {
			http.Error(w, "bad request", http.StatusBadRequest)
			return
		}
		msg := `{"role":"assistant","content":"Done."}`
		finish := "stop"
		if req.Messages[len(req.Messages)-1].Role == "user" {
			msg = fmt.Sprintf(`{"role":"assistant","content":"","tool_calls":[{"id":"call_%d","type":"function","function":{"name":%q,"arguments":"{}"}}]}`,
				n.Load(), req.Tools[0].Function.Name)
			finish = "tool_calls"
		}
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprintf(w, `{"id":"x","object":"chat.completion","created":1,"model":"fake","choices":[{"index":0,"message":%s,"finish_reason":%q}],"usage":{"prompt_tokens":%d,"completion_tokens":7,"total_tokens":%d}}`,
			msg, finish, 100+len(req.Messages), 107+len(req.Messages))
	}))
	t.Cleanup(srv.Close)
	return srv, &n
}

// results reads a run's records as JSON without timings, sorted.
func resultLines(t *testing.T, dir string) []string {
	t.Helper()
	recs, err := runner.ReadResults(filepath.Join(dir, runner.ResultsFile))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for i := range recs {
		line, err := runner.MarshalRecord(&recs[i])
		if err != nil {
			t.Fatal(err)
		}
		var v any
		if err := json.Unmarshal(line, &v); err != nil {
			t.Fatal(err)
		}
		dropKey(v, "latencyMs")
		b, _ := json.Marshal(v)
		out = append(out, string(b))
	}
	slices.Sort(out)
	return out
}

func dropKey(v any, key string) {
	switch x := v.(type) {
	case map[string]any:
		delete(x, key)
		for _, e := range x {
			dropKey(e, key)
		}
	case []any:
		for _, e := range x {
			dropKey(e, key)
		}
	}
}

// runInfo reads a run's run.json without its times.
func runInfo(t *testing.T, dir string) runner.Info {
	t.Helper()
	info, err := runner.ReadInfo(dir)
	if err != nil {
		t.Fatal(err)
	}
	info.Started, info.Resumed = time.Time{}, nil
	return *info
}

// A run recorded against an OpenAI-compatible endpoint replays with the
// endpoint gone and no key: the same results and run.json, times aside.
// A tool whose definition changed in the spec since fails exactly the
// cases whose model was offered it, and the replay says how many.
func TestRecordAndReplay(t *testing.T) {
	url, spec, casesFile := exampleCases(t)
	model, requests := fakeOpenAI(t)
	t.Setenv("OPENAI_BASE_URL", model.URL)
	t.Setenv("OPENAI_API_KEY", "sk-test-secret")
	runs := t.TempDir()
	recorded := filepath.Join(runs, "recorded")
	code, stdout, stderr := run(t, "test", "--spec", spec, "--cases", casesFile, "--base-url", url, "--model", "openai:fake", "--k", "2", "--out", recorded, "--record")
	if code != exitOK {
		t.Fatalf("record: code %d\n%s\n%s", code, stdout, stderr)
	}
	cassette, err := os.ReadFile(filepath.Join(recorded, "cassette.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Count(string(cassette), "\n"); int64(got) != requests.Load() || got == 0 {
		t.Fatalf("the cassette holds %d calls, the model got %d requests", got, requests.Load())
	}
	if strings.Contains(string(cassette), "sk-test-secret") {
		t.Error("the key was written into the cassette")
	}

	model.Close()
	t.Setenv("OPENAI_API_KEY", "")
	t.Setenv("OPENAI_BASE_URL", "http://127.0.0.1:1")
	before := requests.Load()
	replayed := filepath.Join(runs, "replayed")
	code, stdout, stderr = run(t, "test", "--spec", spec, "--cases", casesFile, "--base-url", url, "--k", "2", "--out", replayed, "--replay", recorded)
	if code != exitOK {
		t.Fatalf("replay: code %d\n%s\n%s", code, stdout, stderr)
	}
	if requests.Load() != before {
		t.Error("the replay called the model")
	}
	if a, b := resultLines(t, recorded), resultLines(t, replayed); !reflect.DeepEqual(a, b) {
		t.Errorf("the replay's results differ from the recording's:\n%s\n---\n%s", strings.Join(a, "\n"), strings.Join(b, "\n"))
	}
	if a, b := runInfo(t, recorded), runInfo(t, replayed); !reflect.DeepEqual(a, b) {
		t.Errorf("the replay's run.json differs from the recording's:\n%v\n%v", a, b)
	}

	// Other settings, or the recording's own directory, are refused before
	// anything runs.
	code, _, stderr = run(t, "test", "--spec", spec, "--cases", casesFile, "--base-url", url, "--k", "3", "--out", filepath.Join(runs, "k3"), "--replay", recorded)
	if code != exitError || !strings.Contains(stderr, "k: 2 vs 3") {
		t.Errorf("replay with another k: code %d: %s", code, stderr)
	}
	code, _, stderr = run(t, "test", "--spec", spec, "--cases", casesFile, "--base-url", url, "--k", "2", "--out", recorded, "--replay", recorded)
	if code != exitError || !strings.Contains(stderr, "directory of its own") {
		t.Errorf("replay into the recording: code %d: %s", code, stderr)
	}

	// getUser's description changes: only the cases offered getUser must
	// be recorded again.
	data, err := os.ReadFile(spec)
	if err != nil {
		t.Fatal(err)
	}
	const was = "description: Returns one user by id. Find the id with listUsers."
	if !strings.Contains(string(data), was) {
		t.Fatal("the example spec changed: update this test")
	}
	changedSpec := filepath.Join(runs, "openapi.yaml")
	if err := os.WriteFile(changedSpec, []byte(strings.Replace(string(data), was, was+" Deleted users are not returned.", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	changed := filepath.Join(runs, "changed")
	code, stdout, stderr = run(t, "test", "--spec", changedSpec, "--cases", casesFile, "--base-url", url, "--k", "2", "--out", changed, "--replay", recorded)
	recs, err := runner.ReadResults(filepath.Join(changed, runner.ResultsFile))
	if err != nil {
		t.Fatal(err)
	}
	saw := 0
	for _, r := range recs {
		offered := r.Agent != nil && slices.Contains(r.Agent.Tools, "getUser")
		missed := strings.HasPrefix(r.Skipped, "not recorded: the tool definitions of getUser changed since the recording; record again")
		if offered {
			saw++
		}
		if offered != missed {
			t.Errorf("%s (offered %v): skipped %q", r.Case, r.Agent.Tools, r.Skipped)
		}
	}
	if saw == 0 || saw == len(recs) {
		t.Fatalf("%d of %d cases were offered getUser: the test needs some of each", saw, len(recs))
	}
	if code != exitError || !strings.Contains(stdout, fmt.Sprintf("not recorded: %d cases must be recorded again", saw)) ||
		!strings.Contains(stderr, fmt.Sprintf("%d cases must be recorded again", saw)) {
		t.Errorf("a replay with %d cases to record again: code %d\n%s\n%s", saw, code, stdout, stderr)
	}
}

// resultDiff returns the records of run a that run b does not have alike,
// and b's that a does not: every field compared but timings.
func resultDiff(t *testing.T, a, b string) []string {
	t.Helper()
	count := map[string]int{}
	for _, l := range resultLines(t, a) {
		count[l]++
	}
	for _, l := range resultLines(t, b) {
		count[l]--
	}
	var out []string
	for l, n := range count {
		switch {
		case n > 0:
			out = append(out, "only in "+a+": "+l)
		case n < 0:
			out = append(out, "only in "+b+": "+l)
		}
	}
	slices.Sort(out)
	return out
}

// A run recorded at --parallel 4 against the example API, which hands
// out IDs in the order requests arrive (and at random), replays with the
// API closed: the same results, every field but timings, as the API's
// exchanges are answered from the recording, case by case.
func TestRecordAndReplayTheAPI(t *testing.T) {
	srv, spec, casesFile := exampleServerCases(t)
	runs := t.TempDir()
	recorded := filepath.Join(runs, "recorded")
	code, stdout, stderr := run(t, "test", "--spec", spec, "--cases", casesFile, "--base-url", srv.URL, "--allow-mutations", "--parallel", "4", "--out", recorded, "--record")
	if code != exitOK {
		t.Fatalf("record: code %d\n%s\n%s", code, stdout, stderr)
	}
	tape, err := os.ReadFile(filepath.Join(recorded, "api-cassette.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(tape), "\n"); n < 20 {
		t.Fatalf("the API cassette holds %d exchanges: the test needs a run that calls the API", n)
	}
	if strings.Contains(string(tape), server.DefaultAdminToken) {
		t.Error("the API's token was written into the API cassette")
	}
	if !strings.Contains(string(tape), `"method":"POST"`) {
		t.Error("no case made anything: the test needs cases whose IDs the API makes")
	}
	srv.Close()

	replayed := filepath.Join(runs, "replayed")
	start := time.Now()
	code, stdout, stderr = run(t, "test", "--spec", spec, "--cases", casesFile, "--base-url", srv.URL, "--allow-mutations", "--parallel", "4", "--out", replayed, "--replay", recorded)
	if code != exitOK || strings.Contains(stdout, "not recorded") {
		t.Fatalf("replay: code %d\n%s\n%s", code, stdout, stderr)
	}
	t.Logf("replayed in %v", time.Since(start))
	if d := resultDiff(t, recorded, replayed); len(d) > 0 {
		t.Errorf("%d records differ:\n%s", len(d), strings.Join(d, "\n"))
	}
	if len(resultLines(t, recorded)) < 10 {
		t.Error("the recorded run has fewer than 10 records: the test needs more")
	}

	// A case whose API exchanges are gone from the recording is skipped,
	// saying so, and counted: the others still replay.
	var lost string
	var kept []string
	for _, line := range strings.SplitAfter(string(tape), "\n") {
		var e struct {
			Scope   string
			Request struct{ Method string }
		}
		if line == "" || json.Unmarshal([]byte(line), &e) != nil {
			continue
		}
		if lost == "" && e.Request.Method == "POST" {
			lost = e.Scope
		}
		if e.Scope != lost {
			kept = append(kept, line)
		}
	}
	partial := filepath.Join(runs, "partial")
	if err := os.CopyFS(partial, os.DirFS(recorded)); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(partial, "api-cassette.jsonl"), []byte(strings.Join(kept, "")), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr = run(t, "test", "--spec", spec, "--cases", casesFile, "--base-url", srv.URL, "--allow-mutations", "--out", filepath.Join(runs, "partial-replay"), "--replay", partial)
	if code != exitError || !strings.Contains(stdout, "not recorded: 1 cases must be recorded again") {
		t.Errorf("replay of a recording without %s's API exchanges: code %d\n%s\n%s", lost, code, stdout, stderr)
	}
	recs, err := runner.ReadResults(filepath.Join(runs, "partial-replay", runner.ResultsFile))
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range recs {
		missed := strings.HasPrefix(r.Skipped, "not recorded: the recording has no API call of this case")
		if missed != (r.ID() == lost) {
			t.Errorf("%s: skipped %q (the lost scope is %s)", r.ID(), r.Skipped, lost)
		}
	}

	// A replay whose recording lacks the API's exchanges says how to fix it.
	if err := os.Remove(filepath.Join(recorded, "api-cassette.jsonl")); err != nil {
		t.Fatal(err)
	}
	code, _, stderr = run(t, "test", "--spec", spec, "--cases", casesFile, "--base-url", srv.URL, "--allow-mutations", "--out", filepath.Join(runs, "again"), "--replay", recorded)
	if code != exitError || !strings.Contains(stderr, "api-cassette.jsonl") || !strings.Contains(stderr, "--record") {
		t.Errorf("replay without the API's recording: code %d: %s", code, stderr)
	}
}

// Shards recorded apart and merged replay as one run: the merge keeps
// every shard's recording of the API, as of the model.
func TestMergedShardsReplayTheAPI(t *testing.T) {
	srv, spec, casesFile := exampleServerCases(t)
	runs := t.TempDir()
	var shards []string
	for _, s := range []string{"1/2", "2/2"} {
		dir := filepath.Join(runs, "shard"+s[:1])
		code, stdout, stderr := run(t, "test", "--spec", spec, "--cases", casesFile, "--base-url", srv.URL, "--allow-mutations", "--shard", s, "--nonce", "7", "--out", dir, "--record")
		if code != exitOK {
			t.Fatalf("shard %s: code %d\n%s\n%s", s, code, stdout, stderr)
		}
		shards = append(shards, dir)
	}
	srv.Close()
	merged := filepath.Join(runs, "merged")
	if code, stdout, stderr := run(t, append([]string{"report", "--merge", "--out", merged}, shards...)...); code != exitOK {
		t.Fatalf("merge: code %d\n%s\n%s", code, stdout, stderr)
	}
	replayed := filepath.Join(runs, "replayed")
	code, stdout, stderr := run(t, "test", "--spec", spec, "--cases", casesFile, "--base-url", srv.URL, "--allow-mutations", "--out", replayed, "--replay", merged)
	if code != exitOK || strings.Contains(stdout, "not recorded") {
		t.Fatalf("replay of the merged run: code %d\n%s\n%s", code, stdout, stderr)
	}
	if d := resultDiff(t, merged, replayed); len(d) > 0 {
		t.Errorf("%d records differ:\n%s", len(d), strings.Join(d, "\n"))
	}
}
