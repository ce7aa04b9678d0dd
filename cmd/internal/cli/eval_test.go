package cli

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestEvalSuite runs `agentready eval` as issue 15 spells it: a suite of
// hand-written requests (--utterances FILE.jsonl) scored statically, one
// JSON line per case with --json, the table per kind without.
func TestEvalSuite(t *testing.T) {
	suite := filepath.Join(t.TempDir(), "requests.jsonl")
	lines := `{"id":"t1","utterance":"show me ticket TCK-1042","tool":"getTicket","args":{"ticketId":"TCK-1042"},"kind":"simple"}
{"id":"t2","utterance":"which tickets are open?","tool":"listTickets","args":{"status":"open"},"kind":"constrained"}
`
	if err := os.WriteFile(suite, []byte(lines), 0o644); err != nil {
		t.Fatal(err)
	}
	spec := repoFile(t, "specs/exampleapi/openapi.yaml")
	code, stdout, stderr := run(t, "eval", "--spec", spec, "--utterances", suite, "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	type evalLine struct {
		ID     string `json:"id"`
		Kind   string `json:"kind"`
		Pass   bool   `json:"pass"`
		Errors []any  `json:"errors"`
		Call   struct {
			Tool string         `json:"tool"`
			Args map[string]any `json:"args"`
		} `json:"call"`
	}
	var got []evalLine
	for _, line := range strings.Split(strings.TrimSpace(stdout), "\n") {
		var one evalLine
		if err := json.Unmarshal([]byte(line), &one); err != nil {
			t.Fatalf("not a JSON line: %q: %v", line, err)
		}
		got = append(got, one)
	}
	if len(got) != 2 || got[0].ID != "t1" || got[1].ID != "t2" {
		t.Fatalf("lines %+v, want t1 and t2", got)
	}
	if !got[0].Pass || got[0].Call.Tool != "getTicket" || got[0].Call.Args["ticketId"] != "TCK-1042" || len(got[0].Errors) != 0 {
		t.Errorf("t1: %+v, want a pass calling getTicket with TCK-1042", got[0])
	}
	if got[1].Pass == (len(got[1].Errors) > 0) {
		t.Errorf("t2: pass %v with errors %v", got[1].Pass, got[1].Errors)
	}

	code, stdout, _ = run(t, "eval", "--spec", spec, "--utterances", suite)
	if code != 0 || !strings.Contains(stdout, "simple") || !strings.Contains(stdout, "constrained") || !strings.Contains(stdout, "all") {
		t.Errorf("exit %d; the table lacks a row per kind:\n%s", code, stdout)
	}

	code, _, stderr = run(t, "eval", "--spec", spec)
	if code != 2 || !strings.Contains(stderr, "--utterances FILE.jsonl") {
		t.Errorf("without a suite: exit %d, %q; want 2 and how to give one", code, stderr)
	}
}

