package classify

import (
	"encoding/json"
	"net/http"
	"reflect"
	"strings"
	"testing"

	"github.com/agentready/agentready/gen/catalog"
	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/harness/cases"
)

// widgetAPI has getWidget, whose 200 promises id, name and owner (a
// nullable object with a required login), and deleteWidget, whose 204
// has no body.
func widgetAPI() *ir.API {
	str := &ir.Schema{Kind: ir.KindString}
	return &ir.API{
		Operations: []*ir.Operation{
			{Name: "getWidget", Method: "GET", Success: "200", Responses: []*ir.Response{{Status: "200", ContentType: "application/json",
				Schema: &ir.Schema{Ref: "#/W"}}}},
			{Name: "listWidgets", Method: "GET", Success: "200", Responses: []*ir.Response{{Status: "200", ContentType: "application/json",
				Schema: &ir.Schema{Kind: ir.KindObject, Properties: []*ir.Property{
					{Name: "items", Required: true, Schema: &ir.Schema{Kind: ir.KindArray, Items: &ir.Schema{Ref: "#/W"}}}}}}}},
			{Name: "deleteWidget", Method: "DELETE", Success: "204", Responses: []*ir.Response{{Status: "204"}}},
			{Name: "findWidgets", Method: "GET", Description: "Gives the same widgets as listWidgets.", Success: "200",
				Responses: []*ir.Response{{Status: "200", ContentType: "application/json",
					Schema: &ir.Schema{Kind: ir.KindArray, Items: &ir.Schema{Ref: "#/W"}}}}},
			{Name: "updateWidget", Method: "PATCH", Path: "/widgets/{id}", Success: "200",
				Params: []*ir.Param{
					{Name: "id", Arg: "id", In: ir.InPath, Required: true, Schema: &ir.Schema{Kind: ir.KindInteger}},
					{Name: "If-Match", Arg: "If-Match", In: ir.InHeader, Required: true,
						Schema: &ir.Schema{Kind: ir.KindString, Pattern: `^(W/)?"?[0-9]+"?$`}},
					{Name: "color", Arg: "color", In: ir.InQuery, Schema: &ir.Schema{Kind: ir.KindString, Enum: []any{"Red", "Green"}}},
					{Name: "note", Arg: "note", In: ir.InQuery, Schema: str},
					{Name: "limit", Arg: "limit", In: ir.InQuery, Schema: &ir.Schema{Kind: ir.KindInteger, Default: 20.0}},
				},
				Responses: []*ir.Response{{Status: "200", ContentType: "application/json", Schema: &ir.Schema{Ref: "#/W"}}}},
		},
		Types: []*ir.Type{
			{ID: "#/W", Schema: &ir.Schema{Kind: ir.KindObject, Properties: []*ir.Property{
				{Name: "id", Required: true, Schema: &ir.Schema{Kind: ir.KindInteger}},
				{Name: "name", Required: true, Schema: str},
				{Name: "note", Schema: str},
				{Name: "owner", Required: true, Schema: &ir.Schema{Ref: "#/U", Nullable: true}},
			}}},
			{ID: "#/U", Schema: &ir.Schema{Kind: ir.KindObject, Properties: []*ir.Property{
				{Name: "login", Required: true, Schema: str}}}},
		},
	}
}

// ok is a 200 call with a JSON body.
func ok(tool, args, body string) Call {
	return Call{Tool: tool, RawArgs: args, Args: decode(args), Body: Summarize([]byte(body), http.Header{"Content-Type": {"application/json"}}),
		Result: Result{Kind: "ok_json", Status: 200, OK: true}, Text: "200 OK\n" + body}
}

func failed(tool, args string, status int, text string) Call {
	return Call{Tool: tool, RawArgs: args, Args: decode(args), Result: Result{Kind: "http_error", Status: status}, Text: text}
}

func decode(s string) map[string]any {
	var m map[string]any
	_ = json.Unmarshal([]byte(s), &m)
	return m
}

func trace(calls ...Call) *Trace {
	return &Trace{Tools: []string{"findWidgets", "getWidget", "listWidgets", "updateWidget"}, Calls: calls, Final: "done"}
}

func classes(ls []Label) []Class {
	var out []Class
	for _, l := range ls {
		out = append(out, l.Class)
	}
	return out
}

