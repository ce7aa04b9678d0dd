package catalog_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/agentready/agentready/gen"
	"github.com/agentready/agentready/gen/catalog"
	"github.com/agentready/agentready/gen/describe"
	"github.com/agentready/agentready/gen/toolrt"
)

// deepSpec has a body whose optional field holds objects four levels deep.
const deepSpec = `openapi: 3.0.3
info: {title: Deep, version: "1"}
servers: [{url: "http://example.invalid"}]
paths:
  /things:
    post:
      operationId: createThing
      summary: Create a thing
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [name]
              properties:
                name: {type: string, description: Name of the thing shown in every list}
                spec: {$ref: "#/components/schemas/Spec"}
      responses: {"200": {description: ok}}
components:
  schemas:
    Spec:
      type: object
      description: Specification of the thing, all of it optional
      properties:
        template:
          type: object
          description: Template the thing is made from when it starts up
          properties:
            container:
              type: object
              description: Container that runs the thing in its own sandbox
              properties:
                image: {type: string, description: Image the container runs, a registry reference}
                port: {type: integer, minimum: 1, maximum: 65535, description: Port the container listens on}
`

// TestSummarizedFieldStillChecked fits a tool with a deep optional body
// field into a small budget, so that the model is shown that field as
// {"type":"object"}, and checks that arguments are still checked against
// the full schema: a deep field sent right is accepted, a wrong one is
// corrected.
func TestSummarizedFieldStillChecked(t *testing.T) {
	path := filepath.Join(t.TempDir(), "deep.yaml")
	if err := os.WriteFile(path, []byte(deepSpec), 0o644); err != nil {
		t.Fatal(err)
	}
	api, _, err := gen.Load(gen.Options{Spec: path})
	if err != nil {
		t.Fatal(err)
	}
	full, err := catalog.OperationWith(api, api.Operations[0], describe.Options{MaxToolTokens: -1})
	if err != nil {
		t.Fatal(err)
	}
	op, err := catalog.OperationWith(api, api.Operations[0], describe.Options{MaxToolTokens: 100})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(op.Schema, "65535") || !strings.Contains(op.Schema, "fields not shown") {
		t.Fatalf("the shown schema is not summarized: %s", op.Schema)
	}
	// Checking reads no text: the check schema is the full one without
	// its descriptions, with the examples of its messages, which are the
	// ones the uncut definition keeps beside it.
	noText := regexp.MustCompile(`,"description":"[^"]*"`).ReplaceAllString(full.Schema, "")
	noExamples := regexp.MustCompile(`,"example":("[^"]*"|[^,}]*)`).ReplaceAllString(op.CheckSchema, "")
	if noExamples != noText || !strings.Contains(op.CheckSchema, "65535") {
		t.Fatalf("CheckSchema is not the full schema without descriptions:\n%s\nwant\n%s", noExamples, noText)
	}
	if ex, err := examplesIn([]byte(op.CheckSchema)); err != nil || ex == "" || ex != full.Examples {
		t.Fatalf("CheckSchema's examples %s (%v) are not the uncut tool's %s", ex, err, full.Examples)
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"id":"1"}`))
	}))
	defer srv.Close()
	client, err := toolrt.NewClient(srv.URL, nil)
	if err != nil {
		t.Fatal(err)
	}
	tool, err := toolrt.NewTool(client, op, toolrt.AllowAllMutations())
	if err != nil {
		t.Fatal(err)
	}
	good := tool.Run(context.Background(), `{"name":"a","spec":{"template":{"container":{"image":"nginx","port":8080}}}}`)
	if good.ArgError != nil || good.Response == nil {
		t.Fatalf("a right deep field was refused: %s", good.Text)
	}
	bad := tool.Run(context.Background(), `{"name":"a","spec":{"template":{"container":{"image":"nginx","port":70000}}}}`)
	if bad.ArgError == nil || !strings.Contains(bad.Text, "port") {
		t.Fatalf("a wrong deep field was sent: %s", bad.Text)
	}
}
