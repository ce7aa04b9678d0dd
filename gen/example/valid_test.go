package example

import (
	"runtime"
	"testing"
	"time"

	"github.com/agentready/agentready/gen/ir"
)

// cachedAPIs counts the APIs whose compiled checkers Valid holds.
func cachedAPIs() int {
	n := 0
	checkers.Range(func(any, any) bool { n++; return true })
	return n
}

// TestValidCacheLivesWithItsAPI checks that the checkers Valid compiles
// are dropped with their API: a process that loads one API after another
// must not keep them all.
func TestValidCacheLivesWithItsAPI(t *testing.T) {
	before := cachedAPIs()
	func() {
		for i := 0; i < 20; i++ {
			api := &ir.API{}
			s := &ir.Schema{Kind: ir.KindInteger, Minimum: ptr(1.0)}
			if Valid(api, s, 0.0) || !Valid(api, s, 2.0) {
				t.Fatal("integer with minimum 1: 0 passes or 2 fails")
			}
		}
	}()
	if got := cachedAPIs(); got < before+1 {
		t.Fatalf("the cache holds %d APIs after 20 were checked, want them held while in use", got)
	}
	deadline := time.Now().Add(5 * time.Second)
	for cachedAPIs() > before && time.Now().Before(deadline) {
		runtime.GC()
		time.Sleep(10 * time.Millisecond)
	}
	if got := cachedAPIs(); got > before {
		t.Fatalf("the cache still holds %d APIs of 20 no longer in use", got-before)
	}
}

func ptr[T any](v T) *T { return &v }
