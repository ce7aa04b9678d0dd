package lower_test

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/agentready/agentready/gen/diag"
	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/gen/load"
	"github.com/agentready/agentready/gen/lower"
	"github.com/agentready/agentready/gen/toolschema"
)

// lowerSpec writes files (name -> content; the first is "spec.yaml") to a
// temporary directory and lowers spec.yaml.
func lowerSpec(t *testing.T, files map[string]string, opts lower.Options) (*ir.API, diag.List) {
	t.Helper()
	dir := t.TempDir()
	for name, content := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	doc, err := load.File(filepath.Join(dir, "spec.yaml"))
	if err != nil {
		t.Fatalf("load: %v", err)
	}
	api, diags := lower.Lower(doc, opts)
	return api, append(doc.Warnings, diags...)
}

func lower31(t *testing.T, body string) (*ir.API, diag.List) {
	t.Helper()
	return lowerSpec(t, map[string]string{"spec.yaml": "openapi: 3.1.0\ninfo: {title: Test API, version: '1'}\n" + body}, lower.Options{})
}

func typeNamed(t *testing.T, api *ir.API, goName string) *ir.Type {
	t.Helper()
	for _, ty := range api.Types {
		if ty.GoName == goName {
			return ty
		}
	}
	var have []string
	for _, ty := range api.Types {
		have = append(have, ty.GoName)
	}
	t.Fatalf("no type %s; have %v", goName, have)
	return nil
}

func TestAllOfMerges(t *testing.T) {
	api, _ := lower31(t, `
paths:
  /dogs:
    get:
      operationId: listDogs
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: {$ref: '#/components/schemas/Dog'}
components:
  schemas:
    Pet:
      type: object
      required: [name]
      properties:
        name: {type: string}
        kind: {type: string, enum: [dog, cat]}
    Dog:
      description: A good dog.
      allOf:
        - $ref: '#/components/schemas/Pet'
        - type: object
          required: [kind]
          properties:
            bark: {type: boolean}
            breed: {type: string, enum: [husky, dingo]}
`)
	dog := typeNamed(t, api, "Dog")
	var props []string
	for _, p := range dog.Schema.Properties {
		props = append(props, p.Name)
	}
	if got := strings.Join(props, ","); got != "name,kind,bark,breed" {
		t.Errorf("Dog properties = %s, want name,kind,bark,breed", got)
	}
	if p := dog.Schema.Property("kind"); !p.Required {
		t.Error("kind: required in the second part, should be required in Dog")
	}
	if dog.Schema.Description != "A good dog." {
		t.Errorf("description = %q", dog.Schema.Description)
	}
	// The inline enum of the merged part is named after Dog, not after
	// the allOf part.
	breed := typeNamed(t, api, "DogBreed")
	if len(breed.EnumNames) != 2 || breed.EnumNames[0] != "DogBreedHusky" {
		t.Errorf("DogBreed enum names = %v", breed.EnumNames)
	}
	// Pet is used by Dog only through allOf; its merged copy makes it
	// unreachable, so it is not emitted. Its enum type is reused.
	for _, ty := range api.Types {
		if ty.GoName == "Pet" {
			t.Error("Pet is not reachable from any operation and should not be kept")
		}
	}
}

func TestUnionsAndNullable(t *testing.T) {
	api, _ := lower31(t, `
paths:
  /things:
    get:
      operationId: getThing
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: {$ref: '#/components/schemas/Thing'}
components:
  schemas:
    Thing:
      type: object
      properties:
        maybe_name: {type: [string, 'null']}
        nullable_ref:
          oneOf:
            - $ref: '#/components/schemas/Part'
            - type: 'null'
        either:
          anyOf:
            - type: string
              enum: [a, b]
            - type: string
        shape:
          oneOf:
            - $ref: '#/components/schemas/Part'
            - type: integer
          discriminator: {propertyName: kind}
        status: {type: string, enum: [on, off, null]}
    Part:
      type: object
      properties:
        id: {type: string}
`)
	thing := typeNamed(t, api, "Thing").Schema
	if s := thing.Property("maybe_name").Schema; s.Kind != ir.KindString || !s.Nullable {
		t.Errorf("maybe_name = %+v, want nullable string", s)
	}
	if s := thing.Property("nullable_ref").Schema; s.Ref != "#/components/schemas/Part" || !s.Nullable {
		t.Errorf("nullable_ref = %+v, want a nullable reference to Part", s)
	}
	// anyOf of two strings is a string, not a union to choose between.
	if s := thing.Property("either").Schema; s.Ref != "" || s.Kind != ir.KindString || len(s.Enum) != 0 {
		t.Errorf("either = %+v, want a plain string", s)
	}
	shape := api.Resolve(thing.Property("shape").Schema)
	if shape.Kind != ir.KindUnion || len(shape.Variants) != 2 || !shape.Exclusive || shape.Discriminator.Property != "kind" {
		t.Errorf("shape = %+v, want an exclusive union of 2 with discriminator kind", shape)
	}
	status := api.Resolve(thing.Property("status").Schema)
	if !thing.Property("status").Schema.Nullable && !status.Nullable {
		t.Error("an enum listing null should make the schema nullable")
	}
	if len(status.Enum) != 2 {
		t.Errorf("status enum = %v, want [on off] without null", status.Enum)
	}
}

