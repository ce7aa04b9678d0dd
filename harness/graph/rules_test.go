package graph

import (
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/internal/modtest"
)

func TestSplitWords(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string
	}{
		{"issueIdOrKey", []string{"issue", "id", "or", "key"}},
		{"team_slug", []string{"team", "slug"}},
		{"HTTPServer", []string{"http", "server"}},
		{"io.k8s.api.core.v1.Pod", []string{"io", "k8s", "api", "core", "v1", "pod"}},
		{"nullable-simple-user", []string{"nullable", "simple", "user"}},
		{"assignee.any", []string{"assignee", "any"}},
	} {
		if got := splitWords(tc.in); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("splitWords(%q) = %v, want %v", tc.in, got, tc.want)
		}
	}
}

func TestNameParts(t *testing.T) {
	for _, tc := range []struct {
		in            string
		entity, attrs []string
	}{
		{"userId", []string{"user"}, []string{"id"}},
		{"issueIdOrKey", []string{"issue"}, []string{"key", "id"}},
		{"team_slug", []string{"team"}, []string{"slug"}},
		{"username", []string{"user"}, []string{"login"}},
		{"owner", []string{"owner"}, nil},
		{"name", nil, []string{"name"}},
		{"projects", []string{"project"}, nil},
		{"leadAccountId", []string{"lead", "account"}, []string{"id"}},
		{"workspace_gid", []string{"workspace"}, []string{"id"}},
		{"ids", nil, []string{"id"}},
	} {
		e, a := nameParts(tc.in)
		if !reflect.DeepEqual(e, tc.entity) || !reflect.DeepEqual(a, tc.attrs) {
			t.Errorf("nameParts(%q) = %v %v, want %v %v", tc.in, e, a, tc.entity, tc.attrs)
		}
	}
}

