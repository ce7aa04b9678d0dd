package graph

import (
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/agentready/agentready/internal/english"
)

// splitWords splits an identifier into lower-case words at separators,
// case changes and letter-digit boundaries: "issueIdOrKey" gives [issue id
// or key], "team_slug" [team slug], "HTTPServer" [http server],
// "io.k8s.api.core.v1.Pod" [io k8s api core v1 pod].
func splitWords(s string) []string {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			rs := []rune(s)
			return splitChars(rs, func(from, to int) string { return string(rs[from:to]) })
		}
	}
	// In ASCII a byte is a character, and each word is a slice of s.
	return splitChars([]byte(s), func(from, to int) string { return s[from:to] })
}

// splitChars is splitWords over the characters of a text, word giving
// the text of the characters from..to.
func splitChars[C rune | byte](rs []C, word func(from, to int) string) []string {
	var words []string
	start := -1
	flush := func(end int) {
		if start >= 0 && end > start {
			words = append(words, strings.ToLower(word(start, end)))
		}
		start = -1
	}
	for i, c := range rs {
		r := rune(c)
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			flush(i)
			continue
		}
		if start < 0 {
			start = i
			continue
		}
		prev := rune(rs[i-1])
		switch {
		case unicode.IsUpper(r) && unicode.IsLower(prev):
			flush(i)
			start = i
		case unicode.IsUpper(r) && unicode.IsUpper(prev) && i+1 < len(rs) && unicode.IsLower(rune(rs[i+1])):
			// "HTTPServer": the S starts a new word.
			flush(i)
			start = i
		case unicode.IsDigit(r) != unicode.IsDigit(prev) && unicode.IsDigit(prev) && unicode.IsUpper(r):
			flush(i)
			start = i
		}
	}
	flush(len(rs))
	return words
}

// attribute classes: the words that say which attribute of a resource a
// name holds. Words of one class are interchangeable.
const (
	attrNone   = ""
	attrID     = "id"
	attrKey    = "key"
	attrName   = "name"
	attrLogin  = "login"
	attrSlug   = "slug"
	attrNumber = "number"
	attrSHA    = "sha"
)

var attrWords = map[string]string{
	"id": attrID, "ids": attrID, "uuid": attrID, "uid": attrID, "guid": attrID, "gid": attrID, "identifier": attrID,
	"key": attrKey, "keys": attrKey,
	"name": attrName, "names": attrName,
	"login": attrLogin, "username": attrLogin, "handle": attrLogin,
	"slug":   attrSlug,
	"number": attrNumber, "num": attrNumber,
	"sha": attrSHA,
}

// attrOf returns the attribute class of a word, plural or not ("gids").
func attrOf(w string) (string, bool) {
	if a, ok := attrWords[w]; ok {
		return a, true
	}
	a, ok := attrWords[english.Singular(w)]
	return a, ok
}

// qualifiers are words in type names that describe a representation, not
// a kind of thing: "simple-user" and "nullable-simple-user" are users,
// "IssueBean" an issue.
var qualifiers = map[string]bool{
	"simple": true, "full": true, "minimal": true, "nullable": true, "basic": true, "summary": true,
	"short": true, "detail": true, "details": true, "detailed": true, "bean": true, "dto": true,
	"response": true, "request": true, "reply": true, "result": true, "info": true, "public": true, "private": true,
	"extended": true, "base": true, "brief": true, "compact": true, "lite": true, "created": true,
	"partial": true, "expanded": true, "object": true, "model": true, "resource": true, "entity": true,
	"record": true, "representation": true, "schema": true, "view": true, "exported": true,
	"v1": true, "v2": true, "v3": true,
}

// metaWords name objects that describe their parent (Kubernetes'
// ObjectMeta, JSON:API's meta): a field inside one belongs to the parent.
var metaWords = map[string]bool{"meta": true, "metadata": true}

// genericWords are property names of lists and envelopes that say nothing
// of what they hold.
var genericWords = map[string]bool{
	"item": true, "items": true, "data": true, "value": true, "values": true, "result": true, "results": true,
	"record": true, "records": true, "entry": true, "entries": true, "list": true, "content": true,
	"contents": true, "element": true, "elements": true, "node": true, "nodes": true, "hit": true,
	"hits": true, "page": true, "body": true, "payload": true, "response": true, "object": true,
	"objects": true, "collection": true, "resources": true, "rows": true, "row": true,
}

// connectives join alternative attributes: "issueIdOrKey".
var connectives = map[string]bool{"or": true, "and": true}

// nameParts splits an identifier into the resource it names and the
// attributes it holds: "issueIdOrKey" gives ([issue], [id key]),
// "team_slug" ([team], [slug]), "owner" ([owner], []), "name" ([], [name]).
// Entity words are singular.
func nameParts(name string) (entity []string, attrs []string) {
	partsCache.Lock()
	p, ok := partsCache.m[name]
	partsCache.Unlock()
	if ok {
		return p.entity, p.attrs
	}
	entity, attrs = splitParts(name)
	partsCache.Lock()
	if len(partsCache.m) >= maxCachedParts {
		// A process that loads API after API keeps only the names of
		// the recent ones: the memory stays bounded.
		clear(partsCache.m)
	}
	partsCache.m[name] = parts{entity, attrs}
	partsCache.Unlock()
	return entity, attrs
}

// partsCache memoises nameParts, which every walk calls for every
// property name; the slices it returns are shared and never changed. It
// holds at most maxCachedParts names.
var partsCache = struct {
	sync.Mutex
	m map[string]parts
}{m: map[string]parts{}}

// maxCachedParts bounds partsCache: more distinct property names than
// the largest public spec has (Microsoft Graph beta's are about 40,000).
const maxCachedParts = 1 << 17

