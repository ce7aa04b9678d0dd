package server

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"net/http"
	"regexp"
	"sort"
	"strings"
	"time"
)

// body reads and validates a JSON object request body field by field, so
// that every problem names the field and says what was expected. Like
// query, it keeps the first error and then does nothing.
type body struct {
	fields map[string]json.RawMessage
	err    *apiError
}

// readBody reads a JSON object body of at most the configured size. Fields
// not in allowed are rejected. An empty body is an error when required,
// else an empty object.
func (s *Server) readBody(w http.ResponseWriter, r *http.Request, required bool, allowed ...string) (*body, error) {
	raw, err := io.ReadAll(http.MaxBytesReader(w, r.Body, s.opts.MaxBodyBytes))
	if err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return nil, err
		}
		return nil, errBadBody("cannot read request body: %v", err)
	}
	b := &body{fields: map[string]json.RawMessage{}}
	if len(bytes.TrimSpace(raw)) == 0 {
		if required {
			return nil, errBadBody("request body is required: send a JSON object with the fields %s", strings.Join(allowed, ", "))
		}
		return b, nil
	}
	if err := json.Unmarshal(raw, &b.fields); err != nil {
		var se *json.SyntaxError
		var te *json.UnmarshalTypeError
		switch {
		case errors.As(err, &se):
			return nil, errBadBody("malformed JSON in request body at byte %d: %v", se.Offset, se)
		case errors.As(err, &te):
			return nil, errBadBody("request body must be a JSON object; got %s", te.Value)
		default:
			return nil, errBadBody("malformed JSON in request body: %v", err)
		}
	}
	if b.fields == nil { // the body was the literal null
		return nil, errBadBody("request body must be a JSON object; got null")
	}
	var unknown []string
	for name := range b.fields {
		if !contains(allowed, name) {
			unknown = append(unknown, name)
		}
	}
	if len(unknown) > 0 {
		sort.Strings(unknown)
		return nil, errInvalid(unknown[0], "unknown field %q in request body; allowed fields: %s", unknown[0], strings.Join(allowed, ", "))
	}
	return b, nil
}

func (b *body) fail(name, reason string) {
	if b.err == nil {
		b.err = errInvalid(name, "body field %q %s", name, reason)
	}
}

// has reports whether the field is present, null included.
func (b *body) has(name string) bool {
	_, ok := b.fields[name]
	return ok
}

// isNull reports whether the field is present and null.
func (b *body) isNull(name string) bool {
	return string(bytes.TrimSpace(b.fields[name])) == "null"
}

// empty reports whether the body has no fields.
func (b *body) empty() bool { return len(b.fields) == 0 }

// require records a missing_parameter error for each absent field.
func (b *body) require(names ...string) {
	for _, name := range names {
		if b.err == nil && !b.has(name) {
			b.err = errMissing(name, "body field %q is required", name)
		}
	}
}

// jsonKind names the JSON type of a raw value for error messages.
func jsonKind(raw json.RawMessage) string {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 {
		return "nothing"
	}
	switch raw[0] {
	case '"':
		return "string"
	case '{':
		return "object"
	case '[':
		return "array"
	case 't', 'f':
		return "boolean"
	case 'n':
		return "null"
	}
	return "number"
}

// shown is a raw value shortened for an error message.
func shown(raw json.RawMessage) string {
	s := string(bytes.TrimSpace(raw))
	if len(s) > 60 {
		s = s[:57] + "..."
	}
	return s
}

// raw returns the field's value when it is present, not null (unless
// nullOK) and of JSON type kind.
func (b *body) raw(name, kind string, nullOK bool) (json.RawMessage, bool) {
	if b.err != nil {
		return nil, false
	}
	raw, ok := b.fields[name]
	if !ok {
		return nil, false
	}
	got := jsonKind(raw)
	if got == "null" {
		if !nullOK {
			b.fail(name, fmt.Sprintf("must be a %s, not null", kind))
		}
		return nil, false
	}
	if got != kind {
		b.fail(name, fmt.Sprintf("must be a %s; got %s %s", kind, got, shown(raw)))
		return nil, false
	}
	return raw, true
}

