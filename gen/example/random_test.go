package example

import (
	"encoding/json"
	"maps"
	"math/rand/v2"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/agentready/agentready/gen/describe/prose"
	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/gen/toolschema"
)

// randomSchemas are the shapes TestRandom draws values of.
func randomSchemas() map[string]*ir.Schema {
	str := &ir.Schema{Kind: ir.KindString}
	return map[string]*ir.Schema{
		"email":       {Kind: ir.KindString, Format: "email"},
		"due_at":      {Kind: ir.KindString, Format: "date-time", Description: "Must be in the future."},
		"id":          {Kind: ir.KindString, Format: "uuid"},
		"code":        {Kind: ir.KindString, Pattern: `^[A-Z]{3}-\d{2,4}$`},
		"title":       {Kind: ir.KindString, MaxLength: n(12)},
		"padded":      {Kind: ir.KindString, MinLength: n(20), MaxLength: n(24)},
		"page":        {Kind: ir.KindInteger, Minimum: f(1)},
		"per_page":    {Kind: ir.KindInteger, Minimum: f(1), Maximum: f(100)},
		"ratio":       {Kind: ir.KindNumber, Minimum: f(0), Maximum: f(1), ExclusiveMaximum: true},
		"step":        {Kind: ir.KindInteger, Minimum: f(3), MultipleOf: f(5)},
		"status":      {Kind: ir.KindString, Enum: []any{"open", "closed", "pending"}},
		"labels":      {Kind: ir.KindArray, UniqueItems: true, MinItems: n(2), Items: &ir.Schema{Kind: ir.KindString, Enum: []any{"a", "b", "c"}}},
		"either":      {Kind: ir.KindUnion, Variants: []*ir.Schema{{Kind: ir.KindInteger, Minimum: f(3)}, {Kind: ir.KindString}, {Kind: ir.KindNull}}},
		"meta":        {Kind: ir.KindObject, AdditionalProperties: str},
		"description": str,
		"contact": {Kind: ir.KindObject, Properties: []*ir.Property{
			{Name: "full_name", Required: true, Schema: str},
			{Name: "email", Schema: str},
			{Name: "phone", Schema: str},
			{Name: "tags", Schema: &ir.Schema{Kind: ir.KindArray, Items: str}},
		}},
	}
}

// TestRandom checks that random values are valid in every mode, the
// same for the same seed, varied across seeds, and held to the caps.
func TestRandom(t *testing.T) {
	api := &ir.API{}
	schemas := randomSchemas()
	draw := func(seed uint64, mode Mode) map[string]any {
		r := NewRandom(api, rand.New(rand.NewPCG(seed, 1)), 0)
		out := map[string]any{}
		// Equal seeds give equal values for equal calls: draw in a fixed
		// order.
		for _, name := range slices.Sorted(maps.Keys(schemas)) {
			out[name] = r.Value(schemas[name], name, "", mode)
		}
		return out
	}
	distinct := map[string]map[string]bool{}
	for _, mode := range []Mode{RequiredOnly, Typical, All} {
		for seed := range uint64(40) {
			got := draw(seed, mode)
			if again := draw(seed, mode); !reflect.DeepEqual(got, again) {
				t.Fatalf("seed %d %s: two draws differ:\n%v\n%v", seed, mode, got, again)
			}
			for name, v := range got {
				if !Valid(api, schemas[name], v) {
					t.Errorf("seed %d %s: %s = %#v is not valid", seed, mode, name, v)
				}
				if distinct[name] == nil {
					distinct[name] = map[string]bool{}
				}
				data, _ := json.Marshal(v)
				distinct[name][string(data)] = true
			}
			if mode == RequiredOnly {
				if c := got["contact"].(map[string]any); len(c) != 1 {
					t.Errorf("seed %d required: contact %v holds optional properties", seed, c)
				}
			}
			if mode == All {
				if c := got["contact"].(map[string]any); len(c) != 4 {
					t.Errorf("seed %d all: contact %v misses properties", seed, c)
				}
			}
		}
	}
	for _, name := range []string{"email", "due_at", "id", "code", "per_page", "status", "contact", "description"} {
		if len(distinct[name]) < 3 {
			t.Errorf("%s: %d distinct values over 120 draws, want variety: %v", name, len(distinct[name]), distinct[name])
		}
	}
	// A nil source is seed 0, not a panic.
	s := schemas["contact"]
	if a, b := NewRandom(api, nil, 0).Value(s, "contact", "", All), NewRandom(api, nil, 0).Value(s, "contact", "", All); !reflect.DeepEqual(a, b) {
		t.Errorf("nil source: %v then %v, want equal values", a, b)
	}
	if len(distinct["page"]) > 3 {
		t.Errorf("page: %d distinct values, want it kept near its minimum: %v", len(distinct["page"]), distinct["page"])
	}
}

