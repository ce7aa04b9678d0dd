package server

// Test helpers: the spec as a JSON document with compiled JSON Schemas,
// and an HTTP client that checks every response against it.

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/santhosh-tekuri/jsonschema/v6"
	yaml "go.yaml.in/yaml/v4"
)

// specURL is the URL the spec is registered under in the schema compiler;
// "#/components/schemas/X" references resolve inside it.
const specURL = "https://exampleapi.agentready.test/openapi.json"

var quotedVarRE = regexp.MustCompile(`\\\{[^}]+\\\}`)

var httpMethods = []string{"get", "put", "post", "delete", "options", "head", "patch", "trace"}

// specOp is one operation of the spec.
type specOp struct {
	id, method, path string // method upper-case, path the template
	ptr              string // JSON pointer of the operation object
	re               *regexp.Regexp
	vars             []string // path variables in order
}

// specIndex is the spec loaded as plain JSON values, its operations and a
// schema compiler over the whole document.
type specIndex struct {
	doc map[string]any
	ops []*specOp

	mu       sync.Mutex
	compiler *jsonschema.Compiler
	schemas  map[string]*jsonschema.Schema
}

var (
	specOnce   sync.Once
	loadedSpec *specIndex
	specErr    error
)

// theSpec returns the embedded spec, loaded once.
func theSpec(t testing.TB) *specIndex {
	t.Helper()
	specOnce.Do(func() { loadedSpec, specErr = loadSpecIndex(Spec()) })
	if specErr != nil {
		t.Fatalf("load spec: %v", specErr)
	}
	return loadedSpec
}

// toJSONValue turns a YAML-decoded value into the values encoding/json
// produces (string map keys).
func toJSONValue(v any) any {
	switch v := v.(type) {
	case map[string]any:
		for k, x := range v {
			v[k] = toJSONValue(x)
		}
		return v
	case map[any]any:
		m := make(map[string]any, len(v))
		for k, x := range v {
			m[fmt.Sprint(k)] = toJSONValue(x)
		}
		return m
	case []any:
		for i, x := range v {
			v[i] = toJSONValue(x)
		}
		return v
	}
	return v
}

func loadSpecIndex(data []byte) (*specIndex, error) {
	var raw any
	if err := yaml.Unmarshal(data, &raw); err != nil {
		return nil, fmt.Errorf("parse YAML: %w", err)
	}
	js, err := json.Marshal(toJSONValue(raw))
	if err != nil {
		return nil, fmt.Errorf("convert to JSON: %w", err)
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(js))
	if err != nil {
		return nil, err
	}
	root, ok := doc.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("the spec is not an object")
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	c.AssertFormat()
	if err := c.AddResource(specURL, doc); err != nil {
		return nil, err
	}
	sp := &specIndex{doc: root, compiler: c, schemas: map[string]*jsonschema.Schema{}}
	paths, _ := root["paths"].(map[string]any)
	varRE := regexp.MustCompile(`\{([^}]+)\}`)
	for path, item := range paths {
		item, _ := item.(map[string]any)
		for _, m := range httpMethods {
			op, ok := item[m].(map[string]any)
			if !ok {
				continue
			}
			id, _ := op["operationId"].(string)
			so := &specOp{id: id, method: strings.ToUpper(m), path: path,
				ptr: "/paths/" + escapeToken(path) + "/" + m}
			for _, v := range varRE.FindAllStringSubmatch(path, -1) {
				so.vars = append(so.vars, v[1])
			}
			// QuoteMeta escapes the braces of the variables: replace them escaped.
			so.re = regexp.MustCompile("^" + quotedVarRE.ReplaceAllString(regexp.QuoteMeta(path), `([^/]+)`) + "$")
			sp.ops = append(sp.ops, so)
		}
	}
	sort.Slice(sp.ops, func(i, j int) bool { return sp.ops[i].id < sp.ops[j].id })
	return sp, nil
}

func escapeToken(s string) string { return strings.NewReplacer("~", "~0", "/", "~1").Replace(s) }

func unescapeToken(s string) string { return strings.NewReplacer("~1", "/", "~0", "~").Replace(s) }

