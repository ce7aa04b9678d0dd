package utter

import (
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/agentready/agentready/gen/describe/prose"
	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/harness/judge"
	"github.com/agentready/agentready/internal/english"
)

// The intents: what a request asks a tool to do. Each has a template file
// of its own phrasings.
const (
	intentList   = "list"
	intentGet    = "get"
	intentCreate = "create"
	intentUpdate = "update"
	intentDelete = "delete"
	intentSearch = "search"
	intentAction = "action"
)

// intentVerbs maps the words tool names start with to intents.
var intentVerbs = map[string]string{
	"get": intentGet, "read": intentGet, "fetch": intentGet, "retrieve": intentGet, "show": intentGet,
	"describe": intentGet, "view": intentGet, "lookup": intentGet,
	"list": intentList, "browse": intentList, "all": intentList,
	"create": intentCreate, "add": intentCreate, "new": intentCreate, "post": intentCreate, "register": intentCreate,
	"insert": intentCreate, "make": intentCreate, "open": intentCreate,
	"update": intentUpdate, "patch": intentUpdate, "edit": intentUpdate, "modify": intentUpdate, "change": intentUpdate,
	"set": intentUpdate, "replace": intentUpdate, "put": intentUpdate, "rename": intentUpdate,
	"delete": intentDelete, "remove": intentDelete, "destroy": intentDelete, "drop": intentDelete, "purge": intentDelete,
	"search": intentSearch, "find": intentSearch, "query": intentSearch,
}

// laterVerb returns the place of the first word after the first that
// says a change (an intent verb that does not only read, or an action
// verb), or 0.
func laterVerb(ws []string) int {
	for k := 1; k < len(ws); k++ {
		if v := intentVerbs[ws[k]]; v != "" && !readsOnly(v) || actionVerbs[ws[k]] {
			return k
		}
	}
	return 0
}

// readsOnly reports whether intent only reads.
func readsOnly(intent string) bool {
	return intent == intentGet || intent == intentList || intent == intentSearch
}

// actionVerbs are verbs of tools that do something other than the five
// basic operations; the tool's name says what.
var actionVerbs = map[string]bool{
	"assign": true, "unassign": true, "close": true, "reopen": true, "export": true, "import": true, "approve": true,
	"reject": true, "cancel": true, "archive": true, "unarchive": true, "restore": true, "send": true, "upload": true,
	"download": true, "move": true, "copy": true, "merge": true, "lock": true, "unlock": true, "start": true,
	"stop": true, "restart": true, "enable": true, "disable": true, "publish": true, "unpublish": true, "sync": true,
	"run": true, "trigger": true, "invite": true, "star": true, "unstar": true, "follow": true, "unfollow": true,
	"transfer": true, "resolve": true, "submit": true, "retry": true, "refund": true, "capture": true, "pay": true,
	"verify": true, "reset": true, "revoke": true, "grant": true, "suspend": true, "resume": true, "pause": true,
	"check": true, "validate": true, "test": true, "ping": true, "mark": true, "watch": true, "subscribe": true,
	"unsubscribe": true, "share": true, "clone": true, "fork": true, "scale": true, "deploy": true, "rollback": true,
	"block": true, "unblock": true, "mute": true, "unmute": true, "pin": true, "unpin": true, "ban": true, "unban": true,
	"like": true, "unlike": true, "hide": true, "unhide": true, "join": true, "leave": true,
}

// toolShape is what phrasing needs to know of a tool.
type toolShape struct {
	intent string
	// verb is the action's verb ("close"), for the action intent.
	verb string
	// resource and resources name what the tool works on, singular and
	// plural; plural is set when the tool's name speaks of many.
	resource, resources string
	plural              bool
	// params are the path parameters, in path order, with the noun of
	// the segment before each ("ticket" for /tickets/{ticketId}).
	params []pathParam
	// target is set when the path ends at one resource (after a trailing
	// action segment): the last path parameter is the thing acted on,
	// the others its owners. Otherwise every path parameter names an
	// owner of the collection.
	target bool
}

type pathParam struct {
	arg, noun string
}

// postsToItem reports whether a path ends at one item ("/invoices/{id}")
// or at an action on one ("/topups/{topup}/cancel").
func postsToItem(path string) bool {
	segs := strings.Split(strings.Trim(path, "/"), "/")
	n := len(segs)
	isParam := func(s string) bool { return strings.HasPrefix(s, "{") }
	return n >= 1 && isParam(segs[n-1]) || n >= 2 && isParam(segs[n-2])
}

