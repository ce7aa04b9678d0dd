// Package jsonval writes JSON values as text for argument checking and
// compares them: compact JSON quoted without HTML escaping and cut to a
// length for a message, a canonical text equal for JSON-equal values
// (numbers by value, keys sorted), and numbers read from the text a
// model writes. It is part of the runtime, so it imports only the
// standard library and agentready's leaf packages.
package jsonval

import (
	"encoding/json"
	"math"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/agentready/agentready/internal/jsonw"
)

// MaxShown is how many characters of a given value an error echoes.
const MaxShown = 80

// Show writes a value as compact JSON for a message, cut to
// MaxShown characters. Strings are quoted with JSON escapes, so a
// value can never break a message line.
func Show(v any) string {
	switch x := v.(type) {
	case string:
		return Quote(Truncate(x, MaxShown))
	case json.Number:
		return Truncate(string(x), MaxShown)
	}
	return Truncate(string(Append(nil, v)), MaxShown)
}

// ShowScalar is Show, but writes a number or a boolean as it is.
func ShowScalar(v any) string {
	switch x := v.(type) {
	case json.Number:
		return string(x)
	case bool:
		return strconv.FormatBool(x)
	}
	return Show(v)
}

// Truncate cuts s to at most n runes, ending in "..." when cut.
func Truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	i, count := 0, 0
	for i < len(s) && count < n-3 {
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
		count++
	}
	if i >= len(s) || utf8.RuneCountInString(s) <= n {
		return s
	}
	return s[:i] + "..."
}

// TruncateBytes is Truncate for bytes.
func TruncateBytes(b []byte, n int) []byte {
	if len(b) <= n {
		return b
	}
	return []byte(Truncate(string(b), n))
}

// Quote quotes s as a JSON string, without HTML escaping; invalid
// UTF-8 becomes U+FFFD.
func Quote(s string) string {
	return string(AppendQuoted(make([]byte, 0, len(s)+2), s))
}

// AppendQuoted appends s quoted as Quote quotes it.
func AppendQuoted(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b = append(b, '\\', byte(r))
		case r == '\n':
			b = append(b, '\\', 'n')
		case r == '\r':
			b = append(b, '\\', 'r')
		case r == '\t':
			b = append(b, '\\', 't')
		case r < 0x20 || r == 0x7f || r == 0x2028 || r == 0x2029:
			b = append(b, '\\', 'u', hex[r>>12&15], hex[r>>8&15], hex[r>>4&15], hex[r&15])
		default:
			b = utf8.AppendRune(b, r)
		}
	}
	return append(b, '"')
}

// Append writes v as compact JSON: maps with sorted keys, ordered
// objects (jsonw.Ordered) in their written order, raw JSON as it is.
func Append(b []byte, v any) []byte {
	if raw, ok := v.(json.RawMessage); ok {
		return append(b, raw...)
	}
	return jsonw.Append(b, v)
}

// CanonKey is a text equal for JSON-equal values: numbers by value,
// objects (maps and jsonw.Ordered ones) with sorted keys.
func CanonKey(v any) string {
	return string(appendCanon(nil, v))
}

func appendCanon(b []byte, v any) []byte {
	switch x := v.(type) {
	case json.Number:
		return append(b, CanonNumber(x)...)
	case []any:
		b = append(b, '[')
		for i, e := range x {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendCanon(b, e)
		}
		return append(b, ']')
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		return appendCanonObject(b, keys, func(k string) any { return x[k] })
	case jsonw.Ordered:
		keys := append([]string(nil), x.OrderedKeys()...)
		sort.Strings(keys)
		return appendCanonObject(b, keys, x.Member)
	}
	return Append(b, v)
}

func appendCanonObject(b []byte, keys []string, get func(string) any) []byte {
	b = append(b, '{')
	for i, k := range keys {
		if i > 0 {
			b = append(b, ',')
		}
		b = AppendQuoted(b, k)
		b = append(b, ':')
		b = appendCanon(b, get(k))
	}
	return append(b, '}')
}

// CanonNumber writes a number so that equal values read the same:
// integers as written ("-0" as "0"), whole values without a
// fraction, others in the shortest form.
func CanonNumber(n json.Number) string {
	s := string(n)
	if IsIntLiteral(s) {
		if s == "-0" {
			return "0"
		}
		return s
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil && !math.IsInf(f, 0) {
		return s
	}
	if f == math.Trunc(f) && math.Abs(f) < 1e21 {
		if f == 0 {
			return "0"
		}
		return strconv.FormatFloat(f, 'f', -1, 64)
	}
	return strconv.FormatFloat(f, 'g', -1, 64)
}

// NumbersEqual reports whether a and b are the same value.
func NumbersEqual(a, b json.Number) bool { return CanonNumber(a) == CanonNumber(b) }

// IsIntLiteral reports whether a number is written without fraction
// or exponent.
func IsIntLiteral(s string) bool { return !strings.ContainsAny(s, ".eE") }

// ParseNumber reads trimmed text as a number: JSON's grammar, plus a
// leading "+" and leading zeros, which it drops.
func ParseNumber(s string) (json.Number, bool) {
	if strings.HasPrefix(s, "+") {
		s = s[1:]
		if strings.HasPrefix(s, "-") {
			return "", false
		}
	}
	neg := strings.HasPrefix(s, "-")
	if neg {
		s = s[1:]
	}
	i := 0
	digits := func() int {
		start := i
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		return i - start
	}
	if digits() == 0 {
		return "", false
	}
	intEnd := i
	if i < len(s) && s[i] == '.' {
		i++
		if digits() == 0 {
			return "", false
		}
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		if digits() == 0 {
			return "", false
		}
	}
	if i != len(s) {
		return "", false
	}
	lead := 0
	for lead < intEnd-1 && s[lead] == '0' {
		lead++
	}
	s = s[lead:]
	if neg {
		s = "-" + s
	}
	return json.Number(s), true
}

// Integral returns n written as an integer when its value is whole.
func Integral(n json.Number) (json.Number, bool) {
	if IsIntLiteral(string(n)) {
		return n, true
	}
	f, err := strconv.ParseFloat(string(n), 64)
	if err != nil || f != math.Trunc(f) {
		return "", false
	}
	if math.Abs(f) < 1<<53 {
		return json.Number(strconv.FormatInt(int64(f), 10)), true
	}
	return json.Number(strconv.FormatFloat(f, 'f', -1, 64)), true
}
