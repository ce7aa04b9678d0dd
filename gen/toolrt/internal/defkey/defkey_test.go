package defkey

import (
	"reflect"
	"testing"
)

func TestRefs(t *testing.T) {
	for _, tc := range []struct {
		raw   string
		refs  []string
		plain bool
	}{
		{`{"type":"string"}`, nil, true},
		{`{"items":{"$ref" : "#/$defs/A"},"x":{"$ref":"#/$defs/B"}}`, []string{"A", "B"}, true},
		{`{"enum":["$ref"],"properties":{"$ref":{"type":"string"}}}`, nil, true},
		{`{"$ref":"#/$defs/A/properties/x"}`, nil, false},
		{`{"$ref":"#"}`, nil, false},
		{`{"$ref":"#\/$defs\/A"}`, nil, false},
		{`{"description":"a \"quote\"","$ref":"#/$defs/A"}`, nil, false},
	} {
		refs, plain := Refs([]byte(tc.raw))
		if plain != tc.plain || plain && !reflect.DeepEqual(refs, tc.refs) {
			t.Errorf("Refs(%s) = %q, %v; want %q, %v", tc.raw, refs, plain, tc.refs, tc.plain)
		}
	}
}

func TestKey(t *testing.T) {
	raw := map[string][]byte{
		"A": []byte(`{"$ref":"#/$defs/B"}`),
		"B": []byte(`{"type":"string"}`),
		"C": []byte(`{"$ref":"#/$defs/B"}`),
		"D": []byte(`{"$ref":"#/$defs/Missing"}`),
		"E": []byte(`{"$ref":"#/$defs/E"}`),
	}
	extra := map[string][][]byte{}
	fields := func(name string, field func([]byte)) {
		for _, f := range extra[name] {
			field(f)
		}
	}
	k := New(raw, fields)
	a, okA := k.Key("A")
	c, okC := k.Key("C")
	if !okA || !okC || a == c {
		t.Errorf("A and C differ in name: want two known, distinct keys, got %x %v, %x %v", a[:4], okA, c[:4], okC)
	}
	if _, ok := k.Key("D"); ok {
		t.Error("D refers to an unknown definition: its key should not be known")
	}
	if _, ok := k.Key("E"); !ok {
		t.Error("E refers to itself: its key should be known")
	}
	// The same texts with an extra field in B give A another key.
	extra["B"] = [][]byte{[]byte("/$defs/B"), []byte(`"x"`)}
	a2, _ := New(raw, fields).Key("A")
	if a2 == a {
		t.Error("an extra field of B, which A refers to, did not change A's key")
	}
}
