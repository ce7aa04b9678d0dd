package toolrt

import (
	"bytes"
	"encoding/json"
	"reflect"
	"sync"
)

// MarshalWithAdditional writes the JSON object of known (a struct without
// the extra keys) merged with extra: generated types whose schema allows
// additionalProperties keep them in a map field and call this from
// MarshalJSON. Known fields win over extra keys of the same name.
func MarshalWithAdditional[V any](known any, extra map[string]V) ([]byte, error) {
	b, err := json.Marshal(known)
	if err != nil {
		return nil, err
	}
	if len(extra) == 0 {
		return b, nil
	}
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(b, &obj); err != nil {
		return nil, err
	}
	for k, v := range extra {
		if _, ok := obj[k]; ok {
			continue
		}
		raw, err := json.Marshal(v)
		if err != nil {
			return nil, err
		}
		obj[k] = raw
	}
	return json.Marshal(obj)
}

// UnmarshalWithAdditional reads a JSON object into known (a pointer to a
// struct without the extra keys) and puts every key that is not one of the
// struct's fields into *extra.
func UnmarshalWithAdditional[V any](data []byte, known any, extra *map[string]V) error {
	if err := json.Unmarshal(data, known); err != nil {
		return err
	}
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(data, &obj); err != nil || obj == nil {
		return err
	}
	fields := jsonFields(reflect.TypeOf(known))
	for k, raw := range obj {
		if fields[k] {
			continue
		}
		var v V
		if err := json.Unmarshal(raw, &v); err != nil {
			return &json.UnmarshalTypeError{Value: string(raw), Field: k, Type: reflect.TypeOf(v)}
		}
		if *extra == nil {
			*extra = make(map[string]V)
		}
		(*extra)[k] = v
	}
	return nil
}

var fieldCache sync.Map // reflect.Type -> map[string]bool, immutable once stored

// jsonFields returns the JSON keys of a struct type's fields.
func jsonFields(t reflect.Type) map[string]bool {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if v, ok := fieldCache.Load(t); ok {
		return v.(map[string]bool)
	}
	out := map[string]bool{}
	if t.Kind() == reflect.Struct {
		for i := 0; i < t.NumField(); i++ {
			if name := jsonName(t.Field(i)); name != "" {
				out[name] = true
			}
		}
	}
	fieldCache.Store(t, out)
	return out
}

// RawJSON returns raw, or null when raw is empty: the MarshalJSON of a
// union type that holds no value yet.
func RawJSON(raw json.RawMessage) ([]byte, error) {
	if len(bytes.TrimSpace(raw)) == 0 {
		return []byte("null"), nil
	}
	return raw, nil
}

// CloneJSON copies data, for a union's UnmarshalJSON (the decoder reuses
// its buffer).
func CloneJSON(data []byte) json.RawMessage {
	return append(json.RawMessage(nil), data...)
}
