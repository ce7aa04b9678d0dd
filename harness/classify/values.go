package classify

import (
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/agentready/agentready/gen/example"
	"github.com/agentready/agentready/gen/ir"
)

// valueDiff is one place where the agent's arguments differ from the
// case's.
type valueDiff struct {
	path      string
	want, got any
	// missing is set when the agent left the value out.
	missing bool
}

// comparer compares values through their schema; api may be nil, which
// compares them as JSON values only.
type comparer struct {
	api *ir.API
}

// argSchemas returns the schema of each argument of tool, by name; nil
// when the API or the tool is unknown.
func (c *Classifier) argSchemas(tool string) map[string]*ir.Schema {
	op := c.ops[tool]
	if op == nil || c.api == nil {
		return nil
	}
	out := map[string]*ir.Schema{}
	for _, a := range c.cat.Args(tool) {
		out[a.Name] = a.Schema
	}
	return out
}

// property returns the schema of a field of an object schema, or nil.
func (cm comparer) property(s *ir.Schema, name string) *ir.Schema {
	if cm.api == nil {
		return nil
	}
	return cm.api.FieldSchema(s, name)
}

// items returns the item schema of an array schema, or nil.
func (cm comparer) items(s *ir.Schema) *ir.Schema {
	if cm.api == nil {
		return nil
	}
	if r := cm.api.Resolve(s); r != nil {
		return r.Items
	}
	return nil
}

// isDefault reports whether v is the schema's default: leaving it out
// asks for the same.
func (cm comparer) isDefault(s *ir.Schema, v any) bool {
	if s == nil || v == nil {
		return false
	}
	for _, d := range []any{s.Default, cm.resolved(s).Default} {
		if d != nil && cm.same(s, d, v) {
			return true
		}
	}
	return false
}

func (cm comparer) resolved(s *ir.Schema) *ir.Schema {
	if cm.api == nil || s == nil {
		return &ir.Schema{}
	}
	if r := cm.api.Resolve(s); r != nil {
		return r
	}
	return &ir.Schema{}
}

// diff compares the case's value want with the agent's got (present says
// got was given at all) and appends the differences. What the schema
// takes as one value is not a difference: surrounding space, the type of
// a scalar ("5" and 5, "true" and true, which type checks report), one
// value for a one-item list, the order of list items, two spellings of
// one instant, an enum value in another case, a quote the pattern makes
// optional. A value left out that equals the schema's default is not
// missing. Other case differences are kept: "John Doe" is not "john doe".
func (cm comparer) diff(path string, s *ir.Schema, want, got any, present bool, out *[]valueDiff) {
	if !present {
		if want != nil && !cm.isDefault(s, want) {
			*out = append(*out, valueDiff{path: path, want: want, missing: true})
		}
		return
	}
	switch w := want.(type) {
	case map[string]any:
		g, ok := got.(map[string]any)
		if !ok {
			*out = append(*out, valueDiff{path: path, want: want, got: got})
			return
		}
		keys := make([]string, 0, len(w))
		for k := range w {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			gv, ok := g[k]
			cm.diff(path+"."+k, cm.property(s, k), w[k], gv, ok, out)
		}
	case []any:
		g, ok := got.([]any)
		if !ok {
			g = []any{got}
		}
		if !cm.sameItems(cm.items(s), w, g) {
			*out = append(*out, valueDiff{path: path, want: want, got: got})
		}
	default:
		if g, ok := got.([]any); ok && len(g) == 1 {
			got = g[0]
		}
		if !cm.same(s, want, got) {
			*out = append(*out, valueDiff{path: path, want: want, got: got})
		}
	}
}

