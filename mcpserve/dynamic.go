package mcpserve

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentready/agentready/gen/names"
	"github.com/agentready/agentready/gen/toolrt"
	"github.com/agentready/agentready/harness/retrieve"
)

// The meta-tools of dynamic mode.
const (
	SearchTools  = "search_tools"
	DescribeTool = "describe_tool"
	CallTool     = "call_tool"
)

// Bounds of search_tools' limit.
const (
	DefaultSearchLimit = 10
	MaxSearchLimit     = 50
)

// summaryBytes caps the one line search_tools shows of a description.
const summaryBytes = 200

// SearchArgs are the arguments of search_tools.
type SearchArgs struct {
	Query string `json:"query" jsonschema:"what the tool should do, in a few words: the thing and the action, e.g. close a ticket or list the members of a team"`
	Limit int    `json:"limit,omitempty" jsonschema:"how many tools to return, best first: 1 to 50 (default 10)"`
}

// DescribeArgs are the arguments of describe_tool.
type DescribeArgs struct {
	Name string `json:"name" jsonschema:"the exact name of a tool, as search_tools gives it"`
}

// CallArgs are the arguments of call_tool.
type CallArgs struct {
	Name      string `json:"name" jsonschema:"the exact name of the tool to call, as search_tools gives it"`
	Arguments any    `json:"arguments,omitempty" jsonschema:"the tool's arguments: one JSON object, as describe_tool's schema says"`
}

// meta serves the meta-tools over one catalog.
type meta struct {
	cfg   *config
	cat   *toolrt.Catalog
	index *retrieve.Index
}

// AddMetaTools adds three tools to s that reach every tool of cat, so that
// a client lists three tools however large the API: search_tools (a
// request in words to the best matching tools' names, each with one line
// of description), describe_tool (a name to the tool's whole description
// and parameter schema) and call_tool (a name and an arguments object to
// the same result AddTools' tool would give). A name that is not a tool
// gives an error result naming the closest tools.
func AddMetaTools(s *mcp.Server, cat *toolrt.Catalog, opts ...Option) error {
	if s == nil || cat == nil {
		return fmt.Errorf("mcpserve: AddMetaTools: nil server or catalog")
	}
	docs := make([]retrieve.Doc, len(cat.Tools))
	for i, t := range cat.Tools {
		docs[i] = retrieve.DocOfOperation(t.Operation())
	}
	m := &meta{cfg: newConfig(opts), cat: cat, index: retrieve.New(docs)}
	n := len(cat.Tools)
	mcp.AddTool(s, &mcp.Tool{
		Name: SearchTools,
		Description: fmt.Sprintf("Find the tools of this API (%d in all) that do what you need, best first: each with its method, path and one line. "+
			"Then call %s for a tool's arguments, and %s to run it.", n, DescribeTool, CallTool),
		Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true, IdempotentHint: true},
	}, m.search)
	mcp.AddTool(s, &mcp.Tool{
		Name: DescribeTool,
		Description: fmt.Sprintf("Describe one tool found with %s: what it does, and the JSON Schema of the arguments object to pass to %s.",
			SearchTools, CallTool),
		Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true, IdempotentHint: true},
	}, m.describe)
	destructive := true
	mcp.AddTool(s, &mcp.Tool{
		Name: CallTool,
		Description: fmt.Sprintf("Call one tool of this API with its arguments (see %s), and get its result: the status and the response. "+
			"Tools that change data are refused unless the server allows them.", DescribeTool),
		Annotations: &mcp.ToolAnnotations{DestructiveHint: &destructive},
	}, m.call)
	return nil
}

