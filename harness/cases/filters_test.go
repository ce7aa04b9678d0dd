package cases_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/agentready/agentready/harness/cases"
)

// TestFiltersMatchOneItem checks that a list tool's optional filters take
// their values from one item of its own response, so that together they
// match something: every case whose filters all came from there finds at
// least that item.
func TestFiltersMatchOneItem(t *testing.T) {
	api := exampleAPI(t)
	live := startAPI(t)
	cat := catalogFor(t, api, live.URL)
	cs, _, err := cases.Generate(context.Background(), api, cases.Options{PerTool: 12, Seed: 3, Tools: []string{"listUsers", "listAssets"},
		Graph: approvedGraph(api), Catalog: cat})
	if err != nil {
		t.Fatal(err)
	}
	own, some := 0, 0
	for _, c := range cs {
		if c.Scenario == cases.Required || c.Scenario == cases.Chain {
			continue
		}
		fromOwn, other := 0, 0
		items := map[string]bool{}
		for name, s := range c.Sources {
			switch {
			case s.Kind == cases.FromHarvested && s.Tool == c.Tool:
				fromOwn++
				// The item is the path up to its last list index: the
				// filter's own field, or the field a range bound or
				// search words came from.
				i := strings.LastIndexByte(s.Path, ']')
				if i < 0 {
					t.Errorf("%s: %s came from %s, not from an item", c.ID, name, s.Path)
					continue
				}
				items[s.Path[:i+1]] = true
			case name != "page" && name != "per_page" && name != "sort":
				other++
			}
		}
		if fromOwn > 0 {
			some++
		}
		if len(items) > 1 {
			t.Errorf("%s: filters from different items %v cannot match together", c.ID, items)
		}
		if fromOwn == 0 || other > 0 {
			continue
		}
		own++
		raw, _ := json.Marshal(c.Args)
		tl, ok := cat.Tool(c.Tool)
		if !ok {
			t.Fatalf("the catalog has no tool %s", c.Tool)
		}
		call := tl.Run(context.Background(), string(raw))
		if !call.Result.OK {
			t.Errorf("%s: %s", c.ID, call.Text)
			continue
		}
		var page struct {
			Total int `json:"total"`
		}
		if err := json.Unmarshal(call.Response.Raw, &page); err != nil || page.Total == 0 && !strings.Contains(string(raw), `"page"`) {
			t.Errorf("%s: filters %s from one item matched nothing: %.200s", c.ID, raw, call.Response.Raw)
		}
	}
	if some < 5 || own < 1 {
		t.Errorf("%d cases took filters from the tool's own items, %d all of them: want at least 5 and 1", some, own)
	}
	t.Logf("%d cases took filters from one item of the tool's own list, %d all of their filters", some, own)
}
