package graph

import "strings"

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
// literal segments that qualify it, and whether it is an enterprise's.
type place struct {
	collection string
	qualifier  []string
	enterprise bool
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
		if s := segs[i]; s == collection || strings.HasSuffix(s, "-"+collection) || strings.HasSuffix(s, "_"+collection) {
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
	pl := place{collection: segs[i], enterprise: segs[0] == enterpriseRoot}
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

// kindClash reports whether producer path's items cannot be what the
// input identifies, by where each lives.
func (x *inferrer) kindClash(producerPath string, in *input) bool {
	if in.loc != "path" {
		return false
	}
	key := in.op.Path + "\x00" + in.param + "\x00" + producerPath
	if v, ok := x.clash[key]; ok {
		return v
	}
	v := false
	if want, ok := placeOf(in.op.Path, in.param); ok {
		if got, ok := producerPlace(producerPath, want.collection); ok {
			v = want.clashes(got)
		}
	}
	x.clash[key] = v
	return v
}
