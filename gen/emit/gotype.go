package emit

import (
	"sort"

	"github.com/dave/jennifer/jen"

	"github.com/agentready/agentready/gen/ir"
)

const (
	toolrtPath   = "github.com/agentready/agentready/gen/toolrt"
	oapiTypes    = "github.com/oapi-codegen/runtime/types"
	jsonPath     = "encoding/json"
	maxAliasHops = 64
)

// category is what a Go type is made of, which decides whether a field of
// that type needs a pointer to say "absent".
type category int

const (
	catScalar category = iota // string, numbers, bool, time, enums
	catStruct                 // a struct with fields
	catUnion                  // a oneOf/anyOf wrapper struct
	catSlice                  // slices and []byte: nil is absent
	catMap                    // maps: nil is absent
	catAny                    // any: nil is absent
)

// typeKind is how a named type is declared.
type typeKind int

const (
	declStruct typeKind = iota
	declEnum
	declUnion
	declSlice
	declMap
	declAlias
)

// declOf decides how the named type t is declared.
func declOf(t *ir.Type) typeKind {
	s := t.Schema
	switch {
	case s.Ref != "":
		return declAlias
	case s.Kind == ir.KindObject && len(s.Properties) > 0:
		return declStruct
	case s.Kind == ir.KindUnion:
		return declUnion
	case len(s.Enum) > 0 && enumKind(s) && len(t.EnumNames) == len(s.Enum):
		return declEnum
	case s.Kind == ir.KindArray:
		return declSlice
	case s.Kind == ir.KindObject:
		return declMap
	}
	return declAlias
}

// enumKind reports whether s's kind can have typed constants, and all its
// values fit that kind.
func enumKind(s *ir.Schema) bool {
	for _, v := range s.Enum {
		switch s.Kind {
		case ir.KindString:
		case ir.KindInteger:
			switch x := v.(type) {
			case int64:
			case float64:
				if x != float64(int64(x)) {
					return false
				}
			default:
				return false
			}
		case ir.KindNumber:
			switch v.(type) {
			case int64, float64:
			default:
				return false
			}
		default:
			return false
		}
	}
	return true
}

// category returns the category of s's Go type, following Refs.
func (e *emitter) category(s *ir.Schema) category {
	for i := 0; s != nil && s.Ref != ""; i++ {
		t := e.api.Type(s.Ref)
		if t == nil || i > maxAliasHops {
			return catAny
		}
		switch declOf(t) {
		case declStruct:
			return catStruct
		case declUnion:
			return catUnion
		case declEnum:
			return catScalar
		case declSlice:
			return catSlice
		case declMap:
			return catMap
		}
		s = t.Schema
	}
	if s == nil {
		return catAny
	}
	switch s.Kind {
	case ir.KindArray:
		return catSlice
	case ir.KindObject:
		return catMap
	case ir.KindAny, ir.KindNull, ir.KindUnion:
		return catAny
	case ir.KindString:
		if s.Format == "byte" {
			return catSlice
		}
		// A File (binary) is a struct that can never contain a cycle: it is
		// held by value when required, like a scalar.
	}
	return catScalar
}

