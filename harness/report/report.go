// Package report turns a run directory (harness/run) into reports for the
// people who build the tools and for CI:
//
//   - report.html: one self-contained page (inline CSS, inline SVG charts,
//     a few lines of optional JavaScript): the run's summary, the error
//     rate per class grouped by the taxonomy's four categories, per-tool
//     pass rates in the research's bands (0-25, 25-75, 75-100%), the
//     recommendations per failing tool, and a drill-down from tool to case
//     to trace that works without JavaScript (<details>);
//   - report.md: the same in Markdown, short enough for a PR comment;
//   - junit.xml: one testsuite per tool and one testcase per case, whose
//     failures carry the labels and their evidence.
//
// Compare sets two runs side by side (pass rates per tool, cases that
// regressed or improved, rates per class, the no-error fraction) for
// `agentready report --against`.
//
// Everything is deterministic: the only time written is the run's own
// start, and every list has a fixed order.
package report

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/agentready/agentready/harness/adapt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/agentready/agentready/gen/atomicfile"
	"github.com/agentready/agentready/gen/finding"
	"github.com/agentready/agentready/harness/classify"
	"github.com/agentready/agentready/harness/consistency"
	"github.com/agentready/agentready/harness/perturb"
	"github.com/agentready/agentready/harness/run"
)

// The files a report writes into a run directory.
const (
	HTMLFile       = "report.html"
	MarkdownFile   = "report.md"
	JUnitFile      = "junit.xml"
	ComparisonFile = "comparison.md"
)

// Run is a run directory read for reporting.
type Run struct {
	// Dir is the directory; ID its base name.
	Dir string
	ID  string
	// Info is run.json; zero when the file is missing (Notes says so).
	Info run.Info
	// Records are the cases of results.jsonl, sorted by tool and case.
	Records []run.Record
	// Metrics and Recommendations are computed from Records.
	Metrics         classify.Metrics
	Recommendations []classify.Recommendation
	// Trials are the metrics of repeated trials (run.Options.Repeat),
	// over all and per tool; nil when each case ran once.
	Trials     *classify.TrialMetric
	ToolTrials []classify.TrialMetric
	// Notes are things the reader should know about the files (a last
	// line cut short, a missing run.json).
	Notes []string
	// Perturb is the perturbation study of the run (perturb.json), nil
	// when it has none.
	Perturb *perturb.Summary
	// Adapt is what agentready adapt tried and kept (adapt.json), nil
	// when it has not run on this run.
	Adapt *adapt.Result
	// Consistency is the run's consistency check (consistency.json), nil
	// without one.
	Consistency *consistency.Summary
	// Findings are what lint and fuzz found about the tools
	// (findings.json), shown with each tool's recommendations.
	Findings []finding.Finding
}

// Load reads a run directory: run.json and results.jsonl. A last line of
// results.jsonl cut short (an interrupted run) is left out with a note; a
// missing run.json is a note; a missing directory or results file, or a
// line that is not a record, is an error.
func Load(dir string) (*Run, error) {
	st, err := os.Stat(dir)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("report: %s: no such run directory", dir)
		}
		return nil, fmt.Errorf("report: %w", err)
	}
	if !st.IsDir() {
		return nil, fmt.Errorf("report: %s is not a directory: give a run directory (runs/ID)", dir)
	}
	results := filepath.Join(dir, run.ResultsFile)
	data, err := os.ReadFile(results)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("report: %s has no %s: not a run directory, or a run that has not started", dir, run.ResultsFile)
		}
		return nil, fmt.Errorf("report: %w", err)
	}
	var notes []string
	if i := bytes.LastIndexByte(data, '\n'); len(bytes.TrimSpace(data[i+1:])) > 0 {
		notes = append(notes, fmt.Sprintf("The last line of %s is incomplete (the run was interrupted while writing it); that case is left out.", run.ResultsFile))
	}
	recs, err := run.ReadResults(results)
	if err != nil {
		return nil, fmt.Errorf("report: %w", err)
	}
	var info run.Info
	switch in, err := run.ReadInfo(dir); {
	case err == nil:
		info = *in
	case errors.Is(err, fs.ErrNotExist):
		notes = append(notes, fmt.Sprintf("%s is missing: the model and start time are not known.", run.RunFile))
	default:
		return nil, fmt.Errorf("report: %w", err)
	}
	r := newRun(dir, info, recs)
	r.Notes = append(notes, r.Notes...)
	if r.Perturb, err = perturb.Read(dir); err != nil {
		return nil, fmt.Errorf("report: %w", err)
	}
	if r.Adapt, err = adapt.Read(dir); err != nil {
		return nil, fmt.Errorf("report: %w", err)
	}
	if r.Consistency, err = consistency.Read(dir); err != nil {
		return nil, fmt.Errorf("report: %w", err)
	}
	if r.Findings, err = readRunFindings(dir); err != nil {
		return nil, err
	}
	return r, nil
}

