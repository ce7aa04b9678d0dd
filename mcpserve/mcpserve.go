// Package mcpserve serves the tools of a toolrt.Catalog over the Model
// Context Protocol, on a server of the official Go SDK
// (github.com/modelcontextprotocol/go-sdk/mcp).
//
// A call over MCP goes through the same path as a call from an Eino agent,
// toolrt.Tool.Run: arguments are checked (and safely coerced) against the
// tool's schema, a tool that changes state is refused unless the catalog's
// options allow it, credentials come from the client (the environment, or
// WithCredential) and never appear in a result, and the response is shaped
// and trimmed to the result budget. Every outcome is a tool result with
// the text the model reads; IsError is set when the call did not succeed,
// so the model can correct its next call.
//
// AddTools offers every tool of the catalog as an MCP tool (static mode).
// AddMetaTools offers three tools instead, over the whole catalog
// (dynamic mode): search_tools, describe_tool and call_tool, which keeps
// the tool list a model pays for small however large the API.
//
// Serving a generated package takes a few lines:
//
//	c, _ := jiratools.NewClient("https://example.atlassian.net")
//	cat, _ := jiratools.NewCatalog(c)
//	s := mcp.NewServer(&mcp.Implementation{Name: "jira", Version: "v1"}, nil)
//	if err := mcpserve.AddTools(s, cat); err != nil {
//		log.Fatal(err)
//	}
//	log.Fatal(s.Run(ctx, &mcp.StdioTransport{}))
package mcpserve

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentready/agentready/gen/toolrt"
	"github.com/agentready/agentready/internal/httpmethod"
)

// Option configures how tools are served.
type Option func(*config)

type config struct {
	log *slog.Logger
}

// WithLogger logs one line per call: the tool, the kind of outcome, the
// HTTP status and how long it took. Arguments and results are never
// logged.
func WithLogger(l *slog.Logger) Option {
	return func(c *config) { c.log = l }
}

func newConfig(opts []Option) *config {
	c := &config{}
	for _, o := range opts {
		o(c)
	}
	return c
}

// AddTools adds every tool of cat to s as an MCP tool: its name,
// description and parameter schema as the model reads them, with
// annotations saying whether it only reads. It fails, adding nothing, when
// a tool's schema is not a JSON object schema (the SDK requires one).
func AddTools(s *mcp.Server, cat *toolrt.Catalog, opts ...Option) error {
	if s == nil || cat == nil {
		return fmt.Errorf("mcpserve: AddTools: nil server or catalog")
	}
	cfg := newConfig(opts)
	defs := make([]*mcp.Tool, len(cat.Tools))
	var problems []string
	for i, t := range cat.Tools {
		def, err := definition(t.Operation())
		if err != nil {
			problems = append(problems, err.Error())
			continue
		}
		defs[i] = def
	}
	if len(problems) > 0 {
		return fmt.Errorf("mcpserve: %s", strings.Join(problems, "\n"))
	}
	for i, t := range cat.Tools {
		s.AddTool(defs[i], func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return cfg.run(ctx, t, string(req.Params.Arguments)), nil
		})
	}
	return nil
}

// definition is the MCP tool for op: its name, description and parameter
// schema as the model reads them, and annotations from its method. The
// schema must be a JSON object with "type": "object".
func definition(op *toolrt.Operation) (*mcp.Tool, error) {
	var head struct {
		Type any `json:"type"`
	}
	if err := json.Unmarshal([]byte(op.Schema), &head); err != nil {
		return nil, fmt.Errorf("tool %s: parameter schema: %v", op.Name, err)
	}
	if head.Type != "object" {
		return nil, fmt.Errorf(`tool %s: parameter schema has type %v; MCP needs "object"`, op.Name, head.Type)
	}
	return &mcp.Tool{
		Name:        op.Name,
		Description: op.Description,
		InputSchema: json.RawMessage(op.Schema),
		Annotations: annotations(op),
	}, nil
}

// annotations are the MCP hints of op, from its HTTP method: GET, HEAD,
// OPTIONS and TRACE only read; they, PUT and DELETE may be repeated without
// further effect (the rule the runtime's retries follow); POST only adds.
func annotations(op *toolrt.Operation) *mcp.ToolAnnotations {
	a := &mcp.ToolAnnotations{ReadOnlyHint: !op.Mutating(), IdempotentHint: httpmethod.Idempotent(op.Method)}
	if op.Mutating() {
		destructive := op.Method != http.MethodPost
		a.DestructiveHint = &destructive
	}
	return a
}

// run calls t with the arguments as the client sent them and returns the
// result the model reads.
func (c *config) run(ctx context.Context, t *toolrt.Tool, rawArgs string) *mcp.CallToolResult {
	start := time.Now()
	if rawArgs == "null" {
		// No arguments at all: the same as {} (an Eino agent's "" too).
		rawArgs = ""
	}
	call := t.Run(ctx, rawArgs)
	if c.log != nil {
		c.log.LogAttrs(ctx, slog.LevelInfo, "call",
			slog.String("tool", call.Tool), slog.String("outcome", string(call.Result.Kind)),
			slog.Int("status", call.Result.Status), slog.Duration("took", time.Since(start).Round(time.Millisecond)))
	}
	return result(call)
}

// result is the MCP result of a call: the text the model reads, an error
// when the call did not succeed (invalid arguments, a refused mutation, an
// HTTP error, no response).
func result(call *toolrt.Call) *mcp.CallToolResult {
	return textResult(!call.Result.OK, call.Text)
}
