package cases

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/agentready/agentready/gen/ir"
)

// eachToolCases makes every tool before the first that fails, each with
// its own warnings, in tool order, and none once the context is done.
func TestEachToolCasesInOrderUpToTheFirstFailure(t *testing.T) {
	ops := make([]*ir.Operation, 60)
	for i := range ops {
		ops[i] = &ir.Operation{Name: fmt.Sprintf("op%d", i)}
	}
	one := func(i int, logf func(string, ...any)) toolCases {
		logf("%s: first", ops[i].Name)
		logf("%s: second", ops[i].Name)
		if i == 25 || i == 40 {
			return toolCases{err: errors.New(ops[i].Name)}
		}
		return toolCases{cases: []Case{{ID: ops[i].Name}}}
	}
	out := eachToolCases(context.Background(), ops, one)
	for i := range 25 {
		want := []string{ops[i].Name + ": first", ops[i].Name + ": second"}
		if len(out[i].cases) != 1 || out[i].cases[0].ID != ops[i].Name || !slices.Equal(out[i].warnings, want) || out[i].err != nil {
			t.Fatalf("tool %d: %+v, want its case and warnings %q", i, out[i], want)
		}
	}
	if out[25].err == nil || out[25].err.Error() != "op25" {
		t.Fatalf("tool 25: error %v, want op25", out[25].err)
	}

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for i, tc := range eachToolCases(ctx, ops, one) {
		if tc.cases != nil || tc.err != nil {
			t.Fatalf("tool %d made after the context was done: %+v", i, tc)
		}
	}
}
