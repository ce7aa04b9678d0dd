package toolrt

import (
	"context"
	"encoding/base64"
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"
)

// credKind is one way a credential travels, with a secret that must not
// leave the API's origin.
type credKind struct {
	scheme SecurityScheme
	secret string
}

var credKinds = []credKind{
	{SecurityScheme{Name: "bearer", Kind: BearerAuth}, "tok_SECRET_bearer"},
	{SecurityScheme{Name: "basic", Kind: BasicAuth}, "alice:pw_SECRET_basic"},
	{SecurityScheme{Name: "headerKey", Kind: APIKey, In: "header", ParamName: "X-API-Key"}, "key_SECRET_header"},
	{SecurityScheme{Name: "queryKey", Kind: APIKey, In: "query", ParamName: "api_key"}, "sk_live_SECRET_query"},
	{SecurityScheme{Name: "cookieKey", Kind: APIKey, In: "cookie", ParamName: "session"}, "ck_SECRET_cookie"},
}

// leaks reports whether s holds the secret in any spelling a request or
// a message could carry it in.
func (k credKind) leaks(s string) bool {
	forms := []string{k.secret, base64.StdEncoding.EncodeToString([]byte(k.secret)), "SECRET"}
	for _, f := range forms {
		if strings.Contains(s, f) {
			return true
		}
	}
	return false
}

func (k credKind) client(t *testing.T, base string, hc *http.Client) *Client {
	t.Helper()
	if hc == nil {
		hc = &http.Client{Timeout: 5 * time.Second}
	}
	c, err := NewClient(base, []SecurityScheme{k.scheme}, WithoutEnvironment(), WithCredential(k.scheme.Name, k.secret),
		WithHTTPClient(hc), WithRetry(RetryPolicy{Attempts: 1}))
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func (k credKind) op() *Operation {
	return &Operation{Name: "getItem", Method: http.MethodGet, Path: "/items/{id}",
		Security: Security{{k.scheme.Name}}, Params: []Param{{Name: "id", In: "path", Style: "simple", Required: true}}}
}

// recorder is a server that keeps a dump of every request it gets.
type recorder struct {
	srv   *httptest.Server
	mu    sync.Mutex
	dumps []string
}

func newRecorder(t *testing.T, handle func(w http.ResponseWriter, r *http.Request)) *recorder {
	t.Helper()
	rec := new(recorder)
	rec.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		d, _ := httputil.DumpRequest(r, true)
		rec.mu.Lock()
		rec.dumps = append(rec.dumps, string(d))
		rec.mu.Unlock()
		handle(w, r)
	}))
	t.Cleanup(rec.srv.Close)
	return rec
}

func (r *recorder) requests() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]string(nil), r.dumps...)
}