// at returns the value at a JSON pointer ("/a/b"), or nil.
func (sp *specIndex) at(ptr string) any {
	var v any = sp.doc
	if ptr == "" {
		return v
	}
	for _, tok := range strings.Split(strings.TrimPrefix(ptr, "/"), "/") {
		tok = unescapeToken(tok)
		switch x := v.(type) {
		case map[string]any:
			v = x[tok]
		case []any:
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(x) {
				return nil
			}
			v = x[i]
		default:
			return nil
		}
	}
	return v
}

// deref follows "$ref": "#/..." from the object at ptr and returns the
// pointer and the object it ends at.
func (sp *specIndex) deref(ptr string) (string, map[string]any) {
	for range 20 {
		m, _ := sp.at(ptr).(map[string]any)
		if m == nil {
			return ptr, nil
		}
		ref, ok := m["$ref"].(string)
		if !ok || !strings.HasPrefix(ref, "#") {
			return ptr, m
		}
		ptr = strings.TrimPrefix(ref, "#")
	}
	return ptr, nil
}

// schema compiles the schema at ptr.
func (sp *specIndex) schema(ptr string) (*jsonschema.Schema, error) {
	sp.mu.Lock()
	defer sp.mu.Unlock()
	if s, ok := sp.schemas[ptr]; ok {
		return s, nil
	}
	s, err := sp.compiler.Compile(specURL + "#" + ptr)
	if err != nil {
		return nil, err
	}
	sp.schemas[ptr] = s
	return s, nil
}

// validate checks a JSON value (as decoded by jsonschema.UnmarshalJSON or
// built from such values) against the schema at ptr.
func (sp *specIndex) validate(ptr string, v any) error {
	s, err := sp.schema(ptr)
	if err != nil {
		return fmt.Errorf("compile %s: %w", ptr, err)
	}
	return s.Validate(v)
}

func (sp *specIndex) op(id string) *specOp {
	for _, o := range sp.ops {
		if o.id == id {
			return o
		}
	}
	return nil
}

// match finds the operation of a request and its path variables.
func (sp *specIndex) match(method, path string) (*specOp, map[string]string) {
	for _, o := range sp.ops {
		if o.method != method {
			continue
		}
		if m := o.re.FindStringSubmatch(path); m != nil {
			vars := map[string]string{}
			for i, name := range o.vars {
				vars[name] = m[i+1]
			}
			return o, vars
		}
	}
	return nil, nil
}

// param is a parameter of an operation, its $refs followed.
type param struct {
	name, in string
	required bool
	schema   string // pointer of its schema
}

// params returns the parameters of o: the path item's and the operation's.
func (sp *specIndex) params(o *specOp) []param {
	var out []param
	itemPtr := "/paths/" + escapeToken(o.path)
	for _, base := range []string{itemPtr + "/parameters", o.ptr + "/parameters"} {
		list, _ := sp.at(base).([]any)
		for i := range list {
			ptr, p := sp.deref(base + "/" + strconv.Itoa(i))
			if p == nil {
				continue
			}
			name, _ := p["name"].(string)
			in, _ := p["in"].(string)
			req, _ := p["required"].(bool)
			out = append(out, param{name: name, in: in, required: req, schema: ptr + "/schema"})
		}
	}
	return out
}

// schemaType returns the "type" of the schema at ptr, following $refs
// (the first non-null type of a list).
func (sp *specIndex) schemaType(ptr string) string {
	_, s := sp.deref(ptr)
	switch t := s["type"].(type) {
	case string:
		return t
	case []any:
		for _, x := range t {
			if x != "null" {
				return fmt.Sprint(x)
			}
		}
	}
	return ""
}

// queryValue converts the text of a query or path parameter to the JSON
// value its schema describes.
func queryValue(typ, v string) (any, error) {
	switch typ {
	case "integer":
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil {
			return nil, fmt.Errorf("%q is not an integer", v)
		}
		return json.Number(strconv.FormatInt(n, 10)), nil
	case "number":
		if _, err := strconv.ParseFloat(v, 64); err != nil {
			return nil, fmt.Errorf("%q is not a number", v)
		}
		return json.Number(v), nil
	case "boolean":
		switch v {
		case "true":
			return true, nil
		case "false":
			return false, nil
		}
		return nil, fmt.Errorf("%q is not a boolean", v)
	}
	return v, nil
}