// TestEvalRecordReplayAndGate records a suite's run with a model served
// over the OpenAI wire format, replays it with no model at all (the same
// lines, no request sent), refuses a replay of another model or of
// changed requests, and gates on --min-pass.
func TestEvalRecordReplayAndGate(t *testing.T) {
	dir := t.TempDir()
	suite := filepath.Join(dir, "requests.jsonl")
	lines := `{"id":"t1","utterance":"show me ticket TCK-1042","tool":"getTicket","args":{"ticketId":"TCK-1042"},"kind":"simple"}
{"id":"t2","utterance":"which tickets are open?","tool":"listTickets","args":{"status":"open"},"kind":"constrained"}
`
	if err := os.WriteFile(suite, []byte(lines), 0o644); err != nil {
		t.Fatal(err)
	}
	spec := repoFile(t, "specs/exampleapi/openapi.yaml")
	srv, sent := fakeOpenAI(t)
	t.Setenv("OPENAI_BASE_URL", srv.URL)
	t.Setenv("OPENAI_API_KEY", "sk-test-secret")
	rec := filepath.Join(dir, "rec")
	code, recorded, stderr := run(t, "eval", "--spec", spec, "--utterances", suite, "--model", "openai:fake", "--record", rec, "--json")
	if code != exitOK || sent.Load() != 2 {
		t.Fatalf("--record: exit %d after %d requests: %s", code, sent.Load(), stderr)
	}
	for _, f := range []string{"cassette.jsonl", evalModelFile} {
		b, err := os.ReadFile(filepath.Join(rec, f))
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(b), "sk-test-secret") {
			t.Errorf("%s holds the API key", f)
		}
	}

	// No model, no key: the recording answers.
	t.Setenv("OPENAI_API_KEY", "")
	t.Setenv("OPENAI_BASE_URL", "http://127.0.0.1:1")
	code, replayed, stderr := run(t, "eval", "--spec", spec, "--utterances", suite, "--replay", rec, "--json")
	if code != exitOK || replayed != recorded || sent.Load() != 2 {
		t.Fatalf("--replay: exit %d, %d requests sent, stderr %s\nrecorded:\n%s\nreplayed:\n%s", code, sent.Load(), stderr, recorded, replayed)
	}
	if !strings.Contains(stderr, "model fake, replayed from "+rec) {
		t.Errorf("the summary does not say the run was replayed: %s", stderr)
	}
	code, _, stderr = run(t, "eval", "--spec", spec, "--utterances", suite, "--replay", rec, "--model", "openai:gpt-4o")
	if code != exitError || !strings.Contains(stderr, "recorded with openai:fake") {
		t.Errorf("replay under another --model: exit %d, %s", code, stderr)
	}
	changed := filepath.Join(dir, "changed.jsonl")
	if err := os.WriteFile(changed, []byte(strings.Replace(lines, "show me ticket", "pull up ticket", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, stderr = run(t, "eval", "--spec", spec, "--utterances", changed, "--replay", rec)
	if code != exitError || !strings.Contains(stderr, "not recorded") {
		t.Errorf("replay of a changed request: exit %d, %s", code, stderr)
	}
	code, _, stderr = run(t, "eval", "--spec", spec, "--utterances", suite, "--replay", filepath.Join(dir, "nothing"))
	if code != exitError || !strings.Contains(stderr, "eval --record") {
		t.Errorf("replay of no recording: exit %d, %s", code, stderr)
	}

	// The fake model calls the first tool with no arguments: t1 misses
	// its ticketId, so not every request passes.
	code, _, stderr = run(t, "eval", "--spec", spec, "--utterances", suite, "--replay", rec, "--min-pass", "1")
	if code != exitGate || !strings.Contains(stderr, "below --min-pass 1") {
		t.Errorf("--min-pass 1: exit %d, %s", code, stderr)
	}
	passed := strings.Count(recorded, `"pass":true`)
	if passed == 2 {
		t.Fatalf("the fake model passed both requests:\n%s", recorded)
	}
	// At exactly the share passed, the gate lets the run through.
	if code, _, stderr = run(t, "eval", "--spec", spec, "--utterances", suite, "--replay", rec, "--min-pass", fmt.Sprint(float64(passed)/2)); code != exitOK {
		t.Errorf("--min-pass %v with %d of 2 passed: exit %d, %s", float64(passed)/2, passed, code, stderr)
	}
	for _, bad := range [][]string{{"--min-pass", "1.5"}, {"--record", rec, "--replay", rec}} {
		code, _, stderr = run(t, append([]string{"eval", "--spec", spec, "--utterances", suite}, bad...)...)
		if code != exitUsage {
			t.Errorf("%v: exit %d, want %d: %s", bad, code, exitUsage, stderr)
		}
	}
}

// TestEvalAgainst compares a run with an earlier one case by case: the
// requests gained and lost are named, and a loss McNemar's test calls
// significant exits 1, a smaller one does not.
func TestEvalAgainst(t *testing.T) {
	dir := t.TempDir()
	var lines, allPassed strings.Builder
	for i := range 7 {
		fmt.Fprintf(&lines, `{"id":"t%d","utterance":"show me ticket TCK-10%02d","tool":"getTicket","args":{"ticketId":"TCK-10%02d"},"kind":"simple"}`+"\n", i, i, i)
		fmt.Fprintf(&allPassed, `{"id":"t%d","pass":true,"errors":[]}`+"\n", i)
	}
	suite := filepath.Join(dir, "requests.jsonl")
	earlier := filepath.Join(dir, "earlier.jsonl")
	if err := os.WriteFile(suite, []byte(lines.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(earlier, []byte(allPassed.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	spec := repoFile(t, "specs/exampleapi/openapi.yaml")
	srv, _ := fakeOpenAI(t)
	t.Setenv("OPENAI_BASE_URL", srv.URL)
	t.Setenv("OPENAI_API_KEY", "sk-test")
	// The fake model calls a tool with no arguments: every request fails
	// now, seven lost.
	code, stdout, stderr := run(t, "eval", "--spec", spec, "--utterances", suite, "--model", "openai:fake", "--against", earlier)
	if code != exitGate || !strings.Contains(stdout, "7 requests paired, 0 gained, 7 lost") || !strings.Contains(stderr, "significant") {
		t.Errorf("seven lost: exit %d\n%s\n%s", code, stdout, stderr)
	}
	// Three of the earlier passes were failures: four lost is within
	// chance (p = 0.125), and the three still failing are no change.
	mixed := strings.Replace(strings.Replace(strings.Replace(allPassed.String(), `"t0","pass":true`, `"t0","pass":false`, 1), `"t1","pass":true`, `"t1","pass":false`, 1), `"t2","pass":true`, `"t2","pass":false`, 1)
	if err := os.WriteFile(earlier, []byte(mixed), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr = run(t, "eval", "--spec", spec, "--utterances", suite, "--model", "openai:fake", "--against", earlier)
	if code != exitOK || !strings.Contains(stdout, "0 gained, 4 lost (McNemar p = 0.125)") || !strings.Contains(stdout, "lost: t3, t4, t5, t6") {
		t.Errorf("four lost: exit %d\n%s\n%s", code, stdout, stderr)
	}
	if err := os.WriteFile(earlier, []byte("not json\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, stderr = run(t, "eval", "--spec", spec, "--utterances", suite, "--against", earlier)
	if code != exitError || !strings.Contains(stderr, "not a line of eval --json") {
		t.Errorf("a file that is no eval output: exit %d, %s", code, stderr)
	}
}
