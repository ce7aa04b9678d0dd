package graph

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/internal/modtest"
)

func exampleAPI(t testing.TB) *ir.API {
	t.Helper()
	return loadAPI(t, filepath.Join(modtest.RepoRoot(t), "specs", "exampleapi", "openapi.yaml"), nil)
}

func TestRoundTripIsByteStable(t *testing.T) {
	g := Infer(exampleAPI(t), Options{Spec: "openapi.yaml"})
	// Strings YAML would misread unquoted, and odd characters.
	g.Edges = append(g.Edges, &Edge{From: "null", To: "yes", Mappings: []Mapping{{Output: `$['a b'][*].id`, Input: "body.x: y"}},
		Confidence: 0.5, Why: "quotes \" and\nnewlines, tabs\t, unicode é", Status: Rejected})
	first := g.Marshal()
	path := filepath.Join(t.TempDir(), DefaultFile)
	if err := g.Save(path); err != nil {
		t.Fatal(err)
	}
	loaded, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	second := loaded.Marshal()
	if !bytes.Equal(first, second) {
		t.Fatalf("Save(Load(Save(g))) differs from Save(g):\n%s\n---\n%s", first, second)
	}
	e := loaded.Find("null", "yes")
	if e == nil || e.Mappings[0].Input != "body.x: y" || e.Why != "quotes \" and\nnewlines, tabs\t, unicode é" || e.Status != Rejected {
		t.Errorf("odd edge came back as %+v", e)
	}
	if loaded.Spec != "openapi.yaml" || loaded.InferredBy != InferredByRules || len(loaded.Edges) != len(g.Edges) {
		t.Errorf("header: spec %q by %q, %d edges", loaded.Spec, loaded.InferredBy, len(loaded.Edges))
	}

	// A hand-written file in another order and style comes back canonical,
	// and stays so.
	hand := `edges:
- {to: getUser, from: listUsers, status: approved, mappings: [{input: userId, output: '$.items[*].id'}]}
version: 1
`
	h, err := Parse([]byte(hand), "hand.yaml")
	if err != nil {
		t.Fatal(err)
	}
	c1 := h.Marshal()
	h2, err := Parse(c1, "hand.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if c2 := h2.Marshal(); !bytes.Equal(c1, c2) {
		t.Errorf("canonical form is not stable:\n%s\n---\n%s", c1, c2)
	}
	if !bytes.Contains(c1, []byte("  - from: listUsers\n    to: getUser\n    mappings:\n      - output: \"$.items[*].id\"\n        input: userId\n    confidence: 0.00\n    status: approved\n")) {
		t.Errorf("canonical form:\n%s", c1)
	}
}

func TestParseReportsPositions(t *testing.T) {
	src := `version: 1
spec: api.yaml
colour: blue
edges:
  - from: a
    to: b
    mappings:
      - output: "$.id"
    status: maybe
    confidence: 2
  - to: c
    mappings: []
  - just a string
`
	_, err := Parse([]byte(src), "g.yaml")
	var ps Problems
	if !errors.As(err, &ps) {
		t.Fatalf("err = %v, want Problems", err)
	}
	want := []string{
		"g.yaml:3:1: colour: unknown key",
		"g.yaml:8:9: edges[0].mappings[0]: input is missing",
		`g.yaml:9:13: edges[0].status: "maybe" is not a status`,
		`g.yaml:10:17: edges[0].confidence: expected a number from 0 to 1, got "2"`,
		"g.yaml:11:5: edges[1]: from is missing",
		"g.yaml:13:5: edges[2]: expected an edge",
	}
	text := ps.Error()
	for _, w := range want {
		if !strings.Contains(text, w) {
			t.Errorf("problems lack %q:\n%s", w, text)
		}
	}
	if _, err := Parse([]byte("edges: [\n"), "bad.yaml"); err == nil || !strings.Contains(err.Error(), "bad.yaml:") {
		t.Errorf("syntax error: %v", err)
	}
	if g, err := Parse(nil, "empty.yaml"); err != nil || len(g.Edges) != 0 {
		t.Errorf("empty file: %v", err)
	}
}