// accepts reports whether the spec allows the request (nil) or why not: its
// path, query and header parameters and its body are checked against the
// operation's parameters and request body schema. Unknown query parameters
// are not allowed (the server rejects them).
func (sp *specIndex) accepts(o *specOp, vars map[string]string, query url.Values, header http.Header, body []byte) error {
	declared := map[string]bool{}
	for _, p := range sp.params(o) {
		switch p.in {
		case "path":
			if err := sp.validate(p.schema, vars[p.name]); err != nil {
				return fmt.Errorf("path parameter %s: %v", p.name, err)
			}
		case "header":
			v := header.Get(p.name)
			if v == "" {
				if p.required {
					return fmt.Errorf("header %s is required", p.name)
				}
				continue
			}
			if err := sp.validate(p.schema, v); err != nil {
				return fmt.Errorf("header %s: %v", p.name, err)
			}
		case "query":
			declared[p.name] = true
			vs, ok := query[p.name]
			if !ok {
				if p.required {
					return fmt.Errorf("query parameter %s is required", p.name)
				}
				continue
			}
			typ := sp.schemaType(p.schema)
			var val any
			if typ == "array" {
				itemType := sp.schemaType(sp.itemsPtr(p.schema))
				arr := []any{}
				for _, v := range vs {
					x, err := queryValue(itemType, v)
					if err != nil {
						return fmt.Errorf("query parameter %s: %v", p.name, err)
					}
					arr = append(arr, x)
				}
				val = arr
			} else {
				if len(vs) != 1 {
					return fmt.Errorf("query parameter %s is given %d times", p.name, len(vs))
				}
				x, err := queryValue(typ, vs[0])
				if err != nil {
					return fmt.Errorf("query parameter %s: %v", p.name, err)
				}
				val = x
			}
			if err := sp.validate(p.schema, val); err != nil {
				return fmt.Errorf("query parameter %s: %v", p.name, err)
			}
		}
	}
	for name := range query {
		if !declared[name] {
			return fmt.Errorf("query parameter %s is not in the spec", name)
		}
	}
	_, rb := sp.deref(o.ptr + "/requestBody")
	if rb == nil {
		if len(bytes.TrimSpace(body)) > 0 {
			return fmt.Errorf("the operation takes no body")
		}
		return nil
	}
	if len(bytes.TrimSpace(body)) == 0 {
		if req, _ := rb["required"].(bool); req {
			return fmt.Errorf("the request body is required")
		}
		return nil
	}
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(body))
	if err != nil {
		return fmt.Errorf("the body is not JSON: %v", err)
	}
	rbPtr, _ := sp.deref(o.ptr + "/requestBody")
	if err := sp.validate(rbPtr+"/content/application~1json/schema", v); err != nil {
		return fmt.Errorf("body: %v", err)
	}
	return nil
}

// itemsPtr returns the pointer of the items schema of the array schema at
// ptr.
func (sp *specIndex) itemsPtr(ptr string) string {
	p, _ := sp.deref(ptr)
	return p + "/items"
}

// response returns the pointer of o's response object for status (its
// $ref followed), or "" when the spec does not document the status.
func (sp *specIndex) response(o *specOp, status int) string {
	base := o.ptr + "/responses/"
	for _, key := range []string{strconv.Itoa(status), fmt.Sprintf("%dXX", status/100), "default"} {
		if sp.at(base+escapeToken(key)) != nil {
			ptr, _ := sp.deref(base + escapeToken(key))
			return ptr
		}
	}
	return ""
}

