package baseline

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"

	"github.com/cloudwego/eino/schema"
	"github.com/eino-contrib/jsonschema"

	"github.com/agentready/agentready/metatools"

	"github.com/agentready/agentready/harness/chat"
)

// The baseline through meta-tools. Offered only search_tools,
// describe_tool and call_tool (a dynamic toolset, package metatools), it
// works as a model does, from what it reads: it searches with the
// request's words, reads the results (each tool's name and one line),
// picks the best of them as it picks among offered tools, describes it,
// and then acts as if the described tools were offered: it fills the
// arguments from the described schema, repairs a call the tool rejects,
// asks, or answers, and each of its calls goes through call_tool. It
// describes only the tool it picked; it does not search again, and it
// does not chain through tools it has not described.

// metaTurn is one meta-tool call of the conversation and its result.
type metaTurn struct {
	call   schema.ToolCall
	result string
}

// isMeta reports whether the toolkit is exactly the three meta-tools.
func (k *toolkit) isMeta() bool {
	if len(k.byName) != len(metatools.Names()) {
		return false
	}
	for _, n := range metatools.Names() {
		if k.byName[n] == nil {
			return false
		}
	}
	return true
}

// metaReply decides the next message when only the meta-tools are at
// hand.
func metaReply(in []*schema.Message) (*schema.Message, string) {
	first := -1
	for i, m := range in {
		if m != nil && m.Role == schema.User {
			first = i
			break
		}
	}
	if first < 0 {
		return schema.AssistantMessage("What would you like me to do?", nil), "no user message"
	}
	turns := metaTurns(in[first+1:])
	var found, described []*schema.ToolInfo
	searched := false
	for _, t := range turns {
		switch t.call.Function.Name {
		case metatools.SearchTools:
			searched = true
			found = searchResults(t.result)
		case metatools.DescribeTool:
			if info := describedTool(t.result); info != nil {
				described = append(described, info)
			}
		}
	}
	request := strings.TrimSpace(requestText(in[first]))
	if !searched {
		args, _ := json.Marshal(metatools.SearchArgs{Query: request})
		return chat.CallMessage(in, chat.Call{Name: metatools.SearchTools, Arguments: string(args)}),
			"dynamic toolset: search with the request's words"
	}
	if len(described) == 0 {
		if last := turns[len(turns)-1]; last.call.Function.Name == metatools.DescribeTool {
			return schema.AssistantMessage("I could not find a tool for that request: "+trimText(last.result, 300), nil),
				"dynamic toolset: the description failed"
		}
		if len(found) == 0 {
			return schema.AssistantMessage("I could not find a tool for that request.", nil), "dynamic toolset: the search found nothing"
		}
		best, why := found[0].Name, "the search's first"
		kit := newToolkit(found)
		if hits, _, _ := kit.pickTool(request, kit.read(request)); len(hits) > 0 {
			best, why = hits[0].Name, fmt.Sprintf("picked among %d found (score %.2f)", len(found), hits[0].Score)
		}
		args, _ := json.Marshal(metatools.DescribeArgs{Name: best})
		return chat.CallMessage(in, chat.Call{Name: metatools.DescribeTool, Arguments: string(args)}),
			fmt.Sprintf("dynamic toolset: describe %s (%s)", best, why)
	}
	if next, why := sourceToDescribe(described, turns, request); next != "" {
		args, _ := json.Marshal(metatools.DescribeArgs{Name: next})
		return chat.CallMessage(in, chat.Call{Name: metatools.DescribeTool, Arguments: string(args)}),
			"dynamic toolset: describe " + next + ", " + why
	}
	// The described tools as if they were offered, and the calls made
	// through call_tool as if made directly.
	msg, reason := newToolkit(described).reply(unwrapCalls(in, turns))
	if len(msg.ToolCalls) == 0 {
		return msg, "dynamic toolset: " + reason
	}
	fc := msg.ToolCalls[0].Function
	args, err := json.Marshal(metatools.CallArgs{Name: fc.Name, Arguments: json.RawMessage(fc.Arguments)})
	if err != nil {
		args, _ = json.Marshal(metatools.CallArgs{Name: fc.Name, Arguments: map[string]any{}})
	}
	return chat.CallMessage(in, chat.Call{Name: metatools.CallTool, Arguments: string(args)}),
		"dynamic toolset: through call_tool, " + reason
}

// maxDescribed is how many tools the baseline describes for one request:
// the one it picked and the sources its arguments need.
const maxDescribed = 3

