package graph

import (
	"regexp"
	"slices"
	"strings"

	"github.com/agentready/agentready/gen/ir"
)

// Kinds from where an identifier lives. One schema may serve several
// kinds of a thing that share a name: GitHub's alert numbers of
// code-scanning, secret-scanning and Dependabot alerts, its secrets in
// the actions, codespaces, Dependabot and agents stores, its
// organisations' and enterprises' teams. The path says which: the
// literal segments that qualify the collection the identifier indexes.

// scopeRoots are the path roots that scope a resource to its owner
// without saying what kind of resource it is.
var scopeRoots = map[string]bool{"repos": true, "orgs": true, "user": true, "users": true}

// enterpriseRoot is the root whose resources are their own namespace:
// an enterprise's teams are not an organisation's.
const enterpriseRoot = "enterprises"

// place is where an identifier lives: the collection it indexes, the
// literal segments that qualify it, whether it is an enterprise's, and
// the namespace that owns it (repo, org or user; empty for none).
type place struct {
	collection string
	qualifier  []string
	enterprise bool
	namespace  string
}

// namespaces are the scope roots that own what lives under them: a
// repository's webhooks, secrets and variables are not an
// organisation's. A user's collections are left out: /user/issues and
// /user/codespaces list the same issues and codespaces a repository
// has.
var namespaces = map[string]string{"repos": "repo", "orgs": "org"}

// namespaceOf returns the namespace of the collection at segs[i]: the
// path's scope root when the collection lives under it, or org for a
// collection named organization-x (a repository's list of the
// organisation secrets it may use).
func namespaceOf(segs []string, i int) string {
	if i == 0 {
		return ""
	}
	if strings.HasPrefix(segs[i], "organization-") {
		return "org"
	}
	return namespaces[segs[0]]
}

// placeOf returns where the path parameter param of path lives, or
// false when the segment before it is not a literal collection.
func placeOf(path, param string) (place, bool) {
	segs := strings.Split(strings.Trim(path, "/"), "/")
	for i, seg := range segs {
		if seg == "{"+param+"}" && i > 0 && !isParam(segs[i-1]) {
			return placeAt(segs, i-1), true
		}
	}
	return place{}, false
}

// producerPlace returns where the items of a producer's collection
// live, for the collection an input indexes: the last segment of the
// producer's path naming it (or a kind of it: organization-secrets for
// secrets); false when the path does not.
func producerPlace(path, collection string) (place, bool) {
	segs := strings.Split(strings.Trim(path, "/"), "/")
	for i := len(segs) - 1; i >= 0; i-- {
		if sameCollection(segs[i], collection) {
			return placeAt(segs, i), true
		}
	}
	return place{}, false
}

// placeAt describes the collection at segs[i]: its qualifier is the run
// of literal segments before it (code-scanning in
// /repos/{o}/{r}/code-scanning/alerts), or, when a parameter comes
// right before it, the collection of that parameter's resource
// (environments in /environments/{name}/secrets); scope roots, API
// prefixes and versions left out.
func placeAt(segs []string, i int) place {
	pl := place{collection: segs[i], enterprise: segs[0] == enterpriseRoot, namespace: namespaceOf(segs, i)}
	j := i - 1
	for ; j >= 0 && !isParam(segs[j]); j-- {
		if qualifies(segs[j]) {
			pl.qualifier = append(pl.qualifier, segs[j])
		}
	}
	if len(pl.qualifier) == 0 {
		for ; j >= 0; j-- {
			if !isParam(segs[j]) {
				if qualifies(segs[j]) {
					pl.qualifier = []string{segs[j]}
				}
				break
			}
		}
	}
	return pl
}

// qualifies reports whether a literal segment may say what kind of
// thing a collection holds: not a scope root, an API prefix or a
// version.
func qualifies(seg string) bool {
	return !scopeRoots[seg] && seg != enterpriseRoot && !skipSegments[seg] && !versionRE.MatchString(seg)
}

