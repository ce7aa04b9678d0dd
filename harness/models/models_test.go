package models_test

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

	"github.com/agentready/agentready/harness/models"
	"github.com/cloudwego/eino/components/tool"
	"github.com/cloudwego/eino/compose"
	"github.com/cloudwego/eino/flow/agent/react"
	"github.com/cloudwego/eino/schema"
	"github.com/eino-contrib/jsonschema"
)

func env(vars map[string]string) func(string) string {
	return func(k string) string { return vars[k] }
}

func TestNewSpecs(t *testing.T) {
	ctx := context.Background()
	tests := []struct {
		spec string
		env  map[string]string
		want models.Info
		err  string // in the error; "" for none
	}{
		{spec: "", want: models.Info{Kind: "baseline", Name: "baseline"}},
		{spec: "baseline", want: models.Info{Kind: "baseline", Name: "baseline"}},
		{spec: " Baseline ", want: models.Info{Kind: "baseline", Name: "baseline"}},
		{spec: "baseline:x", err: "takes no name"},
		{spec: "gpt-4o", err: `unknown kind "gpt-4o"; use baseline, openai:NAME, ollama:NAME, azure:DEPLOYMENT, anthropic:MODEL or gemini:MODEL`},
		{spec: "openai:", env: map[string]string{"OPENAI_API_KEY": "k"}, err: "no model name"},
		{spec: "openai:gpt-4o", err: "OPENAI_API_KEY is not set"},
		{spec: "openai:gpt-4o", env: map[string]string{"OPENAI_API_KEY": "sk-secret"},
			want: models.Info{Kind: "openai", Name: "gpt-4o", Endpoint: "https://api.openai.com/v1", Dialect: "openai"}},
		{spec: "openai:qwen2.5", env: map[string]string{"OPENAI_API_KEY": "none", "OPENAI_BASE_URL": "http://user:pw@gpu:8000/v1?key=sk-secret"},
			want: models.Info{Kind: "openai", Name: "qwen2.5", Endpoint: "http://gpu:8000/v1", Dialect: "openai"}},
		{spec: "openai:x", env: map[string]string{"OPENAI_API_KEY": "k", "OPENAI_BASE_URL": "localhost:8000"}, err: "OPENAI_BASE_URL"},
		{spec: "ollama:llama3.1:8b", want: models.Info{Kind: "ollama", Name: "llama3.1:8b", Endpoint: "http://127.0.0.1:11434/v1", Dialect: "openai"}},
		{spec: "ollama:qwen3", env: map[string]string{"OLLAMA_HOST": "0.0.0.0"},
			want: models.Info{Kind: "ollama", Name: "qwen3", Endpoint: "http://127.0.0.1:11434/v1", Dialect: "openai"}},
		{spec: "ollama:qwen3", env: map[string]string{"OLLAMA_HOST": "https://ollama.example.com/"},
			want: models.Info{Kind: "ollama", Name: "qwen3", Endpoint: "https://ollama.example.com/v1", Dialect: "openai"}},
		{spec: "ollama:qwen3", env: map[string]string{"OLLAMA_HOST": "gpu:9999/v1"},
			want: models.Info{Kind: "ollama", Name: "qwen3", Endpoint: "http://gpu:9999/v1", Dialect: "openai"}},
		{spec: "ollama:qwen3", env: map[string]string{"OLLAMA_HOST": "ftp://gpu"}, err: "OLLAMA_HOST"},
		{spec: "azure:gpt4o", env: map[string]string{"AZURE_OPENAI_API_KEY": "sk-secret"}, err: "AZURE_OPENAI_ENDPOINT is not set"},
		{spec: "azure:gpt4o", env: map[string]string{"AZURE_OPENAI_ENDPOINT": "https://r.openai.azure.com"}, err: "AZURE_OPENAI_API_KEY is not set"},
		{spec: "azure:gpt4o", env: map[string]string{"AZURE_OPENAI_ENDPOINT": "https://r.openai.azure.com/", "AZURE_OPENAI_API_KEY": "sk-secret"},
			want: models.Info{Kind: "azure", Name: "gpt4o", Endpoint: "https://r.openai.azure.com", Dialect: "openai"}},
		{spec: "anthropic:claude-x", err: "ANTHROPIC_API_KEY is not set"},
		{spec: "anthropic:claude-x", env: map[string]string{"ANTHROPIC_API_KEY": "sk-secret"},
			want: models.Info{Kind: "anthropic", Name: "claude-x", Endpoint: "https://api.anthropic.com", Dialect: "anthropic"}},
		{spec: "anthropic:claude-x", env: map[string]string{"ANTHROPIC_API_KEY": "sk-secret", "ANTHROPIC_BASE_URL": "gpu:1"}, err: "ANTHROPIC_BASE_URL"},
		{spec: "gemini:g", err: "GEMINI_API_KEY is not set"},
		{spec: "gemini:g", env: map[string]string{"GOOGLE_API_KEY": "sk-secret"},
			want: models.Info{Kind: "gemini", Name: "g", Endpoint: "https://generativelanguage.googleapis.com/", Dialect: "gemini"}},
		{spec: "anthropic:", env: map[string]string{"ANTHROPIC_API_KEY": "k"}, err: "anthropic:claude-sonnet-4-5"},
	}
	for _, tc := range tests {
		m, info, err := models.NewWith(ctx, tc.spec, models.Options{Getenv: env(tc.env)})
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%q: error %v, want one with %q", tc.spec, err, tc.err)
			}
			if err != nil && strings.Contains(err.Error(), "sk-secret") {
				t.Errorf("%q: the error shows the key: %v", tc.spec, err)
			}
			continue
		}
		if err != nil || m == nil {
			t.Errorf("%q: %v", tc.spec, err)
			continue
		}
		if info != tc.want {
			t.Errorf("%q: Info = %+v, want %+v", tc.spec, info, tc.want)
		}
		if s := fmt.Sprint(info); strings.Contains(s, "secret") || strings.Contains(s, "pw") {
			t.Errorf("%q: Info shows a credential: %s", tc.spec, s)
		}
	}
	_, info, err := models.NewWith(ctx, "openai:gpt-4o", models.Options{Getenv: env(map[string]string{"OPENAI_API_KEY": "k", "OPENAI_STRICT": "1"})})
	if err != nil || info.Dialect != "openai-strict" {
		t.Errorf("OPENAI_STRICT=1: Info = %+v, %v", info, err)
	}
	if s := (models.Info{Kind: "openai", Name: "gpt-4o", Endpoint: "https://api.openai.com/v1"}).String(); s != "openai:gpt-4o at https://api.openai.com/v1" {
		t.Errorf("Info.String = %q", s)
	}
}

