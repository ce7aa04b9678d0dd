package toolschema

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/agentready/agentready/gen/ir"
)

func f(v float64) *float64 { return &v }
func n(v int64) *int64     { return &v }

func str() *ir.Schema { return &ir.Schema{Kind: ir.KindString} }

// testAPI is a small hand-built API that has what the builder must get
// right: recursion, a large type used twice, enums, nullables, unions,
// readOnly fields, credentials and bounds.
func testAPI() (*ir.API, *ir.Operation) {
	big := &ir.Schema{Kind: ir.KindObject, Description: "A postal address, as printed on letters."}
	for _, p := range []string{"line1", "line2", "city", "state", "zip", "country", "phone"} {
		big.Properties = append(big.Properties, &ir.Property{Name: p, Schema: str()})
	}
	tree := &ir.Schema{Kind: ir.KindObject, Description: "A node of the category hierarchy.", Properties: []*ir.Property{
		{Name: "value", Required: true, Schema: &ir.Schema{Kind: ir.KindInteger}},
		{Name: "children", Schema: &ir.Schema{Kind: ir.KindArray, Items: &ir.Schema{Ref: "#/Tree"}}},
	}}
	body := &ir.Schema{Kind: ir.KindObject, Properties: []*ir.Property{
		{Name: "name", Required: true, Schema: &ir.Schema{Kind: ir.KindString, MaxLength: n(10), Description: "The name people see in lists. Shown everywhere."}},
		{Name: "tree", Schema: &ir.Schema{Ref: "#/Tree"}},
		{Name: "home", Schema: &ir.Schema{Ref: "#/Address", Description: "Where the owner lives."}},
		{Name: "work", Schema: &ir.Schema{Ref: "#/Address"}},
		{Name: "status", Schema: &ir.Schema{Ref: "#/Status", Nullable: true}},
		{Name: "created_at", Schema: &ir.Schema{Kind: ir.KindString, Format: "date-time", ReadOnly: true}},
		{Name: "choice", Schema: &ir.Schema{Kind: ir.KindUnion, Nullable: true, Variants: []*ir.Schema{str(), {Kind: ir.KindInteger, Format: "int64"}}}},
		{Name: "extra", Schema: &ir.Schema{Kind: ir.KindAny}},
		{Name: "meta", Schema: &ir.Schema{Kind: ir.KindObject, Properties: []*ir.Property{
			{Name: "inner", Schema: &ir.Schema{Kind: ir.KindObject, Description: "Free notes.", Properties: []*ir.Property{{Name: "x", Schema: str()}}}},
		}}},
	}}
	api := &ir.API{
		Types: []*ir.Type{
			{ID: "#/Address", GoName: "Address", Schema: big},
			{ID: "#/Status", GoName: "Status", Schema: &ir.Schema{Kind: ir.KindString, Enum: []any{"open", "closed"}}},
			{ID: "#/Tree", GoName: "Tree", Schema: tree},
		},
		SecuritySchemes: []*ir.SecurityScheme{{Name: "oauth", Kind: ir.SchemeOAuth2}},
	}
	op := &ir.Operation{
		Name: "makeThing", Method: "POST", Path: "/things/{id}", Summary: "Make a thing",
		Security: []ir.SecurityRequirement{{{Scheme: "oauth"}}},
		Params: []*ir.Param{
			{Name: "id", Arg: "id", In: ir.InPath, Required: true, Schema: &ir.Schema{Kind: ir.KindString, Pattern: "^[a-z]+$"}, Description: "The thing's identifier."},
			{Name: "q", Arg: "q", In: ir.InQuery, Schema: str(), Description: "Words to search for, in any field. Case does not matter."},
			{Name: "limit", Arg: "limit", In: ir.InQuery, Schema: &ir.Schema{Kind: ir.KindInteger, Format: "int32", Minimum: f(1), Maximum: f(100), Default: int64(10)}, Description: "How many results to return at most."},
			{Name: "since", Arg: "since", In: ir.InQuery, Schema: &ir.Schema{Kind: ir.KindString, Format: "date-time", Pattern: "(?=lookahead)"}},
			{Name: "Authorization", Arg: "Authorization", In: ir.InHeader, Schema: str()},
			{Name: "token", Arg: "token", In: ir.InQuery, Schema: str(), Description: "Authentication token."},
		},
		Body: &ir.Body{ContentType: "application/json", Required: true, Flatten: true, Schema: body},
	}
	api.Operations = []*ir.Operation{op}
	return api, op
}

