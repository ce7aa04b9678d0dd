package load

import (
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"testing"

	"github.com/pb33f/libopenapi/index"
	"go.yaml.in/yaml/v4"

	"github.com/agentready/agentready/gen/diag"
)

// TestSyntaxPositions checks the line and column of each kind of syntax
// error, read from the parser's own error (encoding/json's SyntaxError,
// go-yaml's LoadError) rather than from libopenapi's message.
func TestSyntaxPositions(t *testing.T) {
	for _, tc := range []struct {
		name, file, content string
		line, col           int
		message             string
	}{
		{"YAML indentation", "indent.yaml", "openapi: 3.0.0\ninfo:\n  title: x\n   version: 1\npaths: {}\n", 4, 11,
			"syntax error: mapping values are not allowed in this context"},
		{"YAML unclosed quote", "quote.yaml", "openapi: 3.0.0\ninfo:\n  title: \"x\n  version: '1'\npaths: {}\n", 6, 1,
			"syntax error: found unexpected end of stream"},
		{"YAML tab", "tab.yaml", "openapi: 3.0.0\ninfo:\n\ttitle: x\npaths: {}\n", 3, 1,
			"syntax error: found character that cannot start any token"},
		{"JSON missing comma", "comma.json", "{\n  \"openapi\": \"3.0.0\",\n  \"info\": {\"title\": \"x\", \"version\": \"1\"}\n  \"paths\": {}\n}\n", 4, 3,
			"syntax error: invalid character '\"' after object key:value pair"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := filepath.Join(t.TempDir(), tc.file)
			if err := os.WriteFile(p, []byte(tc.content), 0o644); err != nil {
				t.Fatal(err)
			}
			_, err := File(p)
			var d diag.Diagnostic
			if !errors.As(err, &d) {
				t.Fatalf("error %v (%T) is not a diagnostic", err, err)
			}
			if d.Origin.Line != tc.line || d.Origin.Column != tc.col || d.Message != tc.message {
				t.Errorf("got %d:%d %q, want %d:%d %q", d.Origin.Line, d.Origin.Column, d.Message, tc.line, tc.col, tc.message)
			}
		})
	}
}

// TestErrorPosition checks each error type errorPosition reads a
// position from, wrapped as libopenapi may wrap it, and that an error
// that says a position only in its words gives none.
func TestErrorPosition(t *testing.T) {
	var le *yaml.LoadError
	if err := yaml.Unmarshal([]byte("a: 1\nb: [1, 2\n"), new(yaml.Node)); !errors.As(err, &le) {
		t.Fatalf("go-yaml gave %v (%T), not a LoadError", err, err)
	}
	for _, tc := range []struct {
		name      string
		err       error
		line, col int
	}{
		{"ResolvingError", fmt.Errorf("building: %w", &index.ResolvingError{ErrorRef: errors.New("bad"), Node: &yaml.Node{Line: 7, Column: 9}}), 7, 9},
		{"IndexingError", errors.Join(errors.New("other"), &index.IndexingError{Err: errors.New("missing"), Node: &yaml.Node{Line: 3, Column: 5}, KeyNode: &yaml.Node{Line: 3, Column: 11}}), 3, 5},
		{"IndexingError without node", &index.IndexingError{Err: errors.New("missing"), KeyNode: &yaml.Node{Line: 4, Column: 2}}, 4, 2},
		{"LoadError", fmt.Errorf("parse: %w", le), le.Mark.Line, le.Mark.Column},
		{"words only", errors.New("reference cannot be found at line 12, col 23 [12:23]"), 0, 0},
	} {
		if line, col := errorPosition(tc.err); line != tc.line || col != tc.col {
			t.Errorf("%s: %d:%d, want %d:%d", tc.name, line, col, tc.line, tc.col)
		}
	}
	if le.Mark.Line != 3 || le.Mark.Column != 1 {
		t.Errorf("go-yaml places the unclosed flow sequence at %d:%d, want 3:1", le.Mark.Line, le.Mark.Column)
	}
}

// TestLogPositions checks that a log record's position comes from its
// attributes ("line" and "column", or the node of its error) and that a
// position in the message's words is left there.
func TestLogPositions(t *testing.T) {
	c := &logCollector{file: "spec.yaml"}
	log := slog.New(c)
	log.Error("invalid entry", "line", 4, "column", 6)
	log.Error("cannot resolve", "error", &index.IndexingError{Err: errors.New("missing"), Node: &yaml.Node{Line: 8, Column: 3}})
	log.Error("reference cannot be found at line 12, col 23")
	log.Error("odd", "line", "nine")
	got := c.diagnostics()
	want := []struct {
		line, col int
		msg       string
	}{
		{4, 6, "invalid entry"},
		{8, 3, "cannot resolve: missing"},
		{0, 0, "reference cannot be found at line 12, col 23"},
		{0, 0, "odd"},
	}
	if len(got) != len(want) {
		t.Fatalf("%d diagnostics, want %d: %v", len(got), len(want), got)
	}
	for i, w := range want {
		if got[i].Origin.Line != w.line || got[i].Origin.Column != w.col || got[i].Message != w.msg {
			t.Errorf("record %d: %d:%d %q, want %d:%d %q", i, got[i].Origin.Line, got[i].Origin.Column, got[i].Message, w.line, w.col, w.msg)
		}
	}
}
