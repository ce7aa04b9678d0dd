package lower_test

import (
	"runtime"
	"testing"
	"weak"

	"github.com/agentready/agentready/gen/load"
	"github.com/agentready/agentready/gen/lower"
)

// TestIRKeepsNoModel lowers a spec that has every kind of value the IR
// copies out of libopenapi's model (numeric bounds, flags, examples,
// defaults, enums, parameter styles, a form body's per-property encoding)
// and checks that, once the document is closed, the IR alone does not
// keep the parser's index or YAML tree alive: a pointer into libopenapi's
// model (its *bool and *int64 fields point into the low-level one) would
// keep the whole parse, several times the IR's size, for as long as the
// IR lives, and every collection while code is emitted would mark it.
func TestIRKeepsNoModel(t *testing.T) {
	spec := `openapi: 3.0.3
info: {title: Retain, version: '1'}
paths:
  /things/{id}:
    parameters:
      - {name: id, in: path, required: true, schema: {type: string, minLength: 1, maxLength: 40}}
    post:
      operationId: makeThing
      parameters:
        - {name: tags, in: query, style: form, explode: false, schema: {type: array, minItems: 1, maxItems: 5, items: {type: string, enum: [a, b]}}}
      requestBody:
        required: true
        content:
          application/x-www-form-urlencoded:
            schema:
              type: object
              minProperties: 1
              maxProperties: 9
              properties:
                count: {type: integer, minimum: 1, maximum: 100, multipleOf: 1, default: 5, example: 7}
                ratio: {type: number, exclusiveMinimum: true, minimum: 0, nullable: true, readOnly: false}
                meta: {type: object, additionalProperties: {type: string}}
            encoding:
              meta: {style: deepObject, explode: true}
            example: {count: 7}
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: {type: object, properties: {id: {type: string, example: x1}}}
`
	doc, err := load.Bytes("spec.yaml", []byte(spec))
	if err != nil {
		t.Fatal(err)
	}
	api, diags := lower.Lower(doc, lower.Options{})
	if len(api.Operations) != 1 || api.Operations[0].Body == nil || api.Operations[0].Body.Encoding["meta"].Explode == nil {
		t.Fatalf("lowered %d operations (warnings: %v); want makeThing with its body's encoding", len(api.Operations), diags)
	}
	index := weak.Make(doc.V3.Index)
	root := weak.Make(doc.V3.Index.GetRootNode())
	if index.Value() == nil || root.Value() == nil {
		t.Fatal("the document has no index or root node to watch")
	}
	doc.Close()
	doc = nil
	runtime.GC()
	runtime.GC()
	if index.Value() != nil || root.Value() != nil {
		t.Errorf("the IR keeps libopenapi's model alive (index kept: %v, YAML root kept: %v)", index.Value() != nil, root.Value() != nil)
	}
	runtime.KeepAlive(api)
}