// checkResponse checks a real response against o's response for its
// status: documented, the content type, the body against the schema
// (including properties the schema does not declare) and required headers.
func (sp *specIndex) checkResponse(o *specOp, status int, header http.Header, body []byte) error {
	rptr := sp.response(o, status)
	if rptr == "" {
		return fmt.Errorf("%s: status %d is not documented", o.id, status)
	}
	resp, _ := sp.at(rptr).(map[string]any)
	if hs, ok := resp["headers"].(map[string]any); ok {
		for name := range hs {
			hptr, h := sp.deref(rptr + "/headers/" + escapeToken(name))
			req, _ := h["required"].(bool)
			v := header.Get(name)
			if v == "" {
				if req {
					return fmt.Errorf("%s %d: required response header %s is missing", o.id, status, name)
				}
				continue
			}
			val, err := queryValue(sp.schemaType(hptr+"/schema"), v)
			if err != nil {
				return fmt.Errorf("%s %d: response header %s: %v", o.id, status, name, err)
			}
			if err := sp.validate(hptr+"/schema", val); err != nil {
				return fmt.Errorf("%s %d: response header %s: %v", o.id, status, name, err)
			}
		}
	}
	content, _ := resp["content"].(map[string]any)
	if content == nil {
		if len(body) > 0 {
			return fmt.Errorf("%s %d: the spec documents no body, the server sent %d bytes", o.id, status, len(body))
		}
		return nil
	}
	if _, ok := content["application/json"]; !ok {
		return fmt.Errorf("%s %d: the spec documents no application/json content", o.id, status)
	}
	if ct := header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		return fmt.Errorf("%s %d: Content-Type is %q, want application/json", o.id, status, ct)
	}
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(body))
	if err != nil {
		return fmt.Errorf("%s %d: the body is not JSON: %v", o.id, status, err)
	}
	sptr := rptr + "/content/application~1json/schema"
	if err := sp.validate(sptr, v); err != nil {
		return fmt.Errorf("%s %d: the response does not match its schema: %v", o.id, status, err)
	}
	var extra []string
	sp.undeclared(sptr, v, "", &extra)
	if len(extra) > 0 {
		return fmt.Errorf("%s %d: the response has properties the schema does not declare: %s", o.id, status, strings.Join(extra, ", "))
	}
	return nil
}

// properties collects the declared properties of the object schema at ptr
// (following $ref and allOf) and whether it allows others.
func (sp *specIndex) properties(ptr string, into map[string]string) (open bool) {
	ptr, s := sp.deref(ptr)
	if s == nil {
		return true
	}
	if props, ok := s["properties"].(map[string]any); ok {
		for name := range props {
			into[name] = ptr + "/properties/" + escapeToken(name)
		}
	}
	if ap, ok := s["additionalProperties"]; ok && ap != false {
		open = true
	}
	if all, ok := s["allOf"].([]any); ok {
		for i := range all {
			if sp.properties(ptr+"/allOf/"+strconv.Itoa(i), into) {
				open = true
			}
		}
	}
	return open
}

// undeclared lists the object properties in v that the schema at ptr does
// not declare: JSON Schema allows them, but a response field the spec does
// not describe is a disagreement between the server and its spec.
func (sp *specIndex) undeclared(ptr string, v any, at string, out *[]string) {
	if v == nil {
		return
	}
	ptr, s := sp.deref(ptr)
	if s == nil {
		return
	}
	for _, kw := range []string{"anyOf", "oneOf"} {
		if alts, ok := s[kw].([]any); ok {
			for i := range alts {
				p := ptr + "/" + kw + "/" + strconv.Itoa(i)
				if sp.validate(p, v) == nil {
					sp.undeclared(p, v, at, out)
					return
				}
			}
			return
		}
	}
	switch v := v.(type) {
	case map[string]any:
		props := map[string]string{}
		open := sp.properties(ptr, props)
		for name, x := range v {
			p, ok := props[name]
			if !ok {
				if !open {
					*out = append(*out, at+"/"+name)
				}
				continue
			}
			sp.undeclared(p, x, at+"/"+name, out)
		}
	case []any:
		if _, ok := s["items"]; ok {
			for i, x := range v {
				sp.undeclared(ptr+"/items", x, at+"/"+strconv.Itoa(i), out)
			}
		}
	}
}

