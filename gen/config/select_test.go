package config

import (
	"reflect"
	"testing"
)

var (
	getIssue    = OperationRef{OperationID: "getIssue", Method: "GET", Path: "/rest/api/3/issue/{issueIdOrKey}", Tags: []string{"Issues"}}
	deleteIssue = OperationRef{OperationID: "deleteIssue", Method: "delete", Path: "/rest/api/3/issue/{issueIdOrKey}", Tags: []string{"Issues"}}
	searchJQL   = OperationRef{OperationID: "searchForIssuesUsingJql", Method: "POST", Path: "/rest/api/3/search", Tags: []string{"Issue search"}}
	getProject  = OperationRef{OperationID: "getProject", Method: "GET", Path: "/rest/api/3/project/{projectIdOrKey}", Tags: []string{"Projects"}}
	oldComments = OperationRef{OperationID: "getComments", Method: "GET", Path: "/rest/api/2/issue/{id}/comment", Tags: []string{"Issue comments", "deprecated"}, Deprecated: true}
	noID        = OperationRef{Method: "get", Path: "/health"}
	allOps      = []OperationRef{getIssue, deleteIssue, searchJQL, getProject, oldComments, noID}
)

// designSelection is the selection from the design's example.
var designSelection = Selection{
	Include: []Rule{
		{Tags: []string{"issues", "projects"}},
		{OperationIDs: []string{"get*", "search*"}, Methods: []string{"GET"}},
		{Paths: []string{"/rest/api/3/issue/*"}},
	},
	Exclude: []Rule{
		{Tags: []string{"deprecated"}},
		{Deprecated: ptr(true)},
	},
}

func TestMatch(t *testing.T) {
	for _, tc := range []struct {
		name string
		sel  *Selection
		want []OperationRef
	}{
		{"nil selects all", nil, allOps},
		{"empty selects all", &Selection{}, allOps},
		{"design example", &designSelection, []OperationRef{getIssue, deleteIssue, getProject}},
		{"tags ignore case", &Selection{Include: []Rule{{Tags: []string{"ISSUES"}}}}, []OperationRef{getIssue, deleteIssue}},
		{"tags are whole", &Selection{Include: []Rule{{Tags: []string{"Issue"}}}}, nil},
		{"methods ignore case", &Selection{Include: []Rule{{Methods: []string{"Get"}}}}, []OperationRef{getIssue, getProject, oldComments, noID}},
		{"within a rule all must match", &Selection{Include: []Rule{{Tags: []string{"issues"}, Methods: []string{"DELETE"}}}}, []OperationRef{deleteIssue}},
		{"within a field any may match", &Selection{Include: []Rule{{Methods: []string{"POST", "DELETE"}}}}, []OperationRef{deleteIssue, searchJQL}},
		{"operation_ids are case-sensitive", &Selection{Include: []Rule{{OperationIDs: []string{"GET*"}}}}, nil},
		{"operation_ids with ?", &Selection{Include: []Rule{{OperationIDs: []string{"get?roject"}}}}, []OperationRef{getProject}},
		{"operation_ids match empty IDs", &Selection{Include: []Rule{{OperationIDs: []string{"*"}}}}, allOps},
		{"exclude only", &Selection{Exclude: []Rule{{Methods: []string{"GET"}}}}, []OperationRef{deleteIssue, searchJQL}},
		{"deprecated false", &Selection{Include: []Rule{{Deprecated: ptr(false), Tags: []string{"issue comments", "issues"}}}}, []OperationRef{getIssue, deleteIssue}},
		{"paths with **", &Selection{Include: []Rule{{Paths: []string{"/rest/api/*/issue/**"}}}}, []OperationRef{getIssue, deleteIssue, oldComments}},
		{"invalid glob matches nothing", &Selection{Include: []Rule{{OperationIDs: []string{"get["}}}}, nil},
		{"excluded wins", &Selection{Include: []Rule{{Tags: []string{"issues"}}}, Exclude: []Rule{{Methods: []string{"delete"}}}}, []OperationRef{getIssue}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got []OperationRef
			for _, op := range allOps {
				if tc.sel.Match(op) {
					got = append(got, op)
				}
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("selected %v, want %v", ids(got), ids(tc.want))
			}
		})
	}
}

