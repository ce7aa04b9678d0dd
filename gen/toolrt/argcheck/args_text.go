package argcheck

import (
	"encoding/json"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/agentready/agentready/gen/toolrt/internal/jsonval"
	"github.com/agentready/agentready/internal/english"
	"github.com/agentready/agentready/internal/formats"
)

// OrderedKeys and Member make an object a jsonw.Ordered one, written in
// its key order.
func (o *object) OrderedKeys() []string { return o.keys }

// Member is the value of key k (see OrderedKeys).
func (o *object) Member(k string) any { return o.vals[k] }

// countRange says how many are allowed: "1 to 10 items", "at least 3
// characters"; a negative bound is absent.
func countRange(lo, hi int, word string) string {
	switch {
	case lo >= 0 && hi >= 0 && lo == hi:
		return "exactly " + english.Count(hi, word)
	case lo > 0 && hi >= 0:
		return strconv.Itoa(lo) + " to " + english.Count(hi, word)
	case hi >= 0:
		return "at most " + english.Count(hi, word)
	}
	return "at least " + english.Count(lo, word)
}

func listNames(names []string, limit int) string {
	if len(names) <= limit {
		return strings.Join(names, ", ")
	}
	return strings.Join(names[:limit], ", ") + ", ... (" + strconv.Itoa(len(names)-limit) + " more)"
}

func listValues(vals []any, limit int) string {
	var parts []string
	for i, v := range vals {
		if i == limit {
			parts = append(parts, "... ("+strconv.Itoa(len(vals)-limit)+" more)")
			break
		}
		parts = append(parts, jsonval.Show(v))
	}
	return strings.Join(parts, ", ")
}

// formatText is what to say of a known string format (see package
// formats, which checks it): what to use instead and an example.
type formatText struct {
	accepted string
	example  string
}

var formatTexts = map[string]formatText{
	"date-time":             {"use an RFC 3339 date-time with a time zone", "2024-01-15T09:30:00Z"},
	"date":                  {"use a date as YYYY-MM-DD", "2024-01-15"},
	"time":                  {"use a time as HH:MM:SS, optionally with a time zone", "09:30:00Z"},
	"email":                 {"use a plain email address", "user@example.com"},
	"idn-email":             {"use a plain email address", "user@example.com"},
	"uuid":                  {"use a UUID (8-4-4-4-12 hex digits)", "3f1c2a9e-8b7d-4c6e-9f0a-1b2c3d4e5f60"},
	"uri":                   {"use an absolute URI", "https://example.com/"},
	"url":                   {"use an absolute URL", "https://example.com/"},
	"iri":                   {"use an absolute IRI", "https://example.com/"},
	"uri-reference":         {"use a URI reference", "/path"},
	"iri-reference":         {"use an IRI reference", "/path"},
	"ipv4":                  {"use a dotted IPv4 address", "192.0.2.1"},
	"ipv6":                  {"use an IPv6 address", "2001:db8::1"},
	"hostname":              {"use a DNS host name", "api.example.com"},
	"duration":              {"use an ISO 8601 duration such as PT1H30M or P3D", "PT1H"},
	"json-pointer":          {"use a JSON pointer such as /a/b", "/a/b"},
	"relative-json-pointer": {"use a relative JSON pointer such as 0/a", "0/a"},
	"semver":                {"use a semantic version such as 1.2.3", "1.0.0"},
	"byte":                  {"use base64-encoded data", "aGVsbG8="},
	"int32":                 {"use an integer from -2147483648 to 2147483647", "1"},
	"int64":                 {"use an integer from -9223372036854775808 to 9223372036854775807", "1"},
}

// FormatAccepts reports whether argument checking takes s as a string of
// the given format; a format it does not check takes every string. The
// generator asks it whether an enum's values contradict the enum's format.
func FormatAccepts(format, s string) bool {
	ok, _, _ := checkFormat(format, s)
	return ok
}

