package toolrt

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
	"unicode"

	"github.com/agentready/agentready/gen/toolrt/shape"
)

// resultCall serves one request with h on 127.0.0.1, sends it through a
// real Client and returns NewResult of what Do gave back.
func resultCall(t *testing.T, h http.HandlerFunc, opts ResultOptions) Result {
	t.Helper()
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	c, err := NewClient(srv.URL, nil, WithoutEnvironment())
	if err != nil {
		t.Fatal(err)
	}
	var resp Response
	err = c.Do(context.Background(), NewRequest("GET", "/things", nil), &resp, nil)
	return NewResult(&resp, err, opts)
}

// resultServe answers with status, content type and body.
func resultServe(status int, contentType, body string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if contentType != "" {
			w.Header().Set("Content-Type", contentType)
		}
		w.Header().Set("X-Secret-Echo", "header-secret-value")
		w.WriteHeader(status)
		_, _ = w.Write([]byte(body))
	}
}

// resultWords is a token counter unlike len/4: each run of letters or
// digits and each other non-space character is a token.
func resultWords(s string) int {
	n, inWord := 0, false
	for _, r := range s {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			if !inWord {
				n++
			}
			inWord = true
		case unicode.IsSpace(r):
			inWord = false
		default:
			n++
			inWord = false
		}
	}
	return n
}

// resultCheck verifies what every result must satisfy.
func resultCheck(t *testing.T, r Result, opts ResultOptions) {
	t.Helper()
	limit, count := opts.MaxTokens, opts.Count
	if limit == 0 {
		limit = DefaultResultTokens
	}
	if count == nil {
		count = shape.TokenEstimate
	}
	if n := count(r.Text); n > limit {
		t.Errorf("text takes %d tokens, over the budget of %d:\n%s", n, limit, r.Text)
	}
	if r.Text == "" {
		t.Error("empty text")
	}
	for _, secret := range []string{"header-secret-value", "SECRET-KEY-123", "hunter2"} {
		if strings.Contains(r.Text, secret) {
			t.Errorf("text contains the secret %q:\n%s", secret, r.Text)
		}
	}
	if r.OK != (r.Status >= 200 && r.Status <= 299) {
		t.Errorf("OK is %v for status %d", r.OK, r.Status)
	}
}

// resultBodyText returns the text after the first line.
func resultBodyText(text string) string {
	_, body, _ := strings.Cut(text, "\n")
	return body
}

func TestResultJSONObject(t *testing.T) {
	r := resultCall(t, resultServe(200, "application/json", `{ "zeta": 1, "alpha": {"b": [1, 2], "a": null}, "name": "Rex" }`), ResultOptions{})
	resultCheck(t, r, ResultOptions{})
	want := "200 OK\n" + `{"zeta":1,"alpha":{"b":[1,2],"a":null},"name":"Rex"}`
	if r.Text != want || r.Kind != ResultOKJSON || r.Status != 200 || r.Truncated || r.Omitted != "" {
		t.Errorf("got %+v\nwant text %q", r, want)
	}
	if r.BodyTokens != shape.TokenEstimate(`{"zeta":1,"alpha":{"b":[1,2],"a":null},"name":"Rex"}`) {
		t.Errorf("BodyTokens = %d", r.BodyTokens)
	}
}

func TestResultJSONWithoutContentType(t *testing.T) {
	r := resultCall(t, func(w http.ResponseWriter, _ *http.Request) {
		w.Header()["Content-Type"] = nil // no sniffing
		_, _ = w.Write([]byte(`[{"id":1},{"id":2}]`))
	}, ResultOptions{})
	if r.Text != "200 OK (2 items)\n[{\"id\":1},{\"id\":2}]" || r.Kind != ResultOKJSON {
		t.Errorf("got %+v", r)
	}
}

func resultItems(n int) string {
	items := make([]string, n)
	for i := range items {
		items[i] = fmt.Sprintf(`{"id":%d,"name":"item number %d","status":"open","tags":["a","b"]}`, i+1, i+1)
	}
	return "[" + strings.Join(items, ",") + "]"
}

