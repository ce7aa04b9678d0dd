package baseline_test

import "testing"

// An adjective of the things listed goes to the argument that filters
// them by status, its name saying so ("pending number orders":
// filter[status]), and with none to the one that says their type ("npm
// projects"); "the storefront project" names a project, no type.
func TestAdjectiveSaysTypeOrStatus(t *testing.T) {
	orders := toolDef(t, "listNumberOrders", "List number orders",
		`{"type":"object","properties":{"filter[status]":{"type":"string"},"page_size":{"type":"integer"}}}`)
	projects := toolDef(t, "listProjects", "List all projects",
		`{"type":"object","properties":{"type":{"type":"string","description":"Project type"},"name":{"type":"string"}}}`)
	checkArg(t, orders, "pending number orders", "filter[status]", "pending")
	checkArg(t, projects, "npm projects", "type", "npm")
	checkArg(t, projects, "show the storefront project", "type", nil)
}