// shapes caches, per API, each tool's shape (readShape): every utterance
// of a case reads it, and reading it cleans the tool's docs.
var shapes perAPI[*sync.Map] // *ir.Operation -> toolShape

// shapeOf reads a tool's intent and nouns from its name, method and path,
// once per tool; the caller may change its copy (rename does).
func shapeOf(api *ir.API, op *ir.Operation) toolShape {
	byOp := shapes.get(api, func() *sync.Map { return &sync.Map{} })
	sh, ok := byOp.Load(op)
	if !ok {
		sh, _ = byOp.LoadOrStore(op, readShape(api, op))
	}
	out := sh.(toolShape)
	out.params = slices.Clone(out.params)
	return out
}

// readShape reads a tool's intent and nouns from its name, method and path.
func readShape(api *ir.API, op *ir.Operation) toolShape {
	ws := prose.Words(op.Name)
	// A name that starts with its group ("dcim_devices_list",
	// "orgs/list-members", "users/follow") says the group once, not in
	// every request.
	grouped, group := "", ""
	if (len(ws) > 2 || len(ws) == 2 && actionVerbs[ws[1]]) && isTag(op, ws[0]) &&
		len(op.Name) > len(ws[0]) && strings.ContainsRune("_/-.", rune(op.Name[len(ws[0])])) {
		grouped, group, ws = op.Name[len(ws[0]):len(ws[0])+1], ws[0], ws[1:]
		if !sharedInGroups(api, op.Name[len(group)+1:]) {
			group = ""
		}
	}
	var sh toolShape
	var nounWords []string
	switch {
	case grouped == "_" && intentVerbs[ws[len(ws)-1]] != "":
		// group_model_action ("dcim_devices_bulk_update"): the action
		// is last.
		sh.intent, nounWords = intentVerbs[ws[len(ws)-1]], ws[:len(ws)-1]
	case len(ws) > 1 && ws[0] == "post" && op.Method == "POST" && postsToItem(op.Path):
		// A name that starts with its method ("PostInvoicesInvoice",
		// "PostTopupsTopupCancel") says nothing of the intent: a POST
		// to one item updates it or acts on it, as below.
		nounWords = ws[1:]
	case len(ws) > 1 && readsOnly(intentVerbs[ws[0]]) && op.Method != "GET" && op.Method != "HEAD" && laterVerb(ws) > 0:
		// A name whose read verb is followed by another verb on a tool
		// that changes something ("listAddMember", POST
		// /lists/{id}/members; "listIdDelete", DELETE /lists/{id})
		// starts with a noun: a Twitter-style list, a show, a query.
		// The later verb says the intent.
		k := laterVerb(ws)
		sh.intent, sh.verb = intentVerbs[ws[k]], ws[k]
		if sh.intent == "" {
			sh.intent = intentAction
		}
		for i, w := range ws {
			if i != k && (i == 0 || w != "id") {
				nounWords = append(nounWords, w)
			}
		}
	case len(ws) > 0 && intentVerbs[ws[0]] != "":
		sh.intent, nounWords = intentVerbs[ws[0]], ws[1:]
		sh.verb = ws[0]
	case len(ws) > 0 && actionVerbs[ws[0]]:
		sh.intent, sh.verb, nounWords = intentAction, ws[0], ws[1:]
	case len(ws) > 1 && intentVerbs[ws[len(ws)-1]] != "":
		sh.intent, nounWords = intentVerbs[ws[len(ws)-1]], ws[:len(ws)-1]
	default:
		nounWords = ws
	}
	segs := strings.Split(strings.Trim(op.Path, "/"), "/")
	last := ""
	if len(segs) > 0 {
		last = segs[len(segs)-1]
	}
	endsParam := strings.HasPrefix(last, "{")
	for i, s := range segs {
		if !strings.HasPrefix(s, "{") || !strings.HasSuffix(s, "}") {
			continue
		}
		name := s[1 : len(s)-1]
		arg := name
		for _, p := range op.Params {
			if p.Name == name && p.In == ir.InPath {
				arg = p.Arg
			}
		}
		// The segment before a parameter names it ("tickets/{id}"),
		// unless the parameter's own name says something else
		// ("flags/{projectKey}/{featureFlagKey}": a project, then a
		// flag).
		own := trimID(prose.Words(name))
		nounWords = cut(nounWords, prose.Words(name))
		noun := ""
		if i > 0 && !strings.HasPrefix(segs[i-1], "{") {
			noun = strings.Join(singularWords(prose.Words(segs[i-1])), " ")
			if !genericParam(own) && !sharesWord(own, strings.Fields(noun)) {
				noun = ""
			}
		}
		if noun == "" && !genericParam(own) {
			noun = strings.Join(own, " ")
		}
		// A bare "{id}" after another parameter is named by the tool's
		// resource, below.
		sh.params = append(sh.params, pathParam{arg: arg, noun: noun})
	}
	if sh.intent == "" {
		switch op.Method {
		case "GET", "HEAD":
			sh.intent = intentList
			if endsParam {
				sh.intent = intentGet
			}
		case "POST":
			sh.intent = intentCreate
			if endsParam {
				sh.intent = intentUpdate
			}
			if len(segs) >= 2 && strings.HasPrefix(segs[len(segs)-2], "{") && !endsParam {
				sh.intent, sh.verb = intentAction, strings.Join(prose.Words(last), " ")
			}
		case "PUT", "PATCH":
			sh.intent = intentUpdate
		case "DELETE":
			sh.intent = intentDelete
		default:
			sh.intent, sh.verb = intentAction, strings.ToLower(op.Method)
		}
	}
	// A GET named get... that returns many is a list ("getTickets"; not
	// "getServiceStats"), also when the path ends at what the list
	// belongs to ("getFlagStatuses" at /flag-statuses/{project}/{env}).
	if n := len(nounWords); sh.intent == intentGet && n > 0 {
		lw := nounWords[n-1]
		plural := english.IsPlural(lw) && english.Singular(lw) != lw
		if plural && !endsParam {
			sh.intent = intentList
		}
		if plural && endsParam && len(sh.params) > 0 && sh.params[len(sh.params)-1].noun != "" &&
			!sharesWord(strings.Fields(sh.params[len(sh.params)-1].noun), nounWords) {
			sh.intent, endsParam = intentList, false
		}
	}
	sh.target = endsParam || sh.intent == intentAction && len(segs) >= 2 && strings.HasPrefix(segs[len(segs)-2], "{")
	// An action's last segment after a parameter is the action
	// ("/topups/{id}/cancel"), or else a part of the item the action is
	// on ("/repos/{owner}/{repo}/vulnerability-alerts", named by the
	// tool's nouns).
	sub := ""
	if sh.target && !endsParam && !sharesWord(prose.Words(last), strings.Fields(sh.verb)) &&
		sharesWord(prose.Words(last), nounWords) {
		sub = last
	}
	if sh.intent == intentList || sh.intent == intentSearch || sh.intent == intentCreate {
		sh.target = false
	}
	// The nouns of path parameters are said with their values: "the
	// comments of ticket TCK-1", not "the ticket comments of ticket".
	drop := map[string]bool{}
	for _, p := range sh.params {
		for _, w := range strings.Fields(p.noun) {
			drop[w] = true
		}
	}
	var kept []string
	for _, w := range nounWords {
		if drop[english.Singular(w)] {
			continue
		}
		kept = append(kept, w)
	}
	if !spokenShared(api, op) {
		kept = spoken(op, kept)
	}
	for len(kept) > 0 && connector[kept[len(kept)-1]] {
		kept = kept[:len(kept)-1]
	}
	for len(kept) > 0 && connector[kept[0]] {
		kept = kept[1:]
	}
	if len(kept) == 0 {
		kept = nounWords
	}
	if len(kept) == 0 {
		kept = singularWords(prose.Words(last))
		if strings.HasPrefix(last, "{") && len(sh.params) > 0 {
			kept = strings.Fields(sh.params[len(sh.params)-1].noun)
		}
	}
	if len(kept) == 0 {
		kept = []string{"item"}
	}
	lw := kept[len(kept)-1]
	sh.plural = english.IsPlural(lw)
	one := append(append([]string{}, kept[:len(kept)-1]...), english.Singular(lw))
	many := append(append([]string{}, kept[:len(kept)-1]...), english.Plural(english.Singular(lw)))
	sh.resource, sh.resources = strings.Join(one, " "), strings.Join(many, " ")
	if sub != "" {
		// The thing acted on is what the path names after the last
		// parameter, of that parameter's item:
		// "/repos/{owner}/{repo}/vulnerability-alerts" disables the
		// vulnerability alerts of a repo, not the repo.
		sh.target = false
	}
	if v := versionOf(op.Name); v != "" && sharedInVersions(api, op.Name) {
		// Another version of the API has the tool too
		// ("readRbacAuthorizationV1alpha1ClusterRole" and
		// "readRbacAuthorizationV1ClusterRole"): the version is what
		// tells them apart.
		if n := len(sh.params); n > 0 && sh.target && sh.params[n-1].noun != "" && !slices.Contains(strings.Fields(sh.params[n-1].noun), v) {
			sh.params[n-1].noun = v + " " + sh.params[n-1].noun
		}
		if !slices.Contains(strings.Fields(sh.resource), v) {
			sh.resource, sh.resources = v+" "+sh.resource, v+" "+sh.resources
		}
	}
	if group != "" && !slices.Contains(kept, group) {
		// Another group has a tool of the same name
		// ("actions/get-org-public-key", "dependabot/get-org-public-key"):
		// the group is what tells them apart.
		if len(sh.params) > 0 && sh.target && sh.params[len(sh.params)-1].noun != "" {
			sh.params[len(sh.params)-1].noun = group + " " + sh.params[len(sh.params)-1].noun
		}
		sh.resource, sh.resources = group+" "+sh.resource, group+" "+sh.resources
	}
	for i := range sh.params {
		if sh.params[i].noun == "" {
			sh.params[i].noun = sh.resource
		}
	}
	return sh
}

