package replay

import (
	"context"
	"path/filepath"

	"github.com/cloudwego/eino/components/model"
	"github.com/cloudwego/eino/schema"
)

// Recorder writes the calls of the models it wraps to a cassette, one
// line each, synced to disk as it is written.
type Recorder struct {
	t *tape
}

// OpenRecorder opens dir's cassette for recording. With resume, the
// entries already in it are kept and the new ones are of a later
// session; without, it starts empty.
func OpenRecorder(dir string, resume bool) (*Recorder, error) {
	t, err := openTape[Entry](filepath.Join(dir, File), resume)
	if err != nil {
		return nil, err
	}
	return &Recorder{t: t}, nil
}

// Close closes the cassette.
func (r *Recorder) Close() error { return r.t.close() }

// Wrap returns m, recording each of its calls.
func (r *Recorder) Wrap(m model.ToolCallingChatModel) model.ToolCallingChatModel {
	return &recording{inner: m, rec: r}
}

// recording is a model whose calls a Recorder writes.
type recording struct {
	inner model.ToolCallingChatModel
	rec   *Recorder
	tools []*schema.ToolInfo
}

// Generate calls the model and records the call: its answer, or its
// error.
func (m *recording) Generate(ctx context.Context, input []*schema.Message, opts ...model.Option) (*schema.Message, error) {
	req, key, err := keyed(input, m.tools)
	if err != nil {
		return nil, err
	}
	out, genErr := m.inner.Generate(ctx, input, opts...)
	if genErr != nil && ctx.Err() != nil {
		return nil, genErr // cut short: the case runs again, nothing to replay
	}
	scope := ScopeOf(ctx)
	e := &Entry{Head: m.rec.t.next(scope, key), Request: req, Response: out}
	if genErr != nil {
		e.Error = genErr.Error()
	} else if out != nil && out.ResponseMeta != nil {
		e.Usage = out.ResponseMeta.Usage
	}
	if err := m.rec.t.write(e, scope); err != nil {
		return nil, err
	}
	return out, genErr
}

// Stream answers with the whole message as one chunk, so that what is
// recorded is the answer whole.
func (m *recording) Stream(ctx context.Context, input []*schema.Message, opts ...model.Option) (*schema.StreamReader[*schema.Message], error) {
	out, err := m.Generate(ctx, input, opts...)
	if err != nil {
		return nil, err
	}
	return schema.StreamReaderFromArray([]*schema.Message{out}), nil
}

// WithTools returns the model with these tools, still recorded.
func (m *recording) WithTools(tools []*schema.ToolInfo) (model.ToolCallingChatModel, error) {
	inner, err := m.inner.WithTools(tools)
	if err != nil {
		return nil, err
	}
	return &recording{inner: inner, rec: m.rec, tools: tools}, nil
}
