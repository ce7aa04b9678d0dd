package models_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/agentready/agentready/harness/models"
	"github.com/cloudwego/eino/components/model"
	"github.com/cloudwego/eino/components/tool"
	"github.com/cloudwego/eino/compose"
	"github.com/cloudwego/eino/flow/agent/react"
	"github.com/cloudwego/eino/schema"
)

// canned is one answer a fake provider gives before its normal ones.
type canned struct {
	status int
	header http.Header
	body   string
}

// wire is a provider's wire format, as a local server speaks it: the
// path and headers it checks, and how it answers a request.
type wire struct {
	kind string
	spec string
	key  string // the API key the server wants
	env  func(url string) map[string]string
	// check returns what is wrong with a request's path, query or headers.
	check func(r *http.Request) string
	// answer is the normal answer to a decoded request: a tool call on the
	// first turn (with malformed arguments when asked), then a text that
	// quotes the tool result.
	answer func(req map[string]any, malformed bool) any
	// unauthorized and rateLimited are the provider's own error bodies.
	unauthorized canned
	rateLimited  canned
}

// fakeProvider serves one wire format on 127.0.0.1.
type fakeProvider struct {
	w         wire
	mu        sync.Mutex
	requests  []map[string]any
	problems  []string
	queue     []canned
	malformed bool
}

func (f *fakeProvider) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if p := f.w.check(r); p != "" {
		f.problems = append(f.problems, p)
	}
	body, _ := io.ReadAll(r.Body)
	var req map[string]any
	if err := json.Unmarshal(body, &req); err != nil {
		f.problems = append(f.problems, "body: "+err.Error())
	}
	f.requests = append(f.requests, req)
	if len(f.queue) > 0 {
		c := f.queue[0]
		f.queue = f.queue[1:]
		for k, vs := range c.header {
			w.Header()[k] = vs
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(c.status)
		io.WriteString(w, c.body)
		return
	}
	answer := f.w.answer(req, f.malformed)
	if req["stream"] == true {
		writeChunks(w, answer.(map[string]any))
		return
	}
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(answer)
}

// writeChunks sends a chat completion as chat.completion.chunk events, as
// an OpenAI-compatible endpoint streams it.
func writeChunks(w http.ResponseWriter, completion map[string]any) {
	w.Header().Set("Content-Type", "text/event-stream")
	choice := completion["choices"].([]any)[0].(map[string]any)
	delta := choice["message"].(map[string]any)
	if tcs, ok := delta["tool_calls"].([]any); ok {
		for i, tc := range tcs {
			tc.(map[string]any)["index"] = i
		}
	}
	for _, c := range []map[string]any{
		{"index": 0, "delta": delta},
		{"index": 0, "delta": map[string]any{}, "finish_reason": choice["finish_reason"]},
	} {
		b, _ := json.Marshal(map[string]any{"id": completion["id"], "object": "chat.completion.chunk", "created": 1,
			"model": completion["model"], "choices": []any{c}})
		fmt.Fprintf(w, "data: %s\n\n", b)
	}
	fmt.Fprint(w, "data: [DONE]\n\n")
}

// start serves the wire format and returns the model New makes for it,
// with a retry policy whose waits are recorded, not slept.
func (wr wire) start(t *testing.T) (*fakeProvider, model.ToolCallingChatModel, models.Info, *[]time.Duration) {
	t.Helper()
	f := &fakeProvider{w: wr}
	hs := httptest.NewServer(f)
	t.Cleanup(hs.Close)
	var mu sync.Mutex
	waits := new([]time.Duration)
	m, info, err := models.NewWith(context.Background(), wr.spec, models.Options{
		Getenv: env(wr.env(hs.URL)),
		Retry: models.Retry{Sleep: func(ctx context.Context, d time.Duration) error {
			mu.Lock()
			defer mu.Unlock()
			*waits = append(*waits, d)
			return ctx.Err()
		}},
	})
	if err != nil {
		t.Fatal(err)
	}
	if info.Kind != wr.kind || info.Endpoint == "" {
		t.Errorf("Info = %+v", info)
	}
	return f, m, info, waits
}

func (f *fakeProvider) checkProblems(t *testing.T) {
	t.Helper()
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, p := range f.problems {
		t.Error(p)
	}
}

