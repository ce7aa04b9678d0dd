package cases_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"runtime"
	"sync"
	"testing"

	"github.com/agentready/agentready/gen"
	"github.com/agentready/agentready/gen/catalog"
	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/gen/toolrt"
	"github.com/agentready/agentready/harness/graph"
	"github.com/agentready/agentready/specs/exampleapi/server"
)

// repoFile returns the path of a file in this repository.
func repoFile(t testing.TB, rel string) string {
	t.Helper()
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", filepath.FromSlash(rel))
}

var (
	apiOnce sync.Once
	apiIR   *ir.API
	apiErr  error
)

// exampleAPI loads the example API's spec once.
func exampleAPI(t testing.TB) *ir.API {
	t.Helper()
	apiOnce.Do(func() {
		apiIR, _, apiErr = gen.Load(gen.Options{Spec: repoFile(t, "specs/exampleapi/openapi.yaml")})
	})
	if apiErr != nil {
		t.Fatal(apiErr)
	}
	return apiIR
}

// liveAPI is a fresh example server on 127.0.0.1 that counts requests by
// method.
type liveAPI struct {
	URL string
	mu  sync.Mutex
	n   map[string]int
}

func (l *liveAPI) count(method string) int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.n[method]
}

func (l *liveAPI) mutations() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	n := 0
	for m, c := range l.n {
		if m != http.MethodGet && m != http.MethodHead {
			n += c
		}
	}
	return n
}

// startAPI starts a fresh example API (seeded data, getServiceStats never
// failing) behind a handler that counts requests.
func startAPI(t testing.TB) *liveAPI {
	t.Helper()
	srv, err := server.New(server.Options{FailEvery: -1})
	if err != nil {
		t.Fatal(err)
	}
	l := &liveAPI{n: map[string]int{}}
	h := srv.Handler()
	hs := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		l.mu.Lock()
		l.n[r.Method]++
		l.mu.Unlock()
		h.ServeHTTP(w, r)
	}))
	t.Cleanup(func() {
		hs.Close()
		srv.Close()
	})
	l.URL = hs.URL
	return l
}

// catalogFor builds the tools of api against url with the admin token.
func catalogFor(t testing.TB, api *ir.API, url string, opts ...toolrt.ToolOption) *catalog.Bound {
	t.Helper()
	client, err := catalog.NewClient(api, url, toolrt.WithCredential("bearerAuth", server.DefaultAdminToken), toolrt.WithoutEnvironment())
	if err != nil {
		t.Fatal(err)
	}
	cat, err := catalog.Bind(api, client, opts...)
	if err != nil {
		t.Fatal(err)
	}
	return cat
}

// approvedGraph is the inferred graph of api with its confident edges
// approved, as a reviewer would.
func approvedGraph(api *ir.API) *graph.Graph {
	g := graph.Infer(api, graph.Options{})
	g.SetStatusAbove(0.6, graph.Approved)
	return g
}

var ctx = context.Background()
