package toolrt

import (
	"encoding/json"
	"reflect"
	"strings"
	"sync"

	"github.com/eino-contrib/jsonschema"
)

// SchemaFromJSON reads a JSON Schema into Eino's jsonschema.Schema,
// keeping the keywords it has no field for (Gemini's "nullable", an
// OpenAPI "example") in Extras, which it writes back out: its own
// UnmarshalJSON drops them, so a schema in a provider's dialect would lose
// them on the way to the provider.
func SchemaFromJSON(data []byte) (*jsonschema.Schema, error) {
	js := new(jsonschema.Schema)
	if err := json.Unmarshal(data, js); err != nil {
		return nil, err
	}
	var raw any
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, err
	}
	keepExtras(js, raw)
	return js, nil
}

var schemaKeys = sync.OnceValue(func() map[string]bool {
	keys := map[string]bool{"type": true}
	t := reflect.TypeFor[jsonschema.Schema]()
	for i := range t.NumField() {
		name, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
		if name != "" && name != "-" {
			keys[name] = true
		}
	}
	return keys
})

// keepExtras copies raw's unknown keywords into js.Extras, at every
// level.
func keepExtras(js *jsonschema.Schema, raw any) {
	m, ok := raw.(map[string]any)
	if js == nil || !ok {
		return
	}
	known := schemaKeys()
	for k, v := range m {
		if !known[k] {
			if js.Extras == nil {
				js.Extras = map[string]any{}
			}
			js.Extras[k] = v
		}
	}
	if props, ok := m["properties"].(map[string]any); ok && js.Properties != nil {
		for k, v := range props {
			if p, ok := js.Properties.Get(k); ok {
				keepExtras(p, v)
			}
		}
	}
	keepExtras(js.Items, m["items"])
	keepExtras(js.AdditionalProperties, m["additionalProperties"])
	keepExtras(js.Not, m["not"])
	for key, list := range map[string][]*jsonschema.Schema{"anyOf": js.AnyOf, "oneOf": js.OneOf, "allOf": js.AllOf, "prefixItems": js.PrefixItems} {
		raws, _ := m[key].([]any)
		for i := range min(len(list), len(raws)) {
			keepExtras(list[i], raws[i])
		}
	}
	if defs, ok := m["$defs"].(map[string]any); ok {
		for k, v := range defs {
			keepExtras(js.Definitions[k], v)
		}
	}
}
