package report_test

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/agentready/agentready/gen"
	"github.com/agentready/agentready/gen/catalog"
	"github.com/agentready/agentready/gen/toolrt"
	"github.com/agentready/agentready/harness/cases"
	"github.com/agentready/agentready/harness/models"
	"github.com/agentready/agentready/harness/retrieve"
	"github.com/agentready/agentready/harness/run"
	"github.com/agentready/agentready/specs/exampleapi/server"
	"github.com/cloudwego/eino/schema"
)

// -fixture regenerates the run directories in testdata/runs by running a
// real Eino ReAct agent, driven by a scripted model, against the example
// API in-process (as harness/run's tests do). The report tests read the
// committed directories, so they stay fast and deterministic; after
// regenerating, run with -update to refresh the golden files.
var regenFixture = flag.Bool("fixture", false, "regenerate the run directories in testdata/runs")

// fixtureStart is the start time the fixture runs record.
var fixtureStart = time.Date(2025, 6, 2, 9, 30, 0, 0, time.UTC)

// fixtureCase is one case of the fixture runs with the agent's script in
// the old run and in the new one (nil: the same as the new one).
type fixtureCase struct {
	id, tool  string
	args      map[string]any
	utterance string
	script    []models.Turn
	old       []models.Turn
}

var (
	call   = models.CallTool
	answer = models.Answer
)

func fixtureCases() []fixtureCase {
	return []fixtureCase{
		{id: "listUsers/clean", tool: "listUsers", args: map[string]any{"q": "aisha"}, utterance: "Find the people named Aisha.",
			script: []models.Turn{call("listUsers", `{"q":"aisha"}`), answer("Aisha Okafor works in Finance.")}},
		{id: "listUsers/type", tool: "listUsers", args: map[string]any{"q": "aisha", "per_page": 5}, utterance: "Show five people called Aisha.",
			script: []models.Turn{call("listUsers", `{"q":"aisha","per_page":"5"}`), answer("Here they are.")},
			old:    []models.Turn{call("listUsers", `{"q":"aisha","per_page":5}`), answer("Here they are.")}},
		{id: "listUsers/invented", tool: "listUsers", args: map[string]any{"q": "aisha"}, utterance: "Look up Aisha in the directory.",
			script: []models.Turn{call("listUsers", `{"q":"aisha","full_name":"Aisha"}`), call("listUsers", `{"q":"aisha"}`), answer("Found her.")}},
		{id: "listUsers/empty", tool: "listUsers", args: map[string]any{"q": "zzqxv"}, utterance: "Is there anyone called Zzqxv?",
			script: []models.Turn{call("listUsers", `{"q":"zzqxv"}`), answer("Nobody by that name.")}},
		{id: "searchTickets/clean", tool: "searchTickets", args: map[string]any{"q": "vpn"}, utterance: "Search the tickets for VPN problems.",
			script: []models.Turn{call("searchTickets", `{"q":"vpn"}`), answer("Three tickets mention the VPN.")}},
		{id: "searchTickets/wrong-tool", tool: "searchTickets", args: map[string]any{"q": "vpn"}, utterance: "Which tickets talk about the VPN?",
			script: []models.Turn{call("findTickets", `{"text":"vpn"}`), call("listTickets", `{"category":"network"}`), answer("Here are the network tickets.")}},
		{id: "searchTickets/missing", tool: "searchTickets", args: map[string]any{"q": "printer"}, utterance: "Search the tickets about the printer.",
			script: []models.Turn{call("searchTickets", `{"limit":5}`), answer("I need to know what to search for.")}},
		{id: "searchTickets/markup", tool: "searchTickets", args: map[string]any{"q": "<script>alert(1)</script>"},
			utterance: `Find tickets that mention <script>alert(1)</script> & "quotes".`,
			script:    []models.Turn{call("searchTickets", `{"q":"alert(1)"}`), answer("No ticket mentions <script>alert(1)</script>.")}},
		{id: "listAssets/no-tool", tool: "listAssets", args: map[string]any{"limit": 2}, utterance: "Show me two of our assets.",
			script: []models.Turn{answer("I cannot check that, sorry.")}},
		{id: "listTeams/clean", tool: "listTeams", args: map[string]any{}, utterance: "Which teams do we have?",
			script: []models.Turn{call("listTeams", `{}`), answer("Six teams.")}},
		{id: "listTeams/repeat", tool: "listTeams", args: map[string]any{}, utterance: "List the IT teams.",
			script: []models.Turn{call("listTeams", `{}`), call("listTeams", ``), call("listTeams", `{}`), answer("Six teams.")}},
		{id: "listTickets/clean", tool: "listTickets", args: map[string]any{"priority": "high", "per_page": 3}, utterance: "Show three high-priority tickets.",
			script: []models.Turn{call("listTickets", `{"priority":"high","per_page":3}`), answer("Here are three.")},
			old:    []models.Turn{call("listTickets", `{"priority":"urgent","per_page":3}`), answer("Here are three.")}},
		{id: "listTickets/value", tool: "listTickets", args: map[string]any{"priority": "urgent", "per_page": 3}, utterance: "Show three urgent tickets.",
			script: []models.Turn{call("listTickets", `{"priority":"high","per_page":3}`), answer("These are urgent.")}},
		{id: "exportTickets/all", tool: "exportTickets", args: map[string]any{}, utterance: "Export every ticket.",
			script: []models.Turn{call("exportTickets", `{}`), answer("Here is the export.")}},
		{id: "archiveTickets/required/01", tool: "archiveTickets", args: map[string]any{}, utterance: "Archive the old tickets.",
			script: []models.Turn{answer("Done.")}},
	}
}

