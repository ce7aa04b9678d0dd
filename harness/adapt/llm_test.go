package adapt

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/agentready/agentready/gen"
	"github.com/agentready/agentready/gen/catalog"
	"github.com/agentready/agentready/gen/describe"
	"github.com/agentready/agentready/harness/classify"
	"github.com/agentready/agentready/harness/models"
	"github.com/agentready/agentready/harness/run"
)

// chatServer speaks OpenAI's chat-completions wire format on 127.0.0.1:
// the first answer is a 429 (which the models' retry policy must ride
// out), then every answer is reply. It keeps the prompts it was sent.
type chatServer struct {
	mu      sync.Mutex
	reply   string
	calls   int
	prompts []string
}

func (s *chatServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.calls++
	if r.URL.Path != "/v1/chat/completions" {
		http.NotFound(w, r)
		return
	}
	if s.calls == 1 {
		w.Header().Set("Retry-After", "0")
		http.Error(w, `{"error":{"message":"slow down"}}`, http.StatusTooManyRequests)
		return
	}
	body, _ := io.ReadAll(r.Body)
	var req struct {
		Model    string `json:"model"`
		Messages []struct {
			Content string `json:"content"`
		} `json:"messages"`
	}
	_ = json.Unmarshal(body, &req)
	var all []string
	for _, m := range req.Messages {
		all = append(all, m.Content)
	}
	s.prompts = append(s.prompts, strings.Join(all, "\n"))
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]any{
		"id": "chatcmpl-1", "object": "chat.completion", "created": 1, "model": req.Model,
		"choices": []any{map[string]any{"index": 0, "finish_reason": "stop",
			"message": map[string]any{"role": "assistant", "content": s.reply}}},
		"usage": map[string]any{"prompt_tokens": 100, "completion_tokens": 20, "total_tokens": 120},
	})
}

// TestModelWritesTheDescription proposes a description for a tool the
// agent confused with another, written by a model behind a real HTTP
// server in OpenAI's format: the prompt (templates/adapt_describe.tmpl)
// names the tool, its failures and the tool taken instead, and the
// model's first sentence becomes the summary, which the definition shows.
func TestModelWritesTheDescription(t *testing.T) {
	srv := &chatServer{reply: "Lists the tickets one user raised or is assigned, by the user's id; use listTickets to filter all tickets."}
	hs := httptest.NewServer(srv)
	defer hs.Close()
	t.Setenv("OPENAI_BASE_URL", hs.URL+"/v1")
	t.Setenv("OPENAI_API_KEY", "sk-test")
	m, _, err := models.New(context.Background(), "openai:gpt-test")
	if err != nil {
		t.Fatal(err)
	}
	ev := confusedTicketsEvidence(t)
	ev.Writer = NewLLM(m)
	acts, err := Propose(context.Background(), ev)
	if err != nil {
		t.Fatal(err)
	}
	if len(acts) != 1 || acts[0].Kind != KindDescription {
		t.Fatalf("proposals %+v, want one description", acts)
	}
	// One sentence: it becomes the summary, which leads the definition.
	if got := acts[0].Update["summary"]; got != strings.TrimSuffix(srv.reply, ".") {
		t.Errorf("the summary is %q, want the model's sentence", got)
	}
	if got, ok := acts[0].Update["description"]; ok {
		t.Errorf("description %q set from a one-sentence reply", got)
	}
	if acts[0].Target != "$['paths']['/users/{userId}/tickets']['get']" {
		t.Errorf("target %q", acts[0].Target)
	}
	if srv.calls != 2 || len(srv.prompts) != 1 {
		t.Fatalf("%d requests, %d answered; want a 429 retried once", srv.calls, len(srv.prompts))
	}
	for _, want := range []string{"You write the descriptions", "listTicketsForUser (GET /users/{userId}/tickets)", "incorrect_tool_selection in 1 cases", "listTickets (GET /tickets)"} {
		if !strings.Contains(srv.prompts[0], want) {
			t.Errorf("the prompt lacks %q:\n%s", want, srv.prompts[0])
		}
	}
}

// TestOfflineDescriptionIsWhatTheAgentReads: the deterministic proposal
// for a tool confused with another lands in the first sentence of the
// tool's definition, where it names the other tool; a description the
// definition would not show is a proposal that cannot help.
func TestOfflineDescriptionIsWhatTheAgentReads(t *testing.T) {
	ev := confusedTicketsEvidence(t)
	api := ev.Catalog.API
	acts, err := Propose(context.Background(), ev)
	if err != nil {
		t.Fatal(err)
	}
	if len(acts) != 1 || acts[0].Kind != KindDescription {
		t.Fatalf("proposals %+v, want one description", acts)
	}
	op := *api.Operation("listTicketsForUser")
	summary, _ := acts[0].Update["summary"].(string)
	op.Summary = summary
	if got := describe.Purpose(&op); !strings.Contains(got, "not listTickets") {
		t.Errorf("the definition's first sentence is %q; it should name listTickets", got)
	}
}

// confusedTicketsEvidence is the example API with one run record: a case
// of listTicketsForUser whose agent took listTickets instead.
func confusedTicketsEvidence(t *testing.T) Evidence {
	t.Helper()
	spec := filepath.Join("..", "..", "specs", "exampleapi", "openapi.yaml")
	api, _, err := gen.Load(gen.Options{Spec: spec})
	if err != nil {
		t.Fatal(err)
	}
	loc, err := Locate(spec, nil)
	if err != nil {
		t.Fatal(err)
	}
	recs := []run.Record{{Case: "listTicketsForUser/required/00", Tool: "listTicketsForUser",
		Labels: []classify.Label{{Class: classify.IncorrectToolSelection, Tool: "listTicketsForUser", Other: "listTickets"}}}}
	return Evidence{Catalog: catalog.Describe(api), Locator: loc, Records: recs}
}

// TestProposeWithoutCatalog checks that evidence without the spec's
// tools is a clear error, not a panic.
func TestProposeWithoutCatalog(t *testing.T) {
	for _, ev := range []Evidence{{}, {Catalog: catalog.Describe(nil)}} {
		if _, err := Propose(context.Background(), ev); err == nil || !strings.Contains(err.Error(), "catalog.Describe") {
			t.Errorf("Propose without a catalog: %v", err)
		}
	}
}
