package chat

import (
	"testing"

	"github.com/cloudwego/eino/schema"
)

func TestCallMessageNumbersAcrossTheConversation(t *testing.T) {
	convo := []*schema.Message{
		schema.UserMessage("hi"),
		CallMessage(nil, Call{"a", `{}`}, Call{"b", `{"x":1}`}),
		schema.ToolMessage("ok", "call_1"),
	}
	m := CallMessage(convo, Call{"c", `{"y":2}`})
	if m.Role != schema.Assistant || len(m.ToolCalls) != 1 {
		t.Fatalf("got %+v", m)
	}
	tc := m.ToolCalls[0]
	if tc.ID != "call_3" || tc.Function.Name != "c" || tc.Function.Arguments != `{"y":2}` || tc.Type != "function" {
		t.Errorf("got %+v, want call_3 to c", tc)
	}
}
