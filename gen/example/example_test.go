package example

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/internal/english"
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
		{"code", &ir.Schema{Kind: ir.KindString, MinLength: n(8)}, "ABC123xx"},
		{"owner", &ir.Schema{Kind: ir.KindString, MaxLength: n(3)}, "oct"},
		{"key", &ir.Schema{Kind: ir.KindString, Pattern: `^[A-Z]+-\d+$`}, "PROJ-12"},      // the made-up key matches
		{"key", &ir.Schema{Kind: ir.KindString, Pattern: `^[a-z]+$`}, "a"},                // it does not: built from the pattern
		{"name", &ir.Schema{Kind: ir.KindString, Example: "string"}, "billing-api"},       // a placeholder example is none
		{"name", &ir.Schema{Kind: ir.KindString, Pattern: `^[a-z0-9_]+$`}, "billing_api"}, // respelled for the pattern
		{"repo", &ir.Schema{Kind: ir.KindString, Pattern: `^[A-Z_]+$`}, "BILLING_API"},
		{"prefix", &ir.Schema{Kind: ir.KindString, Description: "IPv4 or IPv6 network with mask"}, "192.0.2.0/24"},
		{"type", &ir.Schema{Kind: ir.KindString, Enum: []any{"text", "number"}}, "number"},
		{"type", &ir.Schema{Kind: ir.KindString, Enum: []any{"text"}}, "text"}, // the only value
		{"state", &ir.Schema{Kind: ir.KindString, Enum: []any{"open", "closed"}, Default: "closed"}, "closed"},
		{"state", &ir.Schema{Kind: ir.KindString, Enum: []any{"open", "closed"}, Example: "opened"}, "open"}, // bad example
		{"size", &ir.Schema{Kind: ir.KindInteger, Maximum: f(10), Example: int64(50), Default: int64(7)}, 7.0},
		{"flag", &ir.Schema{Kind: ir.KindBoolean}, true},
		{"labels", &ir.Schema{Kind: ir.KindArray, Items: &ir.Schema{Kind: ir.KindString}}, []any{"bug"}},
		{"tags", &ir.Schema{Kind: ir.KindArray, MinItems: n(2), UniqueItems: true, Items: &ir.Schema{Kind: ir.KindString, Enum: []any{"a", "b", "c"}}}, []any{"a", "b"}},
		{"ids", &ir.Schema{Kind: ir.KindArray, MinItems: n(2), UniqueItems: true, Items: &ir.Schema{Kind: ir.KindInteger}}, []any{1.0, 2.0}},
		{"either", &ir.Schema{Kind: ir.KindUnion, Variants: []*ir.Schema{{Kind: ir.KindInteger, Minimum: f(3)}, {Kind: ir.KindString}}}, 3.0},
		{"meta", &ir.Schema{Kind: ir.KindObject, AdditionalProperties: &ir.Schema{Kind: ir.KindString}}, map[string]any{"env": "production"}},
		{"meta", &ir.Schema{Kind: ir.KindObject, MinProperties: n(2)}, map[string]any{"env": "production", "team": "platform"}},
		{"anything", &ir.Schema{Kind: ir.KindAny}, "my-anything"},
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
		{Typical, `{"data":{"name":"billing-api"},"tree":"oak"}`},
		// All: every argument and property, but a recursive type is
		// entered once.
		{All, `{"X-Trace":"my-x-trace","data":{"name":"billing-api"},"page":1,"since":"2024-01-15","tree":"oak"}`},
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

// TestListExample checks that a list (a GET with no required argument)
// shows no optional filter in its Typical example unless the spec gives
// the filter a value.
func TestListExample(t *testing.T) {
	api, op := opAPI()
	op.Method, op.Body = "GET", nil
	op.Params = op.Params[1:] // page, X-Trace, since: all optional
	if got, _ := json.Marshal(Args(api, op)); string(got) != `{}` {
		t.Errorf("list without spec values: got %s, want {}", got)
	}
	op.Params = append(op.Params, &ir.Param{Name: "state", Arg: "state", In: ir.InQuery,
		Schema: &ir.Schema{Kind: ir.KindString, Enum: []any{"open", "closed"}, Default: "closed"}})
	if got, _ := json.Marshal(Args(api, op)); string(got) != `{"state":"closed"}` {
		t.Errorf("list with a default: got %s, want {\"state\":\"closed\"}", got)
	}
	op.Params[len(op.Params)-1].Schema.Default = nil
	op.Params[len(op.Params)-1].Example = "open"
	if got, _ := json.Marshal(Args(api, op)); string(got) != `{"state":"open"}` {
		t.Errorf("list with an example: got %s, want {\"state\":\"open\"}", got)
	}
	// A write with nothing required still shows its most telling
	// argument.
	op.Method = "POST"
	op.Params[len(op.Params)-1].Example = nil
	if got, _ := json.Marshal(Args(api, op)); string(got) != `{"since":"2024-01-15"}` {
		t.Errorf("POST: got %s", got)
	}
}

