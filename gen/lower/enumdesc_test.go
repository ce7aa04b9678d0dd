package lower_test

import (
	"reflect"
	"testing"
)

// TestEnumDescriptions checks that each form specs use to say what enum
// values mean reaches the IR in the enum's order, and that a form that
// cannot be matched up with the values gives nothing.
func TestEnumDescriptions(t *testing.T) {
	api, _ := lower31(t, `
paths:
  /cards:
    get:
      operationId: listCards
      parameters:
        - {name: list, in: query, schema: {type: string, enum: [active, canceled], x-enum-descriptions: [Usable., Permanently disabled.]}}
        - {name: map, in: query, schema: {type: string, enum: [a, b, c], x-enum-descriptions: {c: Third., a: First.}}}
        - {name: camel, in: query, schema: {type: integer, enum: [1, 2], x-enumDescriptions: [One., Two.]}}
        - name: ms
          in: query
          schema:
            type: string
            enum: [Low, High]
            x-ms-enum: {name: Level, values: [{value: High, description: Most urgent.}, {value: Low}]}
        - name: consts
          in: query
          schema:
            oneOf:
              - {const: fast, description: Ships overnight.}
              - {const: slow, title: Ships by ground.}
        - {name: short, in: query, schema: {type: string, enum: [x, y], x-enum-descriptions: [Only one.]}}
        - {name: nullable, in: query, schema: {type: string, enum: [x, null, y], x-enum-descriptions: [Ex., Nothing., Why.]}}
      responses: {'200': {description: ok}}
`)
	want := map[string][]string{
		"list":     {"Usable.", "Permanently disabled."},
		"map":      {"First.", "", "Third."},
		"camel":    {"One.", "Two."},
		"ms":       {"", "Most urgent."},
		"consts":   {"Ships overnight.", "Ships by ground."},
		"short":    nil,
		"nullable": {"Ex.", "Why."},
	}
	op := api.Operations[0]
	for _, p := range op.Params {
		s := api.Resolve(p.Schema)
		if got := s.EnumDescriptions; !reflect.DeepEqual(got, want[p.Name]) {
			t.Errorf("%s: enum %v described %q, want %q", p.Name, s.Enum, got, want[p.Name])
		}
	}
}
