package report

import (
	"fmt"
	"math"
	"path/filepath"
	"sort"
	"strings"

	"github.com/agentready/agentready/harness/classify"
	"github.com/agentready/agentready/harness/run"
)

// eps is the tolerance of rate comparisons.
const eps = 1e-9

// Comparison sets an old run and a new one side by side.
type Comparison struct {
	// Old and New describe the two runs.
	Old, New RunSummary
	// NoError is the no-error fraction, old and new.
	NoError Delta
	// Tools are every tool of either run, by name.
	Tools []ToolDelta
	// Classes are the classes whose rate is not zero in either run, in
	// the taxonomy's order.
	Classes []ClassDelta
	// Regressions are the cases that passed in the old run and fail in the
	// new one; Improvements the cases that failed and now pass. Changed
	// are the cases that fail in both runs with other classes.
	Regressions  []CaseChange
	Improvements []CaseChange
	Changed      []CaseChange
	// Other are the cases that are in one run only, or skipped in one.
	Other []CaseChange
}

// RunSummary identifies a run in a comparison.
type RunSummary struct {
	Dir, ID, Model, Started string
	Cases, Skipped          int
}

// Delta is a rate in both runs.
type Delta struct {
	Old, New float64
}

// Change is New minus Old.
func (d Delta) Change() float64 { return d.New - d.Old }

// ToolDelta is one tool's pass rate in both runs.
type ToolDelta struct {
	Tool string
	// OldCases and NewCases count the tool's classified cases (0: the
	// tool was not in that run, or all its cases were skipped).
	OldCases, OldPassed int
	NewCases, NewPassed int
	PassRate            Delta
	OldBand, NewBand    string
}

// Verdict says how the tool moved: "regressed", "improved", "same",
// "added" or "removed".
func (t ToolDelta) Verdict() string {
	switch {
	case t.OldCases == 0 && t.NewCases == 0:
		return "same"
	case t.OldCases == 0:
		return "added"
	case t.NewCases == 0:
		return "removed"
	case t.PassRate.Change() < -eps:
		return "regressed"
	case t.PassRate.Change() > eps:
		return "improved"
	}
	return "same"
}

// ClassDelta is one class's error rate in both runs.
type ClassDelta struct {
	Class              classify.Class
	Category           classify.Category
	OldCases, NewCases int
	Rate               Delta
}

// CaseChange is one case whose outcome differs between the runs.
type CaseChange struct {
	Case, Tool string
	// Old and New are "pass", "fail", "skipped" or "absent".
	Old, New             string
	OldLabels, NewLabels []classify.Label
}

// Compare compares two runs.
func Compare(old, new *Run) Comparison {
	c := Comparison{Old: summaryOf(old), New: summaryOf(new),
		NoError: Delta{Old: old.Metrics.NoErrorRate, New: new.Metrics.NoErrorRate}}

	tools := map[string]*ToolDelta{}
	get := func(name string) *ToolDelta {
		if tools[name] == nil {
			tools[name] = &ToolDelta{Tool: name}
		}
		return tools[name]
	}
	for _, tm := range old.Metrics.Tools {
		t := get(tm.Tool)
		t.OldCases, t.OldPassed, t.PassRate.Old, t.OldBand = tm.Cases, tm.Passed, tm.PassRate, tm.Band
	}
	for _, tm := range new.Metrics.Tools {
		t := get(tm.Tool)
		t.NewCases, t.NewPassed, t.PassRate.New, t.NewBand = tm.Cases, tm.Passed, tm.PassRate, tm.Band
	}
	for _, rs := range []*Run{old, new} {
		for _, rec := range rs.Records {
			get(rec.Tool)
		}
	}
	for _, t := range tools {
		c.Tools = append(c.Tools, *t)
	}
	sort.Slice(c.Tools, func(i, j int) bool { return c.Tools[i].Tool < c.Tools[j].Tool })

	for i, oc := range old.Metrics.Classes {
		nc := classMetric(new.Metrics.Classes, oc.Class, i)
		if oc.Cases == 0 && nc.Cases == 0 {
			continue
		}
		c.Classes = append(c.Classes, ClassDelta{Class: oc.Class, Category: oc.Category, OldCases: oc.Cases, NewCases: nc.Cases,
			Rate: Delta{Old: oc.Rate, New: nc.Rate}})
	}

	olds := map[string]*run.Record{}
	for i := range old.Records {
		olds[old.Records[i].Case] = &old.Records[i]
	}
	news := map[string]*run.Record{}
	for i := range new.Records {
		news[new.Records[i].Case] = &new.Records[i]
	}
	var ids []string
	for id := range olds {
		ids = append(ids, id)
	}
	for id := range news {
		if olds[id] == nil {
			ids = append(ids, id)
		}
	}
	sort.Strings(ids)
	for _, id := range ids {
		o, n := olds[id], news[id]
		ch := CaseChange{Case: id, Old: string(statusAbsent), New: string(statusAbsent)}
		if o != nil {
			ch.Tool, ch.Old, ch.OldLabels = o.Tool, string(statusOf(o)), o.Labels
		}
		if n != nil {
			ch.Tool, ch.New, ch.NewLabels = n.Tool, string(statusOf(n)), n.Labels
		}
		switch {
		case passes(ch.Old) && ch.New == string(statusFail):
			c.Regressions = append(c.Regressions, ch)
		case ch.Old == string(statusFail) && passes(ch.New):
			c.Improvements = append(c.Improvements, ch)
		case ch.Old == string(statusFail) && ch.New == string(statusFail):
			if strings.Join(classNames(ch.OldLabels), ",") != strings.Join(classNames(ch.NewLabels), ",") {
				c.Changed = append(c.Changed, ch)
			}
		case ch.Old != ch.New:
			c.Other = append(c.Other, ch)
		}
	}
	return c
}

