package cli

import (
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentready/agentready/gen/toolrt/dialect"
)

var updateDialect = flag.Bool("update-dialect", false, "rewrite testdata/tools-dialect-*.txt")

// TestToolsDialect compares `tools --dialect D` on the inventory golden
// spec with testdata/tools-dialect-D.txt (-update-dialect rewrites them).
func TestToolsDialect(t *testing.T) {
	spec := repoFile(t, "specs/golden/inventory31.yaml")
	for _, d := range []string{"gemini", "openai-strict"} {
		code, stdout, stderr := run(t, "tools", "--dialect", d, "--spec", spec)
		if code != exitOK {
			t.Fatalf("%s: code %d\n%s", d, code, stderr)
		}
		path := filepath.Join("testdata", "tools-dialect-"+d+".txt")
		if *updateDialect {
			if err := os.WriteFile(path, []byte(stdout), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%v (go test -run TestToolsDialect -update-dialect writes it)", err)
		}
		if stdout != string(want) {
			t.Errorf("%s differs (-update-dialect rewrites it):\n%s", path, stdout)
		}
	}
	if code, _, stderr := run(t, "tools", "--dialect", "claude", "--spec", spec); code != exitError || !strings.Contains(stderr, "openai-strict") {
		t.Errorf("unknown dialect: code %d, stderr %q", code, stderr)
	}
}

// TestToolsDialectJSON checks that --json carries the verdict, the
// warnings and the schema in the dialect, which the dialect's rules take.
func TestToolsDialectJSON(t *testing.T) {
	code, stdout, stderr := run(t, "tools", "--dialect", "openai-strict", "--json", "--spec", repoFile(t, "specs/golden/inventory31.yaml"))
	if code != exitOK {
		t.Fatalf("code %d\n%s", code, stderr)
	}
	var rows []toolRow
	if err := json.Unmarshal([]byte(stdout), &rows); err != nil {
		t.Fatalf("not JSON: %v", err)
	}
	for _, r := range rows {
		if r.Dialect == nil || r.Dialect.Verdict != dialect.Adapted {
			t.Errorf("%s: %+v, want adapted", r.Name, r.Dialect)
			continue
		}
		if vs, err := dialect.Check(r.Schema, dialect.OpenAIStrict); err != nil || len(vs) > 0 {
			t.Errorf("%s: schema breaks strict rules: %v %v", r.Name, vs, err)
		}
	}
}