// checkFormat checks s against a known format; unknown formats pass.
// An empty string passes no known format: a model that leaves a
// formatted argument blank has not given one.
func checkFormat(format, s string) (ok bool, accepted string, example any) {
	f, known := formatTexts[format]
	if !known {
		return true, "", nil
	}
	if s != "" && formats.Valid(format, s) {
		return true, "", nil
	}
	return false, f.accepted, f.example
}

// describe says in words what n accepts, for "use ...": "an integer from
// 1 to 100", "an array of strings", "a string or null".
func describe(n *node, depth int) string {
	if n == nil || depth > 4 {
		return "a valid value"
	}
	if n.enum != nil {
		if len(n.enum) == 1 {
			return jsonval.Show(n.enum[0])
		}
		return "one of " + listValues(n.enum, 8)
	}
	if len(n.types) > 0 {
		var parts []string
		null := n.nullable
		for _, t := range n.types {
			switch t {
			case akNull:
				null = true
			case akInt:
				if n.mask&(1<<akNum) == 0 {
					parts = append(parts, describeNumber(n))
				}
			case akNum:
				parts = append(parts, describeNumber(n))
			case akStr:
				parts = append(parts, describeString(n))
			case akBool:
				parts = append(parts, "a boolean")
			case akArr:
				parts = append(parts, describeArray(n, depth))
			case akObj:
				parts = append(parts, describeObject(n))
			}
		}
		if null {
			parts = append(parts, "null")
		}
		return strings.Join(parts, " or ")
	}
	if n.ref != nil {
		return describe(n.ref, depth+1)
	}
	for _, a := range n.allOf {
		if d := describe(a, depth+1); d != "a valid value" {
			return d
		}
	}
	if len(n.unions) > 0 {
		var forms []string
		for i, s := range n.unions[0] {
			if i == 4 {
				forms = append(forms, "...")
				break
			}
			forms = append(forms, describe(s, depth+1))
		}
		return strings.Join(forms, " or ")
	}
	switch {
	case n.hasProps:
		return describeObject(n)
	case n.items != nil:
		return describeArray(n, depth)
	}
	return "a valid value"
}

func describeString(n *node) string {
	s := "a string"
	if n.minLen >= 0 || n.maxLen >= 0 {
		s += " of " + countRange(n.minLen, n.maxLen, "character")
	}
	if n.format != "" {
		s += " (format " + n.format + ")"
	}
	return s
}

func describeArray(n *node, depth int) string {
	s := "an array"
	if n.items != nil {
		if p := pluralOf(n.items, depth+1); p != "" {
			s += " of " + p
		}
	}
	if n.minItems >= 0 || n.maxItems >= 0 {
		s += " with " + countRange(n.minItems, n.maxItems, "item")
	}
	return s
}

func describeObject(n *node) string {
	if len(n.propOrder) == 0 {
		return "an object"
	}
	return "an object with fields " + listNames(n.propOrder, 6)
}

// pluralOf names the items an array holds: "strings", "objects",
// `values from "a", "b"`.
func pluralOf(n *node, depth int) string {
	if n == nil || depth > 4 {
		return ""
	}
	if n.enum != nil {
		return "values from " + listValues(n.enum, 8)
	}
	for _, t := range n.types {
		if t == akNull {
			continue
		}
		s := map[kind]string{akBool: "booleans", akInt: "integers", akNum: "numbers", akStr: "strings",
			akArr: "arrays", akObj: "objects"}[t]
		if t == akStr && n.format != "" {
			s += " (format " + n.format + ")"
		}
		return s
	}
	if n.ref != nil {
		return pluralOf(n.ref, depth+1)
	}
	if n.hasProps {
		return "objects"
	}
	return ""
}