// lastMessage is the last element of a request's list field.
func lastOf(req map[string]any, field string) map[string]any {
	list, _ := req[field].([]any)
	if len(list) == 0 {
		return nil
	}
	last, _ := list[len(list)-1].(map[string]any)
	return last
}

func wires() []wire {
	return []wire{anthropicWire(), geminiWire(), azureWire()}
}

// TestProvidersRoundTrip drives a ReAct agent through a tool call and a
// final text answer with each provider's model against its local server,
// generating and streaming, and checks the usage read from the answer.
func TestProvidersRoundTrip(t *testing.T) {
	for _, wr := range wires() {
		for _, stream := range []bool{false, true} {
			t.Run(wr.kind+map[bool]string{true: "/stream", false: ""}[stream], func(t *testing.T) {
				f, m, info, _ := wr.start(t)
				ctx := context.Background()
				tt := &ticketTool{}
				agent, err := react.NewAgent(ctx, &react.AgentConfig{
					ToolCallingModel: m,
					ToolsConfig:      compose.ToolsNodeConfig{Tools: []tool.BaseTool{tt}},
					MaxStep:          5,
				})
				if err != nil {
					t.Fatal(err)
				}
				in := []*schema.Message{schema.SystemMessage("Be brief."), schema.UserMessage("What is the state of TCK-1001?")}
				out := runAgent(t, agent, in, stream)
				f.checkProblems(t)
				checkTicketRun(t, tt, out)
				if len(f.requests) != 2 {
					t.Fatalf("%d requests, want 2", len(f.requests))
				}
				tools, _ := json.Marshal(f.requests[0])
				if !strings.Contains(string(tools), `"getTicket"`) || !strings.Contains(string(tools), `"^TCK-[0-9]{4,}$"`) {
					t.Errorf("first request: %s", tools)
				}
				if !strings.Contains(string(tools), "Be brief.") {
					t.Errorf("system prompt not sent: %s", tools)
				}
				if info.Dialect == "" {
					t.Errorf("no dialect in %+v", info)
				}
			})
		}
	}
}

// checkTicketRun checks that the agent called getTicket once, rightly,
// and quoted its result.
func checkTicketRun(t *testing.T, tt *ticketTool, out *schema.Message) {
	t.Helper()
	if len(tt.args) != 1 || tt.args[0] != `{"ticketId":"TCK-1001"}` {
		t.Errorf("tool got %q", tt.args)
	}
	if !strings.Contains(out.Content, `Ticket TCK-1001 is open: {"id":"TCK-1001","status":"open"}`) {
		t.Errorf("answer %q", out.Content)
	}
}

