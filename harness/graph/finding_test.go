package graph

import (
	"slices"
	"testing"

	"github.com/agentready/agentready/gen/finding"
)

// TestCheckProblemsAreFindings checks that graph check's problems read as
// findings of source graph: an edge's problem names the producer as the
// tool and the consumer as related, a problem reading the file has the
// field path as its pointer.
func TestCheckProblemsAreFindings(t *testing.T) {
	api := exampleAPI(t)
	g, err := Parse([]byte("version: 1\nedges:\n  - from: listUsers\n    to: getUsr\n    mappings:\n      - output: \"$.items[*].id\"\n        input: userId\n"), "g.yaml")
	if err != nil {
		t.Fatal(err)
	}
	fs := Findings(Check(g, api))
	if len(fs) != 1 {
		t.Fatalf("findings %+v, want one", fs)
	}
	f := fs[0]
	if f.Source != finding.Graph || f.Tool != "listUsers" || !slices.Equal(f.Related, []string{"getUsr"}) || f.Place.String() != "g.yaml:4:9" {
		t.Errorf("finding = %+v", f)
	}

	_, err = Parse([]byte("version: 1\nedges:\n  - from: a\n    to: b\n    status: maybe\n    mappings: [{output: $.id, input: id}]\n"), "g.yaml")
	ps, ok := err.(Problems)
	if !ok || len(ps) != 1 {
		t.Fatalf("err = %v, want one problem", err)
	}
	if f := Findings(ps)[0]; f.Tool != "" || f.Place.String() != "g.yaml:5:13 (#/edges/0/status)" {
		t.Errorf("finding = %+v", f)
	}
}