func TestCircularSchemas(t *testing.T) {
	api, diags := lower31(t, `
paths:
  /nodes:
    get:
      operationId: getNode
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: {$ref: '#/components/schemas/Node'}
components:
  schemas:
    Node:
      type: object
      required: [next]
      properties:
        next: {$ref: '#/components/schemas/Node'}
        children:
          type: array
          items: {$ref: '#/components/schemas/Node'}
`)
	if len(diags) != 0 {
		t.Errorf("unexpected warnings: %v", diags)
	}
	node := typeNamed(t, api, "Node")
	if r := node.Schema.Property("next").Schema.Ref; r != node.ID {
		t.Errorf("next refers to %q, want %q", r, node.ID)
	}
}

func TestParametersAndPathFixes(t *testing.T) {
	api, diags := lower31(t, `
paths:
  /users/{userId}/items/{itemId}:
    parameters:
      - {name: userId, in: path, required: true, schema: {type: string}, description: path level}
      - {name: limit, in: query, schema: {type: integer}}
    get:
      operationId: getUserItem
      parameters:
        - {name: limit, in: query, schema: {type: integer, maximum: 10}, description: op level}
        - {name: ghost, in: path, required: true, schema: {type: string}}
        - {name: id, in: query, schema: {type: string}}
        - {name: id, in: header, schema: {type: string}}
        - {name: Accept, in: header, schema: {type: string}}
        - {name: 'tags[]', in: query, schema: {type: array, items: {type: string}}}
      responses:
        '200': {description: ok}
`)
	op := api.Operation("getUserItem")
	if op == nil {
		t.Fatal("operation missing")
	}
	var got []string
	for _, p := range op.Params {
		got = append(got, string(p.In)+":"+p.Name+"="+p.Arg+"/"+p.GoName)
	}
	want := "path:userId=userId/UserID path:itemId=itemId/ItemID query:limit=limit/Limit query:id=id/ID header:id=header_id/ID2 query:tags[]=tags/Tags"
	if strings.Join(got, " ") != want {
		t.Errorf("params:\n got %s\nwant %s", strings.Join(got, " "), want)
	}
	for _, p := range op.Params {
		if p.Name == "limit" && (p.Description != "op level" || p.Schema.Maximum == nil) {
			t.Error("the operation's limit should override the path item's")
		}
		if p.Name == "itemId" && (!p.Required || p.Schema.Kind != ir.KindString) {
			t.Error("the undeclared path variable itemId should become a required string")
		}
	}
	text := diagText(diags)
	for _, w := range []string{`path variable {itemId} has no parameter`, `path parameter "ghost" does not appear in the path`} {
		if !strings.Contains(text, w) {
			t.Errorf("missing warning %q in:\n%s", w, text)
		}
	}
}

func diagText(l diag.List) string {
	var b strings.Builder
	for _, d := range l {
		b.WriteString(d.Error() + "\n")
	}
	return b.String()
}

func TestSkippedOperationKeepsTheRest(t *testing.T) {
	api, diags := lower31(t, `
paths:
  /ok:
    get:
      operationId: fine
      responses: {'200': {description: ok}}
  /bad:
    get:
      operationId: broken
      parameters:
        - {name: q, in: querystring, schema: {type: string}}
      responses: {'200': {description: ok}}
`)
	if api.Operation("fine") == nil {
		t.Error("the good operation was lost")
	}
	if api.Operation("broken") != nil {
		t.Error("the unsupported operation was kept")
	}
	text := diagText(diags)
	if !strings.Contains(text, "operation broken (GET /bad): skipped:") || !strings.Contains(text, `"querystring"`) {
		t.Errorf("warning does not name the operation and the cause:\n%s", text)
	}
	if !regexp.MustCompile(`spec\.yaml:\d+:\d+ \(#/paths/~1bad/get\)`).MatchString(text) {
		t.Errorf("warning does not give file:line:col and pointer:\n%s", text)
	}
}

