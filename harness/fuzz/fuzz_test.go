package fuzz_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
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
	"github.com/agentready/agentready/internal/modtest"
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
	return fuzzAPI(t, api, url, opts, toolrt.WithCredential("bearerAuth", server.DefaultAdminToken))
}

// fuzzAPI fuzzes api at url, with no credentials but those of creds.
func fuzzAPI(t *testing.T, api *ir.API, url string, opts fuzz.Options, creds ...toolrt.Option) *fuzz.Report {
	t.Helper()
	client, err := catalog.NewClient(api, url, append(creds, toolrt.WithoutEnvironment(),
		toolrt.WithRetry(toolrt.RetryPolicy{Attempts: 1}))...)
	if err != nil {
		t.Fatal(err)
	}
	cat, err := catalog.Bind(api, client)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := fuzz.Run(context.Background(), cat, opts)
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

func TestDocumentationStricterThanTheAPI(t *testing.T) {
	url := exampleServer(t)
	// The server takes limit up to 50: a documented maximum of 10 is
	// stricter than the API, and the API says where its own bound is.
	tight := plant(t, "/search/tickets", "get", "limit", func(_, s *yaml.Node) { set(s, "maximum", "10") })
	rep := fuzzSpec(t, tight, url, fuzz.Options{Seed: 1, Tools: []string{"searchTickets"}})
	got := flagged(rep, "searchTickets", "limit")
	if len(got) != 1 || got[0].Kind != fuzz.OverRestrictive || !strings.Contains(got[0].Fix, "maximum: 50") {
		t.Errorf("tightened maximum: %+v", got)
	}
	// The server lists assets without a location: a location marked
	// required is over-restrictive.
	req := plant(t, "/assets", "get", "location", func(p, _ *yaml.Node) { set(p, "required", "true") })
	rep = fuzzSpec(t, req, url, fuzz.Options{Seed: 1, Tools: []string{"listAssets"}})
	got = flagged(rep, "listAssets", "location")
	if len(got) != 1 || got[0].Kind != fuzz.OverRestrictive || !got[0].Omitted || !strings.Contains(got[0].Fix, "optional") {
		t.Errorf("location marked required: %+v", got)
	}
	// The server takes any location: an enum it does not check is
	// unvalidated.
	enum := plant(t, "/assets", "get", "location", func(_, s *yaml.Node) {
		s.Content = append(s.Content, &yaml.Node{Kind: yaml.ScalarNode, Value: "enum"},
			&yaml.Node{Kind: yaml.SequenceNode, Style: yaml.FlowStyle, Content: []*yaml.Node{
				{Kind: yaml.ScalarNode, Value: "Berlin"}, {Kind: yaml.ScalarNode, Value: "London"}}})
	})
	rep = fuzzSpec(t, enum, url, fuzz.Options{Seed: 1, Tools: []string{"listAssets"}})
	got = flagged(rep, "listAssets", "location")
	if len(got) != 1 || got[0].Kind != fuzz.Unvalidated || got[0].Value != "zz-not-an-option" || got[0].Status != 200 {
		t.Errorf("unchecked enum: %+v", got)
	}
}

func TestSameSeedSameFindingsAndBudgetsHold(t *testing.T) {
	url := exampleServer(t)
	spec := repoFile(t, "specs/exampleapi/openapi.yaml")
	opts := fuzz.Options{Seed: 7, Tools: []string{"listTickets", "listUsers", "searchTickets"}}
	a, b := fuzzSpec(t, spec, url, opts), fuzzSpec(t, spec, url, opts)
	// The evidence holds the API's own request ids; the rest must match.
	for i := range a.Findings {
		a.Findings[i].Evidence = ""
	}
	for i := range b.Findings {
		b.Findings[i].Evidence = ""
	}
	ja, _ := json.Marshal(a.Findings)
	jb, _ := json.Marshal(b.Findings)
	if string(ja) != string(jb) || a.Calls != b.Calls {
		t.Errorf("seed 7 twice differs:\n%s\n%s", ja, jb)
	}
	opts.MaxCalls = 10
	c := fuzzSpec(t, spec, url, opts)
	if c.Calls > 10 || c.Stopped != "call budget" {
		t.Errorf("call budget 10: %d calls, stopped %q", c.Calls, c.Stopped)
	}
	all := fuzzSpec(t, spec, url, fuzz.Options{Seed: 1, MaxCalls: 1})
	if all.Skipped["createTicket"] == "" || all.Skipped["deleteTicket"] == "" || all.Skipped["listTickets"] != "" {
		t.Errorf("without AllowMutations the tools that change state are skipped, no others: %v", all.Skipped)
	}
}

func TestAHangingAPIDoesNotHangTheFuzzer(t *testing.T) {
	hang := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-r.Context().Done():
		case <-time.After(30 * time.Second):
		}
	}))
	t.Cleanup(hang.Close)
	api, _, err := gen.Load(gen.Options{Spec: repoFile(t, "specs/golden/inventory31.yaml")})
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	rep := fuzzAPI(t, api, hang.URL, fuzz.Options{CallTimeout: 100 * time.Millisecond, MaxCalls: 4})
	if time.Since(start) > 3*time.Second || rep.Calls != 4 {
		t.Errorf("4 calls of 100 ms took %s, %d calls", time.Since(start), rep.Calls)
	}
	if len(rep.Findings) == 0 || rep.Findings[0].Kind != fuzz.ServerError || rep.Findings[0].Status != 0 {
		t.Errorf("a call without an answer is a server error: %+v", rep.Findings)
	}
	// Cancelling stops the run within a second, even mid-call.
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(200*time.Millisecond, cancel)
	client, _ := catalog.NewClient(api, hang.URL, toolrt.WithoutEnvironment(), toolrt.WithRetry(toolrt.RetryPolicy{Attempts: 1}))
	cat, _ := catalog.Bind(api, client)
	start = time.Now()
	rep, err = fuzz.Run(ctx, cat, fuzz.Options{CallTimeout: time.Minute})
	if err != nil || time.Since(start) > time.Second+200*time.Millisecond || rep.Stopped != "interrupted" {
		t.Errorf("cancelled run: %v after %s, stopped %q", err, time.Since(start), rep.Stopped)
	}
}

