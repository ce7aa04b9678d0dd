package toolrt_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/cloudwego/eino-ext/components/model/openai"
	"github.com/cloudwego/eino/components/tool"
	"github.com/cloudwego/eino/compose"
	"github.com/cloudwego/eino/flow/agent/react"
	"github.com/cloudwego/eino/schema"

	"github.com/agentready/agentready/gen/toolrt"
)

// chatServer speaks OpenAI's chat-completions wire format on 127.0.0.1:
// on the user's turn it calls get_item, a tool that does not exist; once
// it reads a tool result that names getItem, it calls that; then it
// answers with the last tool result.
type chatServer struct {
	mu        sync.Mutex
	toolTexts []string
}

func (s *chatServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Model    string           `json:"model"`
		Messages []map[string]any `json:"messages"`
	}
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil || len(req.Messages) == 0 {
		http.Error(w, "bad request", http.StatusBadRequest)
		return
	}
	last := req.Messages[len(req.Messages)-1]
	content := fmt.Sprint(last["content"])
	s.mu.Lock()
	if last["role"] == "tool" {
		s.toolTexts = append(s.toolTexts, content)
	}
	s.mu.Unlock()
	call := func(id, name, args string) map[string]any {
		return map[string]any{"role": "assistant", "content": "", "tool_calls": []any{map[string]any{
			"id": id, "type": "function", "function": map[string]any{"name": name, "arguments": args}}}}
	}
	var msg map[string]any
	finish := "tool_calls"
	switch {
	case last["role"] != "tool":
		msg = call("call_1", "get_item", `{"itemId":"i1"}`)
	case strings.Contains(content, `"getItem"`):
		msg = call("call_2", "getItem", `{"itemId":"i1"}`)
	default:
		msg, finish = map[string]any{"role": "assistant", "content": "Done: " + content}, "stop"
	}
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]any{
		"id": "chatcmpl-1", "object": "chat.completion", "created": 1, "model": req.Model,
		"choices": []any{map[string]any{"index": 0, "message": msg, "finish_reason": finish}},
		"usage":   map[string]any{"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2},
	})
}

// itemTools are two tools of an API on 127.0.0.1 that knows item i1.
func itemTools(t *testing.T) []tool.BaseTool {
	t.Helper()
	api := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		if r.URL.Path != "/items/i1" {
			w.WriteHeader(http.StatusNotFound)
			io.WriteString(w, `{"error":"no such item"}`)
			return
		}
		io.WriteString(w, `{"id":"i1","name":"Widget"}`)
	}))
	t.Cleanup(api.Close)
	c, err := toolrt.NewClient(api.URL, nil, toolrt.WithoutEnvironment())
	if err != nil {
		t.Fatal(err)
	}
	cat, err := toolrt.NewCatalog(c, []*toolrt.Operation{
		{Name: "getItem", Description: "Get an item", Method: http.MethodGet, Path: "/items/{itemId}",
			Params: []toolrt.Param{{Name: "itemId", In: "path", Style: "simple", Required: true}},
			Schema: `{"type":"object","properties":{"itemId":{"type":"string"}},"required":["itemId"]}`},
		{Name: "listItems", Description: "List items", Method: http.MethodGet, Path: "/items", Schema: `{"type":"object"}`},
	})
	if err != nil {
		t.Fatal(err)
	}
	return cat.Eino()
}

func runItemAgent(t *testing.T, chat *chatServer, cfg compose.ToolsNodeConfig) (*schema.Message, error) {
	t.Helper()
	srv := httptest.NewServer(chat)
	t.Cleanup(srv.Close)
	ctx := context.Background()
	m, err := openai.NewChatModel(ctx, &openai.ChatModelConfig{APIKey: "sk-test", BaseURL: srv.URL + "/v1", Model: "gpt-test"})
	if err != nil {
		t.Fatal(err)
	}
	agent, err := react.NewAgent(ctx, &react.AgentConfig{ToolCallingModel: m, ToolsConfig: cfg, MaxStep: 8})
	if err != nil {
		t.Fatal(err)
	}
	return agent.Generate(ctx, []*schema.Message{schema.UserMessage("What is item i1?")})
}

// TestUnknownToolHandlerKeepsAReActRunGoing: a model that names a tool
// that does not exist reads the closest name and calls it; without the
// handler, Eino ends the run.
func TestUnknownToolHandlerKeepsAReActRunGoing(t *testing.T) {
	tools := itemTools(t)
	if _, err := runItemAgent(t, &chatServer{}, compose.ToolsNodeConfig{Tools: tools}); err == nil || !strings.Contains(err.Error(), "get_item") {
		t.Fatalf("without a handler: error %v, want the run to end on the unknown tool", err)
	}

	chat := &chatServer{}
	out, err := runItemAgent(t, chat, compose.ToolsNodeConfig{Tools: tools, UnknownToolsHandler: toolrt.UnknownToolHandler(tools)})
	if err != nil {
		t.Fatalf("with the handler, the run ended: %v", err)
	}
	if len(chat.toolTexts) != 2 {
		t.Fatalf("the model read %d tool results, want 2: %q", len(chat.toolTexts), chat.toolTexts)
	}
	if want := `There is no tool named "get_item". Did you mean "getItem"?`; !strings.HasPrefix(chat.toolTexts[0], want) ||
		!strings.Contains(chat.toolTexts[0], "getItem, listItems") {
		t.Errorf("the model read %q, want it to start %q and list the tools", chat.toolTexts[0], want)
	}
	if !strings.Contains(out.Content, "Widget") {
		t.Errorf("final answer %q: want the result of the corrected call", out.Content)
	}
}

func TestCatalogUnknownToolNamesTheClosest(t *testing.T) {
	c, err := toolrt.NewClient("http://127.0.0.1:1", nil, toolrt.WithoutEnvironment())
	if err != nil {
		t.Fatal(err)
	}
	var ops []*toolrt.Operation
	for _, n := range []string{"listTickets", "getTicket", "closeTicket", "listUsers"} {
		ops = append(ops, &toolrt.Operation{Name: n, Method: http.MethodGet, Path: "/" + n, Schema: `{"type":"object"}`})
	}
	cat, err := toolrt.NewCatalog(c, ops)
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]string{
		"list_tickets":               `Did you mean "listTickets"?`,
		"listTicket":                 `Did you mean "listTickets"?`,
		"get-ticket":                 `Did you mean "getTicket"?`,
		"deleteEverything":           "The tools you can call are: closeTicket, getTicket, listTickets, listUsers.",
		strings.Repeat("x", 100_000): `There is no tool named "xxxxxxxx`,
	} {
		got, err := cat.UnknownTool(context.Background(), name, "{}")
		if err != nil || !strings.Contains(got, want) {
			t.Errorf("UnknownTool(%.20q) = %q, %v; want it to say %q", name, got, err, want)
		}
		if len(got) > 500 {
			t.Errorf("UnknownTool(%.20q) is %d bytes long", name, len(got))
		}
	}
}
