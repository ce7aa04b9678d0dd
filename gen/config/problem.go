package config

import (
	"cmp"
	"slices"
	"strings"

	"github.com/agentready/agentready/gen/finding"
	"github.com/agentready/agentready/gen/yamlpos"
)

// Problem is one thing wrong with a configuration.
type Problem struct {
	// File is the configuration file.
	File string
	// Line and Column locate the problem in File, from 1; 0 when unknown,
	// as for a required key that is missing.
	Line, Column int
	// Field is the path of the field at fault, such as
	// "select.include[1].methods[0]"; empty for the file as a whole.
	Field string
	// Message says what is wrong and how to put it right.
	Message string
}

// Error formats the problem as "file:line:col: field: message", leaving
// out the parts that are unknown or empty.
func (p *Problem) Error() string {
	return yamlpos.Problem{
		Place: finding.Place{File: cmp.Or(p.File, DefaultFile), Line: p.Line, Column: p.Column},
		Field: p.Field, Message: p.Message,
	}.Error()
}

// Problems is every problem found in a configuration, in the order they
// appear in the file (those without a position first). It is the error
// Load, Parse and Validate return; errors.As reaches each Problem too.
type Problems []*Problem

// Error lists the problems, one per line.
func (ps Problems) Error() string {
	lines := make([]string, len(ps))
	for i, p := range ps {
		lines[i] = p.Error()
	}
	return strings.Join(lines, "\n")
}

// Unwrap returns the problems as errors, for errors.As and errors.Is.
func (ps Problems) Unwrap() []error {
	errs := make([]error, len(ps))
	for i, p := range ps {
		errs[i] = p
	}
	return errs
}

func (ps Problems) sort() {
	slices.SortStableFunc(ps, func(a, b *Problem) int {
		return cmp.Or(cmp.Compare(a.Line, b.Line), cmp.Compare(a.Column, b.Column))
	})
}

// err returns ps as an error: nil when there are none.
func (ps Problems) err() error {
	if len(ps) == 0 {
		return nil
	}
	return ps
}
