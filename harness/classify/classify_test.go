package classify

import (
	"encoding/json"
	"net/http"
	"reflect"
	"strings"
	"testing"

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
			{Name: "getWidget", Success: "200", Responses: []*ir.Response{{Status: "200", ContentType: "application/json",
				Schema: &ir.Schema{Ref: "#/W"}}}},
			{Name: "listWidgets", Success: "200", Responses: []*ir.Response{{Status: "200", ContentType: "application/json",
				Schema: &ir.Schema{Kind: ir.KindObject, Properties: []*ir.Property{
					{Name: "items", Required: true, Schema: &ir.Schema{Kind: ir.KindArray, Items: &ir.Schema{Ref: "#/W"}}}}}}}},
			{Name: "deleteWidget", Success: "204", Responses: []*ir.Response{{Status: "204"}}},
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
	return &Trace{Tools: []string{"getWidget", "listWidgets"}, Calls: calls, Final: "done"}
}

func classes(ls []Label) []Class {
	var out []Class
	for _, l := range ls {
		out = append(out, l.Class)
	}
	return out
}

const widget = `{"id":1,"name":"a","owner":{"login":"x"}}`

func TestClassify(t *testing.T) {
	c := New(widgetAPI(), Options{ResultTokens: 100})
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
	direct := ok("getWidget", `{"id":1}`, widget)
	tests := []struct {
		name     string
		tc       *cases.Case
		agent    *Trace
		want     []Class
		evidence string // a part of the evidence of the first label
	}{
		{"clean", getW, trace(ok("getWidget", `{"id":1}`, widget)), nil, ""},
		{"normalised values are equal", list, trace(ok("listWidgets", `{"status":["new","open"],"after":"2026-03-01T01:00:00+01:00",`+
			`"filter":{"team":"t","owner":"x"},"name":" John Doe ","page":2,"visible":"true","extra":1}`, `{"items":[`+widget+`]}`)), nil, ""},
		{"value differs in case", list, trace(ok("listWidgets", `{"status":["open","new"],"after":"2026-03-01T00:00:00Z",`+
			`"filter":{"owner":"x","team":"t"},"name":"john doe","page":2,"visible":true}`, `{"items":[`+widget+`]}`)),
			[]Class{ParameterValueMismatch}, "`name` is \"john doe\""},
		{"nested and top-level omissions", list, trace(ok("listWidgets", `{"status":["open","new"],"filter":{"owner":"x"},`+
			`"name":"John Doe","page":2,"visible":true}`, `{"items":[`+widget+`]}`)),
			[]Class{MissingParameter}, "`after`"},
		{"list of one for a value", getW, trace(ok("getWidget", `{"id":[1]}`, widget)), nil, ""},
		{"no tool, failed model", getW, &Trace{Error: "model unavailable"}, nil, ""},
		{"retry after 503 is not repeated", getW, trace(failed("getWidget", `{"id":1}`, 503, "503 Service Unavailable"),
			ok("getWidget", `{"id":1}`, widget)), []Class{ToolServerError}, "503 Service Unavailable"},
		{"same arguments twice", getW, trace(ok("getWidget", `{"id":1}`, widget), ok("getWidget", ` {"id": 1}`, widget)),
			[]Class{RepeatedToolInvocation}, "twice with the same arguments"},
		{"invented tool", getW, trace(Call{Tool: "fetchWidget", UnknownTool: true, RawArgs: `{"id":1}`, Result: Result{Kind: KindUnknownTool}}),
			[]Class{IncorrectToolSelection}, "a tool it was not given"},
		{"403", getW, trace(failed("getWidget", `{"id":1}`, 403, "403 Forbidden: read only")), []Class{ToolAccessError}, "403 Forbidden"},
		{"timeout", getW, trace(Call{Tool: "getWidget", RawArgs: `{"id":1}`, Result: Result{Kind: "timeout"}, Text: "no response in 30s"}),
			[]Class{ToolServerError}, "no response"},
		{"missing promised field and wrong type", getW, trace(ok("getWidget", `{"id":1}`, `{"id":"1","owner":null}`)),
			[]Class{OutputMismatch}, "without `name`"},
		{"missing field in one item", list, trace(ok("listWidgets", `{"status":["open","new"],"after":"2026-03-01T00:00:00Z",`+
			`"filter":{"owner":"x","team":"t"},"name":"John Doe","page":2,"visible":true}`,
			`{"items":[`+widget+`,{"id":2,"name":"b","owner":{}}]}`)), []Class{OutputMismatch}, "`items[].owner.login`"},
		{"shape differs from direct", getW, trace(ok("getWidget", `{"id":1}`, `[`+widget+`]`)), []Class{OutputMismatch}, "JSON array where the direct call got a JSON object"},
		{"empty list wrapper", list, trace(ok("listWidgets", `{"status":["open","new"],"after":"2026-03-01T00:00:00Z",`+
			`"filter":{"owner":"x","team":"t"},"name":"John Doe","page":2,"visible":true}`, `{"items":[],"total":0}`)),
			[]Class{EmptyOutput}, "only empty lists (`items`)"},
		{"204 without a documented body is not empty", del, trace(Call{Tool: "deleteWidget", RawArgs: `{"id":1}`, Args: map[string]any{"id": 1.0},
			Result: Result{Kind: "ok_empty", Status: 204, OK: true}}), nil, ""},
		{"204 where a body is documented", getW, trace(Call{Tool: "getWidget", RawArgs: `{"id":1}`, Args: map[string]any{"id": 1.0},
			Result: Result{Kind: "ok_empty", Status: 204, OK: true}}), []Class{EmptyOutput}, "no body"},
		{"too many tokens", getW, trace(func() Call {
			c := ok("getWidget", `{"id":1}`, widget)
			c.Result.BodyTokens, c.Result.Truncated, c.Result.Omitted = 500, true, "items 3-9 of 9"
			return c
		}()), []Class{ExceedingTokenLimit}, "left out items 3-9 of 9"},
		{"argument problems and coercions", getW, trace(
			Call{Tool: "getWidget", RawArgs: `{"widget":1}`, Result: Result{Kind: "invalid_args"}, Problems: []Problem{
				{Path: "id", Kind: "missing"}, {Path: "widget", Kind: "unknown", Hint: `Did you mean "id"?`}}},
			Call{Tool: "getWidget", RawArgs: `{"id":"1","note":"X"}`, Args: map[string]any{"id": 1.0, "note": "x"},
				Coercions: []Coercion{{Path: "id", From: "1", To: 1, Why: "integer expected"}, {Path: "note", From: "X", To: "x", Why: "accepted value"}},
				Result:    Result{Kind: "ok_json", Status: 200, OK: true}, Body: direct.Body}),
			[]Class{MissingParameter, IncorrectParameter, ParameterTypeMismatch, ParameterValueMismatch}, "call 1 of 2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := &direct
			if tt.tc != getW {
				d = nil
			}
			ls := c.Classify(tt.tc, d, tt.agent)
			if got := classes(ls); !reflect.DeepEqual(got, tt.want) {
				t.Fatalf("classes %v, want %v\n%+v", got, tt.want, ls)
			}
			if tt.evidence != "" && !strings.Contains(ls[0].Evidence, tt.evidence) {
				t.Errorf("evidence %q lacks %q", ls[0].Evidence, tt.evidence)
			}
		})
	}
}

