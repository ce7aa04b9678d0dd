package report

import (
	"fmt"
	"path/filepath"
)

// Gate is what a CI run is held to: a least no-error fraction and, with a
// baseline, the comparison's verdict.
type Gate struct {
	// MinNoError is the least no-error fraction (0: none); NoError the
	// run's, filled by WriteWith.
	MinNoError float64
	noError    float64
	// Comparison is the run against its baseline, when there is one.
	Comparison *Comparison
}

// Failed reports whether the run fails the gate.
func (g *Gate) Failed() bool {
	return g != nil && (g.belowMin() || g.Comparison != nil && g.Comparison.Regressed())
}

func (g *Gate) belowMin() bool { return g.MinNoError > 0 && g.noError < g.MinNoError }

// Reason says in one line why the run fails the gate, or that it passes.
func (g *Gate) Reason() string {
	var why []string
	if g.belowMin() {
		why = append(why, fmt.Sprintf("the no-error fraction %.3f is below --min-no-error %.2f", g.noError, g.MinNoError))
	}
	if g.Comparison != nil && g.Comparison.Regressed() {
		why = append(why, g.Comparison.Reason())
	}
	if len(why) == 0 {
		return "the run passes the gate"
	}
	return joinList(why, 2)
}

// The contents of junit.xml.
const (
	// JUnitTools: one testcase per tool, failing when the gate says the
	// tool regressed, plus one for the no-error threshold; what a CI's
	// test view should turn red on.
	JUnitTools = "tools"
	// JUnitCases: one testcase per case, failing when it has an error.
	JUnitCases = "cases"
)

// WriteOptions set what Write makes.
type WriteOptions struct {
	// JUnit is JUnitTools (when empty) or JUnitCases.
	JUnit string
	// Gate is what the run was held to, reflected in junit.xml; nil for
	// none.
	Gate *Gate
}

// WriteWith writes report.html, report.md and junit.xml into dir.
func WriteWith(dir string, r *Run, opts WriteOptions) error {
	page, err := r.HTML()
	if err != nil {
		return err
	}
	if opts.Gate != nil {
		opts.Gate.noError = r.Metrics.NoErrorRate
	}
	var junit []byte
	if opts.JUnit == JUnitCases {
		junit, err = r.JUnit()
	} else {
		junit, err = r.JUnitTools(opts.Gate)
	}
	if err != nil {
		return err
	}
	for _, f := range []struct {
		name string
		data []byte
	}{{HTMLFile, page}, {MarkdownFile, []byte(r.Markdown())}, {JUnitFile, junit}} {
		if err := writeFile(filepath.Join(dir, f.name), f.data); err != nil {
			return err
		}
	}
	return nil
}