func TestResultLargeArray(t *testing.T) {
	body := resultItems(1000)
	for _, opts := range []ResultOptions{{}, {MaxTokens: 500, Count: resultWords}, {MaxTokens: 120}} {
		r := resultCall(t, resultServe(200, "application/json", body), opts)
		resultCheck(t, r, opts)
		if !r.Truncated || r.Kind != ResultOKJSON || !strings.HasPrefix(r.Omitted, "items ") || !strings.HasSuffix(r.Omitted, "-1000 of 1000") {
			t.Fatalf("got %+v", r)
		}
		head, js, _ := strings.Cut(r.Text, "\n")
		if !strings.HasPrefix(head, "200 OK (1000 items; trimmed to fit, left out items ") ||
			!strings.HasSuffix(head, "of 1000; for more, use the tool's paging or filter parameters)") {
			t.Errorf("head: %s", head)
		}
		var got []json.RawMessage
		if err := json.Unmarshal([]byte(js), &got); err != nil {
			t.Fatalf("not valid JSON: %v\n%s", err, js)
		}
		var want []json.RawMessage
		_ = json.Unmarshal([]byte(body), &want)
		last := len(got) - 1
		if len(got) < 2 || string(got[last]) != fmt.Sprintf(`"…(%d more items)"`, 1000-last) {
			t.Fatalf("no note of the items left out: %s", js)
		}
		for i := range got[:last] {
			if string(got[i]) != string(want[i]) {
				t.Errorf("item %d = %s, want %s", i, got[i], want[i])
			}
		}
		if r.Omitted != fmt.Sprintf("items %d-1000 of 1000", last+1) {
			t.Errorf("Omitted = %q with %d items shown", r.Omitted, last)
		}
		count := opts.Count
		if count == nil {
			count = shape.TokenEstimate
		}
		if r.BodyTokens != count(body) {
			t.Errorf("BodyTokens = %d, want %d", r.BodyTokens, count(body))
		}
		// The budget is used, not wasted.
		max := opts.MaxTokens
		if max == 0 {
			max = DefaultResultTokens
		}
		if n := count(r.Text); n < max*8/10 {
			t.Errorf("text takes %d of %d tokens", n, max)
		}
	}
}

func TestResultNestedAndWrapped(t *testing.T) {
	body := `{"data":{"items":` + resultItems(500) + `,"meta":{"page":1,"per_page":500}},"total":500}`
	r := resultCall(t, resultServe(200, "application/json", body), ResultOptions{MaxTokens: 1000})
	resultCheck(t, r, ResultOptions{MaxTokens: 1000})
	js := resultBodyText(r.Text)
	if !json.Valid([]byte(js)) {
		t.Fatalf("not valid JSON: %s", js)
	}
	if !strings.HasPrefix(r.Omitted, "data.items: items ") || !strings.Contains(js, `"meta":{"page":1,"per_page":500}},"total":500}`) {
		t.Errorf("got %s\n%s", r.Omitted, r.Text)
	}
}

func TestResultDeeplyNested(t *testing.T) {
	const depth = 3000
	body := strings.Repeat(`{"level":"x","child":`, depth) + `{"leaf":"` + strings.Repeat("y", 5000) + `"}` + strings.Repeat("}", depth)
	for _, opts := range []ResultOptions{{}, {MaxTokens: 200, Count: resultWords}} {
		r := resultCall(t, resultServe(200, "application/json", body), opts)
		resultCheck(t, r, opts)
		js := resultBodyText(r.Text)
		if !json.Valid([]byte(js)) || !r.Truncated {
			t.Fatalf("got %+v", r)
		}
		if !strings.HasPrefix(js, `{"level":"x","child":{"level":"x","child":`) || !strings.Contains(r.Omitted, "child.child") {
			t.Errorf("got %q\n%.300s", r.Omitted, js)
		}
	}
}

