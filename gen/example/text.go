package example

import (
	"hash/fnv"
	"strconv"
	"strings"

	"github.com/agentready/agentready/gen/describe/prose"
	"github.com/agentready/agentready/internal/english"
)

// Made-up values that several words share.
const (
	personName = "Ada Okafor"
	login      = "octocat"
	slug       = "billing-api"
	title      = "Fix login timeout"
	sentence   = "Ready for review."
	dateTime   = "2024-01-15T09:30:00Z"
	password   = "hunter2"
	secret     = "sk_test_123"
	ipAddress  = "192.0.2.1"
	ipNetwork  = "192.0.2.0/24"
	link       = "https://example.com"
)

// wordValues are made-up values for what the last word of a name says a
// plain string holds: "email" and "reply_email" both hold an email.
var wordValues = map[string]string{
	"email": "user@example.com", "mail": "user@example.com",
	"title": title, "summary": title, "subject": title, "headline": title, "caption": title, "heading": title,
	"description": "Handles customer invoices and refunds.", "details": "Handles customer invoices and refunds.",
	"about": "Handles customer invoices and refunds.", "bio": "Backend developer in Berlin.",
	"body": sentence, "comment": sentence, "comments": sentence, "message": sentence, "note": sentence,
	"notes": sentence, "text": sentence, "content": sentence, "reason": sentence, "reply": sentence,
	"answer": sentence, "feedback": sentence, "remarks": sentence,
	"q": "billing", "query": "billing", "search": "billing", "keyword": "billing", "keywords": "billing",
	"term": "billing", "terms": "billing", "phrase": "billing", "topic": "billing", "category": "billing",
	"city": "Berlin", "town": "Berlin", "location": "Berlin", "office": "Berlin", "place": "Berlin",
	"country": "US", "currency": "usd", "language": "en", "lang": "en", "locale": "en",
	"timezone": "Europe/Berlin", "tz": "Europe/Berlin",
	"color": "1d76db", "colour": "1d76db",
	"phone": "+14155550100", "mobile": "+14155550100", "telephone": "+14155550100", "fax": "+14155550100",
	"owner": login, "login": login, "username": login, "user": login, "author": login, "assignee": login,
	"actor": login, "creator": login, "reviewer": login, "member": login, "handle": login,
	"requester": login, "reporter": login, "collaborator": login, "invitee": login, "sender": login,
	"maintainer": login, "nickname": login,
	"org": "acme-corp", "organization": "acme-corp", "organisation": "acme-corp", "enterprise": "acme-corp",
	"company": "acme-corp", "workspace": "acme-corp", "tenant": "acme-corp",
	"team": "platform", "group": "admins", "role": "admin", "scope": "read", "scopes": "read",
	"permission": "read", "permissions": "read",
	"repo": slug, "repository": slug, "project": slug, "app": slug, "application": slug, "service": slug,
	"package": slug, "module": slug,
	"branch": "main", "ref": "main", "base": "main", "head": "fix-login-timeout",
	"sha": "6dcb09b", "commit": "6dcb09b", "hash": "6dcb09b", "revision": "6dcb09b",
	"tag": "v1.2.0", "version": "1.2.0", "label": "bug", "labels": "bug",
	"path": "docs/README.md", "filepath": "docs/README.md", "dir": "docs", "directory": "docs", "folder": "docs",
	"file": "report.pdf", "filename": "report.pdf", "attachment": "report.pdf",
	"url": link, "uri": link, "link": link, "href": link, "website": link, "homepage": link,
	"endpoint": link, "callback": link, "webhook": link, "redirect": link, "blog": link,
	"domain": "example.com", "host": "example.com", "hostname": "example.com", "fqdn": "example.com",
	"ip": ipAddress, "street": "1 Main Street", "line1": "1 Main Street", "line2": "Suite 200",
	"zip": "10115", "zipcode": "10115", "postcode": "10115", "postal": "10115",
	"date": "2024-01-15", "day": "2024-01-15", "birthday": "1990-04-12",
	"time": dateTime, "timestamp": dateTime, "datetime": dateTime, "at": dateTime, "since": dateTime,
	"until": dateTime, "ts": "1700000000.000100",
	"password": password, "passphrase": password, "passwd": password, "secret": secret, "token": secret,
	"namespace": "default", "env": "production", "environment": "production", "stage": "production",
	"region": "eu-west-1", "status": "active", "state": "open", "type": "standard", "kind": "Deployment",
	"order": "desc", "direction": "desc", "sort": "created",
	"jql": "project = PROJ", "channel": "C024BE91L", "cron": "0 9 * * 1", "schedule": "0 9 * * 1",
	"person": personName, "contact": personName, "usergroup": "admins", "subdomain": "acme",
	"ssid": "office-wifi", "question": "How do I reset my password?", "basehead": "main...fix-login-timeout",
	"authorization": "Bearer " + secret, "code": "ABC123", "verb": "get",
	"address": "1 Main Street", "prefix": "logs/", "network": ipNetwork, "subnet": ipNetwork,
}