// sameItems compares two lists as multisets.
func (cm comparer) sameItems(item *ir.Schema, want, got []any) bool {
	if len(want) != len(got) {
		return false
	}
	used := make([]bool, len(got))
	for _, w := range want {
		found := false
		for i, g := range got {
			if used[i] {
				continue
			}
			var d []valueDiff
			cm.diff("", item, w, g, true, &d)
			if len(d) == 0 {
				used[i], found = true, true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// same compares two values through schema s (nil for none).
func (cm comparer) same(s *ir.Schema, want, got any) bool {
	if _, ok := want.(map[string]any); ok {
		var d []valueDiff
		cm.diff("", s, want, got, true, &d)
		return len(d) == 0
	}
	if w, ok := want.([]any); ok {
		g, ok := got.([]any)
		if !ok {
			g = []any{got}
		}
		return cm.sameItems(cm.items(s), w, g)
	}
	if sameScalar(want, got) {
		return true
	}
	if s == nil || cm.api == nil {
		return false
	}
	r := cm.resolved(s)
	ws, wText := want.(string)
	gs, gText := got.(string)
	if !wText || !gText {
		return false
	}
	ws, gs = strings.TrimSpace(ws), strings.TrimSpace(gs)
	if len(r.Enum) > 0 && strings.EqualFold(ws, gs) {
		// The tool takes an enum value in any case.
		for _, e := range r.Enum {
			if es, ok := e.(string); ok && strings.EqualFold(es, ws) {
				return true
			}
		}
	}
	// A quote the pattern makes optional: both forms are valid, and they
	// hold the same text.
	if uw, ug := unquote(ws), unquote(gs); uw == ug && uw != "" && (ws != uw || gs != ug) {
		return example.Valid(cm.api, s, ws) && example.Valid(cm.api, s, gs)
	}
	return false
}

// unquote removes one pair of quotes around s, or a quote at either end
// alone.
func unquote(s string) string {
	s = strings.TrimPrefix(s, `"`)
	return strings.TrimSuffix(s, `"`)
}

// sameScalar compares two scalars after normalisation. Two texts compare
// as text (or as instants), never as numbers: "007" is not "7".
func sameScalar(want, got any) bool {
	if want == nil || got == nil {
		return want == nil && got == nil
	}
	ws, wText := want.(string)
	gs, gText := got.(string)
	if wText && gText {
		ws, gs = strings.TrimSpace(ws), strings.TrimSpace(gs)
		if ws == gs {
			return true
		}
		wt, err1 := parseInstant(ws)
		gt, err2 := parseInstant(gs)
		return err1 == nil && err2 == nil && wt.Equal(gt)
	}
	if wf, ok := toNumber(want); ok {
		gf, ok := toNumber(got)
		return ok && (wf == gf || math.Abs(wf-gf) <= 1e-9*math.Max(math.Abs(wf), math.Abs(gf)))
	}
	if wb, ok := want.(bool); ok {
		switch g := got.(type) {
		case bool:
			return g == wb
		case string:
			return strings.EqualFold(strings.TrimSpace(g), strconv.FormatBool(wb))
		}
		return false
	}
	return strings.TrimSpace(fmt.Sprint(want)) == strings.TrimSpace(fmt.Sprint(got))
}

// parseInstant reads a date-time in RFC 3339, with or without seconds,
// or a date.
func parseInstant(s string) (time.Time, error) {
	for _, layout := range []string{time.RFC3339Nano, "2006-01-02T15:04Z07:00", time.DateOnly} {
		if t, err := time.Parse(layout, s); err == nil {
			return t, nil
		}
	}
	return time.Time{}, fmt.Errorf("not an instant: %q", s)
}

// toNumber reads a number, or text that is one.
func toNumber(v any) (float64, bool) {
	switch x := v.(type) {
	case float64:
		return x, true
	case json.Number:
		f, err := x.Float64()
		return f, err == nil
	case string:
		f, err := strconv.ParseFloat(strings.TrimSpace(x), 64)
		return f, err == nil && !math.IsNaN(f) && !math.IsInf(f, 0)
	}
	switch rv := reflect.ValueOf(v); rv.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return float64(rv.Int()), true
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return float64(rv.Uint()), true
	case reflect.Float32, reflect.Float64:
		return rv.Float(), true
	}
	return 0, false
}

// InvalidValue returns why one of a case's own arguments does not
// validate against its tool's schema ("" when they all do): such a case
// has no ground truth to hold an agent to.
func (c *Classifier) InvalidValue(tool string, args map[string]any) string {
	schemas := c.argSchemas(tool)
	if schemas == nil {
		return ""
	}
	for _, k := range slices.Sorted(maps.Keys(args)) {
		s, ok := schemas[k]
		if !ok {
			return fmt.Sprintf("the case gives `%s`, which %s does not take", k, tool)
		}
		if args[k] != nil && !example.Valid(c.api, s, args[k]) {
			return fmt.Sprintf("the case's own value of `%s`, %s, does not fit its schema", k, valueText(args[k]))
		}
	}
	return ""
}