const (
	widget  = `{"id":1,"name":"a","owner":{"login":"x"}}`
	widget2 = `{"id":2,"name":"b","owner":{"login":"y"}}`
)

func TestClassify(t *testing.T) {
	c := New(catalog.Describe(widgetAPI()), Options{ResultTokens: 100})
	getW := &cases.Case{ID: "getWidget/1", Tool: "getWidget", Args: map[string]any{"id": 1.0}}
	list := &cases.Case{ID: "listWidgets/1", Tool: "listWidgets", Args: map[string]any{
		"status":  []any{"open", "new"},
		"after":   "2026-03-01T00:00:00Z",
		"filter":  map[string]any{"owner": "x", "team": "t"},
		"name":    "John Doe",
		"page":    2.0,
		"visible": true,
	}}
	del := &cases.Case{ID: "deleteWidget/1", Tool: "deleteWidget", Args: map[string]any{"id": 1.0}}
	upd := &cases.Case{ID: "updateWidget/1", Tool: "updateWidget", Args: map[string]any{"id": 1.0, "If-Match": `"3"`, "color": "Red"}}
	listAll := &cases.Case{ID: "listWidgets/2", Tool: "listWidgets", Args: map[string]any{}}
	listOwned := &cases.Case{ID: "listWidgets/3", Tool: "listWidgets", Args: map[string]any{"owner": "ada"}}
	chain := &cases.Case{ID: "getWidget/chain", Tool: "getWidget", Scenario: cases.Chain, Args: map[string]any{"id": 1.0},
		Steps: []cases.Step{{Tool: "listWidgets", Args: map[string]any{},
			Feeds: []cases.Feed{{Path: "$.items[0].id", To: "getWidget", Input: "id", Value: 1.0}}},
			{Tool: "getWidget", Args: map[string]any{"id": 1.0}}}}
	// named asks for the widget named "a": findWidgets finds it.
	named := &cases.Case{ID: "getWidget/chain/named", Tool: "getWidget", Scenario: cases.Chain, Args: map[string]any{"id": 1.0},
		Steps: []cases.Step{{Tool: "findWidgets", Args: map[string]any{"q": "a"},
			Feeds: []cases.Feed{{Path: "$[0].id", To: "getWidget", Input: "id", Value: 1.0,
				Label: &cases.Label{Field: "name", Path: "$[0].name", Value: "a"}}}},
			{Tool: "getWidget", Args: map[string]any{"id": 1.0}}}}
	// chainOwned lists the widgets of the owner of widget 1, which
	// getWidget gives.
	chainOwned := &cases.Case{ID: "listWidgets/chain", Tool: "listWidgets", Scenario: cases.Chain, Args: map[string]any{"owner": "ada"},
		Steps: []cases.Step{{Tool: "getWidget", Args: map[string]any{"id": 1.0},
			Feeds: []cases.Feed{{Path: "$.owner.login", To: "listWidgets", Input: "owner", Value: "ada"}}},
			{Tool: "listWidgets", Args: map[string]any{"owner": "ada"}}}}
	direct := ok("getWidget", `{"id":1}`, widget)
	directs := map[*cases.Case]*Call{}
	directs[getW] = &direct
	directs[chain] = &direct
	directs[named] = &direct
	updated := ok("updateWidget", `{"id":1,"If-Match":"\"3\"","color":"Red"}`, widget)
	directs[upd] = &updated
	listed := ok("listWidgets", `{}`, `{"items":[`+widget+`]}`)
	directs[listAll] = &listed
	directs[listOwned] = &listed
	directs[chainOwned] = &listed
	tests := []struct {
		name      string
		tc        *cases.Case
		agent     *Trace
		want      []Class
		evidence  string // a part of the evidence of the first label
		recovered []Class
	}{
		{"clean", getW, trace(ok("getWidget", `{"id":1}`, widget)), nil, "", nil},
		{"normalised values are equal", list, trace(ok("listWidgets", `{"status":["new","open"],"after":"2026-03-01T01:00:00+01:00",`+
			`"filter":{"team":"t","owner":"x"},"name":" John Doe ","page":2,"visible":"true","extra":1}`, `{"items":[`+widget+`]}`)), nil, "", nil},
		{"value differs in case", list, trace(ok("listWidgets", `{"status":["open","new"],"after":"2026-03-01T00:00:00Z",`+
			`"filter":{"owner":"x","team":"t"},"name":"john doe","page":2,"visible":true}`, `{"items":[`+widget+`]}`)),
			[]Class{ParameterValueMismatch}, "`name` is \"john doe\"", nil},
		{"nested and top-level omissions", list, trace(ok("listWidgets", `{"status":["open","new"],"filter":{"owner":"x"},`+
			`"name":"John Doe","page":2,"visible":true}`, `{"items":[`+widget+`]}`)),
			[]Class{MissingParameter}, "`after`", nil},
		{"list of one for a value", getW, trace(ok("getWidget", `{"id":[1]}`, widget)), nil, "", nil},
		{"no tool, failed model", getW, &Trace{Error: "model unavailable"}, nil, "", nil},
		{"retry after 503 is not repeated, and recovered from", getW, trace(failed("getWidget", `{"id":1}`, 503, "503 Service Unavailable"),
			ok("getWidget", `{"id":1}`, widget)), nil, "", []Class{ToolServerError}},
		{"same arguments twice", getW, trace(ok("getWidget", `{"id":1}`, widget), ok("getWidget", ` {"id": 1}`, widget)),
			[]Class{RepeatedToolInvocation}, "twice with the same arguments", nil},
		{"invented tool", getW, trace(Call{Tool: "fetchWidget", UnknownTool: true, RawArgs: `{"id":1}`, Result: Result{Kind: KindUnknownTool}}),
			[]Class{IncorrectToolSelection}, "a tool it was not given", nil},
		{"403", getW, trace(failed("getWidget", `{"id":1}`, 403, "403 Forbidden: read only")), []Class{ToolAccessError}, "403 Forbidden", nil},
		{"timeout", getW, trace(Call{Tool: "getWidget", RawArgs: `{"id":1}`, Result: Result{Kind: "timeout"}, Text: "no response in 30s"}),
			[]Class{ToolServerError}, "no response", nil},
		{"missing promised field and wrong type", getW, trace(ok("getWidget", `{"id":1}`, `{"id":"1","owner":null}`)),
			[]Class{OutputMismatch}, "without `name`", nil},
		{"missing field in one item", list, trace(ok("listWidgets", `{"status":["open","new"],"after":"2026-03-01T00:00:00Z",`+
			`"filter":{"owner":"x","team":"t"},"name":"John Doe","page":2,"visible":true}`,
			`{"items":[`+widget+`,{"id":2,"name":"b","owner":{}}]}`)), []Class{OutputMismatch}, "`items[].owner.login`", nil},
		{"shape differs from direct", getW, trace(ok("getWidget", `{"id":1}`, `[`+widget+`]`)), []Class{OutputMismatch}, "JSON array where the direct call got a JSON object", nil},
		{"empty list wrapper", list, trace(ok("listWidgets", `{"status":["open","new"],"after":"2026-03-01T00:00:00Z",`+
			`"filter":{"owner":"x","team":"t"},"name":"John Doe","page":2,"visible":true}`, `{"items":[],"total":0}`)),
			[]Class{EmptyOutput}, "only empty lists (`items`)", nil},
		{"204 without a documented body is not empty", del, trace(Call{Tool: "deleteWidget", RawArgs: `{"id":1}`, Args: map[string]any{"id": 1.0},
			Result: Result{Kind: "ok_empty", Status: 204, OK: true}}), nil, "", nil},
		{"204 where a body is documented", getW, trace(Call{Tool: "getWidget", RawArgs: `{"id":1}`, Args: map[string]any{"id": 1.0},
			Result: Result{Kind: "ok_empty", Status: 204, OK: true}}), []Class{EmptyOutput}, "no body", nil},
		{"too many tokens", getW, trace(func() Call {
			c := ok("getWidget", `{"id":1}`, widget)
			c.Result.BodyTokens, c.Result.Truncated, c.Result.Omitted = 500, true, "items 3-9 of 9"
			return c
		}()), []Class{ExceedingTokenLimit}, "left out items 3-9 of 9", nil},
		{"argument problems and coercions", getW, trace(
			Call{Tool: "getWidget", RawArgs: `{"widget":1}`, Result: Result{Kind: "invalid_args"}, Problems: []Problem{
				{Path: "id", Kind: "missing"}, {Path: "widget", Kind: "unknown", Hint: `Did you mean "id"?`}}},
			Call{Tool: "getWidget", RawArgs: `{"id":"1","note":"X"}`, Args: map[string]any{"id": 1.0, "note": "x"},
				Coercions: []Coercion{{Path: "id", From: "1", To: 1, Why: "integer expected"}, {Path: "note", From: "X", To: "x", Why: "accepted value"}},
				Result:    Result{Kind: "ok_json", Status: 200, OK: true}, Body: direct.Body}),
			[]Class{MissingParameter, IncorrectParameter, ParameterTypeMismatch, ParameterValueMismatch}, "call 1 of 2", nil},
		{"fixed after a corrective error", getW, trace(
			Call{Tool: "getWidget", RawArgs: `{"widget":1}`, Result: Result{Kind: "invalid_args"}, Problems: []Problem{
				{Path: "id", Kind: "missing"}, {Path: "widget", Kind: "unknown"}}},
			ok("getWidget", `{"id":1}`, widget)), nil, "", []Class{MissingParameter, IncorrectParameter}},
		{"a quote the pattern makes optional, an enum's case", upd, trace(ok("updateWidget", `{"id":1,"If-Match":"3","color":"red"}`, widget)),
			nil, "", nil},
		{"a default left out", upd, trace(ok("updateWidget", `{"id":1,"If-Match":"\"3\"","color":"Red","limit":20}`, widget)), nil, "", nil},
		{"a field nobody asked to change", upd, trace(ok("updateWidget", `{"id":1,"If-Match":"\"3\"","color":"Red","note":"Ada"}`, widget)),
			[]Class{RedundantParameter}, "changes what nobody asked to change", nil},
		{"another enum value", upd, trace(ok("updateWidget", `{"id":1,"If-Match":"\"3\"","color":"Green"}`, widget)),
			[]Class{ParameterValueMismatch}, "`color` is \"Green\"", nil},
		{"another tool with the same data", listAll, trace(ok("findWidgets", `{}`, `[`+widget+`]`)), nil, "", nil},
		{"a tool the spec calls the same, with other data", listAll, trace(ok("findWidgets", `{"q":"x"}`, `[]`)),
			[]Class{ParameterValueMismatch, EmptyOutput}, "which the spec says gives what listWidgets gives", nil},
		{"a tool the spec calls the same, without the request's value", listOwned, trace(ok("findWidgets", `{}`, `[`+widget+`,`+widget2+`]`)),
			[]Class{MissingParameter}, "without `owner` = \"ada\"", nil},
		{"a tool the spec calls the same, without the value a chain's step gives", chainOwned, trace(ok("findWidgets", `{}`, `[`+widget+`,`+widget2+`]`)),
			[]Class{MissingParameter, MissingStep}, "without `owner` = \"ada\"", nil},
		{"an argument nobody asked for, refused", upd, trace(
			Call{Tool: "updateWidget", RawArgs: `{"id":1,"If-Match":"3","color":"Red","limit":"x"}`, Result: Result{Kind: "invalid_args"},
				Problems: []Problem{{Path: "limit", Kind: "type", Given: "x", Reason: "is a string"}}},
			ok("updateWidget", `{"id":1,"If-Match":"3","color":"Red"}`, widget)), nil, "", []Class{RedundantParameter}},
		{"a first step the tool refused", chain, trace(Call{Tool: "listWidgets", RawArgs: `{"team":"Identity"}`, Result: Result{Kind: "invalid_args"},
			Problems: []Problem{{Path: "team", Kind: "pattern", Given: "Identity", Reason: "does not match the pattern ^tm_[a-z]+$"}}}),
			[]Class{ToolNotIdentified, ParameterValueMismatch}, "first steps", nil},
		{"the first step of a chain only, its value in the answer", chain, trace(ok("listWidgets", `{}`, `{"items":[`+widget+`]}`)),
			[]Class{ValueNotCarried}, "held `id` = 1, but the agent stopped there and never called getWidget", nil},
		{"a list of named things without the one asked for", named, trace(ok("listWidgets", `{}`, `{"items":[`+widget2+`]}`)),
			[]Class{MissingStep}, "no answer held `id` = 1 (the item whose name is \"a\")", nil},
		{"a list of named things with the one asked for, not carried", named, trace(ok("listWidgets", `{}`, `{"items":[`+widget2+`,`+widget+`]}`)),
			[]Class{ValueNotCarried}, "(the item whose name is \"a\")", nil},
		{"the value carried from the step that gives it", named, trace(ok("listWidgets", `{}`, `{"items":[{"id":5,"name":"c","owner_id":1}]}`),
			ok("findWidgets", `{"q":"a"}`, `[`+widget+`]`)),
			[]Class{ValueNotCarried}, "The answer of findWidgets({\"q\":\"a\"}) held `id` = 1", nil},
		{"a change is no lookup", named, trace(ok("updateWidget", `{"id":2,"If-Match":"\"3\"","color":"Red"}`, widget2)),
			[]Class{IncorrectToolSelection}, "", nil},
		{"a chain done right", chain, trace(ok("listWidgets", `{}`, `{"items":[`+widget+`]}`), ok("getWidget", `{"id":1}`, widget)),
			nil, "", nil},
		{"a chain's step left out", chain, trace(ok("getWidget", `{"id":2}`, widget2)),
			[]Class{ParameterValueMismatch, MissingStep}, "", nil},
		{"a chain's step made after the tool", chain, trace(ok("getWidget", `{"id":2}`, widget2), ok("listWidgets", `{}`, `{"items":[`+widget+`]}`)),
			[]Class{ParameterValueMismatch, WrongOrder}, "", nil},
		{"a chain's value not carried over", chain, trace(ok("listWidgets", `{}`, `{"items":[`+widget+`]}`), ok("getWidget", `{"id":2}`, widget2)),
			[]Class{ParameterValueMismatch, ValueNotCarried}, "", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := c.Classify(tt.tc, directs[tt.tc], tt.agent)
			if got := classes(v.Labels); !reflect.DeepEqual(got, tt.want) {
				t.Fatalf("classes %v, want %v\n%+v", got, tt.want, v)
			}
			if got := classes(v.Recovered); !reflect.DeepEqual(got, tt.recovered) {
				t.Fatalf("recovered from %v, want %v\n%+v", got, tt.recovered, v)
			}
			if tt.evidence != "" && !strings.Contains(v.Labels[0].Evidence, tt.evidence) {
				t.Errorf("evidence %q lacks %q", v.Labels[0].Evidence, tt.evidence)
			}
		})
	}
}

