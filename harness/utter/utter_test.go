package utter

import (
	"context"
	"maps"
	"net/http/httptest"
	"path/filepath"
	"reflect"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/cloudwego/eino/components/model"
	"github.com/cloudwego/eino/schema"

	"github.com/agentready/agentready/gen"
	"github.com/agentready/agentready/gen/catalog"
	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/gen/toolrt"
	"github.com/agentready/agentready/gen/toolschema"
	"github.com/agentready/agentready/harness/cases"
	"github.com/agentready/agentready/harness/graph"
	"github.com/agentready/agentready/harness/judge"
	"github.com/agentready/agentready/specs/exampleapi/server"
)

var ctx = context.Background()

func repoFile(t testing.TB, rel string) string {
	t.Helper()
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", filepath.FromSlash(rel))
}

var (
	once     sync.Once
	fixAPI   *ir.API
	fixCases []cases.Case
	fixErr   error
)

// exampleCases are cases of the example API with real values and chain
// cases, generated once against a fresh in-process server.
func exampleCases(t *testing.T) (*ir.API, []cases.Case) {
	t.Helper()
	once.Do(func() {
		fixAPI, _, fixErr = gen.Load(gen.Options{Spec: repoFile(t, "specs/exampleapi/openapi.yaml")})
		if fixErr != nil {
			return
		}
		var srv *server.Server
		if srv, fixErr = server.New(server.Options{FailEvery: -1}); fixErr != nil {
			return
		}
		defer srv.Close()
		hs := httptest.NewServer(srv.Handler())
		defer hs.Close()
		client, err := catalog.NewClient(fixAPI, hs.URL, toolrt.WithCredential("bearerAuth", server.DefaultAdminToken))
		if err != nil {
			fixErr = err
			return
		}
		cat, err := catalog.Bind(fixAPI, client)
		if err != nil {
			fixErr = err
			return
		}
		g := graph.Infer(fixAPI, graph.Options{})
		g.SetStatusAbove(0.6, graph.Approved)
		fixCases, _, fixErr = cases.Generate(ctx, fixAPI, cases.Options{Seed: 1, PerTool: 10, Graph: g, Catalog: cat})
	})
	if fixErr != nil {
		t.Fatal(fixErr)
	}
	out := make([]cases.Case, len(fixCases))
	copy(out, fixCases)
	return fixAPI, out
}

