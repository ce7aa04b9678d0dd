package gen_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentready/agentready/gen"
	"github.com/agentready/agentready/gen/catalog"
	"github.com/agentready/agentready/internal/modtest"
)

// TestGeneratedClientOverHTTP generates the package for
// specs/golden/inventory31.yaml into a throwaway module, adds the
// hand-written tests in testdata/e2e beside it and runs `go test` there:
// the generated client and its Eino tools, driven by a ReAct agent, talk to
// real HTTP servers on 127.0.0.1.
func TestGeneratedClientOverHTTP(t *testing.T) {
	spec := filepath.Join(modtest.RepoRoot(t), "specs", "golden", "inventory31.yaml")
	res, err := gen.Generate(gen.Options{Spec: spec, Package: "inventory31"})
	if err != nil {
		t.Fatal(err)
	}
	mod := modtest.NewModule(t, "e2e")
	dir := filepath.Join(mod, "inventory31")
	if err := gen.Write(dir, res.Files); err != nil {
		t.Fatal(err)
	}
	copyTests(t, "inventory31*_test.go", dir)
	// The descriptors a spec-built catalog uses, for the test that checks
	// the generated ones are the same.
	ops, err := catalog.Operations(res.API)
	if err != nil {
		t.Fatal(err)
	}
	want, err := json.MarshalIndent(ops, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(dir, "testdata"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "testdata", "catalog.json"), want, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Log(modtest.Go(t, mod, "test", "-count=1", "./inventory31"))
	if testing.Short() {
		return
	}
	// Two clients for two servers, called from 50 goroutines: under the
	// race detector, each owns its descriptors and reaches its own server.
	t.Log(modtest.Go(t, mod, "test", "-race", "-count=1", "-run", "TwoClients", "./inventory31"))
}

// TestSplitPackageOverHTTP generates inventory31 split by tag and runs
// testdata/e2e/split/*_test.go in its all/ package against a server on
// 127.0.0.1.
func TestSplitPackageOverHTTP(t *testing.T) {
	spec := filepath.Join(modtest.RepoRoot(t), "specs", "golden", "inventory31.yaml")
	res, err := gen.Generate(gen.Options{Spec: spec, Package: "inventory", SplitByTag: true, ImportPath: "e2e/inventory"})
	if err != nil {
		t.Fatal(err)
	}
	mod := modtest.NewModule(t, "e2e")
	dir := filepath.Join(mod, "inventory")
	if err := gen.Write(dir, res.Files); err != nil {
		t.Fatal(err)
	}
	copyTests(t, "split/*_test.go", filepath.Join(dir, "all"))
	ops, err := catalog.Operations(res.API)
	if err != nil {
		t.Fatal(err)
	}
	want, err := json.MarshalIndent(ops, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(dir, "all", "testdata"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "all", "testdata", "catalog.json"), want, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Log(modtest.Go(t, mod, "test", "-count=1", "./inventory/..."))
}

// TestGeneratedServiceDesk generates the package for the example API's
// spec and runs testdata/e2e/servicedesk*_test.go beside it against the
// real server on 127.0.0.1: typed methods, Eino tools and the tools served
// over MCP.
func TestGeneratedServiceDesk(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the example API; skipped with -short")
	}
	spec := filepath.Join(modtest.RepoRoot(t), "specs", "exampleapi", "openapi.yaml")
	res, err := gen.Generate(gen.Options{Spec: spec, Package: "servicedesk", Strict: true})
	if err != nil {
		t.Fatal(err)
	}
	mod := modtest.NewModule(t, "e2e")
	dir := filepath.Join(mod, "servicedesk")
	if err := gen.Write(dir, res.Files); err != nil {
		t.Fatal(err)
	}
	copyTests(t, "servicedesk*_test.go", dir)
	t.Log(modtest.Go(t, mod, "test", "-count=1", "./servicedesk"))
}

// TestGoGenerate wires agentready into a module the way the README tells
// users to: a tool directive, a //go:generate line that runs `go tool
// agentready` with a config file,
// then `go generate ./...` and `go build ./...`.
func TestGoGenerate(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the agentready command; skipped with -short")
	}
	mod := modtest.NewModule(t, "example.com/shop")
	spec, err := os.ReadFile(filepath.Join(modtest.RepoRoot(t), "specs", "golden", "petstore20.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]string{
		"api/petstore.yaml":   string(spec),
		"api/agentready.yaml": "spec: petstore.yaml\nout: ../pettools\nselect:\n  exclude:\n    - methods: [DELETE]\n",
		"api/generate.go":     "// Package api holds the Pet Store spec.\npackage api\n\n//go:generate go tool agentready gen --config agentready.yaml\n",
		"main.go":             "package main\n\nimport (\n\t\"fmt\"\n\n\t\"example.com/shop/pettools\"\n)\n\nfunc main() {\n\tc, err := pettools.NewClient(\"http://127.0.0.1:1\")\n\tfmt.Println(c != nil, err)\n}\n",
	}
	modtest.WriteFiles(t, mod, files)
	modtest.Go(t, mod, "mod", "edit", "-tool=github.com/agentready/agentready/cmd/agentready")
	t.Log(modtest.Go(t, mod, "generate", "./..."))
	if _, err := os.Stat(filepath.Join(mod, "pettools", "client.go")); err != nil {
		t.Fatalf("go generate did not write the package: %v", err)
	}
	modtest.Go(t, mod, "build", "./...")
	modtest.Go(t, mod, "vet", "./...")
	if out := modtest.Go(t, mod, "run", "."); strings.TrimSpace(out) != "true <nil>" {
		t.Errorf("program printed %q", out)
	}
}

// copyTests copies the tests in testdata/e2e whose names match pattern
// into dir, beside a generated package.
func copyTests(t *testing.T, pattern, dir string) {
	t.Helper()
	tests, err := filepath.Glob(filepath.Join("testdata", "e2e", pattern))
	if err != nil || len(tests) == 0 {
		t.Fatalf("no tests %s in testdata/e2e: %v", pattern, err)
	}
	for _, path := range tests {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, filepath.Base(path)), src, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
