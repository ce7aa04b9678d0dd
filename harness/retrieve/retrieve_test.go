package retrieve_test

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/agentready/agentready/gen"
	"github.com/agentready/agentready/gen/catalog"
	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/gen/toolrt"
	"github.com/agentready/agentready/harness/retrieve"
)

func TestWords(t *testing.T) {
	tests := map[string][]string{
		"listTicketsForUser":           {"list", "tickets", "for", "user"},
		"getAPIKey":                    {"get", "api", "key"},
		"open PRs on acme/webapp":      {"open", "prs", "on", "acme", "webapp"},
		"getIDsForUser":                {"get", "ids", "for", "user"},
		"repos/get-content_v2":         {"repos", "get", "content", "v", "2"},
		"Show me TCK-1042, please.":    {"show", "me", "tck", "1042", "please"},
		"aisha.alvarez@globex.example": {"aisha", "alvarez", "globex", "example"},
		"":                             nil,
		"Créer un Ticket pourÉtienne":  {"créer", "un", "ticket", "pour", "étienne"},
	}
	for in, want := range tests {
		if got := retrieve.Words(in); !reflect.DeepEqual(got, want) {
			t.Errorf("Words(%q) = %q, want %q", in, got, want)
		}
		// EachWord yields the same words, and stops when asked.
		var each []string
		for w := range retrieve.EachWord(in) {
			each = append(each, w)
		}
		if !reflect.DeepEqual(each, want) {
			t.Errorf("EachWord(%q) = %q, want %q", in, each, want)
		}
		for w := range retrieve.EachWord(in) {
			if len(want) == 0 || w != want[0] {
				t.Errorf("EachWord(%q) starts with %q, want %q", in, w, want)
			}
			break
		}
	}
}

func TestTokensDropStopWords(t *testing.T) {
	got := retrieve.Tokens("Can you show me the open tickets of a user?")
	want := []string{"show", "open", "ticket", "user"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Tokens = %q, want %q", got, want)
	}
	// EachToken yields the same tokens.
	var each []string
	for w := range retrieve.EachToken("Can you show me the open tickets of a user?") {
		each = append(each, w)
	}
	if !reflect.DeepEqual(each, want) {
		t.Errorf("EachToken = %q, want %q", each, want)
	}
}

func TestSearchRanksAndBreaksTiesByName(t *testing.T) {
	ix := retrieve.New([]retrieve.Doc{
		{Name: "zeta", Text: "delete a widget"},
		{Name: "alpha", Text: "delete a widget"},
		{Name: "listWidgets", Text: "List widgets, page by page"},
		{Name: "getGadget", Text: "Get one gadget"},
	})
	hits := ix.Search("delete widget", 10)
	var names []string
	for _, h := range hits {
		names = append(names, h.Name)
	}
	if want := []string{"alpha", "zeta", "listWidgets"}; !reflect.DeepEqual(names, want) {
		t.Fatalf("Search = %v, want %v", hits, want)
	}
	if hits[0].Score != hits[1].Score || hits[1].Score <= hits[2].Score {
		t.Errorf("scores %v: want a tie, then lower", hits)
	}
	if got := ix.Search("widgets", 1); len(got) != 1 || got[0].Name != "listWidgets" {
		t.Errorf("the name counts more than the text: got %v", got)
	}
	if got := ix.Search("nothing matches", 5); len(got) != 0 {
		t.Errorf("Search without shared words = %v, want none", got)
	}
	if got := ix.Search("widget", 0); got != nil {
		t.Errorf("k = 0 gives %v", got)
	}
}

func TestSimilarLeavesItselfOut(t *testing.T) {
	ix := retrieve.New([]retrieve.Doc{
		{Name: "listTickets", Text: "List tickets with filters"},
		{Name: "searchTickets", Text: "Search tickets by text"},
		{Name: "getUser", Text: "Get a user"},
	})
	hits := ix.Similar("listTickets", 5)
	if len(hits) != 1 || hits[0].Name != "searchTickets" {
		t.Errorf("Similar = %v, want searchTickets only", hits)
	}
	if ix.Similar("nope", 3) != nil {
		t.Error("Similar of an unknown name is not nil")
	}
}

// repoRoot is the directory holding go.mod.
func repoRoot(t testing.TB) string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..")
}

