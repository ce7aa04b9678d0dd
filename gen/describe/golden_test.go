package describe_test

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentready/agentready/gen/describe"
	"github.com/agentready/agentready/gen/ir"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

// TestGolden renders the definition of every operation of the project's
// golden specs (specs/golden) and compares it with
// testdata/golden/<spec>.txt; -update rewrites the files.
func TestGolden(t *testing.T) {
	for _, path := range goldenSpecPaths(t) {
		api := loadSpec(t, path)
		var b bytes.Buffer
		for _, op := range api.Operations {
			name, desc, schema := describe.Definition(api, op)
			fmt.Fprintf(&b, "== %s (%d tokens)\n%s\n%s\n\n", name, describe.Tokens(api, op), desc, schema)
		}
		file := filepath.Join("testdata", "golden", specName(path)+".txt")
		if *update {
			if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(file, b.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(file)
		if err != nil {
			t.Fatalf("%v (run with -update to create it)", err)
		}
		if !bytes.Equal(b.Bytes(), want) {
			t.Errorf("%s differs from %s (run with -update after checking the change):\n%s", specName(path), file, b.String())
		}
	}
}

// TestDescriptionLimit gives an operation a long text and many required
// arguments: the description stays within MaxDescription and keeps its
// example.
func TestDescriptionLimit(t *testing.T) {
	long := strings.Repeat("This operation does a great many things to the widgets you own. ", 40)
	op := &ir.Operation{Name: "doEverything", Method: "POST", Path: "/x", Summary: long, Description: long}
	for i := range 60 {
		name := fmt.Sprintf("argument_number_%02d", i)
		op.Params = append(op.Params, &ir.Param{Name: name, Arg: name, In: ir.InQuery, Required: i < 20,
			Schema: &ir.Schema{Kind: ir.KindString, Format: "date-time"}})
	}
	api := &ir.API{Operations: []*ir.Operation{op}}
	d := describe.Description(api, op)
	if len(d) > describe.MaxDescription {
		t.Errorf("description has %d characters", len(d))
	}
	if !strings.Contains(d, "Example: {") || !strings.Contains(d, `"argument_number_19":"2024-01-15T09:30:00Z"}`) {
		t.Errorf("the example was not kept whole:\n%s", d)
	}
	if !strings.HasPrefix(d, "This operation does") {
		t.Errorf("the purpose should come first:\n%s", d)
	}
}

// TestDescription checks the layout on a hand-made operation: purpose,
// a detail sentence for a thin summary, the deprecation mark, markup and
// URLs gone, the example last.
func TestDescription(t *testing.T) {
	op := &ir.Operation{
		Name: "getTicket", Method: "GET", Path: "/tickets/{key}", Deprecated: true,
		Summary:     "Get a ticket",
		Description: "Get a ticket. Returns the **ticket** with its [comments](https://example.com/c), newest first.\n\nSee https://example.com.",
		Params: []*ir.Param{{Name: "key", Arg: "key", In: ir.InPath, Required: true,
			Schema: &ir.Schema{Kind: ir.KindString, Pattern: "^TCK-[0-9]+$"}}},
	}
	api := &ir.API{Operations: []*ir.Operation{op}}
	got := describe.Description(api, op)
	want := "Deprecated. Get ticket. Returns ticket with its comments, newest first\nExample: {\"key\":\"TCK-1\"}"
	if got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
	if p := describe.Purpose(&ir.Operation{Method: "DELETE", Path: "/x/{id}"}); p != "DELETE /x/{id}" {
		t.Errorf("Purpose without texts = %q", p)
	}
}
