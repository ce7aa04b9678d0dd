package run

import (
	"slices"
	"strings"

	"github.com/cloudwego/eino/schema"
)

// Shown returns the Options.Shown of a run: it adds the producer hints
// (graph.Hints: per tool and input, where the input's value comes from)
// to the inputs' descriptions, unless AblateHints is among ablate, and
// takes the other ablated parts away. Nil when it changes nothing.
func Shown(hints map[string]map[string]string, ablate []string) (func(*schema.ToolInfo) (*schema.ToolInfo, error), error) {
	return ShownOver(hints, nil, ablate)
}

// ShownOver is Shown for definitions that already point to a source for
// some inputs (toolschema.Pointers: the spec's own "Find it with
// listUsers" sentence, by tool name and input): where the graph gives a hint
// for such an input, the hint takes the pointer's place instead of
// following it, as a graph's hint does in generated code, so the model
// reads one account of where the value comes from.
func ShownOver(hints, pointers map[string]map[string]string, ablate []string) (func(*schema.ToolInfo) (*schema.ToolInfo, error), error) {
	strip, err := Ablation(ablate)
	if err != nil {
		return nil, err
	}
	if slices.Contains(ablate, AblateHints) || len(hints) == 0 {
		return strip, nil
	}
	return func(info *schema.ToolInfo) (*schema.ToolInfo, error) {
		out := *info
		shown, err := &out, error(nil)
		if inputs := hints[info.Name]; len(inputs) > 0 {
			if shown, err = editParams(&out, func(tree map[string]any) { addHints(tree, inputs, pointers[info.Name]) }); err != nil {
				return nil, err
			}
		}
		if strip == nil {
			return shown, nil
		}
		return strip(shown)
	}, nil
}

// addHints appends each input's hint to its description in a decoded
// parameters schema, in place of the input's pointer when it has one. An
// input is an argument or a dotted path into one ("body.owner.id"); an
// argument's own name may hold dots, so the longest name that matches is
// taken first. An input the schema does not hold is passed over.
func addHints(tree map[string]any, inputs, pointers map[string]string) {
	for input, hint := range inputs {
		node := propertyAt(tree, strings.Split(input, "."))
		if node == nil {
			continue
		}
		desc, _ := node["description"].(string)
		if strings.Contains(desc, hint) {
			continue
		}
		if p := pointers[input]; p != "" && strings.HasSuffix(desc, p) {
			desc = strings.TrimSuffix(desc, p)
		}
		if desc = strings.TrimSpace(desc); desc != "" && !strings.HasSuffix(desc, ".") {
			desc += "."
		}
		node["description"] = strings.TrimSpace(desc + " " + hint)
	}
}

// propertyAt finds the property schema a path names, or nil.
func propertyAt(node map[string]any, path []string) map[string]any {
	if len(path) == 0 {
		return node
	}
	props, _ := node["properties"].(map[string]any)
	for i := len(path); i >= 1; i-- {
		if next, ok := props[strings.Join(path[:i], ".")].(map[string]any); ok {
			if found := propertyAt(next, path[i:]); found != nil {
				return found
			}
		}
	}
	if items, ok := node["items"].(map[string]any); ok {
		return propertyAt(items, path)
	}
	return nil
}
