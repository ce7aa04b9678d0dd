package example

import (
	"encoding/json"
	"math"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/gen/toolschema"
	"github.com/agentready/agentready/internal/formats"
)

// Valid reports whether v, a decoded JSON value, satisfies schema s as
// the tool schema (gen/toolschema) writes it: type, nullability, enum,
// range, length, pattern (when checkable), the common formats (date-time,
// date, time, email, uuid, uri, ipv4, ipv6, hostname), items, required
// input properties, closed objects, and unions as "any variant".
func Valid(api *ir.API, s *ir.Schema, v any) bool {
	return valid(api, s, Normalize(v), 0)
}

func valid(api *ir.API, use *ir.Schema, v any, depth int) bool {
	if use == nil {
		return true
	}
	if depth > 256 {
		return false
	}
	s := api.Resolve(use)
	if s == nil {
		return true
	}
	if v == nil {
		return use.Nullable || s.Nullable || s.Kind == ir.KindAny || s.Kind == ir.KindNull || s.Kind == "" ||
			(s.Kind == ir.KindUnion && anyVariant(api, s, v, depth))
	}
	if len(s.Enum) > 0 && !inEnum(s.Enum, v) {
		return false
	}
	switch s.Kind {
	case ir.KindAny, "":
		return true
	case ir.KindNull:
		return false
	case ir.KindUnion:
		return anyVariant(api, s, v, depth)
	case ir.KindBoolean:
		_, ok := v.(bool)
		return ok
	case ir.KindInteger, ir.KindNumber:
		f, ok := v.(float64)
		if !ok || (s.Kind == ir.KindInteger && f != math.Trunc(f)) {
			return false
		}
		return numberOK(s, f)
	case ir.KindString:
		str, ok := v.(string)
		if !ok {
			return false
		}
		return stringOK(s, str)
	case ir.KindArray:
		a, ok := v.([]any)
		if !ok {
			return false
		}
		if s.MinItems != nil && int64(len(a)) < *s.MinItems || s.MaxItems != nil && int64(len(a)) > *s.MaxItems {
			return false
		}
		for _, e := range a {
			if !valid(api, s.Items, e, depth+1) {
				return false
			}
		}
		if s.UniqueItems {
			for i := range a {
				for j := i + 1; j < len(a); j++ {
					if equal(a[i], a[j]) {
						return false
					}
				}
			}
		}
		return true
	case ir.KindObject:
		m, ok := v.(map[string]any)
		if !ok {
			return false
		}
		return objectOK(api, s, m, depth)
	}
	return true
}

func anyVariant(api *ir.API, s *ir.Schema, v any, depth int) bool {
	if v == nil && s.Nullable {
		return true
	}
	for _, vs := range s.Variants {
		if valid(api, vs, v, depth+1) {
			return true
		}
	}
	return false
}

func objectOK(api *ir.API, s *ir.Schema, m map[string]any, depth int) bool {
	if s.MinProperties != nil && int64(len(m)) < *s.MinProperties || s.MaxProperties != nil && int64(len(m)) > *s.MaxProperties {
		return false
	}
	props := toolschema.InputProperties(s)
	known := make(map[string]bool, len(props))
	for _, p := range props {
		known[p.Name] = true
		pv, ok := m[p.Name]
		if !ok {
			if p.Required {
				return false
			}
			continue
		}
		if !valid(api, p.Schema, pv, depth+1) {
			return false
		}
	}
	for k, pv := range m {
		if known[k] {
			continue
		}
		switch {
		case s.AdditionalProperties != nil:
			if !valid(api, s.AdditionalProperties, pv, depth+1) {
				return false
			}
		case s.ClosedObject && len(props) > 0:
			return false
		}
	}
	return true
}

func numberOK(s *ir.Schema, f float64) bool {
	if m := s.Minimum; m != nil && (f < *m || s.ExclusiveMinimum && f == *m) {
		return false
	}
	if m := s.Maximum; m != nil && (f > *m || s.ExclusiveMaximum && f == *m) {
		return false
	}
	if m := s.MultipleOf; m != nil && *m > 0 {
		q := f / *m
		if math.Abs(q-math.Round(q)) > 1e-9 {
			return false
		}
	}
	return true
}

func stringOK(s *ir.Schema, str string) bool {
	n := int64(utf8.RuneCountInString(str))
	if s.MinLength != nil && n < *s.MinLength || s.MaxLength != nil && n > *s.MaxLength {
		return false
	}
	if s.Pattern != "" && toolschema.ValidPattern(s.Pattern) {
		re, err := compile(s.Pattern)
		if err != nil || !re.MatchString(str) {
			return false
		}
	}
	return FormatOK(s.Format, str)
}

// FormatOK reports whether str is a valid value of the JSON Schema
// format, as package formats (the runtime's checker too) judges it;
// formats it does not check accept any string.
func FormatOK(format, str string) bool { return formats.Valid(format, str) }

var regexps sync.Map // pattern -> *regexp.Regexp or error

func compile(p string) (*regexp.Regexp, error) {
	if v, ok := regexps.Load(p); ok {
		if re, ok := v.(*regexp.Regexp); ok {
			return re, nil
		}
		return nil, v.(error)
	}
	re, err := regexp.Compile(p)
	if err != nil {
		regexps.Store(p, err)
		return nil, err
	}
	regexps.Store(p, re)
	return re, nil
}

func inEnum(enum []any, v any) bool {
	for _, e := range enum {
		if equal(Normalize(e), v) {
			return true
		}
	}
	return false
}

// equal compares decoded JSON values, numbers by value.
func equal(a, b any) bool {
	return reflect.DeepEqual(Normalize(a), Normalize(b))
}

// Normalize returns a decoded JSON or YAML value in the form that
// compares and validates as JSON: every number a float64 where that
// loses nothing (json.Number from a decoder's UseNumber, integers from
// YAML; an integer beyond float64's precision stays a json.Number), maps
// and slices of any element type as map[string]any and []any, times as
// their JSON text. Objects and lists are copied, never changed in place:
// they may be the spec's.
func Normalize(v any) any {
	switch x := v.(type) {
	case nil, string, bool, float64:
		return v
	case json.Number:
		f, err := x.Float64()
		if err == nil && (strings.ContainsAny(x.String(), ".eE") || strconv.FormatFloat(f, 'f', -1, 64) == x.String()) {
			return f
		}
		return x
	case int:
		return float64(x)
	case int64:
		return float64(x)
	case int32:
		return float64(x)
	case float32:
		return float64(x)
	case uint64:
		return float64(x)
	case time.Time:
		if x.Hour() == 0 && x.Minute() == 0 && x.Second() == 0 && x.Nanosecond() == 0 {
			return x.Format(time.DateOnly)
		}
		return x.Format(time.RFC3339)
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = Normalize(e)
		}
		return out
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[k] = Normalize(e)
		}
		return out
	}
	return v
}