// TestRandomBounded checks that a recursive type ends, that a minItems
// beyond MaxItems gets MaxItems, and that the values made stay within
// MaxValues whatever the spec asks (past the budget only least values
// are made).
func TestRandomBounded(t *testing.T) {
	node := &ir.Schema{Kind: ir.KindObject, Properties: []*ir.Property{
		{Name: "name", Required: true, Schema: &ir.Schema{Kind: ir.KindString}},
		{Name: "children", Required: true, Schema: &ir.Schema{Kind: ir.KindArray, MinItems: n(3), Items: &ir.Schema{Ref: "Node"}}},
	}}
	api := &ir.API{Types: []*ir.Type{{ID: "Node", GoName: "Node", Schema: node}}}
	wide := &ir.Schema{Kind: ir.KindArray, MinItems: n(64), Items: &ir.Schema{Kind: ir.KindArray, MinItems: n(64),
		Items: &ir.Schema{Kind: ir.KindString, MinLength: n(4096)}}}
	for _, c := range []struct {
		name   string
		s      *ir.Schema
		budget int
		most   int
	}{
		{"tree", &ir.Schema{Ref: "Node"}, 0, 64 << 10},
		{"wide", wide, 200, 2 << 20},
		{"huge", &ir.Schema{Kind: ir.KindArray, MinItems: n(900000000), Items: &ir.Schema{Kind: ir.KindString}}, 0, 64 << 10},
	} {
		r := NewRandom(api, rand.New(rand.NewPCG(7, 7)), c.budget)
		v := r.Value(c.s, c.name, "", All)
		data, err := json.Marshal(v)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if len(data) > c.most {
			t.Errorf("%s: %d bytes, want at most %d", c.name, len(data), c.most)
		}
		if list, ok := v.([]any); ok && len(list) > MaxItems {
			t.Errorf("%s: %d items, more than MaxItems %d", c.name, len(list), MaxItems)
		}
		// Past MaxValues each value still counts one, and nested arrays
		// hold at most MaxItems squared of them.
		if r.spent > MaxValues+MaxItems*MaxItems {
			t.Errorf("%s: spent %d of a budget of %d", c.name, r.spent, c.budget)
		}
	}
}

// TestRandomArg checks the choice between the spec's example, its
// default and a made value: the first call of a series shows the
// example, later calls vary, and OriginOf names where a value came from.
func TestRandomArg(t *testing.T) {
	api := &ir.API{}
	a := toolschema.Arg{Name: "status", Schema: &ir.Schema{Kind: ir.KindString, Enum: []any{"open", "closed", "pending"},
		Example: "pending", Default: "open"}}
	origins := map[Origin]int{}
	for seed := range uint64(50) {
		r := NewRandom(api, rand.New(rand.NewPCG(seed, 0)), 0)
		if v, o := r.Arg(a, Typical, true); v != "pending" || o != SpecExample {
			t.Fatalf("seed %d: first value %v (%v), want the example", seed, v, o)
		}
		v, o := r.Arg(a, Typical, false)
		origins[o]++
		if o == Made {
			continue
		}
		if OriginOf(api, a, v) != o {
			t.Errorf("seed %d: OriginOf(%v) = %v, want %v", seed, v, OriginOf(api, a, v), o)
		}
	}
	if origins[SpecExample] == 0 || origins[SpecDefault] == 0 || origins[Made] == 0 {
		t.Errorf("later values should come from all three origins: %v", origins)
	}
}