func TestResultLongStrings(t *testing.T) {
	long := strings.Repeat("lorem ipsum dolor sit amet ", 2000)
	body, _ := json.Marshal(map[string]any{"id": 1, "body": long, "title": "short", "zz_tail": "end"})
	r := resultCall(t, resultServe(200, "application/json", string(body)), ResultOptions{MaxTokens: 400})
	resultCheck(t, r, ResultOptions{MaxTokens: 400})
	js := resultBodyText(r.Text)
	var got map[string]any
	if err := json.Unmarshal([]byte(js), &got); err != nil {
		t.Fatalf("%v: %s", err, js)
	}
	if got["id"] != 1.0 || got["title"] != "short" || got["zz_tail"] != "end" {
		t.Errorf("keys were dropped before the long string was shortened: %s", js)
	}
	s, _ := got["body"].(string)
	if !strings.HasPrefix(s, "lorem ipsum") || !strings.HasSuffix(s, " more characters)") || len(s) < 800 {
		t.Errorf("body: %q", s)
	}
	if !strings.HasPrefix(r.Omitted, "body: characters ") || !strings.HasSuffix(r.Omitted, fmt.Sprintf("of %d", len(long))) {
		t.Errorf("Omitted = %q", r.Omitted)
	}
	if strings.Contains(r.Text, "paging") {
		t.Errorf("advice to page when only a string was shortened: %s", strings.SplitN(r.Text, "\n", 2)[0])
	}
}

func TestResultHTTPErrors(t *testing.T) {
	for _, tc := range []struct {
		name          string
		status        int
		contentType   string
		body          string
		header        map[string]string
		first, second string
		has, hasNot   []string
	}{
		{name: "404 message", status: 404, contentType: "application/json", body: `{"message": "no pet with id 7"}`,
			first:  "404 Not Found: no pet with id 7",
			second: "That ID or path does not exist: look it up first with a list or search tool."},
		{name: "422 errors list", status: 422, contentType: "application/json",
			body:   `{"errors":[{"message":"must be a valid email","field":"email","code":"invalid"}]}`,
			first:  "422 Unprocessable Entity: must be a valid email",
			second: "The API rejected the arguments: correct the field it names and call again.",
			has:    []string{`{"errors":[{"message":"must be a valid email","field":"email","code":"invalid"}]}`}},
		{name: "400 nested error", status: 400, contentType: "application/problem+json",
			body:  `{"error":{"code":400,"message":"limit must be at most 100","status":"INVALID_ARGUMENT"}}`,
			first: "400 Bad Request: limit must be at most 100", hasNot: []string{"INVALID_ARGUMENT"}},
		{name: "500 HTML", status: 500, contentType: "text/html; charset=utf-8",
			body: "<!DOCTYPE html><html><head><title>Internal Error</title><style>body{color:red}</style>" +
				"<script>var x = 1 < 2;</script></head><body>\n<h1>Something   went wrong</h1><!-- debug: hunter2 -->\n<p>We&#39;re on it &amp; sorry.</p></body></html>",
			first:  "500 Internal Server Error: Internal Error Something went wrong We're on it & sorry.",
			second: "The server failed: try again later; do not repeat immediately.",
			hasNot: []string{"<", "color:red", "var x"}},
		{name: "503 retry after", status: 503, contentType: "text/plain", body: "maintenance", header: map[string]string{"Retry-After": "30"},
			first:  "503 Service Unavailable: maintenance",
			second: "The server failed: try again later; do not repeat immediately (retry after 30 seconds)."},
		{name: "429 empty", status: 429, first: "429 Too Many Requests",
			second: "Rate limited: wait before calling again; do not repeat immediately."},
		{name: "401", status: 401, contentType: "application/json", body: `{"error":"invalid_token","error_description":"The access token expired"}`,
			first:  "401 Unauthorized: The access token expired",
			second: "The credentials are missing or invalid; changing the arguments will not fix this: tell the user."},
		{name: "403 no message", status: 403, contentType: "application/json", body: `{"allowed":false,"scope_needed":"admin"}`,
			first: "403 Forbidden", has: []string{`{"allowed":false,"scope_needed":"admin"}`}},
		{name: "409", status: 409, contentType: "application/json", body: `{"detail":"version 3 is stale"}`,
			first: "409 Conflict: version 3 is stale", second: "Conflict with the resource's current state: fetch it again, then retry with current values."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := resultCall(t, func(w http.ResponseWriter, req *http.Request) {
				for k, v := range tc.header {
					w.Header().Set(k, v)
				}
				resultServe(tc.status, tc.contentType, tc.body)(w, req)
			}, ResultOptions{})
			resultCheck(t, r, ResultOptions{})
			lines := strings.Split(r.Text, "\n")
			if r.Kind != ResultHTTPError || r.Status != tc.status || r.OK || lines[0] != tc.first {
				t.Errorf("got %+v\nwant first line %q", r, tc.first)
			}
			if tc.second != "" && (len(lines) < 2 || lines[1] != tc.second) {
				t.Errorf("got %q\nwant second line %q", r.Text, tc.second)
			}
			for _, s := range tc.has {
				if !strings.Contains(r.Text, s) {
					t.Errorf("text lacks %q:\n%s", s, r.Text)
				}
			}
			for _, s := range tc.hasNot {
				if strings.Contains(r.Text, s) {
					t.Errorf("text has %q:\n%s", s, r.Text)
				}
			}
		})
	}
}

