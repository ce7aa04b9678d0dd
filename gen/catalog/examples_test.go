package catalog_test

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"runtime"
	"strconv"
	"testing"

	"github.com/agentready/agentready/gen"
	"github.com/agentready/agentready/gen/catalog"
	"github.com/agentready/agentready/internal/jsonptr"
	"github.com/agentready/agentready/internal/jsonw"
)

// examplesIn reads a check schema back and collects the "example" of
// every schema node by its JSON pointer, as toolrt.Operation.Examples
// holds them: the oracle for the pointers CheckSchema records while it
// writes ("" when no node has one).
func examplesIn(check []byte) (string, error) {
	dec := json.NewDecoder(bytes.NewReader(check))
	dec.UseNumber()
	var doc map[string]any
	if err := dec.Decode(&doc); err != nil {
		return "", err
	}
	out := map[string]any{}
	var walk func(s map[string]any, ptr string)
	walk = func(s map[string]any, ptr string) {
		if v, ok := s["example"]; ok {
			out[ptr] = v
		}
		for _, key := range []string{"properties", "$defs"} {
			m, _ := s[key].(map[string]any)
			for name, sub := range m {
				if sm, ok := sub.(map[string]any); ok {
					walk(sm, ptr+"/"+key+"/"+jsonptr.Escape(name))
				}
			}
		}
		for _, key := range []string{"items", "additionalProperties"} {
			if sm, ok := s[key].(map[string]any); ok {
				walk(sm, ptr+"/"+key)
			}
		}
		list, _ := s["anyOf"].([]any)
		for i, sub := range list {
			if sm, ok := sub.(map[string]any); ok {
				walk(sm, ptr+"/anyOf/"+strconv.Itoa(i))
			}
		}
	}
	walk(doc, "")
	if len(out) == 0 {
		return "", nil
	}
	return string(jsonw.Append(nil, out)), nil
}

// TestCheckSchemaExamplesAreWhereWritten checks, on every operation of
// the repository's specs, that the examples CheckSchema records as it
// writes are exactly those a reader of its schema finds, at the same
// pointers: examples inside properties, items, additionalProperties,
// anyOf variants and $defs included.
func TestCheckSchemaExamplesAreWhereWritten(t *testing.T) {
	_, file, _, _ := runtime.Caller(0)
	root := filepath.Join(filepath.Dir(file), "..", "..")
	specs := []string{"specs/exampleapi/openapi.yaml", "specs/golden/tickets30.json", "specs/golden/petstore20.yaml",
		"specs/golden/inventory31.yaml", "gen/testdata/specs/hostile30.yaml", "gen/testdata/specs/enumformat30.yaml"}
	seen := 0
	for _, spec := range specs {
		api, _, err := gen.Load(gen.Options{Spec: filepath.Join(root, spec)})
		if err != nil {
			t.Fatalf("%s: %v", spec, err)
		}
		for _, op := range api.Operations {
			check, examples, err := catalog.CheckSchema(api, op, nil)
			if err != nil {
				t.Fatalf("%s %s: %v", spec, op.Name, err)
			}
			want, err := examplesIn(check)
			if err != nil {
				t.Fatalf("%s %s: %v", spec, op.Name, err)
			}
			if string(examples) != want {
				t.Errorf("%s %s: recorded examples\n%s\nthe schema has\n%s", spec, op.Name, examples, want)
			}
			if want != "" {
				seen++
			}
		}
	}
	if seen == 0 {
		t.Fatal("no operation had an example: the test compares nothing")
	}
}
