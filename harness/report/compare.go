package report

import (
	"fmt"
	"math"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/agentready/agentready/harness/classify"
	"github.com/agentready/agentready/harness/run"
	"github.com/agentready/agentready/harness/stats"
)

// eps is the tolerance of rate comparisons.
const eps = 1e-9

// CompareOptions set how a comparison judges a change.
type CompareOptions struct {
	// Alpha is the significance level (stats.DefaultAlpha when 0): a tool, or
	// the run, regressed only when McNemar's test on its paired cases
	// says a drop this large is rarer than Alpha under no change.
	Alpha float64
	// Strict makes any drop a regression.
	Strict bool
	// AllowRemoved accepts that cases of the old run cannot run now
	// because their tool is no longer in the API (renamed or removed);
	// otherwise each is a regression.
	AllowRemoved bool
}

// Comparison sets an old run and a new one side by side.
type Comparison struct {
	// Options are what the comparison was made with.
	Options CompareOptions
	// Lost and Gained count the paired cases that passed in the old run
	// and fail in the new one, and the reverse; P is McNemar's p-value
	// for them. Removed counts the old run's cases whose tool the new run
	// no longer has.
	Lost, Gained, Removed int
	P                     float64
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
	// Toolset says how the agent reached the tools; PerTurn is the mean
	// input tokens per model call (0 when no case ran the agent).
	Toolset string
	PerTurn float64
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
	// Lost and Gained count the tool's paired cases that passed before
	// and fail now, and the reverse; P is McNemar's p-value for them.
	// Removed counts its old cases that cannot run now (the tool is not
	// in the API any more).
	Lost, Gained, Removed int
	P                     float64
	// opts are the comparison's.
	opts CompareOptions
}

// The verdicts of a tool.
const (
	VerdictRegressed = "regressed"
	VerdictImproved  = "improved"
	VerdictNoise     = "within noise"
	VerdictSame      = "same"
	VerdictAdded     = "added"
	VerdictRemoved   = "removed"
)

// Verdict says how the tool moved: "regressed" (a significant drop of its
// paired cases, or any with Strict; or cases that cannot run now), "within
// noise" (a change chance explains), "improved" (a significant gain),
// "same", "added" or "removed" (not in the new run, its removal allowed).
func (t ToolDelta) Verdict() string {
	switch {
	case t.Removed > 0 && !t.opts.AllowRemoved:
		return VerdictRegressed
	case t.OldCases == 0 && t.NewCases == 0:
		return VerdictSame
	case t.OldCases == 0:
		return VerdictAdded
	case t.NewCases == 0:
		return VerdictRemoved
	case t.Lost > t.Gained && (t.opts.Strict || t.P < t.opts.alpha()):
		return VerdictRegressed
	case t.Gained > t.Lost && t.P < t.opts.alpha():
		return VerdictImproved
	case t.Lost > 0 || t.Gained > 0:
		return VerdictNoise
	}
	return VerdictSame
}

// Why says in a few words what the verdict rests on: "lost 15 and gained
// 0 of 20 paired cases, p=0.00006".
func (t ToolDelta) Why() string {
	if t.Removed > 0 && !t.opts.AllowRemoved {
		return fmt.Sprintf("%d of its cases cannot run now: the API has no tool %s (renamed or removed?)", t.Removed, t.Tool)
	}
	if t.Lost == 0 && t.Gained == 0 {
		return ""
	}
	return fmt.Sprintf("lost %d and gained %d paired cases, p=%s", t.Lost, t.Gained, pValue(t.P))
}

func (o CompareOptions) alpha() float64 {
	if o.Alpha <= 0 {
		return stats.DefaultAlpha
	}
	return o.Alpha
}

