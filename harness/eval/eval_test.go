package eval_test

import (
	"context"
	"fmt"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"testing"

	"github.com/cloudwego/eino/schema"

	"github.com/agentready/agentready/gen"
	"github.com/agentready/agentready/gen/catalog"
	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/gen/toolrt"
	"github.com/agentready/agentready/harness/cases"
	"github.com/agentready/agentready/harness/chat"
	"github.com/agentready/agentready/harness/eval"
	"github.com/agentready/agentready/harness/models"
)

func exampleAPI(t *testing.T) (*ir.API, *catalog.Bound) {
	t.Helper()
	_, file, _, _ := runtime.Caller(0)
	return load(t, filepath.Join(filepath.Dir(file), "..", "..", "specs", "exampleapi", "openapi.yaml"))
}

// load reads a spec and makes its catalog, against an address nothing
// listens on: eval never calls the API.
func load(t *testing.T, spec string) (*ir.API, *catalog.Bound) {
	t.Helper()
	api, _, err := gen.Load(gen.Options{Spec: spec})
	if err != nil {
		t.Fatal(err)
	}
	client, err := catalog.NewClient(api, "http://127.0.0.1:9", toolrt.WithoutEnvironment())
	if err != nil {
		t.Fatal(err)
	}
	cat, err := catalog.Bind(api, client)
	if err != nil {
		t.Fatal(err)
	}
	return api, cat
}

// Each case's first call is scored the same way whatever model made it:
// the tool, and each input missing, invented, unrequested or wrong; body
// fields named body.<path>, values normalised, arrays as alternatives.
func TestScore(t *testing.T) {
	_, cat := exampleAPI(t)
	cs, err := eval.Read(filepath.Join("testdata", "servicedesk.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	m := models.NewScripted(
		// sd-01: right, with "5" for 5 and "URGENT" for urgent.
		models.CallTool("listTickets", `{"priority":"URGENT","category":"network","per_page":"5"}`),
		// sd-02: an acceptable alternative, and an optional input.
		models.CallTool("listUsers", `{"q":"Aisha","per_page":20}`),
		// sd-03: the title wrong, an invented input, an unrequested one.
		models.CallTool("createTicket", `{"requester_id":"8d0f6c55-3b1e-4b8a-9f1e-2a7c9d4e5f60","title":"VPN","urgency":"high","priority":"high"}`),
		// sd-04: another tool.
		models.CallTool("reopenTicket", `{"ticketId":"TCK-1042"}`),
	)
	rs, err := eval.Run(context.Background(), cs, eval.Options{Catalog: cat, Model: m})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"sd-01": "",
		"sd-02": "",
		"sd-03": "invented urgency|value body.title|unrequested body.priority",
		"sd-04": "tool",
	}
	for _, r := range rs {
		var got []string
		for _, e := range r.Errors {
			s := e.Kind
			if e.Arg != "" {
				s += " " + e.Arg
			}
			got = append(got, s)
		}
		if g := strings.Join(got, "|"); g != want[r.ID] || r.Pass != (want[r.ID] == "") {
			t.Errorf("%s: errors %q, want %q (pass %v)", r.ID, g, want[r.ID], r.Pass)
		}
		if !r.Found || len(r.Offered) != eval.DefaultK+1 {
			t.Errorf("%s: offered %v", r.ID, r.Offered)
		}
	}
	if r := rs[2]; r.Call == nil || r.Call.Tool != "createTicket" || r.Call.Args["body.title"] != "VPN" {
		t.Errorf("sd-03 call: %+v", r.Call)
	}
	sums := eval.Summarize(rs)
	if all := sums[len(sums)-1]; all.Kind != "all" || all.Cases != 4 || all.Passed != 2 || all.ToolRight != 3 {
		t.Errorf("summary: %+v", sums)
	}
}

