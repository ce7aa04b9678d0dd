package report

import (
	"fmt"
	"strings"

	"github.com/agentready/agentready/harness/classify"
	"github.com/agentready/agentready/internal/english"
)

// maxEvidence caps the evidence quoted per failing case in Markdown.
const maxEvidence = 300

// MaxMarkdown is the most characters report.md and comparison.md hold:
// under GitHub's limit for a comment (65,536), with room to spare. Lists
// that would go past it end with a line that says how many more there are
// and where they are.
const MaxMarkdown = 60000

// markdownRoom is kept free for what follows the lists.
const markdownRoom = 2500

// writeLines writes lines to b while b stays under MaxMarkdown less the
// room, then a line saying how many were left out and where to find them.
func writeLines(b *strings.Builder, lines []string, where string) {
	for i, l := range lines {
		if b.Len()+len(l) > MaxMarkdown-markdownRoom {
			fmt.Fprintf(b, "- … and %d more, in %s.\n", len(lines)-i, where)
			return
		}
		b.WriteString(l)
	}
}

// Markdown returns the report in Markdown (GitHub flavoured), for a PR
// comment: the summary, the class table, the tool table with bands, the
// recommendations and the failing cases, briefly.
func (r *Run) Markdown() string {
	var b strings.Builder
	m := &r.Metrics
	fmt.Fprintf(&b, "# agentready report: %s\n\n", mdText(r.ID))
	for _, n := range r.Notes {
		fmt.Fprintf(&b, "> **Note:** %s\n\n", mdText(n))
	}
	fmt.Fprintf(&b, "- **Model:** %s\n", mdText(r.Model()))
	fmt.Fprintf(&b, "- **Started:** %s\n", r.Started())
	if r.Info.API != "" {
		fmt.Fprintf(&b, "- **API:** %s\n", mdText(r.Info.API))
	}
	cases := english.Count(m.Cases, "case")
	var aside []string
	if m.Invalid > 0 {
		aside = append(aside, fmt.Sprintf("%d invalid", m.Invalid))
	}
	if m.Skipped > 0 {
		aside = append(aside, fmt.Sprintf("%d skipped", m.Skipped))
	}
	if len(aside) > 0 {
		cases += " (and " + strings.Join(aside, ", ") + ")"
	}
	fmt.Fprintf(&b, "- **Cases:** %s over %s\n", cases, english.Count(len(r.tools()), "tool"))
	fmt.Fprintf(&b, "- **No-error fraction:** **%s** (%d of %d cases without any error; 95%% CI %s)\n", frac(m.NoErrorRate), m.NoError, m.Cases,
		ciFrac(classify.Wilson(m.NoError, m.Cases)))
	if per, turns := r.perTurn(); turns > 0 {
		fmt.Fprintf(&b, "- **Input tokens per turn:** %s (mean prompt of %d model calls; toolset %s)\n", perTurnText(per), turns, mdText(r.toolsetText()))
	}
	if m.Recovered > 0 {
		fmt.Fprintf(&b, "- **Passed after recovery:** %s (%d more cases whose last call was right after the tool corrected an earlier one; 95%% CI %s)\n",
			frac(m.RecoveredRate), m.Recovered, ciFrac(classify.Wilson(m.Recovered, m.Cases)))
	}
	if r.Trials != nil {
		fmt.Fprintf(&b, "- **Repeated trials:** each case %d times: pass@%d **%s**, pass^%d **%s**, per-trial pass rate %s (95%% CI %s)\n",
			r.Trials.K, r.Trials.K, frac(r.Trials.PassAtK), r.Trials.K, frac(r.Trials.PassHatK), frac(r.Trials.PassRate), ciFrac(r.Trials.PassRateCI))
	}
	b.WriteString("\n")
	if len(r.Records) == 0 {
		b.WriteString("The run holds no cases yet.\n")
		return b.String()
	}

	b.WriteString("## Error rate per class\n\n")
	b.WriteString("Fraction of the classified cases labelled with each class; a case may have several. Intervals are Wilson's at 95%.\n\n")
	b.WriteString("| category | class | cases | rate | 95% CI |\n|---|---|--:|--:|--:|\n")
	prev := classify.Category("")
	for _, c := range m.Classes {
		cat := ""
		if c.Category != prev {
			cat = categoryName(c.Category)
			prev = c.Category
		}
		name := className(c.Class)
		if c.Cases > 0 {
			name = "**" + name + "**"
		}
		fmt.Fprintf(&b, "| %s | %s | %d | %s | %s |\n", cat, name, c.Cases, frac(c.Rate), ciFrac(classify.Wilson(c.Cases, m.Cases)))
	}

	if len(m.Naturalness) > 0 {
		b.WriteString("\n## By naturalness of the request\n\n")
		b.WriteString("Levels from 1 (a form read aloud: argument names as labels, code) to 5 (as people type); the research found robotic requests flatter agents.\n\n")
		b.WriteString("| naturalness | cases | no error | 95% CI |\n|--:|--:|--:|--:|\n")
		for _, l := range m.Naturalness {
			fmt.Fprintf(&b, "| %d | %d | %s | %s |\n", l.Level, l.Cases, frac(l.NoErrorRate), ciFrac(classify.Wilson(l.NoError, l.Cases)))
		}
	}

	if len(m.Scenarios) > 0 {
		b.WriteString("\n## By scenario\n\n")
		b.WriteString("How each case was made: one call with its required arguments, some or all of the optional ones; several calls where the request names what a tool needs (chain); a conversation where the first message lacks a value (ask).\n\n")
		b.WriteString("| scenario | cases | no error | 95% CI | passed after recovery |\n|---|--:|--:|--:|--:|\n")
		for _, sc := range m.Scenarios {
			fmt.Fprintf(&b, "| %s | %d | %s | %s | %d |\n", sc.Scenario, sc.Cases, frac(sc.NoErrorRate), ciFrac(classify.Wilson(sc.NoError, sc.Cases)), sc.Recovered)
		}
	}

	r.perturbMarkdown(&b)
	r.adaptMarkdown(&b)
	r.consistencyMarkdown(&b)

	b.WriteString("\n## Tools\n\n")
	var bands []string
	for _, bm := range m.Bands {
		bands = append(bands, fmt.Sprintf("%s: %s (%s)", bandName(bm.Band), english.Count(bm.Tools, "tool"), pct(bm.Fraction)))
	}
	fmt.Fprintf(&b, "Pass-rate bands: %s.\n\n", strings.Join(bands, " · "))
	b.WriteString("| tool | cases | passed | pass rate | 95% CI | band | failed in |\n|---|--:|--:|--:|--:|---|---|\n")
	for _, g := range r.tools() {
		tm := g.Metric
		if tm == nil {
			fmt.Fprintf(&b, "| %s | 0 | 0 | - | - | - | all %d skipped |\n", mdCode(g.Tool), len(g.Records))
			continue
		}
		var classes []string
		for _, ci := range classify.Taxonomy {
			if n := tm.Classes[ci.Class]; n > 0 {
				classes = append(classes, fmt.Sprintf("%s (%d)", ci.Name, n))
			}
		}
		passed := fmt.Sprint(tm.Passed)
		if tm.Recovered > 0 {
			passed += fmt.Sprintf(" (+%d recovered)", tm.Recovered)
		}
		if tm.Cases == 0 {
			fmt.Fprintf(&b, "| %s | 0 | 0 | - | - | - | all %d invalid |\n", mdCode(g.Tool), tm.Invalid)
			continue
		}
		fmt.Fprintf(&b, "| %s | %d | %s | %s | %s | %s | %s |\n", mdCode(g.Tool), tm.Cases, passed, pct(tm.PassRate), ciPct(classify.Wilson(tm.Passed, tm.Cases)),
			bandName(tm.Band), strings.Join(classes, ", "))
	}
	r.trialsMarkdown(&b)
	r.usageMarkdown(&b)

	byTool, outside, outsideTools := r.findingsByTool()
	if len(r.Recommendations) > 0 || len(byTool) > 0 {
		b.WriteString("\n## Recommendations\n")
		var lines []string
		recs := r.Recommendations
		for _, tool := range recTools(recs, byTool) {
			line := fmt.Sprintf("\n### %s\n\n", mdCode(tool))
			for ; len(recs) > 0 && recs[0].Tool == tool; recs = recs[1:] {
				rec := recs[0]
				lines = append(lines, line+fmt.Sprintf("- **%s** (%s): %s\n", className(rec.Class), caseCount(rec.Cases, rec.Total), mdText(rec.Text)))
				line = ""
			}
			if tf := byTool[tool]; tf != nil {
				for _, v := range tf.Shown {
					lines = append(lines, line+v.markdown())
					line = ""
				}
				if tf.More > 0 {
					lines = append(lines, fmt.Sprintf("- … and %d more findings of lint or fuzz, in %s.\n", tf.More, FindingsFile))
				}
			}
		}
		writeLines(&b, lines, HTMLFile)
		if note := outsideNote(outside, outsideTools); note != "" {
			b.WriteString("\n" + note + "\n")
		}
	}

	if fails := r.failing(); len(fails) > 0 {
		b.WriteString("\n## Failing cases\n\n")
		var lines []string
		for _, rec := range fails {
			ev := ""
			if len(rec.Labels) > 0 {
				ev = " — " + mdText(clip(rec.Labels[0].Evidence, maxEvidence))
			}
			lines = append(lines, fmt.Sprintf("- %s (%s): %s%s\n", mdCode(rec.ID()), mdCode(rec.Tool), strings.Join(classNames(rec.Labels), ", "), ev))
		}
		writeLines(&b, lines, HTMLFile)
	}
	if invalid := r.invalid(); len(invalid) > 0 {
		b.WriteString("\n## Invalid cases\n\n")
		b.WriteString("Their direct call, the ground truth, did not hold in this run, so they cannot tell a right call from a wrong one: no rate counts them. Fix the case or the API's data, or make the cases again.\n\n")
		var lines []string
		for _, rec := range invalid {
			lines = append(lines, fmt.Sprintf("- %s (%s): %s\n", mdCode(rec.ID()), mdCode(rec.Tool), mdText(clip(rec.Invalid, maxEvidence))))
		}
		writeLines(&b, lines, HTMLFile)
	}
	if skips := r.skipped(); len(skips) > 0 {
		b.WriteString("\n## Skipped cases\n\n")
		var lines []string
		for _, rec := range skips {
			lines = append(lines, fmt.Sprintf("- %s (%s): %s\n", mdCode(rec.ID()), mdCode(rec.Tool), mdText(rec.Skipped)))
		}
		writeLines(&b, lines, HTMLFile)
	}
	return b.String()
}

