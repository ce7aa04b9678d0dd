package config

import (
	"fmt"
	"path"
	"strings"
)

// OperationRef is what selection matches on: the few facts about an
// operation that a rule can name. It carries no type of any other package,
// so selection can be used (and tested) on its own.
type OperationRef struct {
	// OperationID is the operation's operationId as the spec gives it; a
	// caller that synthesises IDs for operations without one should pass
	// the synthesised ID, since that is the name users see.
	OperationID string
	// Method is the HTTP method, in any case ("get" and "GET" are alike).
	Method string
	// Path is the path template as the spec writes it, e.g.
	// "/rest/api/3/issue/{issueIdOrKey}".
	Path string
	// Tags are the operation's tags.
	Tags []string
	// Deprecated is the operation's deprecated flag.
	Deprecated bool
}

// String names the operation as users see it in messages:
// "getIssue (GET /issue/{id})", or "GET /issue/{id}" when it has no
// operationId.
func (op OperationRef) String() string {
	mp := strings.ToUpper(op.Method) + " " + op.Path
	if op.OperationID == "" {
		return mp
	}
	return op.OperationID + " (" + mp + ")"
}

// Selection says which operations of a spec become tools. An operation is
// selected when it matches any Include rule (or Include is empty) and no
// Exclude rule. The zero Selection, and a nil one, select everything.
type Selection struct {
	// Include rules: an operation must match at least one, unless there
	// are none.
	Include []Rule `yaml:"include,omitempty"`
	// Exclude rules: an operation that matches any of them is left out,
	// even if an Include rule matches it.
	Exclude []Rule `yaml:"exclude,omitempty"`
}

// Rule matches operations. Every condition a rule gives must hold (AND);
// within one condition, any listed value may match (OR). A rule with no
// conditions matches every operation, which Validate rejects as a likely
// mistake.
type Rule struct {
	// Tags matches operations having any of these tags, compared without
	// regard to case.
	Tags []string `yaml:"tags,omitempty"`
	// OperationIDs matches operations whose operationId matches any of
	// these globs: * matches any run of characters, ? any one, [a-z] a
	// class (path.Match semantics). Matching is case-sensitive, like
	// operationIds.
	OperationIDs []string `yaml:"operation_ids,omitempty"`
	// Methods matches operations using any of these HTTP methods,
	// compared without regard to case.
	Methods []string `yaml:"methods,omitempty"`
	// Paths matches operations whose path template matches any of these
	// globs. Within a segment the glob syntax is OperationIDs'; a segment
	// that is exactly ** matches any number of segments, none included,
	// so /issue/** matches /issue, /issue/{id} and /issue/{id}/comment.
	Paths []string `yaml:"paths,omitempty"`
	// Deprecated, when set, matches operations whose deprecated flag
	// equals it.
	Deprecated *bool `yaml:"deprecated,omitempty"`
}

// Match reports whether op is selected.
func (s *Selection) Match(op OperationRef) bool {
	if s == nil {
		return true
	}
	return (len(s.Include) == 0 || firstMatch(s.Include, op) >= 0) && firstMatch(s.Exclude, op) < 0
}

// Explain says why op was or was not selected, naming the rules that
// decided it, for --verbose output; for example
//
//	getIssue (GET /rest/api/3/issue/{id}): selected by select.include[1] (operation_ids [get*] and methods [GET])
//	deleteIssue (DELETE /rest/api/3/issue/{id}): not selected: matches no select.include rule
func (s *Selection) Explain(op OperationRef) string {
	var why string
	switch {
	case s == nil || len(s.Include) == 0 && len(s.Exclude) == 0:
		why = "selected: there are no select rules"
	default:
		in := firstMatch(s.Include, op)
		ex := firstMatch(s.Exclude, op)
		var included string
		if in >= 0 {
			included = fmt.Sprintf("select.include[%d] (%s)", in, s.Include[in])
		}
		switch {
		case len(s.Include) > 0 && in < 0:
			why = "not selected: matches no select.include rule"
		case ex >= 0 && in >= 0:
			why = fmt.Sprintf("not selected: included by %s but excluded by select.exclude[%d] (%s)", included, ex, s.Exclude[ex])
		case ex >= 0:
			why = fmt.Sprintf("not selected: excluded by select.exclude[%d] (%s)", ex, s.Exclude[ex])
		case in >= 0:
			why = "selected by " + included
		default:
			why = "selected: there are no select.include rules and no select.exclude rule matches"
		}
	}
	return op.String() + ": " + why
}

// Unused lists, as warnings, the selection's conditions that matched none
// of ops, which usually means a typo, e.g.
//
//	select.include[0]: tags [isues] matched no operation
//
// An include rule that matches no operation is reported whole. In the
// other rules, include and exclude, each tag, operation_ids glob and paths
// glob that matches no operation on its own is reported by itself (an
// exclude rule's tag typo would otherwise ship the operations it meant to
// leave out). Methods and deprecated are never reported: they cannot be
// misspelt past Validate, and a spec may simply have no PATCH operations.
func (s *Selection) Unused(ops []OperationRef) []string {
	if s == nil {
		return nil
	}
	var out []string
	for i := range s.Include {
		r := &s.Include[i]
		if !anyOp(ops, r.Match) {
			out = append(out, fmt.Sprintf("select.include[%d]: %s matched no operation", i, r))
			continue
		}
		out = append(out, r.unusedValues(fmt.Sprintf("select.include[%d]", i), ops)...)
	}
	for i := range s.Exclude {
		out = append(out, s.Exclude[i].unusedValues(fmt.Sprintf("select.exclude[%d]", i), ops)...)
	}
	return out
}