func TestResultMissingCredentials(t *testing.T) {
	srv := httptest.NewServer(resultServe(401, "application/json", `{"message":"Unauthorized"}`))
	defer srv.Close()
	schemes := []SecurityScheme{{Name: "petKey", Kind: APIKey, In: "header", ParamName: "X-Key", EnvVar: "PETS_KEY"}}
	c, err := NewClient(srv.URL, schemes, WithoutEnvironment())
	if err != nil {
		t.Fatal(err)
	}
	var resp Response
	err = c.Do(context.Background(), NewRequest("GET", "/pets", Security{{"petKey"}}), &resp, nil)
	r := NewResult(&resp, err, ResultOptions{})
	want := "401 Unauthorized: Unauthorized\nThe credentials are missing or invalid; changing the arguments will not fix this: tell the user (no credentials were set for petKey (PETS_KEY))."
	if r.Text != want {
		t.Errorf("got  %q\nwant %q", r.Text, want)
	}
	// Without resp, the *HTTPError alone is enough.
	if r2 := NewResult(nil, err, ResultOptions{}); r2.Text != want || r2.Status != 401 {
		t.Errorf("from the error alone: %+v", r2)
	}
}

func TestResultLargeErrorBody(t *testing.T) {
	body := `{"message":"validation failed","errors":` + resultItems(300) + `}`
	r := resultCall(t, resultServe(400, "application/json", body), ResultOptions{})
	resultCheck(t, r, ResultOptions{})
	lines := strings.SplitN(r.Text, "\n", 3)
	if len(lines) != 3 || lines[0] != "400 Bad Request: validation failed" || !json.Valid([]byte(lines[2])) || !r.Truncated {
		t.Fatalf("got %+v", r)
	}
	if n := shape.TokenEstimate(r.Text); n > 450 {
		t.Errorf("an error takes %d tokens", n)
	}
}

func TestResultEmpty(t *testing.T) {
	for _, tc := range []struct {
		status      int
		contentType string
		body, want  string
		kind        ResultKind
	}{
		{204, "", "", "204 No Content: succeeded, no body", ResultOKEmpty},
		{200, "application/json", "  \n", "200 OK: succeeded, no body", ResultOKEmpty},
		{200, "application/json", "[ ]", "200 OK: returned an empty list: nothing matched; check the filter values", ResultOKJSON},
		{200, "application/json", "{}", "200 OK: returned an empty object", ResultOKJSON},
		{200, "application/json", "null", "200 OK: returned null (no data)", ResultOKJSON},
		{200, "application/json", `{"items":[],"total":0}`,
			"200 OK (items is an empty list: nothing matched; check the filter values)\n" + `{"items":[],"total":0}`, ResultOKJSON},
	} {
		r := resultCall(t, resultServe(tc.status, tc.contentType, tc.body), ResultOptions{})
		resultCheck(t, r, ResultOptions{})
		if r.Text != tc.want || r.Kind != tc.kind || !r.OK {
			t.Errorf("%d %q: got %+v\nwant %q", tc.status, tc.body, r, tc.want)
		}
	}
}

