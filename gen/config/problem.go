package config

import (
	"cmp"
	"slices"

	"github.com/agentready/agentready/gen/finding"
	"github.com/agentready/agentready/gen/yamlpos"
)

// Problem is one thing wrong with a configuration: yamlpos's problem
// (file, line, column, field path, message), whose file, when not set,
// is DefaultFile.
type Problem yamlpos.Problem

// yamlpos returns the problem as yamlpos's, its file defaulted.
func (p *Problem) yamlpos() yamlpos.Problem {
	q := yamlpos.Problem(*p)
	q.File = cmp.Or(q.File, DefaultFile)
	return q
}

// Error formats the problem as "file:line:col: field: message", leaving
// out the parts that are unknown or empty.
func (p *Problem) Error() string { return p.yamlpos().Error() }

// Finding is the problem as a finding of source config (see
// yamlpos.Problem.Finding), for the report and SARIF.
func (p *Problem) Finding() finding.Finding { return p.yamlpos().Finding(finding.Config) }

// Problems is every problem found in a configuration, in the order they
// appear in the file (those without a position first). It is the error
// Load, Parse and Validate return; errors.As reaches each Problem too.
type Problems []*Problem

// Error lists the problems, one per line.
func (ps Problems) Error() string { return yamlpos.Lines(ps) }

// Findings returns the problems as findings (see Problem.Finding).
func (ps Problems) Findings() []finding.Finding {
	out := make([]finding.Finding, len(ps))
	for i, p := range ps {
		out[i] = p.Finding()
	}
	return out
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
