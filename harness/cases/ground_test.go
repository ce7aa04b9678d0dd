package cases_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/agentready/agentready/gen/catalog"
	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/gen/toolrt"
	"github.com/agentready/agentready/harness/cases"
)

// verifiedCases makes the example API's cases with every check on, as
// the demo does, against a fresh server.
func verifiedCases(t *testing.T, tools ...string) (*ir.API, *catalog.Bound, []cases.Case, *cases.Report) {
	t.Helper()
	api := exampleAPI(t)
	live := startAPI(t)
	cat := catalogFor(t, api, live.URL, toolrt.AllowAllMutations())
	cs, rep, err := cases.Generate(ctx, api, cases.Options{PerTool: 8, Seed: 5, Tools: tools, Graph: approvedGraph(api),
		Catalog: cat, AllowMutations: func(*ir.Operation) bool { return true }, Verify: true})
	if err != nil {
		t.Fatal(err)
	}
	return api, cat, cs, rep
}

// Every case that changes an object works on one of its own, made by its
// setup and removed by its cleanup; each run of it makes another; and its
// direct call holds run after run, whatever ran before.
func TestStateChangingCasesOwnTheirObjects(t *testing.T) {
	api, cat, cs, rep := verifiedCases(t, "closeTicket", "deleteTicket", "reopenTicket", "updateTicket", "createTicket")
	if rep.Verified == 0 {
		t.Fatalf("nothing verified: %+v", rep)
	}
	prep := &cases.Preparer{Catalog: cat}
	reopen := false
	for _, c := range cs {
		if c.Tool != "createTicket" {
			if len(c.Setup) == 0 || c.Setup[0].Tool != "createTicket" || c.Sources["ticketId"].Kind != cases.FromSetup {
				t.Errorf("%s: the ticket is not its own: setup %+v, source %+v", c.ID, c.Setup, c.Sources["ticketId"])
				continue
			}
			if len(c.Cleanup) != 1 || c.Cleanup[0].Tool != "deleteTicket" {
				t.Errorf("%s: cleanup %+v", c.ID, c.Cleanup)
			}
		} else if len(c.Yields) != 1 || len(c.Cleanup) != 1 {
			t.Errorf("%s: what it creates is not removed: yields %+v, cleanup %+v", c.ID, c.Yields, c.Cleanup)
		}
		if c.Tool == "reopenTicket" {
			// A new ticket is open: the check learned to close it first.
			if len(c.Setup) < 2 || c.Setup[1].Tool != "closeTicket" {
				t.Errorf("%s: setup %+v, want createTicket then closeTicket", c.ID, c.Setup)
			}
			reopen = true
		}
		if c.Tool == "updateTicket" && (len(c.Setup) == 0 || !hasFeed(c.Setup[0], "header:ETag")) {
			t.Errorf("%s: If-Match is not fed the new ticket's ETag: %+v", c.ID, c.Setup)
		}
		// Two runs: each gets its own ticket, and both hold.
		var seen []any
		for _, leg := range []string{"direct", "agent"} {
			p, err := prep.Prepare(ctx, &c, cases.FreshTag(7, c.ID, leg))
			if err != nil {
				t.Fatalf("%s (%s): %v", c.ID, leg, err)
			}
			raw, _ := json.Marshal(p.Args)
			tl, ok := cat.Tool(c.Tool)
			if !ok {
				t.Fatalf("the catalog has no tool %s", c.Tool)
			}
			call := tl.Run(ctx, string(raw))
			p.Cleanup(ctx, prep, call)
			if ok, _, why := cases.Holds(api, &c, call); !ok {
				t.Errorf("%s (%s): %s", c.ID, leg, why)
			}
			if id, ok := p.Args["ticketId"]; ok {
				for _, s := range seen {
					if s == id {
						t.Errorf("%s: two runs share ticket %v", c.ID, id)
					}
				}
				seen = append(seen, id)
				if id == c.Args["ticketId"] {
					t.Errorf("%s (%s): the run acts on the recorded ticket %v, not a new one", c.ID, leg, id)
				}
			}
			for _, u := range c.Utterances {
				if v, ok := c.Args["ticketId"].(string); ok && strings.Contains(u.Text, v) && strings.Contains(p.Utterance(u.Text), v) {
					t.Errorf("%s: the utterance still names the recorded ticket: %s", c.ID, p.Utterance(u.Text))
				}
			}
		}
	}
	if !reopen {
		t.Error("no reopenTicket case held")
	}
}

func hasFeed(s cases.Step, path string) bool {
	for _, f := range s.Feeds {
		if f.Path == path {
			return true
		}
	}
	return false
}

