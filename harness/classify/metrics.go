package classify

import "sort"

// Outcome is what metrics need of one case's result.
type Outcome struct {
	Case string `json:"case"`
	Tool string `json:"tool"`
	// Labels are the case's classes; none for a clean case.
	Labels []Label `json:"labels,omitempty"`
	// Skipped is set for a case that was not classified (no agent run,
	// or a run that failed before calling any tool); metrics leave it out.
	Skipped bool `json:"skipped,omitempty"`
}

// Metrics are the numbers of a run.
type Metrics struct {
	// Cases counts the classified cases; Skipped those left out.
	Cases   int `json:"cases"`
	Skipped int `json:"skipped,omitempty"`
	// NoError counts the cases without any label, NoErrorRate their
	// fraction of Cases.
	NoError     int     `json:"noError"`
	NoErrorRate float64 `json:"noErrorRate"`
	// Classes has every class of the taxonomy, in its order.
	Classes []ClassMetric `json:"classes"`
	// Tools are sorted by name.
	Tools []ToolMetric `json:"tools"`
	// Bands count the tools by pass rate, as the research reports them.
	Bands []BandMetric `json:"bands"`
}

// ClassMetric is the error rate of one class: the fraction of cases
// labelled with it.
type ClassMetric struct {
	Class    Class    `json:"class"`
	Category Category `json:"category"`
	Cases    int      `json:"cases"`
	Rate     float64  `json:"rate"`
}

// ToolMetric is how one tool's cases went.
type ToolMetric struct {
	Tool     string  `json:"tool"`
	Cases    int     `json:"cases"`
	Passed   int     `json:"passed"`
	PassRate float64 `json:"passRate"`
	Band     string  `json:"band"`
	// Classes counts the tool's cases per class.
	Classes map[Class]int `json:"classes,omitempty"`
}

// BandMetric counts the tools whose pass rate falls in a band.
type BandMetric struct {
	Band     string  `json:"band"`
	Tools    int     `json:"tools"`
	Fraction float64 `json:"fraction"`
}

// The pass-rate bands: a tool is in 0-25 when it passes at most a quarter
// of its cases, 75-100 when it passes at least three quarters, 25-75 in
// between.
const (
	BandLow  = "0-25"
	BandMid  = "25-75"
	BandHigh = "75-100"
)

// Band returns the band of a pass rate (0 to 1).
func Band(rate float64) string {
	switch {
	case rate <= 0.25:
		return BandLow
	case rate >= 0.75:
		return BandHigh
	}
	return BandMid
}

// Compute returns the metrics of a run's outcomes.
func Compute(outcomes []Outcome) Metrics {
	var m Metrics
	perClass := map[Class]int{}
	tools := map[string]*ToolMetric{}
	for _, o := range outcomes {
		if o.Skipped {
			m.Skipped++
			continue
		}
		m.Cases++
		tm := tools[o.Tool]
		if tm == nil {
			tm = &ToolMetric{Tool: o.Tool, Classes: map[Class]int{}}
			tools[o.Tool] = tm
		}
		tm.Cases++
		if len(o.Labels) == 0 {
			m.NoError++
			tm.Passed++
		}
		seen := map[Class]bool{}
		for _, l := range o.Labels {
			if !seen[l.Class] {
				seen[l.Class] = true
				perClass[l.Class]++
				tm.Classes[l.Class]++
			}
		}
	}
	m.NoErrorRate = ratio(m.NoError, m.Cases)
	for _, ci := range Taxonomy {
		m.Classes = append(m.Classes, ClassMetric{Class: ci.Class, Category: ci.Category, Cases: perClass[ci.Class],
			Rate: ratio(perClass[ci.Class], m.Cases)})
	}
	bands := map[string]int{}
	for _, tm := range tools {
		tm.PassRate = ratio(tm.Passed, tm.Cases)
		tm.Band = Band(tm.PassRate)
		bands[tm.Band]++
		if len(tm.Classes) == 0 {
			tm.Classes = nil
		}
		m.Tools = append(m.Tools, *tm)
	}
	sort.Slice(m.Tools, func(i, j int) bool { return m.Tools[i].Tool < m.Tools[j].Tool })
	for _, b := range []string{BandLow, BandMid, BandHigh} {
		m.Bands = append(m.Bands, BandMetric{Band: b, Tools: bands[b], Fraction: ratio(bands[b], len(tools))})
	}
	return m
}

func ratio(n, d int) float64 {
	if d == 0 {
		return 0
	}
	return float64(n) / float64(d)
}