// runAgent runs the agent on in, generating or streaming, and returns its
// answer.
func runAgent(t *testing.T, agent *react.Agent, in []*schema.Message, stream bool) *schema.Message {
	t.Helper()
	ctx := context.Background()
	if !stream {
		out, err := agent.Generate(ctx, in)
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	sr, err := agent.Stream(ctx, in)
	if err != nil {
		t.Fatal(err)
	}
	out, err := schema.ConcatMessageStream(sr)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestProvidersUsage: the tokens the provider counted reach Eino's
// ResponseMeta.
func TestProvidersUsage(t *testing.T) {
	for _, wr := range wires() {
		t.Run(wr.kind, func(t *testing.T) {
			_, m, _, _ := wr.start(t)
			tt := &ticketTool{}
			info, _ := tt.Info(context.Background())
			mt, err := m.WithTools([]*schema.ToolInfo{info})
			if err != nil {
				t.Fatal(err)
			}
			out, err := mt.Generate(context.Background(), []*schema.Message{schema.UserMessage("TCK-1001?")})
			if err != nil {
				t.Fatal(err)
			}
			if len(out.ToolCalls) != 1 || out.ToolCalls[0].ID == "" || out.ToolCalls[0].Function.Name != "getTicket" {
				t.Errorf("tool calls %+v", out.ToolCalls)
			}
			if u := out.ResponseMeta; u == nil || u.Usage == nil || u.Usage.PromptTokens != 12 || u.Usage.CompletionTokens != 5 || u.Usage.TotalTokens != 17 {
				t.Errorf("usage %+v", u)
			}
		})
	}
}

// TestProvidersErrors: the provider's own refusal is a ProviderError that
// names the model, the status and the variable to fix, and never the key.
func TestProvidersErrors(t *testing.T) {
	for _, wr := range wires() {
		t.Run(wr.kind, func(t *testing.T) {
			f, m, _, waits := wr.start(t)
			f.queue = []canned{wr.unauthorized}
			_, err := m.Generate(context.Background(), []*schema.Message{schema.UserMessage("hi")})
			var pe *models.ProviderError
			if !errors.As(err, &pe) {
				t.Fatalf("err = %v (%T), want a ProviderError", err, err)
			}
			msg := err.Error()
			for _, want := range []string{wr.spec, "401", "_KEY"} {
				if !strings.Contains(msg, want) {
					t.Errorf("error %q lacks %q", msg, want)
				}
			}
			t.Log(msg)
			if strings.Contains(msg, wr.key) {
				t.Errorf("error shows the key: %q", msg)
			}
			if len(f.requests) != 1 || len(*waits) != 0 {
				t.Errorf("a 401 was retried: %d requests, waits %v", len(f.requests), *waits)
			}
			// A provider that quotes the key back: it is scrubbed.
			echo := wr.unauthorized
			echo.body = strings.Replace(echo.body, `"message":"`, `"message":"key `+wr.key+` is wrong; `, 1)
			f.queue = []canned{echo}
			_, err = m.Generate(context.Background(), []*schema.Message{schema.UserMessage("hi")})
			if err == nil || strings.Contains(err.Error(), wr.key) || !strings.Contains(err.Error(), "key [key] is wrong") {
				t.Errorf("quoted key: %v", err)
			}
		})
	}
}

// TestProvidersRateLimit: a 429 with Retry-After is waited out as asked,
// then the call succeeds.
func TestProvidersRateLimit(t *testing.T) {
	for _, wr := range wires() {
		t.Run(wr.kind, func(t *testing.T) {
			f, m, _, waits := wr.start(t)
			f.queue = []canned{wr.rateLimited, wr.rateLimited}
			out, err := m.Generate(context.Background(), []*schema.Message{schema.UserMessage("hi")})
			if err != nil {
				t.Fatal(err)
			}
			if len(out.ToolCalls) != 1 {
				t.Errorf("answer %+v", out)
			}
			if len(f.requests) != 3 || len(*waits) != 2 || (*waits)[0] != 3*time.Second || (*waits)[1] != 3*time.Second {
				t.Errorf("%d requests, waits %v; want 3 and two of 3s", len(f.requests), *waits)
			}
			f.checkProblems(t)
		})
	}
}

// TestProvidersMalformedArguments: arguments that are not JSON reach the
// harness as the model wrote them, or, where the wire format cannot carry
// them, are an error; never a panic. A conversation holding such a call
// still makes a request the provider takes.
func TestProvidersMalformedArguments(t *testing.T) {
	for _, wr := range wires() {
		t.Run(wr.kind, func(t *testing.T) {
			f, m, _, _ := wr.start(t)
			f.malformed = true
			ctx := context.Background()
			out, err := m.Generate(ctx, []*schema.Message{schema.UserMessage("TCK-1001?")})
			if wr.kind == models.KindGemini {
				// functionCall.args is an object on this wire: a string
				// there is an answer the SDK cannot read.
				if err == nil || !strings.Contains(err.Error(), "gemini:") {
					t.Fatalf("err = %v, want an error naming gemini", err)
				}
				out = &schema.Message{Role: schema.Assistant, ToolCalls: []schema.ToolCall{{ID: "x",
					Function: schema.FunctionCall{Name: "getTicket", Arguments: `{"ticketId": `}}}}
			} else if err != nil {
				t.Fatal(err)
			}
			if len(out.ToolCalls) != 1 || out.ToolCalls[0].Function.Arguments != `{"ticketId": ` {
				t.Fatalf("tool calls %+v, want the malformed arguments as written", out.ToolCalls)
			}
			f.malformed = false
			in := []*schema.Message{schema.UserMessage("TCK-1001?"), out,
				schema.ToolMessage(`{"error":"arguments are not JSON"}`, out.ToolCalls[0].ID)}
			if _, err := m.Generate(ctx, in); err != nil {
				t.Fatal(err)
			}
			f.checkProblems(t)
			sent, _ := json.Marshal(f.requests[len(f.requests)-1])
			if !strings.Contains(string(sent), "arguments are not JSON") {
				t.Errorf("tool result not sent: %s", sent)
			}
		})
	}
}
