package example

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/agentready/agentready/gen/ir"
)

func f(v float64) *float64 { return &v }
func n(v int64) *int64     { return &v }

func TestFromPattern(t *testing.T) {
	for _, c := range []struct{ pattern, want string }{
		{`^TCK-[0-9]+$`, "TCK-1"},
		{`^[A-Z]{3}$`, "AAA"},
		{`^[a-z0-9_-]{2,5}\.json$`, "aa.json"},
		{`^(foo|bar)+baz?$`, "fooba"},
		{`^\d{4}-\d{2}$`, "1111-11"},
		{`^[^@]+@[^@]+$`, "a@a"},
	} {
		got, ok := FromPattern(c.pattern)
		if !ok || got != c.want {
			t.Errorf("FromPattern(%q) = %q, %v; want %q", c.pattern, got, ok, c.want)
		}
	}
	if _, ok := FromPattern(`(?=x)y`); ok {
		t.Error("a lookahead is not Go syntax: want ok false")
	}
}

func TestValue(t *testing.T) {
	api := &ir.API{}
	for _, c := range []struct {
		name string
		s    *ir.Schema
		want any
	}{
		{"count", &ir.Schema{Kind: ir.KindInteger, Minimum: f(5)}, 5.0},
		{"count", &ir.Schema{Kind: ir.KindInteger, Minimum: f(1), ExclusiveMinimum: true}, 2.0},
		{"count", &ir.Schema{Kind: ir.KindInteger, Maximum: f(0)}, 0.0},
		{"count", &ir.Schema{Kind: ir.KindInteger, Minimum: f(4), MultipleOf: f(3)}, 6.0},
		{"ratio", &ir.Schema{Kind: ir.KindNumber, Minimum: f(0), Maximum: f(1), ExclusiveMinimum: true, ExclusiveMaximum: true}, 0.5},
		{"created", &ir.Schema{Kind: ir.KindInteger, Format: "unix-time"}, 1700000000.0},
		{"when", &ir.Schema{Kind: ir.KindString, Format: "date-time"}, "2024-01-15T09:30:00Z"},
		{"mail", &ir.Schema{Kind: ir.KindString, Format: "email"}, "user@example.com"},
		{"code", &ir.Schema{Kind: ir.KindString, MinLength: n(6)}, "codexx"},
		{"owner", &ir.Schema{Kind: ir.KindString, MaxLength: n(3)}, "own"},
		{"key", &ir.Schema{Kind: ir.KindString, Pattern: `^[A-Z]+-\d+$`}, "A-1"},
		{"key", &ir.Schema{Kind: ir.KindString, Pattern: `e`}, "key"}, // the name matches
		{"state", &ir.Schema{Kind: ir.KindString, Enum: []any{"open", "closed"}, Default: "closed"}, "closed"},
		{"state", &ir.Schema{Kind: ir.KindString, Enum: []any{"open", "closed"}, Example: "opened"}, "open"}, // bad example
		{"size", &ir.Schema{Kind: ir.KindInteger, Maximum: f(10), Example: int64(50), Default: int64(7)}, 7.0},
		{"flag", &ir.Schema{Kind: ir.KindBoolean}, true},
		{"labels", &ir.Schema{Kind: ir.KindArray, Items: &ir.Schema{Kind: ir.KindString}}, []any{"label"}},
		{"tags", &ir.Schema{Kind: ir.KindArray, MinItems: n(2), UniqueItems: true, Items: &ir.Schema{Kind: ir.KindString, Enum: []any{"a", "b", "c"}}}, []any{"a", "b"}},
		{"ids", &ir.Schema{Kind: ir.KindArray, MinItems: n(2), UniqueItems: true, Items: &ir.Schema{Kind: ir.KindInteger}}, []any{1.0, 2.0}},
		{"either", &ir.Schema{Kind: ir.KindUnion, Variants: []*ir.Schema{{Kind: ir.KindInteger, Minimum: f(3)}, {Kind: ir.KindString}}}, 3.0},
		{"meta", &ir.Schema{Kind: ir.KindObject, AdditionalProperties: &ir.Schema{Kind: ir.KindString}}, map[string]any{"key": "value"}},
		{"obj", &ir.Schema{Kind: ir.KindObject, MinProperties: n(1), ClosedObject: true, Properties: []*ir.Property{{Name: "a", Schema: &ir.Schema{Kind: ir.KindInteger}}}}, map[string]any{"a": 1.0}},
	} {
		got := Value(api, c.s, c.name, Typical)
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s %+v: got %#v, want %#v", c.name, c.s, got, c.want)
		}
		if !Valid(api, c.s, got) {
			t.Errorf("%s: %#v is not valid", c.name, got)
		}
	}
}