// refWords end a name that refers to a thing rather than holds it: the
// words before them say which thing ("project" in projectKey, "issue" in
// issueIdOrKey).
var refWords = map[string]bool{
	"id": true, "ids": true, "gid": true, "uid": true, "pid": true, "sid": true, "oid": true, "uuid": true,
	"guid": true, "cid": true, "identifier": true, "key": true, "keys": true, "name": true, "names": true,
	"slug": true, "parent": true, "or": true,
}

// personWords name people: a bare "name" of one is a person's name.
var personWords = map[string]bool{
	"user": true, "customer": true, "member": true, "contact": true, "person": true, "people": true,
	"employee": true, "cardholder": true, "author": true, "recipient": true, "profile": true,
	"individual": true, "attendee": true, "guest": true, "student": true, "patient": true, "assignee": true,
}

// text is a plain string for what a name says the value holds: a
// person's name for full_name (and for name where the subject is a
// person, else the thing's name: see nameOf), an email for email, a
// login for owner, a slug for repo, a key for projectKey, a number for
// user_id, and so on (wordValues). A name it cannot read gets a number
// such as "48213" when the value identifies something (a path parameter,
// or desc, the spec's text for it, speaks of an ID), else "my-<its
// words>". The result is never a placeholder (isPlaceholder).
func (g *gen) text(name, desc string) string {
	v := g.meaning(name, desc)
	if isPlaceholder(v, name) {
		v = "my-" + v
	}
	return v
}

func (g *gen) meaning(name, desc string) string {
	ws := prose.Words(name)
	if len(ws) == 0 {
		return "abc123"
	}
	noun, refs := splitRef(ws)
	last := ""
	if len(noun) > 0 {
		last = noun[len(noun)-1]
	}
	switch {
	case refs["key"] || refs["keys"]:
		return g.keyValue(noun)
	case refs["slug"]:
		if last == "team" {
			return "platform"
		}
		return slug
	case refs["name"] || refs["names"]:
		return g.nameValue(noun)
	case refs["uuid"] || refs["guid"]:
		return formatValues["uuid"]
	case len(refs) > 0:
		return ident(name)
	}
	v, ok := compound(noun)
	if !ok {
		v, ok = word(last)
	}
	if ok && network[last] && mentions(desc, "ip", "ipv4", "ipv6", "mask", "cidr") {
		v = ipNetwork
		if last == "address" {
			v = ipAddress + "/24"
		}
	}
	switch {
	case ok && g.inPath && (strings.Contains(v, " ") || strings.HasPrefix(v, "https://")):
		// A sentence or a URL is no path segment: {person} and
		// {payment_link} are identifiers.
		return ident(name)
	case ok:
		return v
	case g.inPath || mentions(desc, "id", "ids", "identifier", "identifiers"):
		return ident(name)
	}
	return "my-" + strings.Join(ws, "-")
}

// splitRef splits a name's words (lower case) into noun, what the name
// refers to or holds, and refs, the refWords at its end that say how it
// refers ("issue" and {id, or, key} in issueIdOrKey).
func splitRef(ws []string) (noun []string, refs map[string]bool) {
	noun = ws
	refs = map[string]bool{}
	for len(noun) > 0 && refWords[noun[len(noun)-1]] {
		refs[noun[len(noun)-1]] = true
		noun = noun[:len(noun)-1]
	}
	return noun, refs
}

