package baseline

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/agentready/agentready/harness/retrieve"
	"github.com/agentready/agentready/internal/english"
)

// reSaysName is a description that says the argument takes a name.
var reSaysName = regexp.MustCompile(`(?i)\bname\b`)

// rePhone is a phone number written as E.164: a plus and 7 to 15 digits.
var rePhone = regexp.MustCompile(`^\+[0-9]{7,15}$`)

// reCodeName is a name written as code writes names: words of letters
// and digits joined by dashes, slashes, colons, dots or underscores
// (nginx-proxy, vieux/sshfs, myapp:latest, api.example.com, s3_bucket),
// or a handle after @ (@TwitterDev).
var reCodeName = regexp.MustCompile(`^@?[A-Za-z0-9]+(?:[-/:._][A-Za-z0-9]+)+$|^@[A-Za-z0-9_]+$`)

// writtenValue reports whether token i is a value the request writes
// as a thing's name or number, not as a word: a number, an identifier
// (idLike), a phone number, an email, or a name written as code writes
// names (reCodeName); never a date or time, a URL or a number with a
// unit. It returns the value as an argument takes it (a handle without
// its @).
func (f *filler) writtenValue(i int) (string, bool) {
	t := f.u.toks[i]
	raw := t.raw
	if strings.Contains(raw, "://") || len(raw) < 3 && !reDigits.MatchString(raw) {
		return "", false
	}
	if _, isDate := asDate(raw); isDate {
		return "", false
	}
	if _, isDateTime := asDateTime(raw); isDateTime {
		return "", false
	}
	switch {
	case reDigits.MatchString(raw) || reLongNumber.MatchString(raw):
		return raw, true
	case rePhone.MatchString(raw) || isEmail(raw) || idLike(raw):
		return raw, true
	case reCodeName.MatchString(raw):
		if strings.HasPrefix(raw, "@") {
			return raw[1:], true
		}
		if strings.ContainsAny(raw, ".") && reFileName.MatchString(raw) && !strings.ContainsAny(raw, "-/:_") && strings.Count(raw, ".") < 2 {
			return "", false // a file's name: README.md
		}
		return raw, true
	}
	return "", false
}

// writtenRequired gives the tool's one required argument still empty,
// when it takes a thing's identifier or name (id, name, username,
// serial, phone number; no listed values, no free text), the request's
// one value written as such (writtenValue) that no argument took: a
// model puts "restart nginx-proxy" or "replies to post 99812" where the
// tool says it must go. The noun right before the value, if any, must
// name the argument or the tool's thing ("switch Q2HP-F5K5-R88R" for a
// switch tool's serial, not "node worker-3" for a namespace), and a word
// right after it must be a stop word or a word of the tool's name ("the
// vieux/sshfs plugin", not "read-only admins"). A number is a value only
// with four digits or more or at the end of its clause ("ssh key 901"),
// never a count ("5 users").
// namesPerson reports whether p's name says it takes a person (user,
// username, login, member, handle).
func namesPerson(p *param) bool {
	return slices.ContainsFunc(p.words, func(w string) bool {
		return w == "user" || w == "username" || w == "login" || w == "member" || w == "handle"
	})
}

