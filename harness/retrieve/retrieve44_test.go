package retrieve_test

import (
	"testing"

	"github.com/agentready/agentready/harness/retrieve"
)

// A slug after "in" or "from" names where the thing is, and its words are
// not words of the request: "issue #1347 in facebook/react" asks for an
// issue, not for its reactions.
func TestFindSkipsTheWordsOfAPlaceSlug(t *testing.T) {
	ix := retrieve.New([]retrieve.Doc{
		{Name: "issues/get", Text: "Get an issue", Method: "GET", Path: "/repos/{owner}/{repo}/issues/{issue_number}"},
		{Name: "reactions/list-for-issue", Text: "List reactions for an issue", Method: "GET", Path: "/repos/{owner}/{repo}/issues/{issue_number}/reactions"},
	})
	if hits := ix.Find("show me issue #1347 in facebook/react", 1); len(hits) != 1 || hits[0].Name != "issues/get" {
		t.Errorf("Find(issue in facebook/react) = %v, want issues/get first", hitNames(hits))
	}
	// "read/write" is not after a place word: its words stay.
	ix = retrieve.New([]retrieve.Doc{
		{Name: "grantAccess", Text: "Grant read write access", Method: "POST"},
		{Name: "grantAdmin", Text: "Grant admin access", Method: "POST"},
	})
	if hits := ix.Find("grant read/write access", 1); len(hits) != 1 || hits[0].Name != "grantAccess" {
		t.Errorf("Find(grant read/write access) = %v, want grantAccess first", hitNames(hits))
	}
}

// The word after "called" or "named" is the thing's name, not a word of
// the request: "a namespace called team-zeta" creates a namespace, not
// anything of a team.
func TestFindSkipsTheNameAfterCalled(t *testing.T) {
	ix := retrieve.New([]retrieve.Doc{
		{Name: "createNamespace", Text: "create a Namespace", Method: "POST", Path: "/api/v1/namespaces"},
		{Name: "createNamespacedTeamBinding", Text: "create a TeamBinding of a team in a namespace", Method: "POST", Path: "/api/v1/namespaces/{namespace}/teambindings"},
	})
	if hits := ix.Find("create a namespace called team-zeta", 1); len(hits) != 1 || hits[0].Name != "createNamespace" {
		t.Errorf("Find(a namespace called team-zeta) = %v, want createNamespace first", hitNames(hits))
	}
}
