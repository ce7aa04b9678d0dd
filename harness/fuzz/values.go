package fuzz

import (
	"math"
	"strings"

	"github.com/agentready/agentready/gen/example"
	"github.com/agentready/agentready/gen/ir"
)

// value is one value of an argument to try, and what it tries.
type value struct {
	v any
	// what names the value in findings: "maximum", "enum value",
	// "long string", "not in enum", ...
	what string
	// far, for a value just past a documented bound, is one far past
	// it: when the API takes the first, the far one tells a bound the
	// API enforces elsewhere (over-restrictive) from none (unvalidated).
	far any
}

// Caps on the values tried per argument, whatever the spec says: an enum
// of ten thousand values is tried in its first maxEnumValues.
const (
	maxEnumValues = 24
	// longString is the length of the long string tried where the
	// documentation gives no maxLength (and MaxLength caps what a
	// maxLength asks).
	longString = 1024
	// largeNumber is tried where the documentation gives no maximum;
	// its negative where it gives no minimum.
	largeNumber = 1_000_000_000
)

// unicodeSamples are strings a reader would take to be valid text: the
// seed picks one per argument.
var unicodeSamples = []string{
	"Zoë Ñandú",
	"東京 オフィス",
	"Łódź – ünïcödé",
	"café ☕ résumé",
	"Αθήνα Москва",
}

// validValues lists values the documentation allows for an argument of
// schema use: each built by the schema value synthesizer (gen/example)
// from a copy of the schema narrowed to a boundary, and each checked with
// example.Valid against the schema as written.
func validValues(api *ir.API, use *ir.Schema, name string, seed uint64) []value {
	s := api.Resolve(use)
	if s == nil {
		return nil
	}
	var out []value
	add := func(v any, what string) {
		if v != nil && example.Valid(api, use, v) {
			out = append(out, value{v: v, what: what})
		}
	}
	add(example.Value(api, use, name, example.All), "typical value")
	if len(s.Enum) > 0 {
		for i, e := range s.Enum {
			if i == maxEnumValues {
				break
			}
			add(e, "enum value")
		}
		return dedupe(out)
	}
	switch s.Kind {
	case ir.KindInteger, ir.KindNumber:
		if s.Minimum != nil {
			add(bound(s, *s.Minimum, s.ExclusiveMinimum, +1), "minimum")
		} else {
			add(float64(-largeNumber), "negative, no minimum documented")
		}
		if s.Maximum != nil {
			add(bound(s, *s.Maximum, s.ExclusiveMaximum, -1), "maximum")
		} else {
			add(float64(largeNumber), "large, no maximum documented")
		}
	case ir.KindString:
		if s.Format != "" || s.Pattern != "" {
			break // the typical value is the format's or the pattern's
		}
		if s.MinLength != nil && *s.MinLength > 0 {
			c := *s
			c.MaxLength = s.MinLength
			add(example.Value(api, &c, name, example.All), "minLength")
		}
		if s.MaxLength != nil {
			c := *s
			c.MinLength = s.MaxLength
			add(example.Value(api, &c, name, example.All), "maxLength")
		} else {
			c := *s
			n := int64(longString)
			c.MinLength = &n
			add(example.Value(api, &c, name, example.All), "long string, no maxLength documented")
		}
		add(unicodeSamples[int(seed%uint64(len(unicodeSamples)))], "unicode")
	case ir.KindBoolean:
		add(true, "true")
		add(false, "false")
	case ir.KindArray:
		items := api.Resolve(s.Items)
		if items != nil && len(items.Enum) > 0 {
			for i, e := range items.Enum {
				if i == maxEnumValues {
					break
				}
				add([]any{e}, "enum value")
			}
		}
		if s.MaxItems != nil && *s.MaxItems > 1 {
			c := *s
			c.MinItems = s.MaxItems
			add(example.Value(api, &c, name, example.All), "maxItems")
		}
	}
	return dedupe(out)
}