func TestBuild(t *testing.T) {
	api, op := testAPI()
	got, err := Build(api, op, Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := `{"type":"object","properties":{` +
		`"id":{"type":"string","pattern":"^[a-z]+$"},` + // "thing's identifier" restates id and the purpose
		`"q":{"type":"string","description":"Words to search for, in any field"},` +
		`"limit":{"type":"integer","default":10,"minimum":1,"maximum":100},` + // a paging argument
		`"since":{"type":"string","format":"date-time"},` + // the lookahead pattern is left out
		`"name":{"type":"string","description":"name people see in lists","maxLength":10},` +
		`"tree":{"$ref":"#/$defs/Tree","description":"node of category hierarchy"},` +
		`"home":{"$ref":"#/$defs/Address","description":"Where owner lives"},` +
		`"work":{"$ref":"#/$defs/Address","description":"postal address, as printed on letters"},` +
		`"status":{"type":["string","null"],"enum":["open","closed",null]},` +
		`"choice":{"anyOf":[{"type":"string"},{"type":"integer"},{"type":"null"}]},` +
		`"extra":{},` +
		`"meta":{"type":"object","properties":{"inner":{"type":"object","description":"Free notes","properties":{"x":{"type":"string"}}}}}},` +
		`"required":["id","name"],` +
		`"$defs":{"Tree":{"type":"object","description":"node of category hierarchy","properties":{"value":{"type":"integer"},"children":{"type":"array","items":{"$ref":"#/$defs/Tree"}}},"required":["value"]},` +
		`"Address":{"type":"object","description":"postal address, as printed on letters","properties":{"line1":{"type":"string"},"line2":{"type":"string"},"city":{"type":"string"},"state":{"type":"string"},"zip":{"type":"string"},"country":{"type":"string"},"phone":{"type":"string"}}}}}`
	if string(got) != want {
		t.Errorf("Build =\n%s\nwant\n%s", got, want)
	}
	var v any
	if err := json.Unmarshal(got, &v); err != nil {
		t.Fatalf("not JSON: %v", err)
	}
	// Without sharing, the address is written at each use and only the
	// recursive tree stays in $defs.
	got, _ = Build(api, op, Options{NoSharing: true})
	if strings.Contains(string(got), "#/$defs/Address") || !strings.Contains(string(got), "#/$defs/Tree") {
		t.Errorf("NoSharing: %s", got)
	}
	// No descriptions at all.
	got, _ = Build(api, op, Options{DescriptionChars: -1, NestedDescriptionChars: -1})
	if strings.Contains(string(got), `"description"`) {
		t.Errorf("descriptions kept: %s", got)
	}
	// Objects below MaxDepth lose their properties.
	got, _ = Build(api, op, Options{MaxDepth: 1})
	if !strings.Contains(string(got), `"meta":{"type":"object","properties":{"inner":{"type":"object","description":"Free notes"}}}`) ||
		!strings.Contains(string(got), `"Tree":{"type":"object","description":"node of category hierarchy","properties":{"value"`) {
		t.Errorf("MaxDepth 1: %s", got)
	}
}

func TestArgs(t *testing.T) {
	api, op := testAPI()
	var names []string
	for _, a := range Args(api, op) {
		names = append(names, a.Name)
	}
	// Authorization and token are credentials, created_at is readOnly.
	if got := strings.Join(names, ","); got != "id,q,limit,since,name,tree,home,work,status,choice,extra,meta" {
		t.Errorf("Args = %s", got)
	}
	// A body that can hold nothing is no argument.
	op.Body = &ir.Body{ContentType: "application/x-www-form-urlencoded", Arg: "body", Schema: &ir.Schema{Kind: ir.KindObject, ClosedObject: true}}
	for _, a := range Args(api, op) {
		if a.Name == "body" {
			t.Errorf("empty closed body is an argument")
		}
	}
}

func TestNaive(t *testing.T) {
	api, op := testAPI()
	got := string(Naive(api, op))
	for _, want := range []string{
		`"Authorization":{"type":"string"}`,                                                                       // credentials kept
		`"created_at":{"type":"string","format":"date-time","readOnly":true}`,                                     // readOnly kept
		`"description":"The name people see in lists. Shown everywhere."`,                                         // text as is
		`"children":{"type":"array","items":{"type":"object","description":"A node of the category hierarchy."}}`, // recursion cut
		`"format":"int32"`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("Naive lacks %s:\n%s", want, got)
		}
	}
	if strings.Contains(got, "$defs") {
		t.Errorf("Naive uses $defs: %s", got)
	}
}

func TestValidPattern(t *testing.T) {
	if !ValidPattern(`^[a-z]+$`) || ValidPattern(`(?=x)`) || ValidPattern(`(a`) {
		t.Error("ValidPattern")
	}
}

