package stats

import (
	"math"
	"testing"
)

// TestMcNemar checks exact values: 2·P(X ≤ k) for X ~ Binomial(n, 1/2),
// symmetric in lost and gained, capped at 1.
func TestMcNemar(t *testing.T) {
	for _, tc := range []struct {
		lost, gained int
		want         float64
	}{
		{0, 0, 1},
		{1, 0, 1},
		{15, 0, 2 / math.Pow(2, 15)},
		{6, 1, 2 * 8.0 / 128},    // 2·(1+7)/2^7 = 0.125
		{10, 2, 2 * 79.0 / 4096}, // 2·(1+12+66)/2^12
		{50, 50, 1},
	} {
		for _, p := range [][2]int{{tc.lost, tc.gained}, {tc.gained, tc.lost}} {
			if got := McNemar(p[0], p[1]); math.Abs(got-tc.want) > 1e-12 {
				t.Errorf("McNemar(%d, %d) = %.12g, want %.12g", p[0], p[1], got, tc.want)
			}
		}
	}
	if p := McNemar(5000, 4000); p <= 0 || p >= DefaultAlpha {
		t.Errorf("McNemar(5000, 4000) = %g: want a tiny positive p, without overflow", p)
	}
}
