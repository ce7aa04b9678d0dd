package cli

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// run calls Main in-process and returns the exit code and both outputs.
func run(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := Main(args, strings.NewReader(""), &stdout, &stderr)
	return code, stdout.String(), stderr.String()
}

// repoFile returns the path of a file in this repository.
func repoFile(t *testing.T, rel string) string {
	t.Helper()
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", "..", filepath.FromSlash(rel))
}

func TestHelpAndUnknownCommand(t *testing.T) {
	code, out, _ := run(t, "help")
	if code != exitOK || !strings.Contains(out, "gen") || !strings.Contains(out, "tools") {
		t.Errorf("help: code %d, output %q", code, out)
	}
	code, _, errOut := run(t, "frobnicate")
	if code != exitUsage || !strings.Contains(errOut, `unknown command "frobnicate"`) {
		t.Errorf("unknown command: code %d, stderr %q", code, errOut)
	}
	if code, _, _ := run(t); code != exitUsage {
		t.Errorf("no command: code %d, want %d", code, exitUsage)
	}
}

func TestGenWritesAPackage(t *testing.T) {
	out := filepath.Join(t.TempDir(), "petstore")
	code, stdout, stderr := run(t, "gen", "--spec", repoFile(t, "specs/golden/petstore20.yaml"), "--out", out)
	if code != exitOK {
		t.Fatalf("code %d\n%s", code, stderr)
	}
	if !strings.Contains(stdout, "wrote package petstore") {
		t.Errorf("stdout %q does not say what was written", stdout)
	}
	for _, f := range []string{"client.go", "doc.go", "types.go"} {
		b, err := os.ReadFile(filepath.Join(out, f))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Contains(b, []byte("package petstore\n")) {
			t.Errorf("%s is not in package petstore", f)
		}
	}
}

