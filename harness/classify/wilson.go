package classify

import "math"

// Interval is a confidence interval of a rate, from Low to High.
type Interval struct {
	Low  float64 `json:"low"`
	High float64 `json:"high"`
}

// z95 is the standard normal quantile of a two-sided 95% interval.
const z95 = 1.959963984540054

// Wilson returns the Wilson score 95% interval of the rate of k
// successes in n independent trials: unlike the normal approximation it
// stays within [0, 1] and is not empty at 0 or n successes. Zero trials
// give [0, 1]: nothing is known.
func Wilson(k, n int) Interval {
	if n <= 0 {
		return Interval{0, 1}
	}
	p := float64(k) / float64(n)
	z2n := z95 * z95 / float64(n)
	center := (p + z2n/2) / (1 + z2n)
	half := z95 / (1 + z2n) * math.Sqrt(p*(1-p)/float64(n)+z2n/(4*float64(n)))
	return Interval{Low: math.Max(0, center-half), High: math.Min(1, center+half)}
}