// A suite that does not fit the spec is refused, naming each problem.
func TestCheck(t *testing.T) {
	api, _ := exampleAPI(t)
	cs, err := eval.Decode([]byte(`{"id":"a","utterance":"x","tool":"nope","args":{}}
{"id":"b","utterance":"x","tool":"getTicket","args":{"ticket":"TCK-1"}}
{"id":"c","utterance":"x","tool":"createTicket","args":{"body.title":"t","body.nosuch":1}}
`), "suite")
	if err != nil {
		t.Fatal(err)
	}
	ps := eval.Check(catalog.Describe(api), cs)
	var texts []string
	for _, p := range ps {
		texts = append(texts, p.Case+": "+p.Text)
	}
	all := strings.Join(texts, "\n")
	for _, w := range []string{`a: the spec has no operation "nope"`, `b: getTicket takes no input "ticket"`, "b: getTicket requires ticketId",
		"c: createTicket requires body.requester_id"} {
		if !strings.Contains(all, w) {
			t.Errorf("problems lack %q:\n%s", w, all)
		}
	}
	if _, err := eval.Decode([]byte(`{"id":"a","utterance":"x","tool":"t","args":{},"extra":1}`), "s"); err == nil || !strings.Contains(err.Error(), "s:1") {
		t.Errorf("an unknown key: %v", err)
	}
}

// FromCases gives agentready's own one-call cases the suite's form: the
// spec's naming, a list value as the one acceptable value; the scoring
// then passes a model that makes the ground truth's call.
func TestFromCases(t *testing.T) {
	api, cat := exampleAPI(t)
	own := []cases.Case{
		{ID: "listTickets/subset/00", Tool: "listTickets", Scenario: cases.Subset, Args: map[string]any{"status": []any{"open"}, "priority": "high"},
			Utterances: []cases.Utterance{{Text: "List the open high priority tickets."}}},
		{ID: "createTicket/all/00", Tool: "createTicket", Scenario: cases.All,
			Args:       map[string]any{"title": "VPN drops", "requester_id": "0b6f1c55-3b1e-4b8a-9f1e-2a7c9d4e5f60"},
			Utterances: []cases.Utterance{{Text: "Open a ticket titled “VPN drops” for 0b6f1c55-3b1e-4b8a-9f1e-2a7c9d4e5f60."}}},
		{ID: "getTicket/chain/00", Tool: "getTicket", Scenario: cases.Chain, Args: map[string]any{"ticketId": "TCK-1"},
			Steps: []cases.Step{{Tool: "listTickets"}, {Tool: "getTicket"}}, Utterances: []cases.Utterance{{Text: "Show my latest ticket."}}},
		{ID: "getTicket/required/01", Tool: "getTicket", Scenario: cases.Required, Args: map[string]any{"ticketId": "TCK-1"}},
	}
	described := catalog.Describe(api)
	suite := eval.FromCases(described, own)
	if len(suite) != 2 {
		t.Fatalf("%d cases, want the two one-call cases with utterances: %+v", len(suite), suite)
	}
	if ps := eval.Check(described, suite); len(ps) > 0 {
		t.Fatalf("the suite does not fit the spec: %v", ps)
	}
	if got := suite[0].Args["status"]; !reflect.DeepEqual(got, []any{[]any{"open"}}) || suite[0].Kind != "subset" {
		t.Errorf("a list value: %v, kind %q", got, suite[0].Kind)
	}
	if _, ok := suite[1].Args["body.requester_id"]; !ok {
		t.Errorf("a body field in the spec's naming: %v", suite[1].Args)
	}
	// The all-parameters scenario is not reported as the pooled row.
	if suite[1].Kind != "all-params" {
		t.Errorf("the all-parameters scenario is kind %q, want all-params", suite[1].Kind)
	}
	// The ground truth's own call passes.
	calls := map[string]string{"listTickets/subset/00": `{"status":["open"],"priority":"high"}`,
		"createTicket/all/00": `{"title":"VPN drops","requester_id":"0b6f1c55-3b1e-4b8a-9f1e-2a7c9d4e5f60"}`}
	turn := func(_ context.Context, convo []*schema.Message, _ []*schema.ToolInfo) (*schema.Message, error) {
		for _, c := range suite {
			if convo[len(convo)-1].Content == c.Utterance {
				return chat.CallMessage(convo, chat.Call{Name: strings.Split(c.ID, "/")[0], Arguments: calls[c.ID]}), nil
			}
		}
		return nil, fmt.Errorf("no script for %q", convo[len(convo)-1].Content)
	}
	m := models.NewScripted(turn, turn)
	rs, err := eval.Run(context.Background(), suite, eval.Options{Catalog: cat, Model: m})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rs {
		if !r.Pass {
			t.Errorf("%s: the ground truth's call fails: %+v", r.ID, r.Errors)
		}
	}
}
