package argcheck

import (
	"fmt"
	"reflect"
	"testing"

	"github.com/agentready/agentready/gen/toolrt/internal/defkey"
)

// sharedSchemas are tool schemas that repeat definitions, as the tools of
// one API do: A and B refer to each other (a cycle, whose two members
// share one closure), C holds a pattern that does not compile, D refers
// to a place inside A (not shared), and E is the same name as in another
// schema with other text.
var sharedSchemas = []struct{ schema, examples string }{
	{`{"type":"object","properties":{"a":{"$ref":"#/$defs/A"},"c":{"$ref":"#/$defs/C"}},"required":["a"],
	  "$defs":{"A":{"type":"object","properties":{"b":{"$ref":"#/$defs/B"},"n":{"type":"integer","minimum":1}},"required":["n"]},
	           "B":{"type":"array","items":{"$ref":"#/$defs/A"},"maxItems":2},
	           "C":{"type":"string","pattern":"(?<=x)y(?!z"}}}`,
		`{"/$defs/A/properties/n":7,"/$defs/C":"q","/$defs/A/nowhere":1}`},
	{`{"type":"object","properties":{"b":{"$ref":"#/$defs/B"},"e":{"$ref":"#/$defs/E"}},
	  "$defs":{"A":{"type":"object","properties":{"b":{"$ref":"#/$defs/B"},"n":{"type":"integer","minimum":1}},"required":["n"]},
	           "B":{"type":"array","items":{"$ref":"#/$defs/A"},"maxItems":2},
	           "E":{"enum":["x","y"]}}}`,
		`{"/$defs/A/properties/n":7,"/$defs/A/nowhere":1}`},
	{`{"type":"object","properties":{"d":{"$ref":"#/$defs/D"},"e":{"$ref":"#/$defs/E"},"a":{"$ref":"#/$defs/A"}},
	  "$defs":{"A":{"type":"object","properties":{"b":{"$ref":"#/$defs/B"},"n":{"type":"integer","minimum":1}},"required":["n"]},
	           "B":{"type":"array","items":{"$ref":"#/$defs/A"},"maxItems":2},
	           "D":{"type":"object","properties":{"inner":{"$ref":"#/$defs/A/properties/n"}}},
	           "E":{"type":"integer","maximum":3}}}`,
		`{"/$defs/A/properties/n":8}`},
	{`{"type":"object","properties":{"a":{"$ref":"#/$defs/A"},"c":{"$ref":"#/$defs/C"}},
	  "$defs":{"A":{"type":"object","properties":{"b":{"$ref":"#/$defs/B"},"n":{"type":"integer","minimum":1}},"required":["n"]},
	           "B":{"type":"array","items":{"$ref":"#/$defs/A"},"maxItems":2},
	           "C":{"type":"string","pattern":"(?<=x)y(?!z"}}}`,
		`{"/$defs/A/properties/n":7,"/$defs/C":"q","/$defs/A/nowhere":1}`},
}

var sharedArgs = []string{
	`{}`,
	`{"a":{"n":0}}`,
	`{"a":{"n":"2","b":[{"n":1},{"b":[{}]},{"n":3}]}}`,
	`{"b":[{"n":1,"b":[{"n":"x"}]}],"e":"z"}`,
	`{"d":{"inner":-1},"e":4,"a":{"n":2}}`,
	`{"c":"xy","a":{"n":1,"b":{"n":1}}}`,
}

