package baseline

import (
	"slices"
	"testing"

	"github.com/cloudwego/eino/schema"

	"github.com/agentready/agentready/harness/retrieve"
)

// pathTools are tools named after their paths, as agentready names the
// operations of a spec without operationIds (Keycloak's): the bare id of
// /users/{id}/sessions is a user's, that of /clients/{id}/user-sessions
// a client's; /users/count counts the users /users lists.
func pathTools() []*schema.ToolInfo {
	arg := func(required bool) *schema.ParameterInfo {
		return &schema.ParameterInfo{Type: schema.String, Required: required}
	}
	tool := func(name, desc string, params ...string) *schema.ToolInfo {
		ps := map[string]*schema.ParameterInfo{"realm": arg(true)}
		for _, p := range params {
			ps[p] = arg(p == "id")
		}
		return &schema.ToolInfo{Name: name, Desc: desc, ParamsOneOf: schema.NewParamsOneOfByParams(ps)}
	}
	return []*schema.ToolInfo{
		tool("getRealmUsers", "Get users Returns a list of users, filtered according to query parameters", "search", "username"),
		tool("getRealmUsersCount", "Returns the number of users that match the given criteria.", "search", "username"),
		tool("getRealmUsersId", "Get representation of the user", "id"),
		tool("getRealmUsersIdSessions", "Get sessions associated with the user", "id"),
		tool("getRealmClientsIdUserSessions", "Get user sessions for client Returns a list of user sessions associated with this client", "id"),
		tool("getRealmGroups", "Get group hierarchy.", "search"),
		tool("getRealmGroupsCount", "Returns the groups counts.", "search"),
		tool("getRealmUsersIdGroups", "", "id"),
		tool("getRealmUsersIdGroupsCount", "", "id"),
	}
}

// The thing a bare id identifies in a tool named after its path is the
// name's word right before it; none when the name does not start with
// an HTTP method, says the id twice, or the argument says its thing.
func TestPathThing(t *testing.T) {
	k := newToolkit(pathTools())
	for tool, want := range map[string]string{
		"getRealmUsersIdSessions": "user", "getRealmClientsIdUserSessions": "client", "getRealmUsersIdGroupsCount": "user",
	} {
		spec := k.byName[tool]
		if got := spec.pathThing(spec.byName["id"]); got != want {
			t.Errorf("pathThing(%s, id) = %q, want %q", tool, got, want)
		}
	}
	for _, name := range []string{"fetchUserId", "getUsersIdIdSessions", "getUsersId"} {
		spec := readTool(&schema.ToolInfo{Name: name, ParamsOneOf: schema.NewParamsOneOfByParams(map[string]*schema.ParameterInfo{"id": {Type: schema.String}})})
		if got := spec.pathThing(spec.byName["id"]); got != "" && name != "getUsersId" {
			t.Errorf("pathThing(%s, id) = %q, want none", name, got)
		}
	}
	spec := k.byName["getRealmUsers"]
	if got := spec.pathThing(spec.byName["search"]); got != "" {
		t.Errorf("pathThing(getRealmUsers, search) = %q, want none", got)
	}
}

// "sessions of user X" are the user's sessions: the tool whose id is a
// client's has the value misplaced, though its name says user too.
func TestBareIDOfAnotherThing(t *testing.T) {
	tools := pathTools()
	k := newToolkit(tools)
	request := "sessions of user 3b7e9f21-6c4d-4a8e-b1f2-7d5c3e9a0b6c in acme"
	u := readUtterance(request)
	clients := k.byName["getRealmClientsIdUserSessions"]
	if got := k.misplaced(clients, fill(clients, u, nil), u); !slices.Equal(got, []string{"id"}) {
		t.Errorf("misplaced(getRealmClientsIdUserSessions, %q) = %v, want [id]", request, got)
	}
	users := k.byName["getRealmUsersIdSessions"]
	if got := k.misplaced(users, fill(users, u, nil), u); len(got) > 0 {
		t.Errorf("misplaced(getRealmUsersIdSessions, %q) = %v, want none", request, got)
	}
	checkPick(t, request, "getRealmUsersIdSessions", tools)
}

