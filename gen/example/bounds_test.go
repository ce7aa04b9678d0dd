package example

import (
	"strings"
	"testing"

	"github.com/agentready/agentready/gen/ir"
)

func TestUnmeetable(t *testing.T) {
	api := &ir.API{}
	str := &ir.Schema{Kind: ir.KindString}
	arr := func(min int64, items *ir.Schema) *ir.Schema {
		return &ir.Schema{Kind: ir.KindArray, MinItems: n(min), Items: items}
	}
	nested := str
	for range 4 {
		nested = arr(20, nested) // 20^4 = 160000 values
	}
	for _, c := range []struct {
		s    *ir.Schema
		want string // "" for meetable
	}{
		{arr(64, str), ""},
		{arr(900000000, str), "minItems 900000000 is more than the 64 items"},
		{&ir.Schema{Kind: ir.KindString, MinLength: n(900000000)}, "minLength 900000000"},
		{&ir.Schema{Kind: ir.KindObject, MinProperties: n(900000000)}, "minProperties 900000000"},
		{&ir.Schema{Kind: ir.KindObject, Properties: []*ir.Property{
			{Name: "opt", Schema: arr(900000000, str)}}}, ""}, // optional: left out
		{&ir.Schema{Kind: ir.KindObject, Properties: []*ir.Property{
			{Name: "req", Required: true, Schema: arr(900000000, str)}}}, "property req: minItems"},
		{nested, "least valid value holds about 10000+ values"},
		{&ir.Schema{Kind: ir.KindUnion, Variants: []*ir.Schema{arr(900000000, str), str}}, ""},
		{&ir.Schema{Kind: ir.KindUnion, Variants: []*ir.Schema{arr(900000000, str)}}, "every variant"},
	} {
		got := Unmeetable(api, c.s)
		if c.want == "" && got != "" || !strings.Contains(got, c.want) {
			t.Errorf("%+v: got %q, want %q", c.s, got, c.want)
		}
		// Whatever the numbers, a value is made at once and within the caps.
		v := Value(api, c.s, "thing", All)
		if a, ok := v.([]any); ok && len(a) > MaxItems {
			t.Errorf("%+v: %d items", c.s, len(a))
		}
	}
}