// newRun builds a Run from records: sorted, deduplicated (a case written
// twice keeps its last record), with metrics and recommendations.
func newRun(dir string, info run.Info, recs []run.Record) *Run {
	r := &Run{Dir: dir, ID: filepath.Base(filepath.Clean(dir)), Info: info}
	last := map[string]int{}
	for i, rec := range recs {
		last[rec.ID()] = i
	}
	dups := 0
	for i, rec := range recs {
		if last[rec.ID()] != i {
			dups++
			continue
		}
		r.Records = append(r.Records, rec)
	}
	if dups > 0 {
		r.Notes = append(r.Notes, fmt.Sprintf("%d case(s) appear more than once in %s; the last record of each is used.", dups, run.ResultsFile))
	}
	sort.SliceStable(r.Records, func(i, j int) bool {
		a, b := &r.Records[i], &r.Records[j]
		if a.Tool != b.Tool {
			return a.Tool < b.Tool
		}
		if a.Case != b.Case {
			return a.Case < b.Case
		}
		return a.Trial < b.Trial
	})
	r.Metrics = run.Metrics(r.Records)
	r.Recommendations = run.Recommend(r.Records)
	r.Trials, r.ToolTrials = trialMetrics(info, r.Records)
	if n, total := len(r.Records), info.Expected(); total > n {
		r.Notes = append(r.Notes, fmt.Sprintf("This run is incomplete: %d of its %d cases are recorded (it was interrupted, or cases could not run for the API's or the network's reasons); continue it with agentready test --resume --out %s.",
			n, total, dir))
	}
	return r
}

// Write writes report.html, report.md and junit.xml for r into dir (each
// replaced atomically).
func Write(dir string, r *Run) error { return WriteWith(dir, r, WriteOptions{}) }

// writeFile writes data to path atomically.
func writeFile(path string, data []byte) error {
	if err := atomicfile.Write(path, data); err != nil {
		return fmt.Errorf("report: %w", err)
	}
	return nil
}

// Incomplete reports whether the run recorded fewer cases than it was
// given.
func (r *Run) Incomplete() bool {
	return r.Info.Expected() > len(r.Records)
}

// Model says which model ran, as "openai:gpt-4o at https://...", or
// "unknown model".
func (r *Run) Model() string {
	switch m := r.Info.Model.(type) {
	case nil:
		return "unknown model"
	case string:
		return m
	case map[string]any:
		kind, _ := m["kind"].(string)
		name, _ := m["name"].(string)
		endpoint, _ := m["endpoint"].(string)
		if kind != "" || name != "" {
			s := kind
			if name != "" && name != kind {
				if s != "" {
					s += ":"
				}
				s += name
			}
			if endpoint != "" {
				s += " at " + endpoint
			}
			return s
		}
	}
	data, err := json.Marshal(r.Info.Model)
	if err != nil {
		return fmt.Sprint(r.Info.Model)
	}
	return string(data)
}

// Started is the run's start time in UTC as "2006-01-02 15:04 UTC", or
// "unknown".
func (r *Run) Started() string {
	if r.Info.Started.IsZero() {
		return "unknown"
	}
	return r.Info.Started.UTC().Format("2006-01-02 15:04 UTC")
}

// status is a case's outcome.
type status string

