package load_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentready/agentready/gen/diag"
	"github.com/agentready/agentready/gen/load"
)

func write(t *testing.T, dir, name, content string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestBadDocuments checks that every way a document can be unloadable
// gives an error naming the file, the place when known, and the cause.
func TestBadDocuments(t *testing.T) {
	for _, tc := range []struct {
		name, file, content string
		want                []string
	}{
		{"empty", "empty.yaml", "  \n", []string{"empty.yaml: the file is empty"}},
		{"truncated JSON", "trunc.json", `{"openapi":"3.0.0","info":{"title":"x","version":"1"},"paths":{"/a":{"get":{`,
			[]string{"trunc.json:1:76: syntax error: unexpected end of JSON input", "the file looks like JSON"}},
		{"JSON missing comma", "comma.json", "{\n  \"openapi\": \"3.0.0\",\n  \"info\": {\"title\": \"x\", \"version\": \"1\"}\n  \"paths\": {}\n}\n",
			[]string{"comma.json:4:3: syntax error: invalid character '\"' after object key:value pair"}},
		{"JSON trailing comma", "trail.json", "{\n  \"openapi\": \"3.0.0\",\n  \"info\": {\"title\": \"é\", \"version\": \"1\",},\n  \"paths\": {}\n}\n",
			[]string{"trail.json:3:41: syntax error: invalid character '}' looking for beginning of object key string", "extra comma"}},
		{"bad YAML", "bad.yaml", "openapi: 3.0.0\ninfo:\n  title: x\n   version: 1\npaths: {}\n",
			[]string{"bad.yaml:4:11: syntax error: mapping values are not allowed in this context"}},
		{"not OpenAPI", "nover.yaml", "info:\n  title: x\npaths: {}\n",
			[]string{"nover.yaml: not an OpenAPI document", `swagger: "2.0"`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := write(t, t.TempDir(), tc.file, tc.content)
			_, err := load.File(p)
			if err == nil {
				t.Fatal("loaded a bad document")
			}
			var d diag.Diagnostic
			if !errors.As(err, &d) {
				t.Errorf("error %T is not a diagnostic", err)
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not contain %q", err, w)
				}
			}
		})
	}
	_, err := load.File(filepath.Join(t.TempDir(), "missing.yaml"))
	if err == nil || !strings.Contains(err.Error(), "missing.yaml: cannot read spec: no such file or directory") {
		t.Errorf("missing file: %v", err)
	}
}

// TestUnresolvedRefsAreWarnings: a $ref to a missing component or file
// does not lose the document; the loader reports where it is.
func TestUnresolvedRefsAreWarnings(t *testing.T) {
	dir := t.TempDir()
	p := write(t, dir, "spec.yaml", refSpec("other.yaml#/Pet"))
	doc, err := load.File(p)
	if err != nil {
		t.Fatal(err)
	}
	var text []string
	for _, w := range doc.Warnings {
		text = append(text, w.Error())
	}
	all := strings.Join(text, "\n")
	for _, want := range []string{"spec.yaml:12:", "other.yaml#/Pet", "no such file or directory"} {
		if !strings.Contains(all, want) {
			t.Errorf("warnings do not mention %q:\n%s", want, all)
		}
	}
}

// TestReferencePositions checks the line and column of a $ref that
// names a component the document lacks and of one that names a file that
// does not exist: the place of the $ref, from the node of libopenapi's
// index.IndexingError.
func TestReferencePositions(t *testing.T) {
	for _, tc := range []struct{ ref, want string }{
		{"#/components/schemas/Nope", "component `#/components/schemas/Nope` does not exist in the specification"},
		{"other.yaml#/Pet", "component `#/Pet` does not exist in the specification"},
	} {
		t.Run(tc.ref, func(t *testing.T) {
			doc, err := load.File(write(t, t.TempDir(), "spec.yaml", refSpec(tc.ref)))
			if err != nil {
				t.Fatal(err)
			}
			defer doc.Close()
			for _, w := range doc.Warnings {
				if w.Message == tc.want {
					if w.Origin.Line != 12 || w.Origin.Column != 17 {
						t.Errorf("%q at %d:%d, want 12:17 (the $ref)", w.Message, w.Origin.Line, w.Origin.Column)
					}
					return
				}
			}
			t.Errorf("no warning %q in %v", tc.want, doc.Warnings)
		})
	}
}

