package fuzz_test

import (
	"context"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	yaml "go.yaml.in/yaml/v4"

	"github.com/agentready/agentready/gen"
	"github.com/agentready/agentready/gen/catalog"
	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/gen/toolrt"
	"github.com/agentready/agentready/harness/fuzz"
	"github.com/agentready/agentready/specs/exampleapi/server"
)

// repoFile returns the path of a file in this repository.
func repoFile(t testing.TB, rel string) string {
	t.Helper()
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", filepath.FromSlash(rel))
}

// exampleServer starts the example API on 127.0.0.1 (getServiceStats
// never fails on purpose) and returns its URL.
func exampleServer(t *testing.T) string {
	t.Helper()
	run, err := server.Start(context.Background(), server.Options{Addr: "127.0.0.1:0", FailEvery: -1})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { run.Close() })
	return run.URL
}

// fuzzSpec loads spec and fuzzes it against url.
func fuzzSpec(t *testing.T, spec, url string, opts fuzz.Options) *fuzz.Report {
	t.Helper()
	api, _, err := gen.Load(gen.Options{Spec: spec})
	if err != nil {
		t.Fatal(err)
	}
	return fuzzAPI(t, api, url, opts)
}

func fuzzAPI(t *testing.T, api *ir.API, url string, opts fuzz.Options) *fuzz.Report {
	t.Helper()
	client, err := catalog.NewClient(api, url, toolrt.WithCredential("bearerAuth", server.DefaultAdminToken),
		toolrt.WithoutEnvironment(), toolrt.WithRetry(toolrt.RetryPolicy{Attempts: 1}))
	if err != nil {
		t.Fatal(err)
	}
	cat, err := catalog.New(api, client)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := fuzz.Run(context.Background(), api, cat, opts)
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

// plant writes a copy of the example API's spec with edit applied to the
// schema of one parameter (or, for "required", to the parameter itself).
func plant(t *testing.T, path, method, param string, edit func(paramNode, schema *yaml.Node)) string {
	t.Helper()
	src, err := os.ReadFile(repoFile(t, "specs/exampleapi/openapi.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(src, &doc); err != nil {
		t.Fatal(err)
	}
	op := get(t, get(t, get(t, doc.Content[0], "paths"), path), method)
	var p *yaml.Node
	for _, n := range get(t, op, "parameters").Content {
		if name := lookup(n, "name"); name != nil && name.Value == param {
			p = n
		}
	}
	if p == nil {
		t.Fatalf("%s %s has no parameter %s", method, path, param)
	}
	edit(p, get(t, p, "schema"))
	out, err := yaml.Marshal(&doc)
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "openapi.yaml")
	if err := os.WriteFile(file, out, 0o644); err != nil {
		t.Fatal(err)
	}
	return file
}

func lookup(m *yaml.Node, key string) *yaml.Node {
	for i := 0; m.Kind == yaml.MappingNode && i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			return m.Content[i+1]
		}
	}
	return nil
}

func get(t *testing.T, m *yaml.Node, key string) *yaml.Node {
	t.Helper()
	n := lookup(m, key)
	if n == nil {
		t.Fatalf("no key %q", key)
	}
	return n
}

// set sets key of mapping m to value; drop removes key.
func set(m *yaml.Node, key, value string) {
	if n := lookup(m, key); n != nil {
		n.Value = value
		return
	}
	m.Content = append(m.Content, &yaml.Node{Kind: yaml.ScalarNode, Value: key}, &yaml.Node{Kind: yaml.ScalarNode, Value: value})
}

func drop(m *yaml.Node, key string) {
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			m.Content = append(m.Content[:i], m.Content[i+2:]...)
			return
		}
	}
}

func flagged(rep *fuzz.Report, tool, arg string) []fuzz.Finding {
	var out []fuzz.Finding
	for _, f := range rep.Findings {
		if f.Tool == tool && f.Argument == arg {
			out = append(out, f)
		}
	}
	return out
}

func TestPlantedDefectsAreFoundAndOnlyThen(t *testing.T) {
	url := exampleServer(t)
	// What the unmodified spec gives, for the comparison.
	clean := fuzzSpec(t, repoFile(t, "specs/exampleapi/openapi.yaml"), url, fuzz.Options{Seed: 1})
	t.Logf("unmodified: %d findings, %d calls, %s", len(clean.Findings), clean.Calls, clean.Elapsed.Round(time.Millisecond))
	for _, f := range clean.Findings {
		t.Logf("  %s %s %s %v: %s | %s", f.Tool, f.Argument, f.Kind, f.Value, f.Evidence, f.Fix)
	}
	for _, c := range []struct {
		name, path, method, param, tool string
		edit                            func(p, s *yaml.Node)
		// fix is what the suggested fix must say.
		fix string
	}{
		{"dropped enum", "/tickets", "get", "sort", "listTickets",
			func(_, s *yaml.Node) { drop(s, "enum") }, "enum: [created_at, -created_at, updated_at"},
		{"changed format", "/assets", "get", "purchased_after", "listAssets",
			func(_, s *yaml.Node) { set(s, "format", "date-time"); set(s, "example", "2025-01-01T00:00:00Z") }, "format: date"},
		{"raised maximum", "/search/tickets", "get", "limit", "searchTickets",
			func(_, s *yaml.Node) { set(s, "maximum", "500") }, "maximum: 50"},
		{"dropped length limit", "/users", "get", "q", "listUsers",
			func(_, s *yaml.Node) { drop(s, "maxLength") }, "maxLength: 100"},
		{"required marked optional", "/search/tickets", "get", "q", "searchTickets",
			func(p, _ *yaml.Node) { drop(p, "required") }, "required"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := flagged(clean, c.tool, c.param); len(got) > 0 {
				t.Errorf("%s.%s is flagged on the unmodified spec: %+v", c.tool, c.param, got)
			}
			spec := plant(t, c.path, c.method, c.param, c.edit)
			rep := fuzzSpec(t, spec, url, fuzz.Options{Seed: 1, Tools: []string{c.tool}})
			got := flagged(rep, c.tool, c.param)
			t.Logf("%d findings, %d calls, %s", len(rep.Findings), rep.Calls, rep.Elapsed.Round(time.Millisecond))
			if len(got) == 0 {
				t.Fatalf("%s.%s not flagged; findings: %+v", c.tool, c.param, rep.Findings)
			}
			f := got[0]
			t.Logf("%s %s %s %v: %s | %s", f.Tool, f.Argument, f.Kind, f.Value, f.Evidence, f.Fix)
			if f.Kind != fuzz.UnderSpecified || !strings.Contains(f.Fix, c.fix) || f.OperationID != c.tool {
				t.Errorf("finding %+v: want under-specified with a fix saying %q", f, c.fix)
			}
			if f.Status != http.StatusBadRequest || f.Evidence == "" {
				t.Errorf("evidence: %d %q", f.Status, f.Evidence)
			}
		})
	}
}