// fakeOpenAI is an OpenAI-compatible chat-completions endpoint: it calls
// getTicket on the first turn and answers once it has a tool result.
type fakeOpenAI struct {
	mu       sync.Mutex
	requests []map[string]any
	problems []string
}

func (f *fakeOpenAI) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if r.URL.Path != "/v1/chat/completions" || r.Method != http.MethodPost {
		f.problems = append(f.problems, "unexpected "+r.Method+" "+r.URL.Path)
		http.NotFound(w, r)
		return
	}
	if got := r.Header.Get("Authorization"); got != "Bearer sk-test" {
		f.problems = append(f.problems, "Authorization: "+got)
	}
	body, _ := io.ReadAll(r.Body)
	var req map[string]any
	if err := json.Unmarshal(body, &req); err != nil {
		f.problems = append(f.problems, "body: "+err.Error())
		return
	}
	f.requests = append(f.requests, req)
	msgs, _ := req["messages"].([]any)
	last, _ := msgs[len(msgs)-1].(map[string]any)
	var message map[string]any
	finish := "stop"
	if last["role"] == "tool" {
		message = map[string]any{"role": "assistant", "content": "Ticket TCK-1001 is open: " + fmt.Sprint(last["content"])}
	} else {
		finish = "tool_calls"
		message = map[string]any{"role": "assistant", "content": "", "tool_calls": []any{map[string]any{
			"id": "call_abc", "type": "function",
			"function": map[string]any{"name": "getTicket", "arguments": `{"ticketId":"TCK-1001"}`},
		}}}
	}
	if req["stream"] == true {
		w.Header().Set("Content-Type", "text/event-stream")
		delta := map[string]any{"role": "assistant", "content": message["content"]}
		if tcs, ok := message["tool_calls"].([]any); ok {
			tc := tcs[0].(map[string]any)
			tc["index"] = 0
			delta["tool_calls"] = tcs
		}
		for _, chunk := range []map[string]any{
			{"id": "c1", "object": "chat.completion.chunk", "created": 1, "model": req["model"],
				"choices": []any{map[string]any{"index": 0, "delta": delta}}},
			{"id": "c1", "object": "chat.completion.chunk", "created": 1, "model": req["model"],
				"choices": []any{map[string]any{"index": 0, "delta": map[string]any{}, "finish_reason": finish}}},
		} {
			b, _ := json.Marshal(chunk)
			fmt.Fprintf(w, "data: %s\n\n", b)
		}
		fmt.Fprint(w, "data: [DONE]\n\n")
		return
	}
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]any{
		"id": "chatcmpl-1", "object": "chat.completion", "created": 1, "model": req["model"],
		"choices": []any{map[string]any{"index": 0, "message": message, "finish_reason": finish}},
		"usage":   map[string]any{"prompt_tokens": 12, "completion_tokens": 5, "total_tokens": 17},
	})
}

