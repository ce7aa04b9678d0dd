package baseline

import (
	"slices"
	"strings"

	"github.com/agentready/agentready/harness/retrieve"
	"github.com/agentready/agentready/internal/english"
)

// whichWords say which of several things, not what one is called: "the
// last run" names no run.
var whichWords = map[string]bool{"last": true, "first": true, "latest": true, "next": true, "previous": true,
	"current": true, "default": true, "new": true, "same": true, "other": true, "whole": true, "entire": true,
	"newest": true, "oldest": true, "only": true, "main": true}

// theNamed gives the tool's required string argument still empty that
// names the thing the tool acts on the one word said between "the" and
// that thing's noun, as people name things: "stop the cron container"
// (id, "ID or name of container"), "show the google identity provider"
// (alias of getRealmIdentityProviderInstancesAlias). The thing is what
// the tool's name says right before the argument's name (the identity
// provider instances of ...InstancesAlias), else the name's object
// (container of ContainerStop); the request says it in one to three
// words of those, its last the thing's own noun, or in two or more of
// them in a row, and its phrase ends there (the clause's end or a stop
// word follows: "the auditor role" names no group, "the nginx config"
// no config map). The word is a name (a plain word or one shaped as a
// name), no word of the tool's topic or of an argument's name and no
// word that says which ("the last run"). The argument takes a name: its name
// says no identifier or number, or its description says name ("ID or
// name of container"); an id alone is looked up first. When several
// required strings are empty, the thing is the one the tool's name says
// last (alias, not realm). A tool that creates is left alone: the name
// there is a new one.
func (f *filler) theNamed() {
	if toolAction(f.tool.name, f.tool.desc) == "create" {
		return
	}
	nameWords := retrieve.Words(f.tool.name)
	last := func(p *param) int {
		at := -1
		for i, w := range nameWords {
			if slices.Contains(p.words, w) {
				at = i
			}
		}
		return at
	}
	var target *param
	for _, p := range f.tool.params {
		if !p.required || f.has(p) || p.array || len(p.enum) > 0 || len(p.named) > 0 || p.scalarType() != "string" ||
			len(p.path) > 1 || p.format != "" || p.pattern != nil {
			continue
		}
		switch own := f.tool.namesObject(p); {
		case target == nil, own && !f.tool.namesObject(target):
			// The name of the tool's own object ("name of the
			// Secret") before the container it is in (namespace).
			target = p
		case f.tool.namesObject(target) && !own:
		case last(p) > last(target):
			target = p
		}
	}
	if target == nil || !takesName(target) {
		return
	}
	var thing []string
	if at := last(target); at >= 0 {
		for at > 0 && slices.Contains(target.words, nameWords[at-1]) {
			at-- // role-name: the thing is before "role"
		}
		for k := max(0, at-3); k < at; k++ {
			if w := nameWords[k]; !pathIDWords[w] && !retrieve.IsStopWord(w) {
				thing = append(thing, english.Stem(w))
			}
		}
	} else if f.tool.object != "" {
		thing = []string{f.tool.object}
	}
	if len(thing) == 0 {
		return
	}
	head := thing[len(thing)-1]
	u := f.u
	for w := 1; w < len(u.words); w++ {
		if u.words[w-1].lower != "the" || u.boundaryAfter(w-1) {
			continue
		}
		ti := u.words[w].tok
		tok := u.toks[ti]
		if tok.first != w || u.used[ti] || tok.quoted || whichWords[tok.lower] || !(nameShaped(tok) && !f.tool.topic[english.Stem(tok.lower)] || f.plainWord(ti)) {
			continue
		}
		n := tok.last + 1
		var said []string
		for n < len(u.words) && len(said) < 3 && !u.boundaryAfter(n-1) && slices.Contains(thing, u.words[n].stem) {
			said = append(said, u.words[n].stem)
			n++
		}
		if len(said) == 0 || n < len(u.words) && !u.boundaryAfter(n-1) && !retrieve.IsStopWord(u.words[n].lower) {
			continue
		}
		if said[len(said)-1] != head && (len(said) < 2 || !inRow(thing, said)) {
			continue
		}
		if f.set(target, tok.raw) {
			u.used[ti] = true
			f.notes = append(f.notes, target.name+" is the word before "+u.words[tok.last+1].lower)
		}
		return
	}
}

// takesName reports whether p takes a thing's name: its name says no
// identifier or number, or its description says name ("ID or name of
// container").
func takesName(p *param) bool {
	for _, w := range p.words {
		if idWords[w] {
			return slices.Contains(retrieve.Words(strings.ToLower(p.desc)), "name")
		}
	}
	return true
}

// inRow reports whether part occurs in whole in a row.
func inRow(whole, part []string) bool {
	for i := 0; i+len(part) <= len(whole); i++ {
		if slices.Equal(whole[i:i+len(part)], part) {
			return true
		}
	}
	return false
}
