package consistency_test

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"

	"github.com/cloudwego/eino/components/model"
	"github.com/cloudwego/eino/schema"

	"github.com/agentready/agentready/gen"
	"github.com/agentready/agentready/gen/catalog"
	"github.com/agentready/agentready/gen/finding"
	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/gen/toolrt"
	"github.com/agentready/agentready/gen/toolschema"
	"github.com/agentready/agentready/harness/cases"
	"github.com/agentready/agentready/harness/consistency"
	"github.com/agentready/agentready/harness/models"
	"github.com/agentready/agentready/harness/run"
	"github.com/agentready/agentready/specs/exampleapi/server"
)

func specFile(t testing.TB) string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", "specs", "exampleapi", "openapi.yaml")
}

// load lowers the example API's spec with each of replace's keys (which
// must occur once) replaced by its value.
func load(t testing.TB, replace map[string]string) *ir.API {
	t.Helper()
	b, err := os.ReadFile(specFile(t))
	if err != nil {
		t.Fatal(err)
	}
	text := string(b)
	for from, to := range replace {
		if strings.Count(text, from) != 1 {
			t.Fatalf("the example spec no longer declares\n%s", from)
		}
		text = strings.Replace(text, from, to, 1)
	}
	path := filepath.Join(t.TempDir(), "openapi.yaml")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	api, _, err := gen.Load(gen.Options{Spec: path})
	if err != nil {
		t.Fatal(err)
	}
	return api
}

func args(t testing.TB, api *ir.API, tool string) []toolschema.Arg {
	op := api.Operation(tool)
	if op == nil {
		t.Fatalf("no tool %s", tool)
	}
	return toolschema.Args(api, op)
}

func TestPhrasingsComeFromTheSchema(t *testing.T) {
	api := load(t, nil)
	type said struct{ kind, from, to string }
	for _, tc := range []struct {
		tool   string
		values map[string]any
		text   string
		want   []said
		not    []string
	}{
		{"listAssets", map[string]any{"status": "in_use", "limit": 50.0, "purchased_after": "2025-01-01"},
			"Show the first 50 in use assets purchased after 1 January 2025.",
			[]said{{consistency.NumberWords, "50", "fifty"}, {consistency.EnumWords, "in use", "in_use"},
				{consistency.DateFormat, "1 January 2025", "2025-01-01"}, {consistency.DateFormat, "1 January 2025", "January 1, 2025"}},
			nil},
		{"getTicket", map[string]any{"ticketId": "TCK-1078"}, "Show me ticket TCK-1078.",
			[]said{{consistency.IDPrefix, "TCK-1078", "1078"}}, nil},
		// Free text is never said otherwise, nor an enum value in another
		// case than its own without it being an enum.
		{"searchTickets", map[string]any{"q": "vpn disconnect"}, "Search the tickets for “vpn disconnect”.", nil,
			[]string{"vpn disconnect"}},
	} {
		got := consistency.Phrasings(api, args(t, api, tc.tool), tc.text, tc.values)
		for _, w := range tc.want {
			found := false
			for _, p := range got {
				found = found || (p.Kind == w.kind && p.From == w.from && p.To == w.to)
			}
			if !found {
				t.Errorf("%s: no %s %q -> %q in %+v", tc.tool, w.kind, w.from, w.to, got)
			}
		}
		for _, p := range got {
			for _, n := range tc.not {
				if p.From == n {
					t.Errorf("%s: %q said otherwise: %+v", tc.tool, n, p)
				}
			}
			if applied := p.Apply(tc.text); !strings.Contains(applied, p.To) || applied == tc.text {
				t.Errorf("%s: %+v applied gives %q", tc.tool, p, applied)
			}
		}
	}
}

