package baseline_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"

	"github.com/agentready/agentready/gen/catalog"
	"github.com/agentready/agentready/gen/toolrt"
	"github.com/agentready/agentready/gen/toolschema"
	"github.com/agentready/agentready/harness/baseline"
	"github.com/agentready/agentready/harness/graph"
	"github.com/agentready/agentready/harness/models"
	runner "github.com/agentready/agentready/harness/run"
	"github.com/agentready/agentready/specs/exampleapi/server"
	"github.com/cloudwego/eino/components/tool"
	"github.com/cloudwego/eino/compose"
	"github.com/cloudwego/eino/flow/agent/react"
	"github.com/cloudwego/eino/schema"
)

// received records the requests the example API server got.
type received struct {
	mu   sync.Mutex
	reqs []string // "GET /users?email=..."
}

func (r *received) wrap(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		r.mu.Lock()
		r.reqs = append(r.reqs, req.Method+" "+req.URL.Path+"?"+req.URL.RawQuery)
		r.mu.Unlock()
		h.ServeHTTP(w, req)
	})
}

func (r *received) take() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := r.reqs
	r.reqs = nil
	return out
}

// exampleServer starts the example API server, in-process, and returns
// what it receives and a catalog of its tools bound to it.
func exampleServer(t *testing.T) (*received, *toolrt.Catalog) {
	t.Helper()
	srv, err := server.New(server.Options{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Close() })
	rec := &received{}
	hs := httptest.NewServer(rec.wrap(srv.Handler()))
	t.Cleanup(hs.Close)
	client, err := catalog.NewClient(exampleAPI(t), hs.URL, toolrt.WithoutEnvironment(), toolrt.WithCredential("bearerAuth", server.DefaultAdminToken))
	if err != nil {
		t.Fatal(err)
	}
	cat, err := catalog.New(exampleAPI(t), client)
	if err != nil {
		t.Fatal(err)
	}
	return rec, cat
}

// TestBaselineReActAgent runs a real Eino ReAct agent with the baseline
// and the example API's tools against the example server, in-process,
// and checks what the server received.
func TestBaselineReActAgent(t *testing.T) {
	ctx := context.Background()
	rec, cat := exampleServer(t)
	m, info, err := models.New(ctx, "baseline")
	if err != nil || info.Kind != models.KindBaseline {
		t.Fatalf("models.New(baseline) = %v, %v", info, err)
	}
	const rounds = 3
	agent, err := react.NewAgent(ctx, &react.AgentConfig{
		ToolCallingModel: m,
		ToolsConfig:      compose.ToolsNodeConfig{Tools: cat.Eino()},
		MaxStep:          2*rounds + 1,
	})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		request string
		// want are the requests the server should receive, in order: the
		// method, the path and the query parameters that must be there.
		want   []string
		answer string // in the final answer
	}{
		{"Show me the user with email aisha.alvarez@globex.example",
			[]string{"GET /users?email=aisha.alvarez@globex.example"}, "Aisha Alvarez"},
		{"List open tickets with high priority",
			[]string{"GET /tickets?priority=high&status=open"}, `"items"`},
		{"Show me ticket 1225",
			[]string{"GET /tickets/TCK-1225?"}, "200 OK"},
		// The first call is invalid (never sent); the error's "did you
		// mean" repairs it.
		{"List users with role: administrator",
			[]string{"GET /users?role=admin"}, "listUsers returned"},
	}
	for _, tc := range tests {
		rec.take()
		out, err := agent.Generate(ctx, []*schema.Message{schema.UserMessage(tc.request)})
		if err != nil {
			t.Errorf("%q: %v", tc.request, err)
			continue
		}
		got := rec.take()
		if len(got) != len(tc.want) {
			t.Errorf("%q: the server received %q, want %q", tc.request, got, tc.want)
			continue
		}
		for i, w := range tc.want {
			if !matchRequest(got[i], w) {
				t.Errorf("%q: request %d = %q, want %q", tc.request, i, got[i], w)
			}
		}
		if !strings.Contains(out.Content, tc.answer) {
			t.Errorf("%q: final answer lacks %q:\n%.300s", tc.request, tc.answer, out.Content)
		}
		t.Logf("%q -> %v", tc.request, got)
	}
	// Streaming runs the same way.
	rec.take()
	sr, err := agent.Stream(ctx, []*schema.Message{schema.UserMessage(tests[0].request)})
	if err != nil {
		t.Fatal(err)
	}
	out, err := schema.ConcatMessageStream(sr)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.Content, tests[0].answer) {
		t.Errorf("streamed answer: %.200s", out.Content)
	}
	if got := rec.take(); len(got) != 1 || !matchRequest(got[0], tests[0].want[0]) {
		t.Errorf("streamed run: the server received %q", got)
	}
}

