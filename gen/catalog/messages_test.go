package catalog_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/agentready/agentready/gen"
	"github.com/agentready/agentready/gen/example"
	"github.com/agentready/agentready/gen/toolschema"
	"github.com/agentready/agentready/specs/exampleapi/server"
)

// TestMessageExamplesAreTheDescriptions checks that a catalog built
// straight from a spec (serve's dynamic mode, agentready call) answers a
// wrong argument with the example gen/example makes for it, the value the
// description and the test cases use, not one of the runtime's own.
func TestMessageExamplesAreTheDescriptions(t *testing.T) {
	url, opts := serviceDesk(t)
	api, _, err := gen.Load(*opts)
	if err != nil {
		t.Fatal(err)
	}
	cat := newCatalog(t, url, opts, server.DefaultAdminToken)
	forMessage := example.ForMessage(api)
	for _, tc := range []struct{ tool, arg, given string }{
		{"listAssets", "owner", `"not-a-uuid"`},
		{"listTeamMembers", "page", `"first"`},
		{"listUsers", "email", `42`},
	} {
		op := api.Operation(tc.tool)
		if op == nil {
			t.Fatalf("no operation %s", tc.tool)
		}
		var want any
		for _, a := range toolschema.Args(api, op) {
			if a.Name == tc.arg {
				use := *a.Schema
				if a.Example != nil {
					use.Example = a.Example
				}
				want, _ = forMessage(&use, a.Name)
			}
		}
		if want == nil {
			t.Fatalf("%s.%s: gen/example gives no example", tc.tool, tc.arg)
		}
		wantText, _ := json.Marshal(want)
		c := run(t, cat, tc.tool, `{"`+tc.arg+`":`+tc.given+`}`)
		if c.Result.OK || !strings.Contains(c.Text, tc.arg) || !strings.Contains(c.Text, "e.g. "+string(wantText)) {
			t.Errorf("%s with %s=%s: want the example %s in\n%s", tc.tool, tc.arg, tc.given, wantText, c.Text)
		}
	}
}