// groupNames caches, per API, how many tools have each name once the
// group it starts with is left out ("get-org-public-key" for
// "actions/get-org-public-key").
var groupNames perAPI[map[string]int]

// sharedInGroups reports whether more than one of the API's tools is
// named rest after its group.
func sharedInGroups(api *ir.API, rest string) bool {
	counts := groupNames.get(api, func() map[string]int {
		counts := map[string]int{}
		for _, op := range api.Operations {
			ws := prose.Words(op.Name)
			if (len(ws) > 2 || len(ws) == 2 && actionVerbs[ws[1]]) && isTag(op, ws[0]) &&
				len(op.Name) > len(ws[0]) && strings.ContainsRune("_/-.", rune(op.Name[len(ws[0])])) {
				counts[op.Name[len(ws[0])+1:]]++
			}
		}
		return counts
	})
	return counts[rest] > 1
}

// versionWord finds an API version in a tool's name: "V1alpha1",
// "V2beta2", "V1" (after a lower-case letter, before an upper-case one or
// the end).
var versionWord = regexp.MustCompile(`[a-z](V[0-9]+(?:(?:alpha|beta)[0-9]*)?)(?:[A-Z]|$)`)

// versionOf returns the API version a tool's name says, lower-cased
// ("v1alpha1"); "" when none.
func versionOf(name string) string {
	m := versionWord.FindStringSubmatch(name)
	if m == nil {
		return ""
	}
	return strings.ToLower(m[1])
}