func TestCheckReportsLines(t *testing.T) {
	api := exampleAPI(t)
	src := `version: 1
edges:
  - from: listUsers
    to: getUser
    mappings:
      - output: "$.items[*].id"
        input: userId
  - from: listUser
    to: getUsr
    mappings:
      - output: "$.items[*].id"
        input: userId
  - from: listUsers
    to: getTicket
    mappings:
      - output: "$.items[*].name.first"
        input: ticket
      - output: "$.page[*]"
        input: ticketId
  - from: listTeams
    to: createTicket
    mappings:
      - output: "$.items[*]"
        input: team_id
      - output: "$.items[*].id"
        input: tags.x
  - from: listUsers
    to: getUser
    mappings:
      - output: "$.items[*].id"
        input: userId
`
	g, err := Parse([]byte(src), "g.yaml")
	if err != nil {
		t.Fatal(err)
	}
	ps := Check(g, api)
	text := ps.Error()
	for _, w := range []string{
		`g.yaml:8:11: listUser -> getUsr: unknown tool "listUser"; did you mean listUsers?`,
		`g.yaml:9:9: listUser -> getUsr: unknown tool "getUsr"; did you mean getUser?`,
		`g.yaml:16:17: listUsers -> getTicket: output $.items[*].name.first: the response of listUsers cannot have it: $.items[*].name is a string, not an object with first`,
		`g.yaml:17:16: listUsers -> getTicket: input ticket: getTicket has no argument "ticket"; did you mean ticketId?`,
		`g.yaml:18:17: listUsers -> getTicket: output $.page[*]: the response of listUsers cannot have it: $.page is an integer, not an array`,
		`g.yaml:23:17: listTeams -> createTicket: $.items[*] gives an object but input team_id takes a string`,
		`g.yaml:26:16: listTeams -> createTicket: input tags.x: tags is an array, not an object with x`,
		`g.yaml:27:5: listUsers -> getUser: a second edge from listUsers to getUser (the first is at line 3)`,
	} {
		if !strings.Contains(text, w) {
			t.Errorf("problems lack %q:\n%s", w, text)
		}
	}
	if len(ps) != 8 {
		t.Errorf("%d problems, want 8:\n%s", len(ps), text)
	}
}

