package toolschema

import (
	"bytes"
	"encoding/json"
	"math"
	"sort"
	"strconv"
	"time"
	"unicode/utf8"
)

// sink is where a jw writes: a buffer that keeps the first limit bytes
// (all of them when limit is 0) and counts every byte written, so that
// the size of a schema too large to keep can still be measured.
type sink struct {
	bytes.Buffer
	limit int
	total int
}

func (s *sink) full() bool { return s.limit > 0 && s.Buffer.Len() >= s.limit }

func (s *sink) WriteByte(c byte) error {
	s.total++
	if s.full() {
		return nil
	}
	return s.Buffer.WriteByte(c)
}

func (s *sink) WriteString(x string) (int, error) {
	s.total += len(x)
	if s.full() {
		return len(x), nil
	}
	return s.Buffer.WriteString(x)
}

func (s *sink) Write(p []byte) (int, error) {
	s.total += len(p)
	if s.full() {
		return len(p), nil
	}
	return s.Buffer.Write(p)
}

// jw writes compact JSON objects whose keys come in the order they are
// written, which is what makes the output stable: encoding/json would
// sort keys alphabetically, putting "type" after "properties".
type jw struct {
	b sink
	// first is a stack: true while the object or array being written
	// has no member yet.
	first []bool
	// afterKey is true between a key and its value.
	afterKey bool
}

func (w *jw) open(c byte) {
	w.b.WriteByte(c)
	w.first = append(w.first, true)
}

func (w *jw) close(c byte) {
	w.b.WriteByte(c)
	w.first = w.first[:len(w.first)-1]
}

// sep writes the comma before a member that is not the first.
func (w *jw) sep() {
	if n := len(w.first); n > 0 {
		if !w.first[n-1] {
			w.b.WriteByte(',')
		}
		w.first[n-1] = false
	}
}

// key starts an object member.
func (w *jw) key(k string) {
	w.sep()
	writeString(&w.b, k)
	w.b.WriteByte(':')
	w.afterKey = true
}

// begin starts a value: right after its key, or as the next element of
// an array.
func (w *jw) begin() {
	if w.afterKey {
		w.afterKey = false
		return
	}
	w.sep()
}

func (w *jw) str(s string) {
	w.begin()
	writeString(&w.b, s)
}

func (w *jw) num(f float64) {
	w.begin()
	w.b.WriteString(formatNumber(f))
}

func (w *jw) int(n int64) {
	w.begin()
	w.b.WriteString(strconv.FormatInt(n, 10))
}

func (w *jw) bool(v bool) {
	w.begin()
	w.b.WriteString(strconv.FormatBool(v))
}

func (w *jw) obj() {
	w.begin()
	w.open('{')
}

func (w *jw) arr() {
	w.begin()
	w.open('[')
}

// value writes any decoded JSON value; maps are written with sorted keys
// (encoding/json's order) so that the bytes are stable.
func (w *jw) value(v any) {
	w.begin()
	writeValue(&w.b, v)
}

// writeValue appends v as compact JSON: maps with sorted keys, no HTML
// escaping, integral floats without exponent where they fit. Values that
// encoding/json cannot write become null.
func writeValue(b *sink, v any) {
	switch x := v.(type) {
	case nil:
		b.WriteString("null")
	case string:
		writeString(b, x)
	case bool:
		b.WriteString(strconv.FormatBool(x))
	case int64:
		b.WriteString(strconv.FormatInt(x, 10))
	case int:
		b.WriteString(strconv.Itoa(x))
	case float64:
		b.WriteString(formatNumber(x))
	case time.Time:
		if x.Hour() == 0 && x.Minute() == 0 && x.Second() == 0 && x.Nanosecond() == 0 {
			writeString(b, x.Format(time.DateOnly))
		} else {
			writeString(b, x.Format(time.RFC3339))
		}
	case []any:
		b.WriteByte('[')
		for i, e := range x {
			if i > 0 {
				b.WriteByte(',')
			}
			writeValue(b, e)
		}
		b.WriteByte(']')
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		b.WriteByte('{')
		for i, k := range keys {
			if i > 0 {
				b.WriteByte(',')
			}
			writeString(b, k)
			b.WriteByte(':')
			writeValue(b, x[k])
		}
		b.WriteByte('}')
	default:
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(v); err != nil {
			b.WriteString("null")
			return
		}
		b.Write(bytes.TrimSuffix(buf.Bytes(), []byte("\n")))
	}
}

// formatNumber writes f the way a person would: 100, not 1e+02; NaN and
// infinities, which JSON cannot hold, as null.
func formatNumber(f float64) string {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return "null"
	}
	if f == math.Trunc(f) && math.Abs(f) < 1e21 {
		return strconv.FormatFloat(f, 'f', -1, 64)
	}
	return strconv.FormatFloat(f, 'g', -1, 64)
}

const hex = "0123456789abcdef"

// writeString writes s as a JSON string. Unlike encoding/json it leaves
// <, > and & alone (a model reads them as they are); invalid UTF-8 becomes
// U+FFFD.
func writeString(b *sink, s string) {
	b.WriteByte('"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' {
				i++
				continue
			}
			b.WriteString(s[start:i])
			switch c {
			case '"', '\\':
				b.WriteByte('\\')
				b.WriteByte(c)
			case '\n':
				b.WriteString(`\n`)
			case '\r':
				b.WriteString(`\r`)
			case '\t':
				b.WriteString(`\t`)
			default:
				b.WriteString(`\u00`)
				b.WriteByte(hex[c>>4])
				b.WriteByte(hex[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b.WriteString(s[start:i])
			b.WriteString(`\ufffd`)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b.WriteString(s[start:i])
			b.WriteString(`\u202`)
			b.WriteByte(hex[r&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	b.WriteString(s[start:])
	b.WriteByte('"')
}

// AppendJSON appends v as compact JSON the way this package writes values
// (sorted map keys, no HTML escaping, plain integers).
func AppendJSON(dst []byte, v any) []byte {
	var b sink
	b.Write(dst)
	writeValue(&b, v)
	return b.Bytes()
}
