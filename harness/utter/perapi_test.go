package utter

import (
	"runtime"
	"testing"
	"time"
	"weak"

	"github.com/agentready/agentready/gen"
	"github.com/agentready/agentready/gen/ir"
)

// TestPerAPICachesLetTheAPIGo checks that what utter caches of an API
// is dropped once the API is no longer used: a process that loads many
// APIs must not keep them all.
func TestPerAPICachesLetTheAPIGo(t *testing.T) {
	key := func() weak.Pointer[ir.API] {
		api, _, err := gen.Load(gen.Options{Spec: repoFile(t, exampleSpec)})
		if err != nil {
			t.Fatal(err)
		}
		for _, op := range api.Operations {
			shapeOf(api, op)
			sharedInGroups(api, op.Name)
			sharedInVersions(api, op.Name)
			spokenShared(api, op)
		}
		return weak.Make(api)
	}()
	held := func() []string {
		var out []string
		if _, ok := shapes.m.Load(key); ok {
			out = append(out, "shapes")
		}
		if _, ok := groupNames.m.Load(key); ok {
			out = append(out, "groupNames")
		}
		if _, ok := versionNames.m.Load(key); ok {
			out = append(out, "versionNames")
		}
		if _, ok := spokenNames.m.Load(key); ok {
			out = append(out, "spokenNames")
		}
		return out
	}
	if got := held(); len(got) != 4 {
		t.Fatalf("the caches hold the API in %v, want all four while it is in use", got)
	}
	for i := 0; i < 50 && len(held()) > 0; i++ {
		runtime.GC()
		time.Sleep(10 * time.Millisecond)
	}
	if got := held(); len(got) > 0 {
		t.Errorf("after the API is collected, %v still hold it", got)
	}
}
