package catalog_test

import (
	"strings"
	"testing"

	"github.com/agentready/agentready/gen"
	"github.com/agentready/agentready/gen/catalog"
	"github.com/agentready/agentready/gen/toolrt"
	"github.com/agentready/agentready/specs/exampleapi/server"
)

// TestBind checks that Bind carries the IR it was given with tools built
// as New builds them, calling the live example API, and that a missing
// IR is a clear error rather than a panic later.
func TestBind(t *testing.T) {
	url, opts := serviceDesk(t)
	api, _, err := gen.Load(*opts)
	if err != nil {
		t.Fatal(err)
	}
	client, err := catalog.NewClient(api, url, toolrt.WithoutEnvironment(), toolrt.WithCredential("bearerAuth", server.DefaultAdminToken))
	if err != nil {
		t.Fatal(err)
	}
	b, err := catalog.Bind(api, client)
	if err != nil {
		t.Fatal(err)
	}
	if b.API != api {
		t.Fatal("Bind does not carry the IR it was given")
	}
	bare, err := catalog.New(api, client)
	if err != nil {
		t.Fatal(err)
	}
	if len(b.Tools) != len(bare.Tools) || len(b.Tools) != len(api.Operations) {
		t.Fatalf("%d bound tools, %d from New, %d operations", len(b.Tools), len(bare.Tools), len(api.Operations))
	}
	for i, tl := range b.Tools {
		if tl.Operation().Name != bare.Tools[i].Operation().Name || api.Operation(tl.Operation().Name) == nil {
			t.Fatalf("tool %d is %s, New's is %s", i, tl.Operation().Name, bare.Tools[i].Operation().Name)
		}
	}
	call := run(t, b.Catalog, "listUsers", `{}`)
	if call.Response == nil || call.Response.StatusCode != 200 {
		t.Fatalf("listUsers through the bound catalog: %s", call.Text)
	}
	if _, err := catalog.Bind(nil, client); err == nil || !strings.Contains(err.Error(), "gen.Load") {
		t.Fatalf("Bind without an IR: %v", err)
	}
}
