package adapt

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentready/agentready/gen"
	"github.com/agentready/agentready/gen/catalog"
	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/gen/toolschema"
	"github.com/agentready/agentready/harness/cases"
	"github.com/agentready/agentready/harness/classify"
	"github.com/agentready/agentready/harness/run"
)

// exampleSpec is the example API's spec, which the tests load with
// overlays applied.
var exampleSpec = filepath.Join("..", "..", "specs", "exampleapi", "openapi.yaml")

// loadShown loads the example API with the overlay at path ("" for none)
// and renders its tool definitions as a run shows them.
func loadShown(ctx context.Context, path string) (*Spec, error) {
	o := gen.Options{Spec: exampleSpec}
	if path != "" {
		o.Overlays = []string{path}
	}
	api, _, err := gen.Load(o)
	if err != nil {
		return nil, err
	}
	client, err := catalog.NewClient(api, "http://127.0.0.1:1")
	if err != nil {
		return nil, err
	}
	cat, err := catalog.New(api, client)
	if err != nil {
		return nil, err
	}
	shown, err := run.Definitions(ctx, cat, nil)
	if err != nil {
		return nil, err
	}
	return &Spec{API: api, Shown: shown}, nil
}

// resolutionExample is the example closeTicket's resolution argument has
// in api, nil for none.
func resolutionExample(api *ir.API) any {
	for _, a := range toolschema.Args(api, api.Operation("closeTicket")) {
		if a.Name != "resolution" {
			continue
		}
		if a.Example != nil {
			return a.Example
		}
		if s := api.Resolve(a.Schema); s != nil {
			return s.Example
		}
	}
	return nil
}

// TestInvisibleProposalIsNotTrialled: an example on closeTicket's
// optional resolution field reaches the spec but not the tool definition
// (whose example shows only the required arguments), so adapt drops it as
// not visible and never runs a trial of it; a summary the definition
// leads with is tried and kept.
func TestInvisibleProposalIsNotTrialled(t *testing.T) {
	ctx := context.Background()
	invisible := Action{Tool: "closeTicket", Argument: "resolution", Kind: KindExample,
		Target: "$['components']['schemas']['TicketClose']['properties']['resolution']",
		Update: map[string]any{"example": "Sorted, thanks for the quick help."}}
	visible := Action{Tool: "getTicket", Kind: KindDescription, Target: "$['paths']['/tickets/{ticketId}']['get']",
		Update: map[string]any{"summary": "Get one ticket by its key (not listTickets: list tickets)"}}

	// The invisible action does change the spec: only the definitions
	// stay the same.
	dir := t.TempDir()
	tr := Trials{Dir: dir, Load: loadShown}
	before, err := loadShown(ctx, "")
	if err != nil {
		t.Fatal(err)
	}
	with, err := tr.load(ctx, []Action{invisible}, filepath.Join(dir, "check"))
	if err != nil {
		t.Fatal(err)
	}
	if resolutionExample(before.API) != nil || resolutionExample(with.API) == nil {
		t.Fatalf("the example should be new in the spec: before %v, with the action %v", resolutionExample(before.API), resolutionExample(with.API))
	}
	if !bytes.Equal(before.Shown["closeTicket"], with.Shown["closeTicket"]) {
		t.Fatalf("the example shows in closeTicket's definition; pick an action that does not:\n%s\n%s", before.Shown["closeTicket"], with.Shown["closeTicket"])
	}

	cs := []cases.Case{{ID: "closeTicket/required/00", Tool: "closeTicket"}, {ID: "getTicket/required/00", Tool: "getTicket"}}
	failed := func(c cases.Case) run.Record {
		return run.Record{Case: c.ID, Tool: c.Tool, Labels: []classify.Label{{Class: classify.MissingParameter, Tool: c.Tool}}}
	}
	base := []run.Record{failed(cs[0]), failed(cs[1])}
	var runs int
	tr.Run = func(_ context.Context, spec *Spec, cs []cases.Case, _ string) ([]run.Record, error) {
		runs++
		if resolutionExample(spec.API) != nil {
			t.Errorf("a trial ran with the invisible example applied")
		}
		var out []run.Record
		for _, c := range cs {
			out = append(out, run.Record{Case: c.ID, Tool: c.Tool})
		}
		return out, nil
	}
	res, err := Adapt(ctx, cs, base, nil, []Action{invisible, visible}, tr)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Dropped) != 1 || res.Dropped[0].Action.Key() != invisible.Key() || res.Dropped[0].Reason != NotVisible {
		t.Errorf("dropped %+v, want the resolution example, %q", res.Dropped, NotVisible)
	}
	if runs != 1 || res.Trials != 1 || len(res.Decisions) != 1 || !res.Decisions[0].Kept {
		t.Errorf("%d runs, %d trials, decisions %+v; want one trial, of getTicket's summary, kept", runs, res.Trials, res.Decisions)
	}
	out := filepath.Join(dir, DefaultFile)
	if err := WriteOverlay(out, res.Overlay()); err != nil {
		t.Fatal(err)
	}
	text, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(text), "# Not tried, "+NotVisible) || !strings.Contains(string(text), "#   - closeTicket.resolution example at ") {
		t.Errorf("the overlay does not list the dropped proposal:\n%s", text)
	}
	if acts, err := ReadOverlay(out); err != nil || len(acts) != 1 || acts[0].Tool != "getTicket" {
		t.Errorf("the overlay holds %+v (%v), want getTicket's summary alone", acts, err)
	}
}
