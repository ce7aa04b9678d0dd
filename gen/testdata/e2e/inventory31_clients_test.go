package inventory31

// Two clients of one generated package, for two servers, in one process:
// each owns its descriptors, and concurrent calls through typed methods
// and tools each reach their own server. TestGeneratedClientOverHTTP runs
// this file under -race as well.

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/agentready/agentready/gen/toolrt"
)

// tenant is a server on 127.0.0.1 that expects one bearer token and
// counts the requests that carry it and those that carry another.
type tenant struct {
	srv          *httptest.Server
	token        string
	mine, others atomic.Int64
}

func newTenant(t *testing.T, token string) *tenant {
	tn := &tenant{token: token}
	tn.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") == "Bearer "+token {
			tn.mine.Add(1)
		} else {
			tn.others.Add(1)
		}
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, `{"items":[{"id":"i1","name":"Widget of `+tn.name()+`","price":1,"status":"active","created_at":"2026-01-02T03:04:05Z"}]}`)
	}))
	t.Cleanup(tn.srv.Close)
	return tn
}

// name is what the server puts in its answers: the token would be
// redacted from what a model reads.
func (tn *tenant) name() string { return strings.ToUpper(strings.TrimPrefix(tn.token, "tenant-")) }

func TestTwoClientsOwnTheirDescriptors(t *testing.T) {
	a, b := newTenant(t, "tenant-a"), newTenant(t, "tenant-b")
	ca := newClient(t, a.srv.URL, toolrt.WithCredential("bearerAuth", a.token))
	cb := newClient(t, b.srv.URL, toolrt.WithCredential("bearerAuth", b.token))
	catA, err := NewCatalog(ca)
	if err != nil {
		t.Fatal(err)
	}
	catB, err := NewCatalog(cb)
	if err != nil {
		t.Fatal(err)
	}
	toolA, okA := catA.Tool("listItems")
	toolB, okB := catB.Tool("listItems")
	if !okA || !okB {
		t.Fatal("no listItems tool")
	}
	if toolA.Operation() == toolB.Operation() {
		t.Fatal("two catalogs share one descriptor")
	}
	// What one tenant changes in its descriptor, another does not see.
	toolA.Operation().Description = "changed by tenant A"
	toolA.Operation().Params[0].Name = "changed"
	if strings.HasPrefix(toolB.Operation().Description, "changed") || toolB.Operation().Params[0].Name == "changed" {
		t.Error("a change to one catalog's descriptor shows in another's")
	}
	for _, op := range Operations() {
		if op.Name == "listItems" && (op.Description == "changed by tenant A" || op.Params[0].Name == "changed") {
			t.Error("a change to a catalog's descriptor shows in Operations()")
		}
	}

	const goroutines, calls = 50, 20
	var wg sync.WaitGroup
	var failures atomic.Int64
	ctx := context.Background()
	for g := range goroutines {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c, cat, want := ca, catA, "Widget of "+a.name()
			if g%2 == 1 {
				c, cat, want = cb, catB, "Widget of "+b.name()
			}
			for i := range calls {
				if i%2 == 0 {
					out, err := c.ListItems(ctx, ListItemsInput{})
					if err != nil || len(out.Body.Items) != 1 || out.Body.Items[0].Name != want {
						if failures.Add(1) == 1 {
							t.Errorf("typed call: %v", err)
						}
					}
					continue
				}
				tl, _ := cat.Tool("listItems")
				if got := tl.Run(ctx, `{}`); got.Err != nil || !strings.Contains(got.Text, want) {
					if failures.Add(1) == 1 {
						t.Errorf("tool call: %v\n%s", got.Err, got.Text)
					}
				}
			}
		}()
	}
	wg.Wait()
	if n := failures.Load(); n > 0 {
		t.Errorf("%d calls failed or were answered by the other tenant's server", n)
	}
	each := int64(goroutines * calls / 2)
	for _, tn := range []*tenant{a, b} {
		if tn.mine.Load() != each || tn.others.Load() != 0 {
			t.Errorf("server %s: %d requests with its token, %d with another (want %d and 0)", tn.token, tn.mine.Load(), tn.others.Load(), each)
		}
	}
}
