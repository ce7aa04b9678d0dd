// Package diag holds the position-bearing warnings and errors that loading
// and lowering a spec produce. Every diagnostic names where (file, line,
// column and JSON pointer when known), what (the operation or schema) and
// why, and where possible how to fix it.
package diag

import (
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/agentready/agentready/gen/finding"
	"github.com/agentready/agentready/gen/ir"
)

// Severity says whether a diagnostic stops generation.
type Severity int

// The severities. A Warning skips one thing (an operation, a parameter)
// and generation goes on; an Error stops it.
const (
	Warning Severity = iota
	Error
)

func (s Severity) String() string {
	if s == Error {
		return "error"
	}
	return "warning"
}

// Diagnostic is one problem found in a spec.
type Diagnostic struct {
	Severity Severity
	Origin   ir.Origin
	// Subject is what the problem is about, e.g. `operation getPet (GET /pets/{id})`.
	Subject string
	// Message says what is wrong; Hint, when set, how to fix it.
	Message string
	Hint    string
}

// Error formats the diagnostic as "file:line:col: subject: message (hint)".
func (d Diagnostic) Error() string {
	var b strings.Builder
	if o := d.Origin.String(); o != "" {
		b.WriteString(o)
		b.WriteString(": ")
	}
	if d.Subject != "" {
		b.WriteString(d.Subject)
		b.WriteString(": ")
	}
	b.WriteString(d.Message)
	if d.Hint != "" {
		b.WriteString(" (")
		b.WriteString(d.Hint)
		b.WriteString(")")
	}
	return b.String()
}

// Finding is the diagnostic as a finding of source gen, for the report
// and SARIF: its level is its severity, its place its origin, its message
// the subject and message, its fix the hint. It names no tool: the
// subject (an operation, a schema) is not one yet.
func (d Diagnostic) Finding() finding.Finding {
	level := finding.Warning
	if d.Severity == Error {
		level = finding.Error
	}
	msg := d.Message
	if d.Subject != "" {
		msg = d.Subject + ": " + msg
	}
	return finding.Finding{
		Source: finding.Gen, Rule: string(finding.Gen), Level: level,
		Message: msg, Fix: d.Hint, Place: d.Origin,
	}
}

// List collects diagnostics.
type List []Diagnostic

// Warnf adds a warning.
func (l *List) Warnf(origin ir.Origin, subject, format string, args ...any) {
	*l = append(*l, Diagnostic{Severity: Warning, Origin: origin, Subject: subject, Message: fmt.Sprintf(format, args...)})
}

// Errorf adds an error.
func (l *List) Errorf(origin ir.Origin, subject, format string, args ...any) {
	*l = append(*l, Diagnostic{Severity: Error, Origin: origin, Subject: subject, Message: fmt.Sprintf(format, args...)})
}

// Add appends diagnostics.
func (l *List) Add(d ...Diagnostic) { *l = append(*l, d...) }

// Sort orders diagnostics by file, line, column, then message, so output is
// stable.
func (l List) Sort() {
	sort.SliceStable(l, func(i, j int) bool {
		a, b := l[i].Origin, l[j].Origin
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		if a.Column != b.Column {
			return a.Column < b.Column
		}
		if a.Pointer != b.Pointer {
			return a.Pointer < b.Pointer
		}
		return l[i].Message < l[j].Message
	})
}

// Findings returns the diagnostics as findings (see Diagnostic.Finding).
func (l List) Findings() []finding.Finding {
	out := make([]finding.Finding, len(l))
	for i, d := range l {
		out[i] = d.Finding()
	}
	return out
}

// Count returns how many diagnostics have severity s.
func (l List) Count(s Severity) int {
	n := 0
	for _, d := range l {
		if d.Severity == s {
			n++
		}
	}
	return n
}

// Err returns the errors in the list as one error (nil when there are
// none). With strict set, warnings count as errors.
func (l List) Err(strict bool) error {
	var errs []error
	for _, d := range l {
		if d.Severity == Error || strict {
			errs = append(errs, d)
		}
	}
	return errors.Join(errs...)
}
