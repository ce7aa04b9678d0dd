package example

import (
	"crypto/sha256"
	"encoding/json"
	"math"
	"reflect"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"
	"weak"

	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/gen/toolrt/argcheck"
	"github.com/agentready/agentready/gen/toolschema"
	"github.com/agentready/agentready/internal/formats"
)

// Valid reports whether v, a decoded JSON or YAML value, satisfies schema
// s exactly as the runtime's argument checking (gen/toolrt/argcheck)
// judges a tool argument of that schema: against the schema gen/toolschema
// writes for checking, compiled once per schema, v is valid when the
// checker finds no problem and needs no coercion.
func Valid(api *ir.API, s *ir.Schema, v any) bool {
	if s == nil {
		return true
	}
	c := checkerOf(api, s)
	if c == nil {
		return false
	}
	return c.Accepts(map[string]any{"value": numbersAsText(Normalize(v))})
}

// apiCheckers holds the compiled checker of each schema of one API that
// Valid has seen; a schema that does not compile holds nil.
type apiCheckers struct {
	bySchema sync.Map // *ir.Schema -> *argcheck.Checker
	// byText holds them by the SHA-256 of the schema they check, which
	// many schemas share (DocuSign's 2,835 argument schemas are 162
	// texts), so that each text is read and compiled once.
	byText sync.Map // [32]byte -> *argcheck.Checker
	// shared holds the definitions the checkers compiled: the schemas
	// of one API repeat them.
	shared *argcheck.Shared
}

// checkers holds an API's apiCheckers for as long as the API is in use:
// the key is a weak pointer, and a cleanup drops the entry once the API
// is collected, so a process that loads many APIs (serve, the corpus
// check) does not keep every one of them alive through this cache.
var checkers sync.Map // weak.Pointer[ir.API] -> *apiCheckers

// Forget drops the checkers Valid compiled for api's schemas, which it
// otherwise keeps for as long as api is in use: for a caller done with
// checking api's values while it goes on with api (cases made offline
// go on to write and judge utterances, and DocuSign's compiled schemas
// held 60 MB of the heap every collection marked). A later Valid
// compiles them again.
func Forget(api *ir.API) {
	checkers.Delete(weak.Make(api))
}

func checkerOf(api *ir.API, s *ir.Schema) *argcheck.Checker {
	if api == nil {
		return compileChecker(toolschema.BuildValue(api, s), nil)
	}
	key := weak.Make(api)
	v, ok := checkers.Load(key)
	if !ok {
		var loaded bool
		v, loaded = checkers.LoadOrStore(key, &apiCheckers{shared: argcheck.NewShared()})
		if !loaded {
			runtime.AddCleanup(api, func(k weak.Pointer[ir.API]) { checkers.Delete(k) }, key)
		}
	}
	cache := v.(*apiCheckers)
	if c, ok := cache.bySchema.Load(s); ok {
		return c.(*argcheck.Checker)
	}
	text := toolschema.BuildValue(api, s)
	sum := sha256.Sum256(text)
	var c *argcheck.Checker
	if v, ok := cache.byText.Load(sum); ok {
		c = v.(*argcheck.Checker)
	} else {
		c = compileChecker(text, cache.shared)
		cache.byText.Store(sum, c)
	}
	cache.bySchema.Store(s, c)
	return c
}

// compileChecker compiles text, the schema toolschema.BuildValue writes
// for checking a value, as the valid JSON it is; nil when it does not
// compile (toolschema writes JSON, so this is not expected). With
// shared, it shares the definitions of the API's schemas with the others
// compiled so far.
func compileChecker(text []byte, shared *argcheck.Shared) *argcheck.Checker {
	c, err := shared.NewCheckerValid("value", text, nil, nil)
	if err != nil {
		return nil
	}
	return c
}

// numbersAsText turns the float64 numbers of a Normalized value into the
// json.Number text a JSON decoder gives the runtime, in place (Normalize
// copied the objects and lists).
func numbersAsText(v any) any {
	switch x := v.(type) {
	case float64:
		if math.IsInf(x, 0) || math.IsNaN(x) {
			return v
		}
		b, _ := json.Marshal(x)
		return json.Number(b)
	case []any:
		for i, e := range x {
			x[i] = numbersAsText(e)
		}
	case map[string]any:
		for k, e := range x {
			x[k] = numbersAsText(e)
		}
	}
	return v
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
