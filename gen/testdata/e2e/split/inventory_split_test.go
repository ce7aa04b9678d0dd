package all_test

// This file is copied into the all/ package of the package generated from
// specs/golden/inventory31.yaml with SplitByTag, by TestSplitPackageOverHTTP
// (gen/e2e_test.go), and run there with `go test`: it checks that a tag's
// package calls the API through the root's client, and that the tools of
// all are the ones agentready builds straight from the spec.

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/agentready/agentready/gen/toolrt"
	"github.com/cloudwego/eino/components/tool"

	"e2e/inventory"
	"e2e/inventory/all"
	"e2e/inventory/items"
)

// server answers every request with one item and remembers the last one.
func server(t *testing.T) (*httptest.Server, **http.Request) {
	var last *http.Request
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.ReadAll(r.Body)
		last = r
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, `{"id":"a1","name":"Widget","price":9.5,"status":"active","created_at":"2026-01-02T03:04:05Z"}`)
	}))
	t.Cleanup(srv.Close)
	return srv, &last
}

func client(t *testing.T, url string) *inventory.Client {
	t.Helper()
	c, err := inventory.NewClient(url, toolrt.WithoutEnvironment(), toolrt.WithCredential("bearerAuth", "tok-123"))
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestTagPackageCallsThroughTheRootClient(t *testing.T) {
	srv, last := server(t)
	out, err := items.New(client(t, srv.URL)).GetItem(context.Background(), items.GetItemInput{ItemID: "a/1"})
	if err != nil {
		t.Fatal(err)
	}
	if got := (*last).URL.EscapedPath(); got != "/items/a%2F1" {
		t.Errorf("path %s, want /items/a%%2F1", got)
	}
	if got := (*last).Header.Get("Authorization"); got != "Bearer tok-123" {
		t.Errorf("Authorization %q", got)
	}
	// The body decodes into the root's shared type.
	var item inventory.Item = out.Body
	if item.Name != "Widget" || item.Status != inventory.StatusActive {
		t.Errorf("decoded %+v", item)
	}
}

func TestAllToolsAreTheSpecBuiltCatalog(t *testing.T) {
	want, err := os.ReadFile(filepath.Join("testdata", "catalog.json"))
	if err != nil {
		t.Fatal(err)
	}
	ops := slices.Clone(all.Operations())
	slices.SortFunc(ops, func(a, b *toolrt.Operation) int { return strings.Compare(a.Name, b.Name) })
	got, err := json.MarshalIndent(ops, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("the split package's descriptors differ from the spec-built ones:\nsplit %s\nspec-built %s", got, want)
	}
}

func TestAllToolsCallTheAPI(t *testing.T) {
	srv, last := server(t)
	tools, err := all.Tools(client(t, srv.URL))
	if err != nil {
		t.Fatal(err)
	}
	if len(tools) != len(all.Operations()) {
		t.Fatalf("%d tools for %d operations", len(tools), len(all.Operations()))
	}
	for _, bt := range tools {
		info, err := bt.Info(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if info.Name != "getItem" {
			continue
		}
		const id = "3fa85f64-5717-4562-b3fc-2c963f66afa6"
		text, err := bt.(tool.InvokableTool).InvokableRun(context.Background(), `{"itemId":"`+id+`"}`)
		if err != nil {
			t.Fatal(err)
		}
		if *last == nil {
			t.Fatalf("getItem did not call the API; it returned %s", text)
		}
		if (*last).URL.Path != "/items/"+id || !strings.Contains(text, "Widget") {
			t.Errorf("getItem reached %s and returned %s", (*last).URL.Path, text)
		}
		return
	}
	t.Fatal("all.Tools has no getItem")
}