// TestSharedCheckersMatchAlone checks that checkers built with one Shared,
// in any order, by NewChecker or by NewCheckerValid (which skips
// checking the schema is JSON), are the ones built alone: warnings,
// examples and every verdict.
func TestSharedCheckersMatchAlone(t *testing.T) {
	alone := make([]*Checker, len(sharedSchemas))
	for i, s := range sharedSchemas {
		c, err := NewCheckerWithExamples(fmt.Sprint("t", i), []byte(s.schema), nil, []byte(s.examples))
		if err != nil {
			t.Fatal(err)
		}
		alone[i] = c
	}
	for k, order := range [][]int{{0, 1, 2, 3}, {3, 2, 1, 0}, {1, 2, 0, 3}, {2, 0, 3, 1}, {0, 1, 2, 3}, {2, 0, 3, 1}} {
		sh := NewShared()
		build := sh.NewChecker
		if k >= 4 {
			build = sh.NewCheckerValid
		}
		for _, i := range order {
			s := sharedSchemas[i]
			c, err := build(fmt.Sprint("t", i), []byte(s.schema), nil, []byte(s.examples))
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(c.Warnings(), alone[i].Warnings()) {
				t.Errorf("order %v, schema %d: warnings %q, alone %q", order, i, c.Warnings(), alone[i].Warnings())
			}
			if string(c.Example()) != string(alone[i].Example()) {
				t.Errorf("order %v, schema %d: example %s, alone %s", order, i, c.Example(), alone[i].Example())
			}
			for _, a := range sharedArgs {
				got, gotC, gotErr := c.Check(a)
				want, wantC, wantErr := alone[i].Check(a)
				if fmt.Sprint(got, gotC, gotErr) != fmt.Sprint(want, wantC, wantErr) {
					t.Errorf("order %v, schema %d, %s:\n got %v %v %v\nwant %v %v %v", order, i, a, got, gotC, gotErr, want, wantC, wantErr)
				}
			}
		}
		if len(sh.defs) == 0 {
			t.Errorf("order %v: nothing shared", order)
		}
	}
}

// TestSharedKeysTellCycleMembersApart is the mistake a closure key made
// when it named only the set of definitions: A and B, in a cycle, have
// one set, and B took A's node.
func TestSharedKeysTellCycleMembersApart(t *testing.T) {
	doc, err := decodeDeferring([]byte(sharedSchemas[1].schema))
	if err != nil {
		t.Fatal(err)
	}
	d := newDefsOf(doc, NewShared())
	a, okA := d.key("A")
	b, okB := d.key("B")
	if !okA || !okB || a == b {
		t.Errorf("keys of A and B: %x (%v), %x (%v): want two known, distinct keys", a[:4], okA, b[:4], okB)
	}
	if _, ok := d.key("E"); !ok {
		t.Error("E refers to nothing: its key should be known")
	}
}

func TestDefsKeyIsDefkeys(t *testing.T) {
	if defkey.Prefix != "#/"+defsKey+"/" {
		t.Errorf("defkey.Prefix %q does not name %q", defkey.Prefix, defsKey)
	}
}

// TestExamplesGivenTwice: of a pointer given twice, the later value is
// the one placed, in the root and in a definition, alone or shared, and a
// pointer that names nothing is listed once.
func TestExamplesGivenTwice(t *testing.T) {
	schema := []byte(`{"type":"object","properties":{"a":{"$ref":"#/$defs/A"},"s":{"type":"string"}},"required":["a","s"],
	  "$defs":{"A":{"type":"object","properties":{"n":{"type":"integer"}},"required":["n"]}}}`)
	examples := []byte(`{"/properties/s":"first","/$defs/A/properties/n":1,"/nowhere":0,
	  "/properties/s":"second","/$defs/A/properties/n":2,"/nowhere":0}`)
	sh := NewShared()
	for i, build := range []func() (*Checker, error){
		func() (*Checker, error) { return NewCheckerWithExamples("t", schema, nil, examples) },
		func() (*Checker, error) { return sh.NewChecker("t", schema, nil, examples) },
		func() (*Checker, error) { return sh.NewChecker("t", schema, nil, examples) },
	} {
		c, err := build()
		if err != nil {
			t.Fatal(err)
		}
		if got, want := string(c.Example()), `{"a":{"n":2},"s":"second"}`; got != want {
			t.Errorf("build %d: example %s, want %s", i, got, want)
		}
		if got, want := c.Warnings(), []string{`example at "/nowhere": no schema object there`}; !reflect.DeepEqual(got, want) {
			t.Errorf("build %d: warnings %q, want %q", i, got, want)
		}
	}
}
