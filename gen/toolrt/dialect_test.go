package toolrt

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/agentready/agentready/gen/toolrt/dialect"
)

// searchTickets has an optional argument and a free-form object, which
// strict mode and Gemini cannot show as they are.
var searchTickets = &Operation{
	Name: "searchTickets", Method: http.MethodGet, Path: "/tickets",
	Schema: `{"type":"object","properties":{"q":{"type":"string","maxLength":50},"limit":{"type":"integer"},` +
		`"filter":{"type":"object","description":"Field filters"}},"required":["q"]}`,
	Params: []Param{
		{Name: "q", In: "query", Style: "form", Explode: true},
		{Name: "limit", In: "query", Style: "form", Explode: true},
		{Name: "filter", In: "query", JSON: true},
	},
}

// TestWithDialect checks that a tool shows the model its schema in the
// dialect, through Eino's ToolInfo unchanged, and maps the arguments a
// model writes for it back before they are checked and sent.
func TestWithDialect(t *testing.T) {
	c, got := echoServer(t)
	tl, err := NewTool(c, searchTickets, WithDialect(dialect.OpenAIStrict))
	if err != nil {
		t.Fatal(err)
	}
	info, err := tl.Info(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	js, err := info.ParamsOneOf.ToJSONSchema()
	if err != nil {
		t.Fatal(err)
	}
	shown, _ := json.Marshal(js)
	if vs, _ := dialect.Check(shown, dialect.OpenAIStrict); len(vs) > 0 {
		t.Errorf("the schema Eino sends breaks strict mode: %v\n%s", vs, shown)
	}
	for _, want := range []string{`"additionalProperties":false`, `"type":["integer","null"]`, `"At most 50 characters."`} {
		if !strings.Contains(string(shown), want) {
			t.Errorf("shown schema lacks %s: %s", want, shown)
		}
	}
	if w := tl.Adaptation().Warnings; len(w) == 0 {
		t.Error("no warnings for the changes")
	}
	call := tl.Run(context.Background(), `{"q":"printer","limit":null,"filter":"{\"status\":\"open\"}"}`)
	if call.ArgError != nil || call.Err != nil {
		t.Fatalf("call failed: %s", call.Text)
	}
	if len(call.Coercions) > 0 {
		t.Errorf("the mapping back should need no coercion: %v", call.Coercions)
	}
	if len(*got) != 1 || (*got)[0].query != "q=printer&filter=%7B%22status%22%3A%22open%22%7D" {
		t.Errorf("sent %+v", *got)
	}
	if call.RawArgs != `{"q":"printer","limit":null,"filter":"{\"status\":\"open\"}"}` {
		t.Errorf("RawArgs should be what the model wrote, got %s", call.RawArgs)
	}
}

// TestWithDialectGeminiThroughEino checks that Gemini's OpenAPI keyword
// nullable survives Eino's ToolInfo.
func TestWithDialectGeminiThroughEino(t *testing.T) {
	c, _ := echoServer(t)
	op := *searchTickets
	op.Schema = `{"type":"object","properties":{"q":{"type":["string","null"],"enum":["a","b",null]}}}`
	tl, err := NewTool(c, &op, WithDialect(dialect.Gemini))
	if err != nil {
		t.Fatal(err)
	}
	info, _ := tl.Info(context.Background())
	js, err := info.ParamsOneOf.ToJSONSchema()
	if err != nil {
		t.Fatal(err)
	}
	shown, _ := json.Marshal(js)
	if vs, _ := dialect.Check(shown, dialect.Gemini); len(vs) > 0 || !strings.Contains(string(shown), `"nullable":true`) {
		t.Errorf("violations %v in %s", vs, shown)
	}
}

// TestWithDialectRefused checks that a tool a dialect refuses is an
// error, so that it is never sent to the provider.
func TestWithDialectRefused(t *testing.T) {
	c, _ := echoServer(t)
	op := *searchTickets
	op.Schema = `{"type":"string"}`
	if _, err := NewTool(c, &op, WithDialect(dialect.Gemini)); err == nil || !strings.Contains(err.Error(), "refuses") {
		t.Errorf("err = %v, want a refusal", err)
	}
}