// versionNames caches, per API, how many tools have each name once the
// version is left out.
var versionNames perAPI[map[string]int]

// sharedInVersions reports whether more than one of the API's tools has
// the name once its version is left out.
func sharedInVersions(api *ir.API, name string) bool {
	counts := versionNames.get(api, func() map[string]int {
		counts := map[string]int{}
		for _, op := range api.Operations {
			if v := versionWord.FindStringSubmatchIndex(op.Name); v != nil {
				counts[op.Name[:v[2]]+op.Name[v[3]:]]++
			}
		}
		return counts
	})
	v := versionWord.FindStringSubmatchIndex(name)
	return v != nil && counts[name[:v[2]]+name[v[3]:]] > 1
}

// rename names the resource otherwise ("support ticket" for ticket),
// where the shape says it: its singular and plural, and the nouns of the
// path parameters that are the resource's.
func (sh *toolShape) rename(one string) {
	ws := strings.Fields(one)
	many := strings.Join(append(ws[:len(ws)-1:len(ws)-1], english.Plural(ws[len(ws)-1])), " ")
	for i := range sh.params {
		if sh.params[i].noun == sh.resource {
			sh.params[i].noun = one
		}
	}
	sh.resource, sh.resources = one, many
}

// cut removes the words of a parameter's name from a tool's name
// ("getFlagsProjectKeyDependents" without "project key").
func cut(ws, name []string) []string {
	if len(name) < 2 {
		return ws
	}
	for i := 0; i+len(name) <= len(ws); i++ {
		if slices.Equal(ws[i:i+len(name)], name) {
			return append(append([]string{}, ws[:i]...), ws[i+len(name):]...)
		}
	}
	return ws
}

