// Package chat builds the chat messages that in-process models (the
// offline baseline, the scripted model of tests) answer with, so that
// their tool calls look like a provider's: IDs "call_1", "call_2", ...
// numbered across the conversation.
package chat

import (
	"fmt"

	"github.com/cloudwego/eino/schema"
)

// Call is one tool call to make: the tool's name and its arguments as
// JSON text.
type Call struct {
	Name      string
	Arguments string
}

// CallMessage is an assistant message that makes calls, with IDs "call_N"
// numbered after the tool calls already in convo.
func CallMessage(convo []*schema.Message, calls ...Call) *schema.Message {
	n := countCalls(convo)
	tcs := make([]schema.ToolCall, len(calls))
	for i, c := range calls {
		tcs[i] = schema.ToolCall{
			ID:       fmt.Sprintf("call_%d", n+i+1),
			Type:     "function",
			Function: schema.FunctionCall{Name: c.Name, Arguments: c.Arguments},
		}
	}
	return schema.AssistantMessage("", tcs)
}

// countCalls counts the tool calls the assistant made in convo.
func countCalls(convo []*schema.Message) int {
	n := 0
	for _, m := range convo {
		if m != nil && m.Role == schema.Assistant {
			n += len(m.ToolCalls)
		}
	}
	return n
}
