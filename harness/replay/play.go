package replay

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"

	"github.com/agentready/agentready/harness/jsonl"
	"github.com/cloudwego/eino/components/model"
	"github.com/cloudwego/eino/schema"
)

// Cassette is a recording, read for replay.
type Cassette struct {
	// scopes holds each scope's entries of its last session, by Seq.
	scopes map[string][]*Entry
	// byKey finds an entry by scope, key and occurrence.
	byKey map[[2]string][]*Entry
}

// Load reads dir's cassette.
func Load(dir string) (*Cassette, error) {
	path := filepath.Join(dir, File)
	entries, err := readEntries(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, fmt.Errorf("%s has no recording (%s): record the run with --record", dir, File)
	}
	if err != nil {
		return nil, err
	}
	last := map[string]int{}
	for _, e := range entries {
		last[e.Scope] = max(last[e.Scope], e.Session)
	}
	c := &Cassette{scopes: map[string][]*Entry{}, byKey: map[[2]string][]*Entry{}}
	for i := range entries {
		e := &entries[i]
		if e.Session == last[e.Scope] {
			c.scopes[e.Scope] = append(c.scopes[e.Scope], e)
		}
	}
	for scope, es := range c.scopes {
		sort.SliceStable(es, func(i, j int) bool { return es[i].Seq < es[j].Seq })
		for _, e := range es {
			k := [2]string{scope, e.Key}
			if len(c.byKey[k]) != e.Occurrence {
				return nil, fmt.Errorf("%s: scope %s: call %d of key %.12s is occurrence %d, after %d", path, scope, e.Seq, e.Key, e.Occurrence, len(c.byKey[k]))
			}
			c.byKey[k] = append(c.byKey[k], e)
		}
	}
	return c, nil
}

// Calls is the number of model calls the cassette holds.
func (c *Cassette) Calls() int {
	n := 0
	for _, es := range c.scopes {
		n += len(es)
	}
	return n
}

// readEntries reads a cassette file; a last line cut short is ignored.
func readEntries(path string) ([]Entry, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	if i := lastNewline(data); i < len(data)-1 {
		data = data[:i+1]
	}
	var out []Entry
	err = jsonl.Decode(data, path, jsonl.Options{MaxLine: 256 << 20}, func(_ int, e *Entry) error {
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

// Player returns a model that answers every call from the cassette,
// without calling any model: by the call's scope, its key and its
// occurrence. A call not recorded fails with a *NotRecordedError.
func (c *Cassette) Player() model.ToolCallingChatModel {
	return &player{c: c, count: newCounter()}
}

// player is the model a Cassette's Player returns.
type player struct {
	c     *Cassette
	count *counter
	tools []*schema.ToolInfo
}

// Generate answers with the recorded answer (or error) of the call.
func (p *player) Generate(ctx context.Context, input []*schema.Message, _ ...model.Option) (*schema.Message, error) {
	req, key, err := keyed(input, p.tools)
	if err != nil {
		return nil, err
	}
	scope := ScopeOf(ctx)
	seq, occ := p.count.next(scope, key)
	if es := p.c.byKey[[2]string{scope, key}]; occ < len(es) {
		e := es[occ]
		if e.Error != "" {
			return nil, errors.New(e.Error)
		}
		return clone(e.Response)
	}
	return nil, p.c.miss(scope, seq, req)
}

// clone returns a copy of m that its caller may change.
func clone(m *schema.Message) (*schema.Message, error) {
	if m == nil {
		return nil, nil
	}
	b, err := json.Marshal(m)
	if err != nil {
		return nil, err
	}
	var out schema.Message
	if err := json.Unmarshal(b, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// Stream answers with the recorded message as one chunk.
func (p *player) Stream(ctx context.Context, input []*schema.Message, opts ...model.Option) (*schema.StreamReader[*schema.Message], error) {
	out, err := p.Generate(ctx, input, opts...)
	if err != nil {
		return nil, err
	}
	return schema.StreamReaderFromArray([]*schema.Message{out}), nil
}

// WithTools returns the player offering these tools; it shares the
// count of calls.
func (p *player) WithTools(tools []*schema.ToolInfo) (model.ToolCallingChatModel, error) {
	return &player{c: p.c, count: p.count, tools: tools}, nil
}