func TestResultText(t *testing.T) {
	r := resultCall(t, resultServe(200, "text/plain; charset=utf-8", "name,count\r\nrex,  2  \r\n\r\n\r\n\r\nfido,3\n"), ResultOptions{})
	if want := "200 OK (text/plain)\nname,count\nrex,  2\n\nfido,3"; r.Text != want || r.Kind != ResultOKText {
		t.Errorf("got %+v\nwant %q", r, want)
	}
	long := strings.Repeat("The quick brown fox jumps over the lazy dog. ", 1000)
	r = resultCall(t, resultServe(200, "text/markdown", long), ResultOptions{MaxTokens: 300})
	resultCheck(t, r, ResultOptions{MaxTokens: 300})
	head, body, _ := strings.Cut(r.Text, "\n")
	if !r.Truncated || !strings.HasPrefix(head, "200 OK (text/markdown; trimmed to fit, left out characters ") ||
		!strings.HasPrefix(body, "The quick") || !strings.HasSuffix(body, " more characters)") {
		t.Errorf("got %+v", r)
	}
	r = resultCall(t, resultServe(200, "text/html", "<html><body><p>Hello <b>there</b></p></body></html>"), ResultOptions{})
	if want := "200 OK (text/html, shown without tags)\nHello there"; r.Text != want {
		t.Errorf("got %q, want %q", r.Text, want)
	}
	r = resultCall(t, resultServe(200, "image/png", "\x89PNG\r\n\x1a\n\x00\x00"), ResultOptions{})
	if want := "200 OK (image/png, 10 bytes): binary content, not shown"; r.Text != want || r.Kind != ResultOKBinary {
		t.Errorf("got %+v, want %q", r, want)
	}
	r = resultCall(t, resultServe(200, "application/json", `{"broken": tru`), ResultOptions{})
	if want := "200 OK (application/json, but not valid JSON; shown as text)\n{\"broken\": tru"; r.Text != want || r.Kind != ResultMalformed || !r.OK {
		t.Errorf("got %+v, want %q", r, want)
	}
}

func TestResultDecodeError(t *testing.T) {
	srv := httptest.NewServer(resultServe(200, "application/json", `{"id":"seven"}`))
	defer srv.Close()
	c, _ := NewClient(srv.URL, nil, WithoutEnvironment())
	var resp Response
	var out struct {
		ID int `json:"id"`
	}
	err := c.Do(context.Background(), NewRequest("GET", "/pets/7", nil), &resp, &out)
	r := NewResult(&resp, err, ResultOptions{})
	if want := "200 OK (the body does not match the API's documented schema)\n{\"id\":\"seven\"}"; r.Text != want || r.Kind != ResultMalformed || !r.OK {
		t.Errorf("got %+v\nwant %q", r, want)
	}
}

func TestResultTimeout(t *testing.T) {
	done := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-done:
		case <-r.Context().Done():
		}
	}))
	t.Cleanup(srv.Close)
	t.Cleanup(func() { close(done) }) // runs first: unblocks the handler
	c, err := NewClient(srv.URL, nil, WithoutEnvironment(), WithHTTPClient(&http.Client{Timeout: 200 * time.Millisecond}))
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	var resp Response
	err = c.Do(context.Background(), NewRequest("GET", "/slow", nil), &resp, nil)
	if time.Since(start) > 5*time.Second {
		t.Fatal("the client did not time out")
	}
	opts := ResultOptions{Timeout: 200 * time.Millisecond}
	r := NewResult(&resp, err, opts)
	resultCheck(t, r, opts)
	want := "no response: the request timed out after 200ms. The API may be slow or overloaded: try again later, or narrow the request (fewer items, tighter filters)."
	if r.Text != want || r.Kind != ResultTimeout || r.Status != 0 || r.OK {
		t.Errorf("got %+v\nwant %q", r, want)
	}
	// A context deadline reads the same.
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	c2, _ := NewClient(srv.URL, nil, WithoutEnvironment())
	err = c2.Do(ctx, NewRequest("GET", "/slow", nil), nil, nil)
	if r := NewResult(nil, err, ResultOptions{}); r.Kind != ResultTimeout || !strings.HasPrefix(r.Text, "no response: the request timed out. ") {
		t.Errorf("context deadline: %+v", r)
	}
}

