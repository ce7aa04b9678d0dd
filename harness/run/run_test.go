package run_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	neturl "net/url"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/agentready/agentready/gen"
	"github.com/agentready/agentready/gen/catalog"
	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/gen/toolrt"
	"github.com/agentready/agentready/harness/cases"
	"github.com/agentready/agentready/harness/classify"
	"github.com/agentready/agentready/harness/models"
	"github.com/agentready/agentready/harness/retrieve"
	"github.com/agentready/agentready/harness/run"
	"github.com/agentready/agentready/internal/modtest"
	"github.com/agentready/agentready/specs/exampleapi/server"
	"github.com/cloudwego/eino/schema"
)

// scriptedModel is models.Scripted playing one script per conversation:
// the script is chosen by the conversation's user message, and its n-th
// turn answers the n-th model call of that conversation (after it, the
// model answers "Done."), so cases can run in parallel. hook, when set,
// is called before each answer.
func scriptedModel(scs []scenario, hook func(utterance string)) *models.Scripted {
	scripts := map[string][]models.Turn{}
	n := 0
	for _, sc := range scs {
		scripts[sc.utterance()] = sc.script
		n += len(sc.script) + 1
	}
	dispatch := func(ctx context.Context, convo []*schema.Message, tools []*schema.ToolInfo) (*schema.Message, error) {
		user, turn := utteranceOf(convo), 0
		for _, m := range convo {
			if m.Role == schema.Assistant {
				turn++
			}
		}
		if hook != nil {
			hook(user)
		}
		script, ok := scripts[user]
		if !ok {
			return nil, fmt.Errorf("no script for %q", user)
		}
		if turn >= len(script) {
			return schema.AssistantMessage("Done.", nil), nil
		}
		return script[turn](ctx, convo, tools)
	}
	return models.NewScripted(models.Repeat(n, dispatch)...)
}

func utteranceOf(convo []*schema.Message) string {
	for _, m := range convo {
		if m.Role == schema.User {
			return m.Content
		}
	}
	return ""
}

// call and answer are the turns of scripts.
var (
	call   = models.CallTool
	answer = models.Answer
)

// scenario is one test case with its script and the labels it must get;
// recovered are the classes of the mistakes the agent must be found to
// have recovered from.
type scenario struct {
	c         cases.Case
	script    []models.Turn
	want      []classify.Class
	recovered []classify.Class
}

func (sc scenario) utterance() string { return sc.c.Utterances[0].Text }

func newCase(id, tool string, args map[string]any, utterance string) cases.Case {
	return cases.Case{ID: id, Tool: tool, Scenario: cases.Required, Args: args,
		Utterances: []cases.Utterance{{Text: utterance, Generator: "test"}}}
}

var (
	loadOnce sync.Once
	example  *ir.API
	loadErr  error
)

func exampleAPI(t testing.TB) *ir.API {
	loadOnce.Do(func() {
		example, _, loadErr = gen.Load(gen.Options{Spec: filepath.Join(modtest.RepoRoot(t), "specs", "exampleapi", "openapi.yaml")})
	})
	if loadErr != nil {
		t.Fatal(loadErr)
	}
	return example
}

// startExample starts the example API in-process.
func startExample(t testing.TB, failEvery int) string {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	srv, err := server.Start(ctx, server.Options{Addr: "127.0.0.1:0", FailEvery: failEvery})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Close(); cancel() })
	return srv.URL
}

func newCatalog(t testing.TB, api *ir.API, url, token string, opts ...toolrt.ToolOption) *catalog.Bound {
	t.Helper()
	copts := []toolrt.Option{toolrt.WithoutEnvironment()}
	if token != "" {
		copts = append(copts, toolrt.WithCredential("bearerAuth", token))
	}
	client, err := catalog.NewClient(api, url, copts...)
	if err != nil {
		t.Fatal(err)
	}
	cat, err := catalog.Bind(api, client, opts...)
	if err != nil {
		t.Fatal(err)
	}
	return cat
}

