package inventory31

// A real Eino ReAct agent, driven by a scripted chat model behind Eino's
// model interface, uses the generated tools against an HTTP server on
// 127.0.0.1. Copied beside the generated package by
// TestGeneratedClientOverHTTP (gen/e2e_test.go).

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/cloudwego/eino/components/model"
	"github.com/cloudwego/eino/compose"
	"github.com/cloudwego/eino/flow/agent/react"
	"github.com/cloudwego/eino/schema"

	"github.com/agentready/agentready/gen/toolrt"
)

// turn is one scripted model reply; it may inspect the conversation so far
// and fail the test when the agent did not show it what it should have.
type turn func(t *testing.T, msgs []*schema.Message) *schema.Message

// scripted is a chat model that replies with its turns in order.
type scripted struct {
	t     *testing.T
	mu    *sync.Mutex
	turns *[]turn
	tools *[]*schema.ToolInfo
}

func newScripted(t *testing.T, turns ...turn) *scripted {
	return &scripted{t: t, mu: new(sync.Mutex), turns: &turns, tools: new([]*schema.ToolInfo)}
}

func (m *scripted) Generate(_ context.Context, msgs []*schema.Message, _ ...model.Option) (*schema.Message, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if len(*m.turns) == 0 {
		return nil, fmt.Errorf("the script has no more turns (conversation: %d messages)", len(msgs))
	}
	next := (*m.turns)[0]
	*m.turns = (*m.turns)[1:]
	return next(m.t, msgs), nil
}

func (m *scripted) Stream(ctx context.Context, msgs []*schema.Message, opts ...model.Option) (*schema.StreamReader[*schema.Message], error) {
	msg, err := m.Generate(ctx, msgs, opts...)
	if err != nil {
		return nil, err
	}
	return schema.StreamReaderFromArray([]*schema.Message{msg}), nil
}

func (m *scripted) WithTools(tools []*schema.ToolInfo) (model.ToolCallingChatModel, error) {
	*m.tools = tools
	return m, nil
}

func callTool(id, name, args string) *schema.Message {
	return schema.AssistantMessage("", []schema.ToolCall{{ID: id, Type: "function", Function: schema.FunctionCall{Name: name, Arguments: args}}})
}

// lastToolResult returns the content of the last message, which must be a
// tool result.
func lastToolResult(t *testing.T, msgs []*schema.Message) string {
	t.Helper()
	last := msgs[len(msgs)-1]
	if last.Role != schema.Tool {
		t.Fatalf("the last message is %s, want a tool result", last.Role)
	}
	return last.Content
}

func TestReActAgentRecoversFromInvalidArguments(t *testing.T) {
	var mu sync.Mutex
	var queries []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		queries = append(queries, r.Method+" "+r.URL.Path+"?"+r.URL.RawQuery)
		mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, `{"items":[{"id":"a1","name":"Widget","price":9.5,"status":"active","created_at":"2026-01-02T03:04:05Z"}]}`)
	}))
	defer srv.Close()
	c, err := NewClient(srv.URL, toolrt.WithoutEnvironment(), toolrt.WithCredential("bearerAuth", "tok"))
	if err != nil {
		t.Fatal(err)
	}
	tools, err := Tools(c)
	if err != nil {
		t.Fatal(err)
	}
	m := newScripted(t,
		func(t *testing.T, msgs []*schema.Message) *schema.Message {
			return callTool("c1", "listItems", `{"limit":"five","status":"ACTIVE"}`)
		},
		func(t *testing.T, msgs []*schema.Message) *schema.Message {
			got := lastToolResult(t, msgs)
			if !strings.Contains(got, "limit") || !strings.Contains(got, `"five"`) || !strings.Contains(got, "Example") {
				t.Errorf("the validation error does not name the parameter, the value given and an example:\n%s", got)
			}
			return callTool("c2", "listItems", `{"limit":5,"status":"ACTIVE"}`)
		},
		func(t *testing.T, msgs []*schema.Message) *schema.Message {
			got := lastToolResult(t, msgs)
			if !strings.HasPrefix(got, "200") || !strings.Contains(got, "Widget") || !strings.Contains(got, `"ACTIVE" -> "active"`) {
				t.Errorf("the result does not give the status, the body and the coercion applied:\n%s", got)
			}
			return schema.AssistantMessage("One active item: Widget.", nil)
		},
	)
	agent, err := react.NewAgent(context.Background(), &react.AgentConfig{
		ToolCallingModel: m,
		ToolsConfig:      compose.ToolsNodeConfig{Tools: tools},
		MaxStep:          2*3 + 1,
	})
	if err != nil {
		t.Fatal(err)
	}
	out, err := agent.Generate(context.Background(), []*schema.Message{schema.UserMessage("How many active items are there? Show me five at most.")})
	if err != nil {
		t.Fatal(err)
	}
	if out.Content != "One active item: Widget." {
		t.Errorf("final answer %q", out.Content)
	}
	if len(queries) != 1 || queries[0] != "GET /items?limit=5&status=active" {
		t.Errorf("requests %q: want exactly the corrected call, and none for the invalid one", queries)
	}
	var names []string
	for _, info := range *m.tools {
		names = append(names, info.Name)
		if info.Desc == "" {
			t.Errorf("tool %s has no description", info.Name)
		}
	}
	if len(names) != len(Operations()) || !strings.Contains(strings.Join(names, ","), "listItems") {
		t.Errorf("the model was given tools %v", names)
	}
}

func TestAgentCannotMutateUnlessAllowed(t *testing.T) {
	var hits int
	var mu sync.Mutex
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		hits++
		mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(201)
		io.WriteString(w, `{"id":"n1","name":"Gadget","price":2,"status":"draft","created_at":"2026-01-02T03:04:05Z"}`)
	}))
	defer srv.Close()
	c, err := NewClient(srv.URL, toolrt.WithoutEnvironment(), toolrt.WithCredential("apiKey", "k"))
	if err != nil {
		t.Fatal(err)
	}
	for _, allowed := range []bool{false, true} {
		var opts []toolrt.ToolOption
		if allowed {
			opts = append(opts, toolrt.AllowMutations(func(op *toolrt.Operation) bool { return op.Name == "createItem" }))
		}
		cat, err := NewCatalog(c, opts...)
		if err != nil {
			t.Fatal(err)
		}
		before := hits
		createItem, ok := cat.Tool("createItem")
		if !ok {
			t.Fatal("the catalog has no tool createItem")
		}
		text, err := createItem.InvokableRun(context.Background(), `{"name":"Gadget","price":2}`)
		if err != nil {
			t.Fatalf("InvokableRun returned an error, which would end an agent's run: %v", err)
		}
		sent := hits - before
		switch {
		case !allowed && (sent != 0 || !strings.Contains(text, "Not called")):
			t.Errorf("mutation not allowed: %d requests sent, result %q", sent, text)
		case allowed && (sent != 1 || !strings.HasPrefix(text, "201")):
			t.Errorf("mutation allowed: %d requests sent, result %q", sent, text)
		}
	}
}
