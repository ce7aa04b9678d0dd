package cli

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

// hostileSpec writes a small spec whose numbers ask for the impossible:
// arrays of 900000000 items, strings of 900000000 characters, objects of
// 900000000 properties, ranges at 1e300 on a 1e-300 grid, arrays of 50
// nested five deep, a schema nested 60 deep (the loader refuses more than 64); beside one ordinary tool.
func hostileSpec(t *testing.T) string {
	t.Helper()
	deep := "{type: string}"
	for i := 0; i < 60; i++ {
		deep = fmt.Sprintf("{type: object, required: [n%d], properties: {n%d: %s}}", i, i, deep)
	}
	nested := "{type: string, minLength: 30}"
	for i := 0; i < 5; i++ {
		nested = fmt.Sprintf("{type: array, minItems: 50, items: %s}", nested)
	}
	spec := `openapi: 3.0.3
info: {title: Hostile, version: "1"}
servers: [{url: "http://127.0.0.1:9"}]
paths:
  /things:
    get:
      operationId: listThings
      parameters:
        - {name: tags, in: query, schema: {type: array, minItems: 900000000, items: {type: string}}}
        - {name: q, in: query, schema: {type: string, minLength: 900000000}}
        - {name: big, in: query, schema: {type: number, minimum: 1e300, multipleOf: 1e-300}}
        - {name: limit, in: query, schema: {type: integer, minimum: 1, maximum: 50}}
      responses: {"200": {description: ok, content: {application/json: {schema: {type: array, items: {$ref: "#/components/schemas/Thing"}}}}}}
    post:
      operationId: createThing
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [items]
              properties:
                items: {type: array, minItems: 900000000, items: {type: string, minLength: 900000000}}
      responses: {"201": {description: ok}}
  /things/{id}:
    put:
      operationId: putThing
      parameters: [{name: id, in: path, required: true, schema: {type: string, minLength: 900000000}}]
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [labels, nested, deep]
              maxProperties: 900000000
              properties:
                labels: {type: object, minProperties: 900000000, additionalProperties: {type: string}}
                nested: ` + nested + `
                deep: ` + deep + `
      responses: {"200": {description: ok}}
  /ok:
    get:
      operationId: getOk
      parameters: [{name: name, in: query, required: true, schema: {type: string}}]
      responses: {"200": {description: ok}}
components:
  schemas:
    Thing:
      type: object
      properties:
        id: {type: string}
        tags: {type: array, minItems: 900000000, items: {type: string}}
`
	path := filepath.Join(t.TempDir(), "hostile.yaml")
	if err := os.WriteFile(path, []byte(spec), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestNumbersInTheSpecDoNotCostMemory: no command's time or memory grows
// with a number the spec writes. Each must finish in 10 s having
// allocated under 1 GB in all (TotalAlloc, which bounds the peak).
func TestNumbersInTheSpecDoNotCostMemory(t *testing.T) {
	spec := hostileSpec(t)
	dir := t.TempDir()
	// The API test runs its cases against: every call succeeds.
	api := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		if r.Method == http.MethodGet && r.URL.Path == "/things" {
			_, _ = w.Write([]byte(`[{"id":"t1","tags":["a"]}]`))
			return
		}
		_, _ = w.Write([]byte(`{"id":"t1"}`))
	}))
	defer api.Close()
	for _, tc := range []struct {
		name string
		args []string
		want string // in stdout
	}{
		{"gen", []string{"gen", "--spec", spec, "--out", filepath.Join(dir, "hostile")}, "wrote package hostile"},
		{"tools", []string{"tools", "--spec", spec}, "createThing"},
		{"graph infer", []string{"graph", "infer", "--spec", spec, "-o", filepath.Join(dir, "graph.yaml")}, "wrote"},
		{"cases", []string{"cases", "--offline", "--spec", spec, "-o", filepath.Join(dir, "cases.jsonl")}, "wrote"},
		{"test", []string{"test", "--spec", spec, "--cases", filepath.Join(dir, "cases.jsonl"), "--base-url", api.URL,
			"--allow-mutations", "--out", filepath.Join(dir, "run")}, "no error"},
	} {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		start := time.Now()
		code, stdout, stderr := run(t, tc.args...)
		took := time.Since(start)
		runtime.ReadMemStats(&after)
		alloc := after.TotalAlloc - before.TotalAlloc
		t.Logf("%s: %v, %d MB allocated in all", tc.name, took.Round(time.Millisecond), alloc>>20)
		if code != exitOK || !strings.Contains(stdout, tc.want) {
			t.Errorf("%s: code %d\nstdout %s\nstderr %s", tc.name, code, stdout, stderr)
		}
		if alloc > 1<<30 || took > 10*time.Second {
			t.Errorf("%s: %v and %d MB: want under 10 s and 1 GB", tc.name, took, alloc>>20)
		}
		if tc.name == "gen" {
			for _, want := range []string{"createThing: argument items: minItems 900000000", "it has no example",
				"listThings: argument tags: minItems 900000000", "its example leaves the argument out"} {
				if !strings.Contains(stderr+stdout, want) {
					t.Errorf("gen does not report %q:\n%s%s", want, stdout, stderr)
				}
			}
		}
		if tc.name == "cases" {
			for _, want := range []string{"createThing: no cases: argument items: minItems 900000000",
				"putThing: no cases: argument id: minLength 900000000", "listThings: argument tags is left out"} {
				if !strings.Contains(stderr, want) {
					t.Errorf("cases does not report %q:\n%s", want, stderr)
				}
			}
			data, _ := os.ReadFile(filepath.Join(dir, "cases.jsonl"))
			if !strings.Contains(string(data), `"tool":"getOk"`) || !strings.Contains(string(data), `"tool":"listThings"`) {
				t.Errorf("the tools that can be met have no cases:\n%.2000s", data)
			}
		}
	}
}