func TestResultConnectionRefused(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	schemes := []SecurityScheme{{Name: "key", Kind: APIKey, In: "query", ParamName: "api_key"}}
	c, err := NewClient("http://user:hunter2@"+addr, schemes, WithoutEnvironment(), WithCredential("key", "SECRET-KEY-123"))
	if err != nil {
		t.Fatal(err)
	}
	req := NewRequest("GET", "/things", Security{{"key"}})
	req.Query("q", "x")
	err = c.Do(context.Background(), req, nil, nil)
	if err == nil || !strings.Contains(err.(*TransportError).Err.Error(), "SECRET-KEY-123") {
		t.Logf("the transport error does not carry the key (the test of its redaction proves less): %v", err)
	}
	r := NewResult(nil, err, ResultOptions{})
	resultCheck(t, r, ResultOptions{})
	want := "no response: could not connect to " + addr + " (connection refused). The service is down or unreachable: try again later; if it keeps failing, tell the user."
	if r.Text != want || r.Kind != ResultUnreachable {
		t.Errorf("got %+v\nwant %q", r, want)
	}
}

func TestResultCanceled(t *testing.T) {
	srv := httptest.NewServer(resultServe(200, "application/json", "{}"))
	defer srv.Close()
	c, _ := NewClient(srv.URL, nil, WithoutEnvironment())
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var resp Response
	err := c.Do(ctx, NewRequest("GET", "/things", nil), &resp, nil)
	r := NewResult(&resp, err, ResultOptions{})
	want := "no response: the call was canceled before the API answered (the run is stopping). Do not retry."
	if r.Text != want || r.Kind != ResultCanceled || r.Status != 0 {
		t.Errorf("got %+v", r)
	}
}

func TestResultNotSent(t *testing.T) {
	c, _ := NewClient("http://127.0.0.1:1", nil, WithoutEnvironment())
	err := c.Do(context.Background(), NewRequest("GET", "/pets/{petId}", nil), nil, nil)
	r := NewResult(nil, err, ResultOptions{})
	want := `not sent: GET /pets/{petId}: path parameter "petId" has no value. Correct the arguments and call again.`
	if r.Text != want || r.Kind != ResultInvalidArgs {
		t.Errorf("got %+v\nwant %q", r, want)
	}
	c, _ = NewClient("http://127.0.0.1:1", nil, WithoutEnvironment(), WithRequestEditor(func(context.Context, *http.Request) error {
		return fmt.Errorf("no tenant configured for https://x.example/?token=hunter2")
	}))
	err = c.Do(context.Background(), NewRequest("GET", "/pets", nil), nil, nil)
	r = NewResult(nil, err, ResultOptions{})
	want = "not sent: request editor: no tenant configured for https://x.example/. The tool is misconfigured; changing the arguments will not fix this: tell the user."
	if r.Text != want || r.Kind != ResultMisconfigured {
		t.Errorf("got %+v\nwant %q", r, want)
	}
	if r := NewResult(nil, nil, ResultOptions{}); r.Kind != ResultMalformed || r.Text == "" {
		t.Errorf("nothing at all: %+v", r)
	}
}

