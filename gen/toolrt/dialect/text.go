package dialect

import (
	"strings"
)

// phrase says in words what a keyword the dialect does not take meant,
// for the description; "" for a keyword that means nothing to a model
// (an annotation such as "readOnly: false").
func phrase(k string, v any) string {
	n := text2(v)
	switch k {
	case "minLength":
		return "At least " + n + " characters"
	case "maxLength":
		return "At most " + n + " characters"
	case "pattern":
		return "Matches the pattern " + n
	case "format":
		return "Format " + n
	case "minimum":
		return "At least " + n
	case "maximum":
		return "At most " + n
	case "exclusiveMinimum":
		if b, ok := v.(bool); ok {
			return boolPhrase(b, "The minimum is exclusive")
		}
		return "Greater than " + n
	case "exclusiveMaximum":
		if b, ok := v.(bool); ok {
			return boolPhrase(b, "The maximum is exclusive")
		}
		return "Less than " + n
	case "multipleOf":
		return "A multiple of " + n
	case "minItems":
		return "At least " + n + " items"
	case "maxItems":
		return "At most " + n + " items"
	case "uniqueItems":
		return boolPhrase(v == true, "Items are unique")
	case "minProperties":
		return "At least " + n + " keys"
	case "maxProperties":
		return "At most " + n + " keys"
	case "default":
		return "Default " + value(v)
	case "const":
		return "Always " + value(v)
	case "enum":
		vals, _ := v.([]any)
		parts := make([]string, len(vals))
		for i, e := range vals {
			parts[i] = value(e)
		}
		return "One of " + strings.Join(parts, ", ")
	case "deprecated":
		return boolPhrase(v == true, "Deprecated")
	case "readOnly", "writeOnly":
		return ""
	case "example":
		return "Example " + value(v)
	case "examples":
		return "Examples " + value(v)
	case "title":
		return n
	}
	return k + " " + value(v)
}

func boolPhrase(b bool, s string) string {
	if b {
		return s
	}
	return ""
}

// value writes a value as a model reads it: JSON, strings quoted.
func value(v any) string { return string(encode(v)) }

// join appends notes to a description as sentences.
func join(desc string, notes ...string) string {
	out := strings.TrimSpace(desc)
	for _, n := range notes {
		n = strings.TrimSpace(n)
		if n == "" || strings.Contains(out, n) {
			continue
		}
		if out != "" && !strings.HasSuffix(out, ".") {
			out += "."
		}
		if out != "" {
			out += " "
		}
		out += n + "."
	}
	return out
}
