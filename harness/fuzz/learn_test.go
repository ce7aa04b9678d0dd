package fuzz

import (
	"strings"
	"testing"

	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/gen/toolschema"
)

// Messages in the styles of several APIs and frameworks, and what the
// documentation fix must learn from each.
func TestLearnFromMessages(t *testing.T) {
	num := &ir.Schema{Kind: ir.KindInteger}
	str := &ir.Schema{Kind: ir.KindString}
	hundred := 100.0
	for _, c := range []struct {
		msg    string
		s      *ir.Schema
		sent   any
		want   string
		unwant string
	}{
		{`Invalid value for 'order': must be one of "asc", "desc"`, str, "x", "enum: [asc, desc]", ""},
		{`state must be either open or closed`, str, "x", "enum: [open, closed]", ""},
		{`Allowed values are: active | archived.`, str, "x", "enum: [active, archived]", ""},
		{`ensure this value is less than or equal to 100`, num, 1000.0, "maximum: 100", ""},
		{`Invalid integer: 0, must be at least 1`, num, 0.0, "minimum: 1", ""},
		{`per_page must be between 1 and 100`, &ir.Schema{Kind: ir.KindInteger, Maximum: &hundred}, 200.0, "minimum: 1", "maximum"},
		{`name is too long (maximum is 39 characters)`, str, "xxxx", "maxLength: 39", ""},
		{`ensure this value has at most 64 characters`, str, "xxxx", "maxLength: 64", ""},
		{`must be a date like 2026-03-14; got "2026-03-14T00:00:00Z"`, &ir.Schema{Kind: ir.KindString, Format: "date-time"}, "2026-03-14T00:00:00Z", "format: date", ""},
		{`"since" is not a valid ISO 8601 timestamp`, str, "yesterday", "format: date-time", ""},
		{`id must be a valid UUID`, str, "abc", "format: uuid", ""},
		{`Key must match ^[A-Z]+-\d+$`, str, "abc", `pattern: ^[A-Z]+-\d+$`, ""},
	} {
		p := &probe{api: &ir.API{}, op: &ir.Operation{}, arg: "a", what: "typical value", valid: true,
			args: map[string]any{"a": c.sent}}
		got := learnFix(p, []toolschema.Arg{{Name: "a", Schema: c.s}}, "a", c.msg)
		if !strings.Contains(got, c.want) || (c.unwant != "" && strings.Contains(got, c.unwant)) {
			t.Errorf("%q: learned %q, want %q", c.msg, got, c.want)
		}
	}
}
