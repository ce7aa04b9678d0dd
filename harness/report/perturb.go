package report

import (
	"fmt"
	"strings"
)

// perturbIntro says what the perturbations section shows.
const perturbIntro = "The cases ran once as they are and once under each perturbation of the parameter-failure study, " +
	"which changes what the agent reads (the tool's documentation, the request, or the tool's answer) and never the direct call, the ground truth. " +
	"Each row is over the cases classified in both runs; its drop is the unperturbed no-error fraction minus the perturbed one on those cases. " +
	"Broke counts the cases without error unperturbed and with one perturbed, fixed the other way round. " +
	"A tool is named when its drop is at least 0.20 and 0.15 more than the row's."

// perturbRow is one perturbation's row, as both reports write it.
type perturbRow struct {
	Code, Name, Source, About  string
	Cases, Broke, Fixed        int
	Changed                    string
	NoError, Unperturbed, Drop string
	Classes, Tools             string
}

// perturbRows returns the rows of the run's perturbation study; nil when
// it has none.
func (r *Run) perturbRows() []perturbRow {
	if r.Perturb == nil {
		return nil
	}
	var out []perturbRow
	for _, row := range r.Perturb.Rows {
		v := perturbRow{Code: row.Code, Name: row.Name, Source: string(row.Source), About: row.About, Cases: row.Cases,
			Broke: row.Broke, Fixed: row.Fixed, Changed: "-", NoError: frac(row.NoErrorRate), Unperturbed: frac(row.BaseNoErrorRate),
			Drop: signed(row.Drop), Classes: "-", Tools: "-"}
		if row.Changed != nil {
			v.Changed = fmt.Sprintf("%d of %d", *row.Changed, row.Cases)
		}
		var classes []string
		for _, c := range row.Classes {
			if c.Rate > 0 {
				classes = append(classes, fmt.Sprintf("%s %s (%s)", c.Name, frac(c.Rate), signed(c.Rate-c.BaseRate)))
			}
		}
		if len(classes) > 0 {
			v.Classes = strings.Join(classes, "; ")
		}
		var tools []string
		for _, t := range row.Tools {
			tools = append(tools, fmt.Sprintf("%s %s → %s (%d cases)", t.Tool, frac(t.BasePassRate), frac(t.PassRate), t.Cases))
		}
		if len(tools) > 0 {
			v.Tools = strings.Join(tools, "; ")
		}
		out = append(out, v)
	}
	return out
}

// perturbMarkdown writes report.md's section on the perturbation study,
// when the run has one.
func (r *Run) perturbMarkdown(b *strings.Builder) {
	rows := r.perturbRows()
	if len(rows) == 0 {
		return
	}
	b.WriteString("\n## Perturbations\n\n")
	b.WriteString(perturbIntro + "\n\n")
	b.WriteString("| perturbation | source | cases | requests changed | no error | unperturbed | drop | broke | fixed | error classes (rate, change) | tools hit hardest (pass rate) |\n")
	b.WriteString("|---|---|--:|--:|--:|--:|--:|--:|--:|---|---|\n")
	for _, v := range rows {
		fmt.Fprintf(b, "| **%s** %s | %s | %d | %s | %s | %s | %s | %d | %d | %s | %s |\n", v.Code, mdText(v.Name), v.Source, v.Cases, v.Changed,
			v.NoError, v.Unperturbed, v.Drop, v.Broke, v.Fixed, mdText(v.Classes), mdText(v.Tools))
	}
}

// perturbView is report.html's section on the perturbation study.
type perturbView struct {
	Intro string
	Rows  []perturbRow
}

// perturbSection returns report.html's section on the perturbation
// study; nil when the run has none.
func (r *Run) perturbSection() *perturbView {
	rows := r.perturbRows()
	if len(rows) == 0 {
		return nil
	}
	return &perturbView{Intro: perturbIntro, Rows: rows}
}

// signed writes a change with its sign, to two places; one that rounds to
// zero is +0.00, never -0.00.
func signed(d float64) string {
	if d > -0.005 && d < 0.005 {
		d = 0
	}
	return fmt.Sprintf("%+.2f", d)
}
