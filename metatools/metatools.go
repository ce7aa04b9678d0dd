// Package metatools is the dynamic toolset: three meta-tools over a whole
// toolrt.Catalog instead of one definition per tool. search_tools turns a
// request in words into the best matching tools' names, each with one
// line of description; describe_tool gives one tool's whole description
// and parameter schema; call_tool runs a tool by name with an arguments
// object, through the same toolrt.Tool.Run as a static tool (validation,
// corrective errors, mutation opt-in, credentials and result trimming).
//
// The texts are the same wherever the meta-tools are served: over MCP
// (mcpserve.AddMetaTools) and to an Eino agent (agentready test
// --toolset dynamic), so that what is measured is what is served.
package metatools

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/cloudwego/eino/schema"

	"github.com/agentready/agentready/gen/toolrt"
	"github.com/agentready/agentready/harness/retrieve"
	"github.com/agentready/agentready/internal/editdist"
)

// The meta-tools' names.
const (
	SearchTools  = "search_tools"
	DescribeTool = "describe_tool"
	CallTool     = "call_tool"
)

// Names are the meta-tools' names, in the order a model uses them.
func Names() []string { return []string{SearchTools, DescribeTool, CallTool} }

// IsMeta reports whether name is one of the meta-tools.
func IsMeta(name string) bool {
	return name == SearchTools || name == DescribeTool || name == CallTool
}

// Bounds of search_tools' limit.
const (
	DefaultSearchLimit = 10
	MaxSearchLimit     = 50
)

// summaryBytes caps the one line search_tools shows of a description.
const summaryBytes = 200

// What each argument means, as the model reads it.
const (
	queryDoc     = "what the tool should do, in a few words: the thing and the action, e.g. close a ticket or list the members of a team"
	limitDoc     = "how many tools to return, best first: 1 to 50 (default 10)"
	describeDoc  = "the exact name of a tool, as search_tools gives it"
	callNameDoc  = "the exact name of the tool to call, as search_tools gives it"
	argumentsDoc = "the tool's arguments: one JSON object, as describe_tool's schema says"
)

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

// Set is the meta-tools over one catalog: its tools and a search index
// over their definitions, built once.
type Set struct {
	cat   *toolrt.Catalog
	index *retrieve.Index
}

// New indexes every tool of cat for search_tools.
func New(cat *toolrt.Catalog) (*Set, error) {
	if cat == nil {
		return nil, fmt.Errorf("metatools: nil catalog")
	}
	docs := make([]retrieve.Doc, len(cat.Tools))
	for i, t := range cat.Tools {
		docs[i] = retrieve.SearchDocOfOperation(t.Operation())
	}
	return &Set{cat: cat, index: retrieve.New(docs)}, nil
}

// Catalog is the catalog the set reaches.
func (s *Set) Catalog() *toolrt.Catalog { return s.cat }

// SearchDescription is search_tools' description.
func (s *Set) SearchDescription() string {
	return fmt.Sprintf("Find the tools of this API (%d in all) that do what you need, best first: each with its method, path and one line. "+
		"Then call %s for a tool's arguments, and %s to run it.", len(s.cat.Tools), DescribeTool, CallTool)
}

// DescribeDescription is describe_tool's description.
func (s *Set) DescribeDescription() string {
	return fmt.Sprintf("Describe one tool found with %s: what it does, and the JSON Schema of the arguments object to pass to %s.",
		SearchTools, CallTool)
}

// CallDescription is call_tool's description.
func (s *Set) CallDescription() string {
	return fmt.Sprintf("Call one tool of this API with its arguments (see %s), and get its result: the status and the response. "+
		"Tools that change data are refused unless the server allows them.", DescribeTool)
}

// Infos are the three meta-tools' definitions for an Eino model.
func (s *Set) Infos() []*schema.ToolInfo {
	str := func(doc string) *schema.ParameterInfo {
		return &schema.ParameterInfo{Type: schema.String, Desc: doc, Required: true}
	}
	return []*schema.ToolInfo{
		{Name: SearchTools, Desc: s.SearchDescription(), ParamsOneOf: schema.NewParamsOneOfByParams(map[string]*schema.ParameterInfo{
			"query": str(queryDoc),
			"limit": {Type: schema.Integer, Desc: limitDoc},
		})},
		{Name: DescribeTool, Desc: s.DescribeDescription(), ParamsOneOf: schema.NewParamsOneOfByParams(map[string]*schema.ParameterInfo{
			"name": str(describeDoc),
		})},
		{Name: CallTool, Desc: s.CallDescription(), ParamsOneOf: schema.NewParamsOneOfByParams(map[string]*schema.ParameterInfo{
			"name":      str(callNameDoc),
			"arguments": {Type: schema.Object, Desc: argumentsDoc},
		})},
	}
}

