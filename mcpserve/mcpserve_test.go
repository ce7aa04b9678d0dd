package mcpserve

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentready/agentready/gen"
	"github.com/agentready/agentready/gen/catalog"
	"github.com/agentready/agentready/gen/toolrt"
	"github.com/agentready/agentready/mcpserve/mcpservetest"
	"github.com/agentready/agentready/specs/exampleapi/server"
)

// openTicket is an open ticket of the example API's seed 1 (the seed
// `go run ./specs/exampleapi` uses).
const openTicket = "TCK-1225"

// exampleCatalog starts the example API on 127.0.0.1 and returns the
// catalog of its spec, calling it with the admin token.
func exampleCatalog(t *testing.T, opts ...toolrt.ToolOption) *toolrt.Catalog {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	srv, err := server.Start(ctx, server.Options{Addr: "127.0.0.1:0", Seed: 1, Now: func() time.Time { return server.SeedEpoch }})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = srv.Close() })
	spec := filepath.Join(t.TempDir(), "openapi.yaml")
	if err := os.WriteFile(spec, server.Spec(), 0o644); err != nil {
		t.Fatal(err)
	}
	api, _, err := gen.Load(gen.Options{Spec: spec})
	if err != nil {
		t.Fatal(err)
	}
	client, err := catalog.NewClient(api, srv.URL, toolrt.WithCredential("bearerAuth", server.DefaultAdminToken), toolrt.WithoutEnvironment())
	if err != nil {
		t.Fatal(err)
	}
	cat, err := catalog.New(api, client, opts...)
	if err != nil {
		t.Fatal(err)
	}
	return cat
}

// serve adds the example API's tools to a server with add, serves it in
// memory and returns the catalog and a client session to the server.
func serve(t *testing.T, add func(*mcp.Server, *toolrt.Catalog, ...Option) error, opts ...toolrt.ToolOption) (*toolrt.Catalog, *mcp.ClientSession) {
	t.Helper()
	cat := exampleCatalog(t, opts...)
	s := mcp.NewServer(&mcp.Implementation{Name: "test", Version: "v0"}, nil)
	if err := add(s, cat); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	st, ct := mcp.NewInMemoryTransports()
	ss, err := s.Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = ss.Close() })
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "v0"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cs.Close() })
	return cat, cs
}

func TestStaticListsEveryToolAsTheModelReadsIt(t *testing.T) {
	cat, cs := serve(t, AddTools)
	res, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Tools) != 28 || len(cat.Tools) != 28 {
		t.Fatalf("%d tools listed, %d in the catalog; want 28", len(res.Tools), len(cat.Tools))
	}
	for _, got := range res.Tools {
		tool, ok := cat.Tool(got.Name)
		if !ok {
			t.Errorf("listed %q, which is not in the catalog", got.Name)
			continue
		}
		op := tool.Operation()
		if got.Description != op.Description {
			t.Errorf("%s: description %q, want %q", got.Name, got.Description, op.Description)
		}
		var want any
		if err := json.Unmarshal([]byte(op.Schema), &want); err != nil {
			t.Fatal(err)
		}
		if g, w := mustJSON(t, got.InputSchema), mustJSON(t, want); g != w {
			t.Errorf("%s: input schema\n%s\nwant\n%s", got.Name, g, w)
		}
		if got.Annotations == nil || got.Annotations.ReadOnlyHint == op.Mutating() {
			t.Errorf("%s (%s): annotations %+v", got.Name, op.Method, got.Annotations)
		}
	}
}

func TestStaticCallIsTheRuntimeCall(t *testing.T) {
	cat, cs := serve(t, AddTools)

	args := map[string]any{"ticketId": openTicket}
	text, isErr := mcpservetest.CallText(t, cs, "getTicket", args)
	getTicket, ok := cat.Tool("getTicket")
	if !ok {
		t.Fatal("the catalog has no tool getTicket")
	}
	want := getTicket.Run(context.Background(), `{"ticketId":"`+openTicket+`"}`).Text
	if isErr || text != want || !strings.HasPrefix(text, "200 OK") {
		t.Errorf("getTicket: error %v\n%s\nwant\n%s", isErr, text, want)
	}

	// Invalid arguments: nothing sent, and the model is told how to fix them.
	text, isErr = mcpservetest.CallText(t, cs, "listTickets", map[string]any{"per_page": 1000, "colour": "red"})
	if !isErr || !strings.Contains(text, "Invalid arguments for listTickets") || !strings.Contains(text, "colour") || !strings.Contains(text, "per_page") {
		t.Errorf("invalid arguments: error %v\n%s", isErr, text)
	}

	// No arguments at all are an empty object: the required one is missing.
	text, isErr = mcpservetest.CallText(t, cs, "getTicket", nil)
	if !isErr || !strings.Contains(text, "ticketId") {
		t.Errorf("no arguments: error %v\n%s", isErr, text)
	}

	// A tool that changes state is refused, and the ticket stays open.
	text, isErr = mcpservetest.CallText(t, cs, "closeTicket", map[string]any{"ticketId": openTicket, "resolution_code": "fixed"})
	if !isErr || !strings.Contains(text, "Not called") {
		t.Errorf("closeTicket without opt-in: error %v\n%s", isErr, text)
	}
	if text, _ := mcpservetest.CallText(t, cs, "getTicket", args); !strings.Contains(text, `"status":"open"`) {
		t.Errorf("the refused close changed the ticket:\n%s", text)
	}
}