// refSpec is a document whose one response's schema is a $ref to ref,
// on line 12, column 17.
func refSpec(ref string) string {
	return fmt.Sprintf(`openapi: 3.0.0
info: {title: x, version: "1"}
paths:
  /a:
    get:
      responses:
        "200":
          description: ok
          content:
            application/json:
              schema:
                $ref: %q
`, ref)
}

func TestVersionsAndFormats(t *testing.T) {
	dir := t.TempDir()
	for name, content := range map[string]string{
		"v2.json":  `{"swagger":"2.0","info":{"title":"x","version":"1"},"paths":{}}`,
		"v30.yaml": "openapi: 3.0.3\ninfo: {title: x, version: '1'}\npaths: {}\n",
		"v31.yaml": "openapi: 3.1.0\ninfo: {title: x, version: '1'}\npaths: {}\n",
	} {
		doc, err := load.File(write(t, dir, name, content))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if (doc.V2 != nil) != strings.HasPrefix(name, "v2") || (doc.V3 != nil) == strings.HasPrefix(name, "v2") {
			t.Errorf("%s: version %s, V2 %v, V3 %v", name, doc.Version, doc.V2 != nil, doc.V3 != nil)
		}
	}
}

func TestSnippet(t *testing.T) {
	src := []byte("a: 1\nb: 2\nc: oops\nd: 4\n")
	got := load.Snippet(src, 3, 4)
	want := "     1 | a: 1\n     2 | b: 2\n     3 | c: oops\n       |    ^\n"
	if got != want {
		t.Errorf("Snippet =\n%s\nwant\n%s", got, want)
	}
	long := []byte(strings.Repeat("x", 1000) + "ERROR" + strings.Repeat("y", 1000))
	if s := load.Snippet(long, 1, 1001); !strings.Contains(s, "ERROR") || len(s) > 300 {
		t.Errorf("long line not windowed around the column: %q", s)
	}
	if load.Snippet(src, 0, 0) != "" || load.Snippet(src, 99, 1) != "" {
		t.Error("out-of-range lines should give no snippet")
	}
}

// TestFileWithOverlays checks that a JSON spec with characters outside the
// Basic Multilingual Plane and a $ref to a sibling file still loads after
// an overlay rewrote it, with the overlay's change in the model.
func TestFileWithOverlays(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "pet.json", `{"type": "object", "properties": {"name": {"type": "string"}}}`)
	spec := write(t, dir, "api.json", `{"openapi": "3.0.3", "info": {"title": "Pets 🐶", "version": "1"},
 "paths": {"/pets": {"get": {"operationId": "listPets", "summary": "List pets 🐾",
  "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"$ref": "pet.json"}}}}}}}}}`)
	ov := write(t, dir, "fix.yaml", "overlay: 1.0.0\ninfo: {title: fix, version: '1'}\nactions:\n  - target: $.paths['/pets'].get\n    update: {description: Every pet in the shop.}\n")
	doc, err := load.File(spec, ov)
	if err != nil {
		t.Fatal(err)
	}
	defer doc.Close()
	op := doc.V3.Paths.PathItems.GetOrZero("/pets").Get
	if op.Description != "Every pet in the shop." || op.Summary != "List pets 🐾" {
		t.Errorf("description %q, summary %q", op.Description, op.Summary)
	}
	schema := op.Responses.Codes.GetOrZero("200").Content.GetOrZero("application/json").Schema.Schema()
	if schema == nil || schema.Properties.GetOrZero("name") == nil {
		t.Error("the $ref to pet.json did not resolve after the overlay")
	}
}
