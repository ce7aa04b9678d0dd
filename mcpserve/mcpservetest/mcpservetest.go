// Package mcpservetest helps tests that call tools through an MCP client.
package mcpservetest

import (
	"context"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// CallText calls the tool name with args through cs and returns the one
// text of its result and whether the result is an error. It fails the
// test on a protocol error or a result that is not one text.
func CallText(t testing.TB, cs *mcp.ClientSession, name string, args any) (text string, isError bool) {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if len(res.Content) != 1 {
		t.Fatalf("%s: %d contents, want 1", name, len(res.Content))
	}
	tc, ok := res.Content[0].(*mcp.TextContent)
	if !ok {
		t.Fatalf("%s: content %T, want text", name, res.Content[0])
	}
	return tc.Text, res.IsError
}
