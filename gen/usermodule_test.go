package gen_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/agentready/agentready/internal/modtest"
	"github.com/agentready/agentready/specs/exampleapi/server"
)

// TestUserModule follows the README's steps for a user's own repository
// ("Generating tools in your own module") in a fresh module outside this
// one: a require and a replace to this clone, the tool directive, `go mod
// tidy`, a //go:generate line that runs `go tool agentready gen`, `go
// generate`, `go mod tidy` again, `go build`,
// and a program that calls one generated tool against the example API on
// 127.0.0.1. The generated package must not pull in the harness or SQLite.
// It works offline from the module cache: the module starts with this
// repository's go.sum, which stands in for the checksum database.
func TestUserModule(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the agentready command in a fresh module; skipped with -short")
	}
	start := time.Now()
	root := modtest.RepoRoot(t)
	mod := t.TempDir()
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	spec, err := os.ReadFile(filepath.Join(root, "specs", "exampleapi", "openapi.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]string{
		"go.mod":           "module example.com/shop\n\ngo 1.24\n",
		"go.sum":           string(sum),
		"api/openapi.yaml": string(spec),
		"api/generate.go":  "// Package api holds the service desk's spec.\npackage api\n\n//go:generate go tool agentready gen --spec openapi.yaml --out ../servicedesk\n",
	}
	modtest.WriteFiles(t, mod, files)
	// Until the module is published, `go get -tool` cannot resolve it
	// (the proxy has no version): the README's three commands instead.
	modtest.Go(t, mod, "mod", "edit", "-require=github.com/agentready/agentready@v0.0.0", "-replace=github.com/agentready/agentready="+root)
	modtest.Go(t, mod, "mod", "edit", "-tool=github.com/agentready/agentready/cmd/agentready")
	modtest.Go(t, mod, "mod", "tidy")
	modtest.Go(t, mod, "generate", "./...")
	if _, err := os.Stat(filepath.Join(mod, "servicedesk", "client.go")); err != nil {
		t.Fatalf("go generate did not write the package: %v", err)
	}
	// The program that uses it.
	modtest.WriteFiles(t, mod, map[string]string{"main.go": `package main

import (
	"context"
	"fmt"
	"os"

	"example.com/shop/servicedesk"
)

func main() {
	c, err := servicedesk.NewClient(os.Args[1]) // the credential comes from GLOBEX_BEARER_AUTH
	if err != nil {
		fmt.Println(err)
		os.Exit(1)
	}
	cat, err := servicedesk.NewCatalog(c)
	if err != nil {
		fmt.Println(err)
		os.Exit(1)
	}
	tool, ok := cat.Tool("listUsers")
	if !ok {
		fmt.Println("no listUsers tool")
		os.Exit(1)
	}
	fmt.Println(tool.Run(context.Background(), ` + "`" + `{"per_page":2}` + "`" + `).Text)
}
`})
	modtest.Go(t, mod, "mod", "tidy")
	modtest.Go(t, mod, "build", "./...")

	deps := modtest.Go(t, mod, "list", "-deps", "./servicedesk")
	if !strings.Contains(deps, "github.com/agentready/agentready/gen/toolrt") {
		t.Fatalf("go list -deps does not list the runtime:\n%s", deps)
	}
	for _, dep := range strings.Fields(deps) {
		if strings.Contains(dep, "agentready/harness") || strings.Contains(dep, "modernc.org/sqlite") ||
			strings.Contains(dep, "eino-ext") || strings.Contains(dep, "specs/exampleapi") {
			t.Errorf("the generated package depends on %s", dep)
		}
	}

	srv, err := server.Start(context.Background(), server.Options{Addr: "127.0.0.1:0"})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	t.Setenv("GLOBEX_BEARER_AUTH", server.DefaultAdminToken)
	out := modtest.Go(t, mod, "run", ".", srv.URL)
	if !strings.HasPrefix(out, "200") || !strings.Contains(out, "email") {
		t.Errorf("the program printed %q; want the 200 answer with users", out)
	}
	t.Logf("a fresh module, from go mod edit to a tool call: %v", time.Since(start).Round(time.Second))
}
