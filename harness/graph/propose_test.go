package graph

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/cloudwego/eino-ext/components/model/openai"
	"github.com/cloudwego/eino/components/model"

	"github.com/agentready/agentready/gen/tokens"
	"github.com/agentready/agentready/harness/models/openaitest"
)

// chatModelAt is Eino's OpenAI chat model at a local stand-in.
func chatModelAt(t *testing.T, srv *openaitest.Server) model.BaseChatModel {
	t.Helper()
	m, err := openai.NewChatModel(context.Background(), &openai.ChatModelConfig{APIKey: "sk-test", BaseURL: srv.BaseURL(), Model: "gpt-test"})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// userAnswer is what a model might answer about the example API's users:
// one right edge, one whose output path the producer does not return,
// and one the rules already make.
const userAnswer = "```json\n" + `{"edges": [
  {"from": "listUsers", "to": "getUser", "mappings": [{"output": "$.items[*].id", "input": "userId"}], "why": "listUsers returns the ids getUser takes."},
  {"from": "listTeamMembers", "to": "getUser", "mappings": [{"output": "$.items[*].userId", "input": "userId"}], "why": "team members are users."},
  {"from": "listTickets", "to": "getTicket", "mappings": [{"output": "$.items[*].id", "input": "ticketId"}], "why": "tickets by id."}
]}` + "\n```"

func TestProposeKeepsValidModelEdgesOnly(t *testing.T) {
	api := exampleAPI(t)
	g := Infer(api, Options{})
	// The rules' edges into getUser are taken away: the model has to
	// find what they found.
	var keep []*Edge
	for _, e := range g.Edges {
		if e.To != "getUser" {
			keep = append(keep, e)
		}
	}
	g.Edges = keep
	rulesEdges := len(g.Edges)
	srv := openaitest.New(t, func(r openaitest.Request) string {
		if strings.Contains(r.Messages[1].Content, "Resource: user\n") {
			return userAnswer
		}
		return `{"edges": []}`
	})
	rep, err := Propose(context.Background(), api, g, ProposeOptions{Model: chatModelAt(t, srv), Name: "openai:gpt-test"})
	if err != nil {
		t.Fatal(err)
	}
	if p := srv.Problems(); len(p) > 0 {
		t.Fatal(p)
	}
	reqs := srv.Requests()
	if rep.Prompts != len(reqs) || rep.Prompts < 1 || rep.Proposed != 3 || rep.Invalid != 1 || rep.Duplicates != 1 || rep.Kept != 1 || rep.Unparsed != 0 {
		t.Fatalf("report = %+v, want 3 proposed: 1 invalid, 1 duplicate, 1 kept, over %d prompts", rep, len(reqs))
	}
	if len(rep.Dropped) != 1 || !strings.Contains(rep.Dropped[0], "listTeamMembers -> getUser") || !strings.Contains(rep.Dropped[0], "userId") {
		t.Fatalf("dropped = %q, want the invalid edge with its reason", rep.Dropped)
	}
	if len(g.Edges) != rulesEdges+1 {
		t.Fatalf("%d edges after proposing, want the %d of the rules and one more", len(g.Edges), rulesEdges)
	}
	e := g.Find("listUsers", "getUser")
	if e == nil || e.Source != SourceModel || e.Status != Proposed || e.Confidence != ModelConfidence || !strings.Contains(e.Why, "openai:gpt-test") {
		t.Fatalf("the model's edge = %+v, want a proposed edge marked source model", e)
	}
	if d := g.Find("listTickets", "getTicket"); d == nil || d.Source != "" {
		t.Fatalf("the rule edge the model repeated = %+v, want it kept as the rules' edge", d)
	}
	if ps := Check(g, api); len(ps) > 0 {
		t.Fatalf("the graph does not check: %v", ps)
	}
	if g.InferredBy != "rules+openai:gpt-test" {
		t.Errorf("inferred_by = %q", g.InferredBy)
	}
	// The context is bounded: a prompt is within its token budget and
	// shows only the tools of its resource.
	for _, r := range reqs {
		text := r.Messages[0].Content + r.Messages[1].Content
		if n := tokens.Count(text); n > DefaultPromptTokens {
			t.Errorf("a prompt of %d tokens, over the budget of %d", n, DefaultPromptTokens)
		}
		if strings.Contains(r.Messages[1].Content, "Resource: user\n") && strings.Contains(text, "createTicket") {
			t.Errorf("the users' prompt shows createTicket, which has nothing to do with users:\n%s", text)
		}
	}
	// A model's edge is saved with its source, and approved only by
	// name: a threshold leaves it proposed.
	loaded, err := Parse(g.Marshal(), "g.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if le := loaded.Find("listUsers", "getUser"); le == nil || le.Source != SourceModel {
		t.Fatalf("after a round trip the edge is %+v", le)
	}
	loaded.SetStatusAbove(0, Approved)
	if le := loaded.Find("listUsers", "getUser"); le.Status != Proposed {
		t.Fatalf("--all-above approved the model's edge")
	}
	if err := loaded.SetStatus("listUsers", "getUser", Approved); err != nil || loaded.Find("listUsers", "getUser").Status != Approved {
		t.Fatalf("approving the model's edge by name: %v", err)
	}
}

func TestProposeCountsAnswersThatAreNotTheJSONAskedFor(t *testing.T) {
	api := exampleAPI(t)
	for _, answer := range []string{
		"Sure! Here are the edges: listUsers feeds getUser.",
		`{"edges": [], "confidence": 0.9}`, // a field not asked for
		`{"edges": []} and some more`,
	} {
		srv := openaitest.New(t, func(openaitest.Request) string { return answer })
		g := Infer(api, Options{})
		before := len(g.Edges)
		rep, err := Propose(context.Background(), api, g, ProposeOptions{Model: chatModelAt(t, srv), Name: "m"})
		if err != nil {
			t.Fatal(err)
		}
		if rep.Unparsed != rep.Prompts || rep.Prompts == 0 || len(g.Edges) != before {
			t.Errorf("answer %q: report %+v, want every answer counted unparsed and no edge added", answer, rep)
		}
	}
}

func TestProposeStopsWithTheContext(t *testing.T) {
	api := exampleAPI(t)
	srv := openaitest.New(t, func(openaitest.Request) string { return `{"edges": []}` })
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := Propose(ctx, api, Infer(api, Options{}), ProposeOptions{Model: chatModelAt(t, srv), Name: "m"})
	if err == nil || len(srv.Requests()) > 0 {
		t.Fatalf("err = %v after %d requests; a cancelled context sends nothing", err, len(srv.Requests()))
	}
}

// TestProposeMachineryOnLabelledSets runs Propose over the labelled
// slices with a stand-in that proposes, for every input it is shown, the
// first producer's first field: not a model, so the numbers it prints
// (-v) are of the machinery (prompts, tokens, what validation drops),
// not of any model's judgement. Every edge kept must check.
func TestProposeMachineryOnLabelledSets(t *testing.T) {
	if testing.Short() {
		t.Skip("reads five real specs")
	}
	for _, name := range []string{"jira-issues", "kubernetes-core", "asana-tasks", "github-issues", "spotify-music"} {
		ls := readLabels(t, name)
		api := loadAPI(t, specPath(t, ls.Spec), ls.Operations)
		g := Infer(api, Options{})
		rules := len(g.Edges)
		promptTokens := 0
		srv := openaitest.New(t, func(r openaitest.Request) string {
			promptTokens += tokens.Count(r.Messages[0].Content) + tokens.Count(r.Messages[1].Content)
			return naiveAnswer(r.Messages[1].Content)
		})
		rep, err := Propose(context.Background(), api, g, ProposeOptions{Model: chatModelAt(t, srv), Name: "stand-in"})
		if err != nil {
			t.Fatal(err)
		}
		if ps := Check(g, api); len(ps) > 0 {
			t.Fatalf("%s: kept edges do not check: %v", name, ps)
		}
		if rep.Prompts+rep.LeftOut != rep.Resources || rep.Kept+rep.Invalid+rep.Duplicates != rep.Proposed || len(g.Edges) != rules+rep.Kept {
			t.Fatalf("%s: the counts do not add up: %+v", name, rep)
		}
		right, labels := 0, ls.triples()
		for _, e := range g.Edges {
			for _, m := range e.Mappings {
				if e.Source == SourceModel && labels[triple{e.From, e.To, m.Input}] {
					right++
				}
			}
		}
		t.Logf("%s: %d rule edges; %d resources, %d prompts (%d left out), %d prompt tokens; stand-in edges %d proposed, %d invalid, %d duplicates, %d kept (%d labelled right)",
			name, rules, rep.Resources, rep.Prompts, rep.LeftOut, promptTokens, rep.Proposed, rep.Invalid, rep.Duplicates, rep.Kept, right)
	}
}

// naiveAnswer proposes, for each input a prompt lists, the first listed
// producer's first field.
func naiveAnswer(prompt string) string {
	var inputs [][2]string
	var producer, output string
	for _, line := range strings.Split(prompt, "\n") {
		switch {
		case strings.HasPrefix(line, "- ") && strings.Contains(line, " input "):
			f := strings.Fields(line)
			inputs = append(inputs, [2]string{f[1], f[3]})
		case strings.HasPrefix(line, "- ") && producer == "":
			producer = strings.Fields(line)[1]
		case strings.HasPrefix(line, "    $") && output == "":
			output = strings.Fields(line)[0]
		}
	}
	var edges []string
	for _, in := range inputs {
		if in[0] != producer && producer != "" {
			edges = append(edges, fmt.Sprintf(`{"from": %q, "to": %q, "mappings": [{"output": %q, "input": %q}], "why": "first listed"}`, producer, in[0], output, in[1]))
		}
	}
	return `{"edges": [` + strings.Join(edges, ", ") + `]}`
}
