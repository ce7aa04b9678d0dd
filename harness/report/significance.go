package report

import "github.com/agentready/agentready/harness/stats"

// DefaultAlpha is the significance level of a regression: a drop in pass
// rate that chance explains at least this often is within noise.
const DefaultAlpha = stats.DefaultAlpha

// McNemar returns the two-sided p-value of the exact McNemar test for
// paired outcomes (stats.McNemar): lost cases passed in the old run and
// fail in the new, gained the reverse.
func McNemar(lost, gained int) float64 { return stats.McNemar(lost, gained) }
