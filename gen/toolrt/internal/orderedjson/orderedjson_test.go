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

// TestFastMatchesTokens checks the scanner of valid documents against
// encoding/json's tokens, on the corners of JSON text and on every tool
// schema of a real spec.
func TestFastMatchesTokens(t *testing.T) {
	docs := []string{
		` { "a" : [ 1 , -0.5e+10 , 2E-3 , 0 ] , "b" : { } , "c" : [ ] } `,
		`"plain"`, `"esc\"aped\\ \/ \b\f\n\r\t \u00e9 \ud83d\ude00 \ud800"`,
		"\"bad \xff utf-8\"", `{"k\u0041":"v","kA":"w"}`, `[true,false,null,"ü",{"x":[[]]}]`,
		"\t\n\r[1]\n", `-12`, `1e999`,
	}
	for _, doc := range docs {
		fast, err1 := Decode([]byte(doc), newObj, (*obj).set)
		slow, err2 := decodeTokens([]byte(doc), newObj, (*obj).set)
		if err1 != nil || err2 != nil || !reflect.DeepEqual(fast, slow) {
			t.Errorf("%q: fast %#v (%v), tokens %#v (%v)", doc, fast, err1, slow, err2)
		}
	}
}

// TestDecodeDeferringLeavesDefinitionsAsText checks that each member of
// the deferred object comes back as its exact text, whatever it holds,
// and that the rest is read as Decode reads it, by DecodeDeferringValid
// too.
func TestDecodeDeferringLeavesDefinitionsAsText(t *testing.T) {
	members := []string{`{"a" : [1, -2.5e3, "x\"}]"], "b":{}}`, `true`, `"s{"`, `-0.5`, `[ ]`, `null`, `{"n":{"$defs":{"x":1}}}`}
	var doc strings.Builder
	doc.WriteString(`{"type":"object", "$defs" : {`)
	for i, m := range members {
		if i > 0 {
			doc.WriteString(" ,\n ")
		}
		doc.WriteString(`"d` + string(rune('0'+i)) + `" :  ` + m)
	}
	doc.WriteString(` } ,"z":{"$defs":{"k":2}}}`)
	v, err := DecodeDeferring([]byte(doc.String()), newObj, (*obj).set, "$defs", func(raw []byte) any { return string(raw) })
	if err != nil {
		t.Fatal(err)
	}
	if trusted, err := DecodeDeferringValid([]byte(doc.String()), newObj, (*obj).set, "$defs", func(raw []byte) any { return string(raw) }); err != nil || !reflect.DeepEqual(trusted, v) {
		t.Errorf("DecodeDeferringValid: %#v (%v), DecodeDeferring %#v", trusted, err, v)
	}
	o := v.(*obj)
	defs := o.vals["$defs"].(*obj)
	for i, m := range members {
		if got := defs.vals["d"+string(rune('0'+i))]; got != m {
			t.Errorf("member %d: %q, want %q", i, got, m)
		}
	}
	if !reflect.DeepEqual(o.keys, []string{"type", "$defs", "z"}) {
		t.Errorf("keys %v", o.keys)
	}
	if k := o.vals["z"].(*obj).vals["$defs"].(*obj).vals["k"]; k != json.Number("2") {
		t.Errorf("a nested $defs is read: %v", k)
	}
	if _, err := DecodeDeferring([]byte(`{"$defs":{"a":}`), newObj, (*obj).set, "$defs", func(raw []byte) any { return raw }); err == nil {
		t.Error("invalid JSON accepted")
	}
}

func TestEachMember(t *testing.T) {
	var got []string
	isObject, err := EachMember([]byte(` { "b" : [1, {"x":"}"}] , "a\u0041":"s\"" ,"b":null } `), func(k string, raw []byte) {
		got = append(got, k+"="+string(raw))
	})
	want := []string{`b=[1, {"x":"}"}]`, `aA="s\""`, `b=null`}
	if err != nil || !isObject || !reflect.DeepEqual(got, want) {
		t.Errorf("got %q, object %v, err %v; want %q", got, isObject, err, want)
	}
	for _, doc := range []string{`[1]`, `"s"`, `3`} {
		if isObject, err := EachMember([]byte(doc), func(string, []byte) { t.Errorf("%s: a member", doc) }); isObject || err != nil {
			t.Errorf("%s: object %v, err %v; want neither", doc, isObject, err)
		}
	}
	if _, err := EachMember([]byte(`{"a":1,}`), func(string, []byte) {}); err == nil {
		t.Error("invalid JSON accepted")
	}
}