// exampleScenarios run against the example API with a valid token.
func exampleScenarios() []scenario {
	return []scenario{
		{newCase("listUsers/clean", "listUsers", map[string]any{"q": "aisha"}, "Find the people named Aisha."),
			[]models.Turn{call("listUsers", `{"q":"aisha"}`), answer("Aisha Okafor works in Finance.")}, nil, nil},
		{newCase("searchTickets/wrong-tool", "searchTickets", map[string]any{"q": "vpn"}, "Which tickets talk about the VPN?"),
			[]models.Turn{call("findTickets", `{"text":"vpn"}`), call("listTickets", `{"category":"network"}`), answer("Here are the network tickets.")},
			[]classify.Class{classify.IncorrectToolSelection}, nil},
		{newCase("listAssets/no-tool", "listAssets", map[string]any{"limit": 2}, "Show me two of our assets."),
			[]models.Turn{answer("I cannot check that, sorry.")}, []classify.Class{classify.ToolNotIdentified}, nil},
		{newCase("listTeams/repeat", "listTeams", map[string]any{}, "List the IT teams."),
			[]models.Turn{call("listTeams", `{}`), call("listTeams", ``), call("listTeams", `{}`), answer("Six teams.")},
			[]classify.Class{classify.RepeatedToolInvocation}, nil},
		{newCase("listTeams/loop", "listTeams", map[string]any{"q": "network"}, "Find the network team."),
			models.Repeat(20, call("listTeams", `{"q":"network"}`)), []classify.Class{classify.RepeatedToolInvocation}, nil},
		{newCase("searchTickets/missing", "searchTickets", map[string]any{"q": "printer"}, "Search the tickets about the printer."),
			[]models.Turn{call("searchTickets", `{}`), answer("I need to know what to search for.")},
			[]classify.Class{classify.MissingParameter}, nil},
		{newCase("listUsers/invented", "listUsers", map[string]any{"q": "aisha"}, "Look up Aisha in the directory."),
			[]models.Turn{call("listUsers", `{"q":"aisha","full_name":"Aisha"}`), answer("Found her.")},
			[]classify.Class{classify.IncorrectParameter}, nil},
		{newCase("listUsers/recovered", "listUsers", map[string]any{"q": "aisha", "per_page": 5}, "Look up five people called Aisha in the directory."),
			[]models.Turn{call("listUsers", `{"q":"aisha","full_name":"Aisha","per_page":5}`), call("listUsers", `{"q":"aisha","per_page":5}`), answer("Found her.")},
			nil, []classify.Class{classify.IncorrectParameter}},
		{newCase("listTickets/redundant", "listTickets", map[string]any{"priority": "urgent"}, "Show the urgent tickets."),
			[]models.Turn{call("listTickets", `{"priority":"urgent","per_page":3}`), answer("These are urgent.")},
			[]classify.Class{classify.RedundantParameter}, nil},
		{newCase("listUsers/type", "listUsers", map[string]any{"q": "aisha", "per_page": 5}, "Show five people called Aisha."),
			[]models.Turn{call("listUsers", `{"q":"aisha","per_page":"5"}`), answer("Here they are.")},
			[]classify.Class{classify.ParameterTypeMismatch}, nil},
		{newCase("listTickets/value", "listTickets", map[string]any{"priority": "urgent", "per_page": 3}, "Show three urgent tickets."),
			[]models.Turn{call("listTickets", `{"priority":"high","per_page":3}`), answer("These are urgent.")},
			[]classify.Class{classify.ParameterValueMismatch}, nil},
		{newCase("listUsers/empty", "listUsers", map[string]any{"q": "aisha"}, "Is there anyone called Aisha?"),
			[]models.Turn{call("listUsers", `{"q":"zzqxv"}`), answer("Nobody by that name.")},
			[]classify.Class{classify.ParameterValueMismatch, classify.EmptyOutput}, nil},
	}
}

func modelFor(scs []scenario) *models.Scripted { return scriptedModel(scs, nil) }

