package toolrt

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// seen is one request as the server received it.
type seen struct {
	method, path, rawPath, query, body, contentType string
	header                                          http.Header
}

// echoServer records every request on 127.0.0.1 and answers 200 {}.
func echoServer(t *testing.T) (*Client, *[]seen) {
	t.Helper()
	var got []seen
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		got = append(got, seen{r.Method, r.URL.Path, r.URL.EscapedPath(), r.URL.RawQuery, string(b), r.Header.Get("Content-Type"), r.Header})
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, `{}`)
	}))
	t.Cleanup(srv.Close)
	c, err := NewClient(srv.URL, []SecurityScheme{{Name: "bearer", Kind: BearerAuth}}, WithoutEnvironment(), WithCredential("bearer", "t0k"))
	if err != nil {
		t.Fatal(err)
	}
	return c, &got
}

var updateTicket = &Operation{
	Name: "updateTicket", Method: http.MethodPatch, Path: "/tickets/{ticketId}",
	Security: Security{{"bearer"}},
	Params: []Param{
		{Name: "ticketId", Arg: "ticketId", In: "path", Style: "simple", Required: true},
		{Name: "notify", Arg: "notify", In: "query", Style: "form", Explode: true},
		{Name: "fields", Arg: "fields", In: "query", Style: "form", Explode: false},
		{Name: "filter", Arg: "filter", In: "query", Style: "deepObject", Explode: true},
		{Name: "If-Match", Arg: "If-Match", In: "header", Style: "simple"},
		{Name: "meta", Arg: "meta", In: "query", JSON: true},
	},
	Body: &Body{ContentType: "application/json", Fields: []string{"status", "tags"}},
}

func TestOperationRequestPlacesEveryArgument(t *testing.T) {
	c, got := echoServer(t)
	args := map[string]any{
		"ticketId": "T-1/../x", "notify": true, "fields": []any{"a", "b"},
		"filter": map[string]any{"min": 2.0}, "If-Match": "v7", "meta": map[string]any{"k": "v"},
		"status": "closed", "tags": []any{"x"}, "unknown": "ignored",
	}
	resp, err := c.Call(context.Background(), updateTicket, args)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != 200 || len(*got) != 1 {
		t.Fatalf("status %d, %d requests", resp.StatusCode, len(*got))
	}
	r := (*got)[0]
	if r.method != "PATCH" || r.rawPath != "/tickets/T-1%2F..%2Fx" {
		t.Errorf("request %s %s: the path argument must stay one segment", r.method, r.rawPath)
	}
	for _, want := range []string{"notify=true", "fields=a,b", "filter[min]=2", "meta=%7B%22k%22%3A%22v%22%7D"} {
		if !strings.Contains(r.query, want) {
			t.Errorf("query %q lacks %q", r.query, want)
		}
	}
	if r.header.Get("If-Match") != "v7" || r.header.Get("Authorization") != "Bearer t0k" {
		t.Errorf("headers %v", r.header)
	}
	if r.body != `{"status":"closed","tags":["x"]}` || r.contentType != "application/json" {
		t.Errorf("body %s (%s): want the flattened fields only", r.body, r.contentType)
	}
}

func TestOperationRequestBodies(t *testing.T) {
	tests := []struct {
		name     string
		body     *Body
		args     map[string]any
		wantBody string
		wantType string
	}{
		{"flattened, nothing given", &Body{ContentType: "application/json", Fields: []string{"a"}}, map[string]any{}, "", ""},
		{"flattened, required", &Body{ContentType: "application/json", Fields: []string{"a"}, Required: true}, map[string]any{}, "{}", "application/json"},
		{"whole body argument", &Body{ContentType: "application/json", Arg: "body"}, map[string]any{"body": []any{1.0, 2.0}}, "[1,2]", "application/json"},
		{"whole body, required, absent", &Body{ContentType: "application/json", Arg: "body", Required: true}, map[string]any{}, "{}", "application/json"},
		{"raw text body", &Body{ContentType: "text/csv", Arg: "body"}, map[string]any{"body": "a,b\n1,2\n"}, "a,b\n1,2\n", "text/csv"},
		{"form body", &Body{ContentType: "application/x-www-form-urlencoded", Fields: []string{"name", "n"}}, map[string]any{"name": "a b", "n": 3.0}, "n=3&name=a+b", "application/x-www-form-urlencoded"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c, got := echoServer(t)
			op := &Operation{Name: "op", Method: http.MethodPost, Path: "/things", Body: tc.body}
			if _, err := c.Call(context.Background(), op, tc.args); err != nil {
				t.Fatal(err)
			}
			r := (*got)[0]
			if r.body != tc.wantBody || r.contentType != tc.wantType {
				t.Errorf("body %q type %q, want %q %q", r.body, r.contentType, tc.wantBody, tc.wantType)
			}
		})
	}
}

