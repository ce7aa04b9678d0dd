package describe_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/cloudwego/eino/schema"
	einojsonschema "github.com/eino-contrib/jsonschema"
	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/agentready/agentready/gen/describe"
	"github.com/agentready/agentready/gen/example"
	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/gen/toolschema"
	"github.com/agentready/agentready/internal/modtest"
)

// knownInvalid lists the examples that may fail their schema, as
// "spec/tool/mode", with the reason: a spec whose constraints contradict
// each other admits no valid value. An entry that no longer fails makes
// the test fail, so the list never goes stale.
var knownInvalid = map[string]string{
	// TreeNode requires parent, a TreeNode: no finite value exists.
	"examples/3.0/circular-request-bodies/directCircular/all":      "required self-reference",
	"examples/3.0/circular-request-bodies/directCircular/required": "required self-reference",
	"examples/3.0/circular-request-bodies/directCircular/typical":  "required self-reference",
	// A 3.1 document with draft-04 booleans "exclusiveMinimum: true" and
	// "exclusiveMaximum: true": read as 3.1 numbers they are both 0, so
	// the range (0, 0) is empty.
	"examples/3.1/schema-validation-local/getAnythingNumbers/required":     "draft-04 exclusive bounds in 3.1",
	"examples/3.1/schema-validation-local/getAnythingNumbers/typical":      "draft-04 exclusive bounds in 3.1",
	"examples/3.1/schema-validation-local/getAnythingNumbers/all":          "draft-04 exclusive bounds in 3.1",
	"examples/3.1/schema-validation-top-level/getAnythingNumbers/required": "draft-04 exclusive bounds in 3.1",
	"examples/3.1/schema-validation-top-level/getAnythingNumbers/typical":  "draft-04 exclusive bounds in 3.1",
	"examples/3.1/schema-validation-top-level/getAnythingNumbers/all":      "draft-04 exclusive bounds in 3.1",
}

// specKey names a spec in knownInvalid: its base name, or for the shared
// edge-case documents its path under ../shared/specs.
func specKey(t testing.TB, path string) string {
	if rel, err := filepath.Rel(modtest.SharedSpecs(t), path); err == nil && strings.HasPrefix(rel, "examples") {
		return strings.TrimSuffix(filepath.ToSlash(rel), filepath.Ext(rel))
	}
	return specName(path)
}

// TestExamplesValid checks that the examples gen/example builds, in every
// mode, satisfy the tool's schema for every operation of the real specs,
// the project's golden specs, the shared edge-case documents
// (../shared/specs/examples) and the specs in AGENTREADY_EXTRA_SPECS. The
// validator is santhosh-tekuri/jsonschema (draft 2020-12) with format
// assertion on, so date-time, email, uri, uuid and the like are checked
// too.
func TestExamplesValid(t *testing.T) {
	total, failed := 0, 0
	fired := map[string]bool{}
	forEachTool(t, func(spec string, api *ir.API, op *ir.Operation, sch *jsonschema.Schema, err error) {
		if err != nil {
			t.Errorf("%s %s: schema does not compile: %v", spec, op.Name, err)
			return
		}
		for _, mode := range []example.Mode{example.RequiredOnly, example.Typical, example.All} {
			total++
			args := example.Build(api, op, mode)
			inst, err := roundTrip(args)
			if err != nil {
				t.Errorf("%s %s %s: example is not JSON: %v", spec, op.Name, mode, err)
				continue
			}
			verr := sch.Validate(inst)
			key := fmt.Sprintf("%s/%s/%s", spec, op.Name, mode)
			if verr == nil {
				if !example.Valid(api, &ir.Schema{Kind: ir.KindObject}, args) {
					t.Errorf("%s: arguments are not an object", key)
				}
				continue
			}
			if _, ok := knownInvalid[key]; ok {
				fired[key] = true
				continue
			}
			failed++
			if failed <= 30 {
				data, _ := json.Marshal(args)
				t.Errorf("%s: example %s does not satisfy the schema: %v", key, trim(string(data), 400), trim(verr.Error(), 600))
			}
		}
	})
	for key, why := range knownInvalid {
		if !fired[key] && !testing.Short() {
			t.Errorf("known exception %s (%s) no longer fails: remove it", key, why)
		}
	}
	t.Logf("%d examples checked, %d invalid, %d known exceptions", total, failed, len(fired))
	if failed > 0 {
		t.Errorf("%d of %d examples do not satisfy their schema", failed, total)
	}
}

// forEachTool calls f for every operation of the specs TestExamplesValid
// reads (allSpecPaths and extraSpecPaths), with its tool schema compiled
// with format assertion, or the error that stopped the compilation.
func forEachTool(t *testing.T, f func(spec string, api *ir.API, op *ir.Operation, sch *jsonschema.Schema, err error)) {
	t.Helper()
	for _, path := range append(allSpecPaths(t), extraSpecPaths()...) {
		api := loadSpec(t, path)
		spec := specKey(t, path)
		for _, op := range api.Operations {
			sch, err := compileSchema(api, op)
			f(spec, api, op, sch, err)
		}
	}
}

