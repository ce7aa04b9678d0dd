package catalog_test

import (
	"context"
	"encoding/json"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/agentready/agentready/gen"
	"github.com/agentready/agentready/gen/catalog"
	"github.com/agentready/agentready/gen/toolrt"
	"github.com/agentready/agentready/specs/exampleapi/server"
)

// serviceDesk starts the example API on 127.0.0.1 and returns its URL and
// its spec lowered to the IR.
func serviceDesk(t *testing.T) (string, *gen.Options) {
	t.Helper()
	run, err := server.Start(context.Background(), server.Options{Addr: "127.0.0.1:0"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { run.Close() })
	_, file, _, _ := runtime.Caller(0)
	spec := filepath.Join(filepath.Dir(file), "..", "..", "specs", "exampleapi", "openapi.yaml")
	return run.URL, &gen.Options{Spec: spec}
}

// newCatalog builds the spec's catalog with the given bearer token.
func newCatalog(t *testing.T, url string, opts *gen.Options, token string, tools ...toolrt.ToolOption) *toolrt.Catalog {
	t.Helper()
	api, _, err := gen.Load(*opts)
	if err != nil {
		t.Fatal(err)
	}
	client, err := catalog.NewClient(api, url, toolrt.WithoutEnvironment(), toolrt.WithCredential("bearerAuth", token))
	if err != nil {
		t.Fatal(err)
	}
	cat, err := catalog.New(api, client, tools...)
	if err != nil {
		t.Fatal(err)
	}
	if len(cat.Tools) != len(api.Operations) {
		t.Fatalf("%d tools for %d operations", len(cat.Tools), len(api.Operations))
	}
	return cat
}

func run(t *testing.T, cat *toolrt.Catalog, tool, args string) *toolrt.Call {
	t.Helper()
	tl, ok := cat.Tool(tool)
	if !ok {
		t.Fatalf("no tool %s", tool)
	}
	return tl.Run(context.Background(), args)
}

// firstID digs the first "id" out of a list response.
func firstID(t *testing.T, raw []byte) string {
	t.Helper()
	var page struct {
		Items []struct {
			ID string `json:"id"`
		} `json:"items"`
	}
	if err := json.Unmarshal(raw, &page); err != nil || len(page.Items) == 0 {
		var list []struct {
			ID string `json:"id"`
		}
		if err2 := json.Unmarshal(raw, &list); err2 != nil || len(list) == 0 {
			t.Fatalf("no id in %.200s (%v, %v)", raw, err, err2)
		}
		return list[0].ID
	}
	return page.Items[0].ID
}

func TestSpecBuiltCatalogAgainstTheExampleAPI(t *testing.T) {
	url, opts := serviceDesk(t)
	cat := newCatalog(t, url, opts, server.DefaultAdminToken)

	users := run(t, cat, "listUsers", "")
	if !users.Result.OK || !strings.HasPrefix(users.Text, "200 OK") {
		t.Fatalf("listUsers: %s", users.Text)
	}
	id := firstID(t, users.Response.Raw)

	got := run(t, cat, "getUser", `{"userId":"`+id+`"}`)
	if !got.Result.OK || !strings.Contains(got.Text, id) {
		t.Errorf("getUser with a real id: %s", got.Text)
	}

	invalid := run(t, cat, "getUser", `{"userid":"`+id+`"}`)
	if invalid.ArgError == nil || invalid.Response != nil || !strings.Contains(invalid.Text, `did you mean "userId"`) {
		t.Errorf("getUser with a misspelt argument: sent %v, text %s", invalid.Response != nil, invalid.Text)
	}

	missing := run(t, cat, "getUser", `{"userId":"00000000-0000-4000-8000-000000000000"}`)
	if missing.Result.Status != 404 || !strings.HasPrefix(missing.Text, "404") {
		t.Errorf("getUser with an unknown id: %s", missing.Text)
	}

	refused := run(t, cat, "createTicket", `{"title":"Printer on fire","requester_id":"`+id+`"}`)
	if !refused.Refused || refused.Response != nil {
		t.Errorf("createTicket without the opt-in was not refused: %s", refused.Text)
	}
}

func TestExampleAPIFailuresBecomeReadableResults(t *testing.T) {
	url, opts := serviceDesk(t)

	denied := run(t, newCatalog(t, url, opts, "wrong-token"), "listUsers", "{}")
	if denied.Result.Status != 401 || denied.Result.Kind != toolrt.ResultHTTPError || strings.Contains(denied.Text, "wrong-token") {
		t.Errorf("wrong token: %+v", denied.Result)
	}

	cat := newCatalog(t, url, opts, server.DefaultAdminToken, toolrt.AllowAllMutations(),
		toolrt.WithResultOptions(toolrt.ResultOptions{MaxTokens: 1500}))
	// The scheduled 503 (every third call) is retried after its
	// Retry-After: every call gets through.
	for i := 0; i < 3; i++ {
		if c := run(t, cat, "getServiceStats", "{}"); !c.Result.OK {
			t.Errorf("getServiceStats call %d: %s", i+1, c.Text)
		}
	}
	// Without retries, the model reads the 503 with what to do.
	api, _, err := gen.Load(*opts)
	if err != nil {
		t.Fatal(err)
	}
	once, err := catalog.NewClient(api, url, toolrt.WithoutEnvironment(), toolrt.WithCredential("bearerAuth", server.DefaultAdminToken),
		toolrt.WithRetry(toolrt.RetryPolicy{Attempts: 1}))
	if err != nil {
		t.Fatal(err)
	}
	noRetry, err := catalog.New(api, once)
	if err != nil {
		t.Fatal(err)
	}
	var unavailable int
	for i := 0; i < 3; i++ {
		c := run(t, noRetry, "getServiceStats", "{}")
		if c.Result.Status == 503 {
			unavailable++
			if !strings.Contains(strings.ToLower(c.Text), "later") {
				t.Errorf("503 result gives no advice: %s", c.Text)
			}
		}
	}
	if unavailable != 1 {
		t.Errorf("%d of 3 getServiceStats calls were 503, want the scheduled 1", unavailable)
	}

	export := run(t, cat, "exportTickets", `{"include_comments":true}`)
	if !export.Result.OK || !export.Result.Truncated || export.Result.BodyTokens < 10000 || len(export.Text) > 1500*6 {
		t.Errorf("large export: ok %v truncated %v body tokens %d, text %d bytes", export.Result.OK, export.Result.Truncated, export.Result.BodyTokens, len(export.Text))
	}

	users := run(t, cat, "listUsers", `{"active":true}`)
	created := run(t, cat, "createTicket", `{"title":"Printer on fire","requester_id":"`+firstID(t, users.Response.Raw)+`"}`)
	if created.Result.Status != 201 {
		t.Errorf("createTicket with mutations allowed: %s", created.Text)
	}
}