// describeNumber says which numbers n accepts: "an integer from 1 to 100".
func describeNumber(n *node) string {
	s := "a number"
	if n.allows(akInt) && n.mask&(1<<akNum) == 0 {
		s = "an integer"
	}
	lo, hi := n.min, n.max
	switch {
	case lo != nil && hi != nil && !lo.excl && !hi.excl:
		return s + " from " + lo.lit + " to " + hi.lit
	case lo == nil && hi == nil:
		return s
	}
	var parts []string
	if lo != nil {
		if lo.excl {
			parts = append(parts, "greater than "+lo.lit)
		} else {
			parts = append(parts, "of at least "+lo.lit)
		}
	}
	if hi != nil {
		switch {
		case hi.excl:
			parts = append(parts, "less than "+hi.lit)
		case lo != nil:
			parts = append(parts, "at most "+hi.lit)
		default:
			parts = append(parts, "of at most "+hi.lit)
		}
	}
	return s + " " + strings.Join(parts, " and ")
}

// summarize is the short type of a missing value: "string, format uuid",
// "array of string", `one of "a", "b"`.
func summarize(n *node, depth int) string {
	if n == nil || depth > 4 {
		return ""
	}
	if n.enum != nil {
		if len(n.enum) <= 6 {
			return "one of " + listValues(n.enum, 6)
		}
		return "one of " + strconv.Itoa(len(n.enum)) + " values"
	}
	var parts []string
	for _, t := range n.types {
		s := kindNames[t]
		if t == akArr && n.items != nil {
			if it := summarize(n.items, depth+1); it != "" && !strings.Contains(it, ",") {
				s += " of " + it
			}
		}
		parts = append(parts, s)
	}
	s := strings.Join(parts, " or ")
	if n.format != "" {
		if s != "" {
			s += ", "
		}
		s += "format " + n.format
	}
	if s != "" {
		return s
	}
	if n.ref != nil {
		return summarize(n.ref, depth+1)
	}
	for _, a := range n.allOf {
		if s := summarize(a, depth+1); s != "" {
			return s
		}
	}
	if len(n.unions) > 0 {
		var forms []string
		for _, m := range n.unions[0] {
			if f := summarize(m, depth+1); f != "" {
				forms = append(forms, f)
			}
		}
		return strings.Join(forms, " or ")
	}
	if n.hasProps {
		return "object"
	}
	return ""
}

// exampleValue is an example of what n accepts, for messages: scalars as
// they are, arrays and objects as JSON text.
func exampleValue(n *node) any {
	v := exampleOf(n, 0)
	if v == placeholder {
		return nil
	}
	return exampleScalar(v)
}

// exampleScalar returns a scalar as it is and anything else as its
// JSON text, for an error message; nil stays nil.
func exampleScalar(v any) any {
	switch v.(type) {
	case nil:
		return nil
	case string, json.Number, bool:
		return v
	}
	return json.RawMessage(jsonval.Append(nil, v))
}

// exampleOf makes a value n accepts: the schema's own example, default or
// first enum value, else one built from type, format and bounds.
// Objects hold their required properties (or the first one, when none
// is required), in schema order.
func exampleOf(n *node, depth int) any {
	if n == nil || depth > 8 || n.never {
		return nil
	}
	if n.hasExample {
		return n.example
	}
	if len(n.enum) > 0 {
		return n.enum[0]
	}
	t, ok := firstType(n)
	if !ok {
		if n.ref != nil {
			return exampleOf(n.ref, depth+1)
		}
		for _, a := range n.allOf {
			if _, isObj := firstType(a); isObj || a.ref != nil {
				break
			}
			if v := exampleOf(a, depth+1); v != nil {
				return v
			}
		}
		if objectShape(n, 0) {
			return exampleObject(n, depth)
		}
		if len(n.unions) > 0 {
			for _, m := range n.unions[0] {
				if v := exampleOf(m, depth+1); v != nil {
					return v
				}
			}
		}
		if n.items != nil {
			t = akArr
		} else {
			return nil
		}
	}
	switch t {
	case akStr:
		return exampleString(n)
	case akInt:
		return exampleNumber(n, true)
	case akNum:
		return exampleNumber(n, n.multipleOf > 0 && n.multipleOf == math.Trunc(n.multipleOf))
	case akBool:
		return true
	case akArr:
		var out []any
		for _, p := range n.prefix {
			out = append(out, exampleOf(p, depth+1))
		}
		if len(out) > 0 || n.maxItems == 0 {
			return append([]any{}, out...)
		}
		item := exampleOf(n.items, depth+1)
		if item == nil && (n.items == nil || !n.items.allows(akNull)) {
			if n.items != nil {
				return []any{}
			}
			item = "text"
		}
		count := max(1, n.minItems)
		if n.unique || count > 16 {
			count = 1
		}
		out = make([]any, count)
		for i := range out {
			out[i] = item
		}
		return out
	case akObj:
		return exampleObject(n, depth)
	}
	return nil
}

