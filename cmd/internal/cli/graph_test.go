package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/agentready/agentready/harness/graph"
	"github.com/agentready/agentready/harness/models/openaitest"
)

// runG calls runGraph directly (the command may not be registered yet)
// and returns the exit code and both outputs.
func runG(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := runGraph(&env{stdin: strings.NewReader(""), stdout: &stdout, stderr: &stderr}, args)
	return code, stdout.String(), stderr.String()
}

func TestGraphCommand(t *testing.T) {
	spec := repoFile(t, "specs/exampleapi/openapi.yaml")
	dir := t.TempDir()
	file := filepath.Join(dir, "agentready.graph.yaml")

	code, out, errOut := runG(t, "infer", "--spec", spec, "-o", file)
	if code != exitOK {
		t.Fatalf("infer: code %d\n%s", code, errOut)
	}
	if !strings.Contains(out, "wrote "+file) || !strings.Contains(out, "inferred by rules") {
		t.Errorf("infer output %q", out)
	}
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"from: listUsers\n    to: getUser\n", `output: "$.items[*].id"`, "input: userId", "status: proposed", "inferred_by: rules"} {
		if !bytes.Contains(data, []byte(want)) {
			t.Errorf("graph file lacks %q", want)
		}
	}

	// Review: one edge by name, then every confident one.
	if code, _, errOut := runG(t, "approve", "-g", file, "listUsers", "getUser"); code != exitOK {
		t.Fatalf("approve: code %d\n%s", code, errOut)
	}
	if code, _, errOut := runG(t, "reject", "listTeamMembers", "getUser", "-g", file); code != exitOK {
		t.Fatalf("reject (flags after the edge): code %d\n%s", code, errOut)
	}
	code, out, _ = runG(t, "approve", "-g", file, "--all-above", "0.6")
	if code != exitOK || !strings.Contains(out, "edges approved") {
		t.Fatalf("approve --all-above: code %d, %q", code, out)
	}
	if code, _, errOut := runG(t, "approve", "-g", file, "getUser", "listUsers"); code != exitError || !strings.Contains(errOut, "no edge from getUser to listUsers") {
		t.Errorf("approving a missing edge: code %d, %q", code, errOut)
	}
	if code, _, _ := runG(t, "approve", "-g", file, "onlyOne"); code != exitUsage {
		t.Errorf("approve with one tool: code %d", code)
	}

	// Show in every format.
	code, out, _ = runG(t, "show", "-g", file)
	if code != exitOK || !strings.Contains(out, "getUser\n") || !strings.Contains(out, "listUsers $.items[*].id") || !strings.Contains(out, "approved") {
		t.Errorf("show: code %d\n%s", code, out)
	}
	code, out, _ = runG(t, "show", "-g", file, "--format", "mermaid", "--tool", "getUser")
	if code != exitOK || !strings.HasPrefix(out, "flowchart LR\n") || !strings.Contains(out, `["listUsers"]`) || !strings.Contains(out, `-->|"userId"|`) {
		t.Errorf("show mermaid: code %d\n%s", code, out)
	}
	code, out, _ = runG(t, "show", "-g", file, "--format", "dot", "--status", "rejected")
	if code != exitOK || !strings.Contains(out, `"listTeamMembers" -> "getUser"`) || strings.Contains(out, `"listUsers" -> "getUser"`) {
		t.Errorf("show dot: code %d\n%s", code, out)
	}
	if code, _, _ := runG(t, "show", "-g", file, "--format", "svg"); code != exitError {
		t.Errorf("show --format svg: code %d", code)
	}

	// Check and plan.
	code, out, errOut = runG(t, "check", "--spec", spec, "-g", file)
	if code != exitOK || !strings.Contains(out, "fit the spec") {
		t.Errorf("check: code %d\n%s%s", code, out, errOut)
	}
	code, out, errOut = runG(t, "plan", "--spec", spec, "-g", file, "deleteTicket")
	if code != exitOK || !strings.Contains(out, "deleteTicket with ticketId = ") || !strings.HasPrefix(out, "1. ") {
		t.Errorf("plan: code %d\n%s%s", code, out, errOut)
	}

	// Re-inferring keeps the decisions.
	if code, _, errOut := runG(t, "infer", "--spec", spec, "-o", file); code != exitOK {
		t.Fatalf("second infer: code %d\n%s", code, errOut)
	}
	data, _ = os.ReadFile(file)
	if !bytes.Contains(data, []byte("from: listTeamMembers\n    to: getUser\n")) {
		t.Fatal("the rejected edge is gone")
	}
	i := bytes.Index(data, []byte("from: listTeamMembers\n    to: getUser\n"))
	if j := bytes.Index(data[i:], []byte("status: ")); !bytes.HasPrefix(data[i+j:], []byte("status: rejected")) {
		t.Errorf("the rejected edge lost its status:\n%s", data[i:i+j+20])
	}
}