func loadOps(t testing.TB, spec string) (*ir.API, []*toolrt.Operation) {
	t.Helper()
	api, _, err := gen.Load(gen.Options{Spec: spec})
	if err != nil {
		t.Fatal(err)
	}
	ops, err := catalog.Operations(api)
	if err != nil {
		t.Fatal(err)
	}
	return api, ops
}

func docsOf(ops []*toolrt.Operation) []retrieve.Doc {
	docs := make([]retrieve.Doc, len(ops))
	for i, op := range ops {
		docs[i] = retrieve.DocOfOperation(op)
	}
	return docs
}

// summaryHitRate searches each operation's spec summary and counts the
// operations found in the top k.
func summaryHitRate(api *ir.API, ix *retrieve.Index, k int) (hits, total int, misses []string) {
	for _, op := range api.Operations {
		if op.Summary == "" {
			continue
		}
		total++
		found := false
		for _, h := range ix.Search(op.Summary, k) {
			if h.Name == op.Name {
				found = true
				break
			}
		}
		if found {
			hits++
		} else if len(misses) < 20 {
			top := ix.Search(op.Summary, 1)
			misses = append(misses, fmt.Sprintf("%s %q -> %v", op.Name, op.Summary, top))
		}
	}
	return hits, total, misses
}

// TestExampleAPISummaries: searching an operation's summary finds it in
// the top 3 for most of the example API's 28 tools.
func TestExampleAPISummaries(t *testing.T) {
	api, ops := loadOps(t, filepath.Join(repoRoot(t), "specs", "exampleapi", "openapi.yaml"))
	ix := retrieve.New(docsOf(ops))
	hits, total, misses := summaryHitRate(api, ix, 3)
	rate := float64(hits) / float64(total)
	t.Logf("example API: %d of %d summaries find their tool in the top 3 (%.2f)", hits, total, rate)
	for _, m := range misses {
		t.Logf("miss: %s", m)
	}
	if rate < 0.85 {
		t.Errorf("top-3 hit rate %.2f, want at least 0.85", rate)
	}
	top1, _, _ := summaryHitRate(api, ix, 1)
	t.Logf("example API: top-1 hit rate %.2f", float64(top1)/float64(total))
}

// TestDocOfMatchesOperation: a tool's ToolInfo and its descriptor give the
// same document.
func TestDocOfMatchesOperation(t *testing.T) {
	_, ops := loadOps(t, filepath.Join(repoRoot(t), "specs", "exampleapi", "openapi.yaml"))
	client, err := toolrt.NewClient("http://127.0.0.1:1", nil)
	if err != nil {
		t.Fatal(err)
	}
	cat, err := toolrt.NewCatalog(client, ops)
	if err != nil {
		t.Fatal(err)
	}
	for _, tl := range cat.Tools {
		info, _ := tl.Info(t.Context())
		if a, b := retrieve.DocOf(info), retrieve.DocOfOperation(tl.Operation()); a != b {
			t.Errorf("%s: DocOf and DocOfOperation differ:\n%q\n%q", info.Name, a.Text, b.Text)
		}
	}
	listTickets, ok := cat.Tool("listTickets")
	if !ok {
		t.Fatal("the catalog has no tool listTickets")
	}
	d := retrieve.DocOfOperation(listTickets.Operation())
	for _, w := range []string{"requester_id", "Only tickets raised by this user", "urgent"} {
		if !strings.Contains(d.Text, w) {
			t.Errorf("listTickets document lacks %q:\n%s", w, d.Text)
		}
	}
}

var github struct {
	once sync.Once
	api  *ir.API
	ops  []*toolrt.Operation
	ix   *retrieve.Index
	err  error
}

// githubIndex loads GitHub's 1,223 operations once.
func githubIndex(t testing.TB) (*ir.API, []*toolrt.Operation, *retrieve.Index) {
	t.Helper()
	spec := filepath.Join(repoRoot(t), "..", "shared", "specs", "real", "github.json")
	if _, err := os.Stat(spec); err != nil {
		if os.Getenv("AGENTREADY_SKIP_SHARED") != "" {
			t.Skipf("%s is missing and AGENTREADY_SKIP_SHARED is set", spec)
		}
		t.Fatalf("%s is missing: the tests read the shared specs from ../shared beside the repository "+
			"(set AGENTREADY_SKIP_SHARED=1 to skip these tests)", spec)
	}
	github.once.Do(func() {
		api, _, err := gen.Load(gen.Options{Spec: spec})
		if err != nil {
			github.err = err
			return
		}
		ops, err := catalog.Operations(api)
		if err != nil {
			github.err = err
			return
		}
		github.api, github.ops, github.ix = api, ops, retrieve.New(docsOf(ops))
	})
	if github.err != nil {
		t.Fatal(github.err)
	}
	return github.api, github.ops, github.ix
}

