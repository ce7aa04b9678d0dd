package dialect_test

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/agentready/agentready/gen"
	"github.com/agentready/agentready/gen/catalog"
	"github.com/agentready/agentready/gen/example"
	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/gen/toolrt/dialect"
	"github.com/agentready/agentready/internal/modtest"
)

// tally counts the verdicts of one dialect.
type tally struct {
	tools, asIs, adapted, refused, warnings int
	// byKeyword counts the warnings by what changed.
	byKeyword map[string]int
}

func (t tally) String() string {
	pct := func(n int) string { return fmt.Sprintf("%5.1f%%", 100*float64(n)/float64(max(t.tools, 1))) }
	return fmt.Sprintf("%6d tools  as-is %s  after adaptation %s  refused %d  warnings %d",
		t.tools, pct(t.asIs), pct(t.asIs+t.adapted), t.refused, t.warnings)
}

// TestMeasure adapts the schema of every tool of every spec under
// ../shared/specs (2.0, 3.0 and 3.1; the real APIs and the edge cases),
// as the model is shown it (catalog.Operations, with the default token
// budget), to every dialect, and checks that:
//
//   - no tool is refused (every root is an object), and every adapted
//     schema passes dialect.Check: the rules applied on their own, not by
//     the converter;
//   - the examples gen/example builds (every argument, and the required
//     ones only) that satisfy the original schema, written for the
//     adapted one (Result.Encode: null for an optional property left out
//     in strict mode, JSON text where the dialect cannot describe a
//     value), satisfy the adapted schema too (santhosh-tekuri/jsonschema,
//     Gemini's nullable read as a type list), and Result.Restore gives
//     the original arguments back.
//
// It logs the fraction of tools each dialect accepts as they are and
// after adaptation, over the real APIs and over every spec:
//
//	go test ./gen/dialect -run TestMeasure -v
//
// It loads every shared spec (about a minute); skipped with -short.
func TestMeasure(t *testing.T) {
	if testing.Short() {
		t.Skip("loads every shared spec; skipped with -short")
	}
	root := modtest.SharedSpecs(t)
	var paths []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && (strings.HasSuffix(p, ".json") || strings.HasSuffix(p, ".yaml")) {
			paths = append(paths, p)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(paths)
	type specTally struct {
		real bool
		by   map[dialect.Dialect]tally
	}
	results := make([]specTally, len(paths))
	var mu sync.Mutex
	problems := 0
	report := func(format string, args ...any) {
		mu.Lock()
		defer mu.Unlock()
		problems++
		if problems <= 40 {
			t.Errorf(format, args...)
		}
	}
	sem := make(chan struct{}, 2)
	var wg sync.WaitGroup
	for i, path := range paths {
		rel, _ := filepath.Rel(root, path)
		results[i].real = strings.HasPrefix(rel, "real"+string(filepath.Separator))
		results[i].by = map[dialect.Dialect]tally{}
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			api, _, err := gen.Load(gen.Options{Spec: path})
			if err != nil {
				t.Logf("%s: not loaded: %v", rel, err)
				return
			}
			ops, err := catalog.Operations(api)
			if err != nil {
				report("%s: %v", rel, err)
			}
			byName := map[string]*ir.Operation{}
			for _, op := range api.Operations {
				byName[op.Name] = op
			}
			for _, op := range ops {
				measureTool(t, api, byName[op.Name], op.Name, []byte(op.Schema), results[i].by, func(f string, a ...any) {
					report(rel+": "+f, a...)
				})
			}
		}()
	}
	wg.Wait()
	for _, subset := range []struct {
		name string
		real bool
	}{{"real APIs (shared/specs/real)", true}, {"every shared spec", false}} {
		sum := map[dialect.Dialect]tally{}
		for _, r := range results {
			if subset.real && !r.real {
				continue
			}
			for d, c := range r.by {
				s := sum[d]
				s.tools += c.tools
				s.asIs += c.asIs
				s.adapted += c.adapted
				s.refused += c.refused
				s.warnings += c.warnings
				if s.byKeyword == nil {
					s.byKeyword = map[string]int{}
				}
				for k, n := range c.byKeyword {
					s.byKeyword[k] += n
				}
				sum[d] = s
			}
		}
		t.Logf("%s:", subset.name)
		for _, d := range dialect.Dialects() {
			t.Logf("  %-13s %v", d, sum[d])
		}
		for _, d := range dialect.Dialects() {
			var parts []string
			for k, n := range sum[d].byKeyword {
				parts = append(parts, fmt.Sprintf("%s %d", k, n))
			}
			sort.Strings(parts)
			t.Logf("  %-13s changes by keyword: %s", d, strings.Join(parts, ", "))
		}
	}
}

