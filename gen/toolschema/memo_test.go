package toolschema

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/gen/load"
	"github.com/agentready/agentready/gen/lower"
	"github.com/agentready/agentready/internal/jsonptr"
	"github.com/agentready/agentready/internal/jsonw"
	"github.com/agentready/agentready/internal/modtest"
)

// TestMemoChangesNoByte builds every tool of two real specs with and
// without a Memo (Kubernetes shares many large types; Stripe's bodies are
// deep) under each kind of option a budget cut uses: the bytes must be
// the same.
func TestMemoChangesNoByte(t *testing.T) {
	for _, file := range []string{"real/kubernetes-swagger2.json", "real/stripe.json"} {
		api := sharedAPI(t, file)
		memo := NewMemo(api)
		for _, o := range []Options{{}, {OptionalLevels: 3, NestedDescriptionChars: 30}, {NoSharing: true}} {
			for _, op := range api.Operations {
				plain, err1 := Build(api, op, o)
				o.Memo = memo
				memoed, err2 := Build(api, op, o)
				o.Memo = nil
				if string(plain) != string(memoed) || (err1 == nil) != (err2 == nil) {
					t.Fatalf("%s %s with %+v: the Memo changed the schema:\n%s\n%s", file, op.Name, o, plain, memoed)
				}
			}
		}
	}
}

// TestMemoKeepsExamples: the checking schemas of Kubernetes' tools,
// built with a Memo, ask for each use's example once (its tools share
// bodies), and are byte for byte those built without one, examples and
// all.
func TestMemoKeepsExamples(t *testing.T) {
	api := sharedAPI(t, "real/kubernetes-swagger2.json")
	calls := 0
	example := func(use *ir.Schema, name string) (any, bool) {
		calls++
		return name + "-" + string(use.Kind), true
	}
	memo := NewMemo(api)
	var plainCalls, memoCalls int
	for _, op := range api.Operations {
		calls = 0
		plain, plainEx, err1 := BuildChecking(api, op, Options{Example: example})
		plainCalls += calls
		calls = 0
		memoed, memoedEx, err2 := BuildChecking(api, op, Options{Example: example, Memo: memo})
		memoCalls += calls
		if string(plain) != string(memoed) || string(plainEx) != string(memoedEx) || (err1 == nil) != (err2 == nil) {
			t.Fatalf("%s: the Memo changed the checking schema:\n%s %s\n%s %s", op.Name, plain, plainEx, memoed, memoedEx)
		}
	}
	t.Logf("examples asked for: %d times with a Memo, %d without", memoCalls, plainCalls)
	if memoCalls == 0 || memoCalls*3 > plainCalls {
		t.Errorf("with a Memo the examples were asked for %d times, without %d: want a third or less", memoCalls, plainCalls)
	}
}

// TestSharingOnDeepDiamonds: a type that uses the next one twice, 40
// levels deep, would be written out 2^40 times inline. Counting uses on
// the type graph finds what to share at once, and the schema stays small.
func TestSharingOnDeepDiamonds(t *testing.T) {
	const levels = 40
	api := &ir.API{}
	for i := 0; i < levels; i++ {
		s := &ir.Schema{Kind: ir.KindObject}
		for _, p := range []string{"a", "b", "c", "d", "e", "f", "g", "h"} {
			s.Properties = append(s.Properties, &ir.Property{Name: p, Schema: str()})
		}
		if i+1 < levels {
			next := fmt.Sprintf("#/T%d", i+1)
			s.Properties = append(s.Properties,
				&ir.Property{Name: "left", Schema: &ir.Schema{Ref: next}},
				&ir.Property{Name: "right", Schema: &ir.Schema{Ref: next}})
		}
		api.Types = append(api.Types, &ir.Type{ID: fmt.Sprintf("#/T%d", i), GoName: fmt.Sprintf("T%d", i), Schema: s})
	}
	op := &ir.Operation{Name: "put", Method: "PUT", Path: "/x",
		Body: &ir.Body{ContentType: "application/json", Required: true, Arg: "body", Schema: &ir.Schema{Ref: "#/T0"}}}
	api.Operations = []*ir.Operation{op}
	start := time.Now()
	got, err := Build(api, op, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("Build took %v", d)
	}
	// Every level but the first is used twice: each is written once under
	// $defs.
	if n := strings.Count(string(got), `"$ref"`); n != 2*(levels-1) {
		t.Errorf("%d $refs, want %d: %.300s", n, 2*(levels-1), got)
	}
	if len(got) > 40_000 {
		t.Errorf("schema of %d bytes", len(got))
	}
}