func TestAbbreviationsOnlyWhereTheDocNamesThem(t *testing.T) {
	named := load(t, map[string]string{"description: '`asc`: oldest first; `desc`: newest first.'": "description: '`asc`: ascending, oldest first; `desc`: descending, newest first.'"})
	plain := load(t, nil)
	text := "List the comments of ticket TCK-1078 in asc order."
	values := map[string]any{"ticketId": "TCK-1078", "order": "asc"}
	has := func(api *ir.API) bool {
		for _, p := range consistency.Phrasings(api, args(t, api, "listTicketComments"), text, values) {
			if p.Kind == consistency.Abbreviation && p.To == "ascending" {
				return true
			}
		}
		return false
	}
	if !has(named) {
		t.Error("asc is not said as ascending where the description names it")
	}
	if has(plain) {
		t.Error("asc is said as ascending where nothing names it")
	}
}

func TestNormalize(t *testing.T) {
	api := load(t, nil)
	a := args(t, api, "listAssets")
	for _, tc := range []struct{ x, y map[string]any }{
		{map[string]any{"status": "In Use", "limit": "fifty"}, map[string]any{"status": "in_use", "limit": 50.0}},
		{map[string]any{"purchased_after": "March 1, 2026"}, map[string]any{"purchased_after": "2026-03-01"}},
		{map[string]any{"location": " Berlin "}, map[string]any{"location": "Berlin"}},
	} {
		x, y := consistency.Normalize(api, a, tc.x), consistency.Normalize(api, a, tc.y)
		if jx, jy := jsonOf(x), jsonOf(y); jx != jy {
			t.Errorf("%v and %v normalise to %s and %s", tc.x, tc.y, jx, jy)
		}
	}
	lt := args(t, api, "listTickets")
	x := consistency.Normalize(api, lt, map[string]any{"status": []any{"open", "new"}})
	y := consistency.Normalize(api, lt, map[string]any{"status": []any{"new", "open"}})
	if jsonOf(x) != jsonOf(y) {
		t.Errorf("lists are not compared as multisets: %s, %s", jsonOf(x), jsonOf(y))
	}
	// Without a format in the schema, a date is a string like any other.
	undocumented := load(t, undocumentedDate)
	ua := args(t, undocumented, "listAssets")
	if jsonOf(consistency.Normalize(undocumented, ua, map[string]any{"purchased_after": "March 1, 2026"})) ==
		jsonOf(consistency.Normalize(undocumented, ua, map[string]any{"purchased_after": "2026-03-01"})) {
		t.Error("a date without a documented format is normalised to one")
	}
}

func jsonOf(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// undocumentedDate leaves the format of listAssets' purchased_after out
// of the spec: no format, no example; the server still takes only
// YYYY-MM-DD.
var undocumentedDate = map[string]string{
	`          description: Only assets purchased after this date.
          schema:
            type: string
            format: date
          example: '2025-01-01'
`: `          description: Only assets purchased after this date.
          schema:
            type: string
`,
}

var purchasedAfter = regexp.MustCompile(`purchased after ([^.?]+)`)

// literalAgent calls listAssets with purchased_after as the request
// writes it, word for word, as a model would that the doc does not tell
// the format; then it answers.
func literalAgent() *models.Scripted {
	return models.NewScripted(models.Repeat(100, func(ctx context.Context, convo []*schema.Message, tools []*schema.ToolInfo) (*schema.Message, error) {
		if convo[len(convo)-1].Role == schema.Tool {
			return schema.AssistantMessage("Here are the assets.", nil), nil
		}
		var user string
		for _, m := range convo {
			if m.Role == schema.User {
				user = m.Content
			}
		}
		m := purchasedAfter.FindStringSubmatch(user)
		if m == nil {
			return nil, errors.New("no date in " + user)
		}
		return models.CallTool("listAssets", jsonOf(map[string]any{"purchased_after": m[1]}))(ctx, convo, tools)
	})...)
}

func check(t *testing.T, api *ir.API, o consistency.Options) *consistency.Summary {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	srv, err := server.Start(ctx, server.Options{Addr: "127.0.0.1:0", FailEvery: -1})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Close(); cancel() })
	client, err := catalog.NewClient(api, srv.URL, toolrt.WithoutEnvironment(), toolrt.WithCredential("bearerAuth", server.DefaultAdminToken))
	if err != nil {
		t.Fatal(err)
	}
	cat, err := catalog.Bind(api, client)
	if err != nil {
		t.Fatal(err)
	}
	c := cases.Case{ID: "listAssets/dated", Tool: "listAssets", Scenario: cases.Subset, Args: map[string]any{"purchased_after": "2023-01-01"},
		Utterances: []cases.Utterance{{Text: "Show me the assets purchased after 1 January 2023.", Generator: "test"}}}
	o.Run = run.Options{Dir: t.TempDir(), Catalog: cat, Model: literalAgent(), K: -1}
	s, err := consistency.Check(ctx, []cases.Case{c}, o)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestCheckFindsAnUndocumentedFormat runs one case against the example