// matchRequest reports whether got ("GET /p?a=1&b=2") has want's method,
// path and every query parameter of want.
func matchRequest(got, want string) bool {
	gp, gq, _ := strings.Cut(got, "?")
	wp, wq, _ := strings.Cut(want, "?")
	if gp != wp {
		return false
	}
	gv, err1 := url.ParseQuery(gq)
	wv, err2 := url.ParseQuery(wq)
	if err1 != nil || err2 != nil {
		return false
	}
	for k, ws := range wv {
		if strings.Join(gv[k], ",") != strings.Join(ws, ",") {
			return false
		}
	}
	return true
}

// shownTool shows the model a rewritten definition of a tool (producer
// hints added), as harness/run does.
type shownTool struct {
	tool.InvokableTool
	shown func(*schema.ToolInfo) (*schema.ToolInfo, error)
}

func (s shownTool) Info(ctx context.Context) (*schema.ToolInfo, error) {
	info, err := s.InvokableTool.Info(ctx)
	if err != nil {
		return nil, err
	}
	return s.shown(info)
}

// TestBaselineChainsThroughHints: with the approved graph's producer
// hints in the descriptions, a request that names things instead of
// giving identifiers is served by a chain of calls against the real
// server, each value carried over from the answer before; without the
// hints the chain cannot be planned.
func TestBaselineChainsThroughHints(t *testing.T) {
	ctx := context.Background()
	rec, cat := exampleServer(t)
	api := exampleAPI(t)
	g := graph.Infer(api, graph.Options{})
	g.SetStatusAbove(0, graph.Approved)
	agentWith := func(ablate []string) *react.Agent {
		shown, err := runner.ShownOver(graph.Hints(g, api), toolschema.Pointers(api), ablate)
		if err != nil {
			t.Fatal(err)
		}
		var tools []tool.BaseTool
		for _, bt := range cat.Eino() {
			it := bt.(tool.InvokableTool)
			if shown != nil {
				tools = append(tools, shownTool{it, shown})
			} else {
				tools = append(tools, it)
			}
		}
		agent, err := react.NewAgent(ctx, &react.AgentConfig{
			ToolCallingModel: baseline.New(),
			ToolsConfig:      compose.ToolsNodeConfig{Tools: tools},
			MaxStep:          13,
		})
		if err != nil {
			t.Fatal(err)
		}
		return agent
	}
	run := func(agent *react.Agent, request string) []string {
		t.Helper()
		rec.take()
		if _, err := agent.Generate(ctx, []*schema.Message{schema.UserMessage(request)}); err != nil {
			t.Fatalf("%q: %v", request, err)
		}
		return rec.take()
	}
	hinted := agentWith(nil)
	// The team's name is no word of a tool: it does not pull the search
	// towards listTeams' description.
	got := run(hinted, "List the members of team Service Desk.")
	if len(got) != 2 || !matchRequest(got[0], "GET /teams?q=Service Desk") || !strings.HasPrefix(got[1], "GET /teams/tm_") || !strings.Contains(got[1], "/members") {
		t.Errorf("members of a team by name: the server received %q", got)
	}
	got = run(hinted, "What does the first asset of Anika Moreau look like?")
	if len(got) != 3 || !matchRequest(got[0], "GET /users?q=Anika Moreau") || !strings.Contains(got[1], "/assets") || !strings.HasPrefix(got[2], "GET /assets/AST-") {
		t.Errorf("a picked item of a user's list: the server received %q", got)
	}
	got = run(hinted, "Show me the latest ticket of Anika Moreau")
	if len(got) != 3 || !matchRequest(got[0], "GET /users?q=Anika Moreau") || !strings.Contains(got[1], "/tickets") || !strings.HasPrefix(got[2], "GET /tickets/TCK-") {
		t.Errorf("a picked item of a user's list: the server received %q", got)
	}
	got = run(agentWith([]string{runner.AblateHints}), "Show me the latest ticket of Anika Moreau")
	if len(got) == 3 && strings.HasPrefix(got[2], "GET /tickets/TCK-") {
		t.Errorf("without hints the chain was still planned: %q", got)
	}
}
