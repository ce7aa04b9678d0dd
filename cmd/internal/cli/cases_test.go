package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"
	"testing"

	"github.com/agentready/agentready/gen"
	"github.com/agentready/agentready/harness/cases"
	"github.com/agentready/agentready/harness/graph"
	"github.com/agentready/agentready/harness/models/openaitest"
	"github.com/agentready/agentready/specs/exampleapi/server"
)

// runCasesCmd calls runCases in-process.
func runCasesCmd(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := runCases(&env{stdin: strings.NewReader(""), stdout: &stdout, stderr: &stderr}, args)
	return code, stdout.String(), stderr.String()
}

// exampleProject starts the example API and writes its reviewed graph;
// it returns the spec, the graph file and the API's URL.
func exampleProject(t *testing.T) (spec, graphFile, url string) {
	t.Helper()
	run, err := server.Start(context.Background(), server.Options{FailEvery: -1})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { run.Close() })
	spec = repoFile(t, "specs/exampleapi/openapi.yaml")
	api, _, err := gen.Load(gen.Options{Spec: spec})
	if err != nil {
		t.Fatal(err)
	}
	g := graph.Infer(api, graph.Options{})
	g.SetStatusAbove(0.6, graph.Approved)
	graphFile = filepath.Join(t.TempDir(), graph.DefaultFile)
	if err := g.Save(graphFile); err != nil {
		t.Fatal(err)
	}
	t.Setenv("GLOBEX_BEARER_AUTH", server.DefaultAdminToken)
	return spec, graphFile, run.URL
}

func TestCasesWritesAReproducibleFile(t *testing.T) {
	spec, graphFile, url := exampleProject(t)
	dir := t.TempDir()
	out := filepath.Join(dir, "testdata", "agentready", "cases.jsonl")
	args := []string{"--spec", spec, "--graph", graphFile, "--base-url", url, "-o", out, "--per-tool", "6", "--seed", "3"}
	code, stdout, stderr := runCasesCmd(t, args...)
	if code != exitOK {
		t.Fatalf("code %d\n%s", code, stderr)
	}
	if !strings.Contains(stdout, "cases for 28 tools to "+out) || !strings.Contains(stdout, "real values for") {
		t.Errorf("stdout %q", stdout)
	}
	first, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	cs, err := cases.Read(out)
	if err != nil {
		t.Fatal(err)
	}
	var harvested, chains int
	for _, c := range cs {
		if len(c.Utterances) == 0 {
			t.Errorf("%s: no utterance", c.ID)
		}
		for _, s := range c.Sources {
			if s.Kind == cases.FromHarvested {
				harvested++
			}
		}
		if c.Scenario == cases.Chain {
			chains++
		}
	}
	if harvested == 0 || chains == 0 {
		t.Errorf("%d harvested values, %d chain cases", harvested, chains)
	}
	if code, _, stderr := runCasesCmd(t, args...); code != exitOK {
		t.Fatal(stderr)
	}
	second, _ := os.ReadFile(out)
	if !bytes.Equal(first, second) {
		t.Error("two runs with the same seed wrote different files")
	}
}

// TestCasesPutsTheCollectorsPaceBack checks that cases, which paces the
// collector for the rest of its run once the cases are made (oneshot),
// leaves a process that goes on with the pace and memory limit it had.
func TestCasesPutsTheCollectorsPaceBack(t *testing.T) {
	percent := debug.SetGCPercent(137)
	defer debug.SetGCPercent(percent)
	limit := debug.SetMemoryLimit(3 << 30)
	defer debug.SetMemoryLimit(limit)
	spec := repoFile(t, "specs/exampleapi/openapi.yaml")
	out := filepath.Join(t.TempDir(), "cases.jsonl")
	if code, _, stderr := runCasesCmd(t, "--spec", spec, "--offline", "--per-tool", "1", "--tag", "users", "-o", out); code != exitOK {
		t.Fatalf("code %d\n%s", code, stderr)
	}
	if got := debug.SetGCPercent(137); got != 137 {
		t.Errorf("GC percent after cases: %d, want 137", got)
	}
	if got := debug.SetMemoryLimit(-1); got != 3<<30 {
		t.Errorf("memory limit after cases: %d, want %d", got, 3<<30)
	}
}

