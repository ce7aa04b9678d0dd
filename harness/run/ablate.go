package run

import (
	"encoding/json"
	"fmt"
	"regexp"
	"sort"
	"strings"

	"github.com/cloudwego/eino/schema"
	"github.com/eino-contrib/jsonschema"

	"github.com/agentready/agentready/gen/toolrt"
)

// The parts of a tool definition an ablation can take away.
const (
	// AblateExample removes the input example from the description.
	AblateExample = "example"
	// AblateConstraints removes what the schema says of values beyond
	// their type: enums, formats, ranges, lengths, patterns, defaults.
	AblateConstraints = "constraints"
	// AblateMeanings removes the argument descriptions from the schema.
	AblateMeanings = "meanings"
	// AblateHints leaves out the producer hints (see Shown) that the
	// dependency graph adds to the inputs' descriptions.
	AblateHints = "hints"
)

// constraintKeys are the schema keywords AblateConstraints removes.
var constraintKeys = []string{"enum", "const", "format", "default", "minimum", "maximum", "exclusiveMinimum",
	"exclusiveMaximum", "multipleOf", "minLength", "maxLength", "pattern", "minItems", "maxItems", "uniqueItems", "examples"}

var exampleLine = regexp.MustCompile(`(?m)^\s*Example:.*$`)

// Ablation returns an Options.Shown that takes the named parts away from
// every tool definition the model is shown, to measure what they are
// worth (the research's headline: the input example and constraints cut
// agent errors sharply).
func Ablation(parts []string) (func(*schema.ToolInfo) (*schema.ToolInfo, error), error) {
	drop := map[string]bool{}
	for _, p := range parts {
		switch p = strings.TrimSpace(p); p {
		case AblateExample, AblateConstraints, AblateMeanings:
			drop[p] = true
		case AblateHints, "":
			// Hints are added by Shown, not taken away here.
		default:
			return nil, fmt.Errorf("cannot ablate %q: use %s, %s, %s or %s", p, AblateExample, AblateConstraints, AblateMeanings, AblateHints)
		}
	}
	if len(drop) == 0 {
		return nil, nil
	}
	return func(info *schema.ToolInfo) (*schema.ToolInfo, error) {
		out := *info
		if drop[AblateExample] {
			out.Desc = strings.TrimSpace(exampleLine.ReplaceAllString(out.Desc, ""))
		}
		if !drop[AblateConstraints] && !drop[AblateMeanings] {
			return &out, nil
		}
		return editParams(&out, func(tree map[string]any) {
			strip(tree, drop[AblateConstraints], drop[AblateMeanings], false)
		})
	}, nil
}

// editParams rewrites info's parameter schema, decoded as plain JSON, in
// place.
func editParams(info *schema.ToolInfo, edit func(tree map[string]any)) (*schema.ToolInfo, error) {
	if info.ParamsOneOf == nil {
		return info, nil
	}
	js, err := info.ParamsOneOf.ToJSONSchema()
	if err != nil || js == nil {
		return info, err
	}
	raw, err := json.Marshal(js)
	if err != nil {
		return nil, err
	}
	var tree map[string]any
	if err := json.Unmarshal(raw, &tree); err != nil {
		return nil, err
	}
	edit(tree)
	raw, err = json.Marshal(tree)
	if err != nil {
		return nil, err
	}
	// SchemaFromJSON keeps the keywords Eino's schema has no field for
	// (a dialect's "nullable").
	edited, err := toolrt.SchemaFromJSON(raw)
	if err != nil {
		return nil, err
	}
	keepOrder(edited, js)
	info.ParamsOneOf = schema.NewParamsOneOfByJSONSchema(edited)
	return info, nil
}

// keepOrder puts the properties of an edited schema back in the order of
// the original's: the plain JSON the edit went through sorts them, and
// the order is part of what a model reads (owner before repo).
func keepOrder(edited, original *jsonschema.Schema) {
	if edited == nil || original == nil {
		return
	}
	if edited.Properties != nil && original.Properties != nil {
		for p := original.Properties.Oldest(); p != nil; p = p.Next() {
			if v, ok := edited.Properties.Get(p.Key); ok {
				edited.Properties.Delete(p.Key)
				edited.Properties.Set(p.Key, v)
				keepOrder(v, p.Value)
			}
		}
	}
	keepOrder(edited.Items, original.Items)
	keepOrder(edited.AdditionalProperties, original.AdditionalProperties)
	for _, pair := range []struct{ e, o []*jsonschema.Schema }{{edited.AllOf, original.AllOf}, {edited.AnyOf, original.AnyOf},
		{edited.OneOf, original.OneOf}, {edited.PrefixItems, original.PrefixItems}} {
		for i := range min(len(pair.e), len(pair.o)) {
			keepOrder(pair.e[i], pair.o[i])
		}
	}
	for name, d := range edited.Definitions {
		keepOrder(d, original.Definitions[name])
	}
}

// strip removes keywords from a decoded JSON Schema in place. Under
// "properties" the keys are argument names, not keywords, and are kept.
func strip(v any, constraints, meanings, inProperties bool) {
	switch n := v.(type) {
	case map[string]any:
		if !inProperties {
			if constraints {
				for _, k := range constraintKeys {
					delete(n, k)
				}
			}
			if meanings {
				delete(n, "description")
			}
		}
		keys := make([]string, 0, len(n))
		for k := range n {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			strip(n[k], constraints, meanings, !inProperties && (k == "properties" || k == "$defs"))
		}
	case []any:
		for _, x := range n {
			strip(x, constraints, meanings, false)
		}
	}
}
