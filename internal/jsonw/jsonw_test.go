package jsonw

import (
	"encoding/json"
	"math"
	"testing"
	"time"
)

type ordered struct {
	keys []string
	vals map[string]any
}

func (o ordered) OrderedKeys() []string { return o.keys }
func (o ordered) Member(k string) any   { return o.vals[k] }

func TestAppend(t *testing.T) {
	for _, tc := range []struct {
		v    any
		want string
	}{
		{map[string]any{"b": 1e6, "a": []any{"<x>&", int64(2), 0.5, nil, true}}, `{"a":["<x>&",2,0.5,null,true],"b":1000000}`},
		{ordered{[]string{"type", "properties"}, map[string]any{"type": "object", "properties": ordered{}}}, `{"type":"object","properties":{}}`},
		{json.Number("1e400"), `1e400`},
		{"a\"\\\n\x01\u2028\xff", `"a\"\\\n\u0001\u2028\ufffd"`},
		{math.NaN(), `null`},
		{1e21, `1e+21`},
		{time.Date(2024, 5, 1, 0, 0, 0, 0, time.UTC), `"2024-05-01"`},
		{struct{ A string }{"<"}, `{"A":"<"}`},
		{func() {}, `null`},
	} {
		if got := string(Append(nil, tc.v)); got != tc.want {
			t.Errorf("Append(%#v) = %s, want %s", tc.v, got, tc.want)
		}
	}
}
