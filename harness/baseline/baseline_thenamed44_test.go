package baseline_test

import (
	"testing"

	"github.com/cloudwego/eino/schema"
)

// The word between "the" and the noun of the thing a tool acts on names
// that thing for its required argument that takes a name: "stop the
// cron container", "the google identity provider"; not a word that says
// which ("the last run"), not another thing's noun ("the auditor role"
// names no group).
func TestTheNamedThing(t *testing.T) {
	realm := `"realm":{"type":"string","description":"realm name (not id!)"}`
	cases := map[string][4]string{
		"stop the cron container, give it 30 seconds": {"ContainerStop", "Stop a container",
			`"id":{"type":"string","description":"ID or name of container"},"t":{"type":"integer","description":"Number of seconds to wait"}},"required":["id"]`,
			`ContainerStop{"id":"cron","t":30}`},
		"show the google identity provider in acme": {"getRealmIdentityProviderInstancesAlias", "Get the identity provider",
			realm + `,"alias":{"type":"string"}},"required":["realm","alias"]`,
			`getRealmIdentityProviderInstancesAlias{"alias":"google","realm":"acme"}`},
		"get role mappings of the auditor role in prod": {"getRealmGroupsIdRoleMappings", "Get role mappings",
			realm + `,"id":{"type":"string"}},"required":["realm","id"]`, `null`},
		"get the last run": {"get_dag_run", "Get a DAG run",
			`"dag_run_id":{"type":"string","description":"The DAG run ID."}},"required":["dag_run_id"]`, `null`},
	}
	for request, c := range cases {
		tool := toolDef(t, c[0], c[1], `{"type":"object","properties":{`+c[2]+`}`)
		if got := callOf(t, firstCall(t, []*schema.ToolInfo{tool}, request)).String(); got != c[3] {
			t.Errorf("%q: called %s, want %s", request, got, c[3])
		}
	}
}
