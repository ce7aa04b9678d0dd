package catalog_test

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"testing"

	"github.com/agentready/agentready/gen"
	"github.com/agentready/agentready/gen/catalog"
	"github.com/agentready/agentready/gen/toolrt/argcheck"
	"github.com/agentready/agentready/harness/cases"
	"github.com/agentready/agentready/internal/modtest"
)

// TestCheckerNeedsNoExamplesObject checks that a Bound's checkers, built
// from the check schema alone, judge arguments as checkers given that
// schema with the examples object CheckSchema returns beside it (as
// toolrt.NewTool is given a tool's): the same verdicts, errors,
// coercions and returned arguments over the argument sets cases makes
// for a real spec, each also with its first argument dropped, each
// argument in turn given a value of another type, and an unknown
// argument added; the same warnings and example call too.
func TestCheckerNeedsNoExamplesObject(t *testing.T) {
	spec := filepath.Join(modtest.SharedSpecs(t), "real", "asana.json")
	api, _, err := gen.Load(gen.Options{Spec: spec})
	if err != nil {
		t.Fatal(err)
	}
	cs, _, err := cases.Generate(context.Background(), api, cases.Options{Seed: 3, PerTool: 3})
	if err != nil {
		t.Fatal(err)
	}
	bound := catalog.Describe(api)
	shared := argcheck.NewShared()
	type pair struct{ old, new *argcheck.Checker }
	checkers := map[string]pair{}
	compared, rejected := 0, 0
	for _, c := range cs {
		p, ok := checkers[c.Tool]
		if !ok {
			op := api.Operation(c.Tool)
			schema, examples, err := catalog.CheckSchema(api, op, nil)
			if err != nil {
				t.Fatal(err)
			}
			ex, err := catalog.Example(api, op)
			if err != nil {
				t.Fatal(err)
			}
			if p.old, err = shared.NewChecker(op.Name, schema, ex, examples); err != nil {
				t.Fatal(err)
			}
			if p.new, err = bound.NewChecker(op.Name); err != nil {
				t.Fatal(err)
			}
			if w, g := p.old.Warnings(), p.new.Warnings(); !slices.Equal(w, g) {
				t.Errorf("%s: warnings %q, want %q", op.Name, g, w)
			}
			if w, g := p.old.Example(), p.new.Example(); string(w) != string(g) {
				t.Errorf("%s: example %s, want %s", op.Name, g, w)
			}
			checkers[c.Tool] = p
		}
		for _, args := range variants(c.Args) {
			raw, err := json.Marshal(args)
			if err != nil {
				t.Fatal(err)
			}
			wantArgs, wantCo, wantErr := p.old.Check(string(raw))
			gotArgs, gotCo, gotErr := p.new.Check(string(raw))
			want := fmt.Sprintf("%v %v %v", wantArgs, wantCo, wantErr)
			if got := fmt.Sprintf("%v %v %v", gotArgs, gotCo, gotErr); got != want {
				t.Errorf("%s %s:\n got %s\nwant %s", c.Tool, raw, got, want)
			}
			compared++
			if wantErr != nil {
				rejected++
			}
		}
	}
	t.Logf("%d tools, %d argument sets compared, %d rejected", len(checkers), compared, rejected)
	if len(checkers) < 50 || rejected == 0 || rejected == compared {
		t.Fatalf("%d tools, %d of %d argument sets rejected: the comparison does not cover both verdicts", len(checkers), rejected, compared)
	}
}

// variants returns args and argument sets made wrong from it: its first
// argument (in name order) dropped, each argument given a value of
// another type, and an argument no tool declares.
func variants(args map[string]any) []map[string]any {
	out := []map[string]any{args}
	names := make([]string, 0, len(args))
	for k := range args {
		names = append(names, k)
	}
	slices.Sort(names)
	with := func(k string, v any, drop bool) map[string]any {
		m := make(map[string]any, len(args)+1)
		for n, w := range args {
			m[n] = w
		}
		if drop {
			delete(m, k)
		} else {
			m[k] = v
		}
		return m
	}
	if len(names) > 0 {
		out = append(out, with(names[0], nil, true))
	}
	for _, k := range names {
		var other any = "not-a-value"
		switch args[k].(type) {
		case string:
			other = []any{json.Number("12"), true}
		case map[string]any:
			other = json.Number("7")
		}
		out = append(out, with(k, other, false))
	}
	return append(out, with("zz_not_an_argument", "x", false))
}