// measureTool adapts one tool's schema to every dialect and checks the
// results.
func measureTool(t *testing.T, api *ir.API, op *ir.Operation, name string, schema []byte, by map[dialect.Dialect]tally, fail func(string, ...any)) {
	orig, err := compile(schema, false)
	if err != nil {
		fail("%s: the original schema does not compile: %v", name, err)
		return
	}
	var examples []any
	if op != nil {
		for _, mode := range []example.Mode{example.All, example.RequiredOnly} {
			inst, err := roundTrip(example.Build(api, op, mode))
			if err == nil && orig.Validate(inst) == nil {
				examples = append(examples, inst)
			}
		}
	}
	for _, d := range dialect.Dialects() {
		res, err := dialect.Adapt(name, schema, d)
		if err != nil {
			fail("%s %s: %v", name, d, err)
			continue
		}
		c := by[d]
		c.tools++
		c.warnings += len(res.Warnings)
		if c.byKeyword == nil {
			c.byKeyword = map[string]int{}
		}
		for _, w := range res.Warnings {
			c.byKeyword[w.Keyword]++
		}
		switch res.Verdict {
		case dialect.AsIs:
			c.asIs++
		case dialect.Adapted:
			c.adapted++
		case dialect.Refused:
			c.refused++
			fail("%s %s: refused: %s", name, d, res.Reason)
		}
		by[d] = c
		if res.Verdict == dialect.Refused {
			continue
		}
		if vs, _ := dialect.Check(res.Schema, d); len(vs) > 0 {
			fail("%s %s: the adapted schema breaks the rules: %v", name, d, vs)
			continue
		}
		adapted, err := compile(res.Schema, d == dialect.Gemini)
		if err != nil {
			fail("%s %s: the adapted schema does not compile: %v", name, d, err)
			continue
		}
		for _, ex := range examples {
			enc, err := roundTrip(res.Encode(ex.(map[string]any)))
			if err != nil {
				fail("%s %s: encoded example: %v", name, d, err)
				continue
			}
			if err := adapted.Validate(enc); err != nil {
				if d == dialect.OpenAIStrict && onlyUndeclaredKeys(err) {
					// Strict mode closes every object (a warning says
					// so): keys the spec does not declare cannot be sent.
					continue
				}
				data, _ := json.Marshal(enc)
				fail("%s %s: example %.300s does not satisfy the adapted schema %.600s: %.400v", name, d, data, res.Schema, err)
				continue
			}
			back, _ := roundTrip(enc)
			var got, want any = res.Restore(back.(map[string]any)), ex
			if d == dialect.OpenAIStrict {
				// An explicit null for an optional property reads as
				// "left out" in strict mode (a warning says so).
				want, got = dropNulls(want), dropNulls(got)
			}
			if !reflect.DeepEqual(jsonStrings(got), jsonStrings(want)) {
				fail("%s %s: Restore(Encode(x)) = %v, want %v", name, d, got, ex)
			}
		}
	}
}

// compile compiles a schema with santhosh-tekuri/jsonschema; nullable
// reads Gemini's "nullable": true as a type list with null, what it means
// in OpenAPI 3.0.
func compile(schema []byte, nullable bool) (*jsonschema.Schema, error) {
	doc, err := jsonschema.UnmarshalJSON(strings.NewReader(string(schema)))
	if err != nil {
		return nil, err
	}
	if nullable {
		doc = nullableToTypes(doc)
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	if err := c.AddResource("tool.json", doc); err != nil {
		return nil, err
	}
	return c.Compile("tool.json")
}

func nullableToTypes(v any) any {
	switch x := v.(type) {
	case map[string]any:
		if x["nullable"] == true {
			if t, ok := x["type"].(string); ok {
				x["type"] = []any{t, "null"}
			}
			delete(x, "nullable")
		}
		for k, e := range x {
			x[k] = nullableToTypes(e)
		}
	case []any:
		for i, e := range x {
			x[i] = nullableToTypes(e)
		}
	}
	return v
}

// onlyUndeclaredKeys reports whether a validation error is only about
// keys an object does not declare.
func onlyUndeclaredKeys(err error) bool {
	leaves := 0
	for _, line := range strings.Split(err.Error(), "\n") {
		line = strings.TrimSpace(line)
		if !strings.HasPrefix(line, "- at ") || strings.HasSuffix(line, "failed") {
			continue
		}
		leaves++
		if !strings.Contains(line, "additional properties") {
			return false
		}
	}
	return leaves > 0
}

// dropNulls removes the object members whose value is null.
func dropNulls(v any) any {
	switch x := v.(type) {
	case map[string]any:
		out := map[string]any{}
		for k, e := range x {
			if e != nil {
				out[k] = dropNulls(e)
			}
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = dropNulls(e)
		}
		return out
	}
	return v
}

// jsonStrings reads the strings that hold a JSON object or array as that
// value: where a union takes both a string and a value asked for as JSON
// text, such a string comes back decoded (see Result.Restore).
func jsonStrings(v any) any {
	switch x := v.(type) {
	case map[string]any:
		out := map[string]any{}
		for k, e := range x {
			out[k] = jsonStrings(e)
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = jsonStrings(e)
		}
		return out
	case string:
		if t := strings.TrimSpace(x); t != "" && (t[0] == '{' || t[0] == '[') {
			var d any
			if json.Unmarshal([]byte(t), &d) == nil {
				return jsonStrings(d)
			}
		}
	}
	return v
}

// roundTrip writes v as JSON and reads it back as the validator does.
func roundTrip(v any) (any, error) {
	data, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	var out any
	dec := json.NewDecoder(strings.NewReader(string(data)))
	if err := dec.Decode(&out); err != nil {
		return nil, err
	}
	return out, nil
}