func TestAppendJSON(t *testing.T) {
	got := string(AppendJSON(nil, map[string]any{"b": 1e6, "a": []any{"<x>", int64(2), 0.5, nil, true}}))
	if want := `{"a":["<x>",2,0.5,null,true],"b":1000000}`; got != want {
		t.Errorf("AppendJSON = %s, want %s", got, want)
	}
}

// TestBuildInputHints: an argument's hint ends its description, whether
// it has one or not; nested fields and the naive schema get none.
func TestBuildInputHints(t *testing.T) {
	api, op := testAPI()
	op.InputHints = map[string]string{
		"q":     "Find it with listThings (`items[].name`).",
		"since": "Find it with listEvents (`[].at`).",
		"x":     "Find it with nothing.",
	}
	js, got := buildArgs(t, api, op)
	if d := js.Properties["q"].Description; !strings.HasSuffix(d, ". Find it with listThings (`items[].name`).") || len(d) < 40 {
		t.Errorf("q: %q", d)
	}
	if d := js.Properties["since"].Description; d != "Find it with listEvents (`[].at`)." {
		t.Errorf("since (no description of its own): %q", d)
	}
	if strings.Contains(string(got), "nothing") {
		t.Errorf("a nested field got a hint: %s", got)
	}
	if naive := Naive(api, op); strings.Contains(string(naive), "Find it") {
		t.Errorf("the naive schema got hints: %s", naive)
	}
}

// TestBuildExamples: an argument whose schema shows no form of its
// values keeps the examples its text gives (Mux's timeframe[] and
// filters[]); one with an enum, a format or an example of its own, or a
// nested field, keeps none.
func TestBuildExamples(t *testing.T) {
	timeframe := "Timeframe window to limit results by. Must be provided as an array query string parameter (e.g. timeframe[]=).\n\nAccepted formats are...\n\n  * array of epoch timestamps e.g. `timeframe[]=1498867200&timeframe[]=1498953600`\n  * duration string e.g. `timeframe[]=24:hours or timeframe[]=7:days`\n"
	filters := "Limit the results to rows that match conditions from provided key:value pairs. Must be provided as an array query string parameter.\n\nExample:\n\n  * `filters[]=operating_system:windows&filters[]=!country:US`\n"
	strs := func() *ir.Schema { return &ir.Schema{Kind: ir.KindArray, Items: str()} }
	when := "The moment to start from, in any form the API reads. For example `2017-07-01T00:00:00Z`."
	body := &ir.Schema{Kind: ir.KindObject, Properties: []*ir.Property{
		{Name: "meta", Schema: &ir.Schema{Kind: ir.KindObject, Properties: []*ir.Property{
			{Name: "inner", Schema: &ir.Schema{Kind: ir.KindString, Description: when}},
		}}},
	}}
	op := &ir.Operation{Name: "getMetric", Method: "GET", Path: "/metrics", Summary: "Get metric data",
		Params: []*ir.Param{
			{Name: "timeframe[]", Arg: "timeframe", In: ir.InQuery, Schema: strs(), Description: timeframe},
			{Name: "filters[]", Arg: "filters", In: ir.InQuery, Schema: strs(), Description: filters},
			{Name: "at", Arg: "at", In: ir.InQuery, Schema: str(), Description: when},
			{Name: "since", Arg: "since", In: ir.InQuery, Schema: &ir.Schema{Kind: ir.KindString, Format: "date-time"}, Description: when},
			{Name: "from", Arg: "from", In: ir.InQuery, Schema: &ir.Schema{Kind: ir.KindString, Example: "2020-01-01"}, Description: when},
			{Name: "zone", Arg: "zone", In: ir.InQuery, Schema: &ir.Schema{Kind: ir.KindArray, Items: &ir.Schema{Kind: ir.KindString, Enum: []any{"2017-07-01T00:00:00Z", "now"}}}, Description: when},
		},
		Body: &ir.Body{ContentType: "application/json", Flatten: true, Schema: body},
	}
	api := &ir.API{Operations: []*ir.Operation{op}}
	js, _ := buildArgs(t, api, op)
	for arg, want := range map[string]string{
		"timeframe": "Timeframe window to limit results by, e.g. 1498867200, 1498953600, 24:hours, 7:days",
		"filters":   "Limit results to rows that match conditions from provided key:value pairs, e.g. operating_system:windows, !country:US",
		"at":        "moment to start from, in any form API reads, e.g. 2017-07-01T00:00:00Z",
	} {
		if d := js.Properties[arg].Description; d != want {
			t.Errorf("%s: %q, want %q", arg, d, want)
		}
	}
	for _, arg := range []string{"since", "from", "zone"} {
		if d := js.Properties[arg].Description; strings.Contains(d, "e.g.") {
			t.Errorf("%s (its schema shows the form): %q", arg, d)
		}
	}
	if d := js.Properties["meta"].Properties["inner"].Description; d == "" || strings.Contains(d, "e.g.") {
		t.Errorf("nested field: %q", d)
	}
}