func annotated(t *testing.T, seed uint64) (*ir.API, []cases.Case) {
	t.Helper()
	api, cs := exampleCases(t)
	tm, err := NewTemplates(TemplateOptions{Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	kept, st, err := Annotate(ctx, catalog.Describe(api), cs, tm)
	if err != nil {
		t.Fatal(err)
	}
	if st.Cases != len(cs) || st.Passed+st.Rewritten+st.Dropped != st.Cases || len(kept) != st.Cases-st.Dropped {
		t.Fatalf("stats %+v for %d cases, %d kept", st, len(cs), len(kept))
	}
	return api, kept
}

// mentions lists the ways an utterance may say a value: as it is, or as
// the phrasing writes it (dates in words, enum words without
// underscores, a sort key without its minus).
func mentions(v any) []string {
	switch x := v.(type) {
	case string:
		out := []string{x, say(x), sayTimeIn(x, dayMonth), sayTimeIn(x, monthOrdinal), sayTimeIn(x, monthShort)}
		if strings.HasPrefix(x, "-") {
			out = append(out, say(x[1:]))
		}
		return out
	case float64:
		return []string{sayNumber(x)}
	}
	return nil
}

// leaves returns the scalar values inside a value, booleans and nulls
// aside (they are said in words).
func leaves(v any) []any {
	switch x := v.(type) {
	case map[string]any:
		var out []any
		for _, k := range slices.Sorted(maps.Keys(x)) {
			out = append(out, leaves(x[k])...)
		}
		return out
	case []any:
		var out []any
		for _, e := range x {
			out = append(out, leaves(e)...)
		}
		return out
	case bool, nil:
		return nil
	}
	return []any{v}
}

func TestUtterancesMentionTheValues(t *testing.T) {
	_, cs := annotated(t, 1)
	checked := 0
	for _, c := range cs {
		if len(c.Utterances) != DefaultPerCase {
			t.Errorf("%s: %d utterances", c.ID, len(c.Utterances))
		}
		for _, u := range c.Utterances {
			if !strings.HasPrefix(u.Generator, "template:") {
				t.Errorf("%s: generator %q", c.ID, u.Generator)
			}
			// An ask case's first message says all but what it withholds.
			for _, w := range c.Withheld {
				if s, ok := cases.WithheldValue(&c, w).(string); ok && strings.Contains(u.Text, s) {
					t.Errorf("%s: %q gives the withheld %s = %s", c.ID, u.Text, w.Arg, s)
				}
			}
			for arg, v := range shownCase(&c).Args {
				if f, _ := findFeed(&c, arg); f != nil {
					// A chain case names the item, not its id.
					if f.Label != nil && f.Pick == "" && !strings.Contains(u.Text, f.Label.Value) {
						t.Errorf("%s: %q does not name %s by %q", c.ID, u.Text, arg, f.Label.Value)
					}
					if s, ok := v.(string); ok && strings.Contains(u.Text, s) && f.To == c.Tool {
						t.Errorf("%s: %q gives the id %s of a chain input", c.ID, u.Text, s)
					}
					continue
				}
				if formed(u, arg) {
					// Words that stand for the value, which the judge
					// checks: "the first 20" for page 1.
					continue
				}
				for _, leaf := range leaves(v) {
					checked++
					found := false
					for _, m := range mentions(leaf) {
						found = found || strings.Contains(u.Text, m)
					}
					if !found {
						t.Errorf("%s: %q does not mention %s = %v", c.ID, u.Text, arg, leaf)
					}
				}
			}
		}
	}
	if checked < 500 {
		t.Errorf("only %d values checked", checked)
	}
}

// formed reports whether an utterance records, for an argument or a
// value inside it, words that stand for the value, and holds them.
func formed(u cases.Utterance, arg string) bool {
	for path, f := range u.Forms {
		if (path == arg || strings.HasPrefix(path, arg+"[") || strings.HasPrefix(path, arg+".")) &&
			strings.Contains(strings.ToLower(u.Text), strings.ToLower(f)) {
			return true
		}
	}
	return false
}

func TestUtterancesReadLikeRequests(t *testing.T) {
	api, cs := annotated(t, 1)
	texts := map[string]bool{}
	variants := map[string]bool{}
	n := 0
	camel := regexp.MustCompile(`[a-z][A-Z]`)
	for _, c := range cs {
		op := api.Operation(c.Tool)
		for _, u := range c.Utterances {
			n++
			texts[u.Text] = true
			variants[u.Generator] = true
			if strings.Contains(u.Text, op.Name) {
				t.Errorf("%s: %q names the tool", c.ID, u.Text)
			}
			// Parameter names as a programmer writes them do not appear;
			// header names are said as they are.
			for _, a := range toolschema.Args(api, op) {
				if a.Param != nil && a.Param.In == ir.InHeader {
					continue
				}
				if (strings.Contains(a.Name, "_") || camel.MatchString(a.Name)) && strings.Contains(u.Text, a.Name) {
					t.Errorf("%s: %q contains the parameter name %s", c.ID, u.Text, a.Name)
				}
			}
			if strings.Contains(u.Text, " as X") || strings.Contains(u.Text, "param") {
				t.Errorf("%s: robotic %q", c.ID, u.Text)
			}
		}
	}
	if len(texts) < n*95/100 {
		t.Errorf("%d distinct utterances of %d", len(texts), n)
	}
	for _, intent := range []string{"list", "get", "create", "update", "delete", "search", "action"} {
		k := 0
		for v := range variants {
			if strings.HasPrefix(v, "template:"+intent+"/") {
				k++
			}
		}
		if k < 3 {
			t.Errorf("%s: %d phrasings used", intent, k)
		}
	}
	// Two utterances of one case differ.
	for _, c := range cs {
		if len(c.Utterances) == 2 && c.Utterances[0].Text == c.Utterances[1].Text {
			t.Errorf("%s: twice %q", c.ID, c.Utterances[0].Text)
		}
	}
}

func TestUtterancesAreReproducible(t *testing.T) {
	_, a := annotated(t, 1)
	_, b := annotated(t, 1)
	_, c := annotated(t, 2)
	same, differ := true, false
	for i := range a {
		for j := range a[i].Utterances {
			same = same && reflect.DeepEqual(a[i].Utterances[j], b[i].Utterances[j])
			differ = differ || a[i].Utterances[j].Text != c[i].Utterances[j].Text
		}
	}
	if !same {
		t.Error("the same seed gives different utterances")
	}
	if !differ {
		t.Error("seeds 1 and 2 give the same utterances")
	}
}

func TestChainUtterancesNameWhatPeopleKnow(t *testing.T) {
	_, cs := annotated(t, 1)
	var latest, titled int
	for _, c := range cs {
		if c.Scenario != cases.Chain {
			continue
		}
		for _, u := range c.Utterances {
			if strings.Contains(u.Text, "the latest ticket of ") {
				latest++
			}
			if strings.Contains(u.Text, "the ticket \u201c") {
				titled++
			}
		}
	}
	if latest == 0 || titled == 0 {
		t.Errorf("chain utterances: %d name a user's latest ticket, %d a ticket's title", latest, titled)
	}
}

func TestShapes(t *testing.T) {
	api, _ := exampleCases(t)
	for tool, want := range map[string]string{
		"listTicketsForUser": "list tickets", "getUser": "get user", "createTicket": "create ticket",
		"addTicketComment": "create comment", "closeTicket": "action ticket close", "searchTickets": "search tickets",
		"updateUser": "update user", "deleteTicket": "delete ticket", "getServiceStats": "get service stats",
		"listTeamMembers": "list members", "exportTickets": "action tickets export", "unassignAsset": "action asset unassign",
	} {
		sh := shapeOf(api, api.Operation(tool))
		got := sh.intent + " " + sh.resource
		if sh.plural || sh.intent == intentList || sh.intent == intentSearch {
			got = sh.intent + " " + sh.resources
		}
		if sh.intent == intentAction {
			got += " " + sh.verb
		}
		if got != want {
			t.Errorf("%s: %q, want %q", tool, got, want)
		}
	}
}

// A name that only repeats its method and path (Stripe's "PostInvoicesInvoice")
// says no intent: a POST to one item updates it, a POST to an action
// on one item does that action; a POST to a collection still creates.
func TestShapesOfMethodNamedTools(t *testing.T) {
	checkIntents(t, "stripe.json", map[string]string{
		"PostCustomersCustomer":           "update",
		"PostPaymentMethodsPaymentMethod": "update",
		"PostRefundsRefundCancel":         "action cancel",
		"PostQuotesQuoteAccept":           "action accept",
		"PostCustomers":                   "create",
		"GetCustomersCustomer":            "get",
		"DeleteCustomersCustomer":         "delete",
	})
}

// A name of its group and one action verb (GitHub's users/follow,
// users_follow in the IR, and gists/star) says that action, whatever its method: a PUT that
// follows a user is no update. A group and a verb of the five basic
// operations (teams/list) keeps reading as before.
func TestShapesOfGroupAndVerbNames(t *testing.T) {
	checkIntents(t, "github.json", map[string]string{
		"users_follow":          "action follow",
		"users_unblock":         "action unblock",
		"gists_star":            "action star",
		"gists_fork":            "action fork",
		"issues_lock":           "action lock",
		"teams_list":            "list",
		"gists_update":          "update",
		"users_get-by-username": "get",
	})
}

// checkIntents fails t unless each tool of the real spec reads with the
// intent (and, for an action, the verb) want gives.
func checkIntents(t *testing.T, spec string, want map[string]string) {
	t.Helper()
	api := loadSpec(t, "../shared/specs/real/"+spec)
	for tool, w := range want {
		op := api.Operation(tool)
		if op == nil {
			t.Fatalf("%s has no operation %s", spec, tool)
		}
		sh := shapeOf(api, op)
		got := sh.intent
		if sh.intent == intentAction {
			got += " " + sh.verb
		}
		if got != w {
			t.Errorf("%s: %q, want %q", tool, got, w)
		}
	}
}

// scripted is a chat model that answers from a script, recording the
// prompts it gets: no network.
type scripted struct {
	mu      sync.Mutex
	answer  func(user string) string
	prompts []string
}

func (s *scripted) Generate(_ context.Context, in []*schema.Message, _ ...model.Option) (*schema.Message, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	var user string
	for _, m := range in {
		if m.Role == schema.User {
			user = m.Content
		}
	}
	s.prompts = append(s.prompts, user)
	return schema.AssistantMessage(s.answer(user), nil), nil
}

func (s *scripted) Stream(ctx context.Context, in []*schema.Message, opts ...model.Option) (*schema.StreamReader[*schema.Message], error) {
	m, err := s.Generate(ctx, in, opts...)
	if err != nil {
		return nil, err
	}
	return schema.StreamReaderFromArray([]*schema.Message{m}), nil
}

var _ model.BaseChatModel = (*scripted)(nil)

func TestLLMKeepsAccurateNaturalUtterances(t *testing.T) {
	api, _ := exampleCases(t)
	c := cases.Case{ID: "closeTicket/chain/00", Tool: "closeTicket", Scenario: cases.Chain,
		Args: map[string]any{"ticketId": "TCK-1042", "resolution_code": "fixed"},
		Steps: []cases.Step{
			{Tool: "listTickets", Args: map[string]any{}, Feeds: []cases.Feed{{Path: "$.items[3].id", To: "closeTicket", Input: "ticketId",
				Value: "TCK-1042", Label: &cases.Label{Field: "title", Path: "$.items[3].title", Value: "VPN drops every hour"}}}},
			{Tool: "closeTicket", Args: map[string]any{"ticketId": "TCK-1042", "resolution_code": "fixed"}},
		}}
	writer := &scripted{answer: func(string) string {
		return "Here you go:\n```json\n[\"The VPN drops every hour ticket is sorted, close it as fixed.\", " +
			"\"close ticket with ticketId VPN drops every hour and resolution_code fixed\", \"Close the VPN ticket.\", " +
			"\"Please close “VPN drops every hour”, it is fixed now.\"]\n```"
	}}
	judge := &scripted{answer: func(user string) string {
		switch {
		case strings.Contains(user, "sorted, close it"):
			return `{"accuracy": "accurate", "naturalness": 5, "why": "clear"}`
		case strings.Contains(user, "resolution_code fixed"):
			return `{"accuracy": "accurate", "naturalness": 1, "why": "a parameter list"}`
		case strings.Contains(user, "it is fixed now"):
			// "fixed now" may be the ticket's state, not its resolution.
			return `{"accuracy": "accurate", "unrecoverable": ["resolution_code"], "naturalness": 5, "why": "vague"}`
		}
		return `{"accuracy": "partial", "naturalness": 5, "why": "the resolution is missing"}`
	}}
	l, err := NewLLM(writer, LLMOptions{Name: "fake", Judge: judge})
	if err != nil {
		t.Fatal(err)
	}
	described := catalog.Describe(api)
	us, err := l.Utter(ctx, described, &c)
	if err != nil {
		t.Fatal(err)
	}
	want := cases.Utterance{Text: "The VPN drops every hour ticket is sorted, close it as fixed.", Generator: "llm:fake", Accuracy: Accurate, Naturalness: 5}
	if len(us) != 1 || !reflect.DeepEqual(us[0], want) {
		t.Errorf("kept %+v, want only %+v", us, want)
	}
	// The judge model is not asked about "Close the VPN ticket.": the
	// deterministic judge finds that it does not say the resolution.
	if len(writer.prompts) != 1 || len(judge.prompts) != 3 {
		t.Fatalf("%d writer and %d judge prompts", len(writer.prompts), len(judge.prompts))
	}
	p := writer.prompts[0]
	for _, s := range []string{`"resolution_code":"fixed"`, `ticketId: the ticket “VPN drops every hour”`, "closeTicket"} {
		if !strings.Contains(p, s) {
			t.Errorf("the writer's prompt lacks %q:\n%s", s, p)
		}
	}
	for _, s := range []string{"The request: The VPN drops every hour ticket", `- resolution_code = "fixed"`, `- ticketId = "TCK-1042"`,
		"ticketId: the ticket “VPN drops every hour”", `"unrecoverable"`} {
		if !strings.Contains(judge.prompts[0], s) {
			t.Errorf("the judge's prompt lacks %q:\n%s", s, judge.prompts[0])
		}
	}

	// When the judge rejects everything, the fallback writes them.
	tm, _ := NewTemplates(TemplateOptions{Seed: 1})
	reject := &scripted{answer: func(string) string { return `{"accuracy":"inaccurate","naturalness":5}` }}
	l, _ = NewLLM(writer, LLMOptions{Name: "fake", Judge: reject, Fallback: tm})
	us, err = l.Utter(ctx, described, &c)
	if err != nil || len(us) == 0 || !strings.HasPrefix(us[0].Generator, "template:action/") {
		t.Errorf("fallback: %+v, %v", us, err)
	}
	// A writer that does not answer in JSON is an error without a
	// fallback.
	bad := &scripted{answer: func(string) string { return "Sorry, I cannot help." }}
	l, _ = NewLLM(bad, LLMOptions{Name: "fake"})
	if _, err := l.Utter(ctx, described, &c); err == nil {
		t.Error("no error for a reply without JSON")
	}
}

func TestTemplateFiles(t *testing.T) {
	tm, err := NewTemplates(TemplateOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for intent, vs := range tm.variants {
		if len(vs) < 4 {
			t.Errorf("%s: %d phrasings", intent, len(vs))
		}
		for _, v := range vs {
			if !strings.HasPrefix(v, intent+"/") {
				t.Errorf("%s: phrasing %s", intent, v)
			}
		}
	}
	for _, name := range []string{"llm_write.tmpl", "llm_judge.tmpl"} {
		if _, err := prompt(name); err != nil {
			t.Error(err)
		}
	}
}

// An action on a part of an item ("/repos/{owner}/{repo}/vulnerability-alerts")
// names the part, not the item; a tool whose name another group's tool
// shares ("actions/get-org-secret", "dependabot/get-org-secret") says its
// group; one whose name no other group has does not.
func TestShapesOfPartsAndGroups(t *testing.T) {
	api := loadSpec(t, githubSpec)
	for tool, want := range map[string]string{
		"repos_disable-vulnerability-alerts": "the vulnerability alerts",
		"repos_check-vulnerability-alerts":   "the vulnerability alerts",
		"codespaces_get-repo-public-key":     "the codespaces public key",
		"actions_get-repo-public-key":        "the actions public key",
		"actions_get-org-secret":             "actions secret",
		"issues_create-label":                "label",
	} {
		op := api.Operation(tool)
		if op == nil {
			t.Fatalf("github.json has no operation %s", tool)
		}
		sh := shapeOf(api, op)
		got := sh.resource
		if sh.target {
			got = sh.params[len(sh.params)-1].noun
		} else if sh.intent != intentCreate {
			got = "the " + sh.resource
			if sh.plural {
				got = "the " + sh.resources
			}
		}
		if got != want {
			t.Errorf("%s: %q, want %q", tool, got, want)
		}
	}
}

// An utterance that says every value but nothing that tells its tool from
// a nearby one is written again with what the request is for, in the
// words of the tool's summary, and kept only when that tells them apart.
func TestAnnotateTellsToolsApart(t *testing.T) {
	api := loadSpec(t, githubSpec)
	cat := catalog.Describe(api)
	tm, err := NewTemplates(TemplateOptions{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	c := cases.Case{ID: "repos_disable-vulnerability-alerts/required/00", Tool: "repos_disable-vulnerability-alerts",
		Scenario: cases.Required, Args: map[string]any{"owner": "acme", "repo": "billing-api"}}
	j := judge.New(cat)
	blind := cases.Utterance{Text: "Disable repo billing-api in owner acme.", Generator: "template:action/1"}
	if blindTo(j, &c, &blind) == "" {
		t.Fatalf("%q: told apart", blind.Text)
	}
	u, ok, err := tm.Rewrite(context.Background(), cat, &c, blind, judge.Verdict{}, 3)
	if err != nil || !ok {
		t.Fatalf("rewrite: %v, %v", ok, err)
	}
	if !strings.Contains(strings.ToLower(u.Text), "disable vulnerability alerts") || blindTo(j, &c, &u) != "" {
		t.Errorf("rewritten %q: does not say what it is for, or is still blind (%s)", u.Text, blindTo(j, &c, &u))
	}
	out, st, err := Annotate(context.Background(), cat, []cases.Case{c}, tm)
	if err != nil || len(out) != 1 {
		t.Fatalf("annotate: %d cases, %v", len(out), err)
	}
	for _, u := range out[0].Utterances {
		if blindTo(j, &c, &u) != "" {
			t.Errorf("kept %q, blind to %s", u.Text, blindTo(j, &c, &u))
		}
	}
	if st.Blind != 0 {
		t.Errorf("stats: %+v", st)
	}
}

// An utterance given its purpose in the summary's words is rated one
// level less natural; others keep their level.
func TestPurposeClauseLowersNaturalness(t *testing.T) {
	us := []cases.Utterance{
		{Text: "Disable repo billing-api. I mean: disable vulnerability alerts.", Generator: "template:action/1+purpose/1", Naturalness: 5},
		{Text: "Show me alert 33. I mean: get a secret scanning alert.", Generator: "template:get/2+purpose/3", Naturalness: 1},
		{Text: "Disable the vulnerability alerts of acme/billing-api.", Generator: "template:action/1", Naturalness: 5},
	}
	lowerPurposeClauses(us)
	for i, want := range []int{4, 1, 5} {
		if us[i].Naturalness != want {
			t.Errorf("%q: naturalness %d, want %d", us[i].Text, us[i].Naturalness, want)
		}
	}
}

// tidy takes the space away before punctuation that ends a word, and
// keeps it before a value that starts with a dot or a colon.
func TestTidyKeepsValuesWhole(t *testing.T) {
	for in, want := range map[string]string{
		"delete the proxy path .github/workflows/ci.yml .": "Delete the proxy path .github/workflows/ci.yml.",
		"list pods , please ?":                             "List pods, please?",
		"saying “done” .":                                  "Saying “done”.",
		"port :8080 , now":                                 "Port :8080, now",
	} {
		if got := tidy(in); got != want {
			t.Errorf("tidy(%q) = %q, want %q", in, got, want)
		}
	}
}

// noSpaceBeforePunct does what the regular expression it replaced did,
// on every string of up to six characters from an alphabet of spaces,
// the punctuation it reads, quotation marks, brackets and letters.
func TestNoSpaceBeforePunctAsTheRegexp(t *testing.T) {
	re := regexp.MustCompile(`\s([.,?:])(?:$|([\s"\x{201d})]))`)
	alphabet := []string{" ", ".", ",", "?", ":", "\"", ")", "\u201d", "a", "/"}
	var walk func(s string, n int)
	walk = func(s string, n int) {
		if want := re.ReplaceAllString(s, "${1}${2}"); noSpaceBeforePunct(s) != want {
			t.Fatalf("noSpaceBeforePunct(%q) = %q, want %q", s, noSpaceBeforePunct(s), want)
		}
		if n == 0 {
			return
		}
		for _, c := range alphabet {
			walk(s+c, n-1)
		}
	}
	walk("", 6)
}