// goType returns the Go type of a schema.
func (e *emitter) goType(s *ir.Schema) *jen.Statement {
	if s == nil {
		return jen.Any()
	}
	if s.Ref != "" {
		t := e.api.Type(s.Ref)
		if t == nil {
			return jen.Any()
		}
		if e.typePath != nil {
			return jen.Qual(e.typePath[t], t.GoName)
		}
		return jen.Id(t.GoName)
	}
	switch s.Kind {
	case ir.KindString:
		switch s.Format {
		case "date-time":
			return jen.Qual("time", "Time")
		case "date":
			return jen.Qual(oapiTypes, "Date")
		case "byte":
			return jen.Index().Byte()
		case "binary":
			return jen.Qual(oapiTypes, "File")
		}
		return jen.String()
	case ir.KindInteger:
		switch s.Format {
		case "int32":
			return jen.Int32()
		case "int64":
			return jen.Int64()
		case "int8":
			return jen.Int8()
		case "int16":
			return jen.Int16()
		case "uint", "uint32", "uint64", "uint8", "uint16":
			return jen.Id(s.Format)
		}
		return jen.Int()
	case ir.KindNumber:
		if s.Format == "float" || s.Format == "float32" {
			return jen.Float32()
		}
		return jen.Float64()
	case ir.KindBoolean:
		return jen.Bool()
	case ir.KindArray:
		return jen.Index().Add(e.goType(s.Items))
	case ir.KindObject:
		if s.AdditionalProperties != nil {
			return jen.Map(jen.String()).Add(e.goType(s.AdditionalProperties))
		}
		return jen.Map(jen.String()).Any()
	}
	return jen.Any()
}

// structTarget returns the ID of the struct type a schema refers to
// (through aliases), or "".
func (e *emitter) structTarget(s *ir.Schema) string {
	for i := 0; s != nil && s.Ref != "" && i < maxAliasHops; i++ {
		t := e.api.Type(s.Ref)
		if t == nil {
			return ""
		}
		if declOf(t) == declStruct {
			return t.ID
		}
		s = t.Schema
	}
	return ""
}

// planPointers decides which required struct-typed fields can hold their
// value directly. A struct cannot contain itself by value, directly or
// through others, so a required field becomes a pointer when holding it
// by value would close such a cycle. Types are taken in name order so the
// outcome is stable.
func (e *emitter) planPointers() {
	e.valueField = map[*ir.Property]bool{}
	edges := map[string][]string{}
	reaches := func(from, to string) bool {
		seen := map[string]bool{}
		stack := []string{from}
		for len(stack) > 0 {
			n := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if n == to {
				return true
			}
			if seen[n] {
				continue
			}
			seen[n] = true
			stack = append(stack, edges[n]...)
		}
		return false
	}
	types := append([]*ir.Type(nil), e.api.Types...)
	sort.Slice(types, func(i, j int) bool { return types[i].GoName < types[j].GoName })
	for _, t := range types {
		if declOf(t) != declStruct {
			continue
		}
		for _, p := range t.Schema.Properties {
			if !p.Required || e.nullable(p.Schema) {
				continue
			}
			target := e.structTarget(p.Schema)
			if target == "" {
				continue
			}
			if target == t.ID || reaches(target, t.ID) {
				continue
			}
			edges[t.ID] = append(edges[t.ID], target)
			e.valueField[p] = true
		}
	}
}

// fieldType returns the Go type of a struct field for property p.
func (e *emitter) fieldType(p *ir.Property) *jen.Statement {
	return e.withPointer(e.goType(p.Schema), e.category(p.Schema), p.Required, e.nullable(p.Schema), e.valueField[p])
}

// nullable reports whether s accepts null, at the use or in the type it
// refers to (GitHub's "nullable-simple-user" is nullable wherever used).
func (e *emitter) nullable(s *ir.Schema) bool {
	for i := 0; s != nil && i <= maxAliasHops; i++ {
		if s.Nullable {
			return true
		}
		if s.Ref == "" {
			return false
		}
		t := e.api.Type(s.Ref)
		if t == nil {
			return false
		}
		s = t.Schema
	}
	return false
}

// withPointer makes t a pointer when a field of it must be able to say
// "absent" (optional or nullable) and its zero value cannot: slices, maps
// and any already can.
func (e *emitter) withPointer(t *jen.Statement, cat category, required, nullable, valueOK bool) *jen.Statement {
	switch cat {
	case catSlice, catMap, catAny:
		return t
	case catStruct:
		// A required struct is held by value unless that would close a
		// cycle of structs (valueOK false).
		if required && !nullable && valueOK {
			return t
		}
		return jen.Op("*").Add(t)
	}
	if required && !nullable {
		return t
	}
	return jen.Op("*").Add(t)
}
