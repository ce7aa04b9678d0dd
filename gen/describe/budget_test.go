package describe_test

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/agentready/agentready/gen/describe"
	"github.com/agentready/agentready/gen/tokens"
)

// TestBudget holds every tool definition of every real spec within the
// default budget, and reports the largest and 95th percentile definition
// before the budget (no limit) and after it. Run with -v for the table.
func TestBudget(t *testing.T) {
	if !tokens.Exact() {
		t.Skip("the o200k tokenizer did not load")
	}
	paths := realSpecPaths(t)
	var report strings.Builder
	fmt.Fprintf(&report, "%-20s %5s %8s %7s %8s %7s %5s\n", "spec", "ops", "max", "p95", "max", "p95", "cut")
	fmt.Fprintf(&report, "%-20s %5s %17s %16s\n", "", "", "(no budget)", "(default budget)")
	for _, path := range paths {
		api := loadSpec(t, path)
		var before, after []int
		cut := 0
		for _, op := range api.Operations {
			full := describe.Fit(api, op, describe.Options{MaxToolTokens: -1})
			f := describe.Fit(api, op, describe.Options{})
			before, after = append(before, full.Count()), append(after, f.Count())
			if f.Cut != "" {
				cut++
			}
			if f.Count() > describe.DefaultMaxToolTokens && (!f.Over || requiredTokens(t, f) <= describe.DefaultMaxToolTokens) {
				t.Errorf("%s %s: %d tokens after every cut (%s)", specName(path), op.Name, f.Count(), f.Cut)
			}
		}
		sort.Ints(before)
		sort.Ints(after)
		fmt.Fprintf(&report, "%-20s %5d %8d %7d %8d %7d %5d\n", specName(path), len(before),
			before[len(before)-1], p95(before), after[len(after)-1], p95(after), cut)
	}
	t.Log("\n" + report.String())
}

// requiredTokens counts f's definition with only its required arguments.
func requiredTokens(t *testing.T, f describe.Fitted) int {
	var s map[string]any
	if err := json.Unmarshal(f.Schema, &s); err != nil {
		t.Fatal(err)
	}
	req := map[string]bool{}
	for _, r := range s["required"].([]any) {
		req[r.(string)] = true
	}
	props := s["properties"].(map[string]any)
	for k := range props {
		if !req[k] {
			delete(props, k)
		}
	}
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	return tokens.Count(f.Name) + tokens.Count(f.Description) + tokens.Count(string(b))
}

// p95 is the 95th percentile of sorted xs.
func p95(xs []int) int { return xs[(len(xs)*95)/100] }