// unreachableInventory is the inventory spec's IR with a client for an
// address where nothing answers.
func unreachableInventory(t *testing.T) (*ir.API, *toolrt.Client) {
	t.Helper()
	api, _, err := gen.Load(gen.Options{Spec: repoFile(t, "specs/golden/inventory31.yaml")})
	if err != nil {
		t.Fatal(err)
	}
	client, err := catalog.NewClient(api, "http://127.0.0.1:1", toolrt.WithoutEnvironment())
	if err != nil {
		t.Fatal(err)
	}
	return api, client
}

func TestUnknownToolIsAnError(t *testing.T) {
	api, client := unreachableInventory(t)
	cat, _ := catalog.Bind(api, client)
	_, err := fuzz.Run(context.Background(), cat, fuzz.Options{Tools: []string{"listItems", "nope"}})
	if err == nil || !strings.Contains(err.Error(), `"nope"`) {
		t.Errorf("err %v", err)
	}
}

// TestNoIRIsAnError checks that tools without the IR they were built from
// are refused with the fix, not fuzzed into a nil dereference.
func TestNoIRIsAnError(t *testing.T) {
	api, client := unreachableInventory(t)
	bare, err := catalog.New(api, client)
	if err != nil {
		t.Fatal(err)
	}
	for _, cat := range []*catalog.Bound{nil, {Catalog: bare}} {
		if _, err := fuzz.Run(context.Background(), cat, fuzz.Options{}); err == nil || !strings.Contains(err.Error(), "catalog.Bind") {
			t.Errorf("fuzzing %v: err %v", cat, err)
		}
	}
}

// sharedRealSpecs returns ../shared/specs/real beside the repository; the
// test is skipped when it is missing and AGENTREADY_SKIP_SHARED is set.
func sharedRealSpecs(t *testing.T) string {
	return filepath.Join(modtest.SharedSpecs(t), "real")
}

// On real specs, against an API that takes everything and one that
// refuses everything: the budget holds, and the oracle blames the
// documentation only in the direction the API's answers allow.
func TestRealSpecsAgainstAPIsThatTakeOrRefuseEverything(t *testing.T) {
	if testing.Short() {
		t.Skip("loads the real specs")
	}
	dir := sharedRealSpecs(t)
	takeAll := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Write([]byte(`{}`))
	}))
	t.Cleanup(takeAll.Close)
	refuseAll := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusBadRequest)
		w.Write([]byte(`{"message":"bad request"}`))
	}))
	t.Cleanup(refuseAll.Close)
	for _, name := range []string{"slack.json", "stripe.json", "jira.json"} {
		t.Run(name, func(t *testing.T) {
			api, _, err := gen.Load(gen.Options{Spec: filepath.Join(dir, name)})
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range []struct {
				url       string
				forbidden fuzz.Kind
			}{{takeAll.URL, fuzz.UnderSpecified}, {refuseAll.URL, fuzz.Unvalidated}} {
				rep := fuzzAPI(t, api, c.url, fuzz.Options{Seed: 2, MaxCalls: 400})
				if rep.Calls > 400 || rep.Tools == 0 {
					t.Errorf("%d calls on %d tools", rep.Calls, rep.Tools)
				}
				for _, f := range rep.Findings {
					if f.Kind == c.forbidden || f.Kind == fuzz.ServerError || f.Tool == "" || f.Fix == "" || f.Evidence == "" {
						t.Errorf("%s: %+v", c.url, f)
					}
				}
			}
		})
	}
}