func TestResultTooLarge(t *testing.T) {
	srv := httptest.NewServer(resultServe(200, "application/json", resultItems(100)))
	defer srv.Close()
	c, _ := NewClient(srv.URL, nil, WithoutEnvironment(), WithMaxResponseBytes(1000))
	err := c.Do(context.Background(), NewRequest("GET", "/things", nil), nil, nil)
	r := NewResult(nil, err, ResultOptions{})
	want := "no response: the response is larger than 1000 bytes, more than this client reads. Ask for less with the tool's paging or filter parameters."
	if r.Text != want || r.Kind != ResultTooLarge {
		t.Errorf("got %+v\nwant %q", r, want)
	}
}

// TestResultSmallBudgets checks every kind of result against budgets down
// to 60 tokens.
func TestResultSmallBudgets(t *testing.T) {
	long := strings.Repeat("word ", 5000)
	bodies := []struct {
		status            int
		contentType, body string
	}{
		{200, "application/json", resultItems(300)},
		{200, "application/json", `{"a":"` + long + `","b":` + resultItems(50) + `}`},
		{200, "text/plain", long},
		{200, "text/html", "<p>" + long + "</p>"},
		{404, "application/json", `{"message":"` + long + `"}`},
		{422, "application/json", `{"errors":` + resultItems(200) + `}`},
		{500, "text/html", "<h1>" + long + "</h1>"},
	}
	for _, b := range bodies {
		for _, max := range []int{60, 100, 250} {
			for _, count := range []func(string) int{nil, resultWords} {
				opts := ResultOptions{MaxTokens: max, Count: count}
				r1 := resultCall(t, resultServe(b.status, b.contentType, b.body), opts)
				resultCheck(t, r1, opts)
				r2 := resultCall(t, resultServe(b.status, b.contentType, b.body), opts)
				if r1 != r2 {
					t.Errorf("not deterministic:\n%+v\n%+v", r1, r2)
				}
			}
		}
	}
}

func TestResultTimeoutReadingBody(t *testing.T) {
	done := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`[{"id":1},`))
		w.(http.Flusher).Flush()
		select {
		case <-done:
		case <-r.Context().Done():
		}
	}))
	t.Cleanup(srv.Close)
	t.Cleanup(func() { close(done) })
	c, _ := NewClient(srv.URL, nil, WithoutEnvironment(), WithHTTPClient(&http.Client{Timeout: 200 * time.Millisecond}))
	var resp Response
	err := c.Do(context.Background(), NewRequest("GET", "/slow", nil), &resp, nil)
	r := NewResult(&resp, err, ResultOptions{})
	want := "no response: the request timed out while reading the response. The API may be slow or overloaded: try again later, or narrow the request (fewer items, tighter filters)."
	if r.Text != want || r.Kind != ResultTimeout {
		t.Errorf("got %+v (from %v)\nwant %q", r, err, want)
	}
}

func TestResultLongFailureMessage(t *testing.T) {
	c, _ := NewClient("http://127.0.0.1:1", nil, WithoutEnvironment())
	err := c.Do(context.Background(), NewRequest("GET", "/pets/{petId}/"+strings.Repeat("segment/", 100), nil), nil, nil)
	opts := ResultOptions{MaxTokens: 40}
	r := NewResult(nil, err, opts)
	resultCheck(t, r, opts)
	if r.Kind != ResultInvalidArgs || !strings.HasPrefix(r.Text, "not sent: GET /pets/{petId}/segment/segment …") || !strings.HasSuffix(r.Text, `/: path parameter "petId" has no value. Correct the arguments and call again.`) {
		t.Errorf("got %+v", r)
	}
}

// BenchmarkNewResult is the time of shaping a 1.4 MB JSON list into a
// result of the default budget.
func BenchmarkNewResult(b *testing.B) {
	resp := &Response{StatusCode: 200, Header: map[string][]string{"Content-Type": {"application/json"}}, Raw: []byte(resultItems(20000))}
	b.SetBytes(int64(len(resp.Raw)))
	b.ReportAllocs()
	for b.Loop() {
		if r := NewResult(resp, nil, ResultOptions{}); !r.Truncated {
			b.Fatal("not trimmed")
		}
	}
}