func TestStaticMutationsWhenAllowed(t *testing.T) {
	_, cs := serve(t, AddTools, toolrt.AllowAllMutations())
	text, isErr := mcpservetest.CallText(t, cs, "closeTicket", map[string]any{"ticketId": openTicket, "resolution_code": "fixed"})
	if isErr || !strings.HasPrefix(text, "200 OK") || !strings.Contains(text, `"status":"closed"`) {
		t.Errorf("closeTicket allowed: error %v\n%s", isErr, text)
	}
	// An HTTP error is a result the model reads, marked as an error.
	text, isErr = mcpservetest.CallText(t, cs, "getTicket", map[string]any{"ticketId": "TCK-9999"})
	if !isErr || !strings.HasPrefix(text, "404 Not Found") {
		t.Errorf("missing ticket: error %v\n%s", isErr, text)
	}
}

func TestDynamicSearchDescribeCall(t *testing.T) {
	cat, cs := serve(t, AddMetaTools)
	res, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var listed []string
	for _, tl := range res.Tools {
		listed = append(listed, tl.Name)
	}
	if strings.Join(listed, ",") != "call_tool,describe_tool,search_tools" {
		t.Fatalf("listed %v", listed)
	}

	text, isErr := mcpservetest.CallText(t, cs, SearchTools, map[string]any{"query": "close a ticket", "limit": 3})
	lines := strings.Split(text, "\n")
	if isErr || len(lines) != 5 || !strings.HasPrefix(lines[1], "- closeTicket (POST /tickets/{ticketId}/close): Close ticket.") {
		t.Errorf("search: error %v\n%s", isErr, text)
	}
	if text, isErr := mcpservetest.CallText(t, cs, SearchTools, map[string]any{"query": "  "}); !isErr || !strings.Contains(text, "query") {
		t.Errorf("empty query: error %v\n%s", isErr, text)
	}
	if text, isErr := mcpservetest.CallText(t, cs, SearchTools, map[string]any{"query": "zebra quux"}); isErr || !strings.HasPrefix(text, "No tool matches") {
		t.Errorf("no match: error %v\n%s", isErr, text)
	}

	text, isErr = mcpservetest.CallText(t, cs, DescribeTool, map[string]any{"name": "closeTicket"})
	closeTicket, ok := cat.Tool("closeTicket")
	if !ok {
		t.Fatal("the catalog has no tool closeTicket")
	}
	op := closeTicket.Operation()
	if isErr || !strings.HasPrefix(text, "closeTicket (POST /tickets/{ticketId}/close; changes data)\n"+op.Description+"\n") || !strings.HasSuffix(text, "\n"+op.Schema) {
		t.Errorf("describe: error %v\n%s", isErr, text)
	}

	// An unknown name names the closest tools, in both meta-tools.
	for _, meta := range []string{DescribeTool, CallTool} {
		text, isErr = mcpservetest.CallText(t, cs, meta, map[string]any{"name": "get_tickets"})
		if !isErr || !strings.Contains(text, `no tool named "get_tickets"`) || !strings.Contains(text, `"getTicket"`) {
			t.Errorf("%s of an unknown tool: error %v\n%s", meta, isErr, text)
		}
	}
	// A missing name is the SDK's own check, as an error result.
	if text, isErr := mcpservetest.CallText(t, cs, CallTool, map[string]any{"arguments": map[string]any{}}); !isErr || !strings.Contains(text, "name") {
		t.Errorf("call without name: error %v\n%s", isErr, text)
	}

	// call_tool gives what the tool itself gives, corrections included.
	getTicket, ok := cat.Tool("getTicket")
	if !ok {
		t.Fatal("the catalog has no tool getTicket")
	}
	want := getTicket.Run(context.Background(), `{"ticketId":"`+openTicket+`"}`).Text
	text, isErr = mcpservetest.CallText(t, cs, CallTool, map[string]any{"name": "getTicket", "arguments": map[string]any{"ticketId": openTicket}})
	if isErr || text != want {
		t.Errorf("call getTicket: error %v\n%s\nwant\n%s", isErr, text, want)
	}
	// Arguments written as a JSON string are read, and the model told so.
	text, isErr = mcpservetest.CallText(t, cs, CallTool, map[string]any{"name": "getTicket", "arguments": `{"ticketId":"` + openTicket + `"}`})
	if isErr || !strings.HasPrefix(text, "200 OK") || !strings.Contains(text, "Arguments adjusted") {
		t.Errorf("call with string arguments: error %v\n%s", isErr, text)
	}
	text, isErr = mcpservetest.CallText(t, cs, CallTool, map[string]any{"name": "listTickets", "arguments": map[string]any{"per_page": 1000}})
	if !isErr || !strings.Contains(text, "Invalid arguments for listTickets") {
		t.Errorf("call with invalid arguments: error %v\n%s", isErr, text)
	}
	text, isErr = mcpservetest.CallText(t, cs, CallTool, map[string]any{"name": "deleteTicket", "arguments": map[string]any{"ticketId": openTicket}})
	if !isErr || !strings.Contains(text, "Not called") {
		t.Errorf("call of a mutation: error %v\n%s", isErr, text)
	}
}

func TestDefinitionRefusesNonObjectSchemas(t *testing.T) {
	_, err := definition(&toolrt.Operation{Name: "odd", Schema: `{"type":"array"}`})
	if err == nil || !strings.Contains(err.Error(), "odd") || !strings.Contains(err.Error(), `"object"`) {
		t.Errorf("err %v", err)
	}
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
