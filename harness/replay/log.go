package replay

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"sync"

	"github.com/agentready/agentready/harness/jsonl"
)

// Head is what every entry of a cassette, a model call's (Entry) or an
// API call's (APIEntry), says of its place in the run.
type Head struct {
	// Key is the hash of the entry's request.
	Key string `json:"key"`
	// Scope is the case (and trial) the call was made for; Seq its place
	// among the scope's calls, from 0; Occurrence its place among the
	// scope's calls with the same key, from 0.
	Scope      string `json:"scope"`
	Seq        int    `json:"seq"`
	Occurrence int    `json:"occurrence"`
	// Session counts the times the cassette was opened for recording: a
	// resumed run records the cases it runs again in a later session, and
	// a scope's entries of its last session are the ones that count.
	Session int `json:"session"`
}

func (h *Head) head() *Head { return h }

// entry is a pointer to a cassette's entry type.
type entry[E any] interface {
	*E
	head() *Head
}

// tape is a cassette file open for recording: one JSON line per call,
// synced to disk as it is written.
type tape struct {
	mu      sync.Mutex
	f       *os.File
	session int
	count   *counter
}

// openTape opens the cassette at path for recording. With resume, the
// entries already in it are kept and the new ones are of a later session;
// without, it starts empty.
func openTape[E any, P entry[E]](path string, resume bool) (*tape, error) {
	session := 1
	if resume {
		entries, err := readEntries[E](path)
		if err != nil && !errors.Is(err, os.ErrNotExist) {
			return nil, err
		}
		for i := range entries {
			session = max(session, P(&entries[i]).head().Session+1)
		}
	}
	flags := os.O_CREATE | os.O_WRONLY | os.O_APPEND
	if !resume {
		flags |= os.O_TRUNC
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, err
	}
	f, err := os.OpenFile(path, flags, 0o644)
	if err != nil {
		return nil, err
	}
	return &tape{f: f, session: session, count: newCounter()}, nil
}

// next returns the head of the next call with key in scope, and counts it.
func (t *tape) next(scope, key string) Head {
	seq, occ := t.count.next(scope, key)
	return Head{Key: key, Scope: scope, Seq: seq, Occurrence: occ, Session: t.session}
}

// write appends e as a line and syncs the file.
func (t *tape) write(e any, scope string) error {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(e); err != nil {
		return fmt.Errorf("replay: recording a call of %s: %w", scope, err)
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if _, err := t.f.Write(buf.Bytes()); err != nil {
		return err
	}
	return t.f.Sync()
}

func (t *tape) close() error { return t.f.Close() }

// readEntries reads a cassette file; a last line cut short is ignored.
func readEntries[E any](path string) ([]E, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	if i := lastNewline(data); i < len(data)-1 {
		data = data[:i+1]
	}
	var out []E
	err = jsonl.Decode(data, path, jsonl.Options{MaxLine: 256 << 20}, func(_ int, e *E) error {
		out = append(out, *e)
		return nil
	})
	return out, err
}

func lastNewline(b []byte) int {
	for i := len(b) - 1; i >= 0; i-- {
		if b[i] == '\n' {
			return i
		}
	}
	return -1
}

// index holds a cassette's entries of each scope's last session, by
// scope in Seq order, and by scope, key and occurrence.
type index[E any, P entry[E]] struct {
	scopes map[string][]P
	byKey  map[[2]string][]P
}

// loadIndex reads and indexes dir's cassette called name; fix says what
// to do when there is none.
func loadIndex[E any, P entry[E]](dir, name, fix string) (*index[E, P], error) {
	path := filepath.Join(dir, name)
	entries, err := readEntries[E](path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, fmt.Errorf("%s has no recording (%s): %s", dir, name, fix)
	}
	if err != nil {
		return nil, err
	}
	return newIndex[E, P](path, entries)
}

// newIndex indexes the entries read from path, checking that each
// entry's occurrence follows the ones before it.
func newIndex[E any, P entry[E]](path string, entries []E) (*index[E, P], error) {
	last := map[string]int{}
	for i := range entries {
		h := P(&entries[i]).head()
		last[h.Scope] = max(last[h.Scope], h.Session)
	}
	x := &index[E, P]{scopes: map[string][]P{}, byKey: map[[2]string][]P{}}
	for i := range entries {
		e := P(&entries[i])
		if h := e.head(); h.Session == last[h.Scope] {
			x.scopes[h.Scope] = append(x.scopes[h.Scope], e)
		}
	}
	for scope, es := range x.scopes {
		sort.SliceStable(es, func(i, j int) bool { return es[i].head().Seq < es[j].head().Seq })
		for _, e := range es {
			h := e.head()
			k := [2]string{scope, h.Key}
			if len(x.byKey[k]) != h.Occurrence {
				return nil, fmt.Errorf("%s: scope %s: call %d of key %.12s is occurrence %d, after %d", path, scope, h.Seq, h.Key, h.Occurrence, len(x.byKey[k]))
			}
			x.byKey[k] = append(x.byKey[k], e)
		}
	}
	return x, nil
}

// calls is the number of calls the index holds.
func (x *index[E, P]) calls() int {
	n := 0
	for _, es := range x.scopes {
		n += len(es)
	}
	return n
}

// find returns the occurrence-th entry of key in scope, or nil.
func (x *index[E, P]) find(scope, key string, occurrence int) P {
	if es := x.byKey[[2]string{scope, key}]; occurrence < len(es) {
		return es[occurrence]
	}
	return nil
}
