package describe

import (
	"fmt"
	"strings"
	"testing"

	"github.com/agentready/agentready/gen/tokens"
)

// TestNaiveSchemaTokensEstimatesOnlyHugeSchemas: a baseline schema within
// the sample is counted exactly; a larger one is estimated from its first
// part, marked as such, and close to the exact count.
func TestNaiveSchemaTokensEstimatesOnlyHugeSchemas(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"type":"object","properties":{`)
	for i := 0; b.Len() < 3*NaiveSampleBytes; i++ {
		fmt.Fprintf(&b, `"field_%d":{"type":"string","description":"The %d-th field, as the spec’s authors describe it: café, naïve."},`, i, i)
	}
	b.WriteString(`"last":{"type":"integer"}}}`)
	huge := b.String()
	n, estimated := naiveSchemaTokens([]byte(huge), len(huge))
	exact := tokens.Count(huge)
	if !estimated {
		t.Fatalf("a %d-byte schema was counted whole", len(huge))
	}
	if d := float64(n-exact) / float64(exact); d > 0.05 || d < -0.05 {
		t.Errorf("estimate %d, exact %d (%.1f%% off)", n, exact, 100*d)
	}
	small := huge[:1000]
	if n, estimated := naiveSchemaTokens([]byte(small), len(small)); estimated || n != tokens.Count(small) {
		t.Errorf("a small schema: %d tokens (estimated %v), want %d exactly", n, estimated, tokens.Count(small))
	}
}