const (
	statusPass status = "pass"
	// statusRecovered is a pass after the tool's corrective answer to an
	// earlier call.
	statusRecovered status = "recovered"
	statusFail      status = "fail"
	statusSkipped   status = "skipped"
	// statusInvalid is a case whose ground truth did not hold.
	statusInvalid status = "invalid"
	statusAbsent  status = "absent"
)

func statusOf(rec *run.Record) status {
	switch rec.Status() {
	case classify.Invalid:
		return statusInvalid
	case classify.Skipped:
		return statusSkipped
	case classify.Failed:
		return statusFail
	case classify.PassedAfterRecovery:
		return statusRecovered
	}
	return statusPass
}

// passes reports whether a status is a pass, first time or after
// recovery.
func passes(s string) bool { return s == string(statusPass) || s == string(statusRecovered) }

// toolGroup is the records of one tool.
type toolGroup struct {
	Tool    string
	Records []*run.Record
	// Metric is the tool's metric; nil when every case was skipped.
	Metric *classify.ToolMetric
}

// tools groups the records by tool, in name order.
func (r *Run) tools() []toolGroup {
	var out []toolGroup
	metrics := map[string]*classify.ToolMetric{}
	for i := range r.Metrics.Tools {
		metrics[r.Metrics.Tools[i].Tool] = &r.Metrics.Tools[i]
	}
	for i := range r.Records {
		rec := &r.Records[i]
		if len(out) == 0 || out[len(out)-1].Tool != rec.Tool {
			out = append(out, toolGroup{Tool: rec.Tool, Metric: metrics[rec.Tool]})
		}
		g := &out[len(out)-1]
		g.Records = append(g.Records, rec)
	}
	return out
}

// failing returns the records with labels, in order.
func (r *Run) failing() []*run.Record {
	var out []*run.Record
	for i := range r.Records {
		if statusOf(&r.Records[i]) == statusFail {
			out = append(out, &r.Records[i])
		}
	}
	return out
}

// invalid returns the records whose ground truth did not hold, in order.
func (r *Run) invalid() []*run.Record {
	var out []*run.Record
	for i := range r.Records {
		if r.Records[i].Invalid != "" {
			out = append(out, &r.Records[i])
		}
	}
	return out
}

// skipped returns the skipped records, in order.
func (r *Run) skipped() []*run.Record {
	var out []*run.Record
	for i := range r.Records {
		if r.Records[i].Skipped != "" {
			out = append(out, &r.Records[i])
		}
	}
	return out
}

// classNames returns the distinct class names of labels, in the
// taxonomy's order.
func classNames(labels []classify.Label) []string {
	seen := map[classify.Class]bool{}
	for _, l := range labels {
		seen[l.Class] = true
	}
	var out []string
	for _, ci := range classify.Taxonomy {
		if seen[ci.Class] {
			out = append(out, ci.Name)
			delete(seen, ci.Class)
		}
	}
	var rest []string
	for c := range seen {
		rest = append(rest, string(c))
	}
	sort.Strings(rest)
	return append(out, rest...)
}

// className is a class's name in words (its ID for an unknown class).
func className(c classify.Class) string {
	if n := c.Info().Name; n != "" {
		return n
	}
	return string(c)
}

// categoryName is a category in words.
func categoryName(c classify.Category) string {
	return strings.ReplaceAll(string(c), "_", " ")
}

// categories lists the taxonomy's categories in order.
func categories() []classify.Category {
	var out []classify.Category
	for _, ci := range classify.Taxonomy {
		if len(out) == 0 || out[len(out)-1] != ci.Category {
			out = append(out, ci.Category)
		}
	}
	return out
}

// frac writes a fraction with two decimals: "0.42".
func frac(x float64) string { return fmt.Sprintf("%.2f", x) }

// pct writes a fraction as a whole percentage: "42%".
func pct(x float64) string { return fmt.Sprintf("%.0f%%", math.Round(x*100)) }

// bandName writes a band as a percentage range: "0-25%".
func bandName(b string) string {
	if b == "" {
		return "-"
	}
	return b + "%"
}

// duration writes milliseconds as seconds: "1.25 s".
func duration(ms int64) string {
	return fmt.Sprintf("%.2f s", time.Duration(ms*int64(time.Millisecond)).Seconds())
}
