package eval

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"
	"testing"
	"time"
)

// runCases keeps the cases' order whatever order they finish in, runs
// no more than parallel at once, and stops at the first error with the
// results of the cases before the first one not done.
func TestRunCasesKeepsOrderAndStops(t *testing.T) {
	cs := make([]Case, 20)
	for i := range cs {
		cs[i].ID = fmt.Sprint(i)
	}
	var running, most atomic.Int64
	one := func(_ context.Context, c *Case) (Result, error) {
		n := running.Add(1)
		defer running.Add(-1)
		for m := most.Load(); n > m && !most.CompareAndSwap(m, n); m = most.Load() {
		}
		// Later cases finish first.
		time.Sleep(time.Duration(20-len(c.ID)) * time.Millisecond)
		return Result{ID: c.ID}, nil
	}
	var calls int
	rs, err := runCases(context.Background(), cs, 4, one, func(done, total int) { calls++ })
	if err != nil || len(rs) != 20 || calls != 20 {
		t.Fatalf("got %d results, %d progress calls, error %v", len(rs), calls, err)
	}
	for i, r := range rs {
		if r.ID != fmt.Sprint(i) {
			t.Fatalf("result %d is case %s", i, r.ID)
		}
	}
	if m := most.Load(); m > 4 || m < 2 {
		t.Errorf("%d cases ran at once, want 2 to 4", m)
	}

	boom := errors.New("the model is down")
	failing := func(ctx context.Context, c *Case) (Result, error) {
		if c.ID == "5" {
			return Result{}, boom
		}
		return Result{ID: c.ID}, ctx.Err()
	}
	rs, err = runCases(context.Background(), cs, 1, failing, nil)
	if !errors.Is(err, boom) || len(rs) != 5 {
		t.Errorf("stopped with %d results and %v, want the 5 before case 5 and its error", len(rs), err)
	}
}
