package dialect

import (
	"bytes"
	"encoding/json"
	"maps"
	"strings"
)

// valueMap says where arguments differ between an adapted schema and its
// original; nil means nowhere below.
type valueMap struct {
	// jsonText: the value is asked for as JSON text in a string.
	jsonText bool
	// absentAsNull are the optional properties made required and
	// nullable: null stands for "left out".
	absentAsNull map[string]bool
	props        map[string]*valueMap
	items        *valueMap
	// variants are a union's, in order; kinds says what each takes
	// ("object", "array", "text", or "" for anything else), to pick the
	// one a value was written for.
	variants []*valueMap
	kinds    []string
	// keys are an object variant's property names.
	keys map[string]bool
	// isRef marks the map of a definition kept under $defs, shared by
	// its uses and filled in once the definition is converted: never
	// pruned as empty.
	isRef bool
}

// empty reports whether m changes nothing (a nil map is empty).
func (m *valueMap) empty() bool {
	return m == nil || !m.isRef && !m.jsonText && len(m.absentAsNull) == 0 && len(m.props) == 0 && m.items == nil && len(m.variants) == 0
}

// restore turns a value written for the adapted schema into one for the
// original.
func (m *valueMap) restore(v any) any {
	if m == nil {
		return v
	}
	if m.jsonText {
		if s, ok := v.(string); ok {
			if dv, ok := decodeText(s); ok {
				return dv
			}
		}
		return v
	}
	if len(m.variants) > 0 {
		return m.variant(v, true).restore(v)
	}
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			if e == nil && m.absentAsNull[k] {
				delete(x, k)
				continue
			}
			if sub := m.props[k]; sub != nil {
				x[k] = sub.restore(e)
			}
		}
	case []any:
		if m.items != nil {
			for i, e := range x {
				x[i] = m.items.restore(e)
			}
		}
	}
	return v
}

// encode turns a value for the original schema into one written for the
// adapted schema.
func (m *valueMap) encode(v any) any {
	if m == nil {
		return v
	}
	if m.jsonText {
		var b bytes.Buffer
		enc := json.NewEncoder(&b)
		enc.SetEscapeHTML(false)
		if enc.Encode(v) != nil {
			return v
		}
		return string(bytes.TrimRight(b.Bytes(), "\n"))
	}
	if len(m.variants) > 0 {
		return m.variant(v, false).encode(v)
	}
	switch x := v.(type) {
	case map[string]any:
		out := maps.Clone(x)
		for k, e := range x {
			if sub := m.props[k]; sub != nil {
				out[k] = sub.encode(e)
			}
		}
		for k := range m.absentAsNull {
			if _, ok := out[k]; !ok {
				out[k] = nil
			}
		}
		return out
	case []any:
		if m.items == nil {
			return v
		}
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = m.items.encode(e)
		}
		return out
	}
	return v
}

// variant picks the union variant a value was written for: for an object
// the first object variant that declares all of its keys, for an array
// the first array variant; failing those, a variant that takes JSON text.
// A string goes to a JSON-text variant when no variant takes plain
// strings; when one does, a string is written as it is, and read back as
// JSON only when it holds a JSON object or array (restoring), text a plain
// string rarely means. Nil when none is known to.
func (m *valueMap) variant(v any, restoring bool) *valueMap {
	text := func() *valueMap {
		for i, k := range m.kinds {
			if k == "text" {
				return m.variants[i]
			}
		}
		return nil
	}
	switch x := v.(type) {
	case map[string]any:
		for i, k := range m.kinds {
			if k != "object" || m.variants[i] == nil {
				continue
			}
			all := true
			for key := range x {
				if !m.variants[i].keys[key] {
					all = false
					break
				}
			}
			if all {
				return m.variants[i]
			}
		}
		return text()
	case []any:
		for i, k := range m.kinds {
			if k == "array" {
				return m.variants[i]
			}
		}
		return text()
	case string:
		for _, k := range m.kinds {
			if k == "string" {
				if t := strings.TrimSpace(x); !restoring || t == "" || t[0] != '{' && t[0] != '[' {
					return nil
				}
			}
		}
		return text()
	}
	return nil
}

// decodeText reads JSON text as a value, numbers as float64 (what the
// argument checker reads them as).
func decodeText(s string) (any, bool) {
	var v any
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		return nil, false
	}
	return v, true
}
