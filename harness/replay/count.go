package replay

import "sync"

// counter numbers the calls of each scope: in all, and per key.
type counter struct {
	mu    sync.Mutex
	seq   map[string]int
	occur map[[2]string]int
}

func newCounter() *counter {
	return &counter{seq: map[string]int{}, occur: map[[2]string]int{}}
}

// next returns the place of a call with key in scope among the scope's
// calls and among those with the same key, and counts it.
func (c *counter) next(scope, key string) (seq, occurrence int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	seq = c.seq[scope]
	c.seq[scope]++
	occurrence = c.occur[[2]string{scope, key}]
	c.occur[[2]string{scope, key}]++
	return seq, occurrence
}
