package config

import (
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"testing"
)

func loadSchema(t *testing.T) map[string]any {
	t.Helper()
	var s map[string]any
	if err := json.Unmarshal(JSONSchema(), &s); err != nil {
		t.Fatalf("the schema is not JSON: %v", err)
	}
	return s
}

// TestSchemaMatchesTypes walks Config's yaml fields and the schema side by
// side, so that neither can gain, lose or retype a field without the
// other.
func TestSchemaMatchesTypes(t *testing.T) {
	root := loadSchema(t)
	var walk func(t reflect.Type, node map[string]any, path string)
	walk = func(typ reflect.Type, node map[string]any, path string) {
		node = resolveRef(t, root, node)
		if node["type"] != "object" || node["additionalProperties"] != false {
			t.Errorf("%s: schema is not a closed object", path)
		}
		props, _ := node["properties"].(map[string]any)
		var goNames []string
		for f := range fieldsOf(typ) {
			goNames = append(goNames, f.name)
			field := joinField(path, f.name)
			prop, ok := props[f.name].(map[string]any)
			if !ok {
				t.Errorf("schema lacks %s (Go field %s.%s)", field, typ.Name(), f.Name)
				continue
			}
			if d, _ := prop["description"].(string); d == "" {
				t.Errorf("schema: %s has no description", field)
			}
			ft := f.Type
			if ft.Kind() == reflect.Pointer {
				ft = ft.Elem()
			}
			switch {
			case ft == reflect.TypeFor[Mutations]():
				var types []any
				for _, alt := range prop["oneOf"].([]any) {
					types = append(types, alt.(map[string]any)["type"])
				}
				if !reflect.DeepEqual(types, []any{"boolean", "array"}) {
					t.Errorf("schema: %s is oneOf %v, want boolean or array", field, types)
				}
			case ft.Kind() == reflect.Struct:
				walk(ft, prop, field)
			case ft.Kind() == reflect.Map:
				if prop["type"] != "object" {
					t.Errorf("schema: %s has type %v, want object", field, prop["type"])
					continue
				}
				values, _ := prop["additionalProperties"].(map[string]any)
				if values == nil {
					t.Errorf("schema: %s says nothing of its values", field)
					continue
				}
				walk(ft.Elem(), values, field+".*")
			case ft.Kind() == reflect.Slice:
				if prop["type"] != "array" {
					t.Errorf("schema: %s has type %v, want array", field, prop["type"])
					continue
				}
				items := resolveRef(t, root, prop["items"].(map[string]any))
				if ft.Elem().Kind() == reflect.Struct {
					walk(ft.Elem(), items, field+"[]")
				} else if want := jsonType(ft.Elem()); items["type"] != want {
					t.Errorf("schema: %s[] has type %v, want %s", field, items["type"], want)
				}
			default:
				if want := jsonType(ft); prop["type"] != want {
					t.Errorf("schema: %s has type %v, want %s", field, prop["type"], want)
				}
			}
		}
		for name := range props {
			if !slices.Contains(goNames, name) {
				t.Errorf("schema has %s, which %s lacks", joinField(path, name), typ.Name())
			}
		}
	}
	walk(reflect.TypeFor[Config](), root, "")
}

// resolveRef follows a local $ref.
func resolveRef(t *testing.T, root, node map[string]any) map[string]any {
	ref, ok := node["$ref"].(string)
	if !ok {
		return node
	}
	cur := any(root)
	for _, part := range strings.Split(strings.TrimPrefix(ref, "#/"), "/") {
		cur = cur.(map[string]any)[part]
	}
	m, ok := cur.(map[string]any)
	if !ok {
		t.Fatalf("schema: $ref %s resolves to nothing", ref)
	}
	return m
}

func jsonType(t reflect.Type) string {
	switch t.Kind() {
	case reflect.String:
		return "string"
	case reflect.Bool:
		return "boolean"
	case reflect.Int:
		return "integer"
	case reflect.Float64:
		return "number"
	}
	return "unknown Go kind " + t.Kind().String()
}

// TestSchemaMatchesValidation checks the constraints the schema shares
// with Validate.
func TestSchemaMatchesValidation(t *testing.T) {
	s := loadSchema(t)
	props := s["properties"].(map[string]any)

	if got := s["required"]; !reflect.DeepEqual(got, []any{"spec", "out"}) {
		t.Errorf("required = %v, want [spec out]", got)
	}
	mnl := props["max_name_length"].(map[string]any)
	if mnl["minimum"] != 1.0 || mnl["maximum"] != float64(DefaultMaxNameLength) || mnl["default"] != float64(DefaultMaxNameLength) {
		t.Errorf("max_name_length = %v", mnl)
	}

	rule := s["definitions"].(map[string]any)["rule"].(map[string]any)
	enum := rule["properties"].(map[string]any)["methods"].(map[string]any)["items"].(map[string]any)["enum"].([]any)
	var want []any
	for m := range strings.SplitSeq(methodNames, ", ") {
		want = append(want, m)
	}
	for m := range strings.SplitSeq(methodNames, ", ") {
		want = append(want, strings.ToLower(m))
	}
	if !reflect.DeepEqual(enum, want) {
		t.Errorf("methods enum = %v, want %v", enum, want)
	}
	for _, m := range want {
		if !isMethod(m.(string)) {
			t.Errorf("isMethod(%q) = false", m)
		}
	}

	// Callers get their own copy.
	if JSONSchema()[0] = 'x'; JSONSchema()[0] != '{' {
		t.Error("JSONSchema returns shared bytes")
	}
}
