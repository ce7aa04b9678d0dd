package classify

import (
	"github.com/agentready/agentready/harness/cases"
	"maps"
	"slices"
	"sort"
)

// Outcome is what metrics need of one case's result.
type Outcome struct {
	Case string `json:"case"`
	Tool string `json:"tool"`
	// Labels are the case's classes; none for a clean case.
	Labels []Label `json:"labels,omitempty"`
	// Recovered are the mistakes the agent fixed before a right last
	// call (Verdict.Recovered).
	Recovered []Label `json:"recovered,omitempty"`
	// Skipped is set for a case that was not classified (no agent run,
	// or a run that failed before calling any tool); metrics leave it out.
	Skipped bool `json:"skipped,omitempty"`
	// Invalid is set for a case whose ground truth did not hold (its
	// direct call failed, or came back empty where the tool returns
	// data): it cannot tell a right call from a wrong one, so metrics
	// leave it out of every rate and count it apart.
	Invalid bool `json:"invalid,omitempty"`
	// Mutating is set when the case's tool changes state.
	Mutating bool `json:"mutating,omitempty"`
	// Naturalness is the level (1-5) of the utterance the agent got, 0
	// when it was not rated.
	Naturalness int `json:"naturalness,omitempty"`
	// Scenario is how the case was made (cases.Scenario: required,
	// subset, all, chain, ask); empty when unknown.
	Scenario string `json:"scenario,omitempty"`
}

// Status is how a case ended.
type Status string

// The statuses of a case.
const (
	// Passed: the agent's first call of the tool was right.
	Passed Status = "passed"
	// PassedAfterRecovery: the agent's last call was right after the
	// tool's corrective answer to an earlier one.
	PassedAfterRecovery Status = "recovered"
	Failed              Status = "failed"
	// Invalid: the case's ground truth did not hold; it is not counted.
	Invalid Status = "invalid"
	Skipped Status = "skipped"
)

// Status returns how the case ended.
func (o Outcome) Status() Status {
	switch {
	case o.Invalid:
		return Invalid
	case o.Skipped:
		return Skipped
	case len(o.Labels) > 0:
		return Failed
	case len(o.Recovered) > 0:
		return PassedAfterRecovery
	}
	return Passed
}

// Metrics are the numbers of a run.
type Metrics struct {
	// Cases counts the classified cases; Skipped and Invalid those left
	// out (the agent's run failed before calling a tool; the case's
	// ground truth did not hold).
	Cases   int `json:"cases"`
	Skipped int `json:"skipped,omitempty"`
	Invalid int `json:"invalid,omitempty"`
	// NoError counts the cases without any label whose first call of the
	// tool was right, NoErrorRate their fraction of Cases.
	NoError     int     `json:"noError"`
	NoErrorRate float64 `json:"noErrorRate"`
	// Recovered counts the cases that passed after recovery, counted
	// apart from NoError; RecoveredRate is their fraction of Cases.
	Recovered     int     `json:"recovered,omitempty"`
	RecoveredRate float64 `json:"recoveredRate,omitempty"`
	// Classes has every class of the taxonomy, in its order.
	Classes []ClassMetric `json:"classes"`
	// Tools are sorted by name.
	Tools []ToolMetric `json:"tools"`
	// Bands count the tools by pass rate, as the research reports them.
	Bands []BandMetric `json:"bands"`
	// Naturalness breaks the cases down by the naturalness of the
	// utterance the agent got (levels with cases only; empty when no
	// utterance was rated): robotic requests flatter agents.
	Naturalness []LevelMetric `json:"naturalness,omitempty"`
	// Scenarios break the cases down by how they were made: one call
	// with what it needs (required, subset, all), several calls (chain),
	// a conversation (ask). Empty when no case says.
	Scenarios []ScenarioMetric `json:"scenarios,omitempty"`
}

// ScenarioMetric is how the cases of one scenario went.
type ScenarioMetric struct {
	Scenario    string  `json:"scenario"`
	Cases       int     `json:"cases"`
	NoError     int     `json:"noError"`
	Recovered   int     `json:"recovered,omitempty"`
	NoErrorRate float64 `json:"noErrorRate"`
}

// LevelMetric is how the cases of one naturalness level went.
type LevelMetric struct {
	Level       int     `json:"level"`
	Cases       int     `json:"cases"`
	NoError     int     `json:"noError"`
	NoErrorRate float64 `json:"noErrorRate"`
}

// ClassMetric is the error rate of one class: the fraction of cases
// labelled with it.
type ClassMetric struct {
	Class    Class    `json:"class"`
	Category Category `json:"category"`
	Cases    int      `json:"cases"`
	Rate     float64  `json:"rate"`
	// Recovered counts the cases that passed after recovering from a
	// mistake of this class (not in Cases).
	Recovered int `json:"recovered,omitempty"`
}