// client calls a running server and checks every exchange against the
// spec.
type client struct {
	t     testing.TB
	base  string
	spec  *specIndex
	token string // bearer token; "" sends no credentials
	key   string // X-API-Key, sent when token is ""
	http  *http.Client

	mu      *sync.Mutex
	covered map[string]map[int]bool // operationId -> statuses seen
}

func newClient(t testing.TB, base string) *client {
	return &client{t: t, base: base, spec: theSpec(t), token: DefaultAdminToken,
		http: &http.Client{Timeout: 30 * time.Second}, mu: &sync.Mutex{}, covered: map[string]map[int]bool{}}
}

// as returns a client that sends the bearer token (none when empty).
func (c *client) as(token string) *client {
	cc := *c
	cc.token, cc.key = token, ""
	return &cc
}

// withKey returns a client that sends the API key instead of a token.
func (c *client) withKey(key string) *client {
	cc := *c
	cc.token, cc.key = "", key
	return &cc
}

// response is what a call returned.
type response struct {
	req    string // "METHOD path", for messages
	status int
	header http.Header
	body   []byte
	op     *specOp
	// specErr is why the spec does not accept the request, or nil.
	specErr error
}

// obj decodes the body as a JSON object.
func (r *response) obj() map[string]any {
	var m map[string]any
	_ = json.Unmarshal(r.body, &m)
	return m
}

// arr decodes the body as a JSON array.
func (r *response) arr() []any {
	var a []any
	_ = json.Unmarshal(r.body, &a)
	return a
}

// items returns the "items" of a list response.
func (r *response) items() []map[string]any {
	var out []map[string]any
	for _, x := range asSlice(r.obj()["items"]) {
		out = append(out, x.(map[string]any))
	}
	return out
}

func asSlice(v any) []any { s, _ := v.([]any); return s }

func str(m map[string]any, key string) string { s, _ := m[key].(string); return s }

func num(m map[string]any, key string) int { f, _ := m[key].(float64); return int(f) }

// errorOf returns the code, message and parameter of an error response.
func (r *response) errorOf() (code, message, param string) {
	e, _ := r.obj()["error"].(map[string]any)
	return str(e, "code"), str(e, "message"), str(e, "parameter")
}

// call sends a request and checks the exchange: never a 5xx but the
// scheduled 503; the response as the spec documents it; and a request the
// server accepted (2xx) is one the spec accepts. body is nil (none), a
// string or []byte (sent as is) or a value sent as JSON. headers are
// name/value pairs.
func (c *client) call(method, path string, body any, headers ...string) *response {
	c.t.Helper()
	var raw []byte
	switch b := body.(type) {
	case nil:
	case string:
		raw = []byte(b)
	case []byte:
		raw = b
	default:
		var err error
		if raw, err = json.Marshal(b); err != nil {
			c.t.Fatalf("encode body: %v", err)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, method, c.base+path, bytes.NewReader(raw))
	if err != nil {
		c.t.Fatalf("%s %s: %v", method, path, err)
	}
	if raw != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if c.token != "" {
		req.Header.Set("Authorization", "Bearer "+c.token)
	} else if c.key != "" {
		req.Header.Set("X-API-Key", c.key)
	}
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	res, err := c.http.Do(req)
	if err != nil {
		c.t.Fatalf("%s %s: %v", method, path, err)
	}
	defer res.Body.Close()
	data, err := io.ReadAll(res.Body)
	if err != nil {
		c.t.Fatalf("%s %s: read body: %v", method, path, err)
	}
	r := &response{req: method + " " + path, status: res.StatusCode, header: res.Header, body: data}
	if r.status >= 500 && r.status != http.StatusServiceUnavailable {
		c.t.Errorf("%s: status %d: %s", r.req, r.status, data)
	}
	if id := res.Header.Get("X-Request-Id"); id == "" {
		c.t.Errorf("%s: no X-Request-Id header", r.req)
	}
	u, _ := url.Parse(c.base + path)
	o, vars := c.spec.match(method, u.Path)
	if o == nil {
		// Not an operation (unknown path or method): still a JSON error.
		if err := c.spec.validate("/components/schemas/Error", mustJSON(data)); err != nil {
			c.t.Errorf("%s: status %d: the body is not an Error: %v\n%s", r.req, r.status, err, data)
		}
		return r
	}
	r.op = o
	c.mu.Lock()
	if c.covered[o.id] == nil {
		c.covered[o.id] = map[int]bool{}
	}
	c.covered[o.id][r.status] = true
	c.mu.Unlock()
	if err := c.spec.checkResponse(o, r.status, res.Header, data); err != nil {
		c.t.Errorf("%s: %v\n%s", r.req, err, truncate(data))
	}
	r.specErr = c.spec.accepts(o, vars, u.Query(), req.Header, raw)
	if r.status < 300 && r.specErr != nil {
		c.t.Errorf("%s: the server accepted (%d) a request the spec does not allow: %v", r.req, r.status, r.specErr)
	}
	return r
}

func mustJSON(data []byte) any {
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		return string(data)
	}
	return v
}

