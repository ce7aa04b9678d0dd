package oneshot

import (
	"os"
	"runtime/debug"
	"testing"
)

// TestAfterLoad checks that AfterLoad sets the pace pace gives (this
// small process has mapped less than minMemoryLimit: GCPercentAfterLoad),
// and leaves the pace alone when the user set GOGC.
func TestAfterLoad(t *testing.T) {
	before := debug.SetGCPercent(100)
	defer debug.SetGCPercent(before)
	noLimit := debug.SetMemoryLimit(-1)
	defer debug.SetMemoryLimit(noLimit)

	for _, env := range []string{"GOGC", "GOMEMLIMIT"} {
		t.Setenv(env, "")
		os.Unsetenv(env)
	}
	AfterLoad()
	if got := debug.SetGCPercent(100); got != GCPercentAfterLoad {
		t.Errorf("without GOGC: percent %d, want %d", got, GCPercentAfterLoad)
	}
	// The limit is what the process has mapped: more than nothing, less
	// than no limit at all.
	if got := debug.SetMemoryLimit(noLimit); got <= 0 || got == noLimit {
		t.Errorf("without GOMEMLIMIT: limit %d, want the memory mapped so far", got)
	}

	t.Setenv("GOMEMLIMIT", "1GiB")
	AfterLoad()
	if got := debug.SetGCPercent(100); got != 100 {
		t.Errorf("with GOMEMLIMIT set: percent %d, want it left at 100", got)
	}
}

// TestPace: past minMemoryLimit the parser's mapped memory is the limit
// and paces the collector alone; under it, the least limit and
// GCPercentAfterLoad.
func TestPace(t *testing.T) {
	for _, c := range []struct {
		mapped  uint64
		limit   int64
		percent int
	}{
		{100 << 20, minMemoryLimit, GCPercentAfterLoad},
		{minMemoryLimit - 1, minMemoryLimit, GCPercentAfterLoad},
		{minMemoryLimit, minMemoryLimit, -1},
		{4 << 30, 4 << 30, -1},
	} {
		if limit, percent := pace(c.mapped); limit != c.limit || percent != c.percent {
			t.Errorf("pace(%d) = %d, %d; want %d, %d", c.mapped, limit, percent, c.limit, c.percent)
		}
	}
}

// TestSavedRestores checks that the function Saved returns puts back the
// pace and limit AfterLoad changed.
func TestSavedRestores(t *testing.T) {
	for _, env := range []string{"GOGC", "GOMEMLIMIT"} {
		t.Setenv(env, "")
		os.Unsetenv(env)
	}
	before := debug.SetGCPercent(100)
	defer debug.SetGCPercent(before)
	limit := debug.SetMemoryLimit(-1)
	restore := Saved()
	AfterLoad()
	restore()
	if got := debug.SetGCPercent(100); got != 100 {
		t.Errorf("percent after restore: %d, want 100", got)
	}
	if got := debug.SetMemoryLimit(-1); got != limit {
		t.Errorf("memory limit after restore: %d, want %d", got, limit)
	}
}
