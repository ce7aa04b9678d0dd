package classify

import (
	"math"
	"sort"
)

// TrialMetric is how the repeated trials of some cases went (all of a
// run's, or one tool's): the per-trial pass rate, and pass@k and pass^k
// as tau-bench reports them. A trial passes when it has no error
// (Passed: the tool's pass rate, first-call passes only).
type TrialMetric struct {
	// Tool is the tool; empty for the whole run.
	Tool string `json:"tool,omitempty"`
	// K is the number of trials a case was run.
	K int `json:"k"`
	// Trials counts the classified trials, Passed those that passed;
	// PassRate is Passed over Trials and PassRateCI its Wilson interval,
	// which takes trials as independent (those of one case are not, so
	// it is narrower than it should be when cases differ much).
	Trials     int      `json:"trials"`
	Passed     int      `json:"passed"`
	PassRate   float64  `json:"passRate"`
	PassRateCI Interval `json:"passRateCI"`
	// Cases counts the cases with at least K classified trials, the ones
	// pass@k and pass^k are over.
	Cases int `json:"cases"`
	// PassAtK is the chance that at least one of k trials of a case
	// passes, PassHatK that all k do, each estimated without bias from a
	// case's n trials of which c passed (1 - C(n-c,k)/C(n,k) and
	// C(c,k)/C(n,k)) and averaged over Cases; with n = k they are the
	// fractions of cases with at least one pass and with no failure. The
	// intervals are Wilson's over Cases.
	PassAtK    float64  `json:"passAtK"`
	PassAtKCI  Interval `json:"passAtKCI"`
	PassHatK   float64  `json:"passHatK"`
	PassHatKCI Interval `json:"passHatKCI"`
}

// Trials computes the trial metrics of outcomes, several per case (by
// Outcome.Case), each case run k times: over all and per tool, sorted
// by tool.
func Trials(outcomes []Outcome, k int) (all TrialMetric, tools []TrialMetric) {
	type tally struct{ n, c int }
	perCase := map[string]*tally{}
	toolOf := map[string]string{}
	var order []string
	for _, o := range outcomes {
		switch o.Status() {
		case Skipped, Invalid:
			continue
		}
		t := perCase[o.Case]
		if t == nil {
			t = &tally{}
			perCase[o.Case] = t
			toolOf[o.Case] = o.Tool
			order = append(order, o.Case)
		}
		t.n++
		if o.Status() == Passed {
			t.c++
		}
	}
	byTool := map[string]*acc{}
	overall := &acc{}
	for _, id := range order {
		t := perCase[id]
		a := byTool[toolOf[id]]
		if a == nil {
			a = &acc{}
			byTool[toolOf[id]] = a
		}
		for _, x := range []*acc{overall, a} {
			x.add(t.n, t.c, k)
		}
	}
	all = overall.metric("", k)
	for name, a := range byTool {
		tools = append(tools, a.metric(name, k))
	}
	sort.Slice(tools, func(i, j int) bool { return tools[i].Tool < tools[j].Tool })
	return all, tools
}

// acc accumulates the trials of cases.
type acc struct {
	trials, passed, cases int
	atK, hatK             float64
}

// add counts a case of n classified trials, c of them passed.
func (a *acc) add(n, c, k int) {
	a.trials += n
	a.passed += c
	if n < k || k < 1 {
		return
	}
	a.cases++
	a.atK += 1 - choose(n-c, k)/choose(n, k)
	a.hatK += choose(c, k) / choose(n, k)
}

func (a *acc) metric(tool string, k int) TrialMetric {
	m := TrialMetric{Tool: tool, K: k, Trials: a.trials, Passed: a.passed, PassRate: ratio(a.passed, a.trials),
		PassRateCI: Wilson(a.passed, a.trials), Cases: a.cases}
	if a.cases > 0 {
		m.PassAtK, m.PassHatK = a.atK/float64(a.cases), a.hatK/float64(a.cases)
	}
	// Wilson's interval of the estimate as a fraction of the cases.
	m.PassAtKCI = Wilson(int(math.Round(m.PassAtK*float64(a.cases))), a.cases)
	m.PassHatKCI = Wilson(int(math.Round(m.PassHatK*float64(a.cases))), a.cases)
	return m
}

// choose is n choose k as a float (0 when k > n).
func choose(n, k int) float64 {
	if k < 0 || k > n {
		return 0
	}
	r := 1.0
	for i := 1; i <= k; i++ {
		r = r * float64(n-k+i) / float64(i)
	}
	return r
}