// sourceToDescribe returns a tool to describe before calling anything,
// and why: one that a required argument of the picked tool (the first
// described) names as where its value comes from ("the id from
// listUsers"), when the request does not give the value and the tool is
// not described yet, as a model reads a description before it chains.
// Empty once a call was made, or maxDescribed tools were asked for.
func sourceToDescribe(described []*schema.ToolInfo, turns []metaTurn, request string) (string, string) {
	asked := map[string]bool{}
	for _, t := range turns {
		switch t.call.Function.Name {
		case metatools.CallTool:
			return "", ""
		case metatools.DescribeTool:
			var in metatools.DescribeArgs
			_ = json.Unmarshal([]byte(t.call.Function.Arguments), &in)
			asked[in.Name] = true
		}
	}
	if len(asked) >= maxDescribed {
		return "", ""
	}
	picked := readTool(described[0])
	f := fill(picked, readUtterance(request), nil)
	for _, p := range picked.params {
		if !p.required || f.has(p) {
			continue
		}
		for _, m := range mentionedTool.FindAllStringSubmatch(p.desc, -1) {
			if name := m[1]; len(name) >= 4 && name != picked.name && !asked[name] && strings.IndexFunc(name, isUpper) > 0 {
				return name, fmt.Sprintf("where %s's %s comes from", picked.name, p.name)
			}
		}
	}
	return "", ""
}

func isUpper(r rune) bool { return r >= 'A' && r <= 'Z' }

// metaTurns pairs each tool call of msgs with its result, in order.
func metaTurns(msgs []*schema.Message) []metaTurn {
	var out []metaTurn
	byID := map[string]int{}
	next := 0
	for _, m := range msgs {
		switch {
		case m == nil:
		case m.Role == schema.Assistant:
			for _, tc := range m.ToolCalls {
				byID[tc.ID] = len(out)
				out = append(out, metaTurn{call: tc})
			}
		case m.Role == schema.Tool:
			i, ok := byID[m.ToolCallID]
			if !ok || m.ToolCallID == "" {
				i = next
			}
			if i < len(out) {
				out[i].result = m.Content
				next = i + 1
			}
		}
	}
	return out
}

// unwrapCalls is the conversation as it would be had the described tools
// been offered: searches and descriptions left out, each call_tool call
// the call of the tool it named.
func unwrapCalls(in []*schema.Message, turns []metaTurn) []*schema.Message {
	calls := map[string]schema.ToolCall{}
	for _, t := range turns {
		if t.call.Function.Name != metatools.CallTool {
			continue
		}
		var ca struct {
			Name      string          `json:"name"`
			Arguments json.RawMessage `json:"arguments"`
		}
		_ = json.Unmarshal([]byte(t.call.Function.Arguments), &ca)
		inner := t.call
		inner.Function = schema.FunctionCall{Name: ca.Name, Arguments: string(ca.Arguments)}
		calls[t.call.ID] = inner
	}
	var out []*schema.Message
	for _, m := range in {
		switch {
		case m == nil:
		case m.Role == schema.Assistant && len(m.ToolCalls) > 0:
			var kept []schema.ToolCall
			for _, tc := range m.ToolCalls {
				if inner, ok := calls[tc.ID]; ok {
					kept = append(kept, inner)
				}
			}
			if len(kept) > 0 {
				c := *m
				c.ToolCalls = kept
				out = append(out, &c)
			}
		case m.Role == schema.Tool:
			if _, ok := calls[m.ToolCallID]; ok {
				out = append(out, m)
			}
		default:
			out = append(out, m)
		}
	}
	return out
}

// foundLine is one tool of search_tools' answer: "- name (GET /path): line".
var foundLine = regexp.MustCompile(`(?m)^- (\S+) \(([A-Z]+) ([^)]*)\): ?(.*)$`)

// searchResults are the tools a search answer lists, each with the one
// line it shows.
func searchResults(text string) []*schema.ToolInfo {
	var out []*schema.ToolInfo
	for _, m := range foundLine.FindAllStringSubmatch(text, -1) {
		out = append(out, &schema.ToolInfo{Name: m[1], Desc: m[4]})
	}
	return out
}

// argumentsHeader opens the schema in describe_tool's answer.
const argumentsHeader = "\nArguments (JSON Schema"

// describedTool reads describe_tool's answer back into a definition: the
// name on the first line, the description, the schema after the
// arguments header. Nil when it is not a description (an error).
func describedTool(text string) *schema.ToolInfo {
	head, rest, ok := strings.Cut(text, "\n")
	name, _, hasParen := strings.Cut(head, " (")
	at := strings.LastIndex(rest, argumentsHeader[1:])
	if !ok || !hasParen || at < 0 {
		return nil
	}
	desc := strings.TrimSpace(rest[:at])
	_, raw, ok := strings.Cut(rest[at:], "\n")
	js := new(jsonschema.Schema)
	if !ok || json.Unmarshal([]byte(raw), js) != nil {
		return nil
	}
	return &schema.ToolInfo{Name: name, Desc: desc, ParamsOneOf: schema.NewParamsOneOfByJSONSchema(js)}
}