// str returns a string field; ok is false when absent, null or invalid.
func (b *body) str(name string, minLen, maxLen int, nullOK bool) (string, bool) {
	raw, ok := b.raw(name, "string", nullOK)
	if !ok {
		return "", false
	}
	var v string
	if err := json.Unmarshal(raw, &v); err != nil {
		b.fail(name, "must be a valid JSON string")
		return "", false
	}
	if reason := checkLength(v, minLen, maxLen); reason != "" {
		b.fail(name, reason)
		return "", false
	}
	return v, true
}

func (b *body) enum(name string, allowed []string) (string, bool) {
	v, ok := b.str(name, 0, 100, false)
	if !ok {
		return "", false
	}
	if reason := checkEnum(v, allowed); reason != "" {
		b.fail(name, reason)
		return "", false
	}
	return v, true
}

func (b *body) uuid(name, hint string, nullOK bool) (string, bool) {
	v, ok := b.str(name, 0, 100, nullOK)
	if !ok {
		return "", false
	}
	if reason := checkUUID(v, hint); reason != "" {
		b.fail(name, reason)
		return "", false
	}
	return v, true
}

func (b *body) pattern(name string, re *regexp.Regexp, like string, nullOK bool) (string, bool) {
	v, ok := b.str(name, 0, 200, nullOK)
	if !ok {
		return "", false
	}
	if reason := checkPattern(v, re, like); reason != "" {
		b.fail(name, reason)
		return "", false
	}
	return v, true
}

func (b *body) email(name string) (string, bool) {
	v, ok := b.str(name, 0, 254, false)
	if !ok {
		return "", false
	}
	if reason := checkEmail(v); reason != "" {
		b.fail(name, reason)
		return "", false
	}
	return v, true
}

// dateTime returns an RFC 3339 field normalized to the storage format.
func (b *body) dateTime(name string, nullOK bool) (string, bool) {
	v, ok := b.str(name, 0, 100, nullOK)
	if !ok {
		return "", false
	}
	t, reason := parseDateTime(v)
	if reason != "" {
		b.fail(name, reason)
		return "", false
	}
	return formatTime(t), true
}

func (b *body) date(name string, nullOK bool) (string, bool) {
	v, ok := b.str(name, 0, 100, nullOK)
	if !ok {
		return "", false
	}
	t, reason := parseDate(v)
	if reason != "" {
		b.fail(name, reason)
		return "", false
	}
	return t.Format(time.DateOnly), true
}

func (b *body) boolean(name string) (bool, bool) {
	raw, ok := b.raw(name, "boolean", false)
	if !ok {
		return false, false
	}
	return string(bytes.TrimSpace(raw)) == "true", true
}

func (b *body) number(name string, min, max float64) (float64, bool) {
	raw, ok := b.raw(name, "number", false)
	if !ok {
		return 0, false
	}
	var v float64
	if err := json.Unmarshal(raw, &v); err != nil || math.IsInf(v, 0) {
		b.fail(name, fmt.Sprintf("must be a number; got %s", shown(raw)))
		return 0, false
	}
	if v < min || v > max {
		b.fail(name, fmt.Sprintf("must be between %g and %g; got %g", min, max, v))
		return 0, false
	}
	return v, true
}

// tags returns an array of tag strings, deduplicated in order.
func (b *body) tags(name string, maxItems int) ([]string, bool) {
	raw, ok := b.raw(name, "array", false)
	if !ok {
		return nil, false
	}
	var items []json.RawMessage
	if err := json.Unmarshal(raw, &items); err != nil {
		b.fail(name, "must be an array of strings")
		return nil, false
	}
	if len(items) > maxItems {
		b.fail(name, fmt.Sprintf("must have at most %d items; got %d", maxItems, len(items)))
		return nil, false
	}
	out := []string{}
	for i, item := range items {
		var s string
		if jsonKind(item) != "string" || json.Unmarshal(item, &s) != nil {
			b.fail(name, fmt.Sprintf("must be an array of strings; item %d is %s %s", i, jsonKind(item), shown(item)))
			return nil, false
		}
		if reason := checkPattern(s, tagRE, "vpn or software-request"); reason != "" {
			b.fail(name, fmt.Sprintf("item %d %s", i, reason))
			return nil, false
		}
		if !contains(out, s) {
			out = append(out, s)
		}
	}
	return out, true
}