// TestRandomNameOfAThing checks that a bare "name" whose description says
// it names a thing gets a thing's name, and a person's only when the
// thing is a person or the description says nothing.
func TestRandomNameOfAThing(t *testing.T) {
	str := &ir.Schema{Kind: ir.KindString}
	r := NewRandom(&ir.API{}, rand.New(rand.NewPCG(1, 2)), 0)
	for desc, want := range map[string][]string{
		"name of the Deployment":        thingNames,
		"The name of a bucket.":         thingNames,
		"name of the user":              people,
		"The name of the team members.": people,
		"":                              people,
		"Name must be unique.":          people,
	} {
		for range 5 {
			got := r.Value(str, "name", desc, Typical)
			if !slices.Contains(want, got.(string)) {
				t.Errorf("name described %q = %q, want one of %v", desc, got, want)
			}
		}
	}
}

// TestRandomNaturalValues checks that strings whose name says what they
// hold (an owner, a repo, a branch, a Jira key, an id) take values people
// use, drawn from the typical value's variants (text.go: one table), that
// seeds vary them, and that none is the name's words and a number.
func TestRandomNaturalValues(t *testing.T) {
	str := &ir.Schema{Kind: ir.KindString}
	for name, pool := range map[string][]string{
		"owner":            variants[login],
		"org":              variants["acme-corp"],
		"repo":             thingNames,
		"repository_name":  thingNames,
		"branch":           variants["main"],
		"username":         variants[login],
		"environment_name": variants["production"],
		"region":           variants["eu-west-1"],
		"filepath":         variants["docs/README.md"],
		"issueIdOrKey":     variants["PROJ-12"],
		"projectKey":       variants["PROJ"],
		"namespace":        variants["default"],
		"comment_id":       nil,
	} {
		ws := prose.Words(name)
		for i := range ws {
			ws[i] = strings.ToLower(ws[i])
		}
		wordNumber := regexp.MustCompile(`^` + strings.Join(ws, "-") + `-\d+$`)
		seen := map[string]bool{}
		for seed := range uint64(20) {
			r := NewRandom(&ir.API{}, rand.New(rand.NewPCG(seed, 3)), 0)
			v := r.Value(str, name, "", Typical).(string)
			seen[v] = true
			if wordNumber.MatchString(v) {
				t.Errorf("%s = %q: the name's words and a number", name, v)
			}
			if pool != nil && !slices.Contains(pool, v) {
				t.Errorf("%s = %q, want one of %v", name, v, pool)
			}
			if pool == nil && !regexp.MustCompile(`^\d{5}$`).MatchString(v) {
				t.Errorf("%s = %q, want a number", name, v)
			}
		}
		if len(seen) < 3 {
			t.Errorf("%s: %d distinct values over 20 seeds, want variety: %v", name, len(seen), seen)
		}
	}
	// A value must still fit its schema: a repo of at most 5 characters.
	short := &ir.Schema{Kind: ir.KindString, MaxLength: n(5), Pattern: `^[a-z]+$`}
	for seed := range uint64(20) {
		r := NewRandom(&ir.API{}, rand.New(rand.NewPCG(seed, 4)), 0)
		if v := r.Value(short, "repo", "", Typical); !Valid(&ir.API{}, short, v) {
			t.Errorf("repo with maxLength 5 = %q, not valid", v)
		}
	}
}

// TestVariantsStartWithTheirValue checks that each pool of variants
// holds its typical value first, so that the table reads as "this value
// and others like it".
func TestVariantsStartWithTheirValue(t *testing.T) {
	for v, pool := range variants {
		if len(pool) < 3 || pool[0] != v {
			t.Errorf("variants[%q] = %v: want it first and at least two others", v, pool)
		}
	}
}