func TestCasesFromConfigOfflineWithData(t *testing.T) {
	dir := t.TempDir()
	spec := repoFile(t, "specs/exampleapi/openapi.yaml")
	data := filepath.Join(dir, "data.yaml")
	os.WriteFile(data, []byte("tools:\n  getUser: {userId: 0b6f6c55-3b1e-4b8a-9f1e-2a7c9d4e5f60}\n"), 0o644)
	cfg := filepath.Join(dir, "agentready.yaml")
	os.WriteFile(cfg, []byte("spec: "+spec+"\nout: ./tools\ncases: generated/cases.jsonl\n"), 0o644)
	code, stdout, stderr := runCasesCmd(t, "--config", cfg, "--offline", "--data", data, "--per-tool", "3", "--tag", "users")
	if code != exitOK {
		t.Fatalf("code %d\n%s", code, stderr)
	}
	out := filepath.Join(dir, "generated", "cases.jsonl")
	if !strings.Contains(stdout, out) {
		t.Errorf("stdout %q does not name %s", stdout, out)
	}
	cs, err := cases.Read(out)
	if err != nil {
		t.Fatal(err)
	}
	var users int
	for _, c := range cs {
		for _, s := range c.Sources {
			if s.Kind == cases.FromHarvested {
				t.Errorf("%s: harvested offline", c.ID)
			}
		}
		if c.Tool == "getUser" {
			users++
			if c.Args["userId"] != "0b6f6c55-3b1e-4b8a-9f1e-2a7c9d4e5f60" {
				t.Errorf("%s: userId %v, not the user's", c.ID, c.Args["userId"])
			}
		}
		if c.Scenario == cases.Chain {
			t.Errorf("%s: a chain case offline", c.ID)
		}
	}
	if users == 0 {
		t.Error("no getUser case")
	}
}

func TestCasesErrors(t *testing.T) {
	spec := repoFile(t, "specs/exampleapi/openapi.yaml")
	out := filepath.Join(t.TempDir(), "c.jsonl")
	code, _, stderr := runCasesCmd(t, "--spec", spec, "--offline", "-o", out, "--model", "gpt-x")
	if code != exitError || !strings.Contains(stderr, `unknown kind "gpt-x"`) || !strings.Contains(stderr, "openai:NAME") {
		t.Errorf("--model of an unknown kind: code %d, %s", code, stderr)
	}
	code, _, stderr = runCasesCmd(t, "--spec", spec, "--offline", "-o", out, "--model", "baseline")
	if code != exitError || !strings.Contains(stderr, "need a language model") {
		t.Errorf("--model baseline for utterances: code %d, %s", code, stderr)
	}
	t.Setenv("OPENAI_API_KEY", "")
	code, _, stderr = runCasesCmd(t, "--spec", spec, "--offline", "-o", out, "--model", "openai:gpt-4o")
	if code != exitError || !strings.Contains(stderr, "OPENAI_API_KEY") {
		t.Errorf("--model openai without a key: code %d, %s", code, stderr)
	}
	code, _, stderr = runCasesCmd(t, "--spec", spec, "--offline", "-o", out, "--data", filepath.Join(t.TempDir(), "missing.yaml"))
	if code != exitError || !strings.Contains(stderr, "test data") {
		t.Errorf("missing data file: code %d, %s", code, stderr)
	}
	code, _, stderr = runCasesCmd(t, "--spec", spec, "-o", out, "--graph", filepath.Join(t.TempDir(), "none.yaml"))
	if code != exitError {
		t.Errorf("missing graph file: code %d, %s", code, stderr)
	}
	code, _, stderr = runCasesCmd(t, "--spec", spec, "-o", out, "--offline", "--per-tool", "0")
	if code != exitError || !strings.Contains(stderr, "--per-tool") {
		t.Errorf("--per-tool 0: code %d, %s", code, stderr)
	}
	if code, _, _ := runCasesCmd(t, "--spec", spec, "extra"); code != exitUsage {
		t.Errorf("an extra argument: code %d", code)
	}
}

