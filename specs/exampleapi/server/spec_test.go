package server

import (
	"bytes"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/pb33f/libopenapi"
	"github.com/pb33f/libopenapi/datamodel"
)

// TestEmbeddedSpecMatchesCanonical keeps the embedded copy identical to
// specs/exampleapi/openapi.yaml (go generate copies it).
func TestEmbeddedSpecMatchesCanonical(t *testing.T) {
	canonical, err := os.ReadFile(filepath.Join("..", "openapi.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if len(canonical) == 0 {
		t.Fatal("../openapi.yaml is empty")
	}
	if !bytes.Equal(canonical, Spec()) {
		t.Fatal("server/openapi.yaml differs from ../openapi.yaml; run `go generate ./specs/exampleapi/server`")
	}
}

// TestSpecIsValidOAS31 parses the spec with libopenapi as a 3.1 document.
func TestSpecIsValidOAS31(t *testing.T) {
	doc, err := libopenapi.NewDocument(Spec())
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	info := doc.GetSpecInfo()
	if info.SpecFormat != datamodel.OAS31 || info.Version != "3.1.0" {
		t.Fatalf("the spec is %s %s, want OpenAPI 3.1.0", info.SpecFormat, info.Version)
	}
	m, err := doc.BuildV3Model()
	if err != nil {
		t.Fatalf("build the 3.1 model: %v", err)
	}
	if got := m.Model.Info.Version; got != Version {
		t.Errorf("info.version is %q, the server's Version is %q", got, Version)
	}
	if m.Index != nil {
		if refs := m.Index.GetCircularReferences(); len(refs) > 0 {
			t.Errorf("the spec has %d circular references", len(refs))
		}
	}
	ids := map[string]bool{}
	n := 0
	for path, item := range m.Model.Paths.PathItems.FromOldest() {
		for method, op := range item.GetOperations().FromOldest() {
			n++
			where := strings.ToUpper(method) + " " + path
			switch {
			case op.OperationId == "":
				t.Errorf("%s has no operationId", where)
			case ids[op.OperationId]:
				t.Errorf("%s: operationId %s is used twice", where, op.OperationId)
			}
			ids[op.OperationId] = true
			if op.Summary == "" || op.Description == "" {
				t.Errorf("%s: summary and description are required", where)
			}
			if len(op.Tags) == 0 {
				t.Errorf("%s has no tag", where)
			}
			if op.Responses == nil || op.Responses.Codes.Len() == 0 {
				t.Errorf("%s has no responses", where)
			}
		}
	}
	if n < 25 || n > 40 {
		t.Errorf("the spec has %d operations, want 25 to 40", n)
	}
	if got := len(theSpec(t).ops); got != n {
		t.Errorf("the test's spec index sees %d operations, libopenapi %d", got, n)
	}
}

// specPath turns a spec path into the server's pattern syntax (the same).
func routeKey(method, path string) string { return method + " " + path }

// TestEveryRouteIsInSpec compares the server's routes with the spec's
// operations: the same methods, paths and operationIds, and the access
// level of each route agrees with the spec's security and 403 response.
func TestEveryRouteIsInSpec(t *testing.T) {
	sp := theSpec(t)
	srv, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	inSpec := map[string]*specOp{}
	for _, o := range sp.ops {
		inSpec[routeKey(o.method, o.path)] = o
	}
	served := map[string]bool{}
	for _, rt := range srv.routes() {
		key := routeKey(rt.method, rt.pattern)
		served[key] = true
		o, ok := inSpec[key]
		if !ok {
			t.Errorf("the server serves %s (%s), which the spec lacks", key, rt.operationID)
			continue
		}
		if o.id != rt.operationID {
			t.Errorf("%s: the spec's operationId is %s, the server's %s", key, o.id, rt.operationID)
		}
		security, hasSecurity := sp.at(o.ptr + "/security").([]any)
		public := hasSecurity && len(security) == 0
		if public != (rt.access == accessPublic) {
			t.Errorf("%s: the spec says public=%v, the server requires %s access", o.id, public, rt.access)
		}
		if !public && sp.response(o, 401) == "" {
			t.Errorf("%s needs credentials but documents no 401", o.id)
		}
		if has403 := sp.response(o, 403) != ""; has403 != (rt.access > AccessRead) {
			t.Errorf("%s: documents 403: %v, but needs %s access", o.id, has403, rt.access)
		}
	}
	for key, o := range inSpec {
		if !served[key] {
			t.Errorf("the spec has %s (%s), which the server does not serve", key, o.id)
		}
	}
}

// realPath fills the path variables of o with ids of the fixtures.
func realPath(o *specOp, f fixtures) string {
	r := strings.NewReplacer(
		"{userId}", str(f.requester, "id"),
		"{teamId}", str(f.team, "id"),
		"{ticketId}", str(f.openTicket, "id"),
		"{assetId}", str(f.ownedAsset, "id"),
	)
	return r.Replace(o.path)
}

// TestEverySpecOperationIsServed calls every operation of the spec with
// real ids and no body: whatever the handler answers, the router must
// route it (no unknown_route 404, no 405).
func TestEverySpecOperationIsServed(t *testing.T) {
	run := start(t, Options{FailEvery: -1})
	c := newClient(t, run.URL)
	f := loadFixtures(t, c)
	ops := append([]*specOp(nil), c.spec.ops...)
	sort.SliceStable(ops, func(i, j int) bool { return ops[i].method != "DELETE" && ops[j].method == "DELETE" })
	for _, o := range ops {
		path := realPath(o, f)
		if strings.Contains(path, "{") {
			t.Errorf("%s: no fixture for a variable of %s", o.id, o.path)
			continue
		}
		r := c.call(o.method, path, nil)
		code, _, _ := r.errorOf()
		if r.status == 404 || r.status == 405 || code == codeUnknownRoute || code == codeMethodNotAllowed {
			t.Errorf("%s %s (%s) is not served: %d %s", o.method, path, o.id, r.status, r.body)
		}
	}
}

// TestSpecExamplesValidate checks that the examples in the spec are valid:
// the examples of schemas, of parameters and of responses.
func TestSpecExamplesValidate(t *testing.T) {
	sp := theSpec(t)
	n := 0
	var walk func(ptr string, v any)
	walk = func(ptr string, v any) {
		switch v := v.(type) {
		case map[string]any:
			for k, x := range v {
				walk(ptr+"/"+escapeToken(k), x)
			}
			if _, isSchema := v["type"]; isSchema || v["allOf"] != nil || v["anyOf"] != nil || v["$ref"] != nil {
				if ex, ok := v["examples"].([]any); ok && !strings.Contains(ptr, "/properties/examples") {
					for i, e := range ex {
						n++
						if err := sp.validate(ptr, e); err != nil {
							t.Errorf("%s/examples/%d: %v", ptr, i, err)
						}
					}
				}
			}
			if ex, ok := v["example"]; ok {
				target := ""
				switch {
				case v["schema"] != nil && v["in"] != nil: // a parameter
					target = ptr + "/schema"
				case v["schema"] != nil: // a media type
					target = ptr + "/schema"
				}
				if target != "" {
					n++
					val := ex
					if v["in"] != nil {
						if s, ok := ex.(string); ok {
							typ := sp.schemaType(target)
							var err error
							if val, err = queryValue(typ, s); err != nil {
								t.Errorf("%s/example: %v", ptr, err)
								return
							}
						}
					}
					if err := sp.validate(target, val); err != nil {
						t.Errorf("%s/example: %v", ptr, err)
					}
				}
			}
		case []any:
			for i, x := range v {
				walk(ptr+"/"+strconv.Itoa(i), x)
			}
		}
	}
	walk("", sp.doc)
	if n < 40 {
		t.Errorf("only %d examples were checked", n)
	}
}

// difficulties are the deliberate difficulties of the API, each of which
// some operation must carry in x-agentready-purpose.
var difficulties = []string{
	"runtime-ids", "renamed-fields", "overlapping-operations", "pagination-styles", "conditional-header",
	"large-response", "empty-result", "intermittent-failure", "access-levels",
}

// TestDifficultiesAreDocumented checks the x-agentready-purpose
// extensions: known difficulties with a note, and every difficulty
// carried by at least one operation.
func TestDifficultiesAreDocumented(t *testing.T) {
	sp := theSpec(t)
	seen := map[string][]string{}
	for _, o := range sp.ops {
		v, ok := sp.at(o.ptr + "/x-agentready-purpose").([]any)
		if !ok {
			continue
		}
		for _, x := range v {
			m, _ := x.(map[string]any)
			d, note := str(m, "difficulty"), str(m, "note")
			if !contains(difficulties, d) {
				t.Errorf("%s: unknown difficulty %q", o.id, d)
			}
			if len(note) < 20 {
				t.Errorf("%s: difficulty %s has no useful note", o.id, d)
			}
			seen[d] = append(seen[d], o.id)
		}
	}
	for _, d := range difficulties {
		if len(seen[d]) == 0 {
			t.Errorf("no operation carries difficulty %s", d)
		}
		sort.Strings(seen[d])
		t.Logf("%-22s %s", d, strings.Join(seen[d], ", "))
	}
}
