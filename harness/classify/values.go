package classify

import (
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"time"
)

// valueDiff is one place where the agent's arguments differ from the
// case's.
type valueDiff struct {
	path      string
	want, got any
	// missing is set when the agent left the value out.
	missing bool
}

// diffValue compares the case's value want with the agent's got (present
// says got was given at all) after normalisation, and appends the
// differences. Normalisation forgives what is not a value difference:
// surrounding space, the type of a scalar ("5" and 5, "true" and true,
// which type checks report), one value for a one-item list, the order of
// list items, and the spelling of one instant in time. Case is kept:
// "John Doe" is not "john doe".
func diffValue(path string, want, got any, present bool, out *[]valueDiff) {
	if !present {
		if want != nil {
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
			diffValue(path+"."+k, w[k], gv, ok, out)
		}
	case []any:
		g, ok := got.([]any)
		if !ok {
			g = []any{got}
		}
		if !sameItems(w, g) {
			*out = append(*out, valueDiff{path: path, want: want, got: got})
		}
	default:
		if g, ok := got.([]any); ok && len(g) == 1 {
			got = g[0]
		}
		if !sameScalar(want, got) {
			*out = append(*out, valueDiff{path: path, want: want, got: got})
		}
	}
}

// sameItems compares two lists as multisets.
func sameItems(want, got []any) bool {
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
			diffValue("", w, g, true, &d)
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
		wt, err1 := time.Parse(time.RFC3339Nano, ws)
		gt, err2 := time.Parse(time.RFC3339Nano, gs)
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
