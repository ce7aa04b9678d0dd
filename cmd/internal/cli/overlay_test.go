package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const inventoryOverlay = `overlay: 1.0.0
info: {title: clearer items, version: "1"}
actions:
  - target: $.paths['/items'].get
    update:
      description: Lists stock items by warehouse shelf, newest first.
`

func TestToolsApplyOverlays(t *testing.T) {
	ov := filepath.Join(t.TempDir(), "items.overlay.yaml")
	if err := os.WriteFile(ov, []byte(inventoryOverlay), 0o644); err != nil {
		t.Fatal(err)
	}
	spec := repoFile(t, "specs/golden/inventory31.yaml")
	descriptions := func(args ...string) map[string]string {
		t.Helper()
		code, stdout, stderr := run(t, append([]string{"tools", "--json", "--spec", spec}, args...)...)
		if code != exitOK {
			t.Fatalf("code %d\n%s", code, stderr)
		}
		var rows []toolRow
		if err := json.Unmarshal([]byte(stdout), &rows); err != nil {
			t.Fatal(err)
		}
		out := map[string]string{}
		for _, r := range rows {
			out[r.Name] = r.Description
		}
		return out
	}
	before, after := descriptions(), descriptions("--overlay", ov)
	if strings.Contains(before["listItems"], "warehouse shelf") || !strings.Contains(after["listItems"], "warehouse shelf") {
		t.Errorf("listItems description: before %q, after %q", before["listItems"], after["listItems"])
	}
	for name, d := range before {
		if name != "listItems" && after[name] != d {
			t.Errorf("%s changed: %q -> %q", name, d, after[name])
		}
	}
}

func TestGenReadsOverlaysFromTheConfig(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "items.overlay.yaml"), []byte(inventoryOverlay), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg := "spec: " + repoFile(t, "specs/golden/inventory31.yaml") + "\nout: ./inv\noverlays: [items.overlay.yaml]\n"
	if err := os.WriteFile(filepath.Join(dir, "agentready.yaml"), []byte(cfg), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := run(t, "gen", "--config", filepath.Join(dir, "agentready.yaml"))
	if code != exitOK {
		t.Fatalf("code %d\n%s", code, stderr)
	}
	src, err := os.ReadFile(filepath.Join(dir, "inv", "items.go"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(src), "warehouse shelf") {
		t.Error("the generated package does not carry the overlay's description")
	}
}

func TestStaleOverlayIsAnErrorThatNamesTheAction(t *testing.T) {
	ov := filepath.Join(t.TempDir(), "stale.yaml")
	text := "overlay: 1.0.0\ninfo: {title: stale, version: '1'}\nactions:\n  - target: $.paths['/products'].get\n    update: {description: renamed}\n"
	if err := os.WriteFile(ov, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, cmd := range [][]string{{"tools"}, {"gen", "--out", t.TempDir()}} {
		code, _, stderr := run(t, append(cmd, "--spec", repoFile(t, "specs/golden/inventory31.yaml"), "--overlay", ov)...)
		if code != exitError || !strings.Contains(stderr, ov+":4:5") || !strings.Contains(stderr, `$.paths['/products'].get`) {
			t.Errorf("%s: code %d, want %d and the action's place and target\n%s", cmd[0], code, exitError, stderr)
		}
	}
}