// classMetric finds class c in ms, trying index i first.
func classMetric(ms []classify.ClassMetric, c classify.Class, i int) classify.ClassMetric {
	if i < len(ms) && ms[i].Class == c {
		return ms[i]
	}
	for _, m := range ms {
		if m.Class == c {
			return m
		}
	}
	return classify.ClassMetric{Class: c}
}

func summaryOf(r *Run) RunSummary {
	return RunSummary{Dir: r.Dir, ID: r.ID, Model: r.Model(), Started: r.Started(), Cases: r.Metrics.Cases, Skipped: r.Metrics.Skipped}
}

// Regressed reports whether the new run is worse: a case that passed
// fails now, a tool present in both runs passes a smaller share of its
// cases, or the no-error fraction fell.
func (c Comparison) Regressed() bool {
	if len(c.Regressions) > 0 || c.NoError.Change() < -eps {
		return true
	}
	for _, t := range c.Tools {
		if t.Verdict() == "regressed" {
			return true
		}
	}
	return false
}

// counts returns how many tools regressed, improved and stayed the same
// (among those in both runs).
func (c Comparison) counts() (regressed, improved, same int) {
	for _, t := range c.Tools {
		switch t.Verdict() {
		case "regressed":
			regressed++
		case "improved":
			improved++
		case "same":
			if t.OldCases > 0 {
				same++
			}
		}
	}
	return
}

// Summary returns a few lines for a terminal: the runs, the no-error
// fraction, the tools and cases that moved, and the verdict.
func (c Comparison) Summary() string {
	var b strings.Builder
	fmt.Fprintf(&b, "old: %s (%s, %s, %d cases)\n", c.Old.Dir, c.Old.Model, c.Old.Started, c.Old.Cases)
	fmt.Fprintf(&b, "new: %s (%s, %s, %d cases)\n", c.New.Dir, c.New.Model, c.New.Started, c.New.Cases)
	fmt.Fprintf(&b, "no-error fraction %s -> %s (%s)\n", frac(c.NoError.Old), frac(c.NoError.New), signed(c.NoError.Change()))
	reg, imp, same := c.counts()
	fmt.Fprintf(&b, "tools: %d regressed, %d improved, %d unchanged\n", reg, imp, same)
	for _, t := range c.Tools {
		if v := t.Verdict(); v == "regressed" || v == "improved" {
			fmt.Fprintf(&b, "  %-9s %s %s -> %s\n", v, t.Tool, pct(t.PassRate.Old), pct(t.PassRate.New))
		}
	}
	fmt.Fprintf(&b, "cases: %d regressed, %d improved\n", len(c.Regressions), len(c.Improvements))
	for _, ch := range c.Regressions {
		fmt.Fprintf(&b, "  regressed %s (%s): %s\n", ch.Case, ch.Tool, strings.Join(classNames(ch.NewLabels), ", "))
	}
	for _, ch := range c.Improvements {
		fmt.Fprintf(&b, "  improved  %s (%s): was %s\n", ch.Case, ch.Tool, strings.Join(classNames(ch.OldLabels), ", "))
	}
	if c.Regressed() {
		b.WriteString("verdict: REGRESSED\n")
	} else {
		b.WriteString("verdict: no regression\n")
	}
	return b.String()
}

