package baseline

import (
	"regexp"
	"strings"

	"github.com/agentready/agentready/harness/retrieve"
	"github.com/agentready/agentready/internal/english"
)

// thingNoun is the stem of the noun of the thing p identifies: the word
// its name says before an id (team for teamId, project for project_id),
// else, for a name that says only how it identifies (id, idOrName), the
// first word of its description that the tool's name also says ("The
// unique project identifier or the project name" of deleteProject), or
// the word of the tool's name its description says right before the
// argument's, a stop word between ("project id or name", "project by
// id or name"); "" when none says one.
func (t *toolSpec) thingNoun(p *param) string {
	if len(p.path) > 1 || len(p.words) == 0 {
		return ""
	}
	if p.ident && len(p.stems) == 1 && len(p.stems) < len(p.fullStems) {
		return p.stems[0]
	}
	for _, w := range p.words {
		if !idWords[w] && w != "name" && w != "identifier" {
			return ""
		}
	}
	named := map[string]bool{}
	for _, w := range retrieve.Words(t.name) {
		if !retrieve.IsStopWord(w) {
			// getCertById says no thing "by".
			named[english.Stem(w)] = true
		}
	}
	for _, st := range retrieve.Tokens(p.desc) {
		if named[st] {
			return st
		}
	}
	// A description cut from the argument says it in the tool's:
	// "Delete specific project by passing either project id or name".
	ws := retrieve.Words(t.desc)
	for i := 1; i < len(ws); i++ {
		if ws[i] != p.words[0] {
			continue
		}
		for j := i - 1; j >= 0 && j >= i-2; j-- {
			if st := english.Stem(ws[j]); named[st] {
				return st
			}
			if !retrieve.IsStopWord(ws[j]) {
				break
			}
		}
	}
	return ""
}

// thingNames give an argument that identifies a thing the name said with
// the thing's noun, as people name things: right after the noun
// ("project storefront", "team acme": a name-shaped word, or for a
// required argument any plain word), or between "the" and the noun
// ("the acme team", "the storefront project"). A plain word is one word
// that is no stop word, request verb, word of the tool's topic or
// number.
func (f *filler) thingNames() {
	u := f.u
	for _, p := range f.tool.params {
		if f.has(p) || p.array || len(p.enum) > 0 || p.scalarType() != "string" {
			continue
		}
		noun := f.tool.thingNoun(p)
		if noun == "" {
			continue
		}
		for at, w := range u.words {
			if w.stem != noun || u.toks[w.tok].last != at {
				continue
			}
			if ti := w.tok + 1; !u.boundaryAfter(at) && ti < len(u.toks) && !u.used[ti] && (nameShaped(u.toks[ti]) || p.required && f.plainWord(ti)) {
				if f.set(p, u.toks[ti].raw) {
					u.used[ti] = true
					f.notes = append(f.notes, p.name+" is what follows "+w.lower)
				}
				break
			}
			if at >= 2 && u.words[at-2].lower == "the" && !u.boundaryAfter(at-1) && f.plainWord(u.words[at-1].tok) {
				if f.set(p, u.toks[u.words[at-1].tok].raw) {
					u.used[u.words[at-1].tok] = true
					f.notes = append(f.notes, p.name+" is the word before "+w.lower)
				}
				break
			}
		}
	}
}

// plainWord reports whether token ti is one free word that may name a
// thing: no stop word, request verb, word of the tool's topic or of an
// argument's name, and no number.
func (f *filler) plainWord(ti int) bool {
	t := f.u.toks[ti]
	if f.u.used[ti] || t.quoted || t.first != t.last {
		return false
	}
	st := f.u.words[t.first].stem
	if _, num := asNumber(t.raw); num || st == "" {
		return false
	}
	return !retrieve.IsStopWord(t.lower) && !requestVerbs[st] && !f.tool.topic[st] && !f.tool.argWords[st] &&
		!stopValue[t.lower] && !politeness[t.lower] && verbClasses[st] == ""
}

// reDomain is a domain name: labels of letters, digits and dashes joined
// by dots, ending in a top-level domain of two to six letters
// (acme.dev, shop.acme.co.uk).
var reDomain = regexp.MustCompile(`^(?i)[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*\.[a-z]{2,6}$`)