func TestDanglingRefSkipsOnlyItsOperations(t *testing.T) {
	api, diags := lower31(t, `
paths:
  /a:
    get:
      operationId: usesMissing
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: {$ref: '#/components/schemas/Missing'}
  /b:
    get:
      operationId: fine
      responses: {'200': {description: ok}}
components:
  schemas: {}
`)
	if api.Operation("fine") == nil || api.Operation("usesMissing") != nil {
		t.Errorf("operations = %v", opNames(api))
	}
	if !strings.Contains(diagText(diags), "#/components/schemas/Missing") {
		t.Errorf("warnings do not name the missing ref:\n%s", diagText(diags))
	}
}

func opNames(api *ir.API) []string {
	var out []string
	for _, op := range api.Operations {
		out = append(out, op.Name)
	}
	return out
}

func TestSecurity(t *testing.T) {
	api, _ := lower31(t, `
security: [{bearer: []}]
paths:
  /inherit:
    get: {operationId: inherit, responses: {'200': {description: ok}}}
  /public:
    get: {operationId: public, security: [], responses: {'200': {description: ok}}}
  /either:
    get:
      operationId: either
      security: [{key: []}, {bearer: [], key: []}]
      responses: {'200': {description: ok}}
components:
  securitySchemes:
    bearer: {type: http, scheme: bearer}
    key: {type: apiKey, in: query, name: api_key}
    unused: {type: http, scheme: basic}
`)
	if s := api.Operation("inherit").Security; len(s) != 1 || s[0][0].Scheme != "bearer" {
		t.Errorf("inherit security = %v", s)
	}
	if s := api.Operation("public").Security; len(s) != 0 {
		t.Errorf("public security = %v, want none", s)
	}
	if s := api.Operation("either").Security; len(s) != 2 || len(s[1]) != 2 {
		t.Errorf("either security = %v", s)
	}
	var schemes []string
	for _, s := range api.SecuritySchemes {
		schemes = append(schemes, s.Name+"="+string(s.Kind)+"/"+s.EnvVar)
	}
	if got := strings.Join(schemes, " "); got != "bearer=bearer/TEST_BEARER key=apiKey/TEST_KEY" {
		t.Errorf("schemes = %s (unused ones are left out)", got)
	}
}

func TestBodyFlattening(t *testing.T) {
	api, _ := lower31(t, `
paths:
  /flat/{id}:
    post:
      operationId: flat
      parameters: [{name: id, in: path, required: true, schema: {type: string}}]
      requestBody:
        content:
          application/json:
            schema:
              type: object
              properties:
                title: {type: string}
      responses: {'200': {description: ok}}
  /clash/{title}:
    post:
      operationId: clash
      parameters: [{name: title, in: path, required: true, schema: {type: string}}]
      requestBody:
        content:
          application/json:
            schema:
              type: object
              properties:
                title: {type: string}
      responses: {'200': {description: ok}}
  /free:
    post:
      operationId: free
      requestBody:
        content:
          application/json:
            schema: {type: object, additionalProperties: {type: string}}
      responses: {'200': {description: ok}}
  /binary:
    put:
      operationId: binary
      requestBody:
        content:
          application/octet-stream:
            schema: {type: string, format: binary}
      responses: {'200': {description: ok}}
`)
	for _, tc := range []struct {
		op      string
		flatten bool
		arg     string
	}{
		{"flat", true, ""},
		{"clash", false, "body"},
		{"free", false, "body"},
		{"binary", false, "body"},
	} {
		b := api.Operation(tc.op).Body
		if b.Flatten != tc.flatten || b.Arg != tc.arg {
			t.Errorf("%s: flatten=%v arg=%q, want %v %q", tc.op, b.Flatten, b.Arg, tc.flatten, tc.arg)
		}
	}
}

func TestToolNames(t *testing.T) {
	api, diags := lowerSpec(t, map[string]string{"spec.yaml": `openapi: 3.0.3
info: {title: T, version: '1'}
paths:
  /a:
    get: {operationId: 'repos/get', responses: {'200': {description: ok}}}
  /b:
    get: {operationId: 'repos/get', responses: {'200': {description: ok}}}
  /users/{id}/very/long/path/that/goes/on/and/on/and/on/forever/and/ever/and/ever:
    get:
      parameters: [{name: id, in: path, required: true, schema: {type: string}}]
      responses: {'200': {description: ok}}
`}, lower.Options{MaxNameLength: 40})
	names := opNames(api)
	re := regexp.MustCompile(`^[a-zA-Z0-9_-]{1,40}$`)
	seen := map[string]bool{}
	for _, n := range names {
		if !re.MatchString(n) {
			t.Errorf("tool name %q breaks the 40-character rule", n)
		}
		if seen[n] {
			t.Errorf("duplicate tool name %q", n)
		}
		seen[n] = true
	}
	if !seen["repos_get"] || !seen["repos_get_2"] {
		t.Errorf("names = %v, want repos_get and repos_get_2", names)
	}
	if !strings.Contains(diagText(diags), `tool name "repos_get" is already taken`) {
		t.Errorf("no warning about the duplicate operationId:\n%s", diagText(diags))
	}
}