// TestGenSplitByTag: inside a module, the tags' packages import the root
// by the path go.mod gives; outside one, gen says what to set.
func TestGenSplitByTag(t *testing.T) {
	spec := repoFile(t, "specs/golden/inventory31.yaml")
	outside := filepath.Join(t.TempDir(), "inventory")
	code, _, stderr := run(t, "gen", "--spec", spec, "--out", outside, "--split-by-tag")
	if code != exitError || !strings.Contains(stderr, "not inside a Go module") || !strings.Contains(stderr, "--import-path") {
		t.Errorf("outside a module: code %d, stderr %q", code, stderr)
	}
	mod := t.TempDir()
	if err := os.WriteFile(filepath.Join(mod, "go.mod"), []byte("module example.com/m\n\ngo 1.26\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(mod, "api", "inventory")
	code, stdout, stderr := run(t, "gen", "--spec", spec, "--out", out, "--split-by-tag")
	if code != exitOK {
		t.Fatalf("code %d\n%s", code, stderr)
	}
	b, err := os.ReadFile(filepath.Join(out, "items", "client.go"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(b, []byte(`"example.com/m/api/inventory"`)) {
		t.Errorf("items/client.go does not import the root by its module path:\n%s", b)
	}
	if _, err := os.Stat(filepath.Join(out, "all", "tools.go")); err != nil {
		t.Errorf("no all package: %v (stdout %q)", err, stdout)
	}
	// --import-path wins over go.mod.
	code, _, stderr = run(t, "gen", "--spec", spec, "--out", out, "--split-by-tag", "--import-path", "example.com/other/inventory")
	b, _ = os.ReadFile(filepath.Join(out, "items", "client.go"))
	if code != exitOK || !bytes.Contains(b, []byte(`"example.com/other/inventory"`)) {
		t.Errorf("--import-path: code %d, stderr %q", code, stderr)
	}
}

func TestGenFromConfigFileWithSelection(t *testing.T) {
	dir := t.TempDir()
	cfg := "spec: " + repoFile(t, "specs/golden/inventory31.yaml") + "\nout: ./inv\nselect:\n  include:\n    - operation_ids: [\"list*\"]\n"
	if err := os.WriteFile(filepath.Join(dir, "agentready.yaml"), []byte(cfg), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := run(t, "gen", "--config", filepath.Join(dir, "agentready.yaml"))
	if code != exitOK {
		t.Fatalf("code %d\n%s", code, stderr)
	}
	if !strings.Contains(stdout, "package inv ") || !strings.Contains(stdout, ": 2 tools") {
		t.Errorf("stdout %q: want package inv with the 2 list operations", stdout)
	}
	src, err := os.ReadFile(filepath.Join(dir, "inv", "items.go"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(src, []byte("func (c *Client) ListItems(")) || bytes.Contains(src, []byte("func (c *Client) CreateItem(")) {
		t.Error("the selection was not applied: want ListItems and no CreateItem")
	}
}

func TestGenReportsWhereASpecIsBroken(t *testing.T) {
	spec := filepath.Join(t.TempDir(), "broken.yaml")
	if err := os.WriteFile(spec, []byte("openapi: 3.0.0\ninfo: [\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := run(t, "gen", "--spec", spec, "--out", t.TempDir())
	if code != exitError {
		t.Errorf("code %d, want %d", code, exitError)
	}
	if !strings.Contains(stderr, "broken.yaml:3:1") || !strings.Contains(stderr, "2 | info: [") {
		t.Errorf("stderr does not point at the place with the lines around it:\n%s", stderr)
	}
}

func TestGenStrictFailsOnSkippedOperation(t *testing.T) {
	spec := filepath.Join(t.TempDir(), "dangling.yaml")
	doc := `openapi: 3.0.0
info: {title: t, version: "1"}
paths:
  /a:
    get:
      operationId: good
      responses: {"200": {description: ok}}
  /b:
    get:
      operationId: bad
      responses:
        "200":
          description: ok
          content: {application/json: {schema: {$ref: "#/components/schemas/Nope"}}}
`
	if err := os.WriteFile(spec, []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "p")
	code, stdout, stderr := run(t, "gen", "--spec", spec, "--out", out)
	if code != exitOK || !strings.Contains(stdout, ": 1 tools") || !strings.Contains(stderr, "operation bad") {
		t.Errorf("without --strict: code %d, want the good operation kept and the bad one named\nstdout %s\nstderr %s", code, stdout, stderr)
	}
	code, _, stderr = run(t, "gen", "--strict", "--spec", spec, "--out", out)
	if code != exitError || !strings.Contains(stderr, "--strict") {
		t.Errorf("with --strict: code %d, stderr %s", code, stderr)
	}
}

func TestToolsJSON(t *testing.T) {
	code, stdout, stderr := run(t, "tools", "--json", "--spec", repoFile(t, "specs/golden/inventory31.yaml"))
	if code != exitOK {
		t.Fatalf("code %d\n%s", code, stderr)
	}
	var rows []toolRow
	if err := json.Unmarshal([]byte(stdout), &rows); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, stdout)
	}
	byName := map[string]toolRow{}
	for _, r := range rows {
		byName[r.Name] = r
		if r.Tokens <= 0 || r.Description == "" {
			t.Errorf("%s: tokens %d, description %q", r.Name, r.Tokens, r.Description)
		}
	}
	if r, ok := byName["listItems"]; !ok || r.Method != "GET" || r.Path != "/items" {
		t.Errorf("listItems row: %+v (present %v)", r, ok)
	}
}

func TestToolsTableAndNameCap(t *testing.T) {
	code, stdout, stderr := run(t, "tools", "--max-name-length", "8", "--spec", repoFile(t, "specs/golden/inventory31.yaml"))
	if code != exitOK {
		t.Fatalf("code %d\n%s", code, stderr)
	}
	lines := strings.Split(strings.TrimSpace(stdout), "\n")
	if !strings.HasPrefix(lines[0], "TOOL") || !strings.Contains(lines[len(lines)-1], "o200k_base") {
		t.Errorf("table header or summary missing:\n%s", stdout)
	}
	seen := map[string]bool{}
	for _, l := range lines[1 : len(lines)-2] {
		name := strings.Fields(l)[0]
		if len(name) > 8 || seen[name] {
			t.Errorf("name %q is longer than 8 or repeated", name)
		}
		seen[name] = true
	}
	if code, _, stderr := run(t, "tools", "--max-name-length", "65", "--spec", "x.yaml"); code != exitError || !strings.Contains(stderr, "1 to 64") {
		t.Errorf("--max-name-length 65: code %d, stderr %q", code, stderr)
	}
}