func casesOf(scs []scenario) []cases.Case {
	out := make([]cases.Case, len(scs))
	for i, sc := range scs {
		out[i] = sc.c
	}
	return out
}

// runScenarios runs scs in a new directory and checks every case's labels.
func runScenarios(t *testing.T, dir string, scs []scenario, opts run.Options) []run.Record {
	t.Helper()
	opts.Dir = dir
	if opts.Model == nil {
		m := modelFor(scs)
		opts.Model, opts.ModelInfo = m, m.Info()
	}
	if _, err := run.Run(context.Background(), casesOf(scs), opts); err != nil {
		t.Fatal(err)
	}
	recs, err := run.ReadResults(filepath.Join(dir, run.ResultsFile))
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != len(scs) {
		t.Fatalf("%d records for %d cases", len(recs), len(scs))
	}
	byID := map[string]run.Record{}
	for _, r := range recs {
		byID[r.Case] = r
	}
	for _, sc := range scs {
		r := byID[sc.c.ID]
		var got []classify.Class
		for _, l := range r.Labels {
			got = append(got, l.Class)
			if l.Evidence == "" || l.Tool == "" {
				t.Errorf("%s: label %s without evidence or tool: %+v", sc.c.ID, l.Class, l)
			}
		}
		if !reflect.DeepEqual(got, sc.want) {
			t.Errorf("%s: labels %v, want %v\n%s", sc.c.ID, got, sc.want, labelText(r.Labels))
		}
		var rec []classify.Class
		for _, l := range r.Recovered {
			rec = append(rec, l.Class)
		}
		if !reflect.DeepEqual(rec, sc.recovered) {
			t.Errorf("%s: recovered from %v, want %v\n%s", sc.c.ID, rec, sc.recovered, labelText(r.Recovered))
		}
		if r.Invalid != "" {
			t.Errorf("%s: invalid: %s", sc.c.ID, r.Invalid)
		}
		if r.Skipped != "" {
			t.Errorf("%s: skipped: %s", sc.c.ID, r.Skipped)
		}
	}
	return recs
}

func labelText(ls []classify.Label) string {
	var b strings.Builder
	for _, l := range ls {
		fmt.Fprintf(&b, "  %s (%s %v): %s\n", l.Class, l.Tool, l.Params, l.Evidence)
	}
	return b.String()
}