func TestMergeKeepsDecisions(t *testing.T) {
	api := exampleAPI(t)
	old := Infer(api, Options{})
	must(t, old.SetStatus("listUsers", "getUser", Approved))
	must(t, old.SetStatus("listTeamMembers", "getUser", Rejected))
	// A reviewer's edit of a proposed edge's mapping, and a hand-added
	// edge.
	old.Find("listTeams", "getTeam").Mappings[0].Output = "$.items[0].id"
	old.Edges = append(old.Edges, &Edge{From: "getServiceStats", To: "getHealth", Status: Approved,
		Mappings: []Mapping{{Output: "$.generated_at", Input: "nothing"}}, Why: "by hand"})
	old.Edges = append(old.Edges, &Edge{From: "listTickets", To: "getAsset", Status: Proposed,
		Mappings: []Mapping{{Output: "$.items[*].gone", Input: "assetId"}}})
	data := old.Marshal()
	reloaded, err := Parse(data, "old.yaml")
	if err != nil {
		t.Fatal(err)
	}

	merged := Merge(reloaded, Infer(api, Options{}))
	if e := merged.Find("listUsers", "getUser"); e == nil || e.Status != Approved {
		t.Errorf("approved edge: %+v", e)
	}
	if e := merged.Find("listTeamMembers", "getUser"); e == nil || e.Status != Rejected {
		t.Errorf("rejected edge: %+v", e)
	}
	if e := merged.Find("listTeams", "getTeam"); e == nil || e.Mappings[0].Output != "$.items[0].id" || e.Status != Proposed {
		t.Errorf("edited mapping lost: %+v", e)
	}
	e := merged.Find("getServiceStats", "getHealth")
	if e == nil || e.Status != Stale || !strings.Contains(e.Why, `getHealth has no argument "nothing"`) || !strings.Contains(e.Why, "it was approved: by hand") {
		t.Errorf("hand-added edge that does not fit: %+v", e)
	}
	if e := merged.Find("listTickets", "getAsset"); e == nil || e.Status != Stale || !strings.Contains(e.Why, `has no property "gone"`) {
		t.Errorf("proposed edge that no longer fits: %+v", e)
	}
	if reloaded.Find("listTeams", "getTeam").Mappings[0].Output != "$.items[0].id" {
		t.Error("Merge changed its argument")
	}

	// Merging again changes nothing: small diffs.
	again := Merge(merged, Infer(api, Options{}))
	if !bytes.Equal(again.Marshal(), merged.Marshal()) {
		t.Error("merging twice is not stable")
	}

	// The spec changes: a tool goes away. Its approved edges go stale.
	var ops []*ir.Operation
	for _, op := range api.Operations {
		if op.Name != "listUsers" {
			ops = append(ops, op)
		}
	}
	smaller := &ir.API{Title: api.Title, SpecVersion: api.SpecVersion, Operations: ops, Types: api.Types}
	changed := Merge(merged, Infer(smaller, Options{}))
	if e := changed.Find("listUsers", "getUser"); e == nil || e.Status != Stale || !strings.Contains(e.Why, `unknown tool "listUsers"`) {
		t.Errorf("edge from a removed tool: %+v", e)
	}
	if e := changed.Find("listUsers", "updateUser"); e == nil || e.Status != Stale {
		t.Errorf("proposed edge from a removed tool: %+v", e)
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func TestPlanOrdersProducers(t *testing.T) {
	api := exampleAPI(t)
	g := Infer(api, Options{})
	p, err := Plan(g, api, "deleteTicket", PlanOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Steps) != 2 || p.Steps[1].Tool != "deleteTicket" || len(p.Steps[1].Inputs) != 1 ||
		p.Steps[1].Inputs[0].From != p.Steps[0].Tool || p.Steps[1].Inputs[0].Input != "ticketId" || len(p.Unfilled) != 0 {
		t.Errorf("plan for deleteTicket:\n%s", p)
	}

	// Approved edges only: a chain through a producer that needs an
	// input of its own.
	for _, e := range g.Edges {
		e.Status = Proposed
	}
	must(t, g.SetStatus("listTicketsForUser", "listTicketComments", Approved))
	must(t, g.SetStatus("listUsers", "listTicketsForUser", Approved))
	p, err = Plan(g, api, "listTicketComments", PlanOptions{ApprovedOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	want := "1. listUsers\n2. listTicketsForUser with userId = listUsers $.items[*].id\n3. listTicketComments with ticketId = listTicketsForUser $.items[*].id\n"
	if p.String() != want {
		t.Errorf("approved plan:\n%s\nwant\n%s", p, want)
	}

	// Nothing approved for assignAsset: its inputs are unfilled.
	p, _ = Plan(g, api, "assignAsset", PlanOptions{ApprovedOnly: true})
	if strings.Join(p.Unfilled, " ") != "assignAsset.assetId assignAsset.user_id" || len(p.Steps) != 1 {
		t.Errorf("plan without approved edges: %+v", p)
	}
	// One producer fills two inputs once.
	p, _ = Plan(g, api, "assignAsset", PlanOptions{})
	if len(p.Steps) != 3 || len(p.Unfilled) != 0 {
		t.Errorf("plan for assignAsset:\n%s", p)
	}
	if _, err := Plan(g, api, "noSuchTool", PlanOptions{}); err == nil {
		t.Error("a plan for an unknown tool")
	}
}

func TestPlanHandlesCycles(t *testing.T) {
	// a needs x, which only b gives; b needs y, which only a gives.
	op := func(name, param string) *ir.Operation {
		return &ir.Operation{Name: name, Method: "GET", Path: "/" + name + "/{" + param + "}", Success: "200",
			Params:    []*ir.Param{{Name: param, Arg: param, In: ir.InPath, Required: true, Schema: &ir.Schema{Kind: ir.KindString}}},
			Responses: []*ir.Response{{Status: "200", Schema: &ir.Schema{Kind: ir.KindObject, Properties: []*ir.Property{{Name: "id", Schema: &ir.Schema{Kind: ir.KindString}}}}}}}
	}
	api := &ir.API{Operations: []*ir.Operation{op("a", "x"), op("b", "y")}}
	g := &Graph{Edges: []*Edge{
		{From: "b", To: "a", Mappings: []Mapping{{Output: "$.id", Input: "x"}}, Status: Approved, Confidence: 0.9},
		{From: "a", To: "b", Mappings: []Mapping{{Output: "$.id", Input: "y"}}, Status: Approved, Confidence: 0.9},
	}}
	p, err := Plan(g, api, "a", PlanOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if p.String() != "1. b\n2. a with x = b $.id\nunfilled: b.y\n" {
		t.Errorf("cyclic plan:\n%s", p)
	}
	// Without an API, producers are taken to need nothing.
	p, err = Plan(g, nil, "b", PlanOptions{})
	if err != nil || p.String() != "1. a\n2. b with y = a $.id\n" {
		t.Errorf("plan without an API: %v\n%s", err, p)
	}
}

func TestRender(t *testing.T) {
	g := &Graph{InferredBy: InferredByRules, Spec: "api.yaml", Edges: []*Edge{
		{From: "listUsers", To: "getUser", Mappings: []Mapping{{Output: "$.items[*].id", Input: "userId"}}, Status: Approved, Confidence: 0.95},
		{From: "createUser", To: "getUser", Mappings: []Mapping{{Output: "$.id", Input: "userId"}}, Status: Proposed, Confidence: 0.9},
		{From: "issues-list", To: "getUser", Mappings: []Mapping{{Output: "$.id", Input: `say "hi"`}}, Status: Rejected, Confidence: 0.5},
	}}
	var b bytes.Buffer
	must(t, Render(&b, g, RenderOptions{}))
	if !strings.Contains(b.String(), "3 edges: 1 proposed, 1 approved, 1 rejected, 0 stale (inferred by rules from api.yaml)") ||
		!strings.Contains(b.String(), "userId") || !strings.Contains(b.String(), "listUsers $.items[*].id") {
		t.Errorf("text:\n%s", b.String())
	}
	b.Reset()
	must(t, Render(&b, g, RenderOptions{Format: FormatMermaid}))
	for _, w := range []string{"flowchart LR", `t3["issues-list"]`, `-->|"userId"|`, `-.->|"userId"|`, `-.-x|"say #quot;hi#quot;"|`} {
		if !strings.Contains(b.String(), w) {
			t.Errorf("mermaid lacks %q:\n%s", w, b.String())
		}
	}
	b.Reset()
	must(t, Render(&b, g, RenderOptions{Format: FormatDOT, Statuses: []Status{Approved}}))
	if !strings.Contains(b.String(), `"listUsers" -> "getUser" [label="userId (0.95)", style=solid];`) || strings.Contains(b.String(), "createUser") {
		t.Errorf("dot:\n%s", b.String())
	}
	if err := Render(&b, g, RenderOptions{Format: "svg"}); err == nil {
		t.Error("svg rendered")
	}
}

func TestSetStatus(t *testing.T) {
	g := Infer(exampleAPI(t), Options{})
	if err := g.SetStatus("getUser", "listUsers", Approved); err == nil || !strings.Contains(err.Error(), "no edge from getUser to listUsers") {
		t.Errorf("missing edge: %v", err)
	}
	n := g.SetStatusAbove(0.8, Approved)
	m := g.SetStatusBelow(0.8, Rejected)
	c := g.Counts()
	if n == 0 || m == 0 || c[Approved] != n || c[Rejected] != m || c[Proposed] != 0 {
		t.Errorf("approved %d rejected %d counts %v", n, m, c)
	}
}

// BenchmarkInferGitHub infers the graph of GitHub's whole REST API (the
// spec is loaded once, outside the timing).
func BenchmarkInferGitHub(b *testing.B) {
	path := filepath.Join(modtest.SharedSpecs(b), "real", "github.json")
	api := loadAPI(b, path, nil)
	b.ResetTimer()
	var g *Graph
	for i := 0; i < b.N; i++ {
		g = Infer(api, Options{})
	}
	b.StopTimer()
	mappings := 0
	for _, e := range g.Edges {
		mappings += len(e.Mappings)
	}
	b.ReportMetric(float64(len(api.Operations)), "tools")
	b.ReportMetric(float64(len(g.Edges)), "edges")
	b.ReportMetric(float64(mappings), "mappings")
	if os.Getenv("AGENTREADY_GRAPH_OUT") != "" {
		_ = g.Save(os.Getenv("AGENTREADY_GRAPH_OUT"))
	}
}

// TestPatternDecisions decides a pattern, then infers again: the edges
// of the pattern keep the decision, including one the first inference
// did not have, and the file without patterns (older files) still loads.
func TestPatternDecisions(t *testing.T) {
	api := exampleAPI(t)
	g := Infer(api, Options{})
	ps := Patterns(g.Edges)
	if len(ps) == 0 || len(ps) >= len(g.Edges) {
		t.Fatalf("%d patterns for %d edges: want fewer patterns than edges", len(ps), len(g.Edges))
	}
	top := ps[0]
	if len(top.Edges) < 2 {
		t.Fatalf("the first pattern holds %d edges; want the largest first", len(top.Edges))
	}
	if n, err := g.SetPatternStatus(top.ID, Approved, 0); err != nil || n != len(top.Edges) {
		t.Fatalf("approved %d of %d edges: %v", n, len(top.Edges), err)
	}
	if _, err := g.SetPatternStatus("pnothing", Rejected, 0); err == nil || !strings.Contains(err.Error(), "graph show --patterns") {
		t.Errorf("unknown pattern: %v", err)
	}
	// Forget one approved edge, as if an earlier inference had not
	// proposed it; the recorded pattern decision approves it again.
	dropped := top.Edges[len(top.Edges)-1]
	var kept []*Edge
	for _, e := range g.Edges {
		if e != dropped {
			kept = append(kept, e)
		}
	}
	g.Edges = kept
	data := g.Marshal()
	if !strings.Contains(string(data), "patterns:\n  "+top.ID+": approved\n") {
		t.Fatalf("pattern decision not saved:\n%s", data[:min(len(data), 800)])
	}
	old, err := Parse(data, "old.yaml")
	if err != nil {
		t.Fatal(err)
	}
	merged := Merge(old, Infer(api, Options{}))
	for _, e := range merged.Edges {
		if PatternID(e) == top.ID && e.Status != Approved {
			t.Errorf("%s: %s after re-inference, want approved by its pattern", e.Key(), e.Status)
		}
	}
	if e := merged.Find(dropped.From, dropped.To); e == nil || e.Status != Approved {
		t.Errorf("edge new to the file in an approved pattern: %+v", e)
	}

	// A file without patterns, as older versions wrote, loads as before.
	g2 := Infer(api, Options{})
	if _, err := Parse(g2.Marshal(), "older.yaml"); err != nil {
		t.Errorf("file without patterns: %v", err)
	}
	if _, err := Parse([]byte("version: 1\npatterns:\n  p1: maybe\nedges: []\n"), "bad.yaml"); err == nil || !strings.Contains(err.Error(), "bad.yaml:3") {
		t.Errorf("bad pattern decision: %v", err)
	}

	// The text view filters by confidence and shows why.
	var b strings.Builder
	must(t, Render(&b, merged, RenderOptions{MinConfidence: 0.7}))
	if !strings.Contains(b.String(), "why: ") || strings.Contains(b.String(), " 0.2") {
		t.Errorf("text view with --min-confidence 0.7:\n%s", b.String())
	}
	b.Reset()
	must(t, Render(&b, merged, RenderOptions{Patterns: true}))
	if !strings.Contains(b.String(), top.ID+"  ") || !strings.Contains(b.String(), "patterns hold 95%") {
		t.Errorf("pattern view:\n%s", b.String())
	}
}