// TestGitHubSummaries reports how well summaries find their tool among
// GitHub's 1,223 tools, and how long a query takes.
func TestGitHubSummaries(t *testing.T) {
	if testing.Short() {
		t.Skip("loads GitHub's spec (about 5 s)")
	}
	api, ops, ix := githubIndex(t)
	if ix.Len() != 1223 || len(ops) != 1223 {
		t.Fatalf("%d documents, want 1223", ix.Len())
	}
	start := time.Now()
	hits, total, misses := summaryHitRate(api, ix, 3)
	per := time.Since(start) / time.Duration(2*total)
	top10, _, _ := summaryHitRate(api, ix, 10)
	t.Logf("GitHub: top-3 hit rate %.2f (%d of %d), top-10 %.2f; about %v per query",
		float64(hits)/float64(total), hits, total, float64(top10)/float64(total), per)
	for _, m := range misses[:min(5, len(misses))] {
		t.Logf("miss: %s", m)
	}
	if float64(hits)/float64(total) < 0.5 {
		t.Errorf("GitHub top-3 hit rate %.2f, want at least 0.5", float64(hits)/float64(total))
	}
	if sim := ix.Similar("issues_create", 10); len(sim) != 10 {
		t.Errorf("Similar(issues_create) = %v", sim)
	} else {
		t.Logf("Similar(issues_create): %v", sim)
	}
}

// BenchmarkSearchGitHub searches GitHub's 1,223 tools with their own
// summaries, one query per iteration.
func BenchmarkSearchGitHub(b *testing.B) {
	api, _, ix := githubIndex(b)
	var queries []string
	for _, op := range api.Operations {
		if op.Summary != "" {
			queries = append(queries, op.Summary+" please, for the repository octocat/hello-world")
		}
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		ix.Search(queries[i%len(queries)], 10)
	}
}

// BenchmarkSimilarGitHub finds the 10 tools most like each GitHub tool.
func BenchmarkSimilarGitHub(b *testing.B) {
	_, ops, ix := githubIndex(b)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		ix.Similar(ops[i%len(ops)].Name, 10)
	}
}

// BenchmarkNewGitHub builds the index of GitHub's 1,223 tools.
func BenchmarkNewGitHub(b *testing.B) {
	_, ops, _ := githubIndex(b)
	docs := docsOf(ops)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		retrieve.New(docs)
	}
}

// A request word no tool's name uses is searched with its synonyms too,
// so "bills" finds the invoice tools; a word the names use is searched
// as it is, so "workspaces" does not bring in the team tools.
func TestSearchSynonymsOnlyForWordsNamesDoNotUse(t *testing.T) {
	ix := retrieve.New([]retrieve.Doc{
		{Name: "listInvoices", Text: "Lists the invoices of an account."},
		{Name: "listTeams", Text: "Lists the teams of an account."},
		{Name: "listWorkspaces", Text: "Lists the workspaces you can see."},
	})
	hits := ix.Search("show me last month's bills", 3)
	if len(hits) == 0 || hits[0].Name != "listInvoices" {
		t.Errorf(`"bills": got %v, want listInvoices first`, hits)
	}
	for _, h := range ix.Search("which workspaces can I use", 3) {
		if h.Name == "listTeams" {
			t.Errorf(`"workspaces" found listTeams (%v): a word the names use was expanded`, h)
		}
	}
}

// A search document keeps the arguments apart from the description, so
// that a word of an argument counts less than a word of what the tool is
// for.
func TestSearchDocOfOperationKeepsArgumentsApart(t *testing.T) {
	_, ops := loadOps(t, filepath.Join(repoRoot(t), "specs", "exampleapi", "openapi.yaml"))
	for _, op := range ops {
		if op.Name != "listTickets" {
			continue
		}
		d := retrieve.SearchDocOfOperation(op)
		if d.Text != op.Description || !strings.Contains(d.Args, "\nassignee_id ") || strings.Contains(d.Text, "assignee_id") {
			t.Errorf("the search document mixes its fields: text %q, args %q", d.Text, d.Args)
		}
		return
	}
	t.Fatal("no listTickets operation")
}