// utteranceStandIn answers the utterance writer's prompt with requests
// that say every value of the call, and the judge's with a good rating.
func utteranceStandIn(r openaitest.Request) string {
	if strings.HasPrefix(r.Messages[0].Content, "You review test data") {
		return `{"accuracy": "accurate", "unrecoverable": [], "naturalness": 5, "why": "says every value"}`
	}
	lines := strings.Split(r.Messages[1].Content, "\n")
	var args map[string]any
	for i, l := range lines {
		if strings.HasSuffix(l, "exactly these arguments:") && i+1 < len(lines) {
			_ = json.Unmarshal([]byte(lines[i+1]), &args)
		}
	}
	var said []string
	for _, k := range slices.Sorted(maps.Keys(args)) {
		b, _ := json.Marshal(args[k])
		said = append(said, strings.Trim(string(b), `"`))
	}
	return fmt.Sprintf(`["Could you sort this out for me: %s", "I need this done, %s"]`, strings.Join(said, ", "), strings.Join(said, " and "))
}

func TestCasesModelIsMeteredRecordedAndReplayed(t *testing.T) {
	spec := repoFile(t, "specs/exampleapi/openapi.yaml")
	srv := openaitest.New(t, utteranceStandIn)
	t.Setenv("OPENAI_BASE_URL", srv.BaseURL())
	t.Setenv("OPENAI_API_KEY", "sk-test")
	dir := t.TempDir()
	recorded, cassette := filepath.Join(dir, "recorded.jsonl"), filepath.Join(dir, "rec")
	code, stdout, stderr := runCasesCmd(t, "--spec", spec, "--offline", "--per-tool", "1", "-o", recorded, "--model", "openai:gpt-test", "--record", cassette)
	if code != exitOK {
		t.Fatalf("cases --model: code %d\n%s%s", code, stdout, stderr)
	}
	calls := len(srv.Requests())
	if calls == 0 || !strings.Contains(stdout, fmt.Sprintf("model usage: %d model calls", calls)) {
		t.Fatalf("the usage line does not count the %d calls:\n%s", calls, stdout)
	}
	if p := srv.Problems(); len(p) > 0 {
		t.Fatal(p)
	}
	first, _ := os.ReadFile(recorded)
	if !strings.Contains(string(first), `"llm:openai:gpt-test"`) {
		t.Fatalf("no utterance of the model was kept:\n%.2000s", first)
	}
	// Replayed with no provider and no key: the same cases file.
	t.Setenv("OPENAI_BASE_URL", "http://127.0.0.1:1/v1")
	t.Setenv("OPENAI_API_KEY", "")
	replayed := filepath.Join(dir, "replayed.jsonl")
	if code, stdout, stderr := runCasesCmd(t, "--spec", spec, "--offline", "--per-tool", "1", "-o", replayed, "--model", "openai:gpt-test", "--replay", cassette); code != exitOK {
		t.Fatalf("cases --replay: code %d\n%s%s", code, stdout, stderr)
	}
	if again, _ := os.ReadFile(replayed); string(again) != string(first) {
		t.Errorf("the replay wrote other cases")
	}
	// A budget stops the calls; the remaining cases get template
	// utterances.
	t.Setenv("OPENAI_BASE_URL", srv.BaseURL())
	t.Setenv("OPENAI_API_KEY", "sk-test")
	code, stdout, stderr = runCasesCmd(t, "--spec", spec, "--offline", "--per-tool", "1", "-o", filepath.Join(dir, "budget.jsonl"), "--model", "openai:gpt-test", "--max-tokens", "1")
	if code != exitOK || !strings.Contains(stderr, "stopped calling the model at the budget") || !strings.Contains(stdout, "model usage: 1 model calls") {
		t.Errorf("--max-tokens 1: code %d\n%s%s", code, stdout, stderr)
	}
	if got := len(srv.Requests()); got != calls+1 {
		t.Errorf("with a budget of one token the provider saw %d more requests, want 1", got-calls)
	}
}