// fileExtensions end names that are files, not domains: README.md.
var fileExtensions = map[string]bool{"md": true, "txt": true, "json": true, "yaml": true, "yml": true, "xml": true,
	"csv": true, "html": true, "htm": true, "pdf": true, "png": true, "jpg": true, "jpeg": true, "gif": true,
	"svg": true, "zip": true, "gz": true, "tar": true, "log": true, "sh": true, "go": true, "py": true, "js": true,
	"ts": true, "css": true, "java": true, "rb": true, "rs": true, "toml": true, "ini": true, "cfg": true, "conf": true,
	"doc": true, "docx": true, "xls": true, "xlsx": true, "mp3": true, "mp4": true, "wav": true, "lock": true}

// isFileName reports whether raw is written as a file's name: a name,
// a dot and an extension files have ("banner.png",
// "site-2026-01-02.tar.gz"), no path.
func isFileName(raw string) bool {
	dot := strings.LastIndexByte(raw, '.')
	if dot <= 0 || strings.ContainsAny(raw, "/\\@:") || strings.IndexFunc(raw[:dot], isLetter) < 0 {
		return false
	}
	return fileExtensions[strings.ToLower(raw[dot+1:])]
}

// fileNames give a file's name said in the request ("banner.png") to the
// tool's one string argument named for a file's name (filename,
// file_name, fileName), as a model reads the argument's name.
func (f *filler) fileNames() {
	target := f.tool.sole(func(p *param) bool {
		return !f.has(p) && !p.array && len(p.enum) == 0 && p.scalarType() == "string" && strings.Join(p.words, "") == "filename"
	})
	if target == nil {
		return
	}
	for i, t := range f.u.toks {
		if !f.u.used[i] && !t.quoted && isFileName(t.raw) {
			if f.set(target, t.raw) {
				f.u.used[i] = true
				f.notes = append(f.notes, target.name+" is the file "+t.raw)
			}
			return
		}
	}
}

// isDomain reports whether raw is written as a domain name, not a file
// name or a number.
func isDomain(raw string) bool {
	if !reDomain.MatchString(raw) {
		return false
	}
	tld := strings.ToLower(raw[strings.LastIndexByte(raw, '.')+1:])
	return !fileExtensions[tld]
}

// domainNamed reports whether p takes a domain name: its format says
// hostname, or its name says domain, hostname or fqdn, or it is the
// required name of a tool whose name says domain ("name" of
// checkDomainStatus) where no other argument takes one.
func (t *toolSpec) domainNamed(p *param) bool {
	switch p.format {
	case "hostname", "idn-hostname":
		return true
	case "":
	default:
		return false
	}
	if len(p.enum) > 0 || p.array {
		return false
	}
	if saysDomain(p) {
		return true
	}
	if p.key != "name" || !p.required {
		return false
	}
	for _, q := range t.params {
		if q != p && (saysDomain(q) || q.format == "hostname") {
			return false // domain_name is the domain's; name a record's
		}
	}
	for _, w := range retrieve.Words(t.name) {
		if w == "domain" || w == "domains" {
			return true
		}
	}
	return false
}

// saysDomain reports whether p's name says it takes a domain name.
func saysDomain(p *param) bool {
	for _, w := range p.words {
		switch w {
		case "domain", "hostname", "fqdn":
			return true
		}
	}
	return false
}

// pathThing is the stem of the noun of the thing a bare identifier p
// (id, key, number: its name says only how it identifies) identifies in a
// tool named after its path: the word of the name right before the
// argument's name, once there (clients of getRealmClientsIdUserSessions:
// its id is a client's, not a user's, as a model reads the path
// /clients/{id}/user-sessions). "" for a name that does not start with
// an HTTP method, and for an argument the name says more than once
// (id1, id2) or not at all.
func (t *toolSpec) pathThing(p *param) string {
	if len(p.path) > 1 || len(p.words) != 1 || !idWords[p.words[0]] {
		return ""
	}
	ws := retrieve.Words(t.name)
	if len(ws) < 3 || !httpVerbs[ws[0]] && ws[0] != "get" && ws[0] != "delete" {
		return ""
	}
	at := -1
	for i, w := range ws {
		if w != p.words[0] {
			continue
		}
		if at >= 0 {
			return ""
		}
		at = i
	}
	if at < 2 || idWords[ws[at-1]] || retrieve.IsStopWord(ws[at-1]) {
		return ""
	}
	return english.Stem(ws[at-1])
}
