package metatools

import (
	"strings"
	"testing"
)

func TestSummary(t *testing.T) {
	long := strings.Repeat("word ", 60)
	for _, tc := range []struct{ in, want string }{
		{"Close ticket. Closes it\nExample: {}", "Close ticket. Closes it"},
		{"  one line  ", "one line"},
		{long, strings.TrimSpace(long[:summaryBytes]) + "..."},
		{strings.Repeat("x", 300), strings.Repeat("x", summaryBytes) + "..."},
	} {
		if got := Summary(tc.in); got != tc.want {
			t.Errorf("Summary(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestRawArguments(t *testing.T) {
	for _, tc := range []struct {
		in   any
		want string
	}{
		{nil, ""},
		{map[string]any{"a": 1}, `{"a":1}`},
		{`{"a":1}`, `"{\"a\":1}"`},
	} {
		got, err := RawArguments(tc.in)
		if err != nil || got != tc.want {
			t.Errorf("RawArguments(%v) = %q, %v; want %q", tc.in, got, err, tc.want)
		}
	}
	if _, err := RawArguments(func() {}); err == nil || !strings.Contains(err.Error(), "one JSON object") {
		t.Errorf("a value JSON cannot write: %v", err)
	}
}
