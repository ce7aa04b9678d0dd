package templates

import (
	"io/fs"
	"strings"
	"testing"
)

// TestParseAll parses every shipped template.
func TestParseAll(t *testing.T) {
	names, err := fs.Glob(FS, "*.tmpl")
	if err != nil {
		t.Fatal(err)
	}
	if len(names) == 0 {
		t.Fatal("no templates embedded")
	}
	for _, n := range names {
		if Parse(n) == nil {
			t.Errorf("%s: nil template", n)
		}
		if Parse(n) != Parse(n) {
			t.Errorf("%s: parsed twice", n)
		}
	}
}

func TestDescription(t *testing.T) {
	var b strings.Builder
	data := map[string]any{"Purpose": "Get a ticket", "Details": "", "Deprecated": true, "Example": `{"key":"T-1"}`}
	if err := Parse(Description).Execute(&b, data); err != nil {
		t.Fatal(err)
	}
	if want := "Deprecated. Get a ticket\nExample: {\"key\":\"T-1\"}"; strings.TrimSpace(b.String()) != want {
		t.Errorf("got %q, want %q", b.String(), want)
	}
}