func TestTypeNoun(t *testing.T) {
	for in, want := range map[string]string{
		"io.k8s.api.core.v1.Pod": "pod", "nullable-simple-user": "user", "IssueBean": "issue",
		"UserId": "user", "PropertyKey": "property", "TicketSearchHit": "ticketsearchhit",
		"ServiceAccount": "serviceaccount", "TaskRequest": "task", "ExportedTicket": "ticket",
	} {
		if got := join(typeNoun(in)); got != want {
			t.Errorf("typeNoun(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestNounMatch(t *testing.T) {
	w := func(s string) []string { return strings.Fields(s) }
	for _, tc := range []struct {
		a, b string
		want float64
	}{
		{"serviceaccount", "service account", 1},
		{"repo", "repository", 0.9},
		{"org", "organization", 0.9},
		{"comment", "issue comment", 0.8},
		{"lead account", "account", 0.8},
		{"run", "runner", 0},
		{"service", "service account", 0},
		{"pod", "pod template", 0},
		{"user", "team", 0},
	} {
		if got := nounMatch(w(tc.a), w(tc.b)); got != tc.want {
			t.Errorf("nounMatch(%q, %q) = %v, want %v", tc.a, tc.b, got, tc.want)
		}
	}
}

func TestStripOperatorAndDescriptions(t *testing.T) {
	for in, want := range map[string]string{"projects.any": "projects", "created[gte]": "created", "name": "name", "a.b": "a.b"} {
		if got := stripOperator(in); got != want {
			t.Errorf("stripOperator(%q) = %q, want %q", in, got, want)
		}
	}
	v := vocabulary{paths: map[string]bool{"user": true, "track": true}, types: map[string]bool{"issuetransition": true}}
	for desc, want := range map[string]string{
		"Gid of a user.":                           "user",
		"The Spotify ID for the track.":            "track",
		"The ID of the issue transition.":          "issue transition",
		"Comma-separated list of user identifiers": "user",
		"An array of strings identifying users.":   "user",
		"The display name.":                        "",
	} {
		n, _ := describedNoun(v, firstSentence(desc), false)
		if got := n.String(); got != want {
			t.Errorf("describedNoun(%q) = %q, want %q", desc, got, want)
		}
	}
	if got := firstSentence("See [the docs](https://x.example/a.b). More."); got != "See the docs" {
		t.Errorf("firstSentence = %q", got)
	}
}

// TestInferRules checks each rule on testdata/rules.yaml: which
// producers feed which inputs, by which output.
func TestInferRules(t *testing.T) {
	api := loadAPI(t, filepath.Join("testdata", "rules.yaml"), nil)
	g := Infer(api, Options{MaxProducers: -1})
	got := map[triple]string{}
	for _, e := range g.Edges {
		for _, m := range e.Mappings {
			got[triple{e.From, e.To, m.Input}] = m.Output
		}
	}
	for _, tc := range []struct {
		rule            string
		from, to, input string
		output          string // "" when there must be no such link
	}{
		{"list envelope, name in metadata", "listNamespaces", "listWidgets", "namespace", "$.items[*].metadata.name"},
		{"bare path parameter named by the segment before it", "listWidgets", "readWidget", "name", "$.items[*].metadata.name"},
		{"an update's body metadata names the resource", "listWidgets", "replaceWidget", "metadata.name", "$.items[*].metadata.name"},
		{"a field named for another resource", "listNodes", "replaceWidget", "spec.nodeName", "$.items[*].metadata.name"},
		{"a read by name gives the uid", "readWidget", "replaceWidget", "metadata.uid", "$.metadata.uid"},
		{"no producer of what it needs itself", "readWidget", "replaceWidget", "name", ""},
		{"DELETE produces nothing", "deleteWidget", "readWidget", "name", ""},
		{"a tool does not feed itself", "replaceWidget", "replaceWidget", "name", ""},
		{"role fallback: the owner of a listed repository", "listMyRepos", "getIssue", "owner", "$[*].owner.login"},
		{"abbreviation repo for repository", "listMyRepos", "getIssue", "repo", "$[*].name"},
		{"number attribute", "listIssues", "getIssue", "issue_number", "$[*].number"},
		{"not the id for a number", "listMilestones", "getIssue", "issue_number", ""},
		{"the description picks the attribute of a bare input", "listMilestones", "listIssues", "milestone", "$[*].number"},
		{"data envelope and gid", "listWorkspaces", "getWorkspace", "workspace_gid", "$.data[*].gid"},
		{"filter operator suffix, gids in the description", "listWorkspaces", "searchTasks", "workspace.any", "$.data[*].gid"},
		{"the description names the resource", "listWorkspaces", "searchTasks", "assignee", "$.data[*].gid"},
		{"pagination cursors are not linked", "listWidgets", "listWidgets", "continue", ""},
	} {
		out, ok := got[triple{tc.from, tc.to, tc.input}]
		switch {
		case tc.output == "" && ok:
			t.Errorf("%s: %s -> %s : %s inferred (%s), want none", tc.rule, tc.from, tc.to, tc.input, out)
		case tc.output != "" && out != tc.output:
			t.Errorf("%s: %s -> %s : %s = %q, want %q", tc.rule, tc.from, tc.to, tc.input, out, tc.output)
		}
	}
	for tr := range got {
		if tr.to == "getIssue" && tr.from == "getIssue" || tr.from == "deleteWidget" {
			t.Errorf("unexpected %s", tr)
		}
	}
	if ps := Check(g, api); len(ps) > 0 {
		t.Errorf("inferred graph does not check:\n%v", ps)
	}
}

// TestInferExample pins a few edges of the example API and the shape of
// what inference proposes there.
func TestInferExample(t *testing.T) {
	api := loadAPI(t, filepath.Join(modtest.RepoRoot(t), "specs", "exampleapi", "openapi.yaml"), nil)
	g := Infer(api, Options{})
	e := g.Find("listUsers", "getUser")
	if e == nil || len(e.Mappings) != 1 || e.Mappings[0] != (Mapping{Output: "$.items[*].id", Input: "userId"}) || e.Status != Proposed {
		t.Fatalf("listUsers -> getUser = %+v", e)
	}
	if e.Confidence < 0.7 || !strings.Contains(e.Why, "UserId") {
		t.Errorf("listUsers -> getUser: confidence %.2f, why %q", e.Confidence, e.Why)
	}
	if e := g.Find("searchTickets", "getTicket"); e != nil && e.Mappings[0].Output != "$.items[*].ticket_id" {
		t.Errorf("searchTickets -> getTicket maps %s", e.Mappings[0].Output)
	}
	if e := g.Find("listAssets", "assignAsset"); e == nil || e.Mappings[0].Input != "assetId" {
		t.Errorf("listAssets -> assignAsset = %+v", e)
	}
	perInput := map[string]int{}
	for _, e := range g.Edges {
		if e.From == e.To || e.From == "getUser" && e.To == "updateUser" {
			t.Errorf("edge %s should not be", e.Key())
		}
		for _, m := range e.Mappings {
			perInput[e.To+"."+m.Input]++
		}
	}
	for in, n := range perInput {
		if n > DefaultMaxProducers {
			t.Errorf("%s has %d producers, more than the cap", in, n)
		}
	}
}

func TestInferStable(t *testing.T) {
	api := loadAPI(t, filepath.Join(modtest.RepoRoot(t), "specs", "exampleapi", "openapi.yaml"), nil)
	a, b := Infer(api, Options{}).Marshal(), Infer(api, Options{}).Marshal()
	if string(a) != string(b) {
		t.Error("two inferences of the same API differ")
	}
}

func TestSubkindClash(t *testing.T) {
	indexed := map[string]bool{"pulls": true, "commits": true, "releases": true, "memberships": true, "user": true}
	for _, c := range []struct {
		consumer, param, producer string
		clash                     bool
	}{
		{"/repos/{owner}/{repo}/comments/{comment_id}/reactions", "comment_id", "/repos/{owner}/{repo}/pulls/comments", true},
		{"/repos/{owner}/{repo}/pulls/comments/{comment_id}", "comment_id", "/repos/{owner}/{repo}/comments", true},
		{"/repos/{owner}/{repo}/releases/tags/{tag}", "tag", "/repos/{owner}/{repo}/tags", true},
		// A commit's comments are commit comments; an issue found by a
		// search is an issue; a membership's organisation is not a kind
		// of organisation; test_helpers names no resource.
		{"/repos/{owner}/{repo}/comments/{comment_id}", "comment_id", "/repos/{owner}/{repo}/commits/{commit_sha}/comments", false},
		{"/repos/{owner}/{repo}/pulls/comments/{comment_id}", "comment_id", "/repos/{owner}/{repo}/pulls/{pull_number}/comments", false},
		{"/repos/{owner}/{repo}/issues/{issue_number}", "issue_number", "/search/issues", false},
		{"/orgs/{org}/teams", "org", "/user/memberships/orgs", false},
		{"/repos/{owner}/{repo}", "repo", "/user/repos", false},
		{"/v1/test_helpers/refunds/{refund}/expire", "refund", "/v1/refunds", false},
	} {
		if got := subkindClash(c.consumer, c.param, c.producer, indexed); got != c.clash {
			t.Errorf("%s %s from %s: clash %v, want %v", c.consumer, c.param, c.producer, got, c.clash)
		}
	}
}

func TestPlaceClashes(t *testing.T) {
	for _, c := range []struct {
		consumer, param, producer string
		clash                     bool
	}{
		{"/repos/{owner}/{repo}/code-scanning/alerts/{alert_number}", "alert_number", "/orgs/{org}/secret-scanning/alerts", true},
		{"/repos/{owner}/{repo}/code-scanning/alerts/{alert_number}", "alert_number", "/orgs/{org}/code-scanning/alerts", false},
		{"/repos/{owner}/{repo}/environments/{environment_name}/secrets/{secret_name}", "secret_name", "/repos/{owner}/{repo}/actions/secrets", true},
		{"/orgs/{org}/actions/secrets/{secret_name}", "secret_name", "/repos/{owner}/{repo}/actions/organization-secrets", false},
		{"/repos/{owner}/{repo}/actions/secrets/{secret_name}", "secret_name", "/repos/{owner}/{repo}/agents/organization-secrets", true},
		{"/enterprises/{enterprise}/teams/{team_slug}", "team_slug", "/orgs/{org}/teams", true},
		{"/repos/{owner}/{repo}/issues/comments/{comment_id}", "comment_id", "/repos/{owner}/{repo}/issues/{issue_number}/comments", false},
		{"/api/v1/namespaces/{namespace}/pods/{name}", "name", "/api/v1/pods", false},
		{"/repos/{owner}/{repo}/labels/{name}", "name", "/repos/{owner}/{repo}/issues/{issue_number}/labels", false},
	} {
		want, ok := placeOf(c.consumer, c.param)
		if !ok {
			t.Fatalf("%s: no place for %s", c.consumer, c.param)
		}
		got, ok := producerPlace(c.producer, want.collection)
		if !ok {
			t.Fatalf("%s: no %s collection", c.producer, want.collection)
		}
		if clash := want.clashes(got); clash != c.clash {
			t.Errorf("%s %s from %s: clash %v, want %v", c.consumer, c.param, c.producer, clash, c.clash)
		}
	}
}

func TestEdgeClasses(t *testing.T) {
	op := func(method, path string) *ir.Operation { return &ir.Operation{Method: method, Path: path} }
	for _, c := range []struct {
		from, to *ir.Operation
		inputs   []string
		want     EdgeClass
	}{
		{op("GET", "/repos/{owner}/{repo}/hooks"), op("DELETE", "/repos/{owner}/{repo}/hooks/{hook_id}"), []string{"hook_id"}, ClassParent},
		{op("GET", "/v1/customers"), op("POST", "/v1/customers/{customer}/sources"), []string{"customer"}, ClassParent},
		{op("GET", "/user/repos"), op("GET", "/repos/{owner}/{repo}/hooks"), []string{"owner", "repo"}, ClassPath},
		{op("GET", "/orgs/{org}/teams"), op("POST", "/repos/{owner}/{repo}/transfer"), []string{"team_ids"}, ClassReference},
		{op("GET", "/search/repositories"), op("GET", "/repos/{owner}/{repo}"), []string{"owner", "repo"}, ClassForeign},
		{op("GET", "/repos"), op("GET", "/repositories/{id}"), []string{"id"}, ClassPath},
	} {
		if got := classOf(c.from, c.to, c.inputs); got != c.want {
			t.Errorf("%s -> %s %v: class %s, want %s", c.from.Path, c.to.Path, c.inputs, got, c.want)
		}
	}
}

func TestFitRate(t *testing.T) {
	for _, c := range []struct {
		judged, right int
		rate          float64
	}{
		{96, 96, 0.99},   // lower bound 0.96: may reach 0.9
		{128, 121, 0.89}, // smoothed 0.94, lower bound 0.89: held at 0.89
		{10, 10, 0.89},   // smoothed 0.92, lower bound 0.72
		{72, 60, 0.82},
		{0, 0, 0.5},
	} {
		if rate, _ := fitRate(c.judged, c.right); rate != c.rate {
			t.Errorf("%d of %d right: rate %.2f, want %.2f", c.right, c.judged, rate, c.rate)
		}
	}
}
