package retrieve_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/agentready/agentready/harness/retrieve"
)

// hitNames are the names of hits, in order.
func hitNames(hits []retrieve.Hit) []string {
	out := make([]string, len(hits))
	for i, h := range hits {
		out[i] = h.Name
	}
	return out
}

// "Who am I" asks for the caller's own account, whatever the API calls
// it: GetMe, GetCurrentUser, getAuthUser.
func TestFindKnowsWhoAmIAsksForTheCaller(t *testing.T) {
	for _, me := range []retrieve.Doc{
		{Name: "GetMe", Text: "Retrieve the currently authenticated user", Method: "GET"},
		{Name: "GetCurrentUser", Text: "Gets the user based on auth token.", Method: "GET"},
		{Name: "getAuthUser", Text: "Get the User. Retrieves information related to the currently authenticated User.", Method: "GET"},
	} {
		ix := retrieve.New([]retrieve.Doc{
			me,
			{Name: "GetUsers", Text: "List all users", Method: "GET"},
			{Name: "GetUsersID", Text: "Retrieve a user", Args: "userID", Method: "GET"},
			{Name: "GetOrgsIDMembers", Text: "List all members of an organization", Args: "orgID", Method: "GET"},
		})
		for _, q := range []string{"who am I", "who am I logged in as"} {
			if hits := ix.Find(q, 3); len(hits) == 0 || hits[0].Name != me.Name {
				t.Errorf("Find(%q) = %v, want %s first", q, hitNames(hits), me.Name)
			}
		}
		// "who" alone still asks for users.
		if hits := ix.Find("who is in the org", 3); len(hits) == 0 || hits[0].Name == me.Name {
			t.Errorf("Find(who is in the org) = %v, want another tool than %s first", hitNames(hits), me.Name)
		}
	}
}

// A request to delete a thing it names by name needs the tool that
// lists such things (only it gives the ID the delete takes), so Find
// keeps room for it among the tools it gives.
func TestFindGivesTheListerForAThingNamedByName(t *testing.T) {
	docs := []retrieve.Doc{
		{Name: "droplets_destroy", Text: "Delete an existing droplet", Args: "droplet_id", Method: "DELETE"},
		{Name: "droplets_list", Text: "List all droplets", Args: "tag_name name", Method: "GET"},
		{Name: "droplets_get", Text: "Retrieve an existing droplet", Args: "droplet_id", Method: "GET"},
	}
	for _, r := range []string{"firewalls", "volumes", "snapshots", "images", "apps", "domains", "keys", "tags"} {
		docs = append(docs, retrieve.Doc{Name: r + "_delete_droplets", Text: fmt.Sprintf("Delete the droplets of %s", r), Args: "id", Method: "DELETE"})
	}
	ix := retrieve.New(docs)
	for _, q := range []string{"delete the droplet called web-03", "remove the 'web-03' droplet", `delete droplet named "web-03"`} {
		hits := hitNames(ix.Find(q, 4))
		if len(hits) != 4 || !slices.Contains(hits, "droplets_list") {
			t.Errorf("Find(%q, 4) = %v, want droplets_list among 4", q, hits)
		}
	}
	// By its ID, the request needs no lister.
	for _, q := range []string{"delete droplet 3164444", "remove droplet 3164444"} {
		if hits := hitNames(ix.Find(q, 4)); slices.Contains(hits, "droplets_list") {
			t.Errorf("Find(%q, 4) = %v, want no droplets_list", q, hits)
		}
	}
	// An apostrophe is no quote.
	if hits := hitNames(ix.Find("delete mia's droplet", 4)); slices.Contains(hits, "droplets_list") {
		t.Errorf("Find(delete mia's droplet, 4) = %v, want no droplets_list", hits)
	}
}
