package cli

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentready/agentready/specs/exampleapi/server"
)

func TestFuzzFindsARaisedMaximumAndExitsOne(t *testing.T) {
	srv, err := server.Start(context.Background(), server.Options{Addr: "127.0.0.1:0", FailEvery: -1})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Close() })
	t.Setenv("GLOBEX_BEARER_AUTH", server.DefaultAdminToken)
	orig := repoFile(t, "specs/exampleapi/openapi.yaml")
	src, err := os.ReadFile(orig)
	if err != nil {
		t.Fatal(err)
	}
	// searchTickets' limit: the server takes 1 to 50; the copy says 500.
	limit := "            minimum: 1\n            maximum: 50\n            default: 10\n"
	if strings.Count(string(src), limit) != 1 {
		t.Fatal("the example spec's searchTickets limit moved; update the test")
	}
	spec := filepath.Join(t.TempDir(), "openapi.yaml")
	if err := os.WriteFile(spec, []byte(strings.Replace(string(src), limit, strings.Replace(limit, "50", "500", 1), 1)), 0o644); err != nil {
		t.Fatal(err)
	}

	code, stdout, stderr := run(t, "fuzz", "--spec", spec, "--base-url", srv.URL, "--tools", "searchTickets", "--json")
	if code != exitGate {
		t.Fatalf("code %d\n%s\n%s", code, stdout, stderr)
	}
	var findings []map[string]any
	if err := json.Unmarshal([]byte(stdout), &findings); err != nil {
		t.Fatalf("--json prints one array: %v\n%s", err, stdout)
	}
	found := false
	for _, f := range findings {
		for _, k := range []string{"tool", "argument", "kind", "value", "evidence", "fix"} {
			if _, ok := f[k]; !ok {
				t.Errorf("finding without %s: %v", k, f)
			}
		}
		if f["tool"] == "searchTickets" && f["argument"] == "limit" && f["kind"] == "under-specified" &&
			strings.Contains(f["fix"].(string), "maximum: 50") {
			found = true
		}
	}
	if !found {
		t.Errorf("limit's raised maximum not found: %s", stdout)
	}
	if !strings.Contains(stderr, "unique findings") || !strings.Contains(stderr, "calls per unique finding") {
		t.Errorf("summary on stderr: %q", stderr)
	}
	if strings.Contains(stdout+stderr, server.DefaultAdminToken) {
		t.Error("the credential was printed")
	}

	// The unmodified spec: limit is not flagged; the table and summary
	// go to stdout.
	code, stdout, _ = run(t, "fuzz", "--spec", orig, "--base-url", srv.URL, "--tools", "searchTickets", "--seed", "3")
	if strings.Contains(stdout, "limit ") || !strings.Contains(stdout, "unique findings") || code == exitError {
		t.Errorf("unmodified: code %d\n%s", code, stdout)
	}

	// Bad input: a clear error, exit 2.
	code, _, stderr = run(t, "fuzz", "--spec", orig, "--base-url", srv.URL, "--tools", "nope")
	if code != exitError || !strings.Contains(stderr, `"nope"`) {
		t.Errorf("unknown tool: code %d, %q", code, stderr)
	}
	code, _, stderr = run(t, "fuzz", "--spec", orig, "--budget-calls", "0")
	if code != exitUsage || !strings.Contains(stderr, "--budget-calls") {
		t.Errorf("zero budget: code %d, %q", code, stderr)
	}
}