// unusedValues reports the rule's tags and globs that match no operation.
func (r *Rule) unusedValues(field string, ops []OperationRef) []string {
	var out []string
	for j, tag := range r.Tags {
		if !anyOp(ops, func(op OperationRef) bool { return hasTag(op.Tags, tag) }) {
			out = append(out, fmt.Sprintf("%s.tags[%d]: tag %q matched no operation", field, j, tag))
		}
	}
	for j, g := range r.OperationIDs {
		if !anyOp(ops, func(op OperationRef) bool { return globMatch(g, op.OperationID) }) {
			out = append(out, fmt.Sprintf("%s.operation_ids[%d]: %q matched no operation", field, j, g))
		}
	}
	for j, g := range r.Paths {
		if !anyOp(ops, func(op OperationRef) bool { return pathMatch(g, op.Path) }) {
			out = append(out, fmt.Sprintf("%s.paths[%d]: %q matched no operation", field, j, g))
		}
	}
	return out
}

func anyOp(ops []OperationRef, f func(OperationRef) bool) bool {
	for _, op := range ops {
		if f(op) {
			return true
		}
	}
	return false
}

// firstMatch returns the index of the first rule that matches op, or -1.
func firstMatch(rules []Rule, op OperationRef) int {
	for i := range rules {
		if rules[i].Match(op) {
			return i
		}
	}
	return -1
}

// Match reports whether op meets every condition of the rule. A malformed
// glob matches nothing (Validate reports it).
func (r *Rule) Match(op OperationRef) bool {
	if len(r.Tags) > 0 && !anyString(r.Tags, func(t string) bool { return hasTag(op.Tags, t) }) {
		return false
	}
	if len(r.OperationIDs) > 0 && !anyString(r.OperationIDs, func(g string) bool { return globMatch(g, op.OperationID) }) {
		return false
	}
	if len(r.Methods) > 0 && !anyString(r.Methods, func(m string) bool { return strings.EqualFold(m, op.Method) }) {
		return false
	}
	if len(r.Paths) > 0 && !anyString(r.Paths, func(g string) bool { return pathMatch(g, op.Path) }) {
		return false
	}
	return r.Deprecated == nil || *r.Deprecated == op.Deprecated
}

// String describes the rule's conditions as a user wrote them, e.g.
// "operation_ids [get* search*] and methods [GET]".
func (r Rule) String() string {
	var parts []string
	add := func(key string, vals []string) {
		if len(vals) > 0 {
			parts = append(parts, fmt.Sprintf("%s %v", key, vals))
		}
	}
	add("tags", r.Tags)
	add("operation_ids", r.OperationIDs)
	add("methods", r.Methods)
	add("paths", r.Paths)
	if r.Deprecated != nil {
		parts = append(parts, fmt.Sprintf("deprecated %t", *r.Deprecated))
	}
	if len(parts) == 0 {
		return "an empty rule"
	}
	return strings.Join(parts, " and ")
}

func anyString(vals []string, f func(string) bool) bool {
	for _, v := range vals {
		if f(v) {
			return true
		}
	}
	return false
}

func hasTag(tags []string, tag string) bool {
	for _, t := range tags {
		if strings.EqualFold(t, tag) {
			return true
		}
	}
	return false
}

// globMatch matches name against a path.Match glob; a malformed glob
// matches nothing.
func globMatch(glob, name string) bool {
	ok, err := path.Match(glob, name)
	return ok && err == nil
}

// pathMatch matches a path template against a path glob, segment by
// segment, where a ** segment matches zero or more segments.
func pathMatch(glob, p string) bool {
	return matchSegments(strings.Split(glob, "/"), strings.Split(p, "/"))
}

func matchSegments(glob, segs []string) bool {
	for len(glob) > 0 {
		if glob[0] == "**" {
			for len(glob) > 0 && glob[0] == "**" {
				glob = glob[1:]
			}
			if len(glob) == 0 {
				return true
			}
			for i := range len(segs) + 1 {
				if matchSegments(glob, segs[i:]) {
					return true
				}
			}
			return false
		}
		if len(segs) == 0 || !globMatch(glob[0], segs[0]) {
			return false
		}
		glob, segs = glob[1:], segs[1:]
	}
	return len(segs) == 0
}

// checkGlob says what is wrong with an operation_ids glob, or "".
func checkGlob(glob string) string {
	if glob == "" {
		return "must not be empty"
	}
	if _, err := path.Match(glob, ""); err != nil {
		return fmt.Sprintf("%q is not a valid glob (use * for any characters, ? for one, [a-z] for a class; escape a literal *, ?, [ or \\ with \\)", glob)
	}
	return ""
}

// checkPathGlob says what is wrong with a paths glob, or "".
func checkPathGlob(glob string) string {
	if glob == "" {
		return "must not be empty"
	}
	if !strings.HasPrefix(glob, "/") {
		return fmt.Sprintf("%q must start with / (it is matched against path templates such as /pets/{petId})", glob)
	}
	for seg := range strings.SplitSeq(glob, "/") {
		if seg != "**" && strings.Contains(seg, "**") {
			return fmt.Sprintf("%q is not a valid path glob: ** must be a whole segment, as in /a/**/b (use * within a segment)", glob)
		}
		if _, err := path.Match(seg, ""); err != nil {
			return fmt.Sprintf("%q is not a valid path glob (use * for any characters within a segment, ? for one, ** for any number of segments)", glob)
		}
	}
	return ""
}