// Markdown returns the comparison in Markdown, for comparison.md and PR
// comments.
func (c Comparison) Markdown() string {
	var b strings.Builder
	fmt.Fprintf(&b, "# agentready comparison: %s → %s\n\n", mdText(c.Old.ID), mdText(c.New.ID))
	if c.Regressed() {
		b.WriteString("**Verdict: regressed.**")
	} else {
		b.WriteString("**Verdict: no regression.**")
	}
	fmt.Fprintf(&b, " %d case(s) regressed, %d improved.\n\n", len(c.Regressions), len(c.Improvements))
	b.WriteString("| | old | new | change |\n|---|---|---|--:|\n")
	fmt.Fprintf(&b, "| run | %s | %s | |\n", mdCode(c.Old.ID), mdCode(c.New.ID))
	fmt.Fprintf(&b, "| model | %s | %s | |\n", mdText(c.Old.Model), mdText(c.New.Model))
	fmt.Fprintf(&b, "| started | %s | %s | |\n", c.Old.Started, c.New.Started)
	fmt.Fprintf(&b, "| cases | %d | %d | %+d |\n", c.Old.Cases, c.New.Cases, c.New.Cases-c.Old.Cases)
	fmt.Fprintf(&b, "| no-error fraction | %s | %s | %s |\n", frac(c.NoError.Old), frac(c.NoError.New), signed(c.NoError.Change()))

	b.WriteString("\n## Pass rate per tool\n\n| tool | old | new | change | band |\n|---|--:|--:|--:|---|\n")
	for _, t := range c.Tools {
		oldRate, newRate, change := "-", "-", ""
		if t.OldCases > 0 {
			oldRate = fmt.Sprintf("%s (%d/%d)", pct(t.PassRate.Old), t.OldPassed, t.OldCases)
		}
		if t.NewCases > 0 {
			newRate = fmt.Sprintf("%s (%d/%d)", pct(t.PassRate.New), t.NewPassed, t.NewCases)
		}
		switch v := t.Verdict(); v {
		case "regressed", "improved":
			change = fmt.Sprintf("%s pts, %s", signedPoints(t.PassRate.Change()), v)
		case "added", "removed":
			change = v
		}
		band := bandName(t.NewBand)
		if t.OldBand != t.NewBand && t.OldCases > 0 && t.NewCases > 0 {
			band = bandName(t.OldBand) + " → " + bandName(t.NewBand)
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %s |\n", mdCode(t.Tool), oldRate, newRate, change, band)
	}

	writeChanges := func(title, what string, list []CaseChange, labels func(CaseChange) []classify.Label) {
		if len(list) == 0 {
			return
		}
		fmt.Fprintf(&b, "\n## %s\n\n", title)
		for _, ch := range list {
			ls := labels(ch)
			line := fmt.Sprintf("- %s (%s)", mdCode(ch.Case), mdCode(ch.Tool))
			if len(ls) > 0 {
				line += fmt.Sprintf(": %s%s — %s", what, strings.Join(classNames(ls), ", "), mdText(clip(ls[0].Evidence, maxEvidence)))
			}
			b.WriteString(line + "\n")
		}
	}
	newLabels := func(ch CaseChange) []classify.Label { return ch.NewLabels }
	oldLabels := func(ch CaseChange) []classify.Label { return ch.OldLabels }
	writeChanges("Regressions: passed before, fail now", "", c.Regressions, newLabels)
	writeChanges("Improvements: failed before, pass now", "was ", c.Improvements, oldLabels)
	if len(c.Changed) > 0 {
		b.WriteString("\n## Failing in both runs, with other classes\n\n")
		for _, ch := range c.Changed {
			fmt.Fprintf(&b, "- %s (%s): %s → %s\n", mdCode(ch.Case), mdCode(ch.Tool),
				strings.Join(classNames(ch.OldLabels), ", "), strings.Join(classNames(ch.NewLabels), ", "))
		}
	}
	if len(c.Other) > 0 {
		b.WriteString("\n## Other changes\n\n")
		for _, ch := range c.Other {
			fmt.Fprintf(&b, "- %s (%s): %s → %s\n", mdCode(ch.Case), mdCode(ch.Tool), ch.Old, ch.New)
		}
	}

	if len(c.Classes) > 0 {
		b.WriteString("\n## Error rate per class\n\n| class | old | new | change |\n|---|--:|--:|--:|\n")
		for _, cd := range c.Classes {
			fmt.Fprintf(&b, "| %s | %s (%d) | %s (%d) | %s |\n", className(cd.Class), frac(cd.Rate.Old), cd.OldCases,
				frac(cd.Rate.New), cd.NewCases, signed(cd.Rate.Change()))
		}
	}
	return b.String()
}

// signed writes a change of a fraction with its sign: "+0.07", "-0.10",
// "0.00".
func signed(x float64) string {
	if math.Abs(x) < 0.005 {
		return "0.00"
	}
	return fmt.Sprintf("%+.2f", x)
}

// signedPoints writes a change of a fraction in percentage points: "+25".
func signedPoints(x float64) string {
	return fmt.Sprintf("%+.0f", math.Round(x*100))
}

// WriteComparison writes c's Markdown to comparison.md in dir (the new
// run's directory).
func WriteComparison(dir string, c Comparison) error {
	return writeFile(filepath.Join(dir, ComparisonFile), []byte(c.Markdown()))
}
