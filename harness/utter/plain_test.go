package utter

import (
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/agentready/agentready/gen"
	"github.com/agentready/agentready/gen/catalog"
	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/harness/cases"
	"github.com/agentready/agentready/harness/judge"
)

var (
	specOnce sync.Map
)

// loadSpec loads a spec of the repository (or of ../shared) once.
func loadSpec(t *testing.T, rel string) *ir.API {
	t.Helper()
	v, _ := specOnce.LoadOrStore(rel, sync.OnceValues(func() (*ir.API, error) {
		api, _, err := gen.Load(gen.Options{Spec: repoFile(t, rel)})
		return api, err
	}))
	api, err := v.(func() (*ir.API, error))()
	if err != nil {
		t.Fatal(err)
	}
	return api
}

const (
	exampleSpec = "specs/exampleapi/openapi.yaml"
	githubSpec  = "../shared/specs/real/github.json"
)

// slotsOf phrases a case of the tool with the given arguments.
func slotsOf(t *testing.T, api *ir.API, tool string, args map[string]any) (slots, map[string]string) {
	t.Helper()
	op := api.Operation(tool)
	if op == nil {
		t.Fatalf("no tool %s", tool)
	}
	c := cases.Case{ID: tool + "/test", Tool: tool, Args: args}
	p := newPhraser(catalog.Describe(api), op, &c, caseRNG(1, c.ID))
	return p.slots(), p.forms
}