// An argument whose schema shows no form keeps the form its text names
// in a later sentence (Postman's since and isPublic, whose schemas carry
// only a placeholder example); one with a format does not.
func TestBuildFormNote(t *testing.T) {
	since := "Only return APIs that have been updated after this time. Time is represented using the ISO 8601 date and time format."
	public := "Only return APIs with the corresponding privacy state. Public APIs have the isPublic value true; private APIs have the isPublic value false."
	op := &ir.Operation{Name: "getAllApis", Method: "GET", Path: "/apis", Summary: "Get all APIs",
		Params: []*ir.Param{
			{Name: "since", Arg: "since", In: ir.InQuery, Schema: &ir.Schema{Kind: ir.KindString, Example: "{{since}}"}, Description: since},
			{Name: "isPublic", Arg: "isPublic", In: ir.InQuery, Schema: &ir.Schema{Kind: ir.KindString, Example: "{{isPublic}}"}, Description: public},
			{Name: "until", Arg: "until", In: ir.InQuery, Schema: &ir.Schema{Kind: ir.KindString, Format: "date-time"}, Description: since},
		},
	}
	api := &ir.API{Operations: []*ir.Operation{op}}
	js, _ := buildArgs(t, api, op)
	for arg, want := range map[string]string{
		"since":    "Only return APIs that have been updated after this time, as ISO 8601",
		"isPublic": "Only return APIs with corresponding privacy state, true or false",
	} {
		if d := js.Properties[arg].Description; d != want {
			t.Errorf("%s: %q, want %q", arg, d, want)
		}
	}
	if d := js.Properties["until"].Description; strings.Contains(d, "ISO 8601") {
		t.Errorf("until (its schema has a format): %q", d)
	}
}

// builtArgs is the descriptions of a built schema's arguments and of
// their fields.
type builtArgs struct {
	Properties map[string]struct {
		Description string `json:"description"`
		Properties  map[string]struct {
			Description string `json:"description"`
		} `json:"properties"`
	} `json:"properties"`
}

// buildArgs builds op's schema with default options and reads it back.
func buildArgs(t *testing.T, api *ir.API, op *ir.Operation) (builtArgs, []byte) {
	t.Helper()
	got, err := Build(api, op, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var js builtArgs
	if err := json.Unmarshal(got, &js); err != nil {
		t.Fatalf("%v: %s", err, got)
	}
	return js, got
}

// TestEnumMeaningsInDescription checks that an argument whose enum values
// the spec explains says what the values mean (those that add to the
// value), for an array through its items, and that the cut which drops
// argument meanings drops them too.
func TestEnumMeaningsInDescription(t *testing.T) {
	status := &ir.Schema{Kind: ir.KindString, Enum: []any{"active", "disabled", "canceled"},
		EnumDescriptions: []string{"The card is active.", "The card is temporarily disabled.", "The card is permanently disabled."}}
	op := &ir.Operation{Name: "updateCard", Method: "PATCH", Path: "/cards/{id}", Summary: "Update a card",
		Params: []*ir.Param{
			{Name: "status", Arg: "status", In: ir.InQuery, Schema: status, Description: "The new status."},
			{Name: "in", Arg: "in", In: ir.InQuery, Schema: &ir.Schema{Kind: ir.KindArray, Items: status}},
		}}
	api := &ir.API{}
	props := func(o Options) map[string]map[string]any {
		raw, err := Build(api, op, o)
		if err != nil {
			t.Fatal(err)
		}
		var s struct {
			Properties map[string]map[string]any `json:"properties"`
		}
		if err := json.Unmarshal(raw, &s); err != nil {
			t.Fatal(err)
		}
		return s.Properties
	}
	p := props(Options{})
	want := "disabled: temporarily disabled; canceled: permanently disabled"
	if d, _ := p["status"]["description"].(string); d != want {
		t.Errorf("status description %q, want %q (its own text restates the name)", d, want)
	}
	if d, _ := p["in"]["description"].(string); d != want {
		t.Errorf("array description %q, want %q", d, want)
	}
	p = props(Options{DescriptionChars: 40})
	if d, _ := p["in"]["description"].(string); d != "" {
		t.Errorf("cut description %q, want none", d)
	}
}