func isParam(seg string) bool { return strings.HasPrefix(seg, "{") }

// clashes reports whether a producer's items are another kind of thing
// than the one an input identifies though both are in a collection of
// one name: qualified differently (secret-scanning's alerts for
// code-scanning's alert_number), or one an enterprise's and the other
// not.
func (pl place) clashes(other place) bool {
	if pl.enterprise != other.enterprise {
		return true
	}
	if len(pl.qualifier) == 0 || len(other.qualifier) == 0 {
		return false
	}
	for _, a := range pl.qualifier {
		for _, b := range other.qualifier {
			if a == b {
				return false
			}
		}
	}
	return true
}

// kindClash says whether producer path's items cannot be what the
// input identifies, by where each lives (one of the clash constants).
func (x *inferrer) kindClash(producerPath string, in *input) int {
	if in.loc != "path" {
		return clashNone
	}
	key := in.op.Path + "\x00" + in.param + "\x00" + producerPath
	if v, ok := x.clash[key]; ok {
		return v
	}
	v := clashNone
	if want, ok := placeOf(in.op.Path, in.param); ok {
		if got, ok := producerPlace(producerPath, want.collection); ok {
			switch {
			case want.clashes(got) || in.op.Method != "PUT" && subkindClash(in.op.Path, in.param, producerPath, x.indexed):
				v = clashKind
			case want.namespace != "" && got.namespace != "" && want.namespace != got.namespace:
				v = clashNamespace
			}
		}
	}
	x.clash[key] = v
	return v
}

// How a producer's items clash with what an input identifies.
const (
	clashNone = iota
	// clashKind: another kind of thing.
	clashKind
	// clashNamespace: the same kind owned by another namespace (an
	// organisation's webhooks for a repository's webhook).
	clashNamespace
)

// ownerObjects name the object an item carries its owning namespace in.
var ownerObjects = map[string]string{"repo": "repository", "org": "organization"}

// carriesOwner reports whether l's item says which of the input's
// namespace it belongs to (an organisation's issues each carry their
// repository), so that it may cross namespaces: the edge then fills
// the owner from the same item.
func (p *producer) carriesOwner(l *leaf, in *input) bool {
	want, ok := placeOf(in.op.Path, in.param)
	if !ok {
		return false
	}
	obj := l.obj.path + "." + ownerObjects[want.namespace]
	for _, o := range p.leaves {
		if o.obj.path == obj {
			return true
		}
	}
	return false
}

// authenticatedUserRoot is the path of the authenticated user's own
// resources: GET /user gives their login.
const authenticatedUserRoot = "/user"

// selfOnly reports whether the input takes a user that can only be the
// authenticated user: a change the summary says is "for the
// authenticated user" (GitHub's PUT /orgs/{org}/public_members/{username}
// publicizes one's own membership, never another user's).
func selfOnly(in *input) bool {
	if in.ownAccount {
		return true
	}
	if in.op.Method == "GET" || in.op.Method == "HEAD" || !strings.Contains(strings.ToLower(in.op.Summary), "for the authenticated user") {
		return false
	}
	for _, e := range in.entities {
		if len(e.words) == 1 && e.words[0] == "user" {
			return true
		}
	}
	return false
}

// ownAccountRE matches descriptions that say only the account's owner
// may make the call ("Only the authenticated user can create spaces for
// their own account", "The authenticated user must be the owner of the
// space").
var ownAccountRE = regexp.MustCompile(`(?i)\bonly the authenticated user can\b|\bthe authenticated user must be the owner\b`)

// ownAccountOnly reports whether the input is the {username} of a
// /users/{username}/... call whose description says only that account's
// owner may make it: the caller's own login, from GET /user, not a
// follower's, a member's or an outside collaborator's.
func ownAccountOnly(in *input) bool {
	if in.loc != "path" || !ownAccountRE.MatchString(in.op.Description) {
		return false
	}
	owner, param := ownerRoot(in.op.Path)
	return owner == "user" && param != "" && in.param == param
}