// judged writes utterances of the case with several seeds and fails for
// any the judge does not accept; it returns them.
func judgedTexts(t *testing.T, api *ir.API, tool string, args map[string]any) []string {
	t.Helper()
	c := cases.Case{ID: tool + "/test", Tool: tool, Args: args}
	described := catalog.Describe(api)
	j := judge.New(described)
	var out []string
	for seed := uint64(1); seed <= 4; seed++ {
		tm, err := NewTemplates(TemplateOptions{Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		for _, u := range utterJudged(t, described, j, tm, &c) {
			out = append(out, u.Text)
		}
	}
	return out
}

// utterJudged returns the template utterances of a case, failing the
// test for each one the judge rejects.
func utterJudged(t *testing.T, described *catalog.Bound, j *judge.Judge, tm *Templates, c *cases.Case) []cases.Utterance {
	t.Helper()
	us, err := tm.Utter(ctx, described, c)
	if err != nil {
		t.Fatal(err)
	}
	for _, u := range us {
		if v := j.Check(c, &u); !v.OK() {
			t.Errorf("%s: the judge rejects %q (forms %v): %s", c.Tool, u.Text, u.Forms, v)
		}
	}
	return us
}

func TestEnumValuesReadAsAdjectives(t *testing.T) {
	ex, gh := loadSpec(t, exampleSpec), loadSpec(t, githubSpec)
	for _, tc := range []struct {
		api  *ir.API
		tool string
		args map[string]any
		// things is what the slots Things or Resource must start with.
		things string
	}{
		{ex, "listTickets", map[string]any{"status": []any{"open", "pending"}, "priority": "high", "category": "network"},
			"open or pending high priority network tickets"},
		{ex, "listAssets", map[string]any{"status": "in_stock", "type": "laptop"}, "in stock laptop assets"},
		{ex, "addTicketComment", map[string]any{"ticketId": "TCK-1", "body": "Done.", "visibility": "public"},
			"public comment"},
		{ex, "createAsset", map[string]any{"type": "laptop", "model": "X1", "serial_number": "PF4Z"}, "laptop asset"},
		{gh, "pulls_list", map[string]any{"owner": "octo", "repo": "hello", "state": "closed"}, "closed pulls"},
		// A filter adjectiveArgs does not know, its value taken by no
		// other argument: its name goes unsaid.
		{gh, "dependabot_list-alerts-for-repo", map[string]any{"owner": "octo", "repo": "hello", "scope": "runtime"},
			"runtime alerts"},
	} {
		s, _ := slotsOf(t, tc.api, tc.tool, tc.args)
		got := s.Things
		sh := shapeOf(tc.api, tc.api.Operation(tc.tool))
		if sh.intent == intentCreate {
			got = s.Resource
		}
		if full := fullerName(tc.api, sh.resource); full != "" {
			// Some cases name the resource at more length ("support
			// ticket"): the adjectives come first all the same.
			got = strings.Replace(got, full, sh.resource, 1)
		}
		if !strings.HasPrefix(got, tc.things) {
			t.Errorf("%s: %q, want it to start with %q", tc.tool, got, tc.things)
		}
		for _, text := range judgedTexts(t, tc.api, tc.tool, tc.args) {
			if strings.Contains(text, " as the ") || strings.Contains(text, "with status") || strings.Contains(text, "with visibility") {
				t.Errorf("%s: %q names the enum's argument", tc.tool, text)
			}
		}
	}
}

func TestActionSaysEnumAsWhatItMakes(t *testing.T) {
	ex := loadSpec(t, exampleSpec)
	args := map[string]any{"ticketId": "TCK-1", "resolution_code": "cannot_reproduce", "resolution": "Gone after a restart."}
	s, forms := slotsOf(t, ex, "closeTicket", args)
	if len(s.Details) == 0 || s.Details[0] != "as cannot reproduce" {
		t.Errorf("details %q, want \"as cannot reproduce\" first", s.Details)
	}
	if forms["resolution_code"] != "cannot reproduce" {
		t.Errorf("forms %v", forms)
	}
	for _, text := range judgedTexts(t, ex, "closeTicket", args) {
		if strings.Contains(text, "resolution code") || strings.Contains(text, "with the resolution") {
			t.Errorf("%q names an argument", text)
		}
	}
}

func TestFewSaysPagesInWords(t *testing.T) {
	ex, gh := loadSpec(t, exampleSpec), loadSpec(t, githubSpec)
	for _, tc := range []struct {
		api  *ir.API
		tool string
		args map[string]any
		few  string
		// with must be in the other details.
		with string
	}{
		{ex, "listTicketsForUser", map[string]any{"userId": "u1", "page": 1.0, "per_page": 20.0}, "first 20", ""},
		{ex, "listTickets", map[string]any{"per_page": 5.0, "sort": "-created_at"}, "5 most recently created", ""},
		{ex, "listTickets", map[string]any{"per_page": 5.0, "page": 1.0, "sort": "-updated_at"}, "first 5", "most recently updated first"},
		{ex, "listAssets", map[string]any{"limit": 5.0, "offset": 0.0}, "first 5", ""},
		// A later page, or a start past the first item, is said as it is.
		{ex, "listTicketsForUser", map[string]any{"userId": "u1", "page": 3.0, "per_page": 20.0}, "", "on page 3"},
		{ex, "listAssets", map[string]any{"limit": 5.0, "offset": 10.0}, "", "10"},
		{gh, "pulls_list", map[string]any{"owner": "octo", "repo": "hello", "per_page": 10.0, "page": 1.0}, "first 10", ""},
		{gh, "pulls_list", map[string]any{"owner": "octo", "repo": "hello", "page": 2.0}, "", "on page 2"},
	} {
		s, _ := slotsOf(t, tc.api, tc.tool, tc.args)
		if s.Few != tc.few {
			t.Errorf("%s %v: few %q, want %q", tc.tool, tc.args, s.Few, tc.few)
		}
		if tc.with != "" && !strings.Contains(s.With, tc.with) {
			t.Errorf("%s %v: details %q lack %q", tc.tool, tc.args, s.With, tc.with)
		}
		judgedTexts(t, tc.api, tc.tool, tc.args)
	}
}

func TestUpdateSaysEnumAsWhatItDoes(t *testing.T) {
	ex, gh := loadSpec(t, exampleSpec), loadSpec(t, githubSpec)
	for _, tc := range []struct {
		api  *ir.API
		tool string
		args map[string]any
		also []string
	}{
		{ex, "updateTicket", map[string]any{"ticketId": "TCK-1", "If-Match": `"3"`, "priority": "urgent"},
			[]string{"make it urgent priority"}},
		{ex, "updateUser", map[string]any{"userId": "u1", "role": "admin"}, []string{"make them an admin"}},
		{gh, "issues_update", map[string]any{"owner": "octo", "repo": "hello", "issue_number": 7.0, "state": "closed"},
			[]string{"closed"}},
	} {
		s, _ := slotsOf(t, tc.api, tc.tool, tc.args)
		for _, w := range tc.also {
			if !strings.Contains(strings.Join(s.Also, "; "), w) {
				t.Errorf("%s: also %q lacks %q", tc.tool, s.Also, w)
			}
		}
		if len(s.Changes) > 0 {
			t.Errorf("%s: changes %q, want the enum said as what it does", tc.tool, s.Changes)
		}
		judgedTexts(t, tc.api, tc.tool, tc.args)
	}
}

func TestDetailsWithoutFormLabels(t *testing.T) {
	ex := loadSpec(t, exampleSpec)
	args := map[string]any{"type": "laptop", "model": "Latitude 7440", "manufacturer": "Dell",
		"serial_number": "PF4ZG4DH8C", "location": "Nairobi", "purchase_cost": 371.76}
	s, _ := slotsOf(t, ex, "createAsset", args)
	for _, w := range []string{", serial number PF4ZG4DH8C", "in Nairobi", "costing 371.76", "manufacturer Dell"} {
		if !strings.Contains(s.With, w) {
			t.Errorf("createAsset: %q lacks %q", s.With, w)
		}
	}
	user := map[string]any{"name": "Ada Okafor", "email": "ada@example.com", "department": "Finance"}
	s, _ = slotsOf(t, ex, "createUser", user)
	if !strings.Contains(s.With, "ada@example.com") || strings.Contains(s.With, "email ada") || !strings.Contains(s.With, "Finance department") {
		t.Errorf("createUser: %q", s.With)
	}
	for _, c := range []struct {
		tool string
		args map[string]any
	}{{"createAsset", args}, {"createUser", user}} {
		for _, text := range judgedTexts(t, ex, c.tool, c.args) {
			if strings.Contains(text, "with the ") || strings.Contains(text, " as the ") {
				t.Errorf("%s: %q reads as a form", c.tool, text)
			}
			if n := judge.Naturalness(c.args, text); n < 4 {
				t.Errorf("%s: %q rated %d", c.tool, text, n)
			}
		}
	}
}

// TestFullerNamesAndContext: the spec's longer name for a resource comes
// from its type's description, and words of context are plain words that
// the judge accepts around every request.
func TestFullerNamesAndContext(t *testing.T) {
	ex := loadSpec(t, exampleSpec)
	for resource, want := range map[string]string{"ticket": "support ticket", "asset": "hardware asset", "team": "IT team", "user": "", "comment": ""} {
		if got := fullerName(ex, resource); got != want {
			t.Errorf("fullerName(%q) = %q, want %q", resource, got, want)
		}
	}
	tmpl, err := NewTemplates(TemplateOptions{Seed: 1, PerCase: 1})
	if err != nil {
		t.Fatal(err)
	}
	seen := map[bool]int{}
	for i := range 200 {
		ctx := tmpl.context(fmt.Sprintf("case/%d", i))
		if ctx.name == "" {
			continue
		}
		seen[ctx.before]++
		if strings.ContainsAny(ctx.text, "0123456789\"“”") {
			t.Errorf("%s: %q holds what could be read as a value", ctx.name, ctx.text)
		}
		text := ctx.around("Can you delete ticket TCK-1042?")
		if !strings.Contains(text, "TCK-1042") || (ctx.before && !strings.Contains(text, "can you delete")) {
			t.Errorf("%s: %q", ctx.name, text)
		}
	}
	if seen[true] == 0 || seen[false] == 0 || seen[true]+seen[false] > 100 {
		t.Errorf("context words before %d and after %d times in 200 cases", seen[true], seen[false])
	}
}

func TestSortOrderAndFlagsInWords(t *testing.T) {
	gh := loadSpec(t, githubSpec)
	for _, tc := range []struct {
		tool string
		args map[string]any
		// said must be in the details, changes or other clauses; never
		// any of the words of not.
		said, not string
	}{
		{"issues_list-for-repo", map[string]any{"owner": "octo", "repo": "hello", "sort": "updated", "direction": "desc"},
			"most recently updated first", "direction"},
		{"issues_list-for-repo", map[string]any{"owner": "octo", "repo": "hello", "sort": "created", "direction": "asc"},
			"created first", "direction"},
		{"repos_list-for-user", map[string]any{"username": "octo", "direction": "asc"}, "ascending", "direction"},
		// A count is sorted by as people ask it.
		{"search_repos", map[string]any{"q": "tetris", "sort": "stars", "order": "desc"}, "most stars first", "descending"},
		{"repos_create-for-authenticated-user", map[string]any{"name": "hello", "allow_squash_merge": false},
			"allowing squash merge", "switched"},
		{"repos_update", map[string]any{"owner": "octo", "repo": "hello", "delete_branch_on_merge": true},
			"set it to delete branch on merge", "turn"},
	} {
		s, _ := slotsOf(t, gh, tc.tool, tc.args)
		all := strings.Join(append(append(append([]string{}, s.Details...), s.Changes...), s.Also...), "; ")
		if !strings.Contains(all, tc.said) || strings.Contains(all, tc.not) {
			t.Errorf("%s %v: %q, want %q and no %q", tc.tool, tc.args, all, tc.said, tc.not)
		}
		judgedTexts(t, gh, tc.tool, tc.args)
	}
}

func TestValuesInOtherWords(t *testing.T) {
	gh, k8s := loadSpec(t, githubSpec), loadSpec(t, "../shared/specs/real/kubernetes-swagger2.json")
	for _, tc := range []struct {
		api  *ir.API
		tool string
		args map[string]any
		// said must be in the slots' things, details, changes or other
		// clauses (any of the |-separated forms); never the words of not.
		said, not string
	}{
		{gh, "actions/list-workflow-runs-for-repo", map[string]any{"owner": "octo", "repo": "hello", "status": "failure"}, "failed", "failure"},
		{gh, "actions/list-workflow-runs-for-repo", map[string]any{"owner": "octo", "repo": "hello", "status": "success"}, "successful", "success "},
		{gh, "packages/list-packages-for-organization", map[string]any{"org": "octo", "package_type": "npm"}, "npm packages", "type"},
		{gh, "issues/list-for-repo", map[string]any{"owner": "octo", "repo": "hello", "direction": "desc"}, "newest first|most recent first|latest first", "descending"},
		{gh, "repos/list-for-user", map[string]any{"username": "octo", "direction": "asc"}, "ascending", "oldest"},
		{k8s, "listCoreV1NamespacedPod", map[string]any{"namespace": "shop", "watch": true}, "watching them", "turned"},
		{k8s, "listCoreV1NamespacedPod", map[string]any{"namespace": "shop", "labelSelector": "app=web", "fieldSelector": "spec.nodeName=n1"},
			"label selector app=web", "matching"},
		{k8s, "listCoreV1NamespacedPod", map[string]any{"namespace": "shop", "labelSelector": "app=web"}, "matching app=web", "selector"},
		{k8s, "deleteCoreV1CollectionNamespacedPod", map[string]any{"namespace": "shop", "labelSelector": "app=web"}, "matching app=web", "selector"},
	} {
		op := tc.api.Operation(tc.tool)
		if op == nil {
			for _, o := range tc.api.Operations {
				if o.ID == tc.tool {
					op = o
				}
			}
		}
		if op == nil {
			t.Fatalf("no tool %s", tc.tool)
		}
		// Some cases keep the literal form, as some people type it: most
		// of eight must say it in other words.
		said := 0
		for i := range 8 {
			c := cases.Case{ID: fmt.Sprintf("%s/%d", op.Name, i), Tool: op.Name, Args: tc.args}
			p := newPhraser(catalog.Describe(tc.api), op, &c, caseRNG(1, c.ID))
			s := p.slots()
			all := strings.Join(append(append(append([]string{s.Things}, s.Details...), s.Changes...), s.Also...), "; ")
			for _, want := range strings.Split(tc.said, "|") {
				if strings.Contains(all, want) {
					said++
					if strings.Contains(all, tc.not) {
						t.Errorf("%s %v: %q says %q", tc.tool, tc.args, all, tc.not)
					}
					break
				}
			}
		}
		if said < 4 {
			t.Errorf("%s %v: %d of 8 say %q", tc.tool, tc.args, said, tc.said)
		}
		judgedTexts(t, tc.api, op.Name, tc.args)
	}
}
