package dialect

import (
	"fmt"
	"strings"
	"testing"
)

// TestCheck holds Check to one refusal of each rule, and to accepting
// what each dialect takes.
func TestCheck(t *testing.T) {
	obj := func(props string) string { return `{"type":"object","properties":{` + props + `}}` }
	strict := func(props, req string) string {
		return `{"type":"object","properties":{` + props + `},"required":[` + req + `],"additionalProperties":false}`
	}
	tests := []struct {
		d      Dialect
		schema string
		want   string // a part of the one violation; "" for none
	}{
		{Anthropic, obj(`"a":{"type":"string","maxLength":3}`), ""},
		{Anthropic, `{"type":"object","anyOf":[{"required":["a"]}]}`, "no anyOf at the root"},
		{Anthropic, `{"type":"string"}`, `the root must have "type": "object"`},
		{OpenAI, obj(`"a":{"type":"array"}`), "an array needs items"},
		{OpenAI, obj(`"a":{"type":"array","items":{}}`), ""},
		{OpenAIStrict, strict(`"a":{"type":["string","null"]}`, `"a"`), ""},
		{OpenAIStrict, strict(`"a":{"type":"string"}`, ``), `property "a" must be required`},
		{OpenAIStrict, `{"type":"object","properties":{"a":{"type":"string"}},"required":["a"]}`, "additionalProperties must be false"},
		{OpenAIStrict, strict(`"a":{"type":"string","maxLength":3}`, `"a"`), `keyword "maxLength" is not supported`},
		{OpenAIStrict, strict(`"a":{"type":"string","format":"uri"}`, `"a"`), `format "uri" is not supported`},
		{OpenAIStrict, strict(`"a":{"description":"any"}`, `"a"`), "a schema needs a type"},
		{OpenAIStrict, `{"type":"object","properties":{"a":{"$ref":"#/$defs/X","description":"x"}},"required":["a"],"additionalProperties":false,"$defs":{"X":{"type":"string"}}}`, "$ref must stand alone"},
		{OpenAIStrict, strict(`"a":{"$ref":"#/$defs/Missing"}`, `"a"`), "does not resolve"},
		{Gemini, obj(`"a":{"type":"string","format":"date-time","nullable":true}`), ""},
		{Gemini, obj(`"a":{"type":["string","null"]}`), "type must be one name"},
		{Gemini, obj(`"a":{"type":"object"}`), "an object needs properties"},
		{Gemini, obj(`"a":{"type":"integer","enum":["1","2"]}`), "enum is for strings only"},
		{Gemini, obj(`"a":{"type":"string","format":"email"}`), `format "email" is not supported`},
		{Gemini, obj(`"a":{"anyOf":[{"type":"string"},{"type":"integer"}],"description":"x"}`), "anyOf must be the only field"},
		{Gemini, obj(`"a":{"type":"object","properties":{"b":{"type":"string"}},"additionalProperties":false}`), `keyword "additionalProperties" is not supported`},
	}
	for _, tt := range tests {
		vs, err := Check([]byte(tt.schema), tt.d)
		if err != nil {
			t.Fatal(err)
		}
		switch {
		case tt.want == "" && len(vs) > 0:
			t.Errorf("%s %s: want none, got %v", tt.d, tt.schema, vs)
		case tt.want != "" && (len(vs) != 1 || !strings.Contains(vs[0].Rule, tt.want)):
			t.Errorf("%s %s: want one violation %q, got %v", tt.d, tt.schema, tt.want, vs)
		}
	}
}

// TestLimits holds Check to OpenAI's size limits in strict mode.
func TestLimits(t *testing.T) {
	var props []string
	for i := range 11 {
		props = append(props, `{"type":"object","properties":{"x`+string(rune('a'+i))+`":`)
	}
	deep := `{"type":"object","properties":{"a":` + strings.Join(props, "") + `{"type":"string"}` + strings.Repeat("}}", 11) + `}}`
	vs, _ := Check([]byte(deep), OpenAIStrict)
	found := false
	for _, v := range vs {
		found = found || strings.Contains(v.Rule, "nested 12 levels")
	}
	if !found {
		t.Errorf("12 levels of objects: got %v", vs)
	}
}

// TestRestore checks that strict mode's nulls read as left out and JSON
// text is decoded, at every depth.
func TestRestore(t *testing.T) {
	schema := `{"type":"object","properties":{"a":{"type":"string"},"o":{"type":"object","properties":{"b":{"type":"integer"},"m":{"type":"object"}},"required":["b"]}},"required":["o"]}`
	res, err := Adapt("t", []byte(schema), OpenAIStrict)
	if err != nil || res.Verdict != Adapted {
		t.Fatalf("%v %v", res, err)
	}
	got := res.Restore(map[string]any{"a": nil, "o": map[string]any{"b": 1.0, "m": `{"k":"v"}`}})
	want := `map[o:map[b:1 m:map[k:v]]]`
	if s := fmtValue(got); s != want {
		t.Errorf("Restore = %s, want %s", s, want)
	}
}

func fmtValue(v any) string { return fmt.Sprint(v) }
