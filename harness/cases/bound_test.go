package cases_test

import (
	"context"
	"strings"
	"testing"

	"github.com/agentready/agentready/gen"
	"github.com/agentready/agentready/harness/cases"
)

// TestCatalogOfAnotherAPI checks that cases are not made with tools bound
// to another IR than the one the cases are for: the tools would be
// called with arguments made from a different spec.
func TestCatalogOfAnotherAPI(t *testing.T) {
	api := exampleAPI(t)
	other, _, err := gen.Load(gen.Options{Spec: repoFile(t, "specs/exampleapi/openapi.yaml")})
	if err != nil {
		t.Fatal(err)
	}
	live := startAPI(t)
	_, _, err = cases.Generate(context.Background(), api, cases.Options{Seed: 1, Graph: approvedGraph(api), Catalog: catalogFor(t, other, live.URL)})
	if err == nil || !strings.Contains(err.Error(), "catalog.Bind") {
		t.Fatalf("cases made with another API's tools: %v", err)
	}
	if n := live.count("GET"); n != 0 {
		t.Fatalf("%d calls made before the mismatch was seen", n)
	}
	if _, _, err := cases.Generate(context.Background(), api, cases.Options{Seed: 1, PerTool: 2, Tools: []string{"getUser"}, Graph: approvedGraph(api), Catalog: catalogFor(t, api, live.URL)}); err != nil {
		t.Fatalf("cases with the API's own tools: %v", err)
	}
}
