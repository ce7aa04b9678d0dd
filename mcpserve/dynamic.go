package mcpserve

import (
	"context"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentready/agentready/gen/toolrt"
	"github.com/agentready/agentready/metatools"
)

// The meta-tools of dynamic mode.
const (
	SearchTools  = metatools.SearchTools
	DescribeTool = metatools.DescribeTool
	CallTool     = metatools.CallTool
)

// Bounds of search_tools' limit.
const (
	DefaultSearchLimit = metatools.DefaultSearchLimit
	MaxSearchLimit     = metatools.MaxSearchLimit
)

// meta serves the meta-tools over one catalog.
type meta struct {
	cfg *config
	set *metatools.Set
}

// AddMetaTools adds three tools to s that reach every tool of cat, so that
// a client lists three tools however large the API: search_tools (a
// request in words to the best matching tools' names, each with one line
// of description), describe_tool (a name to the tool's whole description
// and parameter schema) and call_tool (a name and an arguments object to
// the same result AddTools' tool would give). A name that is not a tool
// gives an error result naming the closest tools. The texts are
// package metatools', the same an Eino agent reads in agentready test
// --toolset dynamic.
func AddMetaTools(s *mcp.Server, cat *toolrt.Catalog, opts ...Option) error {
	if s == nil || cat == nil {
		return fmt.Errorf("mcpserve: AddMetaTools: nil server or catalog")
	}
	set, err := metatools.New(cat)
	if err != nil {
		return fmt.Errorf("mcpserve: AddMetaTools: %w", err)
	}
	m := &meta{cfg: newConfig(opts), set: set}
	mcp.AddTool(s, &mcp.Tool{
		Name:        SearchTools,
		Description: set.SearchDescription(),
		Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true, IdempotentHint: true},
	}, m.search)
	mcp.AddTool(s, &mcp.Tool{
		Name:        DescribeTool,
		Description: set.DescribeDescription(),
		Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true, IdempotentHint: true},
	}, m.describe)
	destructive := true
	mcp.AddTool(s, &mcp.Tool{
		Name:        CallTool,
		Description: set.CallDescription(),
		Annotations: &mcp.ToolAnnotations{DestructiveHint: &destructive},
	}, m.call)
	return nil
}

func (m *meta) search(_ context.Context, _ *mcp.CallToolRequest, in metatools.SearchArgs) (*mcp.CallToolResult, any, error) {
	text, isError := m.set.Search(in)
	return textResult(isError, text), nil, nil
}

func (m *meta) describe(_ context.Context, _ *mcp.CallToolRequest, in metatools.DescribeArgs) (*mcp.CallToolResult, any, error) {
	text, isError := m.set.Describe(in)
	return textResult(isError, text), nil, nil
}

func (m *meta) call(ctx context.Context, _ *mcp.CallToolRequest, in metatools.CallArgs) (*mcp.CallToolResult, any, error) {
	t, msg := m.set.Resolve(in.Name)
	if t == nil {
		return textResult(true, msg), nil, nil
	}
	raw, err := metatools.RawArguments(in.Arguments)
	if err != nil {
		return textResult(true, err.Error()+"."), nil, nil
	}
	return m.cfg.run(ctx, t, raw), nil, nil
}

// textResult is a result of one text.
func textResult(isError bool, text string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}, IsError: isError}
}
