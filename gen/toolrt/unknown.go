package toolrt

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/agentready/agentready/internal/editdist"
	"github.com/cloudwego/eino/components/tool"
)

// maxListedTools is how many tool names an unknown-tool message lists.
const maxListedTools = 40

// UnknownToolHandler returns a handler for Eino's tools node
// (compose.ToolsNodeConfig's UnknownToolsHandler) over tools. Without one,
// a tool name the model invents (get_user for getUser) ends a ReAct run
// with "tool get_user not found in toolsNode indexes"; with it, the model
// reads that there is no such tool, the closest names, and the tools it
// can call, and the run goes on.
//
//	tools, _ := pkg.Tools(client)
//	cfg := compose.ToolsNodeConfig{Tools: tools, UnknownToolsHandler: toolrt.UnknownToolHandler(tools)}
func UnknownToolHandler(tools []tool.BaseTool) func(ctx context.Context, name, input string) (string, error) {
	var names []string
	for _, t := range tools {
		if t == nil {
			continue
		}
		if info, err := t.Info(context.Background()); err == nil && info != nil {
			names = append(names, info.Name)
		}
	}
	sort.Strings(names)
	return func(_ context.Context, name, _ string) (string, error) {
		return unknownToolMessage(name, names), nil
	}
}

// UnknownTool is the catalog's handler for Eino's tools node
// (compose.ToolsNodeConfig's UnknownToolsHandler); see UnknownToolHandler.
func (c *Catalog) UnknownTool(_ context.Context, name, _ string) (string, error) {
	names := make([]string, len(c.Tools))
	for i, t := range c.Tools {
		names[i] = t.op.Name
	}
	return unknownToolMessage(name, names), nil
}

// unknownToolMessage tells the model that name is not a tool, which known
// names are closest and which it can call (known is sorted).
func unknownToolMessage(name string, known []string) string {
	shown := name
	if utf8.RuneCountInString(shown) > 64 {
		shown = string([]rune(shown)[:64]) + "..."
	}
	var b strings.Builder
	fmt.Fprintf(&b, "There is no tool named %q.", shown)
	if close := closestToolNames(name, known, 3); len(close) > 0 {
		quoted := make([]string, len(close))
		for i, n := range close {
			quoted[i] = fmt.Sprintf("%q", n)
		}
		fmt.Fprintf(&b, " Did you mean %s?", strings.Join(quoted, " or "))
	}
	listed := known[:min(len(known), maxListedTools)]
	fmt.Fprintf(&b, " The tools you can call are: %s", strings.Join(listed, ", "))
	if more := len(known) - len(listed); more > 0 {
		fmt.Fprintf(&b, " and %d more", more)
	}
	b.WriteString(". Call one of them by its exact name.")
	return b.String()
}

// closestToolNames returns up to k known names like name: equal but for
// case and separators (get_user for getUser), then within a few edits.
func closestToolNames(name string, known []string, k int) []string {
	type cand struct {
		name string
		dist int
	}
	norm := func(s string) string {
		return strings.Map(func(r rune) rune {
			if r == '_' || r == '-' || r == '.' || r == ' ' {
				return -1
			}
			return r
		}, strings.ToLower(s))
	}
	nn := norm(name)
	limit := max(2, utf8.RuneCountInString(nn)/4)
	var near []cand
	for _, kn := range known {
		if d := editdist.Within(nn, norm(kn), limit); d <= limit {
			near = append(near, cand{kn, d})
		}
	}
	sort.SliceStable(near, func(i, j int) bool { return near[i].dist < near[j].dist })
	out := make([]string, 0, k)
	for _, c := range near[:min(len(near), k)] {
		out = append(out, c.name)
	}
	return out
}
