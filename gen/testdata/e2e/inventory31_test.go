package inventory31

// This file is copied next to the package generated from
// specs/golden/inventory31.yaml by TestGeneratedClientOverHTTP (gen/e2e_test.go)
// and run there with `go test`: it checks that the generated client puts
// every parameter where the spec says, authenticates as the spec says and
// decodes real HTTP responses.

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentready/agentready/gen/toolrt"
)

// recorder is an HTTP server on 127.0.0.1 that remembers the last request
// and answers with a fixed status and body.
type recorder struct {
	srv    *httptest.Server
	req    *http.Request
	body   string
	status int
	reply  string
}

func newRecorder(t *testing.T, status int, reply string) *recorder {
	rec := &recorder{status: status, reply: reply}
	rec.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		rec.req, rec.body = r, string(b)
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(rec.status)
		io.WriteString(w, rec.reply)
	}))
	t.Cleanup(rec.srv.Close)
	return rec
}

func newClient(t *testing.T, url string, opts ...toolrt.Option) *Client {
	t.Helper()
	c, err := NewClient(url, append([]toolrt.Option{toolrt.WithoutEnvironment()}, opts...)...)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestListItemsSendsEveryParameterInItsPlace(t *testing.T) {
	rec := newRecorder(t, 200, `{"items":[{"id":"a1","name":"Widget","price":9.5,"status":"active","created_at":"2026-01-02T03:04:05Z","tags":["red"]}],"next_cursor":null}`)
	c := newClient(t, rec.srv.URL, toolrt.WithCredential("bearerAuth", "tok-123"))
	limit, status, reqID, session := 5, StatusInReview, "6f1c2a4e-0000-4000-8000-000000000001", "s-1"
	minPrice := 2.5
	out, err := c.ListItems(context.Background(), ListItemsInput{
		Limit:      &limit,
		Tags:       []string{"red", "blue"},
		Status:     &status,
		Filter:     &ListItemsFilter{MinPrice: &minPrice},
		IDs:        []int64{7, 9},
		XRequestID: &reqID,
		Session:    &session,
	})
	if err != nil {
		t.Fatal(err)
	}
	r := rec.req
	if r.Method != http.MethodGet || r.URL.Path != "/items" {
		t.Errorf("request %s %s, want GET /items", r.Method, r.URL.Path)
	}
	q := r.URL.Query()
	for key, want := range map[string]string{"limit": "5", "status": "in-review", "filter[min_price]": "2.5", "ids": "7|9"} {
		if got := q.Get(key); got != want {
			t.Errorf("query %s = %q, want %q (raw query %q)", key, got, want, r.URL.RawQuery)
		}
	}
	if got := q["tags"]; strings.Join(got, ",") != "red,blue" {
		t.Errorf("query tags = %q, want exploded red, blue", got)
	}
	if got := r.Header.Get("X-Request-Id"); got != reqID {
		t.Errorf("header X-Request-Id = %q", got)
	}
	if ck, err := r.Cookie("session"); err != nil || ck.Value != "s-1" {
		t.Errorf("cookie session = %v, %v", ck, err)
	}
	if got := r.Header.Get("Authorization"); got != "Bearer tok-123" {
		t.Errorf("Authorization = %q, want the bearer token", got)
	}
	if out.StatusCode != 200 || len(out.Body.Items) != 1 || out.Body.Items[0].Status != StatusActive || out.Body.Items[0].CreatedAt.Year() != 2026 {
		t.Errorf("decoded %+v", out.Body)
	}
	if out.Body.NextCursor != nil {
		t.Errorf("next_cursor null decoded as %v", *out.Body.NextCursor)
	}
}

func TestUnsetOptionalParametersAreNotSent(t *testing.T) {
	rec := newRecorder(t, 200, `{"items":[]}`)
	c := newClient(t, rec.srv.URL)
	if _, err := c.ListItems(context.Background(), ListItemsInput{}); err != nil {
		t.Fatal(err)
	}
	if rec.req.URL.RawQuery != "" || rec.req.Header.Get("X-Request-Id") != "" || len(rec.req.Cookies()) != 0 {
		t.Errorf("unset parameters were sent: query %q, header %q, cookies %v",
			rec.req.URL.RawQuery, rec.req.Header.Get("X-Request-Id"), rec.req.Cookies())
	}
}

func TestCreateItemSendsJSONBodyWithAPIKey(t *testing.T) {
	rec := newRecorder(t, 201, `{"id":"n1","name":"Widget","price":9.5,"status":"draft","created_at":"2026-01-02T03:04:05Z"}`)
	c := newClient(t, rec.srv.URL, toolrt.WithCredential("apiKey", "key-9"))
	qty := int32(3)
	out, err := c.CreateItem(context.Background(), CreateItemInput{Body: NewItem{Name: "Widget", Price: 9.5, Quantity: &qty}})
	if err != nil {
		t.Fatal(err)
	}
	if rec.req.Method != http.MethodPost || rec.req.Header.Get("Content-Type") != "application/json" {
		t.Errorf("request %s with content type %q", rec.req.Method, rec.req.Header.Get("Content-Type"))
	}
	if rec.body != `{"name":"Widget","price":9.5,"quantity":3}` {
		t.Errorf("body %s", rec.body)
	}
	if got := rec.req.Header.Get("X-API-Key"); got != "key-9" {
		t.Errorf("X-API-Key = %q: the first satisfiable security requirement must be used", got)
	}
	if out.StatusCode != 201 || out.Body.ID != "n1" || out.Body.Status != StatusDraft {
		t.Errorf("decoded %+v", out.Body)
	}
}

func TestPathParametersCannotEscapeTheirSegment(t *testing.T) {
	rec := newRecorder(t, 200, `{"id":"x","name":"n","price":1,"status":"draft","created_at":"2026-01-02T03:04:05Z"}`)
	c := newClient(t, rec.srv.URL)
	for _, id := range []string{"../admin", "a/b", "a?b=c", "a#b", "%2e%2e"} {
		if _, err := c.GetItem(context.Background(), GetItemInput{ItemID: id}); err != nil {
			t.Fatalf("%q: %v", id, err)
		}
		if got := rec.req.URL.EscapedPath(); !strings.HasPrefix(got, "/items/") || strings.Count(got, "/") != 2 || rec.req.URL.RawQuery != "" {
			t.Errorf("item id %q reached the server as path %q query %q", id, got, rec.req.URL.RawQuery)
		}
	}
}

func TestHTTPErrorsCarryStatusAndTheAPIsMessage(t *testing.T) {
	rec := newRecorder(t, 404, `{"message":"no item 42"}`)
	c := newClient(t, rec.srv.URL, toolrt.WithCredential("bearerAuth", "secret-token-value"))
	out, err := c.GetItem(context.Background(), GetItemInput{ItemID: "42"})
	var he *toolrt.HTTPError
	if !errors.As(err, &he) {
		t.Fatalf("got %v, want *toolrt.HTTPError", err)
	}
	if out.StatusCode != 404 || !strings.Contains(err.Error(), "404") || !strings.Contains(err.Error(), "no item 42") {
		t.Errorf("status %d, error %q", out.StatusCode, err)
	}
	if strings.Contains(err.Error(), "secret-token-value") {
		t.Errorf("the error leaks the credential: %q", err)
	}
}

// TestOperationsMatchTheSpecBuiltCatalog compares the generated tool
// descriptors with the ones agentready computes straight from the spec
// (written to testdata/catalog.json by the outer test): a generated package
// and `agentready call` must behave alike.
func TestOperationsMatchTheSpecBuiltCatalog(t *testing.T) {
	want, err := os.ReadFile(filepath.Join("testdata", "catalog.json"))
	if err != nil {
		t.Fatal(err)
	}
	got, err := json.MarshalIndent(Operations(), "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("generated descriptors differ from the spec-built ones:\ngenerated %s\nspec-built %s", got, want)
	}
}