// caseCount writes "2 of 5 cases".
func caseCount(n, total int) string {
	if total <= 0 {
		return english.Count(n, "case")
	}
	if total == 1 {
		return fmt.Sprintf("%d of 1 case", n)
	}
	return fmt.Sprintf("%d of %d cases", n, total)
}

// clip cuts s to at most n bytes, at a rune boundary, with an ellipsis.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := n
	for cut > 0 && !isRuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}

func isRuneStart(b byte) bool { return b&0xC0 != 0x80 }

// mdCode writes s as a code span, safe in a table cell.
func mdCode(s string) string {
	s = strings.ReplaceAll(strings.ReplaceAll(s, "\n", " "), "|", `\|`)
	fence := "`"
	for strings.Contains(s, fence) {
		fence += "`"
	}
	if fence != "`" || strings.HasPrefix(s, "`") || strings.HasSuffix(s, "`") {
		return fence + " " + s + " " + fence
	}
	return fence + s + fence
}

// mdText makes text safe on one Markdown line and in a table cell: line
// breaks become spaces, pipes are escaped, and outside code spans the
// characters that would start HTML are written as entities (GitHub would
// otherwise read "<script>" as a tag).
func mdText(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	var b strings.Builder
	inCode := false
	spans := strings.Count(s, "`")%2 == 0 // an odd backtick is text
	for _, r := range s {
		switch {
		case r == '`' && !spans:
			b.WriteString("\\`")
		case r == '`':
			inCode = !inCode
			b.WriteRune(r)
		case r == '|':
			b.WriteString(`\|`)
		case !inCode && r == '<':
			b.WriteString("&lt;")
		case !inCode && r == '>':
			b.WriteString("&gt;")
		case !inCode && r == '&':
			b.WriteString("&amp;")
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}