// typical is the made-up value text gives a plain string whose name has
// the words ws (lower case), when the name itself says what it holds
// (owner, repo_name, projectKey, label_selector, a number for user_id);
// ok is false for a name text cannot read and for one whose value
// depends on where it is (a bare name or key, a slug).
func typical(ws []string) (v string, ok bool) {
	noun, refs := splitRef(ws)
	if len(noun) == 0 {
		return "", false
	}
	var g gen // keyValue and nameValue read g only for an empty noun
	switch {
	case refs["key"] || refs["keys"]:
		v = g.keyValue(noun)
	case refs["slug"]:
		return "", false
	case refs["name"] || refs["names"]:
		if qualifiers[noun[len(noun)-1]] {
			return "", false
		}
		v = g.nameValue(noun)
	case refs["uuid"] || refs["guid"]:
		return formatValues["uuid"], true
	case len(refs) > 0:
		return ident(strings.Join(ws, "_")), true
	default:
		if v, ok = compound(noun); !ok {
			v, ok = word(noun[len(noun)-1])
		}
	}
	if v == "" || strings.HasPrefix(v, "my-") {
		return "", false
	}
	return v, true
}

// variants holds, for some of the made-up values above, others of the
// same kind that people use (the value itself first): Random draws on
// them so that generated cases say "acme/checkout" or "branch develop"
// and differ from one another, where the generated code shows one
// typical value.
var variants = map[string][]string{
	login:        {login, "dana", "mona", "jdoe", "lchen", "sofia-r", "kenji", "amara"},
	"acme-corp":  {"acme-corp", "acme", "globex", "initech", "hooli", "northwind", "umbrella-labs"},
	"acme":       {"acme", "globex", "initech", "hooli", "northwind"},
	"platform":   {"platform", "security", "data", "mobile", "design", "infra"},
	"admins":     {"admins", "developers", "support", "finance", "on-call"},
	"admin":      {"admin", "maintainer", "member", "viewer", "editor"},
	"main":       {"main", "develop", "release/2.4", "fix-login-timeout", "feature/dark-mode", "staging"},
	"6dcb09b":    {"6dcb09b", "a1f9c3e", "9e8d7c6", "3b4c5d2", "f00ba47"},
	"v1.2.0":     {"v1.2.0", "v2.0.1", "v0.9.3", "v3.1.0"},
	"1.2.0":      {"1.2.0", "2.0.1", "0.9.3", "3.1.0"},
	"production": {"production", "staging", "dev", "qa"},
	"eu-west-1":  {"eu-west-1", "us-east-1", "us-west-2", "eu-central-1", "ap-southeast-1"},
	"docs/README.md": {"docs/README.md", "README.md", "src/main.go", "config/app.yaml",
		".github/workflows/ci.yml", "scripts/deploy.sh"},
	"docs":          {"docs", "src", "config", "scripts"},
	"report.pdf":    {"report.pdf", "invoice-march.pdf", "logo.png", "notes.txt", "export.csv"},
	"example.com":   {"example.com", "api.example.com", "shop.example.org", "status.example.net"},
	"Europe/Berlin": {"Europe/Berlin", "America/New_York", "Asia/Tokyo", "UTC"},
	"PROJ":          {"PROJ", "OPS", "WEB", "SUP", "MOB"},
	"PROJ-12":       {"PROJ-12", "OPS-341", "WEB-1024", "SUP-87", "MOB-5"},
	"DEPLOY_TOKEN":  {"DEPLOY_TOKEN", "NPM_TOKEN", "DATABASE_URL", "SLACK_WEBHOOK"},
	"dark-mode":     {"dark-mode", "new-checkout", "beta-search", "fast-export"},
	"default":       {"default", "staging", "production", "monitoring", "kube-system"},
	"ABC123":        {"ABC123", "XK42QZ", "SUMMER24", "WELCOME10"},
}

// network are the words of names that hold an IP address or network
// when their description says so (NetBox's address and prefix).
var network = map[string]bool{"address": true, "prefix": true, "network": true, "subnet": true}

// mentions reports whether the first sentence of desc has one of words
// (lower case).
func mentions(desc string, words ...string) bool {
	if desc == "" {
		return false
	}
	for _, w := range prose.Words(prose.FirstSentence(desc)) {
		for _, x := range words {
			if w == x {
				return true
			}
		}
	}
	return false
}

// word is wordValues' value for w or, failing that, for its singular.
func word(w string) (string, bool) {
	if v, ok := wordValues[w]; ok {
		return v, true
	}
	v, ok := wordValues[english.Singular(w)]
	return v, ok
}