func TestSwagger2(t *testing.T) {
	api, _ := lowerSpec(t, map[string]string{"spec.yaml": `swagger: '2.0'
info: {title: Pets, version: '1'}
host: pets.example.com
basePath: /v1
schemes: [http, https]
securityDefinitions:
  basic: {type: basic}
paths:
  /pets:
    get:
      operationId: findPets
      parameters:
        - {name: tags, in: query, type: array, collectionFormat: multi, items: {type: string}}
        - {name: ids, in: query, type: array, collectionFormat: pipes, items: {type: integer}}
        - {name: csv, in: query, type: array, items: {type: string}}
        - {name: limit, in: query, type: integer, minimum: 1, maximum: 50, default: 10}
      responses:
        '200':
          description: ok
          schema: {type: array, items: {$ref: '#/definitions/io.example.v1.Pet'}}
  /pets/{id}/photo:
    post:
      operationId: upload
      consumes: [multipart/form-data]
      security: [{basic: []}]
      parameters:
        - {name: id, in: path, required: true, type: integer}
        - {name: photo, in: formData, type: file, required: true}
        - {name: note, in: formData, type: string}
      responses: {'200': {description: ok}}
definitions:
  io.example.v1.Pet: {type: object, properties: {name: {type: string}}}
  io.example.v2.Pet: {type: object, properties: {id: {type: string}}}
`}, lower.Options{})
	if got := strings.Join(api.Servers, " "); got != "https://pets.example.com/v1" {
		t.Errorf("servers = %q", got)
	}
	find := api.Operation("findPets")
	styles := map[string]string{}
	for _, p := range find.Params {
		styles[p.Name] = p.Style + "/" + map[bool]string{true: "explode", false: "flat"}[p.Explode]
	}
	for name, want := range map[string]string{"tags": "form/explode", "ids": "pipeDelimited/flat", "csv": "form/flat", "limit": "form/explode"} {
		if styles[name] != want {
			t.Errorf("%s style = %s, want %s", name, styles[name], want)
		}
	}
	for _, p := range find.Params {
		if p.Name == "limit" && (p.Schema.Minimum == nil || *p.Schema.Maximum != 50 || p.Schema.Default != int64(10)) {
			t.Errorf("limit constraints lost: %+v", p.Schema)
		}
	}
	up := api.Operation("upload")
	if up.Body == nil || up.Body.ContentType != "multipart/form-data" {
		t.Fatalf("upload body = %+v", up.Body)
	}
	photo := api.Resolve(up.Body.Schema).Property("photo")
	if photo == nil || photo.Schema.Format != "binary" || !photo.Required {
		t.Errorf("photo = %+v, want a required binary", photo)
	}
	// Dotted definition names take the shortest unique suffix.
	var names []string
	for _, ty := range api.Types {
		names = append(names, ty.GoName)
	}
	if got := strings.Join(names, " "); !strings.Contains(got, "V1Pet") {
		t.Errorf("types = %s, want V1Pet", got)
	}
}

func TestMultiFileRefs(t *testing.T) {
	api, diags := lowerSpec(t, map[string]string{
		"spec.yaml": `openapi: 3.0.3
info: {title: Split, version: '1'}
paths:
  /pets:
    get:
      operationId: listPets
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema:
                type: array
                items: {$ref: 'schemas.yaml#/Pet'}
`,
		"schemas.yaml": `Pet:
  type: object
  properties:
    name: {type: string}
    owner: {$ref: '#/Owner'}
Owner:
  type: object
  properties:
    name: {type: string}
`,
	}, lower.Options{})
	if len(diags) > 0 {
		t.Errorf("warnings: %s", diagText(diags))
	}
	pet := typeNamed(t, api, "Pet")
	if pet.ID != "schemas.yaml#/Pet" {
		t.Errorf("Pet ID = %q", pet.ID)
	}
	if r := pet.Schema.Property("owner").Schema.Ref; r != "schemas.yaml#/Owner" {
		t.Errorf("a ref inside the other file resolves against that file: got %q", r)
	}
}

