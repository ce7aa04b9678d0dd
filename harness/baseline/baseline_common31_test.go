package baseline

import (
	"testing"

	"github.com/cloudwego/eino/schema"
)

// neighbourTools are a handful of tools as a search for a request about
// a team's people finds them: "user" is in most of their names.
func neighbourTools() []*schema.ToolInfo {
	tool := func(name, desc string, params ...string) *schema.ToolInfo {
		ps := map[string]*schema.ParameterInfo{}
		for _, p := range params {
			ps[p] = &schema.ParameterInfo{Type: schema.String, Required: true}
		}
		return &schema.ToolInfo{Name: name, Desc: desc, ParamsOneOf: schema.NewParamsOneOfByParams(ps)}
	}
	return []*schema.ToolInfo{
		tool("getTeam", "Get a team. Returns the full record for a single team.", "team_gid"),
		tool("getTeamMemberships", "Get team memberships. Returns compact team membership records."),
		tool("getTeamMembershipsForUser", "Get memberships from a user. Returns the compact team membership records for the user.", "user_gid"),
		tool("getTeamsForUser", "Get teams for a user. Returns the compact records for all teams to which the given user is assigned.", "user_gid"),
		tool("getTeamsForWorkspace", "Get teams in a workspace. Returns the compact records for all teams in the workspace visible to the authorized user.", "workspace_gid"),
		tool("getUsers", "Get multiple users. Returns the user records for all users in all workspaces and organizations accessible to the authenticated user."),
		tool("getUsersForTeam", "Get users in a team. Returns the compact records for all users that are members of the team.", "team_gid"),
		tool("getUsersForWorkspace", "Get users in a workspace or organization. Returns the compact records for all users in the specified workspace or organization.", "workspace_gid"),
		tool("getWorkspaceMembershipsForUser", "Get workspace memberships for a user. Returns the compact workspace membership records for the user.", "user_gid"),
		tool("getWorkspaces", "Get multiple workspaces. Returns the compact records for all workspaces visible to the authorized user."),
	}
}

// A word most names of the set share, unsaid, counts half: it tells the
// tools apart less than a word of the request, but a name that says it
// says more than one that does not. Left out altogether, it made
// getUsersForWorkspace cover "who is in the Platform team? we're in
// workspace X" as fully as getTeamsForWorkspace, once a search for the
// request had crowded the set with user tools.
func TestCommonWordCountsHalf(t *testing.T) {
	k := newToolkit(neighbourTools())
	if !k.common["user"] {
		t.Fatal("user is not common to the neighbours' names")
	}
	s := k.saidWords(readUtterance("teams in workspace 1120290987654321"), "read")
	s.common = k.common
	if users, teams := s.nameCover("getUsersForWorkspace", nil), s.nameCover("getTeamsForWorkspace", nil); users >= teams {
		t.Errorf("cover getUsersForWorkspace %.2f, getTeamsForWorkspace %.2f: users are not said", users, teams)
	}
	checkPick(t, "who is in the Platform team? we're in workspace 1120290987654321", "getTeamsForWorkspace", neighbourTools())
	// A namespace every name shares costs each tool alike.
	ns := newToolkit([]*schema.ToolInfo{
		{Name: "ipam_vlans_list"}, {Name: "ipam_prefixes_list"}, {Name: "ipam_vlans_read"}, {Name: "dcim_sites_list"},
	})
	s = ns.saidWords(readUtterance("show the vlans"), "read")
	s.common = ns.common
	if vlans, prefixes := s.nameCover("ipam_vlans_list", nil), s.nameCover("ipam_prefixes_list", nil); vlans <= prefixes || vlans < 0.5 {
		t.Errorf("cover ipam_vlans_list %.2f, ipam_prefixes_list %.2f for \"show the vlans\"", vlans, prefixes)
	}
}
