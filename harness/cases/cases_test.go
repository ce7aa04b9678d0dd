package cases_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/agentready/agentready/gen"
	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/gen/toolrt"
	"github.com/agentready/agentready/gen/toolrt/argcheck"
	"github.com/agentready/agentready/gen/toolschema"
	"github.com/agentready/agentready/harness/cases"
	"github.com/agentready/agentready/harness/graph"
)

// directRun calls every case of the given tools (chain cases aside)
// straight through the catalog, on a fresh server with mutations allowed:
// reads first, then changes, then deletes, so that a delete does not
// take away what a later case needs. It returns the fractions of calls
// that succeed (2xx, and a non-empty body where the operation returns
// one) and that come back empty.
func directRun(t *testing.T, api *ir.API, cs []cases.Case, tools map[string][]string) (ok, empty float64, n int) {
	t.Helper()
	live := startAPI(t)
	cat := catalogFor(t, api, live.URL, toolrt.AllowAllMutations())
	rank := func(c cases.Case) int {
		switch api.Operation(c.Tool).Method {
		case "GET", "HEAD":
			return 0
		case "DELETE":
			return 2
		}
		return 1
	}
	var run []cases.Case
	for _, c := range cs {
		if len(tools[c.Tool]) > 0 && c.Scenario != cases.Chain {
			run = append(run, c)
		}
	}
	sort.SliceStable(run, func(i, j int) bool { return rank(run[i]) < rank(run[j]) })
	var nOK, nEmpty int
	for _, c := range run {
		raw, _ := json.Marshal(c.Args)
		tl, ok := cat.Tool(c.Tool)
		if !ok {
			t.Fatalf("the catalog has no tool %s", c.Tool)
		}
		call := tl.Run(ctx, string(raw))
		if call.ArgError != nil {
			t.Errorf("%s: the tool rejects the arguments: %v", c.ID, call.ArgError)
		}
		if !call.Result.OK {
			continue
		}
		if r := api.Operation(c.Tool).SuccessResponse(); r != nil && r.Schema != nil && isEmpty(call.Response.Raw) {
			nEmpty++
			continue
		}
		nOK++
	}
	n = len(run)
	return float64(nOK) / float64(n), float64(nEmpty) / float64(n), n
}

// isEmpty reports whether a response body holds no data: nothing, null,
// an empty list or object, or an object whose lists are all empty (a page
// with no items).
func isEmpty(body []byte) bool {
	var v any
	if len(bytes.TrimSpace(body)) == 0 || json.Unmarshal(body, &v) != nil {
		return len(bytes.TrimSpace(body)) == 0
	}
	switch x := v.(type) {
	case nil:
		return true
	case []any:
		return len(x) == 0
	case map[string]any:
		lists, full := 0, 0
		for _, f := range x {
			if l, ok := f.([]any); ok {
				lists++
				if len(l) > 0 {
					full++
				}
			}
		}
		return len(x) == 0 || lists > 0 && full == 0
	}
	return false
}