func TestMetricsAndRecommendations(t *testing.T) {
	lbl := func(class Class, tool string, params ...string) Label {
		return Label{Class: class, Tool: tool, Params: params, Evidence: "seen " + string(class)}
	}
	outcomes := []Outcome{
		{Case: "a/1", Tool: "a"},
		{Case: "a/2", Tool: "a"},
		{Case: "a/3", Tool: "a"},
		{Case: "a/4", Tool: "a", Labels: []Label{lbl(MissingParameter, "a", "q"), lbl(ParameterTypeMismatch, "a", "n")}},
		{Case: "b/1", Tool: "b", Labels: []Label{lbl(IncorrectToolSelection, "b")}},
		{Case: "b/2", Tool: "b", Labels: []Label{lbl(MissingParameter, "b", "id")}},
		{Case: "c/1", Tool: "c"},
		{Case: "c/2", Tool: "c", Labels: []Label{lbl(EmptyOutput, "c")}},
		{Case: "d/1", Tool: "d", Skipped: true},
	}
	m := Compute(outcomes)
	if m.Cases != 8 || m.Skipped != 1 || m.NoError != 4 || m.NoErrorRate != 0.5 {
		t.Errorf("totals: %+v", m)
	}
	if len(m.Classes) != 13 || m.Classes[3].Class != MissingParameter || m.Classes[3].Cases != 2 || m.Classes[3].Rate != 0.25 {
		t.Errorf("classes: %+v", m.Classes)
	}
	bands := map[string]string{}
	for _, tm := range m.Tools {
		bands[tm.Tool] = tm.Band
	}
	if want := map[string]string{"a": BandHigh, "b": BandLow, "c": BandMid}; !reflect.DeepEqual(bands, want) {
		t.Errorf("bands %v, want %v", bands, want)
	}
	if m.Bands[0].Tools != 1 || m.Bands[1].Tools != 1 || m.Bands[2].Tools != 1 {
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
