package consistency

import (
	"encoding/json"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/gen/names"
	"github.com/agentready/agentready/gen/toolschema"
	"github.com/agentready/agentready/harness/perturb"
)

// Normalize returns a tool call's arguments in the one form the tool's
// schema says they all mean, the offline oracle of the check: an enum
// value in any case, with spaces for its separators or an abbreviation's
// long form the doc names, becomes the enum value; a number written as
// digits or in words becomes the number; a date or date-time in a common
// form becomes the schema's format (only where the schema gives one);
// strings are trimmed; lists are sorted (multisets). Two calls whose
// normalised arguments are equal ask the same thing by the schema.
func Normalize(api *ir.API, args []toolschema.Arg, values map[string]any) map[string]any {
	out := make(map[string]any, len(values))
	byName := map[string]toolschema.Arg{}
	for _, a := range args {
		byName[a.Name] = a
	}
	for k, v := range values {
		a := byName[k]
		out[k] = normalize(api, a.Schema, a.Description, v, 0)
	}
	return out
}

// maxDepth bounds the walk of a value, whatever its nesting.
const maxDepth = 32

func normalize(api *ir.API, s *ir.Schema, description string, v any, depth int) any {
	if depth > maxDepth {
		return v
	}
	if s != nil {
		s = api.Resolve(s)
	}
	switch x := v.(type) {
	case []any:
		var item *ir.Schema
		if s != nil && s.Kind == ir.KindArray {
			item = s.Items
		}
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = normalize(api, item, description, e, depth+1)
		}
		sort.Slice(out, func(i, j int) bool { return canonical(out[i]) < canonical(out[j]) })
		return out
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			var sub *ir.Schema
			if s != nil {
				for _, p := range s.Properties {
					if p.Name == k {
						sub = p.Schema
					}
				}
			}
			out[k] = normalize(api, sub, "", e, depth+1)
		}
		return out
	case string:
		return normalString(s, description, strings.TrimSpace(x))
	}
	return v
}

// normalString is a string value in its schema's one form.
func normalString(s *ir.Schema, description, v string) any {
	if s == nil {
		return v
	}
	if len(s.Enum) > 0 {
		if e, ok := enumValue(s, description, v); ok {
			return e
		}
		return v
	}
	switch s.Kind {
	case ir.KindInteger, ir.KindNumber:
		if f, ok := parseNumber(v); ok {
			return f
		}
	case ir.KindBoolean:
		switch strings.ToLower(v) {
		case "true", "yes":
			return true
		case "false", "no":
			return false
		}
	}
	switch s.Format {
	case "date":
		if t, ok := parseDate(v); ok {
			return t.Format("2006-01-02")
		}
	case "date-time":
		if t, ok := parseDate(v); ok {
			return t.UTC().Format(time.RFC3339)
		}
	}
	return v
}

// fold is a value with case and separators left out: "In Stock",
// "in_stock" and "IN-STOCK" fold alike.
func fold(s string) string { return strings.ToLower(strings.Join(names.Words(s), "")) }

// enumValue is the enum value v stands for: the value itself in any case
// or with other separators, or the abbreviation whose long form v is
// where the doc names that long form.
func enumValue(s *ir.Schema, description, v string) (any, bool) {
	for _, e := range s.Enum {
		es, ok := e.(string)
		if !ok {
			continue
		}
		if es == v || (strings.HasPrefix(es, "-") == strings.HasPrefix(v, "-") && fold(es) == fold(v)) {
			return es, true
		}
		if long := longForm(es, description+" "+s.Description, s.Enum); long != "" && strings.EqualFold(long, v) {
			return es, true
		}
	}
	return nil, false
}

// parseNumber reads digits ("5", "1,200") or words from zero to 9999
// ("five", "forty-two").
func parseNumber(v string) (float64, bool) {
	if f, err := strconv.ParseFloat(strings.ReplaceAll(v, ",", ""), 64); err == nil {
		return f, true
	}
	lower := strings.ToLower(v)
	for n := 0; n < 10000; n++ {
		if perturb.NumberWords(n) == lower {
			return float64(n), true
		}
	}
	return 0, false
}

// dateLayouts are the common ways of writing a date or an instant.
var dateLayouts = []string{
	time.RFC3339, time.RFC3339Nano, "2006-01-02T15:04:05", "2006-01-02 15:04:05Z", "2006-01-02 15:04:05",
	"2006-01-02", "2006/01/02", "January 2, 2006 15:04 UTC", "2 January 2006 at 15:04 UTC", "January 2, 2006", "Jan 2, 2006",
	"2 January 2006", "2 Jan 2006", "02 Jan 2006",
}

func parseDate(v string) (time.Time, bool) {
	for _, l := range dateLayouts {
		if t, err := time.Parse(l, v); err == nil {
			return t, true
		}
	}
	return time.Time{}, false
}

// canonical is a value's JSON, with keys sorted (encoding/json sorts
// them), for comparing values.
func canonical(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return ""
	}
	return string(b)
}
