package replay

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"

	"github.com/cloudwego/eino/components/model"
	"github.com/cloudwego/eino/schema"
)

// Recorder writes the calls of the models it wraps to a cassette, one
// line each, synced to disk as it is written.
type Recorder struct {
	mu      sync.Mutex
	f       *os.File
	session int
	count   *counter
}

// OpenRecorder opens dir's cassette for recording. With resume, the
// entries already in it are kept and the new ones are of a later
// session; without, it starts empty.
func OpenRecorder(dir string, resume bool) (*Recorder, error) {
	path := filepath.Join(dir, File)
	session := 1
	if resume {
		entries, err := readEntries(path)
		if err != nil && !errors.Is(err, os.ErrNotExist) {
			return nil, err
		}
		for _, e := range entries {
			session = max(session, e.Session+1)
		}
	}
	flags := os.O_CREATE | os.O_WRONLY | os.O_APPEND
	if !resume {
		flags |= os.O_TRUNC
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	f, err := os.OpenFile(path, flags, 0o644)
	if err != nil {
		return nil, err
	}
	return &Recorder{f: f, session: session, count: newCounter()}, nil
}

// Close closes the cassette.
func (r *Recorder) Close() error { return r.f.Close() }

// Wrap returns m, recording each of its calls.
func (r *Recorder) Wrap(m model.ToolCallingChatModel) model.ToolCallingChatModel {
	return &recording{inner: m, rec: r}
}

// write appends e as a line and syncs the file.
func (r *Recorder) write(e *Entry) error {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(e); err != nil {
		return fmt.Errorf("replay: recording a call of %s: %w", e.Scope, err)
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if _, err := r.f.Write(buf.Bytes()); err != nil {
		return err
	}
	return r.f.Sync()
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
	seq, occ := m.rec.count.next(scope, key)
	e := &Entry{Key: key, Scope: scope, Seq: seq, Occurrence: occ, Session: m.rec.session, Request: req, Response: out}
	if genErr != nil {
		e.Error = genErr.Error()
	} else if out != nil && out.ResponseMeta != nil {
		e.Usage = out.ResponseMeta.Usage
	}
	if err := m.rec.write(e); err != nil {
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