// compound is the value for names whose last word alone misleads:
// content_type is a media type, fieldSelector a Kubernetes selector,
// start_address an IP address.
func compound(ws []string) (string, bool) {
	if len(ws) < 2 {
		return "", false
	}
	prev, last := ws[len(ws)-2], ws[len(ws)-1]
	switch last {
	case "type":
		if prev == "content" || prev == "media" || prev == "mime" {
			return "application/json", true
		}
	case "selector":
		if prev == "field" {
			return "metadata.name=" + slug, true
		}
		return "app=" + slug, true
	case "address":
		switch prev {
		case "ip", "start", "end", "peer", "gateway":
			return ipAddress + "/24", true
		case "mac":
			return "00:1a:2b:3c:4d:5e", true
		case "email", "mail":
			return "user@example.com", true
		}
		return "1 Main Street", true
	case "code":
		switch prev {
		case "postal", "zip", "post":
			return "10115", true
		case "country":
			return "US", true
		case "currency":
			return "usd", true
		case "language":
			return "en", true
		}
		return "ABC123", true
	case "group":
		if prev == "api" {
			return "apps", true
		}
	case "zone":
		if prev == "time" {
			return "Europe/Berlin", true
		}
	case "by":
		if prev == "sort" || prev == "order" {
			return "created", true
		}
	}
	for _, w := range ws {
		if w == "jql" {
			return "project = PROJ", true
		}
	}
	return "", false
}

// nameValue is the name of noun: a person's for first_name, full_name or
// display_name (and for a bare name whose subject is a person), the value
// of the thing itself when wordValues knows it (repo_name is a repo), else
// "my-<noun>".
func (g *gen) nameValue(noun []string) string {
	if len(noun) > 0 && qualifiers[noun[len(noun)-1]] {
		// new_name, display_name: the name of the same thing.
		noun = noun[:len(noun)-1]
	}
	if len(noun) == 0 {
		return g.nameOf()
	}
	switch last := noun[len(noun)-1]; last {
	case "first", "given":
		return "Ada"
	case "last", "family", "sur":
		return "Okafor"
	case "middle":
		return "Grace"
	case "full", "real", "legal", "contact", "person", "customer", "cardholder", "recipient":
		return personName
	case "user", "account", "screen":
		return login
	case "secret", "token", "variable", "var":
		return "DEPLOY_TOKEN"
	default:
		if v, ok := compound(noun); ok {
			return v
		}
		if v, ok := word(last); ok {
			return v
		}
	}
	return "my-" + strings.Join(noun, "-")
}

// qualifiers are words before "name" that say which of a thing's names
// it is, not what the thing is.
var qualifiers = map[string]bool{"new": true, "old": true, "display": true, "current": true, "previous": true,
	"original": true, "short": true, "friendly": true, "default": true}

// keyValue is a key of noun: a Jira-style project or issue key, an
// environment, a flag, a secret for api_key and the like, the value of
// the thing itself when wordValues knows it, else "my-<noun>". A bare
// key is named after the subject ("my-blob" in /blobs/{key}), or else
// an issue key.
func (g *gen) keyValue(noun []string) string {
	if len(noun) == 0 {
		if h := head(g.subject); len(h) > 0 {
			return "my-" + strings.Join(h, "-")
		}
		return "PROJ-12"
	}
	switch last := noun[len(noun)-1]; last {
	case "project":
		return "PROJ"
	case "issue", "ticket":
		return "PROJ-12"
	case "env", "environment":
		return "production"
	case "flag":
		return "dark-mode"
	case "api", "access", "secret", "private", "signing", "encryption", "license":
		return secret
	}
	if v, ok := word(noun[len(noun)-1]); ok {
		return v
	}
	return "my-" + strings.Join(noun, "-")
}

// nameable are the words of wordValues whose value is also a good name
// for such a thing: a label named "bug", a team "platform".
var nameable = map[string]bool{
	"label": true, "tag": true, "branch": true, "team": true, "group": true, "role": true, "environment": true,
	"repo": true, "repository": true, "project": true, "app": true, "application": true, "service": true,
	"package": true, "file": true, "org": true, "organization": true, "city": true, "region": true,
}