type parts struct{ entity, attrs []string }

func splitParts(name string) (entity []string, attrs []string) {
	words := splitWords(name)
	// "username" is a user's login.
	if n := len(words); n > 0 && words[n-1] == "username" {
		words = append(words[:n-1:n-1], "user", "username")
	}
	end := len(words)
	for end > 0 {
		w := words[end-1]
		if a, ok := attrOf(w); ok {
			attrs = append(attrs, a)
			end--
			continue
		}
		if connectives[w] && len(attrs) > 0 && end > 1 {
			if _, ok := attrOf(words[end-2]); ok {
				end--
				continue
			}
		}
		break
	}
	for _, w := range words[:end] {
		entity = append(entity, english.Singular(w))
	}
	return entity, dedupe(attrs)
}

// typeNoun returns the words naming what a named type is: the package
// prefix ("io.k8s.api.core.v1.") and representation qualifiers ("simple",
// "nullable", "Bean") dropped, and attribute words at the end ("UserId",
// "PropertyKey") dropped too.
func typeNoun(name string) []string {
	// A package path ("io.k8s.api.core.v1.Pod") is not part of the noun;
	// one dot is a namespace that is ("financial_connections.account" is
	// not an account).
	if i := strings.LastIndex(name, "."); i >= 0 && i+1 < len(name) && strings.Count(name, ".") >= 2 {
		name = name[i+1:]
	}
	words := splitWords(name)
	var out []string
	for _, w := range words {
		if !qualifiers[w] {
			out = append(out, english.Singular(w))
		}
	}
	if len(out) == 0 {
		for _, w := range words {
			out = append(out, english.Singular(w))
		}
	}
	for len(out) > 1 {
		if _, ok := attrWords[out[len(out)-1]]; !ok {
			break
		}
		out = out[:len(out)-1]
	}
	return out
}

func dedupe(xs []string) []string {
	var out []string
	seen := map[string]bool{}
	for _, x := range xs {
		if !seen[x] {
			seen[x] = true
			out = append(out, x)
		}
	}
	return out
}

func join(words []string) string { return strings.Join(words, "") }

// nounMatch says how well a resource named by the words a matches one
// named by b: 1 for the same noun ("serviceaccount" and [service
// account]), less for a common abbreviation ("repo" and "repository",
// "org" and "organization") or a head noun ("comment" and [issue
// comment]), 0 for no match.
func nounMatch(a, b []string) float64 {
	if len(a) == 0 || len(b) == 0 {
		return 0
	}
	if joinedEqual(a, b, false) {
		return 1
	}
	if joinedEqual(a, b, true) {
		return 0.9
	}
	// The head noun of a compound: [issue comment] is a comment.
	if len(b) > 1 && len(a) < len(b) && joinedEqual(b[len(b)-len(a):], a, false) {
		return 0.8
	}
	if len(a) > 1 && len(b) < len(a) && joinedEqual(a[len(a)-len(b):], b, false) {
		return 0.8
	}
	return 0
}

// joinedEqual reports whether the words a, run together, spell the words
// b run together (join(a) == join(b); with expanded, expand(a) ==
// expand(b)), without building either: nounMatch is asked of every
// input and resource pair.
func joinedEqual(a, b []string, expanded bool) bool {
	if !expanded && joinedLen(a) != joinedLen(b) {
		return false
	}
	ca, cb := joined{ws: a, expanded: expanded}, joined{ws: b, expanded: expanded}
	for {
		x, okA := ca.next()
		y, okB := cb.next()
		if okA != okB || x != y {
			return false
		}
		if !okA {
			return true
		}
	}
}

// joinedLen is the length of words run together.
func joinedLen(ws []string) int {
	n := 0
	for _, w := range ws {
		n += len(w)
	}
	return n
}

// joined reads the bytes of words run together, each expanded from its
// abbreviation when expanded is set.
type joined struct {
	ws       []string
	expanded bool
	// cur is the word being read, from off on.
	cur string
	off int
}

func (j *joined) next() (byte, bool) {
	for j.off >= len(j.cur) {
		if len(j.ws) == 0 {
			return 0, false
		}
		j.cur, j.ws, j.off = j.ws[0], j.ws[1:], 0
		if !j.expanded {
			continue
		}
		if long, ok := abbreviations[j.cur]; ok {
			j.cur = long
		}
	}
	j.off++
	return j.cur[j.off-1], true
}

// abbreviations are the short forms APIs commonly use in paths and
// parameter names for words their schemas spell out.
var abbreviations = map[string]string{
	"repo": "repository", "org": "organization", "env": "environment", "config": "configuration",
	"cfg": "configuration", "app": "application", "auth": "authorization", "perm": "permission",
	"msg": "message", "doc": "document", "dir": "directory", "pkg": "package", "attr": "attribute",
	"param": "parameter", "proj": "project", "desc": "description", "img": "image", "usr": "user",
	"grp": "group", "acct": "account", "addr": "address", "admin": "administrator", "ws": "workspace",
	"stat": "statistic", "info": "information", "spec": "specification", "prod": "product",
	"sub": "subscription", "txn": "transaction", "org_unit": "organizational_unit",
}

// expand joins words with abbreviations spelt out.
func expand(ws []string) string {
	var b strings.Builder
	for _, w := range ws {
		if long, ok := abbreviations[w]; ok {
			w = long
		}
		b.WriteString(w)
	}
	return b.String()
}

// endsWith reports whether the words a end with the words b.
func endsWith(a, b []string) bool {
	return len(b) <= len(a) && slicesEqual(a[len(a)-len(b):], b)
}