// invalidValues lists values the documentation rules out for an
// argument of schema use, each checked with example.Valid to be invalid.
func invalidValues(api *ir.API, use *ir.Schema, name string) []value {
	s := api.Resolve(use)
	if s == nil {
		return nil
	}
	var out []value
	add := func(v any, what string) {
		if !example.Valid(api, use, v) {
			out = append(out, value{v: v, what: what})
		}
	}
	addFar := func(v, far any, what string) {
		if !example.Valid(api, use, v) && !example.Valid(api, use, far) {
			out = append(out, value{v, what, far})
		}
	}
	if len(s.Enum) > 0 {
		if _, isString := s.Enum[0].(string); isString {
			add("zz-not-an-option", "not in enum")
		}
		return out
	}
	switch s.Kind {
	case ir.KindInteger, ir.KindNumber:
		if s.Minimum != nil {
			addFar(bound(s, *s.Minimum, !s.ExclusiveMinimum, -1), math.Min(-largeNumber, *s.Minimum*10), "below minimum")
		}
		if s.Maximum != nil {
			addFar(bound(s, *s.Maximum, !s.ExclusiveMaximum, +1), math.Max(largeNumber, *s.Maximum*10), "above maximum")
		}
		add("not-a-number", "not a number")
	case ir.KindString:
		if s.MinLength != nil && *s.MinLength > 0 {
			c := *s
			n := *s.MinLength - 1
			c.MinLength, c.MaxLength = nil, &n
			add(example.Value(api, &c, name, example.All), "shorter than minLength")
		}
		if s.MaxLength != nil && *s.MaxLength < example.MaxLength {
			c := *s
			n := *s.MaxLength + 1
			c.MinLength, c.MaxLength = &n, nil
			f := c
			farN := min(max(n*10, longString), example.MaxLength)
			f.MinLength = &farN
			addFar(example.Value(api, &c, name, example.All), example.Value(api, &f, name, example.All), "longer than maxLength")
		}
		if s.Format != "" {
			add("not-a-"+strings.ReplaceAll(s.Format, " ", "-"), "not a "+s.Format)
		} else if s.Pattern != "" {
			add("%% not matching %%", "not matching the pattern")
		}
	case ir.KindBoolean:
		add("not-a-boolean", "not a boolean")
	case ir.KindArray:
		items := api.Resolve(s.Items)
		if items != nil && len(items.Enum) > 0 {
			if _, isString := items.Enum[0].(string); isString {
				add([]any{"zz-not-an-option"}, "item not in enum")
			}
		}
		if s.MaxItems != nil && *s.MaxItems < example.MaxItems {
			c := *s
			n := *s.MaxItems + 1
			c.MinItems, c.MaxItems = &n, nil
			add(example.Value(api, &c, name, example.All), "more than maxItems")
		}
	}
	return out
}

// bound is the value at limit, stepped by dir (+1 inward from a minimum,
// -1 inward from a maximum) when exclusive; an integer steps by one, a
// number by the smallest step that tells it apart at that size, and a
// multipleOf grid by its multiple.
func bound(s *ir.Schema, limit float64, exclusive bool, dir float64) any {
	v := limit
	if exclusive {
		step := 1.0
		switch {
		case s.MultipleOf != nil && *s.MultipleOf > 0:
			step = *s.MultipleOf
		case s.Kind == ir.KindNumber:
			step = math.Max(math.Abs(limit)*1e-9, 1e-6)
		}
		v += dir * step
	}
	if s.Kind == ir.KindInteger {
		if dir > 0 {
			v = math.Ceil(v)
		} else {
			v = math.Floor(v)
		}
	}
	return v
}

// dedupe drops values equal to an earlier one.
func dedupe(vs []value) []value {
	var out []value
	seen := map[string]bool{}
	for _, v := range vs {
		k := jsonText(v.v)
		if seen[k] {
			continue
		}
		seen[k] = true
		out = append(out, v)
	}
	return out
}