func TestGraphCheckReportsLines(t *testing.T) {
	spec := repoFile(t, "specs/exampleapi/openapi.yaml")
	file := filepath.Join(t.TempDir(), "g.yaml")
	bad := `version: 1
edges:
  - from: listUsers
    to: getUser
    mappings:
      - output: "$.items[*].idd"
        input: userId
    status: approved
  - from: listUser
    to: getUser
    mappings:
      - output: "$.items[*].id"
        input: user
    status: proposed
`
	if err := os.WriteFile(file, []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errOut := runG(t, "check", "--spec", spec, "-g", file)
	if code != exitError {
		t.Fatalf("check: code %d", code)
	}
	for _, want := range []string{
		file + `:6:17: listUsers -> getUser: output $.items[*].idd: the response of listUsers cannot have it`,
		"did you mean id?",
		file + `:9:11: listUser -> getUser: unknown tool "listUser"; did you mean listUsers?`,
		file + `:13:16: listUser -> getUser: input user: getUser has no argument "user"; did you mean userId?`,
		"3 problems",
	} {
		if !strings.Contains(errOut, want) {
			t.Errorf("check output lacks %q:\n%s", want, errOut)
		}
	}

	// A file that is not a graph at all.
	if err := os.WriteFile(file, []byte("edges:\n  - from: a\n    to: b\n    colour: red\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errOut = runG(t, "show", "-g", file)
	if code != exitError || !strings.Contains(errOut, file+":4:5: edges[0].colour: unknown key") || !strings.Contains(errOut, "mappings is missing") {
		t.Errorf("show of a broken file: code %d\n%s", code, errOut)
	}
}

// serialAnswer is a model's answer about the example API's serial
// numbers: one edge that checks, one whose output path does not exist,
// and one the rules already make.
const serialAnswer = `{"edges": [
  {"from": "listAssets", "to": "createAsset", "mappings": [{"output": "$.items[*].serial_number", "input": "serial_number"}], "why": "listed assets carry serial numbers."},
  {"from": "getAsset", "to": "createAsset", "mappings": [{"output": "$.serial", "input": "serial_number"}], "why": "an asset has a serial."},
  {"from": "listTickets", "to": "getTicket", "mappings": [{"output": "$.items[*].id", "input": "ticketId"}], "why": "tickets by id."}
]}`

func TestGraphInferModel(t *testing.T) {
	spec := repoFile(t, "specs/exampleapi/openapi.yaml")
	srv := openaitest.New(t, func(r openaitest.Request) string {
		if strings.Contains(r.Messages[1].Content, "Resource: serial\n") {
			return serialAnswer
		}
		return `{"edges": []}`
	})
	t.Setenv("OPENAI_BASE_URL", srv.BaseURL())
	t.Setenv("OPENAI_API_KEY", "sk-test")
	dir := t.TempDir()
	file, cassette := filepath.Join(dir, "g.yaml"), filepath.Join(dir, "rec")
	code, out, errOut := runG(t, "infer", "--spec", spec, "-o", file, "--model", "openai:gpt-test", "--record", cassette)
	if code != exitOK {
		t.Fatalf("infer --model: code %d\n%s%s", code, out, errOut)
	}
	prompts := len(srv.Requests())
	for _, want := range []string{"openai:gpt-test proposed 3 edges over " + strconv.Itoa(prompts) + " prompts", "1 kept as proposed (source: model), 1 invalid and dropped, 1 duplicates",
		"model usage: " + strconv.Itoa(prompts) + " model calls"} {
		if !strings.Contains(out, want) {
			t.Errorf("stdout lacks %q:\n%s", want, out)
		}
	}
	if !strings.Contains(errOut, "dropped getAsset -> createAsset: output $.serial") {
		t.Errorf("stderr does not say which edge was dropped and why:\n%s", errOut)
	}
	recorded, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(recorded), "inferred_by: \"rules+openai:gpt-test\"") || strings.Count(string(recorded), "source: model") != 1 {
		t.Fatalf("the graph file does not mark the model's one edge:\n%s", recorded)
	}
	if code, shown, _ := runG(t, "show", "-g", file, "--tool", "createAsset"); code != exitOK || !strings.Contains(shown, "0.25 proposed (model)") {
		t.Errorf("graph show does not mark the model's edge:\n%s", shown)
	}
	// A rejected model edge stays rejected when the model proposes it
	// again.
	rejectedFile := filepath.Join(dir, "rejected.yaml")
	if err := os.WriteFile(rejectedFile, recorded, 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, errOut := runG(t, "reject", "-g", rejectedFile, "listAssets", "createAsset"); code != exitOK {
		t.Fatalf("reject: %s", errOut)
	}
	if code, out, errOut := runG(t, "infer", "--spec", spec, "-o", rejectedFile, "--model", "openai:gpt-test"); code != exitOK || !strings.Contains(out, "0 kept as proposed (source: model), 1 invalid and dropped, 2 duplicates") {
		t.Fatalf("infer again over a rejected model edge: code %d\n%s%s", code, out, errOut)
	}
	if g, err := graph.Load(rejectedFile); err != nil || g.Find("listAssets", "createAsset").Status != graph.Rejected {
		t.Fatalf("the rejected model edge came back proposed (%v)", err)
	}
	prompts = len(srv.Requests())
	// Replayed: no provider, no key, the same file.
	t.Setenv("OPENAI_BASE_URL", "http://127.0.0.1:1/v1")
	t.Setenv("OPENAI_API_KEY", "")
	replayed := filepath.Join(dir, "replayed.yaml")
	if code, out, errOut := runG(t, "infer", "--spec", spec, "-o", replayed, "--model", "openai:gpt-test", "--replay", cassette); code != exitOK {
		t.Fatalf("infer --replay: code %d\n%s%s", code, out, errOut)
	}
	if again, _ := os.ReadFile(replayed); string(again) != string(recorded) {
		t.Errorf("the replay wrote another graph:\n%s\n---\n%s", again, recorded)
	}
	if len(srv.Requests()) != prompts {
		t.Errorf("the replay reached the provider")
	}
	// A budget of one token stops after the first answer, cleanly.
	t.Setenv("OPENAI_BASE_URL", srv.BaseURL())
	t.Setenv("OPENAI_API_KEY", "sk-test")
	code, out, errOut = runG(t, "infer", "--spec", spec, "-o", filepath.Join(dir, "budget.yaml"), "--model", "openai:gpt-test", "--max-tokens", "1")
	if code != exitOK || !strings.Contains(errOut, "stopped asking the model at the budget") || !strings.Contains(out, "1 model calls") {
		t.Errorf("--max-tokens 1: code %d\n%s%s", code, out, errOut)
	}
	for _, bad := range [][]string{{"--model", "baseline"}, {"--model", "openai:x", "--model-concurrency", "0"}, {"--model", "openai:x", "--max-cost", "1"}} {
		args := append([]string{"infer", "--spec", spec, "-o", filepath.Join(dir, "bad.yaml")}, bad...)
		if code, _, errOut := runG(t, args...); code == exitOK {
			t.Errorf("%v: accepted (%s)", bad, errOut)
		}
	}
	if code, out, _ := runG(t, "infer", "--spec", spec, "-o", filepath.Join(dir, "rules.yaml")); code != exitOK || strings.Contains(out, "proposed") && strings.Contains(out, "prompts") {
		t.Errorf("--model none asked a model: %s", out)
	}
	if code, _, _ := runG(t); code != exitUsage {
		t.Errorf("no subcommand: code %d", code)
	}
	if code, _, errOut := runG(t, "frob"); code != exitUsage || !strings.Contains(errOut, `unknown subcommand "frob"`) {
		t.Errorf("unknown subcommand: code %d, %q", code, errOut)
	}
}

func TestGraphInferFromConfig(t *testing.T) {
	dir := t.TempDir()
	spec, err := os.ReadFile(repoFile(t, "specs/exampleapi/openapi.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "api.yaml"), spec, 0o644); err != nil {
		t.Fatal(err)
	}
	cfg := "spec: api.yaml\nout: ./tools\ngraph: deps.graph.yaml\n"
	if err := os.WriteFile(filepath.Join(dir, "agentready.yaml"), []byte(cfg), 0o644); err != nil {
		t.Fatal(err)
	}
	conf := filepath.Join(dir, "agentready.yaml")
	if code, _, errOut := runG(t, "infer", "--config", conf); code != exitOK {
		t.Fatalf("infer --config: code %d\n%s", code, errOut)
	}
	data, err := os.ReadFile(filepath.Join(dir, "deps.graph.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(data, []byte("spec: api.yaml\n")) {
		t.Errorf("the graph does not name its spec relative to itself:\n%s", data[:300])
	}
	if code, out, errOut := runG(t, "show", "--config", conf, "--tool", "getTeam"); code != exitOK || !strings.Contains(out, "teamId") {
		t.Errorf("show --config: code %d\n%s%s", code, out, errOut)
	}
}

// TestGraphPatterns reviews by pattern: show --patterns lists IDs,
// reject --pattern decides one, and a bad ID or confidence is a usage
// error that says what to do.
func TestGraphPatterns(t *testing.T) {
	spec := repoFile(t, "specs/exampleapi/openapi.yaml")
	file := filepath.Join(t.TempDir(), "agentready.graph.yaml")
	if code, _, errOut := runG(t, "infer", "--spec", spec, "-o", file); code != exitOK {
		t.Fatalf("infer: code %d\n%s", code, errOut)
	}
	code, out, errOut := runG(t, "show", "-g", file, "--patterns")
	if code != exitOK || !strings.Contains(out, "patterns hold 95% of the edges") {
		t.Fatalf("show --patterns: code %d\n%s%s", code, out, errOut)
	}
	id := strings.Fields(strings.SplitN(out, "\n\n", 2)[1])[0]
	code, out, errOut = runG(t, "reject", "-g", file, "--pattern", id)
	if code != exitOK || !strings.Contains(out, "edges rejected") {
		t.Fatalf("reject --pattern %s: code %d\n%s%s", id, code, out, errOut)
	}
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), "  "+id+": rejected\n") {
		t.Errorf("pattern decision not in the file")
	}
	if code, _, errOut := runG(t, "approve", "-g", file, "--pattern", "pnone"); code != exitError || !strings.Contains(errOut, "no pattern pnone") {
		t.Errorf("unknown pattern: code %d, %q", code, errOut)
	}
	if code, _, errOut := runG(t, "show", "-g", file, "--min-confidence", "2"); code != exitUsage || !strings.Contains(errOut, "not a confidence") {
		t.Errorf("bad --min-confidence: code %d, %q", code, errOut)
	}
	code, out, _ = runG(t, "show", "-g", file, "--stats")
	if code != exitOK || !strings.Contains(out, "0.80-0.89") || !strings.Contains(out, "foreign-producer") {
		t.Errorf("show --stats: code %d\n%s", code, out)
	}
	if code, _, _ := runG(t, "show", "-g", file, "--stats", "--patterns"); code != exitUsage {
		t.Errorf("show --stats --patterns: code %d", code)
	}
	code, out, _ = runG(t, "show", "-g", file, "--min-confidence", "0.7")
	if code != exitOK || !strings.Contains(out, "why: ") {
		t.Errorf("show --min-confidence: code %d\n%s", code, out)
	}
}