func (f *filler) writtenRequired() {
	if f.twoHandles {
		return // "badges for jdoe and mia_k": which one is unsaid
	}
	var target *param
	for _, p := range f.tool.params {
		if p.required && !f.has(p) {
			if target != nil {
				return // two to fill: the value does not say which
			}
			target = p
		}
	}
	if target == nil || target.array || len(target.enum) > 0 || target.onlyNamed() || !f.reachable(target) {
		return
	}
	typ := target.scalarType()
	if typ != "string" && typ != "integer" || !(target.ident || namesThing(target.words)) || !formatFits(target.format) {
		return
	}
	if target.textual() && (len(target.path) != 1 || f.tool.creates()) {
		// A name is free text where a thing is made, and what
		// identifies it elsewhere ("disable plugin vieux/sshfs").
		return
	}
	at, value := -1, ""
	for i, t := range f.u.toks {
		if f.u.used[i] || t.quoted {
			continue
		}
		v, ok := f.writtenValue(i)
		if !ok {
			continue
		}
		if reDigits.MatchString(v) && len(v) < 4 && !t.clauseEnd && i+1 < len(f.u.toks) {
			continue // "5 users": a count, not a thing's number
		}
		if at >= 0 {
			return // two values: which is meant is unsaid
		}
		at, value = i, v
	}
	if at < 0 {
		return
	}
	if typ == "integer" {
		if !reDigits.MatchString(value) && !reLongNumber.MatchString(value) {
			return
		}
	}
	if strings.Contains(value, "/") && namesPerson(target) && !strings.Contains(fmt.Sprint(target.example), "/") {
		// "who starred acme/api": a path of names is a repository,
		// a folder or a file, not a person's username.
		return
	}
	if target.format == "email" && !isEmail(value) || strings.HasPrefix(target.format, "int") && !reLongNumber.MatchString(value) && !reDigits.MatchString(value) {
		return
	}
	if noun, ok := f.nounBefore(at); ok && !f.nounNames(noun, target) && !f.tool.topic[noun.stem] {
		return
	}
	if !f.thingSaid(target, at) {
		return
	}
	if t := f.u.toks[at]; !t.clauseEnd && at+1 < len(f.u.toks) {
		next := f.u.toks[at+1]
		st := english.Stem(next.lower)
		if !retrieve.IsStopWord(next.lower) && !stopValue[next.lower] && !f.tool.topic[st] && !f.tool.argWords[st] {
			return
		}
	}
	if generic(target) && !strings.ContainsAny(value, "0123456789@+") && !reSaysName.MatchString(target.desc) {
		// A word is a thing's name, not its id, unless the argument
		// says it takes either ("ID or name of container").
		return
	}
	var v any = value
	if typ == "integer" {
		n, _ := asNumber(value)
		v = number(target, n)
	}
	if f.set(target, v) {
		f.u.used[at] = true
		f.notes = append(f.notes, target.name+" takes the one value written as a name or number")
	}
}

// namesThing reports whether an argument's name says it holds a thing's
// name, handle or number: name, username, login, handle, alias, serial,
// phone.
func namesThing(words []string) bool {
	for _, w := range words {
		switch w {
		case "name", "username", "login", "handle", "alias", "serial", "phone":
			return true
		}
	}
	return false
}

// formatFits reports whether an argument's format lets it take a name
// or number as written: none, a path segment's, an email's, an integer's.
func formatFits(format string) bool {
	switch format {
	case "", "path", "email", "int32", "int64", "integer":
		return true
	}
	return false
}

// creates reports whether the tool's name starts with a verb that makes
// a thing (createUser, add_member).
func (t *toolSpec) creates() bool {
	ws := retrieve.Words(t.name)
	return len(ws) > 0 && verbClasses[english.Stem(ws[0])] == "create"
}

// thingSaid reports whether the request says the thing an argument's
// name names (by a word of the name or its synonym) beside the value at token i (a word of the two before it or
// the one after it, or the value's own type prefix: "check
// check_transfer_30b4..." for check_transfer_id, "the s3_bucket
// variable" for variable_key), or the name names no thing (id, name,
// username, serial, phone_number), or the value is an email and the
// argument a person's (userId): "droplet called web-03" is no tag_name,
// "list 9c2b-11" no pool_name.
func (f *filler) thingSaid(p *param, i int) bool {
	var things []string
	for _, w := range p.words {
		if !idWords[w] && !namesThing([]string{w}) {
			things = append(things, w)
		}
	}
	if len(things) == 0 || prefixNames(f.u.toks[i].raw, p, nil) {
		return true
	}
	if isEmail(f.u.toks[i].raw) && slices.ContainsFunc(things, func(w string) bool { return personWords[w] }) {
		return true
	}
	from, to := f.u.toks[i].first-2, f.u.toks[i].last+1
	for w := max(from, 0); w <= to && w < len(f.u.words); w++ {
		if w >= f.u.toks[i].first && w <= f.u.toks[i].last {
			continue
		}
		n := f.u.words[w]
		for _, st := range append([]string{n.stem}, retrieve.Synonyms(n.stem)...) {
			if n.stem != "" && slices.Contains(p.stems, st) {
				return true
			}
		}
	}
	return false
}
