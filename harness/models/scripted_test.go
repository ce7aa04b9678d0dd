package models_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/agentready/agentready/harness/models"
	"github.com/cloudwego/eino/components/tool"
	"github.com/cloudwego/eino/compose"
	"github.com/cloudwego/eino/flow/agent/react"
	"github.com/cloudwego/eino/schema"
)

func TestScriptedPlaysTurnsInOrder(t *testing.T) {
	ctx := context.Background()
	var sawTools int
	s := models.NewScripted(
		models.CallTool("getTicket", `{"ticketId":"TCK-1001"}`),
		func(_ context.Context, convo []*schema.Message, tools []*schema.ToolInfo) (*schema.Message, error) {
			sawTools = len(tools)
			return schema.AssistantMessage("turn 2 saw "+convo[len(convo)-1].Content, nil), nil
		},
	)
	m, err := s.WithTools([]*schema.ToolInfo{{Name: "getTicket"}})
	if err != nil {
		t.Fatal(err)
	}
	msg, err := m.Generate(ctx, []*schema.Message{schema.UserMessage("hi")})
	if err != nil || len(msg.ToolCalls) != 1 || msg.ToolCalls[0].ID != "call_1" || msg.ToolCalls[0].Function.Name != "getTicket" {
		t.Fatalf("turn 1: %v %v", msg, err)
	}
	// The copy from WithTools and the original share the script.
	msg, err = s.Generate(ctx, []*schema.Message{schema.UserMessage("hi"), msg, schema.ToolMessage("result", "call_1")})
	if err != nil || msg.Content != "turn 2 saw result" || sawTools != 0 {
		t.Fatalf("turn 2: %v %v (tools %d)", msg, err, sawTools)
	}
	if _, err := m.Generate(ctx, nil); !errors.Is(err, models.ErrScriptDone) {
		t.Errorf("after the script: %v", err)
	}
	if s.Played() != 2 || len(s.Conversations()) != 3 {
		t.Errorf("played %d, conversations %d", s.Played(), len(s.Conversations()))
	}
	if s.Info().Kind != models.KindScripted {
		t.Errorf("Info %v", s.Info())
	}
}

// TestScriptedReActAgent: a script makes the agent repeat a call, the way
// the runner's tests produce each error class on purpose.
func TestScriptedReActAgent(t *testing.T) {
	ctx := context.Background()
	turns := models.Repeat(3, models.CallTool("getTicket", `{"ticketId":"TCK-1001"}`))
	turns = append(turns, models.Answer("done"))
	s := models.NewScripted(turns...)
	tt := &ticketTool{}
	agent, err := react.NewAgent(ctx, &react.AgentConfig{
		ToolCallingModel: s,
		ToolsConfig:      compose.ToolsNodeConfig{Tools: []tool.BaseTool{tt}},
		MaxStep:          2*4 + 1,
	})
	if err != nil {
		t.Fatal(err)
	}
	out, err := agent.Generate(ctx, []*schema.Message{schema.UserMessage("state of TCK-1001?")})
	if err != nil {
		t.Fatal(err)
	}
	if out.Content != "done" || len(tt.args) != 3 {
		t.Errorf("answer %q after %d calls", out.Content, len(tt.args))
	}
	convos := s.Conversations()
	last := convos[len(convos)-1]
	var ids []string
	for _, m := range last {
		for _, tc := range m.ToolCalls {
			ids = append(ids, tc.ID)
		}
	}
	if strings.Join(ids, ",") != "call_1,call_2,call_3" {
		t.Errorf("call IDs %v", ids)
	}
	// A failing turn fails the run.
	agent, _ = react.NewAgent(ctx, &react.AgentConfig{
		ToolCallingModel: models.NewScripted(models.Fail(errors.New("endpoint down"))),
		ToolsConfig:      compose.ToolsNodeConfig{Tools: []tool.BaseTool{tt}},
	})
	if _, err := agent.Generate(ctx, []*schema.Message{schema.UserMessage("x")}); err == nil || !strings.Contains(err.Error(), "endpoint down") {
		t.Errorf("failing turn: %v", err)
	}
}