func (m *meta) search(_ context.Context, _ *mcp.CallToolRequest, in SearchArgs) (*mcp.CallToolResult, any, error) {
	q := strings.TrimSpace(in.Query)
	if q == "" {
		return textResult(true, `"query" is empty: say in a few words what the tool should do, e.g. {"query":"close a ticket"}.`), nil, nil
	}
	k := in.Limit
	switch {
	case k <= 0:
		k = DefaultSearchLimit
	case k > MaxSearchLimit:
		k = MaxSearchLimit
	}
	hits := m.index.Search(q, k)
	if len(hits) == 0 {
		return textResult(false, fmt.Sprintf("No tool matches %q. Try other words: the thing (ticket, user, invoice) and the action (list, get, create, close).", q)), nil, nil
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%d of %d tools for %q, best first:\n", len(hits), len(m.cat.Tools), q)
	for _, h := range hits {
		t, ok := m.cat.Tool(h.Name)
		if !ok {
			continue
		}
		op := t.Operation()
		fmt.Fprintf(&b, "- %s (%s %s): %s\n", op.Name, op.Method, op.Path, summary(op.Description))
	}
	fmt.Fprintf(&b, "%s gives a tool's arguments; %s runs it.", DescribeTool, CallTool)
	return textResult(false, b.String()), nil, nil
}

func (m *meta) describe(_ context.Context, _ *mcp.CallToolRequest, in DescribeArgs) (*mcp.CallToolResult, any, error) {
	t, ok := m.cat.Tool(in.Name)
	if !ok {
		return textResult(true, m.unknown(in.Name)), nil, nil
	}
	op := t.Operation()
	var b strings.Builder
	fmt.Fprintf(&b, "%s (%s %s", op.Name, op.Method, op.Path)
	if op.Mutating() {
		b.WriteString("; changes data")
	}
	fmt.Fprintf(&b, ")\n%s\nArguments (JSON Schema of the object to pass to %s as \"arguments\"):\n%s", op.Description, CallTool, op.Schema)
	return textResult(false, b.String()), nil, nil
}

func (m *meta) call(ctx context.Context, _ *mcp.CallToolRequest, in CallArgs) (*mcp.CallToolResult, any, error) {
	t, ok := m.cat.Tool(in.Name)
	if !ok {
		return textResult(true, m.unknown(in.Name)), nil, nil
	}
	raw := ""
	if in.Arguments != nil {
		// A string is passed on as it is: the runtime reads a JSON object
		// written inside a string, and says so.
		b, err := json.Marshal(in.Arguments)
		if err != nil {
			return textResult(true, fmt.Sprintf(`"arguments" could not be read (%v): send one JSON object.`, err)), nil, nil
		}
		raw = string(b)
	}
	return m.cfg.run(ctx, t, raw), nil, nil
}

// unknown is the error for a name that is not a tool: the closest names,
// and how to find the right one.
func (m *meta) unknown(name string) string {
	if strings.TrimSpace(name) == "" {
		return fmt.Sprintf(`"name" is empty: pass a tool's exact name, as %s gives it.`, SearchTools)
	}
	msg := fmt.Sprintf("There is no tool named %q.", name)
	if close := m.closest(name, 3); len(close) > 0 {
		quoted := make([]string, len(close))
		for i, c := range close {
			quoted[i] = fmt.Sprintf("%q", c)
		}
		msg += " Did you mean " + orList(quoted) + "?"
	}
	return msg + fmt.Sprintf(" %s finds tools by what they do.", SearchTools)
}

// closest returns up to k tool names like name: first those a few edits
// away (case aside), then those whose words match best.
func (m *meta) closest(name string, k int) []string {
	type cand struct {
		name string
		dist int
	}
	lower := strings.ToLower(name)
	limit := max(2, len([]rune(name))/4)
	var near []cand
	for _, t := range m.cat.Tools {
		if d := names.EditDistance(lower, strings.ToLower(t.Operation().Name)); d <= limit {
			near = append(near, cand{t.Operation().Name, d})
		}
	}
	sort.Slice(near, func(i, j int) bool {
		if near[i].dist != near[j].dist {
			return near[i].dist < near[j].dist
		}
		return near[i].name < near[j].name
	})
	var out []string
	seen := map[string]bool{}
	for _, c := range near {
		if len(out) == k {
			return out
		}
		out = append(out, c.name)
		seen[c.name] = true
	}
	for _, h := range m.index.Search(name, k) {
		if len(out) == k {
			break
		}
		if !seen[h.Name] {
			out = append(out, h.Name)
			seen[h.Name] = true
		}
	}
	return out
}

// summary is the first line of a description, cut at a word to about
// summaryBytes.
func summary(desc string) string {
	line, _, _ := strings.Cut(strings.TrimSpace(desc), "\n")
	if len(line) <= summaryBytes {
		return line
	}
	cut := strings.LastIndexByte(line[:summaryBytes], ' ')
	if cut < summaryBytes/2 {
		cut = summaryBytes
	}
	return strings.ToValidUTF8(line[:cut], "") + "..."
}

// orList joins "a", "b" and "c" as `a, b or c`.
func orList(items []string) string {
	if len(items) < 2 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " or " + items[len(items)-1]
}

// textResult is a result of one text.
func textResult(isError bool, text string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}, IsError: isError}
}
