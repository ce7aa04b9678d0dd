package cases_test

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/agentready/agentready/gen/catalog"
	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/gen/toolschema"
	"github.com/agentready/agentready/harness/cases"
	"github.com/agentready/agentready/harness/utter"
)

// Each tool with a required value a user would say gets one ask case: a
// copy of one of its required cases that withholds one required value
// (an identifier where the tool takes one), the same for the same seed;
// its first utterance leaves the value out and its reply gives it.
func TestAskCases(t *testing.T) {
	api := exampleAPI(t)
	live := startAPI(t)
	cat := catalogFor(t, api, live.URL)
	g := approvedGraph(api)
	gen := func(opts cases.Options) []cases.Case {
		opts.Seed, opts.Graph, opts.Catalog, opts.PerTool = 1, g, cat, 6
		cs, _, err := cases.Generate(ctx, api, opts)
		if err != nil {
			t.Fatal(err)
		}
		return cs
	}
	cs := gen(cases.Options{})
	again := gen(cases.Options{})
	a, _ := cases.Encode(cs)
	b, _ := cases.Encode(again)
	if !bytes.Equal(a, b) {
		t.Error("two runs with the same seed make different cases")
	}
	for _, c := range gen(cases.Options{NoAsk: true}) {
		if c.Scenario == cases.Ask {
			t.Errorf("NoAsk made %s", c.ID)
		}
	}

	asks := map[string]*cases.Case{}
	required := map[string][]string{}
	for i := range cs {
		c := &cs[i]
		switch c.Scenario {
		case cases.Required:
			required[c.Tool] = append(required[c.Tool], fmt.Sprint(c.Args))
		case cases.Ask:
			if asks[c.Tool] != nil {
				t.Errorf("%s: a second ask case %s", c.Tool, c.ID)
			}
			asks[c.Tool] = c
		default:
			if len(c.Withheld) > 0 {
				t.Errorf("%s withholds %v", c.ID, c.Withheld)
			}
		}
	}
	for _, tool := range []string{"getTicket", "getUser", "closeTicket", "createTicket"} {
		if asks[tool] == nil {
			t.Errorf("%s has no ask case", tool)
		}
	}
	wantArg := map[string]string{"getTicket": "ticketId", "getUser": "userId", "closeTicket": "ticketId", "updateTicket": "ticketId"}
	for tool, c := range asks {
		if c.ID != tool+"/ask/00" || len(c.Withheld) != 1 {
			t.Fatalf("%s: id %s, withheld %v", tool, c.ID, c.Withheld)
		}
		w := c.Withheld[0].Arg
		if want, ok := wantArg[tool]; ok && w != want {
			t.Errorf("%s withholds %s, want the identifier %s", c.ID, w, want)
		}
		if !requiredArg(api, tool, w) {
			t.Errorf("%s withholds %s, which is not a required argument", c.ID, w)
		}
		for _, f := range c.Fresh {
			if f == w {
				t.Errorf("%s withholds the fresh value %s", c.ID, w)
			}
		}
		if len(c.Fresh) == 0 && !slices.Contains(required[tool], fmt.Sprint(c.Args)) {
			t.Errorf("%s: args %v are none of the required cases' %v", c.ID, c.Args, required[tool])
		}
	}

	// The utterances: the first message without the value, the reply with it.
	tmpl, err := utter.NewTemplates(utter.TemplateOptions{Seed: 1, PerCase: 2})
	if err != nil {
		t.Fatal(err)
	}
	var only []cases.Case
	for _, c := range asks {
		only = append(only, *c)
	}
	annotated, _, err := utter.Annotate(ctx, catalog.Describe(api), only, tmpl)
	if err != nil {
		t.Fatal(err)
	}
	if len(annotated) < len(only)*3/4 {
		t.Errorf("only %d of %d ask cases kept an utterance", len(annotated), len(only))
	}
	for _, c := range annotated {
		w := c.Withheld[0]
		v := fmt.Sprint(cases.WithheldValue(&c, w))
		if w.Reply == "" || !strings.Contains(w.Reply, v) {
			t.Errorf("%s: reply %q does not give %s = %s", c.ID, w.Reply, w.Arg, v)
		}
		for _, u := range c.Utterances {
			if strings.Contains(strings.ToLower(u.Text), strings.ToLower(v)) {
				t.Errorf("%s: first message %q gives the withheld %s = %s", c.ID, u.Text, w.Arg, v)
			}
		}
	}
	for _, c := range annotated {
		if testing.Verbose() {
			t.Logf("%s: %q, then %q", c.ID, c.Utterances[0].Text, c.Withheld[0].Reply)
		}
	}
}

func requiredArg(api *ir.API, tool, name string) bool {
	for _, a := range toolschema.Args(api, api.Operation(tool)) {
		if a.Name == name {
			return a.Required
		}
	}
	return false
}