// TestNaiveSampleCountsEveryByte: past its limit NaiveSample counts
// repeated uses of a type by a remembered size; the total must still be
// the length of the whole Naive schema, for every tool of specs with
// recursive types (Kubernetes), deep bodies (Stripe) and readOnly cycles.
func TestNaiveSampleCountsEveryByte(t *testing.T) {
	root := modtest.SharedSpecs(t)
	for _, file := range []string{"real/kubernetes-swagger2.json", "real/stripe.json", "real/jira.json"} {
		doc, err := load.File(filepath.Join(root, file))
		if err != nil {
			t.Fatal(err)
		}
		api, _ := lower.Lower(doc, lower.Options{})
		for _, op := range api.Operations {
			whole := Naive(api, op)
			for _, limit := range []int{1, 300} {
				sample, total := NaiveSample(api, op, limit)
				if total != len(whole) {
					t.Fatalf("%s %s: NaiveSample(%d) counts %d bytes, Naive writes %d", file, op.Name, limit, total, len(whole))
				}
				if n := min(limit, len(whole)); string(sample[:n]) != string(whole[:n]) {
					t.Fatalf("%s %s: the sample is not the start of the schema", file, op.Name)
				}
			}
		}
	}
}

// TestNaiveSampleCountsRepeatedVariants: the second variant of a union is
// written after a comma, which belongs to its place in the array; counted
// by its remembered size, it must not be counted twice.
func TestNaiveSampleCountsRepeatedVariants(t *testing.T) {
	obj := func(desc string) *ir.Schema {
		return &ir.Schema{Kind: ir.KindObject, Description: desc, Properties: []*ir.Property{{Name: "v", Schema: str()}}}
	}
	union := &ir.Schema{Kind: ir.KindUnion, Variants: []*ir.Schema{{Ref: "#/A"}, {Ref: "#/B"}}}
	api := &ir.API{Types: []*ir.Type{
		{ID: "#/A", GoName: "A", Schema: obj("an A")},
		{ID: "#/B", GoName: "B", Schema: obj("a B")},
		{ID: "#/U", GoName: "U", Schema: union},
	}}
	body := &ir.Schema{Kind: ir.KindObject}
	for _, p := range []string{"x", "y", "z"} {
		body.Properties = append(body.Properties, &ir.Property{Name: p, Schema: &ir.Schema{Ref: "#/U"}})
	}
	body.Properties = append(body.Properties, &ir.Property{Name: "list", Schema: &ir.Schema{Kind: ir.KindArray, Items: &ir.Schema{Ref: "#/U"}}})
	op := &ir.Operation{Name: "op", Method: "POST", Body: &ir.Body{Arg: "body", ContentType: "application/json", Schema: body, Required: true}}
	whole := Naive(api, op)
	if !strings.Contains(string(whole), `"an A"`) || !strings.Contains(string(whole), `"a B"`) {
		t.Fatalf("the union is not written out: %s", whole)
	}
	for limit := 1; limit < len(whole); limit += 7 {
		if _, total := NaiveSample(api, op, limit); total != len(whole) {
			t.Fatalf("NaiveSample(%d) counts %d bytes, Naive writes %d: %s", limit, total, len(whole), whole)
		}
	}
}

// TestCheckingExamplesMatch: the examples CheckingExamples finds without
// writing the schema are those BuildChecking writes with it, on every
// tool of two real specs, and they are the JSON object jsonw writes of the
// pointer -> example map read back from the check schema itself.
func TestCheckingExamplesMatch(t *testing.T) {
	for _, file := range []string{"real/kubernetes-swagger2.json", "real/stripe.json"} {
		api := sharedAPI(t, file)
		example := func(use *ir.Schema, name string) (any, bool) {
			return name + "-" + string(use.Kind), name != ""
		}
		memo := NewMemo(api)
		seen := 0
		for _, op := range api.Operations {
			o := Options{Example: example, Memo: memo}
			schema, withSchema, err1 := BuildChecking(api, op, o)
			alone, err2 := CheckingExamples(api, op, o)
			if string(withSchema) != string(alone) || (err1 == nil) != (err2 == nil) {
				t.Fatalf("%s %s: CheckingExamples gave\n%s\nBuildChecking\n%s", file, op.Name, alone, withSchema)
			}
			var tree any
			if err := json.Unmarshal(schema, &tree); err != nil {
				t.Fatal(err)
			}
			want := map[string]any{}
			collectExamples(tree, "", false, want)
			if len(want) == 0 {
				if alone != nil {
					t.Fatalf("%s %s: examples %s where the schema has none", file, op.Name, alone)
				}
				continue
			}
			seen++
			if got := string(jsonw.Append(nil, want)); got != string(alone) {
				t.Fatalf("%s %s: examples\n%s\nwant (read from the schema)\n%s", file, op.Name, alone, got)
			}
		}
		if seen == 0 {
			t.Errorf("%s: no tool has examples", file)
		}
	}
}

// collectExamples puts the "example" of each node of a decoded schema in
// out by the node's JSON pointer; names is set for a map of names
// (properties, $defs), whose "example" is a property.
func collectExamples(v any, at string, names bool, out map[string]any) {
	switch x := v.(type) {
	case map[string]any:
		for k, m := range x {
			if k == "example" && !names {
				out[at] = m
				continue
			}
			collectExamples(m, at+"/"+jsonptr.Escape(k), !names && (k == "properties" || k == "$defs"), out)
		}
	case []any:
		for i, m := range x {
			collectExamples(m, at+"/"+strconv.Itoa(i), false, out)
		}
	}
}