// A request that asks how many things there are is answered by the tool
// that counts them, and one that asks for the things by the one that
// lists them.
func TestCountOrList(t *testing.T) {
	tools := pathTools()
	for request, want := range map[string]string{
		"how many users are there in acme":                            "getRealmUsersCount",
		"count the groups in prod":                                    "getRealmGroupsCount",
		"list all groups in prod":                                     "getRealmGroups",
		"groups of user 3b7e9f21-6c4d-4a8e-b1f2-7d5c3e9a0b6c in acme": "getRealmUsersIdGroups",
	} {
		checkPick(t, request, want, tools)
	}
	for request, want := range map[string]bool{
		"how many users": true, "the number of groups": true, "count users": true, "users, how": false, "many users": false,
	} {
		if got := readUtterance(request).asksCount(); got != want {
			t.Errorf("asksCount(%q) = %v, want %v", request, got, want)
		}
	}
}

// "take X out of Y" and "take X off Y" delete X from Y, however many
// words the value X is written in.
func TestTakeOutDeletes(t *testing.T) {
	for request, want := range map[string]string{
		"take contact 7c3e9a1b-4d2f-4e8c-a6b0-3f1d5c7e9a2b out of contact group 1d3f5b7a-9c2e-4d6f-8a1b-2c3d4e5f6a7b": "delete",
		"take 5a1b2c3d4e5f60718293a4b5 off card Xq3pL9aB":                                                             "delete",
		"take the watermark off folder 12345":                                                                         "delete",
		"take a look at what is out there":                                                                            "read",
	} {
		if got := requestAction(readUtterance(request)); got != want {
			t.Errorf("requestAction(%q) = %q, want %q", request, got, want)
		}
	}
}

// Rather than ask for the identifier the best tool needs, the baseline
// calls a close tool (within askMargin) that needs nothing the request
// leaves out, as a model does ("show the unsubscribe groups" lists the
// groups); with no such tool close, it asks.
func TestCallableInsteadOfAsking(t *testing.T) {
	arg := func(desc string, required bool) *schema.ParameterInfo {
		return &schema.ParameterInfo{Type: schema.String, Desc: desc, Required: required}
	}
	int := &schema.ParameterInfo{Type: schema.Integer}
	tools := []*schema.ToolInfo{
		{Name: "GET_asm-groups", Desc: "Retrieve all suppression groups associated with user", ParamsOneOf: schema.NewParamsOneOfByParams(map[string]*schema.ParameterInfo{"id": int})},
		{Name: "GET_asm-groups-group_id", Desc: "Get information on single suppression group", ParamsOneOf: schema.NewParamsOneOfByParams(map[string]*schema.ParameterInfo{"group_id": arg("ID of suppression group you would like to retrieve", true)})},
		{Name: "GET_asm-groups-group_id-suppressions", Desc: "Retrieve all suppressions for suppression group", ParamsOneOf: schema.NewParamsOneOfByParams(map[string]*schema.ParameterInfo{"group_id": arg("id of unsubscribe group that you are adding suppressions to", true)})},
	}
	k := newToolkit(tools)
	request := "show the unsubscribe groups"
	u := readUtterance(request)
	filled := map[string]*filler{}
	for _, tool := range tools {
		filled[tool.Name] = fill(k.byName[tool.Name], u, nil)
	}
	for _, c := range []struct {
		hits []retrieve.Hit
		want string
	}{
		{[]retrieve.Hit{{Name: "GET_asm-groups-group_id-suppressions", Score: 2}, {Name: "GET_asm-groups-group_id", Score: 1.9}, {Name: "GET_asm-groups", Score: 1.6}}, "GET_asm-groups"},
		{[]retrieve.Hit{{Name: "GET_asm-groups-group_id-suppressions", Score: 2}, {Name: "GET_asm-groups", Score: 1.4}}, ""},
	} {
		got := ""
		if alt := k.callableInstead(c.hits, filled); alt != nil {
			got = alt.name
		}
		if got != c.want {
			t.Errorf("callableInstead(%v) = %q, want %q", c.hits, got, c.want)
		}
	}
}