// pValue writes a p-value with the digits that matter.
func pValue(p float64) string {
	switch {
	case p >= 0.01:
		return fmt.Sprintf("%.2f", p)
	case p >= 0.0001:
		return fmt.Sprintf("%.4f", p)
	}
	return fmt.Sprintf("%.1e", p)
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

// Compare compares two runs with the default options.
func Compare(old, new *Run) Comparison { return CompareWith(old, new, CompareOptions{}) }

// CompareWith compares two runs: outcomes paired per case, a tool and the
// run judged by McNemar's test on their pairs.
func CompareWith(old, new *Run, opts CompareOptions) Comparison {
	c := Comparison{Options: opts, Old: summaryOf(old), New: summaryOf(new),
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
	// Pairs: a case classified in both runs passed (first time) or not in
	// each, or with repeated trials, passed in a larger or smaller fraction
	// of them (caseTally.moved). An old case whose tool the new run lacks
	// is removed.
	olds, news := tallies(old), tallies(new)
	for _, id := range sortedCases(olds, nil) {
		o := olds[id]
		if o.trials == 0 {
			continue
		}
		t := get(o.tool)
		n := news[id]
		switch {
		case n != nil && n.removed:
			t.Removed++
			c.Removed++
		case o.moved(n) < 0:
			t.Lost++
			c.Lost++
		case o.moved(n) > 0:
			t.Gained++
			c.Gained++
		}
	}
	c.P = stats.McNemar(c.Lost, c.Gained)
	for _, t := range tools {
		t.P = stats.McNemar(t.Lost, t.Gained)
		t.opts = opts
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

	for _, id := range sortedCases(olds, news) {
		ot, nt := olds[id], news[id]
		ch := CaseChange{Case: id, Old: string(statusAbsent), New: string(statusAbsent)}
		if ot != nil {
			o := ot.shown
			ch.Tool, ch.Old, ch.OldLabels = o.Tool, string(statusOf(o)), o.Labels
		}
		if nt != nil {
			n := nt.shown
			ch.Tool, ch.New, ch.NewLabels = n.Tool, string(statusOf(n)), n.Labels
		}
		switch {
		case passes(ch.Old) && ch.New == string(statusFail):
			c.Regressions = append(c.Regressions, ch)
		case ch.Old == string(statusFail) && passes(ch.New):
			c.Improvements = append(c.Improvements, ch)
		case ch.Old == string(statusFail) && ch.New == string(statusFail) && ot.moved(nt) < 0:
			c.Regressions = append(c.Regressions, ch) // fewer of its trials pass
		case ch.Old == string(statusFail) && ch.New == string(statusFail) && ot.moved(nt) > 0:
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
	per, _ := r.perTurn()
	return RunSummary{Dir: r.Dir, ID: r.ID, Model: r.Model(), Started: r.Started(), Cases: r.Metrics.Cases, Skipped: r.Metrics.Skipped,
		Toolset: run.ToolsetOf(r.Info.Settings), PerTurn: per}
}

// classified reports whether a record was classified: passed, passed
// after recovery or failed.
func classified(r *run.Record) bool {
	switch statusOf(r) {
	case statusPass, statusRecovered, statusFail:
		return true
	}
	return false
}

// Regressed reports whether the new run is worse: a tool regressed (a
// significant drop, any drop with Strict, or cases that cannot run now),
// or the run as a whole lost significantly more paired cases than it
// gained.
func (c Comparison) Regressed() bool {
	for _, t := range c.Tools {
		if t.Verdict() == VerdictRegressed {
			return true
		}
	}
	return c.Lost > c.Gained && (c.Options.Strict || c.P < c.Options.alpha())
}

// Reason says in one line why the run regressed or did not.
func (c Comparison) Reason() string {
	var regressed []string
	for _, t := range c.Tools {
		if t.Verdict() == VerdictRegressed {
			regressed = append(regressed, t.Tool+" ("+t.Why()+")")
		}
	}
	run := fmt.Sprintf("the run lost %d and gained %d paired cases (p=%s)", c.Lost, c.Gained, pValue(c.P))
	level := fmt.Sprintf("significance level %s", pValue(c.Options.alpha()))
	if c.Options.Strict {
		level = "--strict: any drop"
	}
	switch {
	case len(regressed) > 0 && c.Options.Strict:
		return fmt.Sprintf("regressed: %s; %s; %s", joinList(regressed, 3), run, level)
	case len(regressed) > 0:
		return fmt.Sprintf("regressed: %s; %s", joinList(regressed, 3), run)
	case c.Lost > c.Gained && (c.Options.Strict || c.P < c.Options.alpha()):
		return "regressed: " + run + ", " + level
	case c.Lost == 0 && c.Gained == 0:
		return "no regression: no paired case changed"
	}
	return "no regression: " + run + ", within noise at " + level
}

// joinList joins at most n items with "; ", saying how many more.
func joinList(items []string, n int) string {
	if len(items) <= n {
		return strings.Join(items, "; ")
	}
	return strings.Join(items[:n], "; ") + fmt.Sprintf("; and %d more", len(items)-n)
}

// counts returns how many tools regressed, improved, moved within noise
// and stayed the same (among those in both runs).
func (c Comparison) counts() (regressed, improved, noise, same int) {
	for _, t := range c.Tools {
		switch t.Verdict() {
		case VerdictRegressed:
			regressed++
		case VerdictImproved:
			improved++
		case VerdictNoise:
			noise++
		case VerdictSame:
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
	o, n, d := changeText(c.NoError.Old, c.NoError.New)
	fmt.Fprintf(&b, "no-error fraction %s -> %s (%s)\n", o, n, d)
	if c.Old.PerTurn > 0 || c.New.PerTurn > 0 {
		fmt.Fprintf(&b, "input tokens per turn %s -> %s (toolset %s -> %s)\n", perTurnText(c.Old.PerTurn), perTurnText(c.New.PerTurn), c.Old.Toolset, c.New.Toolset)
	}
	reg, imp, noise, same := c.counts()
	fmt.Fprintf(&b, "tools: %d regressed, %d improved, %d within noise, %d unchanged\n", reg, imp, noise, same)
	for _, t := range c.Tools {
		if v := t.Verdict(); v == VerdictRegressed || v == VerdictImproved || v == VerdictNoise {
			fmt.Fprintf(&b, "  %-12s %s %s -> %s: %s\n", v, t.Tool, pct(t.PassRate.Old), pct(t.PassRate.New), t.Why())
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
		b.WriteString("verdict: REGRESSED: " + strings.TrimPrefix(c.Reason(), "regressed: ") + "\n")
	} else {
		b.WriteString("verdict: " + c.Reason() + "\n")
	}
	return b.String()
}

// Markdown returns the comparison in Markdown, for comparison.md and PR
// comments.
func (c Comparison) Markdown() string {
	var b strings.Builder
	fmt.Fprintf(&b, "# agentready comparison: %s → %s\n\n", mdText(c.Old.ID), mdText(c.New.ID))
	if c.Regressed() {
		b.WriteString("**Verdict: regressed.** ")
	} else {
		b.WriteString("**Verdict: no regression.** ")
	}
	fmt.Fprintf(&b, "%s. %d case(s) went from passing to failing, %d the other way.\n\n",
		mdText(upperFirst(c.Reason())), len(c.Regressions), len(c.Improvements))
	b.WriteString("| | old | new | change |\n|---|---|---|--:|\n")
	fmt.Fprintf(&b, "| run | %s | %s | |\n", mdCode(c.Old.ID), mdCode(c.New.ID))
	fmt.Fprintf(&b, "| model | %s | %s | |\n", mdText(c.Old.Model), mdText(c.New.Model))
	fmt.Fprintf(&b, "| started | %s | %s | |\n", c.Old.Started, c.New.Started)
	fmt.Fprintf(&b, "| cases | %d | %d | %+d |\n", c.Old.Cases, c.New.Cases, c.New.Cases-c.Old.Cases)
	o, n, d := changeText(c.NoError.Old, c.NoError.New)
	fmt.Fprintf(&b, "| no-error fraction | %s | %s | %s |\n", o, n, d)
	if c.Old.PerTurn > 0 || c.New.PerTurn > 0 {
		fmt.Fprintf(&b, "| toolset | %s | %s | |\n", c.Old.Toolset, c.New.Toolset)
		fmt.Fprintf(&b, "| input tokens per turn | %s | %s | %s |\n", perTurnText(c.Old.PerTurn), perTurnText(c.New.PerTurn), percentChange(c.Old.PerTurn, c.New.PerTurn))
	}

	b.WriteString("\n## Pass rate per tool\n\n| tool | old | new | change | verdict | band |\n|---|--:|--:|--:|---|---|\n")
	type row struct {
		rank int
		text string
	}
	var rows []row
	for _, t := range c.Tools {
		oldRate, newRate, change := "-", "-", ""
		if t.OldCases > 0 {
			oldRate = fmt.Sprintf("%s (%d/%d)", pct(t.PassRate.Old), t.OldPassed, t.OldCases)
		}
		if t.NewCases > 0 {
			newRate = fmt.Sprintf("%s (%d/%d)", pct(t.PassRate.New), t.NewPassed, t.NewCases)
		}
		if t.OldCases > 0 && t.NewCases > 0 && math.Abs(t.PassRate.Change()) > eps {
			change = signedPoints(t.PassRate.Change()) + " pts"
		}
		verdict := t.Verdict()
		if why := t.Why(); why != "" {
			verdict += " (" + why + ")"
		}
		band := bandName(t.NewBand)
		if t.OldBand != t.NewBand && t.OldCases > 0 && t.NewCases > 0 {
			band = bandName(t.OldBand) + " → " + bandName(t.NewBand)
		}
		rows = append(rows, row{movedRank(t), fmt.Sprintf("| %s | %s | %s | %s | %s | %s |\n", mdCode(t.Tool), oldRate, newRate, change, mdText(verdict), band)})
	}
	// The tools that moved first, so that a table cut short keeps them.
	sort.SliceStable(rows, func(i, j int) bool { return rows[i].rank < rows[j].rank })
	lines := make([]string, len(rows))
	for i, r := range rows {
		lines[i] = r.text
	}
	writeLines(&b, lines, "the reports of the two runs")

	writeChanges := func(title, what string, list []CaseChange, labels func(CaseChange) []classify.Label) {
		if len(list) == 0 {
			return
		}
		fmt.Fprintf(&b, "\n## %s\n\n", title)
		var lines []string
		for _, ch := range list {
			ls := labels(ch)
			line := fmt.Sprintf("- %s (%s)", mdCode(ch.Case), mdCode(ch.Tool))
			if len(ls) > 0 {
				line += fmt.Sprintf(": %s%s — %s", what, strings.Join(classNames(ls), ", "), mdText(clip(ls[0].Evidence, maxEvidence)))
			}
			lines = append(lines, line+"\n")
		}
		writeLines(&b, lines, "the new run's "+HTMLFile)
	}
	newLabels := func(ch CaseChange) []classify.Label { return ch.NewLabels }
	oldLabels := func(ch CaseChange) []classify.Label { return ch.OldLabels }
	writeChanges("Regressions: passed before, fail now", "", c.Regressions, newLabels)
	writeChanges("Improvements: failed before, pass now", "was ", c.Improvements, oldLabels)
	if len(c.Changed) > 0 {
		b.WriteString("\n## Failing in both runs, with other classes\n\n")
		var lines []string
		for _, ch := range c.Changed {
			lines = append(lines, fmt.Sprintf("- %s (%s): %s → %s\n", mdCode(ch.Case), mdCode(ch.Tool),
				strings.Join(classNames(ch.OldLabels), ", "), strings.Join(classNames(ch.NewLabels), ", ")))
		}
		writeLines(&b, lines, "the new run's "+HTMLFile)
	}
	if len(c.Other) > 0 {
		b.WriteString("\n## Other changes\n\n")
		var lines []string
		for _, ch := range c.Other {
			lines = append(lines, fmt.Sprintf("- %s (%s): %s → %s\n", mdCode(ch.Case), mdCode(ch.Tool), ch.Old, ch.New))
		}
		writeLines(&b, lines, "the new run's "+HTMLFile)
	}

	if len(c.Classes) > 0 {
		b.WriteString("\n## Error rate per class\n\n| class | old | new | change |\n|---|--:|--:|--:|\n")
		for _, cd := range c.Classes {
			o, n, d := changeText(cd.Rate.Old, cd.Rate.New)
			fmt.Fprintf(&b, "| %s | %s (%d) | %s (%d) | %s |\n", className(cd.Class), o, cd.OldCases, n, cd.NewCases, d)
		}
	}
	return b.String()
}

// movedRank orders tools for a table that may be cut short: regressed,
// improved, within noise, the rest.
func movedRank(t ToolDelta) int {
	switch t.Verdict() {
	case VerdictRegressed:
		return 0
	case VerdictImproved:
		return 1
	case VerdictNoise:
		return 2
	}
	return 3
}

// changeText writes two fractions and their change with as many digits
// as it takes for a change to show: "0.46", "0.45", "-0.004" rather than
// a change of "0.00"; "0" when there is none.
func changeText(old, new float64) (o, n, d string) {
	x := new - old
	digits := 2
	for digits < 4 && math.Abs(x) > eps && math.Abs(x) < 0.5*math.Pow(10, -float64(digits)) {
		digits++
	}
	o = strconv.FormatFloat(old, 'f', digits, 64)
	n = strconv.FormatFloat(new, 'f', digits, 64)
	if math.Abs(x) <= eps {
		return o, n, "0"
	}
	return o, n, strconv.FormatFloat(x, 'f', digits, 64)
}

// percentChange writes new against old as a signed percentage ("-71%");
// empty when old is zero.
func percentChange(old, new float64) string {
	if old == 0 {
		return ""
	}
	return fmt.Sprintf("%+d%%", int(math.Round(100*(new-old)/old)))
}

func upperFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
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
