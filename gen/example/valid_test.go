package example

import (
	"runtime"
	"testing"
	"time"
	"weak"

	"github.com/agentready/agentready/gen/ir"
)

// cachedAPIs counts the APIs among keys whose compiled checkers Valid
// holds.
func cachedAPIs(keys []weak.Pointer[ir.API]) int {
	n := 0
	for _, k := range keys {
		if _, ok := checkers.Load(k); ok {
			n++
		}
	}
	return n
}

// TestValidCacheLivesWithItsAPI checks that the checkers Valid compiles
// are dropped with their API: a process that loads one API after another
// must not keep them all. It follows its own APIs only: those of other
// tests may be dropped by any collection meanwhile.
func TestValidCacheLivesWithItsAPI(t *testing.T) {
	apis := make([]*ir.API, 20)
	keys := make([]weak.Pointer[ir.API], len(apis))
	for i := range apis {
		apis[i] = &ir.API{}
		keys[i] = weak.Make(apis[i])
		s := &ir.Schema{Kind: ir.KindInteger, Minimum: ptr(1.0)}
		if Valid(apis[i], s, 0.0) || !Valid(apis[i], s, 2.0) {
			t.Fatal("integer with minimum 1: 0 passes or 2 fails")
		}
	}
	runtime.GC()
	if got := cachedAPIs(keys); got != len(apis) {
		t.Fatalf("the cache holds %d of the %d APIs checked, want them held while in use", got, len(apis))
	}
	runtime.KeepAlive(apis)
	apis = nil
	deadline := time.Now().Add(5 * time.Second)
	for cachedAPIs(keys) > 0 && time.Now().Before(deadline) {
		runtime.GC()
		time.Sleep(10 * time.Millisecond)
	}
	if got := cachedAPIs(keys); got > 0 {
		t.Fatalf("the cache still holds %d APIs of 20 no longer in use", got)
	}
}

// TestForgetDropsTheAPIsCheckers checks that Forget lets go of the
// checkers Valid compiled for an API still in use, and of no other API's,
// and that Valid still judges its values afterwards.
func TestForgetDropsTheAPIsCheckers(t *testing.T) {
	done, other := &ir.API{}, &ir.API{}
	keys := []weak.Pointer[ir.API]{weak.Make(done), weak.Make(other)}
	s := &ir.Schema{Kind: ir.KindInteger, Minimum: ptr(1.0)}
	for _, api := range []*ir.API{done, other} {
		if !Valid(api, s, 2.0) {
			t.Fatal("integer with minimum 1: 2 fails")
		}
	}
	Forget(done)
	if _, ok := checkers.Load(keys[0]); ok {
		t.Fatal("the cache holds the checkers of an API Forget was called for")
	}
	if _, ok := checkers.Load(keys[1]); !ok {
		t.Fatal("Forget of one API dropped another's checkers")
	}
	if Valid(done, s, 0.0) || !Valid(done, s, 2.0) {
		t.Fatal("after Forget, integer with minimum 1: 0 passes or 2 fails")
	}
	runtime.KeepAlive(done)
	runtime.KeepAlive(other)
}

func ptr[T any](v T) *T { return &v }

// TestAnyStringNeedsNoChecker checks the premise of str's shortcut: a
// string schema anyString accepts is one whose compiled checker accepts
// any string, and each constraint the checker reads turns it off.
func TestAnyStringNeedsNoChecker(t *testing.T) {
	plain := &ir.Schema{Kind: ir.KindString, Description: "a name", Nullable: true}
	if !anyString(plain) {
		t.Fatal("anyString(plain string) = false")
	}
	for _, v := range []string{"", "x", "my-name", "  ", "\u00e9\u4e2d", "{\"a\":1}", "2024-01-01"} {
		if !Valid(nil, plain, v) {
			t.Errorf("Valid(plain string, %q) = false", v)
		}
	}
	one, two := int64(1), int64(2)
	for name, s := range map[string]*ir.Schema{
		"format":    {Kind: ir.KindString, Format: "date-time"},
		"pattern":   {Kind: ir.KindString, Pattern: "^a$"},
		"enum":      {Kind: ir.KindString, Enum: []any{"a"}},
		"minLength": {Kind: ir.KindString, MinLength: &two},
		"maxLength": {Kind: ir.KindString, MaxLength: &one},
		"variants":  {Kind: ir.KindString, Variants: []*ir.Schema{{Kind: ir.KindString}}},
		"ref":       {Ref: "#/components/schemas/X"},
		"integer":   {Kind: ir.KindInteger},
	} {
		if anyString(s) {
			t.Errorf("anyString(%s) = true", name)
		}
	}
}
