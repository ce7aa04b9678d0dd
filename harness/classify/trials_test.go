package classify

import (
	"fmt"
	"math"
	"testing"
)

// Wilson's interval matches published values (Newcombe 1998, table I;
// and 5 of 10, 0 of 10 as any calculator gives them).
func TestWilson(t *testing.T) {
	for _, c := range []struct {
		k, n    int
		low, hi float64
	}{
		{81, 263, 0.2553, 0.3662},
		{15, 148, 0.0624, 0.1605},
		{0, 20, 0, 0.1611},
		{1, 29, 0.0061, 0.1718},
		{5, 10, 0.2366, 0.7634},
		{10, 10, 0.7225, 1},
		{0, 0, 0, 1},
	} {
		got := Wilson(c.k, c.n)
		if math.Abs(got.Low-c.low) > 5e-5 || math.Abs(got.High-c.hi) > 5e-5 {
			t.Errorf("Wilson(%d, %d) = [%.4f, %.4f], want [%.4f, %.4f]", c.k, c.n, got.Low, got.High, c.low, c.hi)
		}
	}
}

// outcomes makes the trials of a case: pass, fail (a label), skipped.
func trialsOf(id, tool, results string) []Outcome {
	var out []Outcome
	for _, r := range results {
		o := Outcome{Case: id, Tool: tool}
		switch r {
		case 'F':
			o.Labels = []Label{{Class: IncorrectToolSelection}}
		case 'S':
			o.Skipped = true
		}
		out = append(out, o)
	}
	return out
}

func TestTrials(t *testing.T) {
	var os []Outcome
	os = append(os, trialsOf("a1", "a", "PPP")...) // every trial passes
	os = append(os, trialsOf("a2", "a", "PFP")...) // some do
	os = append(os, trialsOf("b1", "b", "FFF")...) // none does
	os = append(os, trialsOf("b2", "b", "PSF")...) // a skipped trial: too few for pass@3
	all, tools := Trials(os, 3)
	show := func(m TrialMetric) string {
		return fmt.Sprintf("%s k=%d trials=%d passed=%d rate=%.3f cases=%d pass@k=%.3f pass^k=%.3f",
			m.Tool, m.K, m.Trials, m.Passed, m.PassRate, m.Cases, m.PassAtK, m.PassHatK)
	}
	want := []string{
		" k=3 trials=11 passed=6 rate=0.545 cases=3 pass@k=0.667 pass^k=0.333",
		"a k=3 trials=6 passed=5 rate=0.833 cases=2 pass@k=1.000 pass^k=0.500",
		"b k=3 trials=5 passed=1 rate=0.200 cases=1 pass@k=0.000 pass^k=0.000",
	}
	got := []string{show(all)}
	for _, m := range tools {
		got = append(got, show(m))
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("got\n%q\nwant\n%q", got, want)
	}
	if ci := all.PassRateCI; ci != Wilson(6, 11) {
		t.Errorf("per-trial interval %v, want Wilson(6, 11)", ci)
	}
	if ci := all.PassHatKCI; ci != Wilson(1, 3) {
		t.Errorf("pass^k interval %v, want Wilson(1, 3)", ci)
	}
}

// With more trials than k, pass@k and pass^k are the unbiased estimates:
// 2 passes of 4 trials give pass@2 = 1 - C(2,2)/C(4,2) = 5/6 and pass^2 =
// C(2,2)/C(4,2) = 1/6.
func TestTrialsUnbiased(t *testing.T) {
	all, _ := Trials(trialsOf("x", "x", "PFPF"), 2)
	if math.Abs(all.PassAtK-5.0/6) > 1e-12 || math.Abs(all.PassHatK-1.0/6) > 1e-12 {
		t.Errorf("pass@2 %.4f, pass^2 %.4f: want 0.8333, 0.1667", all.PassAtK, all.PassHatK)
	}
}