// ownerRoots are the path roots that say whose resource an operation
// works on: an organisation's, an enterprise's or a user's (/user/... for
// the authenticated user's own, /users/{username}/... for another's).
var ownerRoots = map[string]string{"orgs": "org", "enterprises": "enterprise", "user": "user", "users": "user"}

// ownerRoot returns whose resources the path works on and the
// parameter that names that owner (empty for /user/...), or "" for a
// path without an owner root or a bare root list (/users, /user).
func ownerRoot(path string) (owner, param string) {
	first, rest, ok := strings.Cut(strings.Trim(path, "/"), "/")
	if !ok {
		return "", ""
	}
	second, _, _ := strings.Cut(rest, "/")
	owner = ownerRoots[first]
	if owner != "" && isParam(second) {
		param = strings.Trim(second, "{}")
	}
	return owner, param
}

// hasSegment reports whether one of path's slash-separated segments is
// one of segs.
func hasSegment(path string, segs ...string) bool {
	for rest, more := path, true; more; {
		var seg string
		seg, rest, more = strings.Cut(rest, "/")
		if slices.Contains(segs, seg) {
			return true
		}
	}
	return false
}

// lastSegment returns the last slash-separated segment of a path with
// its slashes trimmed.
func lastSegment(path string) string {
	p := strings.Trim(path, "/")
	return p[strings.LastIndexByte(p, '/')+1:]
}

// ownerClash reports whether the producer lists another owner's
// resources than the ones the consumer works on: a user's repositories
// for an organisation's selected repositories, an organisation's
// packages for a user's package, an organisation's team for an
// enterprise's. The input that names the consumer's owner itself (the
// org of /orgs/{org}/...) may come from anywhere, and so may what a
// user's call takes in its query or body (an organisation's team_id
// for a new repository of the user's).
func ownerClash(producerPath string, in *input) bool {
	want, param := ownerRoot(in.op.Path)
	got, _ := ownerRoot(producerPath)
	if want == "" || got == "" || want == got {
		return false
	}
	if in.loc == "path" {
		return in.param != param
	}
	return want != "user"
}

// writesThrough reports whether a foreign producer (a search, another
// user's or the public's things, what the caller starred or watches)
// would feed the target of a change: a path parameter of a mutating
// call. Judged GitHub edges of that kind were weak every time (a
// starred repository for a new git ref, a public one for deleting a
// ruleset): the caller changes their own things, not the ones they
// only look at. A search is left out where the change works on the
// found thing itself (a ticket or playlist: how one finds one's own),
// but not where it works inside a namespace the search result names
// (/repos/{owner}/{repo}/..., /orgs/{org}/...): a searched repository
// is somebody's, and the workflow runs, variables, alerts and team
// grants inside it are changed through one's own repositories, which
// are listed. Judged GitHub edges from a search to such a change were
// weak every time (5 of 5).
func writesThrough(p *producer, in *input) bool {
	if in.loc != "path" || in.op.Method == "GET" || in.op.Method == "HEAD" {
		return false
	}
	return p.foreign || isSearch(p.op) && inNamespace(in.op.Path)
}

// inNamespace reports whether the path works inside a namespace named
// by a parameter: /repos/{owner}/..., /orgs/{org}/....
func inNamespace(path string) bool {
	segs := strings.Split(strings.Trim(path, "/"), "/")
	return len(segs) > 1 && namespaces[segs[0]] != "" && isParam(segs[1])
}

// isSearch reports whether the operation is a search: /search/... or
// /search.
func isSearch(op *ir.Operation) bool {
	return strings.SplitN(strings.Trim(op.Path, "/"), "/", 2)[0] == searchRoot
}

