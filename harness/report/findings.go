package report

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"sort"
	"strings"

	"github.com/agentready/agentready/gen/finding"
	"github.com/agentready/agentready/harness/classify"
)

// FindingsFile holds, in a run directory, the findings of lint and fuzz
// the run was given (agentready test --findings, report --findings): the
// report puts each tool's findings beside its recommendations.
const FindingsFile = "findings.json"

// maxToolFindings caps the findings a report shows per tool; the rest
// are counted.
const maxToolFindings = 8

// ReadFindings reads files of findings in order (each the JSON array of
// lint --json or fuzz --json) and returns them all.
func ReadFindings(paths []string) ([]finding.Finding, error) {
	var out []finding.Finding
	for _, p := range paths {
		found, err := finding.Read(p)
		if err != nil {
			return nil, err
		}
		out = append(out, found...)
	}
	return out, nil
}

// AddFindings merges found into dir's findings.json, keeping one
// finding per source, rule or kind, tool, argument and message (a later
// one replaces an earlier), and returns what the file holds now.
func AddFindings(dir string, found []finding.Finding) ([]finding.Finding, error) {
	old, err := readRunFindings(dir)
	if err != nil {
		return nil, err
	}
	merged := mergeFindings(append(old, found...))
	data, err := json.MarshalIndent(merged, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("report: %w", err)
	}
	if err := writeFile(filepath.Join(dir, FindingsFile), append(data, '\n')); err != nil {
		return nil, err
	}
	return merged, nil
}

// readRunFindings reads dir's findings.json; none when it is missing.
func readRunFindings(dir string) ([]finding.Finding, error) {
	found, err := finding.Read(filepath.Join(dir, FindingsFile))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("report: %w", err)
	}
	return mergeFindings(found), nil
}

// mergeFindings drops repeats (the last one stays) and sorts by tool,
// level (most serious first), source, rule or kind and argument.
func mergeFindings(all []finding.Finding) []finding.Finding {
	key := func(f *finding.Finding) string {
		return strings.Join([]string{string(f.Source), f.ID(), f.Tool, f.Argument, f.Message}, "\x00")
	}
	last := map[string]int{}
	for i := range all {
		last[key(&all[i])] = i
	}
	out := make([]finding.Finding, 0, len(last))
	for i := range all {
		if last[key(&all[i])] == i {
			out = append(out, all[i])
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		a, b := &out[i], &out[j]
		switch {
		case a.Tool != b.Tool:
			return a.Tool < b.Tool
		case a.Level != b.Level:
			return a.Level.AtLeast(b.Level)
		case a.Source != b.Source:
			return a.Source > b.Source // lint before fuzz: the cheaper fix first
		case a.ID() != b.ID():
			return a.ID() < b.ID()
		}
		return a.Argument < b.Argument
	})
	return out
}

// toolFindings are the findings about one tool, for its recommendations.
type toolFindings struct {
	Tool  string
	Shown []findingView
	// More counts the findings past the cap.
	More int
}

// findingView is one finding as the report shows it.
type findingView struct {
	// Source is "lint" or "fuzz"; ID the rule or kind; Class the class's
	// name; Category its CSS class.
	Source, ID, Class, Category string
	// Seen is set when the tool failed in the finding's class in this
	// run: the finding may explain those failures.
	Seen bool
	// Subject is the argument, or empty for the tool as a whole.
	Subject, Message, Fix, Place string
}

// findingsByTool groups r's findings by the tools of this run; outside
// counts the findings (and their tools) about tools the run did not test.
func (r *Run) findingsByTool() (byTool map[string]*toolFindings, outside, outsideTools int) {
	if len(r.Findings) == 0 {
		return nil, 0, 0
	}
	inRun := map[string]bool{}
	for _, rec := range r.Records {
		inRun[rec.Tool] = true
	}
	failed := map[string]bool{}
	for _, rec := range r.Recommendations {
		inRun[rec.Tool] = true
		failed[rec.Tool+"\x00"+string(rec.Class)] = true
	}
	byTool = map[string]*toolFindings{}
	others := map[string]bool{}
	for _, f := range r.Findings {
		if !inRun[f.Tool] {
			outside++
			others[f.Tool] = true
			continue
		}
		tf := byTool[f.Tool]
		if tf == nil {
			tf = &toolFindings{Tool: f.Tool}
			byTool[f.Tool] = tf
		}
		if len(tf.Shown) == maxToolFindings {
			tf.More++
			continue
		}
		c := classify.Class(f.Class)
		place := f.Place
		if place.File != "" {
			place.File = filepath.Base(place.File)
		}
		tf.Shown = append(tf.Shown, findingView{Source: string(f.Source), ID: f.ID(), Class: className(c),
			Category: catClass(c.Info().Category), Seen: failed[f.Tool+"\x00"+f.Class], Subject: f.Argument,
			Message: strings.TrimSuffix(f.Message, "."), Fix: strings.TrimSuffix(f.Fix, "."), Place: place.String()})
	}
	return byTool, outside, len(others)
}

// recTools lists the tools with recommendations or findings, sorted.
func recTools(recs []classify.Recommendation, byTool map[string]*toolFindings) []string {
	seen := map[string]bool{}
	var out []string
	for _, rec := range recs {
		if !seen[rec.Tool] {
			seen[rec.Tool] = true
			out = append(out, rec.Tool)
		}
	}
	for t := range byTool {
		if !seen[t] {
			seen[t] = true
			out = append(out, t)
		}
	}
	sort.Strings(out)
	return out
}

// markdown is the finding as one list item of report.md.
func (v findingView) markdown() string {
	head := fmt.Sprintf("- **from %s** %s", v.Source, mdCode(v.ID))
	if v.Subject != "" {
		head += " on " + mdCode(v.Subject)
	}
	class := v.Class
	if v.Seen {
		class += ", as failed in this run"
	}
	return fmt.Sprintf("%s (%s): %s. Fix: %s.\n", head, class, mdText(v.Message), mdText(v.Fix))
}

// outsideNote says how many findings are about tools the run did not
// test, or "" when there are none.
func outsideNote(n, tools int) string {
	if n == 0 {
		return ""
	}
	what, verb := fmt.Sprintf("%d findings", n), "are"
	if n == 1 {
		what, verb = "1 finding", "is"
	}
	about := fmt.Sprintf("%d tools", tools)
	if tools == 1 {
		about = "1 tool"
	}
	return fmt.Sprintf("%s of lint or fuzz %s about %s this run did not test (see %s).", what, verb, about, FindingsFile)
}
