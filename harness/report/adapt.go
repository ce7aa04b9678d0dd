package report

import (
	"fmt"
	"strings"

	"github.com/agentready/agentready/harness/adapt"
)

// adaptIntro says what the adapt section shows.
const adaptIntro = "agentready adapt proposed documentation fixes as OpenAPI Overlay actions and re-ran the cases each could affect, keeping an action only when the tool's own cases improved and no other case got worse. " +
	"Before is the no-error count as the run started; after, with every kept action applied."

// adaptRow is one tool's row, as both reports write it.
type adaptRow struct {
	Tool                 string
	Cases, Before, After int
	Change               string
	Kept, Tried          int
}

// adaptView is the adapt section: its rows and a summary line.
type adaptView struct {
	Intro, Summary string
	Rows           []adaptRow
}

// adaptSection returns the section on adapt's trials; nil when the run
// has none.
func (r *Run) adaptSection() *adaptView {
	a := r.Adapt
	if a == nil {
		return nil
	}
	tried := map[string]int{}
	kept := 0
	for _, d := range a.Decisions {
		if d.Tried {
			tried[d.Action.Tool]++
		}
		if d.Kept {
			kept++
		}
	}
	v := &adaptView{Intro: adaptIntro}
	for _, t := range a.Tools {
		if t.Actions == 0 && tried[t.Tool] == 0 {
			continue
		}
		v.Rows = append(v.Rows, adaptRow{Tool: t.Tool, Cases: t.Cases, Before: t.Before, After: t.After,
			Change: fmt.Sprintf("%+d", t.After-t.Before), Kept: t.Actions, Tried: tried[t.Tool]})
	}
	v.Summary = fmt.Sprintf("%d of %d proposals kept after %d trial runs", kept, len(a.Decisions), a.Trials)
	if len(a.Dropped) > 0 {
		v.Summary += fmt.Sprintf("; %d more dropped untried, %s", len(a.Dropped), adapt.NotVisible)
	}
	if a.Stopped != "" {
		v.Summary += " (stopped early: " + a.Stopped + ")"
	}
	if len(a.Reviewed) > 0 {
		v.Summary += fmt.Sprintf("; %d actions of the existing overlay kept as written", len(a.Reviewed))
	}
	return v
}

func (r *Run) adaptMarkdown(b *strings.Builder) {
	v := r.adaptSection()
	if v == nil {
		return
	}
	b.WriteString("\n## Adapt: before and after\n\n")
	b.WriteString(adaptIntro + " " + v.Summary + ".\n\n")
	b.WriteString("| tool | cases | no error before | after | change | actions kept | actions tried |\n|---|--:|--:|--:|--:|--:|--:|\n")
	for _, row := range v.Rows {
		fmt.Fprintf(b, "| %s | %d | %d | %d | %s | %d | %d |\n", mdText(row.Tool), row.Cases, row.Before, row.After, row.Change, row.Kept, row.Tried)
	}
}
