package utter

import (
	"runtime"
	"sync"
	"weak"

	"github.com/agentready/agentready/gen/ir"
)

// perAPI caches one value per API for as long as the API is in use: the
// key is a weak pointer, and a cleanup drops the entry once the API is
// collected, so a process that loads many APIs (serve, the corpus check)
// does not keep every one of them, nor what was read of them, alive. A
// value must not point to its API, or the API is never collected.
type perAPI[T any] struct {
	m sync.Map // weak.Pointer[ir.API] -> T
}

// get returns the API's value, made by build the first time (two
// goroutines may both build it; one value is kept).
func (c *perAPI[T]) get(api *ir.API, build func() T) T {
	key := weak.Make(api)
	if v, ok := c.m.Load(key); ok {
		return v.(T)
	}
	v, loaded := c.m.LoadOrStore(key, build())
	if !loaded {
		runtime.AddCleanup(api, func(k weak.Pointer[ir.API]) { c.m.Delete(k) }, key)
	}
	return v.(T)
}
