package metatools

import (
	"errors"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/cloudwego/eino/schema"

	"github.com/agentready/agentready/gen"
	"github.com/agentready/agentready/gen/catalog"
	"github.com/agentready/agentready/gen/toolrt"
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

// exampleSet is the meta-tools over the example API's catalog; no call
// is made, so no server is needed.
func exampleSet(t *testing.T) *Set {
	t.Helper()
	_, file, _, _ := runtime.Caller(0)
	api, _, err := gen.Load(gen.Options{Spec: filepath.Join(filepath.Dir(file), "..", "specs", "exampleapi", "openapi.yaml")})
	if err != nil {
		t.Fatal(err)
	}
	client, err := catalog.NewClient(api, "http://127.0.0.1:1", toolrt.WithoutEnvironment())
	if err != nil {
		t.Fatal(err)
	}
	cat, err := catalog.New(api, client)
	if err != nil {
		t.Fatal(err)
	}
	s, err := New(cat)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// describe_tool shows a tool as a rewrite of its definition makes it
// (producer hints, ablations), and says so when the rewrite fails.
func TestDescribeShown(t *testing.T) {
	s := exampleSet(t)
	plain, isErr := s.Describe(DescribeArgs{Name: "getTicket"})
	if isErr || !strings.Contains(plain, `"ticketId"`) {
		t.Fatalf("plain description (error %v):\n%s", isErr, plain)
	}
	hinted := func(info *schema.ToolInfo) (*schema.ToolInfo, error) {
		out := *info
		out.Desc += "\nThe ticketId comes from listTickets."
		return &out, nil
	}
	text, isErr := s.DescribeShown(DescribeArgs{Name: "getTicket"}, hinted)
	if isErr || !strings.Contains(text, "comes from listTickets") || !strings.Contains(text, `"ticketId"`) {
		t.Errorf("rewritten description (error %v):\n%s", isErr, text)
	}
	broken := func(*schema.ToolInfo) (*schema.ToolInfo, error) { return nil, errors.New("no such part") }
	if text, isErr := s.DescribeShown(DescribeArgs{Name: "getTicket"}, broken); !isErr || !strings.Contains(text, "no such part") {
		t.Errorf("a failed rewrite (error %v): %s", isErr, text)
	}
	if text, isErr := s.Describe(DescribeArgs{Name: "getTiket"}); !isErr || !strings.Contains(text, `"getTicket"`) {
		t.Errorf("a misspelt name (error %v): %s", isErr, text)
	}
}