func TestMetricsAndRecommendations(t *testing.T) {
	lbl := func(class Class, tool string, params ...string) Label {
		return Label{Class: class, Tool: tool, Params: params, Evidence: "seen " + string(class)}
	}
	outcomes := []Outcome{
		{Case: "a/1", Tool: "a", Naturalness: 5, Scenario: "chain"},
		{Case: "a/2", Tool: "a", Naturalness: 2, Scenario: "required"},
		{Case: "a/3", Tool: "a", Naturalness: 9},
		{Case: "a/4", Tool: "a", Naturalness: 5, Labels: []Label{lbl(MissingParameter, "a", "q"), lbl(ParameterTypeMismatch, "a", "n")}},
		{Case: "b/1", Tool: "b", Labels: []Label{lbl(IncorrectToolSelection, "b")}, Scenario: "chain"},
		{Case: "b/2", Tool: "b", Labels: []Label{lbl(MissingParameter, "b", "id")}},
		{Case: "c/1", Tool: "c"},
		{Case: "c/2", Tool: "c", Labels: []Label{lbl(EmptyOutput, "c")}},
		{Case: "d/1", Tool: "d", Skipped: true},
		{Case: "c/3", Tool: "c", Invalid: true},
		{Case: "e/1", Tool: "e", Recovered: []Label{lbl(MissingParameter, "e", "id")}},
		{Case: "e/2", Tool: "e", Invalid: true},
		{Case: "b/3", Tool: "b", Labels: []Label{{Class: IncorrectToolSelection, Tool: "b", Other: "y", Evidence: "seen"}}},
		{Case: "b/4", Tool: "b", Labels: []Label{{Class: IncorrectToolSelection, Tool: "b", Other: "x", Evidence: "seen"}}},
	}
	m := Compute(outcomes)
	if m.Cases != 11 || m.Skipped != 1 || m.Invalid != 2 || m.NoError != 4 || m.Recovered != 1 {
		t.Errorf("totals: %+v", m)
	}
	// Levels with cases only; an out-of-range level counts nowhere.
	if want := []LevelMetric{{Level: 2, Cases: 1, NoError: 1, NoErrorRate: 1}, {Level: 5, Cases: 2, NoError: 1, NoErrorRate: 0.5}}; !reflect.DeepEqual(m.Naturalness, want) {
		t.Errorf("naturalness: %+v, want %+v", m.Naturalness, want)
	}
	// Scenarios in the order of how much they ask of the agent.
	if want := []ScenarioMetric{{Scenario: "required", Cases: 1, NoError: 1, NoErrorRate: 1}, {Scenario: "chain", Cases: 2, NoError: 1, NoErrorRate: 0.5}}; !reflect.DeepEqual(m.Scenarios, want) {
		t.Errorf("scenarios: %+v, want %+v", m.Scenarios, want)
	}
	if len(m.Classes) != len(Taxonomy) || m.Classes[3].Class != MissingParameter || m.Classes[3].Cases != 2 || m.Classes[3].Recovered != 1 {
		t.Errorf("classes: %+v", m.Classes)
	}
	for _, tm := range m.Tools {
		if tm.Tool == "e" && (tm.Cases != 1 || tm.Passed != 0 || tm.Recovered != 1 || tm.Invalid != 1) {
			t.Errorf("tool e: %+v", tm)
		}
	}
	bands := map[string]string{}
	for _, tm := range m.Tools {
		bands[tm.Tool] = tm.Band
	}
	if want := map[string]string{"a": BandHigh, "b": BandLow, "c": BandMid, "e": BandLow}; !reflect.DeepEqual(bands, want) {
		t.Errorf("bands %v, want %v", bands, want)
	}
	if m.Bands[0].Tools != 2 || m.Bands[1].Tools != 1 || m.Bands[2].Tools != 1 {
		t.Errorf("band counts: %+v", m.Bands)
	}

	recs := Recommend(outcomes)
	var got []string
	for _, r := range recs {
		got = append(got, r.Tool+":"+string(r.Class))
		if !strings.Contains(r.Text, "`"+r.Tool+"`") || !strings.Contains(r.Text, r.Evidence) || strings.Contains(r.Text, "{{") {
			t.Errorf("recommendation text: %s", r.Text)
		}
		for _, p := range r.Params {
			if !strings.Contains(r.Text, "`"+p+"`") {
				t.Errorf("recommendation does not name %s: %s", p, r.Text)
			}
		}
	}
	want := []string{"a:missing_parameter", "a:parameter_type_mismatch", "b:incorrect_tool_selection", "b:missing_parameter", "c:empty_output"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("recommendations %v, want %v", got, want)
	}
	if !strings.Contains(recs[0].Text, "1 of 4 cases") {
		t.Errorf("count: %s", recs[0].Text)
	}
	// Each case counts for the tool it picked instead.
	if r := recs[2]; !strings.Contains(r.Text, "3 of 4 cases") || !strings.Contains(r.Text, "`x` in 1") || !strings.Contains(r.Text, "`y` in 1") {
		t.Errorf("other tools: %s", r.Text)
	}
}

