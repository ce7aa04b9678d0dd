package orderedjson

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

type obj struct {
	keys []string
	vals map[string]any
}

func newObj() *obj { return &obj{vals: map[string]any{}} }

func (o *obj) set(k string, v any) {
	if _, dup := o.vals[k]; !dup {
		o.keys = append(o.keys, k)
	}
	o.vals[k] = v
}

func TestDecodeKeepsOrderAndNumbers(t *testing.T) {
	v, err := Decode([]byte(`{"z":1,"a":[true,null,"s",{"y":2.5}],"z":3}`), newObj, (*obj).set)
	if err != nil {
		t.Fatal(err)
	}
	o := v.(*obj)
	if !reflect.DeepEqual(o.keys, []string{"z", "a"}) || o.vals["z"] != json.Number("3") {
		t.Fatalf("keys %v, z %v", o.keys, o.vals["z"])
	}
	inner := o.vals["a"].([]any)[3].(*obj)
	if inner.vals["y"] != json.Number("2.5") {
		t.Errorf("nested number %v", inner.vals["y"])
	}
}

func TestDecodeRefuses(t *testing.T) {
	for _, doc := range []string{`{"a":1} x`, `{"a":`, strings.Repeat("[", maxDepth+2) + strings.Repeat("]", maxDepth+2)} {
		if _, err := Decode([]byte(doc), newObj, (*obj).set); err == nil {
			t.Errorf("%.20q: no error", doc)
		}
	}
}