// sharedAPI loads and lowers the spec at file below ../shared/specs.
func sharedAPI(t *testing.T, file string) *ir.API {
	t.Helper()
	doc, err := load.File(filepath.Join(modtest.SharedSpecs(t), file))
	if err != nil {
		t.Fatal(err)
	}
	api, _ := lower.Lower(doc, lower.Options{})
	return api
}

// TestStopAfter: a build with StopAfter gives the whole schema when that
// is no longer, and otherwise more than StopAfter bytes, and stops short
// of the whole on the large ones (Kubernetes' bodies run to 100 kB).
func TestStopAfter(t *testing.T) {
	api := sharedAPI(t, "real/kubernetes-swagger2.json")
	const stop = 4000
	short := 0
	for _, op := range api.Operations {
		full, err1 := Build(api, op, Options{})
		cut, err2 := Build(api, op, Options{StopAfter: stop})
		if (err1 == nil) != (err2 == nil) {
			t.Fatalf("%s: errors %v and %v", op.Name, err1, err2)
		}
		switch {
		case len(full) <= stop && string(cut) != string(full):
			t.Fatalf("%s: %d bytes, within StopAfter, changed:\n%s\n%s", op.Name, len(full), full, cut)
		case len(full) > stop && len(cut) <= stop:
			t.Fatalf("%s: %d bytes cut to %d, within StopAfter %d: a caller would take it as whole", op.Name, len(full), len(cut), stop)
		case len(cut) < len(full)/2:
			short++
		}
	}
	if short == 0 {
		t.Error("StopAfter never stopped a build short")
	}
}

// TestProbe: a build with Probe gives what the build without it gives
// when that is within Probe bytes, and otherwise more than Probe bytes,
// whether the schema has $defs or not; and it stops short of that on
// some. Fitting reads nothing else.
func TestProbe(t *testing.T) {
	for _, file := range []string{"real/kubernetes-swagger2.json", "real/stripe.json"} {
		api := sharedAPI(t, file)
		short := 0
		for _, op := range api.Operations {
			for _, o := range []Options{{OptionalLevels: 3}, {OptionalLevels: 1, NoOptionalEnums: true}, {StopAfter: 20000}} {
				want, err1 := Build(api, op, o)
				for _, probe := range []int{1, 600, 3000} {
					o.Probe = probe
					got, err2 := Build(api, op, o)
					if (err1 == nil) != (err2 == nil) {
						t.Fatalf("%s %s: errors %v and %v", file, op.Name, err1, err2)
					}
					switch {
					case len(want) <= probe && string(got) != string(want):
						t.Fatalf("%s %s: %d bytes, within Probe %d, changed:\n%s\n%s", file, op.Name, len(want), probe, want, got)
					case len(want) > probe && len(got) <= probe:
						t.Fatalf("%s %s: %d bytes cut to %d, within Probe %d: a caller would take it as whole", file, op.Name, len(want), len(got), probe)
					case len(got) < len(want):
						short++
					}
				}
			}
		}
		if short == 0 {
			t.Errorf("%s: Probe never stopped a build short", file)
		}
	}
}

// TestCheckSubtreesCopied: with a Memo, the check schemas of Kubernetes'
// and Stripe's tools copy the named object types they share from the
// ones written before (Memo.subtrees), in each of two rounds over every
// tool, and are byte for byte those built without one, examples and all;
// in the first round each tool's examples alone (CheckingExamples, which
// keeps no bytes but still fills the Memo) come first.
func TestCheckSubtreesCopied(t *testing.T) {
	for _, file := range []string{"real/kubernetes-swagger2.json", "real/stripe.json"} {
		api := sharedAPI(t, file)
		example := func(use *ir.Schema, name string) (any, bool) {
			return name + "-" + string(use.Kind), name != ""
		}
		memo := NewMemo(api)
		for round := 0; round < 2; round++ {
			for _, op := range api.Operations {
				plain, plainEx, err1 := BuildChecking(api, op, Options{Example: example})
				if round == 0 {
					alone, err := CheckingExamples(api, op, Options{Example: example, Memo: memo})
					if string(alone) != string(plainEx) || (err1 == nil) != (err == nil) {
						t.Fatalf("%s %s: CheckingExamples with the Memo gave\n%s\nwant\n%s", file, op.Name, alone, plainEx)
					}
				}
				memoed, memoedEx, err2 := BuildChecking(api, op, Options{Example: example, Memo: memo})
				if string(plain) != string(memoed) || string(plainEx) != string(memoedEx) || (err1 == nil) != (err2 == nil) {
					t.Fatalf("%s %s, round %d: the Memo changed the checking schema:\n%s %s\n%s %s", file, op.Name, round, plain, plainEx, memoed, memoedEx)
				}
			}
		}
		kept := 0
		memo.subtrees.Range(func(_, _ any) bool { kept++; return true })
		if kept == 0 {
			t.Errorf("%s: the Memo kept no subtree", file)
		}
	}
}
