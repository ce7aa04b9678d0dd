package judge

import (
	"encoding/json"
	"maps"
	"math"
	"slices"
	"testing"

	"github.com/agentready/agentready/harness/retrieve"
)

// TestQuotedValuesReadOnce checks that a text read with JSON values
// another text quoted before reads as it does alone: the same tokens,
// the same quoted values, and the same words for TellApart as the whole
// text's retrieve.Tokens, whatever surrounds the value (brackets inside
// its strings, escaped quotes, text that is not JSON, other scripts).
func TestQuotedValuesReadOnce(t *testing.T) {
	body := `{"name":"Ada [x] {y}","note":"say \"hi\" }","tags":["vpn","Größe"],"n":{"deep":[1,2,{"k":null}]}}`
	texts := []string{
		"Create the envelope with the body " + body + " please.",
		"Send " + body + ", then " + body + " again",
		"Größe: " + body + "[not json] {also: not}",
		"[" + body + "] and {broken",
		"A list [1, 2, 3] and [\"x\"]",
		"no JSON at all, camelCaseWords and APIKey",
		`{"a":1}{"a":1}`,
	}
	kept := &blobCache{m: map[string]*blob{}}
	for round := range 2 {
		for _, s := range texts {
			alone, got := readText(s), readTextWith(s, kept)
			toks, cased := tokens(s)
			if !slices.Equal(got.toks, toks) || !slices.Equal(got.cased, cased) || !slices.Equal(alone.toks, toks) {
				t.Errorf("round %d, %q: tokens %q, want %q", round, s, got.toks, toks)
			}
			if !maps.Equal(got.blobs, alone.blobs) || !maps.Equal(got.blobSizes, alone.blobSizes) {
				t.Errorf("round %d, %q: quoted values %v, alone %v", round, s, got.blobs, alone.blobs)
			}
			want := map[string]bool{}
			for w := range retrieve.EachToken(s) {
				want[w] = true
			}
			heard := map[string]bool{}
			for _, p := range got.parts {
				if p.blob != nil {
					for _, w := range p.blob.tokens() {
						heard[w] = true
					}
					continue
				}
				for w := range retrieve.EachToken(p.words) {
					heard[w] = true
				}
			}
			if !maps.Equal(heard, want) {
				t.Errorf("round %d, %q: TellApart hears %v, want %v", round, s, heard, want)
			}
		}
	}
	if len(kept.m) == 0 {
		t.Error("no quoted value was kept")
	}
	if n := jsonEnd(`{"a":"}"`); n != 0 {
		t.Errorf("jsonEnd of an unclosed value = %d, want 0", n)
	}
}

// TestSameJSONAsCanon checks sameJSON against what it stands for,
// canon(a) == canon(b), wherever it says it is sure.
func TestSameJSONAsCanon(t *testing.T) {
	decoded := func(s string) any {
		var v any
		if err := json.Unmarshal([]byte(s), &v); err != nil {
			t.Fatal(err)
		}
		return v
	}
	bs := []string{`{"a":1,"b":[true,null,"x"]}`, `{"a":1,"b":[true,null,"y"]}`, `{"a":0,"b":[]}`, `[1,2]`, `[2,1]`, `{}`, `[]`,
		`{"a":{"b":{"c":"<&>"}}}`, `[0]`, `[-0.5]`, `"s"`, `null`, `[1e300]`}
	as := []any{
		map[string]any{"a": 1.0, "b": []any{true, nil, "x"}}, map[string]any{"b": []any{true, nil, "x"}, "a": 1.0},
		map[string]any{"a": 1.0, "b": []any{true, nil}}, map[string]any{"a": 0.0, "b": []any{}}, map[string]any{"a": math.Copysign(0, -1), "b": []any{}},
		[]any{1.0, 2.0}, []any{2.0, 1.0}, map[string]any{}, []any{}, map[string]any(nil), []any(nil),
		map[string]any{"a": map[string]any{"b": map[string]any{"c": "<&>"}}}, []any{0.0}, []any{-0.5}, []any{1e300},
		[]any{json.Number("1")}, []any{int64(0)}, "s", nil, []any{"\xff"}, []any{math.NaN()},
	}
	sure := 0
	for _, a := range as {
		for _, s := range bs {
			b := decoded(s)
			same, ok := sameJSON(a, b)
			if !ok {
				continue
			}
			sure++
			if want := canon(a) == canon(b); same != want {
				t.Errorf("sameJSON(%#v, %s) = %v, canon says %v", a, s, same, want)
			}
		}
	}
	if sure < len(as)*len(bs)/2 {
		t.Errorf("sure of only %d pairs", sure)
	}
}