// TestTaxonomy drives the real ReAct agent with scripted turns over the
// real tools of the example API (and of a small API that breaks its
// promises) and checks that every class of the taxonomy is produced and
// labelled (the dialogue's in multi-turn cases), and that a clean case
// gets no label.
func TestTaxonomy(t *testing.T) {
	api := exampleAPI(t)
	url := startExample(t, -1)
	root := t.TempDir()
	seen := map[classify.Class]bool{}
	collect := func(recs []run.Record) {
		for _, r := range recs {
			for _, l := range r.Labels {
				seen[l.Class] = true
			}
		}
	}

	t.Run("example", func(t *testing.T) {
		cat := newCatalog(t, api, url, server.DefaultAdminToken)
		recs := runScenarios(t, filepath.Join(root, "example"), exampleScenarios(),
			run.Options{Catalog: cat, Similar: retrieve.SimilarTools(cat.Catalog), Parallel: 2})
		collect(recs)
		for _, r := range recs {
			switch r.Case {
			case "listUsers/clean":
				if r.Direct == nil || !r.Direct.Result.OK || r.Agent.Final == "" || len(r.Agent.Messages) != 5 {
					t.Errorf("clean case: direct %+v, final %q, %d messages", r.Direct, r.Agent.Final, len(r.Agent.Messages))
				}
				if len(r.Agent.Tools) != run.DefaultK+1 || r.Agent.Tokens.Total == 0 || len(r.Agent.Turns) != 2 {
					t.Errorf("clean case: %d tools offered, %d tokens, %d turns", len(r.Agent.Tools), r.Agent.Tokens.Total, len(r.Agent.Turns))
				}
			case "listTeams/loop":
				if n := len(r.Agent.Calls); n != run.DefaultRounds || len(r.Agent.Turns) != n+1 || !strings.Contains(r.Agent.Error, "after 5 rounds") {
					t.Errorf("endless loop: %d calls, %d turns, error %q", n, len(r.Agent.Turns), r.Agent.Error)
				}
			case "searchTickets/wrong-tool":
				if c := r.Agent.Calls[0]; !c.UnknownTool || !strings.Contains(c.Text, "no tool named") {
					t.Errorf("invented tool: %+v", c)
				}
				if l := r.Labels[0]; l.Tool != "searchTickets" || l.Other != "listTickets" {
					t.Errorf("wrong tool label: %+v", l)
				}
				if !contains(r.Agent.Tools, "listTickets") {
					t.Errorf("retrieval did not offer listTickets beside searchTickets: %v", r.Agent.Tools)
				}
			}
		}
	})
	t.Run("token-limit", func(t *testing.T) {
		cat := newCatalog(t, api, url, server.DefaultAdminToken, toolrt.WithResultOptions(toolrt.ResultOptions{MaxTokens: 400}))
		collect(runScenarios(t, filepath.Join(root, "token-limit"), []scenario{
			{newCase("exportTickets/all", "exportTickets", map[string]any{}, "Export every ticket."),
				[]models.Turn{call("exportTickets", `{}`), answer("Here is the export.")},
				[]classify.Class{classify.ExceedingTokenLimit}, nil},
		}, run.Options{Catalog: cat, ResultTokens: 400}))
	})
	t.Run("access", func(t *testing.T) {
		// One team is off limits to this credential: the direct call reads
		// another; the agent asks for the forbidden one.
		var forbidden atomic.Value
		forbidden.Store("")
		proxy := proxyTo(t, url)
		guard := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if f := forbidden.Load().(string); f != "" && strings.HasSuffix(r.URL.Path, "/teams/"+f) {
				w.Header().Set("Content-Type", "application/json")
				w.WriteHeader(http.StatusForbidden)
				fmt.Fprint(w, `{"error":{"code":"forbidden","message":"this token may not read that team"}}`)
				return
			}
			proxy.ServeHTTP(w, r)
		}))
		t.Cleanup(guard.Close)
		cat := newCatalog(t, api, guard.URL, server.DefaultAdminToken)
		teams := teamIDs(t, cat)
		forbidden.Store(teams[1])
		collect(runScenarios(t, filepath.Join(root, "access"), []scenario{
			{newCase("getTeam/403", "getTeam", map[string]any{"teamId": teams[0]}, "Show me team "+teams[0]+"."),
				[]models.Turn{call("getTeam", `{"teamId":"`+teams[1]+`"}`), answer("I am not allowed to see it.")},
				[]classify.Class{classify.ParameterValueMismatch, classify.ToolAccessError}, nil},
		}, run.Options{Catalog: cat}))
	})
	t.Run("server-error", func(t *testing.T) {
		// The statistics service breaks after the direct call: every
		// later call gets 500, which no retry mends (a 503 would be
		// retried, and a run that cannot get past one is not a result).
		var calls atomic.Int64
		proxy := proxyTo(t, url)
		broken := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if strings.HasSuffix(r.URL.Path, "/stats") && calls.Add(1) > 1 {
				w.Header().Set("Content-Type", "application/json")
				w.WriteHeader(http.StatusInternalServerError)
				fmt.Fprint(w, `{"error":{"code":"internal","message":"division by zero in the open-ticket count"}}`)
				return
			}
			proxy.ServeHTTP(w, r)
		}))
		t.Cleanup(broken.Close)
		cat := newCatalog(t, api, broken.URL, server.DefaultAdminToken)
		collect(runScenarios(t, filepath.Join(root, "server-error"), []scenario{
			{newCase("getServiceStats/500", "getServiceStats", map[string]any{}, "How many tickets are open?"),
				[]models.Turn{call("getServiceStats", `{}`), answer("The statistics are unavailable.")},
				[]classify.Class{classify.ToolServerError}, nil},
		}, run.Options{Catalog: cat}))
	})
	t.Run("chain", func(t *testing.T) {
		// "Show me the first team": the team's id comes from listTeams.
		cat := newCatalog(t, api, url, server.DefaultAdminToken)
		teams := teamIDs(t, cat)
		chain := func(id, utterance string) cases.Case {
			c := newCase(id, "getTeam", map[string]any{"teamId": teams[0]}, utterance)
			c.Scenario = cases.Chain
			c.Steps = []cases.Step{
				{Tool: "listTeams", Args: map[string]any{}, Feeds: []cases.Feed{{Path: "$.items[0].id", To: "getTeam", Input: "teamId", Value: teams[0], Pick: "first"}}},
				{Tool: "getTeam", Args: map[string]any{"teamId": teams[0]}},
			}
			return c
		}
		other := `{"teamId":"` + teams[1] + `"}`
		collect(runScenarios(t, filepath.Join(root, "chain"), []scenario{
			{chain("getTeam/chain-right", "Show me the first team."), []models.Turn{call("listTeams", `{}`), call("getTeam", `{"teamId":"`+teams[0]+`"}`), answer("Here it is.")}, nil, nil},
			{chain("getTeam/no-step", "Show me the first team, please."), []models.Turn{call("getTeam", other), answer("Here it is.")},
				[]classify.Class{classify.ParameterValueMismatch, classify.MissingStep}, nil},
			{chain("getTeam/late-step", "Which team comes first?"), []models.Turn{call("getTeam", other), call("listTeams", `{}`), answer("Here it is.")},
				[]classify.Class{classify.ParameterValueMismatch, classify.WrongOrder}, nil},
			{chain("getTeam/not-carried", "I need the first team."), []models.Turn{call("listTeams", `{}`), call("getTeam", other), answer("Here it is.")},
				[]classify.Class{classify.ParameterValueMismatch, classify.ValueNotCarried}, nil},
		}, run.Options{Catalog: cat}))
	})
	t.Run("broken-api", func(t *testing.T) {
		ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			switch r.URL.Path {
			case "/widgets/w1":
				fmt.Fprint(w, `{"id":"w1","name":"Sprocket"}`)
			case "/reports/daily":
				fmt.Fprint(w, `{"total": 3, "items": [`)
			default:
				w.WriteHeader(http.StatusNotFound)
				fmt.Fprint(w, `{"message":"no such thing"}`)
			}
		}))
		t.Cleanup(ts.Close)
		wapi, _, err := gen.Load(gen.Options{Spec: filepath.Join("testdata", "widgets.yaml")})
		if err != nil {
			t.Fatal(err)
		}
		cat := newCatalog(t, wapi, ts.URL, "")
		collect(runScenarios(t, filepath.Join(root, "broken"), []scenario{
			{newCase("getWidget/shape", "getWidget", map[string]any{"id": "w1"}, "Who owns widget w1?"),
				[]models.Turn{call("getWidget", `{"id":"w1"}`), answer("It does not say.")},
				[]classify.Class{classify.OutputMismatch}, nil},
			{newCase("getDailyReport/broken", "getDailyReport", map[string]any{}, "What are today's totals?"),
				[]models.Turn{call("getDailyReport", `{}`), answer("The report is broken.")},
				[]classify.Class{classify.MalformedOutput}, nil},
		}, run.Options{Catalog: cat, Similar: retrieve.SimilarTools(cat.Catalog)}))
	})

	t.Run("dialogue", func(t *testing.T) {
		cat := newCatalog(t, api, url, server.DefaultAdminToken)
		scs, _ := askScenarios(t, cat)
		collect(runScenarios(t, filepath.Join(root, "dialogue"), scs, run.Options{Catalog: cat}))
	})

	for _, ci := range classify.Taxonomy {
		if !seen[ci.Class] {
			t.Errorf("no case was labelled %s", ci.Class)
		}
	}
	// No credential reaches the files.
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, secret := range []string{server.DefaultAdminToken, "wrong-token", "Bearer", "Authorization"} {
			if bytes.Contains(data, []byte(secret)) {
				t.Errorf("%s holds %q", path, secret)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// normalized returns the lines of a results file without timings, sorted.
func normalized(t *testing.T, path string) []string {
	t.Helper()
	recs, err := run.ReadResults(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for i := range recs {
		line, err := run.MarshalRecord(&recs[i])
		if err != nil {
			t.Fatal(err)
		}
		var v any
		if err := json.Unmarshal(line, &v); err != nil {
			t.Fatal(err)
		}
		dropTimings(v)
		b, _ := json.Marshal(v)
		out = append(out, string(b))
	}
	sort.Strings(out)
	return out
}

func dropTimings(v any) {
	switch x := v.(type) {
	case map[string]any:
		delete(x, "latencyMs")
		for _, e := range x {
			dropTimings(e)
		}
	case []any:
		for _, e := range x {
			dropTimings(e)
		}
	}
}

func TestParallelSameResults(t *testing.T) {
	api := exampleAPI(t)
	url := startExample(t, -1)
	cat := newCatalog(t, api, url, server.DefaultAdminToken)
	scs := exampleScenarios()
	dir := t.TempDir()
	var files [][]string
	for _, p := range []int{1, 4} {
		d := filepath.Join(dir, fmt.Sprint(p))
		runScenarios(t, d, scs, run.Options{Catalog: cat, Similar: retrieve.SimilarTools(cat.Catalog), Parallel: p})
		files = append(files, normalized(t, filepath.Join(d, run.ResultsFile)))
	}
	if !reflect.DeepEqual(files[0], files[1]) {
		for i := range files[0] {
			if files[0][i] != files[1][i] {
				t.Errorf("parallel 1 and 4 differ:\n%s\n%s", files[0][i], files[1][i])
				break
			}
		}
	}
}

func TestResume(t *testing.T) {
	api := exampleAPI(t)
	url := startExample(t, -1)
	cat := newCatalog(t, api, url, server.DefaultAdminToken)
	scs := exampleScenarios()
	cs := casesOf(scs)
	dir := t.TempDir()
	results := filepath.Join(dir, run.ResultsFile)

	// The first run is interrupted while the agent works on the fifth case.
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	m := scriptedModel(scs, func(utterance string) {
		if utterance == scs[4].utterance() {
			cancel()
		}
	})
	var progress bytes.Buffer
	s, err := run.Run(ctx, cs, run.Options{Dir: dir, Catalog: cat, Model: m, Progress: &progress})
	if err != context.Canceled {
		t.Fatalf("interrupted run: %v, want context.Canceled", err)
	}
	first, err := run.ReadResults(results)
	if err != nil {
		t.Fatal(err)
	}
	if s.Ran != 4 || len(first) != 4 {
		t.Fatalf("interrupted run wrote %d records (ran %d), want 4", len(first), s.Ran)
	}
	if n := strings.Count(progress.String(), "\n"); n != 4 {
		t.Errorf("progress has %d lines, want 4:\n%s", n, progress.String())
	}
	// A crash while writing leaves half a line: it is dropped on resume.
	f, err := os.OpenFile(results, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	fmt.Fprint(f, `{"case":"listTickets/value","tool":"listTi`)
	f.Close()
	if _, err := run.Run(context.Background(), cs, run.Options{Dir: dir, Catalog: cat, Model: m}); err == nil {
		t.Fatal("a second run into the same directory without Resume succeeded")
	}

	m2 := modelFor(scs)
	s, err = run.Run(context.Background(), cs, run.Options{Dir: dir, Catalog: cat, Model: m2, Resume: true})
	if err != nil {
		t.Fatal(err)
	}
	if s.Resumed != 4 || s.Ran != len(cs)-4 {
		t.Errorf("resume: %d resumed, %d ran; want 4 and %d", s.Resumed, s.Ran, len(cs)-4)
	}
	asked := map[string]int{}
	for _, convo := range m2.Conversations() {
		asked[utteranceOf(convo)]++
	}
	for i, sc := range scs {
		if n := asked[sc.utterance()]; (i < 4) != (n == 0) {
			t.Errorf("resume: case %s got %d model calls", sc.c.ID, n)
		}
	}
	all, err := run.ReadResults(results)
	if err != nil {
		t.Fatal(err)
	}
	ids := map[string]int{}
	for i, r := range all {
		ids[r.Case]++
		if i < 4 && !reflect.DeepEqual(r, first[i]) {
			t.Errorf("resume changed record %d (%s)", i, r.Case)
		}
	}
	for _, c := range cs {
		if ids[c.ID] != 1 {
			t.Errorf("case %s is in the results %d times", c.ID, ids[c.ID])
		}
	}
	info, err := run.ReadInfo(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(info.Resumed) != 1 || info.Cases.Count != len(cs) || info.Settings.MaxStep != 2*run.DefaultRounds+1 {
		t.Errorf("run.json: %+v", info)
	}
	if s.Metrics.Cases != len(cs) || s.Metrics.NoError != 1 {
		t.Errorf("metrics: %d cases, %d without error", s.Metrics.Cases, s.Metrics.NoError)
	}
	if recs := run.Recommend(all); len(recs) == 0 {
		t.Error("no recommendations")
	}
}

// proxyTo returns a handler that passes requests on to the server at
// base.
func proxyTo(t testing.TB, base string) http.Handler {
	u, err := neturl.Parse(base)
	if err != nil {
		t.Fatal(err)
	}
	return httputil.NewSingleHostReverseProxy(u)
}

// teamIDs returns the ids of the example API's teams.
func teamIDs(t testing.TB, cat *catalog.Bound) []string {
	t.Helper()
	listTeams, ok := cat.Tool("listTeams")
	if !ok {
		t.Fatal("the catalog has no tool listTeams")
	}
	call := listTeams.Run(context.Background(), `{}`)
	var page struct {
		Items []struct {
			ID string `json:"id"`
		} `json:"items"`
	}
	if call.Response == nil || json.Unmarshal(call.Response.Raw, &page) != nil || len(page.Items) < 2 {
		t.Fatalf("listTeams: %s", call.Text)
	}
	var out []string
	for _, it := range page.Items {
		out = append(out, it.ID)
	}
	return out
}

func contains(list []string, s string) bool {
	for _, e := range list {
		if e == s {
			return true
		}
	}
	return false
}

// A case whose ground truth does not hold is invalid: reported with the
// API's reason, the agent not run, and left out of every rate. A
// deliberate negative case holds when the API fails as it expects.
func TestInvalidAndNegativeCases(t *testing.T) {
	api := exampleAPI(t)
	url := startExample(t, -1)
	cat := newCatalog(t, api, url, server.DefaultAdminToken)
	negative := newCase("getTicket/negative", "getTicket", map[string]any{"ticketId": "TCK-99999"}, "Show me ticket TCK-99999.")
	negative.Expect = &cases.Expect{Status: 404, Reason: "TCK-99999"}
	wrongExpect := newCase("getUser/negative", "getUser", map[string]any{"userId": "00000000-0000-4000-8000-000000000000"}, "Show me user 00000000-0000-4000-8000-000000000000.")
	wrongExpect.Expect = &cases.Expect{Status: 409}
	scs := []scenario{
		{negative, []models.Turn{call("getTicket", `{"ticketId":"TCK-99999"}`), answer("There is no such ticket.")}, nil, nil},
		{newCase("getTicket/missing", "getTicket", map[string]any{"ticketId": "TCK-99999"}, "Open ticket TCK-99999."),
			[]models.Turn{answer("unused")}, nil, nil},
		{newCase("listUsers/nobody", "listUsers", map[string]any{"q": "zzqxv"}, "Anyone called Zzqxv?"),
			[]models.Turn{answer("unused")}, nil, nil},
		{newCase("updateTicket/bad-value", "updateTicket", map[string]any{"ticketId": "TCK-1001", "If-Match": `W/487"`, "title": "x"},
			"Rename ticket TCK-1001 to x."), []models.Turn{answer("unused")}, nil, nil},
		{wrongExpect, []models.Turn{answer("unused")}, nil, nil},
	}
	dir := t.TempDir()
	m := modelFor(scs)
	sum, err := run.Run(context.Background(), casesOf(scs), run.Options{Dir: dir, Catalog: cat, Model: m})
	if err != nil {
		t.Fatal(err)
	}
	recs, err := run.ReadResults(filepath.Join(dir, run.ResultsFile))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"getTicket/negative":     "",
		"getTicket/missing":      "404",
		"listUsers/nobody":       "no data",
		"updateTicket/bad-value": "does not fit its schema",
		"getUser/negative":       "expects 409",
	}
	for _, r := range recs {
		w := want[r.Case]
		switch {
		case w == "" && r.Invalid != "":
			t.Errorf("%s: invalid: %s", r.Case, r.Invalid)
		case w != "" && !strings.Contains(r.Invalid, w):
			t.Errorf("%s: invalid %q, want it to say %q", r.Case, r.Invalid, w)
		case w != "" && r.Agent != nil:
			t.Errorf("%s: the agent ran on an invalid case", r.Case)
		}
		if r.Case == "getTicket/negative" && (len(r.Labels) != 0 || r.Agent == nil) {
			t.Errorf("negative case: labels %v, agent %v", r.Labels, r.Agent != nil)
		}
	}
	if mt := sum.Metrics; mt.Invalid != 4 || mt.Cases != 1 || mt.NoError != 1 {
		t.Errorf("metrics: %d invalid, %d cases, %d without error", mt.Invalid, mt.Cases, mt.NoError)
	}
}

// Different seeds draw different utterances of a case with several.
func TestSeedPicksUtterances(t *testing.T) {
	var cs []cases.Case
	for i := range 200 {
		cs = append(cs, cases.Case{ID: fmt.Sprintf("getUser/required/%03d", i), Tool: "getUser",
			Utterances: []cases.Utterance{{Text: "a"}, {Text: "b"}}})
	}
	picks := map[int64]string{}
	for _, seed := range []int64{1, 3, 7} {
		var b strings.Builder
		for i := range cs {
			b.WriteString(run.PickUtterance(&cs[i], seed))
		}
		picks[seed] = b.String()
	}
	if picks[1] == picks[3] || picks[3] == picks[7] || picks[1] == picks[7] {
		t.Error("seeds 1, 3 and 7 draw the same utterances")
	}
	if n := strings.Count(picks[1], "a"); n < 70 || n > 130 {
		t.Errorf("seed 1 drew the first of two utterances %d times of 200", n)
	}
}

// Two runs never write one results file at once: the second is refused
// while the first goes on.
func TestOneWriterPerRun(t *testing.T) {
	api := exampleAPI(t)
	url := startExample(t, -1)
	cat := newCatalog(t, api, url, server.DefaultAdminToken)
	scs := exampleScenarios()[:2]
	dir := t.TempDir()
	started, release := make(chan struct{}), make(chan struct{})
	var once sync.Once
	m := scriptedModel(scs, func(string) {
		once.Do(func() { close(started) })
		<-release
	})
	done := make(chan error, 1)
	go func() {
		_, err := run.Run(context.Background(), casesOf(scs), run.Options{Dir: dir, Catalog: cat, Model: m})
		done <- err
	}()
	<-started
	_, err := run.Run(context.Background(), casesOf(scs), run.Options{Dir: dir, Catalog: cat, Model: modelFor(scs), Resume: true})
	close(release)
	if err == nil || !strings.Contains(err.Error(), "another run") {
		t.Errorf("a second run of the same directory: %v", err)
	}
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if recs, err := run.ReadResults(filepath.Join(dir, run.ResultsFile)); err != nil || len(recs) != 2 {
		t.Errorf("%d records, %v", len(recs), err)
	}
}
