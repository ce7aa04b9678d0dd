package retrieve_test

import (
	"testing"

	"github.com/agentready/agentready/harness/retrieve"
)

// "like" orders a like where it starts the request ("like tweet X"), and
// a tool's name says it (usersIdLike), though it is a stop word in "I'd
// like to see tweet X", which asks to read.
func TestFindReadsLikeAsAVerb(t *testing.T) {
	ix := retrieve.New([]retrieve.Doc{
		{Name: "usersIdLike", Text: "Causes the User (in the path) to like the specified Post", Method: "POST", Path: "/2/users/{id}/likes"},
		{Name: "tweetsIdLikingUsers", Text: "Returns a list of Users that have liked the provided Post ID", Method: "GET", Path: "/2/tweets/{id}/liking_users"},
		{Name: "findTweetById", Text: "Returns a variety of information about the Post specified by the requested ID.", Method: "GET", Path: "/2/tweets/{id}"},
		{Name: "createTweet", Text: "Causes the User to create a Post under the authorized account.", Method: "POST", Path: "/2/tweets"},
	})
	if hits := ix.Find("like tweet 1460323737035677698 from account 2244994945", 2); len(hits) == 0 || hits[0].Name != "usersIdLike" {
		t.Errorf("Find(like tweet X) = %v, want usersIdLike first", hitNames(hits))
	}
	if hits := ix.Find("I'd like to see tweet 1460323737035677698", 2); len(hits) == 0 || hits[0].Name != "findTweetById" {
		t.Errorf("Find(I'd like to see tweet X) = %v, want findTweetById first", hitNames(hits))
	}
}
