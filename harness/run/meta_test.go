package run_test

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/cloudwego/eino/schema"

	"github.com/agentready/agentready/harness/classify"
	"github.com/agentready/agentready/harness/models"
	"github.com/agentready/agentready/harness/run"
	"github.com/agentready/agentready/metatools"
	"github.com/agentready/agentready/specs/exampleapi/server"

	"github.com/agentready/agentready/harness/chat"
)

// describeFound is a turn that describes the tool named name when the
// last search found it, as a model reading the result would.
func describeFound(name string) models.Turn {
	return func(ctx context.Context, convo []*schema.Message, tools []*schema.ToolInfo) (*schema.Message, error) {
		last := convo[len(convo)-1]
		for _, m := range regexp.MustCompile(`(?m)^- (\w+) \(`).FindAllStringSubmatch(last.Content, -1) {
			if m[1] == name {
				return chat.CallMessage(convo, chat.Call{Name: metatools.DescribeTool, Arguments: fmt.Sprintf(`{"name":%q}`, name)}), nil
			}
		}
		return nil, fmt.Errorf("the search did not find %s:\n%s", name, last.Content)
	}
}

// TestDynamicToolset runs the real agent through the meta-tools over the
// example API: the calls made through call_tool are classified as if the
// model had made them itself, and the searches and descriptions are kept
// beside them.
func TestDynamicToolset(t *testing.T) {
	api := exampleAPI(t)
	url := startExample(t, 0)
	cat := newCatalog(t, api, url, server.DefaultAdminToken)
	search := func(q string) models.Turn { return call(metatools.SearchTools, fmt.Sprintf(`{"query":%q}`, q)) }
	through := func(tool, args string) models.Turn {
		return call(metatools.CallTool, fmt.Sprintf(`{"name":%q,"arguments":%s}`, tool, args))
	}
	scs := []scenario{
		{newCase("listUsers/clean", "listUsers", map[string]any{"q": "aisha"}, "Find the people named Aisha."),
			[]models.Turn{search("list users"), describeFound("listUsers"), through("listUsers", `{"q":"aisha"}`), answer("Aisha Okafor works in Finance.")}, nil, nil},
		{newCase("searchTickets/wrong-tool", "searchTickets", map[string]any{"q": "vpn"}, "Which tickets talk about the VPN?"),
			[]models.Turn{search("tickets"), through("findTickets", `{"text":"vpn"}`), through("listTickets", `{"category":"network"}`), answer("Here are the network tickets.")},
			[]classify.Class{classify.IncorrectToolSelection}, nil},
		{newCase("listUsers/invented", "listUsers", map[string]any{"q": "aisha"}, "Look up Aisha in the directory."),
			[]models.Turn{search("users"), through("listUsers", `{"q":"aisha","full_name":"Aisha"}`), answer("Found her.")},
			[]classify.Class{classify.IncorrectParameter}, nil},
		{newCase("listAssets/no-tool", "listAssets", map[string]any{"limit": 2}, "Show me two of our assets."),
			[]models.Turn{search("assets"), describeFound("listAssets"), answer("I cannot check that, sorry.")},
			[]classify.Class{classify.ToolNotIdentified}, nil},
		{newCase("listTeams/bad-meta-args", "listTeams", map[string]any{}, "List the IT teams."),
			[]models.Turn{call(metatools.SearchTools, `{"query":`), search("teams"), through("listTeams", `{}`), answer("Six teams.")}, nil, nil},
	}
	recs := runScenarios(t, t.TempDir(), scs, run.Options{Catalog: cat, Toolset: run.ToolsetDynamic})
	byID := map[string]run.Record{}
	for _, r := range recs {
		byID[r.Case] = r
	}

	clean := byID["listUsers/clean"].Agent
	if strings.Join(clean.Tools, ",") != "search_tools,describe_tool,call_tool" {
		t.Errorf("offered %v, want the meta-tools", clean.Tools)
	}
	if len(clean.MetaCalls) != 2 || clean.MetaCalls[0].Tool != metatools.SearchTools || clean.MetaCalls[1].Tool != metatools.DescribeTool {
		t.Fatalf("meta calls %+v", clean.MetaCalls)
	}
	if !strings.Contains(clean.MetaCalls[0].Text, "- listUsers (GET /users)") {
		t.Errorf("search result:\n%s", clean.MetaCalls[0].Text)
	}
	if d := clean.MetaCalls[1]; !strings.Contains(d.Text, `"properties"`) || d.RawArgs != `{"name":"listUsers"}` {
		t.Errorf("the scripted model described %s:\n%s", d.RawArgs, d.Text)
	}
	if len(clean.Calls) != 1 || clean.Calls[0].Tool != "listUsers" || clean.Calls[0].Via != metatools.CallTool || !clean.Calls[0].Result.OK {
		t.Errorf("calls %+v", clean.Calls)
	}
	var names []string
	for _, m := range clean.Messages {
		if m.Role == string(schema.Tool) {
			names = append(names, m.Name)
		}
	}
	if strings.Join(names, ",") != "search_tools,describe_tool,call_tool" {
		t.Errorf("tool messages named %v", names)
	}

	wrong := byID["searchTickets/wrong-tool"].Agent
	if len(wrong.Calls) != 2 || !wrong.Calls[0].UnknownTool || !strings.Contains(wrong.Calls[0].Text, "Did you mean") {
		t.Errorf("an unknown tool through call_tool: %+v", wrong.Calls)
	}
	if l := byID["listAssets/no-tool"].Labels; len(l) != 1 || !strings.Contains(l[0].Evidence, "described listAssets") {
		t.Errorf("no call after a description: %s", labelText(l))
	}
	bad := byID["listTeams/bad-meta-args"].Agent
	if len(bad.MetaCalls) != 2 || bad.MetaCalls[0].Result.OK || !strings.HasPrefix(bad.MetaCalls[0].Text, "Invalid arguments for search_tools") {
		t.Errorf("search_tools with broken JSON: %+v", bad.MetaCalls)
	}
}

// TestToolsetIsASetting: the toolset is in run.json and two runs that
// differ in it are not taken for the same; an unknown one is refused.
func TestToolsetIsASetting(t *testing.T) {
	static, dynamic := run.Info{}, run.Info{Settings: run.Settings{Toolset: run.ToolsetDynamic}}
	if d := run.Differences(static, dynamic); len(d) != 1 || !strings.Contains(d[0], "toolset") {
		t.Errorf("differences %v", d)
	}
	if d := run.Differences(static, run.Info{Settings: run.Settings{Toolset: run.ToolsetStatic}}); len(d) != 0 {
		t.Errorf("a run.json without a toolset is static: %v", d)
	}
	api := exampleAPI(t)
	cat := newCatalog(t, api, "http://127.0.0.1:1", "")
	m := models.NewScripted()
	_, err := run.Run(context.Background(), nil, run.Options{Dir: t.TempDir(), Catalog: cat, Model: m, Toolset: "lazy"})
	if err == nil || !strings.Contains(err.Error(), `"lazy"`) || !strings.Contains(err.Error(), "dynamic") {
		t.Errorf("an unknown toolset: %v", err)
	}
}