// Find reads a request as a retriever over a whole API: another form of
// a word finds the tool ("remind" its reminders), a question word says
// what is asked for ("who": members), an identifier's type prefix names
// its thing ("sub_": subscription), the plain tool ranks before a
// variant whose name says more than the request, a request that says
// delete prefers the DELETE tool, and Search, which compares words only,
// does none of this.
func TestFindReadsTheRequest(t *testing.T) {
	ix := retrieve.New([]retrieve.Doc{
		{Name: "addReminder", Text: "Creates a reminder.", Method: "POST"},
		{Name: "listMembers", Text: "Lists the members of a channel.", Args: "channel", Method: "GET"},
		{Name: "getChannel", Text: "Gets a channel's details.", Args: "channel", Method: "GET"},
		{Name: "getNode", Text: "Reads a node.", Args: "name", Method: "GET"},
		{Name: "getNodeProxyPath", Text: "Connects GET requests to the proxy of a node.", Args: "name path", Method: "GET"},
		{Name: "labels", Text: "Edits or deletes a label.", Args: "id", Method: "PATCH"},
		{Name: "deleteLabel", Text: "Deletes a label.", Args: "id", Method: "DELETE"},
		{Name: "getSubscription", Text: "Retrieves a subscription.", Args: "id", Method: "GET"},
		{Name: "getAccount", Text: "Retrieves the account.", Method: "GET"},
	})
	top := func(q string) string {
		hits := ix.Find(q, 3)
		if len(hits) == 0 {
			return ""
		}
		return hits[0].Name
	}
	for q, want := range map[string]string{
		"remind me to stretch at 5pm": "addReminder",
		"who's in channel C024BE91L":  "listMembers",
		"get node worker-3":           "getNode",
		"get rid of label 7":          "deleteLabel",
		// a verb of removal by its particle, read past the pieces of an id
		"throw label 8c1d2e3f-4a5b-4c6d-8e7f away": "deleteLabel",
		"details on sub_1MowQVLk pls":              "getSubscription",
	} {
		if got := top(q); got != want {
			t.Errorf("Find(%q) ranks %s first, want %s", q, got, want)
		}
	}
	if hits := ix.Search("remind me to stretch", 3); len(hits) != 0 {
		t.Errorf("Search compares words only, found %v", hits)
	}
	if got := ix.Find("anything", 0); got != nil {
		t.Errorf("k = 0 gives %v", got)
	}
}

// Words a model knows for what an API names otherwise find its tools:
// each request below says a word no tool's name uses, and the tool named
// with the other word ranks before one that differs from it only by a
// word the request does not say.
func TestSearchKnowsOtherWords(t *testing.T) {
	for _, c := range []struct{ query, want, other string }{
		{"recent activity on board 9", "getBoardActions", "getBoardLists"},
		{"continue watching items of user 5", "getResumeItems", "getFolderItems"},
		{"recently added items", "getLatestItems", "getFolderItems"},
		{"watched items", "getPlayedItems", "getFolderItems"},
		{"how much storage is in use", "getSiteUsage", "getSiteLogo"},
		{"duplicate campaign 12", "replicateCampaign", "sendCampaign"},
		{"diff of branch main and dev", "compareBranches", "protectBranches"},
		{"show all my servers", "listInstances", "listImages"},
		{"look for anyone called ann", "listUsers", "listGroups"},
	} {
		ix := retrieve.New([]retrieve.Doc{
			{Name: c.want, Text: "Returns them.", Method: "GET"},
			{Name: c.other, Text: "Returns them.", Method: "GET"},
			{Name: "getStatus", Text: "Returns the status.", Method: "GET"},
		})
		for _, search := range []func(string, int) []retrieve.Hit{ix.Search, ix.Find} {
			if hits := search(c.query, 3); len(hits) == 0 || hits[0].Name != c.want {
				t.Errorf("%q: got %v, want %s first", c.query, hits, c.want)
			}
		}
	}
}

