package report

import (
	"fmt"
	"sort"
	"strings"
)

// consistencyIntro says what the consistency section shows.
const consistencyIntro = "Each case ran once as it is and once per synonymous phrasing of one of its values (a date in another format, a number in words, an enum value in words or another case, an identifier without its prefix), on the same direct call and tools. " +
	"A pair is reported only when the agent's calls differ after normalisation by the tool's schema, their answers from the API differ (and not both runs are right against the direct call), and the judge, when there is one, calls the two requests equivalent; " +
	"the dismissed pairs are the false-discovery guard."

// consistencyView is the section of both reports on the consistency
// check: its counts, a row per kind of phrasing, and why pairs were
// dismissed.
type consistencyView struct {
	Intro                            string
	Oracle                           string
	Cases, Variants, Same, Differing int
	Reported, Findings               int
	Dismissed                        string
	Kinds                            []consistencyKind
}

type consistencyKind struct {
	Kind                          string
	Variants, Differing, Reported int
}

// consistencySection returns the section; nil when the run has no
// consistency check.
func (r *Run) consistencySection() *consistencyView {
	s := r.Consistency
	if s == nil {
		return nil
	}
	v := &consistencyView{Intro: consistencyIntro, Oracle: s.Oracle, Cases: s.Cases, Variants: s.Variants, Same: s.SameCall,
		Differing: s.Differing, Reported: s.Reported, Findings: len(s.Findings), Dismissed: "none"}
	var why []string
	for verdict, n := range s.Dismissed {
		why = append(why, fmt.Sprintf("%s %d", verdict, n))
	}
	sort.Strings(why)
	if len(why) > 0 {
		v.Dismissed = strings.Join(why, "; ")
	}
	for _, k := range s.Kinds {
		v.Kinds = append(v.Kinds, consistencyKind{Kind: k.Kind, Variants: k.Variants, Differing: k.Differing, Reported: k.Reported})
	}
	return v
}

// consistencyMarkdown writes report.md's section on the consistency
// check, when the run has one.
func (r *Run) consistencyMarkdown(b *strings.Builder) {
	v := r.consistencySection()
	if v == nil {
		return
	}
	b.WriteString("\n## Consistency\n\n")
	b.WriteString(v.Intro + "\n\n")
	fmt.Fprintf(b, "%d cases, %d phrasings compared, %d with the same call, %d with a different one; %d reported (%d findings, oracle: %s); dismissed: %s.\n\n",
		v.Cases, v.Variants, v.Same, v.Differing, v.Reported, v.Findings, mdText(v.Oracle), mdText(v.Dismissed))
	b.WriteString("| phrasing | compared | differing calls | reported |\n|---|--:|--:|--:|\n")
	for _, k := range v.Kinds {
		fmt.Fprintf(b, "| %s | %d | %d | %d |\n", k.Kind, k.Variants, k.Differing, k.Reported)
	}
}
