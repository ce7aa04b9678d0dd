package servicedesk

// The generated package served over MCP in the few lines the README shows,
// and an MCP client calling one of its tools. Copied beside the generated
// package by TestGeneratedServiceDesk (gen/e2e_test.go).

import (
	"context"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentready/agentready/mcpserve"
	"github.com/agentready/agentready/mcpserve/mcpservetest"
	"github.com/agentready/agentready/specs/exampleapi/server"
)

func TestServedOverMCP(t *testing.T) {
	url := start(t)
	t.Setenv("GLOBEX_BEARER_AUTH", server.DefaultAdminToken)
	ctx := context.Background()

	// What the README shows, with a transport a test can reach.
	c, err := NewClient(url)
	if err != nil {
		t.Fatal(err)
	}
	cat, err := NewCatalog(c)
	if err != nil {
		t.Fatal(err)
	}
	s := mcp.NewServer(&mcp.Implementation{Name: "servicedesk", Version: "v1"}, nil)
	if err := mcpserve.AddTools(s, cat); err != nil {
		t.Fatal(err)
	}
	st, ct := mcp.NewInMemoryTransports()
	go func() { _ = s.Run(ctx, st) }()

	cs, err := mcp.NewClient(&mcp.Implementation{Name: "e2e", Version: "v0"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	res, err := cs.ListTools(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Tools) != len(Operations()) {
		t.Errorf("listed %d tools, the package has %d", len(res.Tools), len(Operations()))
	}
	text, isErr := mcpservetest.CallText(t, cs, "listUsers", map[string]any{"per_page": "2"})
	if isErr || !strings.HasPrefix(text, "200 OK") || !strings.Contains(text, `per_page: "2" -> 2`) {
		t.Errorf("listUsers (error %v):\n%s", isErr, text)
	}
}
