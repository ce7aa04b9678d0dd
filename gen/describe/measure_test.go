package describe_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/agentready/agentready/gen/describe"
	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/gen/tokens"
	"github.com/agentready/agentready/gen/toolschema"
)

// The goals this test holds the definitions to.
const (
	maxRatio        = 0.60 // ours / naive, medians, on every spec
	maxPooledMedian = 150  // tokens of our whole definition, all specs
)

// TestMeasure compares, on every real spec, the size of agentready's tool
// definitions with the naive conversion's (name + description + schema,
// o200k tokens) and fails when a goal is missed: a description over 1,024
// characters, a ratio over 0.60 on a spec, or a pooled median over 150.
// Run it with -v to see the table.
func TestMeasure(t *testing.T) {
	if !tokens.Exact() {
		t.Logf("the o200k tokenizer did not load: counts are estimates")
	}
	paths := realSpecPaths(t)
	var report strings.Builder
	fmt.Fprintf(&report, "%-20s %5s %7s %6s %6s %6s %6s %8s\n", "spec", "ops", "naive", "p90", "ours", "p90", "ratio", "maxchars")
	var pooled, pooledNaive []int
	for _, path := range paths {
		api := loadSpec(t, path)
		var naive, ours []int
		maxChars, maxOp := 0, ""
		for _, op := range api.Operations {
			name, desc, schema := describe.Definition(api, op)
			n := tokens.Count(name) + tokens.Count(desc) + tokens.Count(string(schema))
			if n != describe.Tokens(api, op) {
				t.Fatalf("%s: Tokens disagrees with Definition", op.Name)
			}
			ours = append(ours, n)
			nt, _ := describe.NaiveTokens(api, op)
			naive = append(naive, nt)
			if len(desc) > maxChars {
				maxChars, maxOp = len(desc), op.Name
			}
			if len(desc) > describe.MaxDescription {
				t.Errorf("%s %s: description has %d characters (max %d)", specName(path), op.Name, len(desc), describe.MaxDescription)
			}
			if !strings.Contains(desc, "Example: ") && hasArgs(api, op) {
				t.Errorf("%s %s: description has no example: %q", specName(path), op.Name, desc)
			}
		}
		pooled = append(pooled, ours...)
		pooledNaive = append(pooledNaive, naive...)
		ratio := float64(median(ours)) / float64(median(naive))
		fmt.Fprintf(&report, "%-20s %5d %7d %6d %6d %6d %6.2f %8d  (longest: %s)\n", specName(path), len(api.Operations),
			median(naive), percentile(naive, 0.9), median(ours), percentile(ours, 0.9), ratio, maxChars, maxOp)
		if ratio > maxRatio {
			t.Errorf("%s: ours/naive = %.3f, over %.2f", specName(path), ratio, maxRatio)
		}
	}
	fmt.Fprintf(&report, "%-20s %5d %7d %6d %6d %6d %6.2f\n", "pooled", len(pooled), median(pooledNaive), percentile(pooledNaive, 0.9),
		median(pooled), percentile(pooled, 0.9), float64(median(pooled))/float64(median(pooledNaive)))
	t.Logf("tool definition tokens (o200k; name + description + parameters schema), medians and p90:\n%s", report.String())
	if m := median(pooled); m > maxPooledMedian {
		t.Errorf("pooled median %d tokens, over %d", m, maxPooledMedian)
	}
}

func hasArgs(api *ir.API, op *ir.Operation) bool { return len(toolschema.Args(api, op)) > 0 }

// TestDeterministic builds every GitHub definition twice and compares.
func TestDeterministic(t *testing.T) {
	api := loadSpec(t, realSpecPaths(t)[1])
	for _, op := range api.Operations {
		n1, d1, s1 := describe.Definition(api, op)
		n2, d2, s2 := describe.Definition(api, op)
		if n1 != n2 || d1 != d2 || !bytes.Equal(s1, s2) {
			t.Fatalf("%s: definition differs between runs", op.Name)
		}
	}
}

// TestSpeed builds the definitions of all GitHub operations and fails if
// that takes more than four times as long as decoding the same document's
// JSON with encoding/json, the floor, timed in the same run (best of
// three) so that a slow or shared machine slows both: about twice today.
// BenchmarkGitHubDefinitions gives the real figure.
func TestSpeed(t *testing.T) {
	path := realSpecPaths(t)[1]
	api := loadSpec(t, path)
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	floor := time.Duration(math.MaxInt64)
	for range 3 {
		start := time.Now()
		var doc any
		if err := json.Unmarshal(raw, &doc); err != nil {
			t.Fatal(err)
		}
		floor = min(floor, time.Since(start))
	}
	start := time.Now()
	for _, op := range api.Operations {
		describe.Definition(api, op)
	}
	el := time.Since(start)
	t.Logf("%d GitHub definitions in %v; decoding the document's JSON took %v", len(api.Operations), el, floor)
	if el > 4*floor {
		t.Errorf("building %d definitions took %v, over four times decoding the document's JSON (%v)", len(api.Operations), el, floor)
	}
}

// BenchmarkGitHubDefinitions builds name, description and schema of all
// 1,223 GitHub operations (the spec is loaded once, outside the timing).
func BenchmarkGitHubDefinitions(b *testing.B) {
	api := loadSpec(b, realSpecPaths(b)[1])
	b.ResetTimer()
	for range b.N {
		for _, op := range api.Operations {
			describe.Definition(api, op)
		}
	}
}

// BenchmarkGitHubSchemas builds only the parameter schemas.
func BenchmarkGitHubSchemas(b *testing.B) {
	api := loadSpec(b, realSpecPaths(b)[1])
	b.ResetTimer()
	for range b.N {
		for _, op := range api.Operations {
			if _, err := toolschema.Build(api, op, toolschema.Options{}); err != nil {
				b.Fatal(err)
			}
		}
	}
}
