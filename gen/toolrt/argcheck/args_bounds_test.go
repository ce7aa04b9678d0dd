package argcheck

import (
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/agentready/agentready/gen/toolrt/shape"
)

// hugeArgs are arguments a model might send, each about size bytes.
func hugeArgs(size int) map[string]string {
	var many, items, deep strings.Builder
	many.WriteString(`{"name":"a"`)
	for i := 0; many.Len() < size; i++ {
		many.WriteString(`,"unknown_` + strings.Repeat("x", i%7) + string(rune('a'+i%26)) + strconv.Itoa(i) + `":1`)
	}
	many.WriteString("}")
	items.WriteString(`{"name":"a","ids":[`)
	for i := 0; items.Len() < size; i++ {
		if i > 0 {
			items.WriteByte(',')
		}
		items.WriteString(`"x"`)
	}
	items.WriteString("]}")
	deep.WriteString(`{"name":"a","meta":`)
	for deep.Len() < size/2 {
		deep.WriteString(`{"a":`)
	}
	return map[string]string{
		"one long unknown name": `{"name":"a","` + strings.Repeat("n", size) + `":1}`,
		"many unknown names":    many.String(),
		"many wrong items":      items.String(),
		"one long value":        `{"name":"` + strings.Repeat("v", size) + `"}`,
		"deep nesting":          deep.String(), // not even valid JSON
	}
}

// TestHugeArgumentsStayBounded: whatever a model sends, the corrective
// message fits the result budget; 10 MB of arguments are answered
// allocating under 100 MB in all (TotalAlloc), and so is the most Check
// reads (MaxBytes), which it checks in full. Allocation is the bound
// that holds on a loaded machine; the time is logged, and
// BenchmarkHugeArguments measures it.
func TestHugeArgumentsStayBounded(t *testing.T) {
	schema := `{"type":"object","properties":{"name":{"type":"string","maxLength":10},` +
		`"ids":{"type":"array","items":{"type":"integer"}},"meta":{"type":"object"}},"required":["name"],"additionalProperties":false}`
	c, err := NewChecker("getThing", []byte(schema), []byte(`{"name":"a"}`))
	if err != nil {
		t.Fatal(err)
	}
	cases := hugeArgs(10 << 20)
	for name, raw := range hugeArgs(MaxBytes - 64) {
		cases[name+", under the cap"] = raw
	}
	for name, raw := range cases {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		start := time.Now()
		_, _, err := c.Check(raw)
		took := time.Since(start)
		runtime.ReadMemStats(&after)
		alloc := after.TotalAlloc - before.TotalAlloc
		if err == nil {
			t.Errorf("%s: accepted", name)
			continue
		}
		msg := err.Error()
		tokens := shape.TokenEstimate(msg)
		t.Logf("%s (%d KB): %v, %d MB allocated, message %d tokens", name, len(raw)>>10, took.Round(time.Millisecond), alloc>>20, tokens)
		if tokens > shape.DefaultTokens/2 {
			t.Errorf("%s: the message is %d tokens:\n%.600s", name, tokens, msg)
		}
		if alloc > 100<<20 {
			t.Errorf("%s: %d MB allocated in %v: want under 100 MB", name, alloc>>20, took)
		}
	}
}

// BenchmarkHugeArguments is the time of refusing 10 MB of arguments (cut
// at MaxBytes) and arguments just under that cap (checked in full).
func BenchmarkHugeArguments(b *testing.B) {
	schema := `{"type":"object","properties":{"name":{"type":"string","maxLength":10},` +
		`"ids":{"type":"array","items":{"type":"integer"}},"meta":{"type":"object"}},"required":["name"],"additionalProperties":false}`
	c, err := NewChecker("getThing", []byte(schema), []byte(`{"name":"a"}`))
	if err != nil {
		b.Fatal(err)
	}
	cases := hugeArgs(10 << 20)
	for name, raw := range hugeArgs(MaxBytes - 64) {
		cases[name+", under the cap"] = raw
	}
	for name, raw := range cases {
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(len(raw)))
			for b.Loop() {
				if _, _, err := c.Check(raw); err == nil {
					b.Fatal("accepted")
				}
			}
		})
	}
}
