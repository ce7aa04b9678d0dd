package replay

import (
	"context"
	"encoding/json"
	"errors"

	"github.com/cloudwego/eino/components/model"
	"github.com/cloudwego/eino/schema"
)

// Cassette is a recording, read for replay.
type Cassette struct {
	x *index[Entry, *Entry]
}

// Load reads dir's cassette.
func Load(dir string) (*Cassette, error) {
	x, err := loadIndex[Entry](dir, File, "record the run with --record")
	if err != nil {
		return nil, err
	}
	return &Cassette{x: x}, nil
}

// Calls is the number of model calls the cassette holds.
func (c *Cassette) Calls() int { return c.x.calls() }

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
	if e := p.c.x.find(scope, key, occ); e != nil {
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
