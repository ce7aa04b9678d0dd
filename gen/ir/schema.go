package ir

// Kind is the JSON type of a schema after lowering.
type Kind string

// The schema kinds. KindAny accepts any JSON value; KindUnion is a oneOf or
// anyOf whose variants are in Schema.Variants.
const (
	KindAny     Kind = "any"
	KindString  Kind = "string"
	KindInteger Kind = "integer"
	KindNumber  Kind = "number"
	KindBoolean Kind = "boolean"
	KindArray   Kind = "array"
	KindObject  Kind = "object"
	KindUnion   Kind = "union"
	// KindNull is the JSON null type; it appears only as a union variant
	// or in a schema that allows nothing else.
	KindNull Kind = "null"
)

// Schema is a lowered JSON Schema. When Ref is set, the schema is the named
// type [Type] with that ID, and only Description, Nullable, ReadOnly,
// WriteOnly, Deprecated, Default and Example may be set beside it (as
// use-site annotations).
type Schema struct {
	Ref string `json:"ref,omitempty"`

	Kind   Kind   `json:"kind,omitempty"`
	Format string `json:"format,omitempty"`
	// Nullable is true when null is accepted beside the Kind.
	Nullable    bool   `json:"nullable,omitempty"`
	Title       string `json:"title,omitempty"`
	Description string `json:"description,omitempty"`
	// Enum holds the allowed values as decoded JSON (string, float64,
	// bool, nil); Const is a one-value enum.
	Enum []any `json:"enum,omitempty"`
	// EnumDescriptions holds what the spec says each Enum value means,
	// in Enum's order ("" for a value it says nothing of); nil when it
	// says nothing of any (x-enum-descriptions, x-enumDescriptions,
	// x-ms-enum values, or a oneOf of described consts).
	EnumDescriptions []string `json:"enumDescriptions,omitempty"`
	Default          any      `json:"default,omitempty"`
	// Example is one example value; the spec's "examples" list contributes
	// its first entry when "example" is absent.
	Example any `json:"example,omitempty"`

	// Numbers.
	Minimum          *float64 `json:"minimum,omitempty"`
	Maximum          *float64 `json:"maximum,omitempty"`
	ExclusiveMinimum bool     `json:"exclusiveMinimum,omitempty"`
	ExclusiveMaximum bool     `json:"exclusiveMaximum,omitempty"`
	MultipleOf       *float64 `json:"multipleOf,omitempty"`

	// Strings.
	MinLength *int64 `json:"minLength,omitempty"`
	MaxLength *int64 `json:"maxLength,omitempty"`
	Pattern   string `json:"pattern,omitempty"`

	// Arrays.
	Items       *Schema `json:"items,omitempty"`
	MinItems    *int64  `json:"minItems,omitempty"`
	MaxItems    *int64  `json:"maxItems,omitempty"`
	UniqueItems bool    `json:"uniqueItems,omitempty"`

	// Objects. Properties keep the spec's order. AdditionalProperties is
	// the schema of extra keys; nil with AllowsAdditional false means the
	// spec says nothing of them (most specs) or forbids them.
	Properties           []*Property `json:"properties,omitempty"`
	AdditionalProperties *Schema     `json:"additionalProperties,omitempty"`
	// ClosedObject is true when the spec forbids keys beyond Properties
	// (additionalProperties: false).
	ClosedObject  bool   `json:"closedObject,omitempty"`
	MinProperties *int64 `json:"minProperties,omitempty"`
	MaxProperties *int64 `json:"maxProperties,omitempty"`

	// Unions: the variants of a oneOf (Exclusive) or anyOf.
	Variants      []*Schema      `json:"variants,omitempty"`
	Exclusive     bool           `json:"exclusive,omitempty"`
	Discriminator *Discriminator `json:"discriminator,omitempty"`

	ReadOnly   bool `json:"readOnly,omitempty"`
	WriteOnly  bool `json:"writeOnly,omitempty"`
	Deprecated bool `json:"deprecated,omitempty"`
}

// Property is one property of an object schema.
type Property struct {
	// Name is the JSON key.
	Name string `json:"name"`
	// GoName is the struct field name, unique within the struct.
	GoName   string  `json:"goName"`
	Required bool    `json:"required,omitempty"`
	Schema   *Schema `json:"schema"`
}

// Discriminator names the property that selects a union's variant.
type Discriminator struct {
	Property string `json:"property"`
	// Mapping maps property values to variant type IDs.
	Mapping map[string]string `json:"mapping,omitempty"`
}

// Type is a named schema: it becomes one named Go type.
type Type struct {
	// ID is unique in the API and stable across runs: the component
	// pointer for component schemas ("#/components/schemas/Pet"), or the
	// place an inline schema was found.
	ID string `json:"id"`
	// Name is the spec's name for a component schema, empty for inline
	// types.
	Name string `json:"name,omitempty"`
	// GoName is the exported Go identifier, unique in the package.
	GoName string  `json:"goName"`
	Schema *Schema `json:"schema"`
	// EnumNames are the Go constant names of Schema.Enum's values, in the
	// same order, when the type is an enum.
	EnumNames []string `json:"enumNames,omitempty"`
	Origin    Origin   `json:"origin"`
}

// IsObject reports whether s (not following Refs) describes a JSON object
// with declared properties.
func (s *Schema) IsObject() bool {
	return s != nil && s.Ref == "" && s.Kind == KindObject && len(s.Properties) > 0
}

// Property returns the property with the JSON key name, or nil.
func (s *Schema) Property(name string) *Property {
	if s == nil {
		return nil
	}
	for _, p := range s.Properties {
		if p.Name == name {
			return p
		}
	}
	return nil
}

// FieldSchema returns the schema of the value an object schema s (a use,
// resolved through a) holds at key name: the property's, else the
// schema of its additional properties; nil when s declares neither.
func (a *API) FieldSchema(s *Schema, name string) *Schema {
	r := a.Resolve(s)
	if r == nil {
		return nil
	}
	if p := r.Property(name); p != nil {
		return p.Schema
	}
	return r.AdditionalProperties
}
