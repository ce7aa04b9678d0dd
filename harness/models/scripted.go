package models

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/cloudwego/eino/components/model"
	"github.com/cloudwego/eino/schema"

	"github.com/agentready/agentready/harness/chat"
)

// Turn is one reply of a Scripted model: a function of the conversation
// so far and the tools it was given.
type Turn func(ctx context.Context, conversation []*schema.Message, tools []*schema.ToolInfo) (*schema.Message, error)

// ErrScriptDone is returned (wrapped) when a Scripted model is asked for
// more turns than it was given.
var ErrScriptDone = errors.New("scripted model: no turn left")

// Scripted is a model for tests: it answers each Generate or Stream with
// the next of its turns, in order, whatever the conversation, so that a
// test can make an agent do exactly what it needs (call a tool that does
// not exist, forget an argument, call the same tool again and again).
// Copies made by WithTools share the position in the script. It is safe
// for concurrent use, though a script is usually one conversation.
type Scripted struct {
	state *scriptState
	tools []*schema.ToolInfo
}

type scriptState struct {
	mu    sync.Mutex
	turns []Turn
	next  int
	seen  [][]*schema.Message
}

var _ model.ToolCallingChatModel = (*Scripted)(nil)

// NewScripted returns a model that replies with turns in order.
func NewScripted(turns ...Turn) *Scripted {
	return &Scripted{state: &scriptState{turns: turns}}
}

// Info describes the scripted model.
func (s *Scripted) Info() Info { return Info{Kind: KindScripted, Name: KindScripted} }

// WithTools returns a copy that is given tools and shares the script.
func (s *Scripted) WithTools(tools []*schema.ToolInfo) (model.ToolCallingChatModel, error) {
	return &Scripted{state: s.state, tools: tools}, nil
}

// Generate plays the next turn.
func (s *Scripted) Generate(ctx context.Context, in []*schema.Message, opts ...model.Option) (*schema.Message, error) {
	tools := model.GetCommonOptions(&model.Options{Tools: s.tools}, opts...).Tools
	st := s.state
	st.mu.Lock()
	i := st.next
	convo := append([]*schema.Message(nil), in...)
	st.seen = append(st.seen, convo)
	if i >= len(st.turns) {
		st.mu.Unlock()
		return nil, fmt.Errorf("%w: all %d were played", ErrScriptDone, len(st.turns))
	}
	st.next++
	turn := st.turns[i]
	st.mu.Unlock()
	msg, err := turn(ctx, convo, tools)
	if err != nil {
		return nil, err
	}
	if msg == nil {
		return nil, fmt.Errorf("scripted model: turn %d returned no message", i+1)
	}
	return msg, nil
}

// Stream plays the next turn as a stream of one message.
func (s *Scripted) Stream(ctx context.Context, in []*schema.Message, opts ...model.Option) (*schema.StreamReader[*schema.Message], error) {
	msg, err := s.Generate(ctx, in, opts...)
	if err != nil {
		return nil, err
	}
	return schema.StreamReaderFromArray([]*schema.Message{msg}), nil
}

// Played is how many turns have been played.
func (s *Scripted) Played() int {
	s.state.mu.Lock()
	defer s.state.mu.Unlock()
	return s.state.next
}

// Conversations returns what the model was given at each request, in
// order (including a request made after the script ran out).
func (s *Scripted) Conversations() [][]*schema.Message {
	s.state.mu.Lock()
	defer s.state.mu.Unlock()
	return append([][]*schema.Message(nil), s.state.seen...)
}

// GetType names the model for Eino's callbacks.
func (s *Scripted) GetType() string { return "Scripted" }

// CallTool is a turn that calls the tool name with the arguments JSON
// (written as given, even when invalid, so tests can send broken
// arguments). Its call ID is "call_N", N counting the tool calls of the
// conversation so far, from 1.
func CallTool(name, argumentsJSON string) Turn {
	return func(_ context.Context, convo []*schema.Message, _ []*schema.ToolInfo) (*schema.Message, error) {
		return chat.CallMessage(convo, chat.Call{Name: name, Arguments: argumentsJSON}), nil
	}
}

// CallTools is a turn that calls several tools at once.
func CallTools(calls ...chat.Call) Turn {
	return func(_ context.Context, convo []*schema.Message, _ []*schema.ToolInfo) (*schema.Message, error) {
		return chat.CallMessage(convo, calls...), nil
	}
}

// Answer is a turn that replies with text and calls no tool.
func Answer(text string) Turn {
	return func(context.Context, []*schema.Message, []*schema.ToolInfo) (*schema.Message, error) {
		return schema.AssistantMessage(text, nil), nil
	}
}

// Fail is a turn that fails with err, as a model whose endpoint is down.
func Fail(err error) Turn {
	return func(context.Context, []*schema.Message, []*schema.ToolInfo) (*schema.Message, error) {
		return nil, err
	}
}

// Repeat returns turn n times.
func Repeat(n int, turn Turn) []Turn {
	out := make([]Turn, n)
	for i := range out {
		out[i] = turn
	}
	return out
}