// A verb and its particle say together what neither says alone: "sign
// me out" logs out, while "the log on node 3" is a log and a particle
// three words on belongs to no verb.
func TestSearchReadsPhrasalVerbs(t *testing.T) {
	ix := retrieve.New([]retrieve.Doc{
		{Name: "postLogout", Text: "Ends the session.", Method: "POST"},
		{Name: "getSignature", Text: "Returns a signature.", Method: "GET"},
		{Name: "getNodeLog", Text: "Returns a node's log.", Method: "GET"},
	})
	for q, want := range map[string]string{
		"sign me out":                       "postLogout",
		"log them off":                      "postLogout",
		"show the log on node 3":            "getNodeLog",
		"log of user 5 on node 3 out there": "getNodeLog",
	} {
		if hits := ix.Search(q, 3); len(hits) == 0 || hits[0].Name != want {
			t.Errorf("Search(%q) = %v, want %s first", q, hits, want)
		}
	}
}

// TestNewWeightedTakesWordWeightsFromOutside checks that NewWeighted
// ranks by the weights it is given, not by the documents' own: two
// tools that each say one word of the request tie under BM25's IDF, and
// the one whose word weighs more wins when the weights come from outside.
func TestNewWeightedTakesWordWeightsFromOutside(t *testing.T) {
	docs := []retrieve.Doc{{Name: "alpha", Text: "server power"}, {Name: "beta", Text: "server reboot"}}
	own := retrieve.New(docs).Search("power reboot", 2)
	if len(own) != 2 || own[0].Score != own[1].Score {
		t.Fatalf("own weights: %v, want a tie", own)
	}
	weigh := func(term string, df, n int) float64 {
		if term == "reboot" {
			return 3
		}
		return 1
	}
	got := retrieve.NewWeighted(docs, weigh).Search("power reboot", 2)
	if len(got) != 2 || got[0].Name != "beta" || got[0].Score <= got[1].Score {
		t.Errorf("outside weights: %v, want beta first", got)
	}
}

// A verb that a particle makes an action asks something done, though
// alone it reads: "log everyone out" wants the POST that logs out, "get
// file 9 back out of the bin" the restore, "turn off the plugin" the
// disable, so Find does not prefer the read tools for them as it does
// for a question ("who am I logged in as" still reads).
func TestFindReadsVerbsWithParticles(t *testing.T) {
	ix := retrieve.New([]retrieve.Doc{
		{Name: "getRealmUsers", Text: "Get users of the realm. Everyone in the realm.", Args: "realm", Method: "GET"},
		{Name: "postRealmLogoutAll", Text: "Removes all user sessions.", Args: "realm", Method: "POST"},
		{Name: "getTrashedFile", Text: "Gets a file that is in the trash.", Args: "file_id", Method: "GET"},
		{Name: "restoreFile", Text: "Restores a file from the trash (the bin) back to its folder.", Args: "file_id", Method: "POST"},
		{Name: "getPlugin", Text: "Inspect a plugin.", Args: "name", Method: "GET"},
		{Name: "disablePlugin", Text: "Disable a plugin; turns it off.", Args: "name", Method: "POST"},
	})
	for q, want := range map[string]string{
		"log everyone out of the realm staging":  "postRealmLogoutAll",
		"get file 987654 back out of the bin":    "restoreFile",
		"turn off the vieux/sshfs plugin":        "disablePlugin",
		"who is logged in to the realm staging?": "getRealmUsers",
	} {
		if hits := ix.Find(q, 2); len(hits) == 0 || hits[0].Name != want {
			t.Errorf("Find(%q) = %v, want %s first", q, hits, want)
		}
	}
}

// For a request that asks nothing done, Find prefers the tool that reads
// (GET) over one that changes something whose name and text say the
// request's words more: "the webhooks of repository acme" wants the
// list (listHooks, "Lists the webhooks of a repository"), not the tool
// that creates one.
func TestFindPrefersReadsForAQuestion(t *testing.T) {
	ix := retrieve.New([]retrieve.Doc{
		{Name: "createWebhook", Text: "Creates a webhook. A repository's webhook is called on each push to the repository.", Args: "repository", Method: "POST"},
		{Name: "listHooks", Text: "Lists the webhooks of a repository.", Args: "repository", Method: "GET"},
		{Name: "getRepository", Text: "Gets a repository.", Args: "repository", Method: "GET"},
	})
	for q, want := range map[string]string{
		"the webhooks of repository acme":  "listHooks",
		"add a webhook to repository acme": "createWebhook",
	} {
		if hits := ix.Find(q, 2); len(hits) == 0 || hits[0].Name != want {
			t.Errorf("Find(%q) = %v, want %s first", q, hits, want)
		}
	}
}