// ToolMetric is how one tool's cases went.
type ToolMetric struct {
	Tool string `json:"tool"`
	// Cases counts the tool's classified cases; Passed those without any
	// error, Recovered those that passed after recovery (not in Passed),
	// Invalid those left out because their ground truth did not hold.
	Cases     int `json:"cases"`
	Passed    int `json:"passed"`
	Recovered int `json:"recovered,omitempty"`
	Invalid   int `json:"invalid,omitempty"`
	// PassRate is Passed over Cases: first-call passes only.
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
	scenarios := map[string]*ScenarioMetric{}
	levels := map[int]*LevelMetric{}
	for l := 1; l <= 5; l++ {
		levels[l] = &LevelMetric{Level: l}
	}
	perClass := map[Class]int{}
	recovered := map[Class]int{}
	tools := map[string]*ToolMetric{}
	tool := func(name string) *ToolMetric {
		tm := tools[name]
		if tm == nil {
			tm = &ToolMetric{Tool: name, Classes: map[Class]int{}}
			tools[name] = tm
		}
		return tm
	}
	for _, o := range outcomes {
		switch o.Status() {
		case Skipped:
			m.Skipped++
			continue
		case Invalid:
			m.Invalid++
			tool(o.Tool).Invalid++
			continue
		}
		m.Cases++
		tm := tool(o.Tool)
		tm.Cases++
		level := levels[o.Naturalness] // nil when unrated or out of range
		if level != nil {
			level.Cases++
		}
		var sc *ScenarioMetric
		if o.Scenario != "" {
			if scenarios[o.Scenario] == nil {
				scenarios[o.Scenario] = &ScenarioMetric{Scenario: o.Scenario}
			}
			sc = scenarios[o.Scenario]
			sc.Cases++
		}
		switch o.Status() {
		case Passed:
			m.NoError++
			tm.Passed++
			if level != nil {
				level.NoError++
			}
			if sc != nil {
				sc.NoError++
			}
		case PassedAfterRecovery:
			m.Recovered++
			tm.Recovered++
			if sc != nil {
				sc.Recovered++
			}
			seen := map[Class]bool{}
			for _, l := range o.Recovered {
				if !seen[l.Class] {
					seen[l.Class] = true
					recovered[l.Class]++
				}
			}
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
	for _, name := range slices.Sorted(maps.Keys(scenarios)) {
		sc := scenarios[name]
		sc.NoErrorRate = ratio(sc.NoError, sc.Cases)
		m.Scenarios = append(m.Scenarios, *sc)
	}
	slices.SortStableFunc(m.Scenarios, func(a, b ScenarioMetric) int { return scenarioRank(a.Scenario) - scenarioRank(b.Scenario) })
	for l := 1; l <= 5; l++ {
		if lm := levels[l]; lm.Cases > 0 {
			lm.NoErrorRate = ratio(lm.NoError, lm.Cases)
			m.Naturalness = append(m.Naturalness, *lm)
		}
	}
	m.NoErrorRate = ratio(m.NoError, m.Cases)
	m.RecoveredRate = ratio(m.Recovered, m.Cases)
	for _, ci := range Taxonomy {
		m.Classes = append(m.Classes, ClassMetric{Class: ci.Class, Category: ci.Category, Cases: perClass[ci.Class],
			Rate: ratio(perClass[ci.Class], m.Cases), Recovered: recovered[ci.Class]})
	}
	bands := map[string]int{}
	for _, tm := range tools {
		if tm.Cases == 0 {
			// Only invalid cases: no rate to put in a band.
			tm.Classes = nil
			m.Tools = append(m.Tools, *tm)
			continue
		}
		tm.PassRate = ratio(tm.Passed, tm.Cases)
		tm.Band = Band(tm.PassRate)
		bands[tm.Band]++
		if len(tm.Classes) == 0 {
			tm.Classes = nil
		}
		m.Tools = append(m.Tools, *tm)
	}
	sort.Slice(m.Tools, func(i, j int) bool { return m.Tools[i].Tool < m.Tools[j].Tool })
	banded := bands[BandLow] + bands[BandMid] + bands[BandHigh]
	for _, b := range []string{BandLow, BandMid, BandHigh} {
		m.Bands = append(m.Bands, BandMetric{Band: b, Tools: bands[b], Fraction: ratio(bands[b], banded)})
	}
	return m
}

func ratio(n, d int) float64 {
	if d == 0 {
		return 0
	}
	return float64(n) / float64(d)
}

// scenarioOrder is the order scenarios are reported in: single calls from
// the least to the most arguments, then several calls, then talk.
var scenarioOrder = []string{string(cases.Required), string(cases.Subset), string(cases.All), string(cases.Chain), string(cases.Ask)}

func scenarioRank(s string) int {
	if i := slices.Index(scenarioOrder, s); i >= 0 {
		return i
	}
	return len(scenarioOrder)
}