func truncate(b []byte) string {
	if len(b) > 600 {
		return string(b[:600]) + "..."
	}
	return string(b)
}

// want fails the test unless the response has the status.
func (r *response) want(t testing.TB, status int) *response {
	t.Helper()
	if r.status != status {
		t.Fatalf("%s: status %d, want %d: %s", r.req, r.status, status, truncate(r.body))
	}
	return r
}

// start starts a server for the test, closed at its end.
func start(t testing.TB, opts Options) *Running {
	t.Helper()
	if opts.Addr == "" {
		opts.Addr = "127.0.0.1:0"
	}
	run, err := Start(context.Background(), opts)
	if err != nil {
		t.Fatalf("Start: %v", err)
	}
	t.Cleanup(func() {
		if err := run.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
	})
	if !strings.HasPrefix(run.URL, "http://127.0.0.1:") {
		t.Fatalf("URL %q is not on 127.0.0.1", run.URL)
	}
	return run
}

// fixtures are real ids of a freshly seeded server.
type fixtures struct {
	requester, agent, admin map[string]any // active users
	team                    map[string]any
	openTicket              map[string]any // status open, with comments
	closedTicket            map[string]any
	ownedAsset              map[string]any // in_use, with an owner
	stockAsset              map[string]any // in_stock, no owner
	retiredAsset            map[string]any
}

// load finds the fixtures through the API.
func loadFixtures(t testing.TB, c *client) fixtures {
	t.Helper()
	var f fixtures
	for _, u := range c.call("GET", "/users?per_page=100&active=true", nil).want(t, 200).items() {
		switch {
		case str(u, "role") == "requester" && f.requester == nil:
			f.requester = u
		case str(u, "role") == "agent" && f.agent == nil:
			f.agent = u
		case str(u, "role") == "admin" && f.admin == nil:
			f.admin = u
		}
	}
	f.team = c.call("GET", "/teams", nil).want(t, 200).items()[0]
	for _, tk := range c.call("GET", "/tickets?status=open&per_page=100", nil).want(t, 200).items() {
		if num(tk, "comment_count") > 0 {
			f.openTicket = tk
			break
		}
	}
	f.closedTicket = c.call("GET", "/tickets?status=closed&per_page=1", nil).want(t, 200).items()[0]
	for _, a := range c.call("GET", "/assets?limit=100", nil).want(t, 200).items() {
		switch {
		case str(a, "status") == "in_use" && f.ownedAsset == nil:
			f.ownedAsset = a
		case str(a, "status") == "in_stock" && a["owner"] == nil && f.stockAsset == nil:
			f.stockAsset = a
		case str(a, "status") == "retired" && f.retiredAsset == nil:
			f.retiredAsset = a
		}
	}
	for name, v := range map[string]map[string]any{"requester": f.requester, "agent": f.agent, "admin": f.admin,
		"team": f.team, "open ticket": f.openTicket, "closed ticket": f.closedTicket, "owned asset": f.ownedAsset,
		"stock asset": f.stockAsset, "retired asset": f.retiredAsset} {
		if v == nil {
			t.Fatalf("the seed data has no %s", name)
		}
	}
	return f
}
