package dialect

// rules is what a provider accepts in a tool's parameter schema, as its
// documentation and its error messages say. The converter (Adapt) and the
// checker (Check) both read these facts; each applies them on its own.
type rules struct {
	// keywords are the schema keywords accepted; nil accepts any.
	keywords map[string]bool
	// formats are the accepted formats by JSON type; nil accepts any.
	formats map[string]map[string]bool
	// strict: every object closed (additionalProperties false) and every
	// property required (OpenAI's Structured Outputs).
	strict bool
	// typed: every schema has a type, but for a union or a reference.
	typed bool
	// singleType: "type" is one name, and null is said by "nullable"
	// (OpenAPI 3.0), never by a type list or a null type.
	singleType bool
	// noRefs: no "$ref" or "$defs": references are written inline.
	noRefs bool
	// unionAlone: a schema with "anyOf" holds nothing else.
	unionAlone bool
	// propsNeeded: an object below the root declares properties.
	propsNeeded bool
	// itemsNeeded: an array declares its items.
	itemsNeeded bool
	// stringEnums: "enum" only on strings, with string values.
	stringEnums bool
	// limits on the whole schema; zero for none.
	limits limits
}

// limits are OpenAI's Structured Outputs limits on one schema.
type limits struct {
	properties  int // object properties in all
	depth       int // levels of nested objects, the root being one
	enumValues  int // enum values in all
	stringChars int // characters of property names, definition names, enum and const values
	// A string enum with more than bigEnum values may hold at most
	// bigEnumChars characters.
	bigEnum, bigEnumChars int
}

func set(words ...string) map[string]bool {
	m := make(map[string]bool, len(words))
	for _, w := range words {
		m[w] = true
	}
	return m
}

// openAIStrict is the subset of JSON Schema OpenAI's Structured Outputs
// supports with "strict": true (platform.openai.com/docs/guides/structured-outputs,
// "Supported schemas"): types string, number, integer, boolean, object,
// array, null, with enum, const and anyOf; $defs and $ref (recursion
// included); string pattern and format (date-time, time, date, duration,
// email, hostname, ipv4, ipv6, uuid); number multipleOf, minimum,
// maximum, exclusiveMinimum, exclusiveMaximum; array minItems, maxItems.
// Every object has "additionalProperties": false and lists every
// property in "required" (an optional field is emulated by a union with
// null); the root is an object, not anyOf. Not supported, so refused:
// minLength, maxLength, default, uniqueItems, minProperties,
// maxProperties, patternProperties, propertyNames, allOf, oneOf, not,
// if/then/else and the like. Limits: 5,000 object properties, 10 levels
// of nesting, 1,000 enum values, 120,000 characters of names and enum
// and const values, and 15,000 characters for one string enum of more
// than 250 values. (The first version of the guide, in 2024, allowed 100
// properties, 5 levels and 500 enum values, and no string or number
// constraints; models fine-tuned on it keep those rules.)
var openAIStrict = rules{
	keywords: set("type", "description", "title", "enum", "const", "anyOf", "$ref", "$defs", "properties",
		"required", "additionalProperties", "items", "pattern", "format", "multipleOf", "minimum", "maximum",
		"exclusiveMinimum", "exclusiveMaximum", "minItems", "maxItems"),
	formats: map[string]map[string]bool{
		"string": set("date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid"),
	},
	strict:      true,
	typed:       true,
	itemsNeeded: true,
	limits:      limits{properties: 5000, depth: 10, enumValues: 1000, stringChars: 120000, bigEnum: 250, bigEnumChars: 15000},
}

// openAI is what OpenAI's chat completions accept without strict mode:
// any JSON Schema whose root is an object, but an array must say its
// items (the API answers "Invalid schema for function 'f': In
// context=('properties', 'x'), array schema missing items", reported in
// many projects' issues, e.g. sigoden/aichat#1049).
var openAI = rules{itemsNeeded: true}

// gemini is the Schema of a Gemini function declaration's "parameters"
// (ai.google.dev/api/caching#Schema, "a select subset of an OpenAPI 3.0
// schema object"): type (one of string, number, integer, boolean, array,
// object), format, title, description, nullable, enum, items, minItems,
// maxItems, properties, required, minProperties, maxProperties,
// propertyOrdering, minLength, maxLength, pattern, minimum, maximum,
// example, default and anyOf. No $ref or $defs, no additionalProperties,
// no type lists, no exclusive bounds, multipleOf, uniqueItems or const.
// Formats: float and double for numbers, int32 and int64 for integers,
// enum and date-time for strings; enum values are strings ("possible
// values of the element of Type.STRING with enum format"). The API also
// refuses an object without properties ("properties: should be non-empty
// for OBJECT type"), an array without items, a schema without a type
// (Gemini 3 refuses TYPE_UNSPECIFIED; UKGovernmentBEIS/inspect_ai#3097),
// and a union beside other fields ("When using any_of, it must be the only
// field set"; anomalyco/opencode#14700). This is the classic "parameters";
// newer models also take "parametersJsonSchema", which this dialect does
// not use.
var gemini = rules{
	keywords: set("type", "format", "title", "description", "nullable", "enum", "items", "minItems", "maxItems",
		"properties", "required", "minProperties", "maxProperties", "propertyOrdering", "minLength", "maxLength",
		"pattern", "minimum", "maximum", "example", "default", "anyOf"),
	formats: map[string]map[string]bool{
		"number":  set("float", "double"),
		"integer": set("int32", "int64"),
		"string":  set("enum", "date-time"),
	},
	typed:       true,
	singleType:  true,
	noRefs:      true,
	unionAlone:  true,
	propsNeeded: true,
	itemsNeeded: true,
	stringEnums: true,
}

// anthropic is what Anthropic's Messages API accepts as a tool's
// input_schema (docs.anthropic.com, tool use: "a JSON Schema object"):
// JSON Schema with an object root; "input_schema does not support oneOf,
// allOf, or anyOf at the top level" (anthropics/claude-code#27337). Its
// opt-in strict tool use has rules of its own, not modelled here.
var anthropic = rules{}

func rulesOf(d Dialect) rules {
	switch d {
	case OpenAIStrict:
		return openAIStrict
	case OpenAI:
		return openAI
	case Gemini:
		return gemini
	}
	return anthropic
}