// firstType is the first non-null type n declares.
func firstType(n *node) (kind, bool) {
	for _, t := range n.types {
		if t != akNull {
			return t, true
		}
	}
	return akNull, false
}

// objectShape reports whether n (with its $ref and allOf) declares
// properties.
func objectShape(n *node, depth int) bool {
	if n == nil || depth > 8 {
		return false
	}
	if n.hasProps || len(n.required) > 0 {
		return true
	}
	if objectShape(n.ref, depth+1) {
		return true
	}
	for _, a := range n.allOf {
		if objectShape(a, depth+1) {
			return true
		}
	}
	return false
}

func exampleObject(n *node, depth int) any {
	var names []string
	props := map[string]*node{}
	required := map[string]bool{}
	var gather func(m *node, d int)
	gather = func(m *node, d int) {
		if m == nil || d > 8 {
			return
		}
		for _, name := range m.propOrder {
			if _, ok := props[name]; !ok {
				props[name] = m.props[name]
				names = append(names, name)
			}
		}
		for _, r := range m.required {
			required[r] = true
		}
		gather(m.ref, d+1)
		for _, a := range m.allOf {
			gather(a, d+1)
		}
	}
	gather(n, 0)
	o := &object{vals: map[string]any{}}
	for _, name := range names {
		if required[name] {
			o.keys = append(o.keys, name)
		}
	}
	var undeclared []string
	for r := range required {
		if _, ok := props[r]; !ok {
			undeclared = append(undeclared, r)
		}
	}
	sort.Strings(undeclared)
	o.keys = append(o.keys, undeclared...)
	if len(o.keys) == 0 && len(names) > 0 {
		o.keys = names[:1]
	}
	for _, k := range o.keys {
		if p, ok := props[k]; ok {
			o.vals[k] = exampleOf(p, depth+1)
		} else {
			o.vals[k] = "..."
		}
	}
	return o
}

func exampleString(n *node) any {
	if f, ok := formatTexts[n.format]; ok {
		return f.example
	}
	s := placeholder
	if n.minLen > len(s) {
		s = strings.Repeat("x", min(n.minLen, 1000))
	}
	if n.maxLen >= 0 && n.maxLen < len(s) {
		s = s[:n.maxLen]
	}
	return s
}

// placeholder is the made-up string of a schema that says nothing
// more: it keeps an example object valid, but is never offered alone as
// the example of one value (it would teach a placeholder).
const placeholder = "text"

func exampleNumber(n *node, integer bool) json.Number {
	x := 1.0
	step := 1.0
	if n.multipleOf > 0 {
		step = n.multipleOf
	}
	if lo := n.min; lo != nil {
		x = lo.v
		if lo.excl {
			x += step
		}
	} else if hi := n.max; hi != nil && hi.v < 1 {
		x = hi.v
		if hi.excl {
			x -= step
		}
	}
	if integer {
		x = math.Ceil(x)
		if hi := n.max; hi != nil && (x > hi.v || hi.excl && x == hi.v) {
			x = math.Floor(hi.v)
			if hi.excl && x == hi.v {
				x--
			}
		}
	}
	if n.multipleOf > 0 {
		x = math.Ceil(x/n.multipleOf) * n.multipleOf
	}
	if math.IsInf(x, 0) || math.IsNaN(x) {
		x = 1
	}
	if x == math.Trunc(x) && math.Abs(x) < 1e15 {
		return json.Number(strconv.FormatInt(int64(x), 10))
	}
	return json.Number(strconv.FormatFloat(x, 'g', -1, 64))
}
