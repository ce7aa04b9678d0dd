package cli

import (
	"encoding/json"
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