func TestValid(t *testing.T) {
	api := &ir.API{Types: []*ir.Type{{ID: "#/P", GoName: "P", Schema: &ir.Schema{Kind: ir.KindObject, ClosedObject: true,
		Properties: []*ir.Property{{Name: "id", Required: true, Schema: &ir.Schema{Kind: ir.KindString, Format: "uuid"}},
			{Name: "at", Schema: &ir.Schema{Kind: ir.KindString, Format: "date-time", ReadOnly: true}}}}}}}
	p := &ir.Schema{Ref: "#/P"}
	for _, c := range []struct {
		v    any
		want bool
	}{
		{map[string]any{"id": "3fa85f64-5717-4562-b3fc-2c963f66afa6"}, true},
		{map[string]any{"id": "nope"}, false},
		{map[string]any{}, false},
		{map[string]any{"id": "3fa85f64-5717-4562-b3fc-2c963f66afa6", "other": 1}, false},
		// at is readOnly: not an input, so a closed object does not take it.
		{map[string]any{"id": "3fa85f64-5717-4562-b3fc-2c963f66afa6", "at": "2024-01-15T09:30:00Z"}, false},
		{nil, false},
		{"x", false},
	} {
		if got := Valid(api, p, c.v); got != c.want {
			t.Errorf("Valid(%v) = %v, want %v", c.v, got, c.want)
		}
	}
	if !Valid(api, &ir.Schema{Ref: "#/P", Nullable: true}, nil) {
		t.Error("nullable use takes null")
	}
	if Valid(api, &ir.Schema{Kind: ir.KindInteger}, 1.5) || !Valid(api, &ir.Schema{Kind: ir.KindInteger}, int64(2)) {
		t.Error("integer check")
	}
}

// opAPI is a small API with one operation that has required, optional,
// header and body arguments, a spec example and a recursive type.
func opAPI() (*ir.API, *ir.Operation) {
	node := &ir.Schema{Kind: ir.KindObject, Properties: []*ir.Property{
		{Name: "name", Required: true, Schema: &ir.Schema{Kind: ir.KindString}},
		{Name: "parent", Schema: &ir.Schema{Ref: "#/Node"}},
		{Name: "children", Schema: &ir.Schema{Kind: ir.KindArray, Items: &ir.Schema{Ref: "#/Node"}}},
	}}
	api := &ir.API{Types: []*ir.Type{{ID: "#/Node", GoName: "Node", Schema: node}}}
	op := &ir.Operation{Name: "addNode", Params: []*ir.Param{
		{Name: "tree", Arg: "tree", In: ir.InPath, Required: true, Schema: &ir.Schema{Kind: ir.KindString}, Example: "oak"},
		{Name: "page", Arg: "page", In: ir.InQuery, Schema: &ir.Schema{Kind: ir.KindInteger}},
		{Name: "X-Trace", Arg: "X-Trace", In: ir.InHeader, Schema: &ir.Schema{Kind: ir.KindString}},
		{Name: "since", Arg: "since", In: ir.InQuery, Schema: &ir.Schema{Kind: ir.KindString, Format: "date"}},
	}, Body: &ir.Body{ContentType: "application/json", Required: true, Flatten: true, Schema: &ir.Schema{Kind: ir.KindObject,
		Properties: []*ir.Property{{Name: "data", Schema: &ir.Schema{Ref: "#/Node"}}}}}}
	api.Operations = []*ir.Operation{op}
	return api, op
}

func TestBuildModes(t *testing.T) {
	api, op := opAPI()
	for _, c := range []struct {
		mode Mode
		want string
	}{
		{RequiredOnly, `{"tree":"oak"}`},
		// The required body's envelope is shown though optional.
		{Typical, `{"data":{"name":"name"},"tree":"oak"}`},
		// All: every argument and property, but a recursive type is
		// entered once.
		{All, `{"X-Trace":"X-Trace","data":{"name":"name"},"page":1,"since":"2024-01-15","tree":"oak"}`},
	} {
		got, _ := json.Marshal(Build(api, op, c.mode))
		if string(got) != c.want {
			t.Errorf("%s: got %s, want %s", c.mode, got, c.want)
		}
	}
	// Ordered keeps the arguments' order.
	var names []string
	for _, a := range Ordered(api, op, All) {
		names = append(names, a.Name)
	}
	if got := strings.Join(names, ","); got != "tree,page,X-Trace,since,data" {
		t.Errorf("Ordered: %s", got)
	}
	// With nothing required, Typical shows the most useful optional
	// argument: since has a format, page is paging and X-Trace a header.
	op.Body = nil
	op.Params = op.Params[1:]
	got, _ := json.Marshal(Args(api, op))
	if want := `{"since":"2024-01-15"}`; string(got) != want {
		t.Errorf("Args: got %s, want %s", got, want)
	}
}

func TestFormatOK(t *testing.T) {
	for _, c := range []struct {
		format, s string
		want      bool
	}{
		{"date-time", "2024-01-15T09:30:00Z", true},
		{"date-time", "2024-01-15 09:30:00", false},
		{"date", "2024-02-30", false},
		{"uri", "https://example.com", true},
		{"uri", "example.com", false},
		{"duration", "PT1H", true},
		{"duration", "TBD", false},
		{"json-pointer", "#/a", false},
		{"ipv4", "192.0.2.1", true},
		{"ipv4", "2001:db8::1", false},
		{"hostname", "example.com", true},
		{"custom", "anything", true},
	} {
		if got := FormatOK(c.format, c.s); got != c.want {
			t.Errorf("FormatOK(%s, %q) = %v", c.format, c.s, got)
		}
	}
	for format, v := range formatValues {
		if !FormatOK(format, v) {
			t.Errorf("the made-up %s value %q fails its own check", format, v)
		}
	}
}