// TestText checks the strings made from names: each is realistic for
// what the name says, and none is a placeholder.
func TestText(t *testing.T) {
	api := &ir.API{}
	for _, c := range []struct {
		name, desc string
		inPath     bool
		subject    string
		want       string
	}{
		{name: "email", want: "user@example.com"},
		{name: "reply_to_email", want: "user@example.com"},
		{name: "full_name", want: "Ada Okafor"},
		{name: "firstName", want: "Ada"},
		{name: "name", subject: "customers", want: "Ada Okafor"}, // a person
		{name: "name", subject: "labels", want: "bug"},           // a thing the words know
		{name: "name", subject: "pods", want: "my-pod"},          // any other thing
		{name: "name", want: "billing-api"},                      // nothing known
		{name: "display_name", subject: "tax_rates", want: "my-tax-rate"},
		{name: "title", want: "Fix login timeout"},
		{name: "summary", want: "Fix login timeout"},
		{name: "description", want: "Handles customer invoices and refunds."},
		{name: "body", want: "Ready for review."},
		{name: "comment", want: "Ready for review."},
		{name: "city", want: "Berlin"},
		{name: "location", want: "Berlin"},
		{name: "owner", want: "octocat"},
		{name: "username", want: "octocat"},
		{name: "login", want: "octocat"},
		{name: "org", want: "acme-corp"},
		{name: "repo", want: "billing-api"},
		{name: "slug", want: "billing-api"},
		{name: "team_slug", want: "platform"},
		{name: "repo_name", want: "billing-api"},
		{name: "secret_name", want: "DEPLOY_TOKEN"},
		{name: "projectKey", want: "PROJ"},
		{name: "issueIdOrKey", want: "PROJ-12"},
		{name: "environmentKey", want: "production"},
		{name: "featureFlagKey", want: "dark-mode"},
		{name: "api_key", want: "sk_test_123"},
		{name: "password", want: "hunter2"},
		{name: "customRoleKey", want: "admin"},
		{name: "key", subject: "blobs", want: "my-blob"},
		{name: "key", want: "PROJ-12"},
		{name: "integrationKey", want: "my-integration"},
		{name: "id", want: "84256"},
		{name: "user_id", want: "53738"},
		{name: "team_gid", want: ident("team_gid")},
		{name: "sbom_uuid", want: "3fa85f64-5717-4562-b3fc-2c963f66afa6"},
		{name: "namespace", want: "default"},
		{name: "fieldSelector", want: "metadata.name=billing-api"},
		{name: "content_type", want: "application/json"},
		{name: "postal_code", want: "10115"},
		{name: "commit_sha", want: "6dcb09b"},
		{name: "labels", want: "bug"},
		{name: "start_address", want: "192.0.2.1/24"},
		{name: "address", desc: "IPv4 or IPv6 address (with mask)", want: "192.0.2.1/24"},
		{name: "address", want: "1 Main Street"},
		{name: "text", want: "Ready for review."},
		{name: "value", want: "my-value"},
		{name: "string", want: "my-string"},
		{name: "model", want: "my-model"},                         // words it cannot read
		{name: "customer", inPath: true, want: ident("customer")}, // a path identifies
		{name: "customer", desc: "The ID of the customer.", want: ident("customer")},
		{name: "person", inPath: true, want: ident("person")},             // no name in a path
		{name: "payment_link", inPath: true, want: ident("payment_link")}, // no URL in a path
		{name: "", want: "abc123"},
	} {
		g := &gen{api: api, inPath: c.inPath}
		if c.subject != "" {
			g.subject = strings.Split(c.subject, "_")
		}
		got := g.text(c.name, c.desc)
		if got != c.want {
			t.Errorf("text(%q, %q) in path %v, subject %q = %q, want %q", c.name, c.desc, c.inPath, c.subject, got, c.want)
		}
		if isPlaceholder(got, c.name) || isPlaceholder(got, english.Singular(c.name)) {
			t.Errorf("text(%q) = %q is a placeholder", c.name, got)
		}
		if again := g.text(c.name, c.desc); again != got {
			t.Errorf("text(%q) is not deterministic: %q, then %q", c.name, got, again)
		}
	}
	if a, b := ident("user_id"), ident("team_id"); a == b || len(a) != 5 {
		t.Errorf("ident: %q and %q should be different five-digit numbers", a, b)
	}
}

func TestIsPlaceholder(t *testing.T) {
	for _, c := range []struct {
		s, name string
		want    bool
	}{
		{"owner", "owner", true},
		{"Owner", "owner", true},
		{"project_key", "projectKey", true},
		{"project-key", "projectKey", true},
		{"string", "title", true},
		{"Text", "body", true},
		{"value", "", true},
		{"octocat", "owner", false},
		{"", "owner", false},
		{"my-owner", "owner", false},
	} {
		if got := isPlaceholder(c.s, c.name); got != c.want {
			t.Errorf("isPlaceholder(%q, %q) = %v", c.s, c.name, got)
		}
	}
	if !hasPlaceholder(map[string]any{"a": []any{map[string]any{"label": "label"}}}, "x") {
		t.Error("hasPlaceholder misses a nested placeholder")
	}
	if !hasPlaceholder([]any{"label"}, "labels") {
		t.Error("hasPlaceholder misses an item named after its array")
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
