package overlay

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// TestStripDocsRemovesProseAndKeepsFields strips the example API's spec
// through the overlay machinery: no description, summary or example of
// an operation, parameter or schema is left, while a field that is
// called description and the responses' required descriptions stay.
func TestStripDocsRemovesProseAndKeepsFields(t *testing.T) {
	spec := filepath.Join("..", "..", "specs", "exampleapi", "openapi.yaml")
	data, err := os.ReadFile(spec)
	if err != nil {
		t.Fatal(err)
	}
	o, err := StripDocs(data)
	if err != nil {
		t.Fatal(err)
	}
	if len(o.Actions) < 50 {
		t.Fatalf("%d remove actions; the example API documents far more", len(o.Actions))
	}
	path := filepath.Join(t.TempDir(), "strip.overlay.yaml")
	if err := Write(path, o); err != nil {
		t.Fatal(err)
	}
	out, err := Apply(spec, data, []string{path})
	if err != nil {
		t.Fatalf("the stripping overlay does not apply: %v", err)
	}
	var doc map[string]any
	if err := yaml.Unmarshal(out, &doc); err != nil {
		t.Fatal(err)
	}
	paths := doc["paths"].(map[string]any)
	for p, item := range paths {
		for m, op := range item.(map[string]any) {
			o, ok := op.(map[string]any)
			if !ok {
				continue
			}
			for _, k := range []string{"summary", "description"} {
				if _, has := o[k]; has {
					t.Errorf("%s %s keeps its %s", m, p, k)
				}
			}
		}
	}
	text := string(out)
	if strings.Contains(text, "example:") || strings.Contains(text, "examples:") {
		t.Error("an example is left")
	}
	if !strings.Contains(text, "description:") {
		t.Error("no description is left at all: responses need theirs, and a field may be called description")
	}
}
