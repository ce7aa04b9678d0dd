package overlay

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

const specJSON = `{
  "openapi": "3.0.3",
  "info": {"title": "Pets", "version": "1"},
  "paths": {
    "/pets/{id}": {
      "get": {
        "operationId": "getPet",
        "summary": "Get a pet",
        "parameters": [
          {"name": "id", "in": "path", "required": true, "schema": {"type": "string"}},
          {"name": "verbose", "in": "query", "description": "yes", "schema": {"type": "string"}}
        ],
        "responses": {"200": {"description": "the pet"}}
      },
      "delete": {
        "operationId": "deletePet",
        "responses": {"204": {"description": "gone"}}
      }
    }
  }
}`

func write(t *testing.T, name, text string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// lookup decodes out and walks keys from its root.
func lookup(t *testing.T, out []byte, keys ...string) any {
	t.Helper()
	var v any
	if err := yaml.Unmarshal(out, &v); err != nil {
		t.Fatalf("the result is not YAML: %v\n%s", err, out)
	}
	for _, k := range keys {
		m, ok := v.(map[string]any)
		if !ok {
			return nil
		}
		v = m[k]
	}
	return v
}

func TestApplyUpdatesRemovesAndKeepsTheRest(t *testing.T) {
	ov := write(t, "fix.overlay.yaml", `overlay: 1.0.0
info: {title: fixes, version: "1"}
actions:
  - target: $.paths['/pets/{id}'].get
    update:
      description: Returns one pet by its id, as listPets gives it.
  - target: $.paths['/pets/{id}'].delete
    remove: true
  - target: $.paths['/pets/{id}'].get.parameters[?(@.name == 'id')]
    update:
      example: "pet-17"
`)
	out, err := Apply("spec.json", []byte(specJSON), []string{ov})
	if err != nil {
		t.Fatal(err)
	}
	get := []string{"paths", "/pets/{id}", "get"}
	if got := lookup(t, out, append(get, "description")...); got != "Returns one pet by its id, as listPets gives it." {
		t.Errorf("description = %v", got)
	}
	if got := lookup(t, out, append(get, "summary")...); got != "Get a pet" {
		t.Errorf("summary changed: %v", got)
	}
	if got := lookup(t, out, "paths", "/pets/{id}", "delete"); got != nil {
		t.Errorf("delete not removed: %v", got)
	}
	params := lookup(t, out, append(get, "parameters")...).([]any)
	if ex := params[0].(map[string]any)["example"]; ex != "pet-17" {
		t.Errorf("id example = %v", ex)
	}
	if _, ok := params[1].(map[string]any)["example"]; ok {
		t.Errorf("the filter also matched verbose: %v", params[1])
	}
	// A quoted "yes" in JSON stays a string, not YAML 1.1's true.
	if d := params[1].(map[string]any)["description"]; d != "yes" {
		t.Errorf("verbose description = %#v", d)
	}
}

func TestActionsApplyInOrderAcrossFiles(t *testing.T) {
	first := write(t, "a.yaml", `overlay: 1.0.0
info: {title: a, version: "1"}
actions:
  - target: $.paths['/pets/{id}'].get
    update:
      x-hint: {source: listPets}
`)
	second := write(t, "b.yaml", `overlay: 1.0.0
info: {title: b, version: "1"}
actions:
  - target: $.paths['/pets/{id}'].get['x-hint']
    update: {field: id}
`)
	out, err := Apply("spec.json", []byte(specJSON), []string{first, second})
	if err != nil {
		t.Fatal(err)
	}
	hint := lookup(t, out, "paths", "/pets/{id}", "get", "x-hint").(map[string]any)
	if hint["source"] != "listPets" || hint["field"] != "id" {
		t.Errorf("x-hint = %v", hint)
	}
}

func TestTargetThatMatchesNothingNamesTheAction(t *testing.T) {
	ov := write(t, "stale.yaml", `overlay: 1.0.0
info: {title: stale, version: "1"}
actions:
  - target: $.paths['/pets/{id}'].get
    update: {description: fine}
  - target: $.paths['/users'].get
    update: {description: the path was renamed}
`)
	_, err := Apply("spec.json", []byte(specJSON), []string{ov})
	if err == nil {
		t.Fatal("no error for a target that matches nothing")
	}
	msg := err.Error()
	for _, want := range []string{ov + ":6:5", "action 2", `$.paths['/users'].get`, "matches nothing in spec.json"} {
		if !strings.Contains(msg, want) {
			t.Errorf("error %q does not contain %q", msg, want)
		}
	}
	if strings.Contains(msg, "action 1") {
		t.Errorf("the matching action is reported too: %s", msg)
	}
}

func TestBadOverlaysAreRefusedWithTheFile(t *testing.T) {
	for name, text := range map[string]string{
		"no info":       "overlay: 1.0.0\nactions:\n  - target: $.info\n    update: {title: x}\n",
		"no actions":    "overlay: 1.0.0\ninfo: {title: a, version: '1'}\nactions: []\n",
		"wrong version": "overlay: 9.9.9\ninfo: {title: a, version: '1'}\nactions:\n  - target: $.info\n    update: {title: x}\n",
		"not yaml":      "overlay: [\n",
		"bad jsonpath":  "overlay: 1.1.0\ninfo: {title: a, version: '1'}\nactions:\n  - target: $.paths[\n    update: {title: x}\n",
	} {
		t.Run(name, func(t *testing.T) {
			ov := write(t, "o.yaml", text)
			_, err := Apply("spec.json", []byte(specJSON), []string{ov})
			if err == nil {
				t.Fatal("accepted")
			}
			if !strings.Contains(err.Error(), ov) {
				t.Errorf("error does not name the overlay: %v", err)
			}
		})
	}
	if _, err := Apply("spec.json", []byte(specJSON), []string{filepath.Join(t.TempDir(), "missing.yaml")}); err == nil || !strings.Contains(err.Error(), "missing.yaml") {
		t.Errorf("missing overlay: %v", err)
	}
	if _, err := Apply("spec.json", []byte("[1, 2]"), nil); err == nil || !strings.Contains(err.Error(), "spec.json") {
		t.Errorf("a spec that is not an object: %v", err)
	}
}