func TestSelection(t *testing.T) {
	api, _ := lowerSpec(t, map[string]string{"spec.yaml": `openapi: 3.0.3
info: {title: T, version: '1'}
paths:
  /a:
    get: {operationId: a, tags: [x], responses: {'200': {description: ok}}}
    delete: {operationId: b, tags: [x], responses: {'200': {description: ok}}}
  /c:
    get: {operationId: c, tags: [y], responses: {'200': {description: ok}}}
`}, lower.Options{Select: func(op lower.OperationRef) bool { return op.Method == "GET" }})
	if got := strings.Join(opNames(api), ","); got != "a,c" {
		t.Errorf("selected %s, want a,c", got)
	}
}

// Identical inline schemas become one Go type, named after the first
// place met; a schema that differs in anything keeps a type of its own.
func TestIdenticalInlineTypesMerge(t *testing.T) {
	api, _ := lower31(t, `
paths:
  /a:
    post:
      operationId: createA
      requestBody:
        content:
          application/json:
            schema:
              type: object
              properties:
                allowed: {type: array, items: {type: string, enum: [bakery, florist]}}
                blocked: {type: array, items: {type: string, enum: [bakery, florist]}}
                other: {type: string, enum: [bakery, florist, grocer]}
      responses: {'200': {description: ok}}
  /b:
    post:
      operationId: createB
      requestBody:
        content:
          application/json:
            schema:
              type: object
              properties:
                owner: {type: object, properties: {kind: {type: string, enum: [bakery, florist]}}}
      responses: {'200': {description: ok}}
`)
	var enums []string
	for _, ty := range api.Types {
		if len(ty.Schema.Enum) > 0 {
			enums = append(enums, ty.GoName)
		}
	}
	if want := "[CreateABodyAllowedItem CreateABodyOther]"; fmt.Sprint(enums) != want {
		t.Fatalf("enum types %v, want %s", enums, want)
	}
	owner := typeNamed(t, api, "CreateBBodyOwner")
	if got := owner.Schema.Property("kind").Schema.Ref; got != typeNamed(t, api, "CreateABodyAllowedItem").ID {
		t.Errorf("createB's owner.kind refers to %q, want the merged enum", got)
	}
}

// TestImpliedSecurity checks that an operation declaring no security but
// taking an API-key scheme's parameter requires the scheme, so the key is
// no tool argument, and that the lowerer says so once per scheme.
func TestImpliedSecurity(t *testing.T) {
	api, diags := lower31(t, `
paths:
  /declared:
    get:
      operationId: declared
      security: [{key: []}]
      parameters: [{name: key, in: query, required: true, schema: {type: string}}]
      responses: {'200': {description: ok}}
  /forgot:
    get:
      operationId: forgot
      parameters:
        - {name: key, in: query, required: true, schema: {type: string}}
        - {name: token, in: query, required: true, schema: {type: string}}
        - {name: q, in: query, schema: {type: string}}
      responses: {'200': {description: ok}}
  /optional:
    get:
      operationId: optional
      parameters: [{name: KEY, in: query, schema: {type: string}}]
      responses: {'200': {description: ok}}
  /header:
    get:
      operationId: header
      parameters: [{name: key, in: header, required: true, schema: {type: string}}]
      responses: {'200': {description: ok}}
components:
  securitySchemes:
    key: {type: apiKey, in: query, name: key}
    token: {type: apiKey, in: query, name: token}
`)
	if s := api.Operation("forgot").Security; len(s) != 1 || len(s[0]) != 2 || s[0][0].Scheme != "key" || s[0][1].Scheme != "token" {
		t.Errorf("forgot security = %v, want both schemes together", s)
	}
	if s := api.Operation("optional").Security; len(s) != 2 || len(s[0]) != 1 || len(s[1]) != 0 {
		t.Errorf("optional security = %v, want the scheme or nothing", s)
	}
	if s := api.Operation("header").Security; len(s) != 0 {
		t.Errorf("header security = %v: a header named like a query key is not the key", s)
	}
	var args []string
	for _, a := range toolschema.Args(api, api.Operation("forgot")) {
		args = append(args, a.Name)
	}
	if got := strings.Join(args, " "); got != "q" {
		t.Errorf("forgot's arguments = %s, want only q", got)
	}
	text := diagText(diags)
	if strings.Count(text, "no security but take") != 2 || !strings.Contains(text, "operations forgot, optional declare") ||
		!strings.Contains(text, `"token"`) {
		t.Errorf("warnings:\n%s", text)
	}
}
