package graph

import (
	"strings"

	"github.com/agentready/agentready/gen/ir"

	"github.com/agentready/agentready/internal/english"
)

// relationLists are the last segments of paths that list people by
// their relation to the caller or to an organisation rather than by
// what they own or do there: GET /user/followers and /user/following
// (people who follow the caller or whom the caller follows), GET
// /user/blocks and /orgs/{org}/blocks (people blocked from interacting),
// GET /repos/{owner}/{repo}/stargazers and .../subscribers (people who
// starred or watch a repository).
var relationLists = map[string]string{"followers": "follow", "following": "follow", "blocks": "block",
	"stargazers": "watch", "subscribers": "watch", "watchers": "watch"}

// relationOf returns "follow" or "block" when the path lists people by
// such a relation under a user or an organisation, or "".
func relationOf(path string) string {
	first, _, ok := strings.Cut(strings.Trim(path, "/"), "/")
	if !ok || ownerRoots[first] == "" && first != "repos" {
		return ""
	}
	return relationLists[lastSegment(path)]
}

// othersThings reports whether the producer lists people by relation
// (followers, followed or blocked users, a repository's stargazers and
// watchers) for an input that is neither a
// read of a user's things nor the relation itself. A follower is
// somebody else, whose things the caller may read
// (GET /users/{username}/...) and whom the caller may follow, unfollow,
// block or unblock (any relation endpoint),
// but whose packages or Copilot Spaces the caller does not change, who
// is no member billed by an organisation, and no user a branch
// protection lets bypass reviews. A blocked user likewise is there to
// be unblocked (/user/blocks/{username}) or read about, not given a
// role. A repository's watcher is no task creator, collaborator or
// reviewer of it.
func othersThings(producerPath string, in *input) bool {
	rel := relationOf(producerPath)
	if rel == "" {
		return false
	}
	if relationOf(collectionOf(in.op.Path)) != "" {
		return false
	}
	read := in.op.Method == "GET" || in.op.Method == "HEAD"
	segs := strings.Split(strings.Trim(in.op.Path, "/"), "/")
	return !(read && segs[0] == "users" && len(segs) > 1 && isParam(segs[1]))
}

// collectionOf returns a path without a last parameter segment: the
// collection /user/blocks/{username} works in.
func collectionOf(path string) string {
	if i := strings.LastIndex(path, "/"); i > 0 && isParam(path[i+1:]) {
		return path[:i]
	}
	return path
}

// intoOwnWrite reports whether a producer of another user's things
// (/users/{username}/repos, where the API lists the caller's own at
// /user/repos) would feed any input of a change: the caller changes
// their own things or an organisation's, and another user's
// repositories, keys or packages are not what a change of theirs takes.
// writesThrough covers the path inputs of every foreign producer; this
// covers the body and query inputs of another user's lists. Where the
// API has no list of the caller's own beside it (Spotify's
// /users/{user_id}/playlists), a user's things are not someone else's.
func intoOwnWrite(producerPath string, gets map[string]*ir.Operation, in *input) bool {
	if in.op.Method == "GET" || in.op.Method == "HEAD" {
		return false
	}
	segs := strings.Split(strings.Trim(producerPath, "/"), "/")
	if len(segs) < 3 || segs[0] != "users" || !isParam(segs[1]) {
		return false
	}
	return gets["/"+authenticatedUserRoot[1:]+"/"+strings.Join(segs[2:], "/")] != nil
}

// describedSHA reports whether the input's description says it takes a
// SHA (a git object's hash, "The full SHAs of the commits that were the
// parents") and l is no SHA: an issue's id is no commit parent.
func describedSHA(in *input, l *leaf) bool {
	return len(in.described) == 1 && in.described[attrSHA] && l.attr != attrSHA
}

// genericHead reports whether an input named by a generic word alone
// (item_id: an item of whatever the path is about) was matched by a
// noun whose other words the consumer's path does not name: the items
// of /orgs/{org}/projectsV2/{project_number}/items/{item_id} are a
// project's, and a user search result item is none of them.
func genericHead(in *input, e, n noun) bool {
	if len(e.words) != 1 || !genericWords[e.words[0]] || len(n.words) < 2 {
		return false
	}
	named := map[string]bool{}
	for _, ws := range pathNouns(in.op.Path) {
		for _, w := range ws {
			named[w] = true
		}
	}
	for _, w := range n.words[:len(n.words)-1] {
		if named[english.Singular(w)] {
			return false
		}
	}
	return true
}
