package graph

import (
	"testing"

	"github.com/agentready/agentready/gen/ir"
)

func TestOthersThings(t *testing.T) {
	in := func(method, path string) *input {
		return &input{op: &ir.Operation{Method: method, Path: path}, loc: "path", param: "username"}
	}
	for _, c := range []struct {
		producer string
		in       *input
		want     bool
	}{
		{"/user/followers", in("DELETE", "/users/{username}/packages/{package_type}/{package_name}"), true},
		{"/user/following", in("GET", "/organizations/{org}/settings/billing/ai_credit/usage"), true},
		{"/user/blocks", in("PUT", "/repos/{owner}/{repo}/branches/{branch}/protection"), true},
		{"/orgs/{org}/blocks", in("PUT", "/orgs/{org}/memberships/{username}"), true},
		{"/users/{username}/followers", in("PUT", "/users/{username}/copilot-spaces/{space_number}"), true},
		// Reading another user's things, following and unblocking are
		// what these lists are for.
		{"/user/followers", in("GET", "/users/{username}/repos"), false},
		{"/user/blocks", in("GET", "/users/{username}/ssh_signing_keys"), false},
		{"/user/followers", in("PUT", "/user/following/{username}"), false},
		{"/user/blocks", in("DELETE", "/user/blocks/{username}"), false},
		{"/orgs/{org}/blocks", in("DELETE", "/orgs/{org}/blocks/{username}"), false},
		{"/repos/{owner}/{repo}/subscribers", in("PUT", "/repos/{owner}/{repo}/collaborators/{username}"), true},
		{"/repos/{owner}/{repo}/stargazers", in("GET", "/users/{username}/starred"), false},
		{"/repos/{owner}/{repo}/subscribers", in("PUT", "/user/following/{username}"), false},
		// Lists by membership are no relation lists.
		{"/orgs/{org}/members", in("PUT", "/repos/{owner}/{repo}/collaborators/{username}"), false},
	} {
		if got := othersThings(c.producer, c.in); got != c.want {
			t.Errorf("%s for %s %s: othersThings = %v, want %v", c.producer, c.in.op.Method, c.in.op.Path, got, c.want)
		}
	}
}

func TestIntoOwnWrite(t *testing.T) {
	in := func(method, path string) *input {
		return &input{op: &ir.Operation{Method: method, Path: path}, loc: "body", name: "repositories"}
	}
	own := map[string]*ir.Operation{"/user/repos": {}}
	for _, c := range []struct {
		producer string
		gets     map[string]*ir.Operation
		in       *input
		want     bool
	}{
		{"/users/{username}/repos", own, in("POST", "/user/migrations"), true},
		{"/users/{username}/repos", own, in("PUT", "/orgs/{org}/actions/secrets/{secret_name}"), true},
		{"/users/{username}/repos", own, in("GET", "/search/code"), false},
		{"/user/repos", own, in("POST", "/user/migrations"), false},
		{"/users/{username}", own, in("POST", "/user/migrations"), false},
		// No list of the caller's own beside it: a user's playlists are
		// not someone else's.
		{"/users/{user_id}/playlists", own, in("POST", "/playlists/{playlist_id}/tracks"), false},
	} {
		if got := intoOwnWrite(c.producer, c.gets, c.in); got != c.want {
			t.Errorf("%s for %s %s: intoOwnWrite = %v, want %v", c.producer, c.in.op.Method, c.in.op.Path, got, c.want)
		}
	}
}

func TestOwnAccountOnly(t *testing.T) {
	in := func(path, desc, param string) *input {
		return &input{op: &ir.Operation{Method: "PUT", Path: path, Description: desc}, loc: "path", param: param, name: param}
	}
	const own = "Updates a Copilot Space owned by a user. Only the authenticated user can update spaces for their own account."
	for _, c := range []struct {
		in   *input
		want bool
	}{
		{in("/users/{username}/copilot-spaces/{space_number}", own, "username"), true},
		{in("/users/{username}/copilot-spaces/{space_number}", "The authenticated user must be the owner of the space.", "username"), true},
		{in("/users/{username}/copilot-spaces/{space_number}", own, "space_number"), false},
		{in("/users/{username}/packages/{package_type}/{package_name}", "Deletes an entire package for a user.", "username"), false},
		{in("/orgs/{org}/copilot-spaces/{space_number}", own, "org"), false},
	} {
		if got := ownAccountOnly(c.in); got != c.want {
			t.Errorf("%s %s: ownAccountOnly = %v, want %v", c.in.op.Path, c.in.param, got, c.want)
		}
	}
}

func TestDescribedSHA(t *testing.T) {
	parents := &input{described: describedAttrs("The full SHAs of the commits that were the parents of this commit. For a single parent, an array of one SHA should be provided.")}
	either := &input{described: map[string]bool{attrSHA: true, attrID: true}}
	sha := &leaf{attr: attrSHA}
	id := &leaf{attr: attrID}
	for _, c := range []struct {
		name string
		in   *input
		l    *leaf
		want bool
	}{
		{"an issue id for a commit parent", parents, id, true},
		{"a commit sha for a commit parent", parents, sha, false},
		{"a description naming an id too", either, id, false},
		{"no description", &input{}, id, false},
	} {
		if got := describedSHA(c.in, c.l); got != c.want {
			t.Errorf("%s: describedSHA = %v, want %v", c.name, got, c.want)
		}
	}
}

func TestGenericHead(t *testing.T) {
	item := noun{words: []string{"item"}}
	in := func(path string) *input { return &input{op: &ir.Operation{Path: path}} }
	const projectItem = "/orgs/{org}/projectsV2/{project_number}/items/{item_id}"
	for _, c := range []struct {
		name string
		in   *input
		e, n noun
		want bool
	}{
		{"a user search item for a project item", in(projectItem), item, noun{words: []string{"user", "search", "item"}}, true},
		{"a project item", in(projectItem), item, noun{words: []string{"project", "item"}}, false},
		{"an item alone", in(projectItem), item, noun{words: []string{"item"}}, false},
		{"a named input", in("/teams/{team_id}"), noun{words: []string{"team"}}, noun{words: []string{"org", "team"}}, false},
	} {
		if got := genericHead(c.in, c.e, c.n); got != c.want {
			t.Errorf("%s: genericHead = %v, want %v", c.name, got, c.want)
		}
	}
}