// Every class has a template that renders.
func TestTemplates(t *testing.T) {
	for _, ci := range Taxonomy {
		r := Recommend([]Outcome{{Case: "x/1", Tool: "x", Labels: []Label{{Class: ci.Class, Tool: "x", Params: []string{"p"}, Other: "y", Evidence: "e."}}}})
		if len(r) != 1 || strings.Contains(r[0].Text, "(template") || strings.Contains(r[0].Text, "<no value>") {
			t.Errorf("%s: %+v", ci.Class, r)
		}
	}
}

func TestSummarize(t *testing.T) {
	b := Summarize([]byte(`{"items":[{"a":1,"b":null},{"a":2.5}],"next":null}`), http.Header{"Content-Type": {"application/json; charset=utf-8"}})
	want := []string{"items:array", "items[]:object", "items[].a:integer|number", "next:null"}
	if b == nil || !reflect.DeepEqual(b.Paths, want) || b.Items != 2 || b.Empty {
		t.Errorf("summary %+v, want paths %v", b, want)
	}
	if b := Summarize([]byte(`{"a":`), nil); b != nil {
		t.Errorf("invalid JSON summarised: %+v", b)
	}
	if b := Summarize([]byte(`<p>hi</p>`), http.Header{"Content-Type": {"text/html"}}); b != nil {
		t.Errorf("HTML summarised: %+v", b)
	}
}