// ticketTool is a stand-in tool that records its arguments.
type ticketTool struct{ args []string }

func (tt *ticketTool) Info(context.Context) (*schema.ToolInfo, error) {
	js := new(jsonschema.Schema)
	_ = json.Unmarshal([]byte(`{"type":"object","properties":{"ticketId":{"type":"string","pattern":"^TCK-[0-9]{4,}$"}},"required":["ticketId"]}`), js)
	return &schema.ToolInfo{Name: "getTicket", Desc: "Get ticket", ParamsOneOf: schema.NewParamsOneOfByJSONSchema(js)}, nil
}

func (tt *ticketTool) InvokableRun(_ context.Context, args string, _ ...tool.Option) (string, error) {
	tt.args = append(tt.args, args)
	return `{"id":"TCK-1001","status":"open"}`, nil
}

// TestOpenAICompatible drives a ReAct agent with the openai:NAME model
// against a local chat-completions server, with tool calls, both
// generating and streaming.
func TestOpenAICompatible(t *testing.T) {
	for _, tc := range []struct{ stream, strict bool }{{false, false}, {true, false}, {false, true}, {true, true}} {
		stream := tc.stream
		t.Run(fmt.Sprintf("stream=%v,strict=%v", stream, tc.strict), func(t *testing.T) {
			fake := &fakeOpenAI{}
			hs := httptest.NewServer(fake)
			defer hs.Close()
			ctx := context.Background()
			m, info, err := models.NewWith(ctx, "openai:gpt-test", models.Options{
				Getenv: env(map[string]string{"OPENAI_API_KEY": "sk-test", "OPENAI_BASE_URL": hs.URL + "/v1"}),
				Strict: tc.strict,
			})
			if err != nil {
				t.Fatal(err)
			}
			if info.Endpoint != hs.URL+"/v1" || info.Name != "gpt-test" {
				t.Errorf("Info = %+v", info)
			}
			tt := &ticketTool{}
			agent, err := react.NewAgent(ctx, &react.AgentConfig{
				ToolCallingModel: m,
				ToolsConfig:      compose.ToolsNodeConfig{Tools: []tool.BaseTool{tt}},
				MaxStep:          5,
			})
			if err != nil {
				t.Fatal(err)
			}
			in := []*schema.Message{schema.UserMessage("What is the state of TCK-1001?")}
			out := runAgent(t, agent, in, stream)
			fake.mu.Lock()
			defer fake.mu.Unlock()
			for _, p := range fake.problems {
				t.Error(p)
			}
			checkTicketRun(t, tt, out)
			if len(fake.requests) != 2 {
				t.Fatalf("%d requests, want 2", len(fake.requests))
			}
			first := fake.requests[0]
			if first["model"] != "gpt-test" {
				t.Errorf("model %v", first["model"])
			}
			tools, _ := json.Marshal(first["tools"])
			if !strings.Contains(string(tools), `"name":"getTicket"`) || !strings.Contains(string(tools), `"pattern":"^TCK-[0-9]{4,}$"`) {
				t.Errorf("tools sent: %s", tools)
			}
			if got := strings.Contains(string(tools), `"strict":true`); got != tc.strict {
				t.Errorf("strict sent: %v, want %v: %s", got, tc.strict, tools)
			}
			second, _ := json.Marshal(fake.requests[1]["messages"])
			if !strings.Contains(string(second), `"tool_call_id":"call_abc"`) || !strings.Contains(string(second), `"role":"tool"`) {
				t.Errorf("second request's messages: %s", second)
			}
		})
	}
}

// TestOpenAIUnreachable: a refused connection is an error of Generate, not
// a hang.
func TestOpenAIUnreachable(t *testing.T) {
	hs := httptest.NewServer(http.NotFoundHandler())
	url := hs.URL
	hs.Close()
	m, _, err := models.NewWith(context.Background(), "openai:x", models.Options{
		Getenv: env(map[string]string{"OPENAI_API_KEY": "k", "OPENAI_BASE_URL": url + "/v1"}),
	})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := m.Generate(context.Background(), []*schema.Message{schema.UserMessage("hi")}); err == nil {
		t.Error("no error from a closed endpoint")
	}
}
