// Package jsonw writes compact JSON the same way wherever agentready
// writes it for a model or a diff: object keys sorted (a map) or in the
// order written (an Ordered object), no HTML escaping, numbers as a person
// writes them (100, not 1e+02). It is what gen/toolschema writes tool
// schemas with and what the runtime's dialect writes adapted schemas
// with. It imports only the standard library, so that the runtime, a
// leaf, may import it.
package jsonw

import (
	"bytes"
	"encoding/json"
	"math"
	"slices"
	"strconv"
	"time"
	"unicode/utf8"
)

// Ordered is a JSON object whose keys keep the order they were written
// in: property order is the order a model reads the arguments in.
type Ordered interface {
	// OrderedKeys are the keys, in order.
	OrderedKeys() []string
	// Member is the value of key.
	Member(key string) any
}

// Append appends v as compact JSON: maps with sorted keys, Ordered
// objects in their order, json.Number as it is,
// a date-only time.Time as a date. Values that encoding/json cannot
// write become null.
func Append(b []byte, v any) []byte {
	switch x := v.(type) {
	case nil:
		return append(b, "null"...)
	case string:
		return AppendString(b, x)
	case bool:
		return strconv.AppendBool(b, x)
	case int64:
		return strconv.AppendInt(b, x, 10)
	case int:
		return strconv.AppendInt(b, int64(x), 10)
	case float64:
		return AppendNumber(b, x)
	case json.Number:
		return append(b, x...)
	case time.Time:
		if x.Hour() == 0 && x.Minute() == 0 && x.Second() == 0 && x.Nanosecond() == 0 {
			return AppendString(b, x.Format(time.DateOnly))
		}
		return AppendString(b, x.Format(time.RFC3339))
	case []any:
		b = append(b, '[')
		for i, e := range x {
			if i > 0 {
				b = append(b, ',')
			}
			b = Append(b, e)
		}
		return append(b, ']')
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		b = append(b, '{')
		for i, k := range keys {
			b = appendMember(b, i, k, x[k])
		}
		return append(b, '}')
	case Ordered:
		b = append(b, '{')
		for i, k := range x.OrderedKeys() {
			b = appendMember(b, i, k, x.Member(k))
		}
		return append(b, '}')
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return append(b, "null"...)
	}
	return append(b, bytes.TrimSuffix(buf.Bytes(), []byte("\n"))...)
}

// appendMember appends the i-th member of an object, key k and value v.
func appendMember(b []byte, i int, k string, v any) []byte {
	if i > 0 {
		b = append(b, ',')
	}
	b = AppendString(b, k)
	b = append(b, ':')
	return Append(b, v)
}

// AppendNumber appends f the way a person would write it: 100, not
// 1e+02; NaN and infinities, which JSON cannot hold, as null.
func AppendNumber(b []byte, f float64) []byte {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return append(b, "null"...)
	}
	if f == math.Trunc(f) && math.Abs(f) < 1e21 {
		return strconv.AppendFloat(b, f, 'f', -1, 64)
	}
	return strconv.AppendFloat(b, f, 'g', -1, 64)
}

const hex = "0123456789abcdef"

// AppendString appends s as a JSON string. Unlike encoding/json it leaves
// <, > and & alone (a model reads them as they are); invalid UTF-8
// becomes U+FFFD, and control characters other than \n, \r and \t are
// written as \u00XX.
func AppendString(b []byte, s string) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\n':
				b = append(b, `\n`...)
			case '\r':
				b = append(b, `\r`...)
			case '\t':
				b = append(b, `\t`...)
			default:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hex[r&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}