// Values the API keeps unique (a user's email, an asset's serial
// number) differ from case to case, and from run to run.
func TestUniqueValuesAreFresh(t *testing.T) {
	api, cat, cs, _ := verifiedCases(t, "createUser", "createAsset")
	prep := &cases.Preparer{Catalog: cat}
	inFile := map[string]string{}
	for _, c := range cs {
		if len(c.Fresh) == 0 {
			t.Errorf("%s: no fresh value", c.ID)
			continue
		}
		for _, f := range c.Fresh {
			v, _ := json.Marshal(c.Args[f])
			if other, dup := inFile[f+string(v)]; dup {
				t.Errorf("%s and %s both send %s = %s", other, c.ID, f, v)
			}
			inFile[f+string(v)] = c.ID
		}
		// The same case run twice, as CI runs it on every change: both
		// hold.
		for run := 0; run < 2; run++ {
			p, err := prep.Prepare(ctx, &c, cases.FreshTag(uint64(run+1), c.ID, "direct"))
			if err != nil {
				t.Fatal(err)
			}
			raw, _ := json.Marshal(p.Args)
			tl, ok := cat.Tool(c.Tool)
			if !ok {
				t.Fatalf("the catalog has no tool %s", c.Tool)
			}
			call := tl.Run(ctx, string(raw))
			if ok, _, why := cases.Holds(api, &c, call); !ok {
				t.Errorf("%s, run %d: %s (args %s)", c.ID, run, why, raw)
			}
		}
	}
}

// What the check could not make hold is dropped with the API's reason,
// and every case kept holds: reads return data.
func TestVerifiedReadsReturnData(t *testing.T) {
	api, cat, cs, rep := verifiedCases(t, "listTickets", "listUsers", "listTicketComments", "listUserAssets", "getTicket")
	for _, d := range rep.Dropped {
		if d.Reason == "" || d.Case == "" {
			t.Errorf("dropped without a reason: %+v", d)
		}
	}
	prep := &cases.Preparer{Catalog: cat}
	for _, c := range cs {
		p, err := prep.Prepare(ctx, &c, "t")
		if err != nil {
			t.Fatalf("%s: %v", c.ID, err)
		}
		raw, _ := json.Marshal(p.Args)
		tl, ok := cat.Tool(c.Tool)
		if !ok {
			t.Fatalf("the catalog has no tool %s", c.Tool)
		}
		call := tl.Run(ctx, string(raw))
		if ok, empty, why := cases.Holds(api, &c, call); !ok || empty {
			t.Errorf("%s %s: %s", c.ID, raw, why)
		}
	}
	if len(cs) < 25 {
		t.Errorf("only %d read cases held of %d", len(cs), len(cs)+len(rep.Dropped))
	}
}

func TestFreshValue(t *testing.T) {
	api := exampleAPI(t)
	serial := &ir.Schema{Kind: ir.KindString, Pattern: `^[A-Z0-9]{8,12}$`}
	tests := []struct {
		schema *ir.Schema
		old    string
		want   string
	}{
		{nil, "ada.okafor@example.com", "ada.okafor.k3x9p2@example.com"},
		{&ir.Schema{Kind: ir.KindString}, "billing-api", "billing-api-k3x9p2"},
		{serial, "SN48213XY", "SN40339ZC"},
	}
	for _, tt := range tests {
		got, ok := cases.FreshValue(api, tt.schema, tt.old, "k3x9p2")
		if !ok || got != tt.want {
			t.Errorf("FreshValue(%q) = %q, %v; want %q", tt.old, got, ok, tt.want)
		}
	}
	if _, ok := cases.FreshValue(api, &ir.Schema{Kind: ir.KindString, Enum: []any{"a"}}, "a", "k3x9p2"); ok {
		t.Error("a fresh value for an enum")
	}
}

// A labelled feed follows its item wherever it moved; a picked one ("the
// latest ticket of ...") takes the item at its place now, as the
// utterance says.
func TestFeedValueByLabelOrPlace(t *testing.T) {
	resp := &toolrt.Response{StatusCode: 200, Raw: []byte(`{"items":[{"id":"TCK-2","title":"New one"},{"id":"TCK-1","title":"Old one"}]}`)}
	label := &cases.Label{Field: "title", Path: "$.items[0].title", Value: "Old one"}
	if v, ok := cases.FeedValue(resp, cases.Feed{Path: "$.items[0].id", Label: label}); !ok || v != "TCK-1" {
		t.Errorf("by label: %v %v", v, ok)
	}
	if v, ok := cases.FeedValue(resp, cases.Feed{Path: "$.items[0].id", Label: label, Pick: "latest"}); !ok || v != "TCK-2" {
		t.Errorf("by place: %v %v", v, ok)
	}
}
