package oneshot

import (
	"os"
	"runtime/debug"
	"testing"
)

// TestAfterLoad checks that AfterLoad sets GCPercentAfterLoad, and leaves
// the pace alone when the user set GOGC.
func TestAfterLoad(t *testing.T) {
	before := debug.SetGCPercent(100)
	defer debug.SetGCPercent(before)

	t.Setenv("GOGC", "")
	os.Unsetenv("GOGC")
	AfterLoad()
	if got := debug.SetGCPercent(100); got != GCPercentAfterLoad {
		t.Errorf("without GOGC: percent %d, want %d", got, GCPercentAfterLoad)
	}

	t.Setenv("GOGC", "100")
	AfterLoad()
	if got := debug.SetGCPercent(100); got != 100 {
		t.Errorf("with GOGC=100: percent %d, want it left at 100", got)
	}
}
