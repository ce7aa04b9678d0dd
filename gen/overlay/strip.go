package overlay

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"github.com/speakeasy-api/openapi/overlay"
	"gopkg.in/yaml.v3"

	"github.com/agentready/agentready/gen/atomicfile"
)

// stripped are the keys StripDocs removes: what a spec says in prose or
// by example rather than in its schema.
var stripped = map[string]bool{"description": true, "summary": true, "example": true, "examples": true}

// StripDocs returns an overlay that removes every description, summary
// and example of the spec document data (JSON or YAML), one remove action
// each, leaving names, schemas and everything else as they are. Keys of a
// properties map are field names, not documentation: a field called
// "description" stays. It shows what tools built from a spec's structure
// alone look like, and is how tests make a badly documented copy of a
// good spec with the same machinery users apply.
func StripDocs(data []byte) (*overlay.Overlay, error) {
	var root yaml.Node
	if err := yaml.Unmarshal(data, &root); err != nil {
		return nil, fmt.Errorf("strip: the spec is not JSON or YAML: %w", err)
	}
	if root.Kind != yaml.DocumentNode || len(root.Content) == 0 {
		return nil, fmt.Errorf("strip: the spec is empty")
	}
	o := &overlay.Overlay{Version: "1.0.0", Info: overlay.Info{Title: "strip descriptions, summaries and examples", Version: "1"}}
	// A response's description is required by OpenAPI 3 and no model
	// reads it as part of a tool; it stays.
	var walk func(n *yaml.Node, path string, fieldNames, response bool)
	walk = func(n *yaml.Node, path string, fieldNames, response bool) {
		switch n.Kind {
		case yaml.MappingNode:
			for i := 0; i+1 < len(n.Content); i += 2 {
				key, val := n.Content[i].Value, n.Content[i+1]
				at := path + "[" + quote(key) + "]"
				if !fieldNames && stripped[key] && !(response && key == "description") {
					o.Actions = append(o.Actions, overlay.Action{Target: at, Remove: true})
					continue
				}
				// Below properties the keys are field names; below an
				// extension or an enum, values of the API's own.
				if key == "enum" || key == "default" || strings.HasPrefix(key, "x-") && !fieldNames {
					continue
				}
				if fieldNames || key != "responses" {
					walk(val, at, !fieldNames && key == "properties", false)
					continue
				}
				// Each value below responses is a response object.
				for j := 0; val.Kind == yaml.MappingNode && j+1 < len(val.Content); j += 2 {
					walk(val.Content[j+1], at+"["+quote(val.Content[j].Value)+"]", false, true)
				}
			}
		case yaml.SequenceNode:
			for i, c := range n.Content {
				walk(c, path+"["+strconv.Itoa(i)+"]", false, false)
			}
		}
	}
	walk(root.Content[0], "$", false, false)
	return o, nil
}

// quote writes a key as a JSONPath bracket string.
func quote(key string) string {
	return "'" + strings.ReplaceAll(strings.ReplaceAll(key, `\`, `\\`), "'", `\'`) + "'"
}

// Write encodes o as YAML at path.
func Write(path string, o *overlay.Overlay) error {
	var buf bytes.Buffer
	if err := o.Format(&buf); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return atomicfile.Write(path, buf.Bytes())
}
