package jsonval

import (
	"encoding/json"
	"testing"
)

type ordered struct {
	keys []string
	vals map[string]any
}

func (o ordered) OrderedKeys() []string { return o.keys }
func (o ordered) Member(k string) any   { return o.vals[k] }

func TestCanonKeyEqualForEqualValues(t *testing.T) {
	o := ordered{keys: []string{"b", "a"}, vals: map[string]any{"b": json.Number("1.0"), "a": "x"}}
	m := map[string]any{"a": "x", "b": json.Number("1")}
	if CanonKey(o) != CanonKey(m) {
		t.Errorf("CanonKey(ordered) = %s, CanonKey(map) = %s", CanonKey(o), CanonKey(m))
	}
	if got := string(Append(nil, o)); got != `{"b":1.0,"a":"x"}` {
		t.Errorf("Append(ordered) = %s, want the written order", got)
	}
	for _, tc := range [][2]json.Number{{"-0", "0"}, {"1e2", "100"}, {"2.50", "2.5"}} {
		if !NumbersEqual(tc[0], tc[1]) {
			t.Errorf("NumbersEqual(%s, %s) = false", tc[0], tc[1])
		}
	}
	if NumbersEqual("1", "1.5") {
		t.Error("NumbersEqual(1, 1.5) = true")
	}
}

func TestParseNumber(t *testing.T) {
	for in, want := range map[string]string{"+007": "7", "-0012.5": "-12.5", "0": "0", "1e3": "1e3"} {
		if got, ok := ParseNumber(in); !ok || string(got) != want {
			t.Errorf("ParseNumber(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
	for _, in := range []string{"", "+-1", "1.", ".5", "1e", "12a", "0x10"} {
		if got, ok := ParseNumber(in); ok {
			t.Errorf("ParseNumber(%q) = %q, want no number", in, got)
		}
	}
	if n, ok := Integral("3.0"); !ok || n != "3" {
		t.Errorf("Integral(3.0) = %q, %v", n, ok)
	}
	if _, ok := Integral("3.5"); ok {
		t.Error("Integral(3.5) is whole")
	}
}

func TestShowCutsAndQuotes(t *testing.T) {
	long := make([]byte, 200)
	for i := range long {
		long[i] = 'a'
	}
	if got := Show(string(long)); len([]rune(got)) != MaxShown+2 || got[len(got)-4:] != `..."` {
		t.Errorf("Show(200 a's) = %s", got)
	}
	if got := Quote("a\"b\n\x7f\u2028"); got != `"a\"b\n\u007f\u2028"` {
		t.Errorf("Quote = %s", got)
	}
	if got := ShowScalar(true); got != "true" {
		t.Errorf("ShowScalar(true) = %s", got)
	}
}