// TestRedirectsKeepCredentials: an API that redirects to another port or
// another host gets its 3xx returned, with where it pointed, and the
// other origin gets nothing; a redirect within the origin is followed,
// without a Referer.
func TestRedirectsKeepCredentials(t *testing.T) {
	for _, k := range credKinds {
		t.Run(k.scheme.Name, func(t *testing.T) {
			other := newRecorder(t, func(w http.ResponseWriter, r *http.Request) { w.Write([]byte(`{"stolen":true}`)) })
			var api *recorder
			api = newRecorder(t, func(w http.ResponseWriter, r *http.Request) {
				switch {
				case r.Host != api.srv.Listener.Addr().String():
					w.Write([]byte(`{"stolen":true}`)) // reached as "localhost"
				case r.URL.Path == "/items/port":
					http.Redirect(w, r, other.srv.URL+"/landing", http.StatusFound)
				case r.URL.Path == "/items/host":
					http.Redirect(w, r, strings.Replace(api.srv.URL, "127.0.0.1", "localhost", 1)+"/landing", http.StatusTemporaryRedirect)
				case r.URL.Path == "/items/here":
					http.Redirect(w, r, "/items/landed", http.StatusMovedPermanently)
				default:
					w.Header().Set("Content-Type", "application/json")
					w.Write([]byte(`{"id":"landed"}`))
				}
			})
			c := k.client(t, api.srv.URL, nil)
			for _, target := range []string{"port", "host"} {
				resp, err := c.Call(context.Background(), k.op(), map[string]any{"id": target})
				var he *HTTPError
				if !errors.As(err, &he) || resp.StatusCode/100 != 3 {
					t.Fatalf("redirect to another %s: got %v, status %d; want the 3xx back", target, err, resp.StatusCode)
				}
				if !strings.Contains(he.Hint, "/landing") || !strings.Contains(he.Hint, "not followed") {
					t.Errorf("redirect to another %s: the hint %q does not say where it pointed", target, he.Hint)
				}
				text := NewResult(resp, err, ResultOptions{}).Text
				if !strings.Contains(text, "/landing") || k.leaks(text) || k.leaks(err.Error()) {
					t.Errorf("redirect to another %s: the result %q or error %q does not name the target or leaks", target, text, err)
				}
			}
			for _, d := range other.requests() {
				t.Errorf("the other port got a request:\n%s", d)
			}
			for _, d := range api.requests() {
				if strings.Contains(d, "localhost") {
					t.Errorf("the other host got a request:\n%s", d)
				}
			}
			// Within the origin: followed, without a Referer.
			resp, err := c.Call(context.Background(), k.op(), map[string]any{"id": "here"})
			if err != nil || resp.StatusCode != 200 {
				t.Fatalf("redirect within the origin: %v", err)
			}
			last := api.requests()[len(api.requests())-1]
			if strings.Contains(last, "Referer") {
				t.Errorf("the redirect within the origin sent a Referer:\n%s", last)
			}
			// Every kind of credential reaches the address redirected to
			// within the origin: the query key is sent again.
			if !k.leaks(last) {
				t.Errorf("the redirect within the origin lost the credential:\n%s", last)
			}
		})
	}
}

// TestRedirectsHonourCallersPolicy: a CheckRedirect of the caller's still
// decides within the origin.
func TestRedirectsHonourCallersPolicy(t *testing.T) {
	api := newRecorder(t, func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/items/here" {
			http.Redirect(w, r, "/items/landed", http.StatusFound)
		}
	})
	k := credKinds[0]
	hc := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, _ := k.client(t, api.srv.URL, hc).Call(context.Background(), k.op(), map[string]any{"id": "here"})
	if resp.StatusCode != http.StatusFound || len(api.requests()) != 1 {
		t.Errorf("the caller's policy said stop: status %d after %d requests", resp.StatusCode, len(api.requests()))
	}
}

// closedPort returns an address nothing listens on.
func closedPort(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	return "http://" + addr
}

// TestTransportErrorsKeepCredentials: the Go error and the result text
// of a call that got no answer (closed port, timeout, timeout after a
// redirect, a redirect loop) name where it failed and hold no credential.
func TestTransportErrorsKeepCredentials(t *testing.T) {
	api := newRecorder(t, func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/items/slow":
			<-r.Context().Done() // until the client gives up
		case "/items/moved":
			http.Redirect(w, r, "/items/slow?page=2", http.StatusFound)
		case "/items/loop":
			http.Redirect(w, r, "/items/loop", http.StatusFound)
		}
	})
	cases := []struct {
		name, base, id string
		where          []string // what the error must name
	}{
		{"closed port", closedPort(t), "7", []string{"/items/7", "connection refused"}},
		{"timeout", api.srv.URL, "slow", []string{api.srv.URL + "/items/slow", "Timeout"}},
		{"timeout after a redirect", api.srv.URL, "moved", []string{api.srv.URL + "/items/slow (redirected from " + api.srv.URL + "/items/moved)"}},
		{"redirect loop", api.srv.URL, "loop", []string{"stopped after 10 redirects"}},
	}
	for _, k := range credKinds {
		for _, tc := range cases {
			c := k.client(t, tc.base, &http.Client{Timeout: 200 * time.Millisecond})
			resp, err := c.Call(context.Background(), k.op(), map[string]any{"id": tc.id})
			var te *TransportError
			if !errors.As(err, &te) {
				t.Fatalf("%s, %s: got %v, want a TransportError", k.scheme.Name, tc.name, err)
			}
			msg := err.Error()
			text := NewResult(resp, err, ResultOptions{}).Text
			if k.leaks(msg) || k.leaks(text) {
				t.Errorf("%s, %s: a credential leaks:\nerror: %s\nresult: %s", k.scheme.Name, tc.name, msg, text)
			}
			for _, w := range tc.where {
				if !strings.Contains(msg, w) {
					t.Errorf("%s, %s: the error %q does not say %q", k.scheme.Name, tc.name, msg, w)
				}
			}
			var ue *url.Error
			if errors.As(err, &ue) && k.leaks(ue.URL) {
				t.Errorf("%s, %s: the wrapped url.Error holds %q", k.scheme.Name, tc.name, ue.URL)
			}
		}
	}
}