func TestOperationRequestRefusesBeforeSending(t *testing.T) {
	c, got := echoServer(t)
	for _, args := range []map[string]any{{}, {"ticketId": ".."}, {"ticketId": ""}} {
		_, err := c.Call(context.Background(), updateTicket, args)
		if err == nil || !strings.Contains(err.Error(), "ticketId") {
			t.Errorf("args %v: got %v, want an error naming ticketId", args, err)
		}
	}
	if len(*got) != 0 {
		t.Errorf("%d requests were sent for invalid path arguments", len(*got))
	}
	var he *HTTPError
	if _, err := c.Call(context.Background(), updateTicket, map[string]any{"ticketId": "1"}); errors.As(err, &he) || err != nil {
		t.Errorf("valid call: %v", err)
	}
}

func TestOperationMutating(t *testing.T) {
	for method, want := range map[string]bool{"GET": false, "HEAD": false, "OPTIONS": false, "POST": true, "PUT": true, "PATCH": true, "DELETE": true} {
		if got := (&Operation{Method: method}).Mutating(); got != want {
			t.Errorf("%s: Mutating() = %v", method, got)
		}
	}
}

func TestTypedAndToolRoutesSendTheSameRequest(t *testing.T) {
	c, got := echoServer(t)
	args := map[string]any{"ticketId": "T-1", "notify": true, "fields": []any{"a", "b"}, "If-Match": "v7", "status": "closed"}
	if _, err := c.Call(context.Background(), updateTicket, args); err != nil {
		t.Fatal(err)
	}
	notify := true
	req := updateTicket.NewRequest()
	req.Arg("ticketId", "T-1")
	req.Arg("notify", &notify)
	req.Arg("fields", []string{"a", "b"})
	req.Arg("If-Match", "v7")
	req.Arg("filter", (*map[string]any)(nil))
	req.SetBody(map[string]any{"status": "closed"})
	if err := c.Do(context.Background(), req, nil, nil); err != nil {
		t.Fatal(err)
	}
	if len(*got) != 2 {
		t.Fatalf("%d requests, want 2", len(*got))
	}
	tool, typed := (*got)[0], (*got)[1]
	if tool.method != typed.method || tool.rawPath != typed.rawPath || tool.query != typed.query || tool.body != typed.body ||
		tool.header.Get("If-Match") != typed.header.Get("If-Match") || tool.header.Get("Authorization") != typed.header.Get("Authorization") {
		t.Errorf("the tool sent %+v\nthe typed route sent %+v", tool, typed)
	}
}

func TestRequestBuildingErrorsAreTyped(t *testing.T) {
	c, got := echoServer(t)
	basic, err := NewClient(c.BaseURL(), []SecurityScheme{{Name: "basic", Kind: BasicAuth}}, WithoutEnvironment(), WithCredential("basic", "no-colon"))
	if err != nil {
		t.Fatal(err)
	}
	withArg := func(name string, v any) *Request {
		req := updateTicket.NewRequest()
		req.Arg("ticketId", "T-1")
		req.Arg(name, v)
		return req
	}
	for _, tc := range []struct {
		name     string
		client   *Client
		req      *Request
		in, what string
		fix      string
	}{
		{"missing path argument", c, updateTicket.Request(map[string]any{}), "path", "ticketId", "ticketId"},
		{"unknown argument", c, withArg("nope", 1), "argument", "nope", "ticketId, notify"},
		{"line break in a header", c, withArg("If-Match", "a\r\nX-Evil: 1"), "header", "If-Match", "line break"},
		{"dot-dot path", c, func() *Request { r := updateTicket.NewRequest(); r.Arg("ticketId", ".."); return r }(), "path", "ticketId", "other than"},
		{"body JSON cannot write", c, func() *Request {
			r := updateTicket.NewRequest()
			r.Arg("ticketId", "T-1")
			r.SetBody(map[string]any{"f": func() {}})
			return r
		}(), "body", "", ""},
		{"basic credential without a colon", basic, &Request{method: "GET", path: "/x", security: Security{{"basic"}}, header: http.Header{}}, "security", "basic", "credential"},
	} {
		err := tc.client.Do(context.Background(), tc.req, nil, nil)
		var re *RequestError
		if !errors.As(err, &re) {
			t.Errorf("%s: error %v (%T) is not a *RequestError", tc.name, err, err)
			continue
		}
		if re.In != tc.in || re.Name != tc.what || !strings.Contains(re.Fix, tc.fix) || re.Method == "" || re.Path == "" {
			t.Errorf("%s: %+v, want in %q, name %q, a fix with %q, and the operation", tc.name, re, tc.in, tc.what, tc.fix)
		}
	}
	if len(*got) != 0 {
		t.Errorf("%d requests were sent for requests that could not be built", len(*got))
	}
}

func TestCatalogLookupOfAnUnknownToolIsNotATypedNil(t *testing.T) {
	c, _ := echoServer(t)
	cat, err := NewCatalog(c, []*Operation{{Name: "getTicket", Method: http.MethodGet, Path: "/t", Schema: `{"type":"object"}`}})
	if err != nil {
		t.Fatal(err)
	}
	if tl, ok := cat.Tool("getTicket"); !ok || tl == nil {
		t.Errorf("Tool(getTicket) = %v, %v", tl, ok)
	}
	if tl, ok := cat.Tool("get_ticket"); ok || tl != nil {
		t.Errorf("Tool(get_ticket) = %v, %v; want nil, false", tl, ok)
	}
}
