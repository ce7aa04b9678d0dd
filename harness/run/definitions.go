package run

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/cloudwego/eino/schema"

	"github.com/agentready/agentready/gen/toolrt"
)

// Definitions returns what a run's model is shown of each tool of cat, by
// name: its definition (name, description, parameters schema) after
// shown's rewrite (Options.Shown: producer hints, ablations; nil for
// none), as JSON. Two specs whose Definitions are equal for a tool show
// the model the same tool: a change of the spec that leaves them equal
// cannot change what the model does.
func Definitions(ctx context.Context, cat *toolrt.Catalog, shown func(*schema.ToolInfo) (*schema.ToolInfo, error)) (map[string][]byte, error) {
	out := make(map[string][]byte, len(cat.Tools))
	for _, t := range cat.Tools {
		info, err := t.Info(ctx)
		if err != nil {
			return nil, err
		}
		if shown != nil {
			name := info.Name
			if info, err = shown(info); err != nil {
				return nil, fmt.Errorf("%s: %w", name, err)
			}
		}
		def := struct {
			Name       string `json:"name"`
			Desc       string `json:"description"`
			Parameters any    `json:"parameters,omitempty"`
		}{Name: info.Name, Desc: info.Desc}
		if info.ParamsOneOf != nil {
			js, err := info.ParamsOneOf.ToJSONSchema()
			if err != nil {
				return nil, fmt.Errorf("%s: parameters: %w", info.Name, err)
			}
			def.Parameters = js
		}
		b, err := json.Marshal(def)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", info.Name, err)
		}
		out[info.Name] = b
	}
	return out, nil
}
