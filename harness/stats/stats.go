// Package stats holds the significance test the CI gate and adapt share,
// so that both call a change real by the same rule.
package stats

import "math"

// DefaultAlpha is the significance level: a change in pass rate that
// chance explains at least this often is within noise.
const DefaultAlpha = 0.05

// McNemar returns the two-sided p-value of the exact McNemar test for
// paired outcomes: lost cases passed in the old run and fail in the new,
// gained the reverse. Under no change, each discordant pair is lost or
// gained with even odds, so the p-value is twice the binomial tail of the
// smaller count (at most 1).
func McNemar(lost, gained int) float64 {
	n := lost + gained
	if n == 0 {
		return 1
	}
	k := min(lost, gained)
	tail := 0.0
	for i := 0; i <= k; i++ {
		tail += math.Exp(logChoose(n, i) - float64(n)*math.Ln2)
	}
	return math.Min(1, 2*tail)
}

// logChoose is the natural log of n choose k.
func logChoose(n, k int) float64 {
	a, _ := math.Lgamma(float64(n + 1))
	b, _ := math.Lgamma(float64(k + 1))
	c, _ := math.Lgamma(float64(n - k + 1))
	return a - b - c
}