// preferCollection drops, for a path input that indexes a collection
// (the username of DELETE /orgs/{org}/members/{username}), the
// candidates that list another collection of the same parent
// (/orgs/{org}/outside_collaborators) when one lists the collection
// itself (/orgs/{org}/members, or a kind of it such as public_members)
// with items of the same type: an outside collaborator is no member to
// remove. A PUT adds to the
// collection, so anything of the right kind will do there.
func preferCollection(in *input, cs []candidate) []candidate {
	if in.loc != "path" || in.op.Method == "PUT" {
		return cs
	}
	shape := pathShape(in.op.Path)
	i := indexOf(strings.Split(strings.Trim(in.op.Path, "/"), "/"), "{"+in.param+"}") - 1
	if i < 1 || isParam(shape[i]) {
		return cs
	}
	collection, parent := shape[i], shape[:i]
	sibling := func(c candidate) (collection string, ok bool) {
		s := pathShape(c.p.op.Path)
		if len(s) != i+1 || !slicesEqual(s[:i], parent) || isParam(s[i]) {
			return "", false
		}
		return s[i], true
	}
	// The types of the collection's own items: a sibling of another
	// type (Jira's search beside /issue) lists something else, to be
	// judged by noun as usual.
	own := map[string]bool{}
	for _, c := range cs {
		if seg, ok := sibling(c); ok && sameCollection(seg, collection) && c.l.obj.typeName != "" {
			own[c.l.obj.typeName] = true
		}
	}
	if len(own) == 0 {
		return cs
	}
	out := cs[:0]
	for _, c := range cs {
		if seg, ok := sibling(c); !ok || sameCollection(seg, collection) || !own[c.l.obj.typeName] {
			out = append(out, c)
		}
	}
	return out
}

// sameCollection reports whether the segment seg names the collection
// or a kind of it (public_members for members).
func sameCollection(seg, collection string) bool {
	return seg == collection || strings.HasSuffix(seg, "-"+collection) || strings.HasSuffix(seg, "_"+collection)
}

func indexOf(ss []string, s string) int {
	for i, v := range ss {
		if v == s {
			return i
		}
	}
	return -1
}

// indexedSegments returns the literal segments that some path follows
// with a parameter: the collections of resources of their own (pulls in
// /repos/{owner}/{repo}/pulls/{pull_number}).
func indexedSegments(api *ir.API) map[string]bool {
	out := map[string]bool{}
	for _, op := range api.Operations {
		segs := strings.Split(strings.Trim(op.Path, "/"), "/")
		for i := 0; i+1 < len(segs); i++ {
			if !isParam(segs[i]) && isParam(segs[i+1]) {
				out[segs[i]] = true
			}
		}
	}
	return out
}

// subkindClash reports whether the collection a path input indexes and
// the producer's collection of that name sit side by side under one
// parent, one of them behind a segment that names a resource of its
// own (not a scope root: /user/repos are repositories): a
// repository's pulls/comments are pull request review comments,
// its comments commit comments, so neither feeds the other's
// comment_id (the segment before the collection names the kind). A
// PUT adds to its collection, so anything of the kind will do there.
func subkindClash(consumerPath, param, producerPath string, indexed map[string]bool) bool {
	want := pathShape(consumerPath)
	i := indexOf(strings.Split(strings.Trim(consumerPath, "/"), "/"), "{"+param+"}") - 1
	if i < 0 || isParam(want[i]) {
		return false
	}
	got := pathShape(producerPath)
	k := len(got) - 1
	for k >= 0 && got[k] != want[i] {
		k--
	}
	if k < 0 || got[0] == searchRoot {
		return false
	}
	besides := func(a, b []string) bool {
		return len(a) == len(b)+1 && indexed[a[len(b)]] && qualifies(a[len(b)]) && slicesEqual(a[:len(b)], b)
	}
	return besides(want[:i], got[:k]) || besides(got[:k], want[:i])
}

// searchRoot is the root of searches: /search/issues lists issues of
// every kind, not a kind of issue.
const searchRoot = "search"
