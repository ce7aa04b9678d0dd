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

// raisedLimitSpec returns the example spec and a copy of it in which
// searchTickets' limit allows 500 (the server takes 1 to 50).
func raisedLimitSpec(t *testing.T) (orig, spec string) {
	orig = repoFile(t, "specs/exampleapi/openapi.yaml")
	src, err := os.ReadFile(orig)
	if err != nil {
		t.Fatal(err)
	}
	// searchTickets' limit: the server takes 1 to 50; the copy says 500.
	limit := "            minimum: 1\n            maximum: 50\n            default: 10\n"
	if strings.Count(string(src), limit) != 1 {
		t.Fatal("the example spec's searchTickets limit moved; update the test")
	}
	spec = filepath.Join(t.TempDir(), "openapi.yaml")
	if err := os.WriteFile(spec, []byte(strings.Replace(string(src), limit, strings.Replace(limit, "50", "500", 1), 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	return orig, spec
}

// startExampleAPI starts the example API (no injected failures) with the
// admin token in the variable the tools read.
func startExampleAPI(t *testing.T) *server.Running {
	srv, err := server.Start(context.Background(), server.Options{Addr: "127.0.0.1:0", FailEvery: -1})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Close() })
	t.Setenv("GLOBEX_BEARER_AUTH", server.DefaultAdminToken)
	return srv
}

func TestFuzzSARIF(t *testing.T) {
	srv := startExampleAPI(t)
	_, spec := raisedLimitSpec(t)
	code, stdout, stderr := run(t, "fuzz", "--spec", spec, "--base-url", srv.URL, "--tools", "searchTickets", "--format", "sarif")
	if code != exitGate {
		t.Fatalf("code %d\n%s\n%s", code, stdout, stderr)
	}
	var log struct {
		Version string `json:"version"`
		Runs    []struct {
			Tool struct {
				Driver struct {
					Name  string `json:"name"`
					Rules []struct {
						ID string `json:"id"`
					} `json:"rules"`
				} `json:"driver"`
			} `json:"tool"`
			Results []struct {
				RuleID     string            `json:"ruleId"`
				RuleIndex  int               `json:"ruleIndex"`
				Properties map[string]string `json:"properties"`
				Locations  []struct {
					PhysicalLocation struct {
						Region struct {
							StartLine int `json:"startLine"`
						} `json:"region"`
					} `json:"physicalLocation"`
				} `json:"locations"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal([]byte(stdout), &log); err != nil || log.Version != "2.1.0" || len(log.Runs) != 1 {
		t.Fatalf("not a SARIF 2.1.0 log (%v):\n%s", err, stdout)
	}
	r := log.Runs[0]
	if r.Tool.Driver.Name != "agentready fuzz" {
		t.Errorf("driver %q", r.Tool.Driver.Name)
	}
	found := false
	for _, res := range r.Results {
		if res.RuleIndex >= len(r.Tool.Driver.Rules) || r.Tool.Driver.Rules[res.RuleIndex].ID != res.RuleID {
			t.Errorf("result of %s points at rule %d", res.RuleID, res.RuleIndex)
		}
		if res.RuleID == "under-specified" && res.Properties["argument"] == "limit" && res.Properties["source"] == "fuzz" &&
			len(res.Locations) == 1 && res.Locations[0].PhysicalLocation.Region.StartLine > 0 {
			found = true
		}
	}
	if !found {
		t.Errorf("no under-specified result on limit with a line:\n%s", stdout)
	}
}

func TestFuzzFindsARaisedMaximumAndExitsOne(t *testing.T) {
	srv := startExampleAPI(t)
	orig, spec := raisedLimitSpec(t)

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