// isTag reports whether a word is the name of one of the operation's
// tags.
func isTag(op *ir.Operation, w string) bool {
	for _, t := range op.Tags {
		if strings.EqualFold(t, w) {
			return true
		}
	}
	return false
}

// genericParam reports whether a path parameter's name says only that it
// identifies something: "id", "key", "slug".
func genericParam(ws []string) bool {
	if len(ws) != 1 {
		return false
	}
	switch ws[0] {
	case "id", "ids", "key", "uuid", "slug", "name", "number", "code", "ref", "sid", "gid", "pk", "resource", "item",
		"object", "entity", "record":
		return true
	}
	return false
}

// sharesWord reports whether two lists of words have one in common,
// singular or plural alike.
func sharesWord(a, b []string) bool {
	for _, x := range a {
		for _, y := range b {
			if english.Singular(x) == english.Singular(y) {
				return true
			}
		}
	}
	return false
}

// connector are the words that join nouns in tool names
// (listTicketsForUser).
var connector = map[string]bool{"for": true, "of": true, "by": true, "in": true, "on": true, "from": true, "to": true, "with": true}

func trimID(ws []string) []string {
	if n := len(ws); n > 1 && (ws[n-1] == "id" || ws[n-1] == "ids" || ws[n-1] == "key" || ws[n-1] == "uuid") {
		return ws[:n-1]
	}
	return ws
}

func singularWords(ws []string) []string {
	if len(ws) == 0 {
		return ws
	}
	out := append([]string{}, ws...)
	out[len(out)-1] = english.Singular(out[len(out)-1])
	return out
}

// spoken keeps the words of a tool's name that the tool's path (after
// its API and version prefix) or its summary and description also say:
// the others are the name's bookkeeping ("core", "v1" and "namespaced" of
// listCoreV1NamespacedEvent, "resource" of
// AddonPropertiesResource_getAddonProperties), which no one says when
// asking for the events of a namespace. A word said twice is kept once.
// It returns the words as they are when it would keep no noun.
func spoken(op *ir.Operation, ws []string) []string {
	said := judge.Spoken(op)
	var out []string
	seen := map[string]bool{}
	nouns := 0
	for _, w := range ws {
		lw := strings.ToLower(w)
		if seen[english.Singular(lw)] {
			continue
		}
		if !connector[lw] && !strings.Contains(said, english.Singular(lw)) {
			continue
		}
		seen[english.Singular(lw)] = true
		out = append(out, w)
		if !connector[lw] {
			nouns++
		}
	}
	if nouns == 0 {
		return ws
	}
	return out
}

// spokenNames caches, per API, the names (less their version) of the
// tools of each method and spoken name.
var spokenNames perAPI[map[string]map[string]bool]

// spokenKey is a tool's method and spoken name, each word singular.
func spokenKey(op *ir.Operation) string {
	return op.Method + " " + strings.Join(singularAll(spoken(op, prose.Words(op.Name))), " ")
}

// unversioned is a tool's name without the API version it says
// (readRbacAuthorizationClusterRole for readRbacAuthorizationV1ClusterRole).
func unversioned(name string) string {
	if v := versionWord.FindStringSubmatchIndex(name); v != nil {
		return name[:v[2]] + name[v[3]:]
	}
	return name
}

// spokenShared reports whether a tool of the API other than a version of
// this one has the same method and spoken name: then the words spoken
// leaves out are what tells them apart ("core" of
// listCoreV1NamespacedEvent beside listEventsV1beta1NamespacedEvent), and
// the name is said whole. Versions of one tool are told apart by their
// version (sharedInVersions).
func spokenShared(api *ir.API, op *ir.Operation) bool {
	names := spokenNames.get(api, func() map[string]map[string]bool {
		names := map[string]map[string]bool{}
		for _, o := range api.Operations {
			k := spokenKey(o)
			if names[k] == nil {
				names[k] = map[string]bool{}
			}
			names[k][unversioned(o.Name)] = true
		}
		return names
	})
	return len(names[spokenKey(op)]) > 1
}

func singularAll(ws []string) []string {
	out := make([]string, len(ws))
	for i, w := range ws {
		out[i] = english.Singular(w)
	}
	return out
}