// API with an agent that copies dates as written: on the spec whose date
// has no documented format the written-out and ISO dates give different
// calls and answers, a finding; on the real spec the oracle knows them
// for the same date.
func TestCheckFindsAnUndocumentedFormat(t *testing.T) {
	s := check(t, load(t, undocumentedDate), consistency.Options{Seed: 1, PerCase: 3})
	if s.Variants != 3 || s.Differing != 3 {
		t.Fatalf("%d variants, %d differing, want 3 and 3: %+v", s.Variants, s.Differing, s.Pairs)
	}
	// "2023-01-01" is taken and "January 1, 2023" refused as
	// "1 January 2023" is: one pair differs in its answer.
	if s.Reported != 1 || s.Dismissed[consistency.SameOutput] != 2 || len(s.Findings) != 1 {
		t.Fatalf("reported %d, dismissed %v, %d findings: %+v", s.Reported, s.Dismissed, len(s.Findings), s.Pairs)
	}
	if len(s.Compared) != 3 || s.Compared[0].Phrasing.Kind != consistency.DateFormat || s.Compared[0].Phrasing.From != "1 January 2023" {
		t.Errorf("compared %+v", s.Compared)
	}
	f := s.Findings[0]
	if f.Source != finding.Consistency || f.Subject() != "listAssets.purchased_after" || f.Kind != "inconsistent-date-format" ||
		!strings.Contains(f.Fix, "format: date") || !strings.Contains(f.Evidence, "2023-01-01") {
		t.Errorf("finding %+v", f)
	}

	clean := check(t, load(t, nil), consistency.Options{Seed: 1, PerCase: 3})
	if len(clean.Findings) != 0 || clean.Dismissed[consistency.Normalised] == 0 {
		t.Errorf("on the documented spec: %d findings, dismissed %v: %+v", len(clean.Findings), clean.Dismissed, clean.Pairs)
	}
}

// judgeModel is an LLM judge's model that answers every question alike.
type judgeModel struct{ reply string }

func (j judgeModel) Generate(context.Context, []*schema.Message, ...model.Option) (*schema.Message, error) {
	return schema.AssistantMessage(j.reply, nil), nil
}

func (j judgeModel) Stream(context.Context, []*schema.Message, ...model.Option) (*schema.StreamReader[*schema.Message], error) {
	return nil, errors.New("not streamed")
}

// TestJudgeDecides: with a judge, only the pairs it calls equivalent are
// reported; one that fails to answer reports nothing.
func TestJudgeDecides(t *testing.T) {
	api := load(t, undocumentedDate)
	for _, tc := range []struct {
		reply    string
		reported int
		verdict  string
	}{
		{`{"equivalent": true, "why": "the same date"}`, 1, ""},
		{`{"equivalent": false, "why": "different dates"}`, 0, consistency.JudgedDifferent},
		{`I cannot tell.`, 0, consistency.JudgeFailed},
	} {
		s := check(t, api, consistency.Options{Seed: 1, PerCase: 3, Judge: consistency.NewLLMJudge(judgeModel{tc.reply}, "test")})
		if s.Reported != tc.reported || (tc.verdict != "" && s.Dismissed[tc.verdict] != 1) {
			t.Errorf("reply %q: reported %d, dismissed %v", tc.reply, s.Reported, s.Dismissed)
		}
	}
}