func ids(ops []OperationRef) []string {
	var s []string
	for _, op := range ops {
		s = append(s, op.String())
	}
	return s
}

func TestPathMatch(t *testing.T) {
	for _, tc := range []struct {
		glob, path string
		want       bool
	}{
		{"/rest/api/3/issue/*", "/rest/api/3/issue/{issueIdOrKey}", true},
		{"/rest/api/3/issue/*", "/rest/api/3/issue/{id}/comment", false}, // * stays in its segment
		{"/rest/api/3/issue/*", "/rest/api/3/issue", false},
		{"/rest/api/3/issue/**", "/rest/api/3/issue", true}, // ** matches no segments too
		{"/rest/api/3/issue/**", "/rest/api/3/issue/{id}", true},
		{"/rest/api/3/issue/**", "/rest/api/3/issue/{id}/comment/{commentId}", true},
		{"/rest/api/3/issue/**", "/rest/api/3/issues", false},
		{"/**", "/", true},
		{"/**", "/anything/at/all", true},
		{"/**/comment", "/rest/api/2/issue/{id}/comment", true},
		{"/**/comment", "/comment", true},
		{"/**/comment", "/rest/comments", false},
		{"/rest/**/issue/*", "/rest/api/3/issue/{id}", true},
		{"/rest/**/**/issue/*", "/rest/issue/{id}", true},
		{"/rest/**/issue/*", "/rest/api/3/issue", false},
		{"/pets/{petId}", "/pets/{petId}", true}, // braces are literal
		{"/pets/{*}", "/pets/{petId}", true},
		{"/pets/?", "/pets/1", true},
		{"/pets/[0-9]*", "/pets/42", true},
		{"/pets/[0-9]*", "/pets/{id}", false},
		{"/pets", "/pets/", false},
		{"/pets/*", "/pets/", true},   // an empty segment is still a segment
		{"/pets/[", "/pets/[", false}, // malformed: matches nothing
	} {
		if got := pathMatch(tc.glob, tc.path); got != tc.want {
			t.Errorf("pathMatch(%q, %q) = %t, want %t", tc.glob, tc.path, got, tc.want)
		}
	}
}