// TestExamplesNoPlaceholders checks the example in every description of
// the specs TestExamplesValid reads: no string in it, at any depth, is a
// placeholder (see placeholderIn). An agent copies the example's values
// into its calls, and {"owner":"owner"} teaches it to send the name of
// the argument. Each spec's count is logged; with -short and
// AGENTREADY_EXTRA_SPECS set, it checks the golden and the extra specs
// alone.
func TestExamplesNoPlaceholders(t *testing.T) {
	paths := append(allSpecPaths(t), extraSpecPaths()...)
	for _, path := range paths {
		api := loadSpec(t, path)
		spec := specKey(t, path)
		bad := 0
		for _, op := range api.Operations {
			desc := describe.Description(api, op)
			i := strings.LastIndex(desc, "Example: ")
			if i < 0 {
				continue
			}
			var args map[string]any
			if err := json.Unmarshal([]byte(desc[i+len("Example: "):]), &args); err != nil {
				t.Errorf("%s %s: the example is not a JSON object: %v", spec, op.Name, err)
				continue
			}
			var found []string
			for name, v := range args {
				found = append(found, placeholderIn(v, name, name)...)
			}
			if len(found) == 0 {
				continue
			}
			bad++
			if bad <= 10 {
				sort.Strings(found)
				t.Errorf("%s %s: the example shows placeholders %s: %s", spec, op.Name, strings.Join(found, ", "), trim(desc[i:], 300))
			}
		}
		t.Logf("%s: %d of %d descriptions show a placeholder", spec, bad, len(api.Operations))
	}
}

// placeholderIn returns where v, the value at path of an argument or
// property called name, holds a placeholder string: one equal to the
// name, or to the singular of an array's name, compared without case, "_"
// and "-"; or "string", "text" or "value".
func placeholderIn(v any, name, path string) []string {
	switch x := v.(type) {
	case string:
		if isPlaceholder(x, name) {
			return []string{fmt.Sprintf("%s=%q", path, x)}
		}
	case []any:
		var out []string
		for i, e := range x {
			out = append(out, placeholderIn(e, name, fmt.Sprintf("%s[%d]", path, i))...)
		}
		return out
	case map[string]any:
		var out []string
		for k, e := range x {
			out = append(out, placeholderIn(e, k, path+"."+k)...)
		}
		return out
	}
	return nil
}

func isPlaceholder(s, name string) bool {
	norm := func(s string) string {
		return strings.NewReplacer("_", "", "-", "").Replace(strings.ToLower(s))
	}
	v, n := norm(s), norm(name)
	switch {
	case v == "string" || v == "text" || v == "value":
		return true
	case v == "" || n == "":
		return false
	case v == n:
		return true
	case strings.HasSuffix(n, "ies") && v == strings.TrimSuffix(n, "ies")+"y":
		return true
	}
	return strings.HasSuffix(n, "s") && v == strings.TrimSuffix(n, "s") || strings.HasSuffix(n, "es") && v == strings.TrimSuffix(n, "es")
}

func trim(s string, n int) string {
	if len(s) > n {
		return s[:n] + "…"
	}
	return s
}

// compileSchema compiles op's tool schema with format assertion.
func compileSchema(api *ir.API, op *ir.Operation) (*jsonschema.Schema, error) {
	raw, err := toolschema.Build(api, op, toolschema.Options{})
	if err != nil {
		return nil, err
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		return nil, err
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	c.AssertFormat()
	if err := c.AddResource("tool.json", doc); err != nil {
		return nil, err
	}
	return c.Compile("tool.json")
}

func roundTrip(v any) (any, error) {
	data, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	return jsonschema.UnmarshalJSON(bytes.NewReader(data))
}

// TestEinoAcceptsSchemas unmarshals every tool schema of the real and
// golden specs into eino-contrib/jsonschema's Schema, passes it through
// schema.NewParamsOneOfByJSONSchema(...).ToJSONSchema() as an Eino tool
// does, and checks that marshalling the result gives back the same JSON:
// nothing the model should see is lost on the way.
func TestEinoAcceptsSchemas(t *testing.T) {
	paths := allSpecPaths(t)
	n := 0
	for _, path := range paths {
		api := loadSpec(t, path)
		for _, op := range api.Operations {
			raw, err := toolschema.Build(api, op, toolschema.Options{})
			if err != nil {
				t.Fatal(err)
			}
			var js einojsonschema.Schema
			if err := json.Unmarshal(raw, &js); err != nil {
				t.Errorf("%s %s: eino cannot read the schema: %v", specName(path), op.Name, err)
				continue
			}
			out, err := schema.NewParamsOneOfByJSONSchema(&js).ToJSONSchema()
			if err != nil {
				t.Errorf("%s %s: ToJSONSchema: %v", specName(path), op.Name, err)
				continue
			}
			back, err := json.Marshal(out)
			if err != nil {
				t.Errorf("%s %s: marshal: %v", specName(path), op.Name, err)
				continue
			}
			var a, b any
			_ = json.Unmarshal(raw, &a)
			_ = json.Unmarshal(back, &b)
			if !reflect.DeepEqual(emptyAsTrue(a), emptyAsTrue(b)) {
				t.Errorf("%s %s: the schema changes through Eino:\nours: %s\neino: %s", specName(path), op.Name, trim(string(raw), 800), trim(string(back), 800))
			}
			n++
		}
	}
	t.Logf("%d schemas pass through Eino unchanged", n)
}

// emptyAsTrue replaces the empty schema {} by true, its equivalent,
// which is how eino-contrib/jsonschema writes it. v is a schema.
func emptyAsTrue(v any) any {
	x, ok := v.(map[string]any)
	if !ok {
		if a, isList := v.([]any); isList {
			// A list of schemas (anyOf, prefixItems).
			out := make([]any, len(a))
			for i, e := range a {
				out[i] = emptyAsTrue(e)
			}
			return out
		}
		return v
	}
	if len(x) == 0 {
		return true
	}
	out := make(map[string]any, len(x))
	for k, e := range x {
		switch k {
		case "enum", "default", "const", "examples", "required":
			out[k] = e // values, not schemas
		case "properties", "$defs", "patternProperties":
			m, _ := e.(map[string]any)
			named := make(map[string]any, len(m))
			for name, sub := range m {
				named[name] = emptyAsTrue(sub)
			}
			out[k] = named
		default:
			out[k] = emptyAsTrue(e)
		}
	}
	return out
}