// TestFixture regenerates testdata/runs/old and testdata/runs/new when
// -fixture is given.
func TestFixture(t *testing.T) {
	if !*regenFixture {
		t.Skip("run with -fixture to regenerate testdata/runs")
	}
	spec := filepath.Join("..", "..", "specs", "exampleapi", "openapi.yaml")
	api, _, err := gen.Load(gen.Options{Spec: spec})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	srv, err := server.Start(ctx, server.Options{Addr: "127.0.0.1:0", FailEvery: -1})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	client, err := catalog.NewClient(api, srv.URL, toolrt.WithoutEnvironment(), toolrt.WithCredential("bearerAuth", server.DefaultAdminToken))
	if err != nil {
		t.Fatal(err)
	}
	cat, err := catalog.Bind(api, client)
	if err != nil {
		t.Fatal(err)
	}
	similar := retrieve.SimilarTools(cat.Catalog)

	fcs := fixtureCases()
	var cs []cases.Case
	for _, fc := range fcs {
		cs = append(cs, cases.Case{ID: fc.id, Tool: fc.tool, Scenario: cases.Required, Args: fc.args,
			Utterances: []cases.Utterance{{Text: fc.utterance, Generator: "fixture"}}})
	}
	for i, name := range []string{"old", "new"} {
		dir := filepath.Join("testdata", "runs", name)
		if err := os.RemoveAll(dir); err != nil {
			t.Fatal(err)
		}
		scripts := map[string][]models.Turn{}
		n := 0
		for _, fc := range fcs {
			s := fc.script
			if name == "old" && fc.old != nil {
				s = fc.old
			}
			scripts[fc.utterance] = s
			n += len(s) + 1
		}
		m := models.NewScripted(models.Repeat(n, func(ctx context.Context, convo []*schema.Message, tools []*schema.ToolInfo) (*schema.Message, error) {
			user, turn := "", 0
			for _, msg := range convo {
				switch msg.Role {
				case schema.User:
					user = msg.Content
				case schema.Assistant:
					turn++
				}
			}
			s, ok := scripts[user]
			if !ok {
				return nil, fmt.Errorf("no script for %q", user)
			}
			if turn >= len(s) {
				return schema.AssistantMessage("Done.", nil), nil
			}
			return s[turn](ctx, convo, tools)
		})...)
		start := fixtureStart.Add(time.Duration(i) * 24 * time.Hour)
		_, err := run.Run(ctx, cs, run.Options{Dir: dir, Catalog: cat, Model: m, ModelInfo: m.Info(),
			Similar: similar, Seed: 1, CasesFile: "testdata/agentready/cases.jsonl", Now: func() time.Time { return start }})
		if err != nil {
			t.Fatal(err)
		}
	}
}