func TestDataAwareCasesAreAcceptedMoreOften(t *testing.T) {
	api := exampleAPI(t)
	g := approvedGraph(api)
	harvest := startAPI(t)
	aware, rep, err := cases.Generate(ctx, api, cases.Options{Seed: 7, Graph: g, Catalog: catalogFor(t, api, harvest.URL)})
	if err != nil {
		t.Fatal(err)
	}
	if m := harvest.mutations(); m != 0 {
		t.Errorf("harvesting sent %d requests that change data", m)
	}
	plain, _, err := cases.Generate(ctx, api, cases.Options{Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Harvested) < 15 {
		t.Fatalf("the graph filled the inputs of only %d tools: %v", len(rep.Harvested), rep.Harvested)
	}
	okAware, emptyAware, n := directRun(t, api, aware, rep.Harvested)
	okPlain, emptyPlain, m := directRun(t, api, plain, rep.Harvested)
	t.Logf("direct calls of the %d tools whose inputs the graph fills: data-aware %d calls, %.2f succeed, %.2f empty (%.2f of the 2xx); "+
		"synthesized only %d calls, %.2f succeed, %.2f empty (%.2f of the 2xx); %d producer calls",
		len(rep.Harvested), n, okAware, emptyAware, emptyAware/(okAware+emptyAware), m, okPlain, emptyPlain, emptyPlain/(okPlain+emptyPlain), rep.Calls)
	if okAware < okPlain+0.25 {
		t.Errorf("data-aware cases succeed %.2f of the time, synthesized ones %.2f: want data-aware clearly better", okAware, okPlain)
	}
	// Harvested values say where they came from, with the item used.
	for _, c := range aware {
		for arg, s := range c.Sources {
			if s.Kind == cases.FromHarvested && (s.Tool == "" || !strings.Contains(s.Path, "[") && s.Path != "$" && !strings.HasPrefix(s.Path, "$.")) {
				t.Errorf("%s: %s harvested without a producer and path: %+v", c.ID, arg, s)
			}
		}
	}
}

func TestHarvestedItemsVary(t *testing.T) {
	api := exampleAPI(t)
	live := startAPI(t)
	cs, _, err := cases.Generate(ctx, api, cases.Options{Seed: 3, Graph: approvedGraph(api), Catalog: catalogFor(t, api, live.URL), Tools: []string{"getUser"}})
	if err != nil {
		t.Fatal(err)
	}
	paths := map[string]bool{}
	for _, c := range cs {
		if c.Scenario == cases.Chain {
			continue
		}
		s := c.Sources["userId"]
		if s.Kind != cases.FromHarvested || s.Tool != "listUsers" || !strings.HasPrefix(s.Path, "$.items[") {
			t.Fatalf("%s: userId source %+v, want harvested from listUsers", c.ID, s)
		}
		paths[s.Path] = true
	}
	if len(paths) < 10 {
		t.Errorf("getUser's cases use only %d different users: %v", len(paths), paths)
	}
}

func TestReproducible(t *testing.T) {
	api := exampleAPI(t)
	live := startAPI(t)
	cat := catalogFor(t, api, live.URL)
	g := approvedGraph(api)
	file := func(seed uint64) []byte {
		cs, _, err := cases.Generate(ctx, api, cases.Options{Seed: seed, Graph: g, Catalog: cat, PerTool: 8})
		if err != nil {
			t.Fatal(err)
		}
		b, err := cases.Encode(cs)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	a, b, c := file(1), file(1), file(2)
	if !bytes.Equal(a, b) {
		t.Error("two runs with the same seed differ")
	}
	if bytes.Equal(a, c) {
		t.Error("seeds 1 and 2 give the same cases")
	}
	// Written and read back, the cases are the same.
	path := filepath.Join(t.TempDir(), "testdata", "cases.jsonl")
	cs, _, _ := cases.Generate(ctx, api, cases.Options{Seed: 1, Graph: g, Catalog: cat, PerTool: 8})
	if err := cases.Write(path, cs); err != nil {
		t.Fatal(err)
	}
	on, _ := os.ReadFile(path)
	if !bytes.Equal(on, a) {
		t.Error("Write does not write what Encode returns")
	}
	back, err := cases.Read(path)
	if err != nil {
		t.Fatal(err)
	}
	again, _ := cases.Encode(back)
	if !bytes.Equal(again, a) {
		t.Error("Read then Encode changes the file")
	}
	if !reflect.DeepEqual(back[0].Args, cs[0].Args) {
		t.Errorf("read args %v, wrote %v", back[0].Args, cs[0].Args)
	}
}

func TestScenariosAndIDs(t *testing.T) {
	api := exampleAPI(t)
	live := startAPI(t)
	cs, _, err := cases.Generate(ctx, api, cases.Options{Seed: 1, Graph: approvedGraph(api), Catalog: catalogFor(t, api, live.URL)})
	if err != nil {
		t.Fatal(err)
	}
	byTool := map[string]map[cases.Scenario]int{}
	ids := map[string]bool{}
	for _, c := range cs {
		if ids[c.ID] {
			t.Errorf("duplicate id %s", c.ID)
		}
		ids[c.ID] = true
		if !strings.HasPrefix(c.ID, c.Tool+"/"+string(c.Scenario)+"/") {
			t.Errorf("id %s for a %s case of %s", c.ID, c.Scenario, c.Tool)
		}
		if byTool[c.Tool] == nil {
			byTool[c.Tool] = map[cases.Scenario]int{}
		}
		byTool[c.Tool][c.Scenario]++
		op := api.Operation(c.Tool)
		if c.Mutating != (op.Method != "GET" && op.Method != "HEAD") {
			t.Errorf("%s: mutating %v for %s", c.ID, c.Mutating, op.Method)
		}
		if len(c.Sources) == 0 && len(c.Args) > 0 {
			t.Errorf("%s: no sources", c.ID)
		}
		for arg := range c.Args {
			if _, ok := c.Sources[arg]; !ok {
				t.Errorf("%s: no source for %s", c.ID, arg)
			}
		}
		for _, a := range toolschema.Args(api, op) {
			if _, ok := c.Args[a.Name]; a.Required && !ok {
				t.Errorf("%s: required %s missing", c.ID, a.Name)
			}
		}
	}
	// A tool with required and optional arguments gets all three
	// scenarios, 20 cases between them.
	for _, tool := range []string{"listTickets", "createTicket", "updateUser"} {
		sc := byTool[tool]
		if sc[cases.Required] == 0 || sc[cases.Subset] == 0 || sc[cases.All] == 0 || sc[cases.Required]+sc[cases.Subset]+sc[cases.All] != cases.DefaultPerTool {
			t.Errorf("%s: scenarios %v", tool, sc)
		}
	}
	// A tool without optional arguments gets only required cases; one
	// without arguments, one case.
	if sc := byTool["getUser"]; sc[cases.Subset]+sc[cases.All] != 0 || sc[cases.Required] != cases.DefaultPerTool {
		t.Errorf("getUser: scenarios %v", sc)
	}
	if sc := byTool["getHealth"]; sc[cases.Required] != 1 || len(sc) != 1 {
		t.Errorf("getHealth: scenarios %v", sc)
	}
}

func TestChainCases(t *testing.T) {
	api := exampleAPI(t)
	live := startAPI(t)
	cat := catalogFor(t, api, live.URL)
	cs, _, err := cases.Generate(ctx, api, cases.Options{Seed: 1, Graph: approvedGraph(api), Catalog: cat,
		Tools: []string{"assignTicket", "closeTicket", "getUser", "listTicketsForUser", "getTicket", "listTicketComments"}})
	if err != nil {
		t.Fatal(err)
	}
	var chains, twoHop int
	for _, c := range cs {
		if c.Scenario != cases.Chain {
			if len(c.Steps) > 0 {
				t.Errorf("%s: steps outside a chain case", c.ID)
			}
			continue
		}
		chains++
		if c.Tool == "closeTicket" {
			t.Errorf("%s: the ticket a state-changing case closes is its own, made by its setup, never found along a chain", c.ID)
		}
		if c.Tool == "assignTicket" && (len(c.Setup) == 0 || c.Sources["ticketId"].Kind != cases.FromSetup) {
			t.Errorf("%s: the ticket it assigns is not made by its setup: %+v", c.ID, c.Sources["ticketId"])
		}
		if len(c.Steps) < 2 {
			t.Fatalf("%s: %d steps", c.ID, len(c.Steps))
		}
		last := c.Steps[len(c.Steps)-1]
		if last.Tool != c.Tool || !reflect.DeepEqual(last.Args, c.Args) {
			t.Errorf("%s: the last step %s %v is not the case's call", c.ID, last.Tool, last.Args)
		}
		// The request names every argument of the chain's first call:
		// an item named only by its title is not found through a list
		// scoped by something the request never says.
		for k, v := range c.Steps[0].Args {
			if fmt.Sprint(c.Args[k]) != fmt.Sprint(v) {
				t.Errorf("%s: the first step %s takes %s = %v, which the request does not give", c.ID, c.Steps[0].Tool, k, v)
			}
		}
		// Every required input the graph fills comes from a feed of an
		// earlier step, named by a label or a pick, that the step's
		// answer shows an agent within the result budget, unless the
		// step takes search words that find it.
		for _, s := range c.Steps[:len(c.Steps)-1] {
			if slices.ContainsFunc(cat.Args(s.Tool), func(a toolschema.Arg) bool { return a.Name == "q" }) {
				continue
			}
			tool, _ := cat.Tool(s.Tool)
			raw, _ := json.Marshal(s.Args)
			text := tool.Run(ctx, string(raw)).Text
			for _, f := range s.Feeds {
				want, _ := json.Marshal(f.Value)
				if !strings.Contains(text, string(want)) {
					t.Errorf("%s: %s's answer as the agent reads it does not show %s = %s", c.ID, s.Tool, f.Input, want)
				}
			}
		}
		for _, s := range c.Steps[:len(c.Steps)-1] {
			for _, f := range s.Feeds {
				if f.To == c.Tool && (c.Args[f.Input] != f.Value || f.Label == nil && f.Pick == "") {
					t.Errorf("%s: feed %+v", c.ID, f)
				}
				if f.To != c.Tool && f.To != "" {
					twoHop++
				}
			}
		}
	}
	if chains < 6 {
		t.Errorf("%d chain cases, want 3 for each of assignTicket and getUser at least", chains)
	}
	if twoHop == 0 {
		t.Error("no chain of two producers (a user's latest ticket)")
	}
}

func TestUserDataIsKept(t *testing.T) {
	api := exampleAPI(t)
	data, err := cases.ParseData([]byte(`
tools:
  createTicket:
    - {title: "Projector in room 4 flickers", priority: low}
    - {title: "Badge does not open the lab", requester_id: 0b6f6c55-3b1e-4b8a-9f1e-2a7c9d4e5f60, tags: [badge, lab]}
params:
  location: [Oslo, Lima]
`))
	if err != nil {
		t.Fatal(err)
	}
	cs, _, err := cases.Generate(ctx, api, cases.Options{Seed: 1, Data: data, Tools: []string{"createTicket", "listAssets"}})
	if err != nil {
		t.Fatal(err)
	}
	sets := data.Tools["createTicket"]
	var located int
	for _, c := range cs {
		switch c.Tool {
		case "createTicket":
			var set map[string]any
			for _, s := range sets {
				if c.Args["title"] == s["title"] {
					set = s
				}
			}
			if set == nil {
				t.Fatalf("%s: title %v is not the user's", c.ID, c.Args["title"])
			}
			for k, v := range set {
				if !reflect.DeepEqual(c.Args[k], v) || c.Sources[k].Kind != cases.FromUser {
					t.Errorf("%s: %s = %v (%s), the user gave %v", c.ID, k, c.Args[k], c.Sources[k].Kind, v)
				}
			}
			if _, ok := c.Args["requester_id"]; !ok {
				t.Errorf("%s: the missing required requester_id was not filled", c.ID)
			}
		case "listAssets":
			if v, ok := c.Args["location"]; ok {
				located++
				if (v != "Oslo" && v != "Lima") || c.Sources["location"].Kind != cases.FromUser {
					t.Errorf("%s: location %v (%s)", c.ID, v, c.Sources["location"].Kind)
				}
			}
		}
	}
	if located == 0 {
		t.Error("no listAssets case sends a location")
	}
	if _, err := cases.ParseData([]byte("tool: {}")); err == nil || !strings.Contains(err.Error(), `unknown key "tool"`) {
		t.Errorf("a misspelt key: %v", err)
	}
}

func TestNoMutationWithoutOptIn(t *testing.T) {
	api := exampleAPI(t)
	// A graph in which getUser's id comes only from createUser, a POST.
	g := &graph.Graph{Edges: []*graph.Edge{{From: "createUser", To: "getUser", Status: graph.Approved, Confidence: 0.9,
		Mappings: []graph.Mapping{{Output: "$.id", Input: "userId"}}}}}
	live := startAPI(t)
	// The catalog itself would let the call through: the generator must
	// refuse on its own.
	cat := catalogFor(t, api, live.URL, toolrt.AllowAllMutations())
	var warnings []string
	cs, rep, err := cases.Generate(ctx, api, cases.Options{Seed: 1, Graph: g, Catalog: cat, Tools: []string{"getUser"},
		Log: func(f string, a ...any) { warnings = append(warnings, fmt.Sprintf(f, a...)) }})
	if err != nil {
		t.Fatal(err)
	}
	if m := live.mutations(); m != 0 || rep.Calls != 0 {
		t.Fatalf("without the opt-in, %d mutating requests and %d producer calls were made", m, rep.Calls)
	}
	if len(warnings) == 0 || !strings.Contains(warnings[0], "createUser") {
		t.Errorf("warnings %q do not say createUser was skipped", warnings)
	}
	for _, c := range cs {
		if c.Sources["userId"].Kind == cases.FromHarvested {
			t.Errorf("%s: harvested without a producer call", c.ID)
		}
	}
	// With the opt-in, createUser runs (once: its result is reused) and
	// getUser gets the new user's id.
	cs, rep, err = cases.Generate(ctx, api, cases.Options{Seed: 1, Graph: g, Catalog: cat, Tools: []string{"getUser"},
		AllowMutations: func(op *ir.Operation) bool { return op.Name == "createUser" }})
	if err != nil {
		t.Fatal(err)
	}
	if live.count("POST") != 1 || rep.Calls != 1 {
		t.Errorf("with the opt-in: %d POSTs, %d producer calls; want 1", live.count("POST"), rep.Calls)
	}
	if s := cs[0].Sources["userId"]; s.Kind != cases.FromHarvested || s.Tool != "createUser" || s.Path != "$.id" {
		t.Errorf("with the opt-in, userId comes from %+v", s)
	}
}

// TestValuesValidate generates cases for the example API, the golden
// specs and, when ../shared is there, a few real and edge-case specs, and
// checks every value against the tool's schema as the tool does.
func TestValuesValidate(t *testing.T) {
	specs := []string{repoFile(t, "specs/exampleapi/openapi.yaml"), repoFile(t, "specs/golden/petstore20.yaml"),
		repoFile(t, "specs/golden/inventory31.yaml"), repoFile(t, "specs/golden/tickets30.json")}
	shared := repoFile(t, "../shared/specs")
	for _, rel := range []string{"real/spotify.json", "real/asana.json", "examples/3.1/scalar-galaxy.json", "examples/3.0/circular.json",
		"examples/3.0/schema-validation.json", "examples/3.0/complex-nesting.json", "examples/3.0/polymorphism.json", "examples/3.0/schema-types.json",
		"examples/3.0/parameters-style.json", "examples/3.0/schema-circular.json", "examples/2.0/petstore.json"} {
		if _, err := os.Stat(filepath.Join(shared, rel)); err == nil {
			specs = append(specs, filepath.Join(shared, rel))
		}
	}
	for _, spec := range specs {
		t.Run(filepath.Base(spec), func(t *testing.T) {
			api, _, err := gen.Load(gen.Options{Spec: spec})
			if err != nil {
				t.Fatal(err)
			}
			per := 12
			if len(api.Operations) > 60 {
				per = 4
			}
			var warnings []string
			cs, _, err := cases.Generate(ctx, api, cases.Options{Seed: 5, PerTool: per,
				Log: func(f string, a ...any) { warnings = append(warnings, fmt.Sprintf(f, a...)) }})
			if err != nil {
				t.Fatal(err)
			}
			checkers := map[string]*argcheck.Checker{}
			bad := 0
			for _, c := range cs {
				ck := checkers[c.Tool]
				if ck == nil {
					schema, err := toolschema.Build(api, api.Operation(c.Tool), toolschema.Options{})
					if err != nil {
						t.Fatal(err)
					}
					if ck, err = argcheck.NewChecker(c.Tool, schema, nil); err != nil {
						t.Fatal(err)
					}
					checkers[c.Tool] = ck
				}
				raw, _ := json.Marshal(c.Args)
				_, coerced, err := ck.Check(string(raw))
				if err != nil || len(coerced) > 0 {
					bad++
					if bad <= 5 {
						t.Errorf("%s %s: %v %v", c.ID, raw, err, coerced)
					}
				}
			}
			t.Logf("%d cases of %d tools; %d invalid; %d warnings", len(cs), len(api.Operations), bad, len(warnings))
		})
	}
}

func TestConstraintsBetweenArguments(t *testing.T) {
	api := exampleAPI(t)
	cs, _, err := cases.Generate(ctx, api, cases.Options{Seed: 11, PerTool: 60, Tools: []string{"listTickets", "updateUser", "searchTickets", "createAsset", "createTicket"}})
	if err != nil {
		t.Fatal(err)
	}
	var both, subsets int
	for _, c := range cs {
		a := c.Args
		switch c.Tool {
		case "listTickets":
			// "Cannot be combined with unassigned=true."
			if _, ok := a["assignee_id"]; ok {
				if _, ok := a["unassigned"]; ok {
					t.Errorf("%s: assignee_id with unassigned", c.ID)
				}
			}
			// "must be later than created_after"
			if lo, ok := a["created_after"].(string); ok {
				if hi, ok := a["created_before"].(string); ok {
					both++
					if hi <= lo {
						t.Errorf("%s: created_before %s is not after created_after %s", c.ID, hi, lo)
					}
				}
			}
			if c.Scenario == cases.Subset {
				subsets++
			}
		case "updateUser":
			// The body's minProperties: 1.
			if len(a) < 2 {
				t.Errorf("%s: %v sends no field to change", c.ID, a)
			}
		case "searchTickets":
			if _, ok := a["cursor"]; ok {
				t.Errorf("%s: a made-up cursor %v", c.ID, a["cursor"])
			}
		case "createTicket":
			// The runtime makes the optional idempotency key of each
			// call: no case asks the user for one.
			if _, ok := a["Idempotency-Key"]; ok {
				t.Errorf("%s: an Idempotency-Key %v", c.ID, a["Idempotency-Key"])
			}
		case "createAsset":
			if lo, ok := a["purchased_at"].(string); ok {
				if hi, ok := a["warranty_expires"].(string); ok && hi < lo {
					t.Errorf("%s: the warranty ends %s, before the purchase %s", c.ID, hi, lo)
				}
			}
		}
	}
	if both == 0 || subsets < 10 {
		t.Errorf("%d listTickets cases with both dates, %d subsets", both, subsets)
	}
}

func TestValuesVary(t *testing.T) {
	api := exampleAPI(t)
	cs, _, err := cases.Generate(ctx, api, cases.Options{Seed: 2, Tools: []string{"createUser", "listTickets"}})
	if err != nil {
		t.Fatal(err)
	}
	distinct := map[string]map[string]bool{}
	kinds := map[cases.SourceKind]int{}
	for _, c := range cs {
		for k, v := range c.Args {
			key := c.Tool + "." + k
			if distinct[key] == nil {
				distinct[key] = map[string]bool{}
			}
			b, _ := json.Marshal(v)
			distinct[key][string(b)] = true
			kinds[c.Sources[k].Kind]++
		}
	}
	for _, key := range []string{"createUser.name", "createUser.email", "createUser.department", "listTickets.created_after", "listTickets.priority"} {
		if n := len(distinct[key]); n < 3 {
			t.Errorf("%s takes %d distinct values over 20 cases", key, n)
		}
	}
	if kinds[cases.FromExample] == 0 || kinds[cases.FromSynthesized] == 0 || kinds[cases.FromDefault] == 0 {
		t.Errorf("sources %v: want examples, defaults and synthesized values", kinds)
	}
}