func TestCheckGlobs(t *testing.T) {
	for glob, bad := range map[string]bool{"get*": false, "get?ssue": false, "[gs]et*": false, `get\*`: false, "get[": true, `get\`: true, "[]": true, "": true} {
		if got := checkGlob(glob) != ""; got != bad {
			t.Errorf("checkGlob(%q) = %q", glob, checkGlob(glob))
		}
	}
	for glob, bad := range map[string]bool{"/a/**": false, "/**": false, "/a/**/b/*": false, "/a/*b?": false, "a/*": true, "**": true, "/a**": true, "/a/***": true, "/a/[": true, "": true} {
		if got := checkPathGlob(glob) != ""; got != bad {
			t.Errorf("checkPathGlob(%q) = %q", glob, checkPathGlob(glob))
		}
	}
}

func TestExplain(t *testing.T) {
	s := &designSelection
	for _, tc := range []struct {
		sel  *Selection
		op   OperationRef
		want string
	}{
		{nil, getIssue, "getIssue (GET /rest/api/3/issue/{issueIdOrKey}): selected: there are no select rules"},
		{&Selection{}, noID, "GET /health: selected: there are no select rules"},
		{s, getIssue, "getIssue (GET /rest/api/3/issue/{issueIdOrKey}): selected by select.include[0] (tags [issues projects])"},
		{s, getProject, "getProject (GET /rest/api/3/project/{projectIdOrKey}): selected by select.include[0] (tags [issues projects])"},
		{s, searchJQL, "searchForIssuesUsingJql (POST /rest/api/3/search): not selected: matches no select.include rule"},
		{s, oldComments, "getComments (GET /rest/api/2/issue/{id}/comment): not selected: included by select.include[1] (operation_ids [get* search*] and methods [GET]) but excluded by select.exclude[0] (tags [deprecated])"},
		{&Selection{Exclude: s.Exclude}, oldComments, "getComments (GET /rest/api/2/issue/{id}/comment): not selected: excluded by select.exclude[0] (tags [deprecated])"},
		{&Selection{Exclude: s.Exclude}, getIssue, "getIssue (GET /rest/api/3/issue/{issueIdOrKey}): selected: there are no select.include rules and no select.exclude rule matches"},
		{&Selection{Include: []Rule{{Paths: []string{"/rest/**"}, Deprecated: ptr(false)}}}, getIssue, "getIssue (GET /rest/api/3/issue/{issueIdOrKey}): selected by select.include[0] (paths [/rest/**] and deprecated false)"},
	} {
		if got := tc.sel.Explain(tc.op); got != tc.want {
			t.Errorf("Explain(%s) =\n%s\nwant\n%s", tc.op, got, tc.want)
		}
	}
}

func TestUnused(t *testing.T) {
	s := &Selection{
		Include: []Rule{
			{Tags: []string{"isues"}},                                  // typo: the whole rule matches nothing
			{Tags: []string{"issues", "projetcs"}},                     // one typo in a rule that matches
			{OperationIDs: []string{"get*", "lsit*"}},                  // likewise for a glob
			{Methods: []string{"PATCH"}},                               // nothing to patch: the rule matches nothing
			{Tags: []string{"issues"}, Methods: []string{"PATCH"}},     // each value matches, the rule does not
			{Paths: []string{"/rest/api/3/**", "/rest/api/4/**"}},      // an unused path glob
			{Methods: []string{"GET", "PATCH"}, Deprecated: ptr(true)}, // methods and deprecated are never listed
		},
		Exclude: []Rule{
			{Tags: []string{"deprecatd"}},     // exclude typos matter: they ship what they meant to drop
			{Deprecated: ptr(true)},           // fine even if nothing were deprecated
			{OperationIDs: []string{"nope*"}}, // unused glob
			{Methods: []string{"TRACE"}},      // never listed
		},
	}
	want := []string{
		"select.include[0]: tags [isues] matched no operation",
		"select.include[1].tags[1]: tag \"projetcs\" matched no operation",
		"select.include[2].operation_ids[1]: \"lsit*\" matched no operation",
		"select.include[3]: methods [PATCH] matched no operation",
		"select.include[4]: tags [issues] and methods [PATCH] matched no operation",
		"select.include[5].paths[1]: \"/rest/api/4/**\" matched no operation",
		"select.exclude[0].tags[0]: tag \"deprecatd\" matched no operation",
		"select.exclude[2].operation_ids[0]: \"nope*\" matched no operation",
	}
	if got := s.Unused(allOps); !reflect.DeepEqual(got, want) {
		t.Errorf("Unused =\n%q\nwant\n%q", got, want)
	}
	if got := designSelection.Unused(allOps); got != nil {
		t.Errorf("design selection: Unused = %q, want none", got)
	}
	if got := (*Selection)(nil).Unused(allOps); got != nil {
		t.Errorf("nil: Unused = %q", got)
	}
}

func TestRuleString(t *testing.T) {
	for _, tc := range []struct {
		r    Rule
		want string
	}{
		{Rule{}, "an empty rule"},
		{Rule{Tags: []string{"a", "b"}}, "tags [a b]"},
		{Rule{Tags: []string{"a"}, OperationIDs: []string{"get*"}, Methods: []string{"GET"}, Paths: []string{"/x/**"}, Deprecated: ptr(false)},
			"tags [a] and operation_ids [get*] and methods [GET] and paths [/x/**] and deprecated false"},
	} {
		if got := tc.r.String(); got != tc.want {
			t.Errorf("String() = %q, want %q", got, tc.want)
		}
	}
}