// TestHTTPErrorScrubsEchoedCredentials: an API that quotes the key back
// in its error message does not put it in the Go error.
func TestHTTPErrorScrubsEchoedCredentials(t *testing.T) {
	for _, k := range credKinds {
		api := newRecorder(t, func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusUnauthorized)
			w.Write([]byte(`{"message":"invalid credential ` + k.secret + `"}`))
		})
		_, err := k.client(t, api.srv.URL, nil).Call(context.Background(), k.op(), map[string]any{"id": "7"})
		if err == nil || k.leaks(err.Error()) || !strings.Contains(err.Error(), redactedMark) {
			t.Errorf("%s: %v", k.scheme.Name, err)
		}
	}
}

// What the model reads never holds a credential, whether the API echoes
// it in an error or in data.
func TestResultTextScrubsEchoedCredentials(t *testing.T) {
	for _, k := range credKinds {
		for _, status := range []int{http.StatusOK, http.StatusUnauthorized} {
			api := newRecorder(t, func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", "application/json")
				w.WriteHeader(status)
				w.Write([]byte(`{"message":"the credential you sent is ` + k.secret + `"}`))
			})
			op := k.op()
			op.Schema = `{"type":"object","properties":{"id":{"type":"string"}},"required":["id"]}`
			tool, err := NewTool(k.client(t, api.srv.URL, nil), op)
			if err != nil {
				t.Fatal(err)
			}
			call := tool.Run(context.Background(), `{"id":"7"}`)
			if k.leaks(call.Text) || k.leaks(call.Result.Text) || !strings.Contains(call.Text, redactedMark) {
				t.Errorf("%s, %d: the model reads %q", k.scheme.Name, status, call.Text)
			}
		}
	}
}

// Each kind of credential lands where its scheme says, and an API key in
// the query is appended to the query the parameters wrote, which keeps
// its order and encoding.
func TestCredentialsGoWhereTheSchemeSays(t *testing.T) {
	var got *http.Request
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got = r.Clone(context.Background())
		w.WriteHeader(204)
	}))
	defer srv.Close()
	schemes := []SecurityScheme{
		{Name: "q", Kind: APIKey, In: "query", ParamName: "api key"},
		{Name: "h", Kind: APIKey, In: "header", ParamName: "X-API-Key"},
		{Name: "c", Kind: APIKey, In: "cookie", ParamName: "session"},
		{Name: "basic", Kind: BasicAuth},
	}
	c, err := NewClient(srv.URL, schemes, WithoutEnvironment(), WithCredential("q", "k&1"), WithCredential("h", "hk"),
		WithCredential("c", "ck"), WithCredential("basic", "ann:pa:ss"))
	if err != nil {
		t.Fatal(err)
	}
	req := NewRequest("GET", "/things", Security{{"q", "h", "c", "basic"}})
	req.Query("zeta", "1")
	req.Query("alpha", "a b")
	if err := c.Do(context.Background(), req, nil, nil); err != nil {
		t.Fatal(err)
	}
	if q := got.URL.RawQuery; !strings.HasPrefix(q, "zeta=1&alpha=") || !strings.HasSuffix(q, "&api+key=k%261") {
		t.Errorf("query %q: want the parameters in order, then the key", q)
	}
	user, pass, _ := got.BasicAuth()
	if got.Header.Get("X-API-Key") != "hk" || user != "ann" || pass != "pa:ss" {
		t.Errorf("header key %q, basic %q:%q", got.Header.Get("X-API-Key"), user, pass)
	}
	if ck, err := got.Cookie("session"); err != nil || ck.Value != "ck" {
		t.Errorf("cookie: %v %v", ck, err)
	}
}