// nameOf is a bare "name" here: a person's when the innermost type being
// built or the subject (gen.subject) is a person (a SimpleUser,
// /members), the thing's own value when wordValues knows a good name for
// it (a label is "bug"), else "my-<subject>" ("my-pod" in
// /namespaces/{namespace}/pods/{name}), or "billing-api" when the path
// names nothing.
func (g *gen) nameOf() string {
	var heads [][]string
	if n := len(g.path); n > 0 {
		if t := g.api.Type(g.path[n-1]); t != nil {
			heads = append(heads, head(prose.Words(t.GoName)))
		}
	}
	subject := head(g.subject)
	heads = append(heads, subject)
	for _, h := range heads {
		if len(h) == 0 {
			continue
		}
		switch last := h[len(h)-1]; {
		case personWords[last]:
			return personName
		case nameable[last]:
			return wordValues[last]
		}
	}
	if len(subject) > 0 {
		return "my-" + strings.Join(subject, "-")
	}
	return slug
}

// head is the words of words that say what they are about: at most the
// last two, the last in the singular ("tax rate" in tax_rates, "contact"
// in ContactRequest, "emoji" in admin.emoji.add); none when the last is
// no noun (v1).
func head(words []string) []string {
	for len(words) > 0 && (typeSuffixes[words[len(words)-1]] || verbs[words[len(words)-1]]) {
		words = words[:len(words)-1]
	}
	if len(words) == 0 {
		return nil
	}
	w := words[len(words)-1]
	if len(w) < 3 || strings.IndexFunc(w, func(r rune) bool { return r < 'a' || r > 'z' }) >= 0 {
		return nil
	}
	out := []string{english.Singular(w)}
	if n := len(words); n > 1 && !namespaces[words[n-2]] {
		out = append([]string{words[n-2]}, out...)
	}
	return out
}

// namespaces are path words that group operations without saying what
// they act on (/admin.conversations.create).
var namespaces = map[string]bool{"admin": true, "api": true, "apis": true, "v1": true, "v2": true, "v3": true}

// verbs end paths that name an action rather than a thing
// (/admin.emoji.rename, /pets/{id}/publish).
var verbs = map[string]bool{
	"add": true, "create": true, "set": true, "rename": true, "remove": true, "delete": true, "list": true,
	"get": true, "info": true, "publish": true, "invite": true, "archive": true, "unarchive": true,
	"approve": true, "deny": true, "update": true, "edit": true, "search": true, "lookup": true, "open": true,
	"close": true, "join": true, "leave": true, "kick": true, "start": true, "stop": true, "restart": true,
	"enable": true, "disable": true, "import": true, "export": true, "copy": true, "move": true, "new": true,
}

// typeSuffixes end type names without saying what the type is
// (ContactRequest is a contact).
var typeSuffixes = map[string]bool{"request": true, "body": true, "input": true, "params": true, "data": true,
	"payload": true, "create": true, "update": true, "patch": true}

// ident is a five-digit identifier made from name: the same name always
// gets the same number, different names seldom do, so that an example
// with several identifiers does not repeat one.
func ident(name string) string {
	h := fnv.New32a()
	h.Write([]byte(strings.ToLower(name)))
	return strconv.Itoa(10000 + int(h.Sum32()%90000))
}

// isPlaceholder reports whether s stands for a value rather than being
// one: the name of what it is for (compared without case, "_" and "-"),
// or "string", "text" or "value".
func isPlaceholder(s, name string) bool {
	v := placeholderKey(s)
	switch v {
	case "string", "text", "value":
		return true
	}
	return v != "" && v == placeholderKey(name)
}

// hasPlaceholder reports whether v, a value for name, holds a
// placeholder at any depth: array items are checked against the array's
// name and its singular, properties against their own names.
func hasPlaceholder(v any, name string) bool {
	switch x := v.(type) {
	case string:
		return isPlaceholder(x, name)
	case []any:
		for _, e := range x {
			if hasPlaceholder(e, name) || hasPlaceholder(e, english.Singular(name)) {
				return true
			}
		}
	case map[string]any:
		for k, e := range x {
			if hasPlaceholder(e, k) {
				return true
			}
		}
	}
	return false
}

// placeholderDashes drops the separators placeholderKey ignores.
var placeholderDashes = strings.NewReplacer("_", "", "-", "")

func placeholderKey(s string) string {
	return placeholderDashes.Replace(strings.ToLower(s))
}