// Search answers search_tools: the text the model reads, and whether it
// is an error.
func (s *Set) Search(in SearchArgs) (text string, isError bool) {
	q := strings.TrimSpace(in.Query)
	if q == "" {
		return `"query" is empty: say in a few words what the tool should do, e.g. {"query":"close a ticket"}.`, true
	}
	k := in.Limit
	switch {
	case k <= 0:
		k = DefaultSearchLimit
	case k > MaxSearchLimit:
		k = MaxSearchLimit
	}
	hits := s.index.Find(q, k)
	if len(hits) == 0 {
		return fmt.Sprintf("No tool matches %q. Try other words: the thing (ticket, user, invoice) and the action (list, get, create, close).", q), false
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%d of %d tools for %q, best first:\n", len(hits), len(s.cat.Tools), q)
	for _, h := range hits {
		t, ok := s.cat.Tool(h.Name)
		if !ok {
			continue
		}
		op := t.Operation()
		fmt.Fprintf(&b, "- %s (%s %s): %s\n", op.Name, op.Method, op.Path, Summary(op.Description))
	}
	fmt.Fprintf(&b, "%s gives a tool's arguments; %s runs it.", DescribeTool, CallTool)
	return b.String(), false
}

// Describe answers describe_tool.
func (s *Set) Describe(in DescribeArgs) (text string, isError bool) {
	return s.DescribeShown(in, nil)
}

// DescribeShown answers describe_tool with the description and schema
// shown rewrites (producer hints, an ablation; the tool's checks are
// unchanged); nil shows them as the catalog has them.
func (s *Set) DescribeShown(in DescribeArgs, shown func(*schema.ToolInfo) (*schema.ToolInfo, error)) (text string, isError bool) {
	t, msg := s.Resolve(in.Name)
	if t == nil {
		return msg, true
	}
	op := t.Operation()
	desc, params := op.Description, op.Schema
	if shown != nil {
		var err error
		if desc, params, err = rewritten(t, shown); err != nil {
			return fmt.Sprintf("%s cannot be described: %v", op.Name, err), true
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s (%s %s", op.Name, op.Method, op.Path)
	if op.Mutating() {
		b.WriteString("; changes data")
	}
	fmt.Fprintf(&b, ")\n%s\nArguments (JSON Schema of the object to pass to %s as \"arguments\"):\n%s", desc, CallTool, params)
	return b.String(), false
}

// rewritten is t's description and parameter schema as shown rewrites
// its definition.
func rewritten(t *toolrt.Tool, shown func(*schema.ToolInfo) (*schema.ToolInfo, error)) (string, string, error) {
	info, err := t.Info(context.Background())
	if err != nil {
		return "", "", err
	}
	if info, err = shown(info); err != nil {
		return "", "", err
	}
	params := "{}"
	if info.ParamsOneOf != nil {
		js, err := info.ParamsOneOf.ToJSONSchema()
		if err != nil {
			return "", "", err
		}
		b, err := json.Marshal(js)
		if err != nil {
			return "", "", err
		}
		params = string(b)
	}
	return info.Desc, params, nil
}

// Resolve returns the tool named name, or nil and the error the model
// reads: the closest names, and how to find the right one.
func (s *Set) Resolve(name string) (*toolrt.Tool, string) {
	if t, ok := s.cat.Tool(name); ok {
		return t, ""
	}
	return nil, s.unknown(name)
}

// RawArguments writes call_tool's arguments as the raw JSON a tool runs
// on: "" for none; a string is passed on as it is, since the runtime
// reads a JSON object written inside a string, and says so.
func RawArguments(v any) (string, error) {
	if v == nil {
		return "", nil
	}
	b, err := json.Marshal(v)
	if err != nil {
		return "", fmt.Errorf(`"arguments" could not be read (%v): send one JSON object`, err)
	}
	return string(b), nil
}

// unknown is the error for a name that is not a tool.
func (s *Set) unknown(name string) string {
	if strings.TrimSpace(name) == "" {
		return fmt.Sprintf(`"name" is empty: pass a tool's exact name, as %s gives it.`, SearchTools)
	}
	msg := fmt.Sprintf("There is no tool named %q.", name)
	if close := s.closest(name, 3); len(close) > 0 {
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
func (s *Set) closest(name string, k int) []string {
	type cand struct {
		name string
		dist int
	}
	lower := strings.ToLower(name)
	limit := max(2, len([]rune(name))/4)
	var near []cand
	for _, t := range s.cat.Tools {
		if d := editdist.Distance(lower, strings.ToLower(t.Operation().Name)); d <= limit {
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
	for _, h := range s.index.Search(name, k) {
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

// Summary is the first line of a description, cut at a word to about
// summaryBytes.
func Summary(desc string) string {
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
