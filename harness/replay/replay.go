// Package replay records the exchanges of a chat model and answers them
// again later, at Eino's model interface (model.ToolCallingChatModel),
// so that it works the same for every provider and for the baseline; and
// the exchanges of the API under test, at the tool runtime's HTTP
// transport (APIRecorder, APICassette), so that a replay calls nothing.
//
// A recording is a cassette: a JSON Lines file (File, in a run's
// directory) with one Entry per model call: the request as the model saw
// it (its messages and tool definitions, never a credential: those live
// in the client, not in the request), the answer and its token usage.
// Each entry is keyed by Key, the SHA-256 of the request's canonical
// JSON, and belongs to a scope (one case, or one trial of it, set with
// WithScope) in which it was the Seq-th call and the Occurrence-th with
// its key. A Player answers each call from the cassette by its scope, its
// key and its occurrence, so that parallel cases and repeated identical
// requests replay exactly; a request that was not recorded is an error
// that says why (ErrNotRecorded): which tool definitions changed, or at
// which message the conversation left the recorded one.
//
// The API's exchanges go to a cassette of their own (APIFile), counted
// the same way per scope, keyed by method, path and query, and body. No
// request header is written and credentials are taken out of the query
// and redacted wherever the API echoes them. go-vcr (gopkg.in/dnaeon/
// go-vcr.v4) was the alternative: its matcher can be custom and it has
// hooks to redact, but it knows no scope (a case's ID would have to
// travel in a request header, then be stripped), and it holds the
// cassette in memory and writes it when stopped, so an interrupted run
// loses it and a resumed one (--resume) cannot add to it; the tape here
// syncs every line and knows sessions, as the model cassette's does.
package replay

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"sort"

	"github.com/cloudwego/eino/schema"
)

// File is the name of a run directory's cassette.
const File = "cassette.jsonl"

// Entry is one model call of a cassette.
type Entry struct {
	Head
	Request Request `json:"request"`
	// Response is the model's answer, whole; Usage its token usage, when
	// the model said; Error the model's error instead of an answer.
	Response *schema.Message    `json:"response,omitempty"`
	Usage    *schema.TokenUsage `json:"usage,omitempty"`
	Error    string             `json:"error,omitempty"`
}

// Request is what a model saw of one call: the conversation and the
// tools it was offered.
type Request struct {
	Messages []Message `json:"messages"`
	Tools    []Tool    `json:"tools"`
}

// Message is a message as the model saw it: what providers send, without
// response metadata or provider extras.
type Message struct {
	Role       string     `json:"role"`
	Content    string     `json:"content"`
	Reasoning  string     `json:"reasoning,omitempty"`
	Name       string     `json:"name,omitempty"`
	ToolCalls  []ToolCall `json:"toolCalls,omitempty"`
	ToolCallID string     `json:"toolCallId,omitempty"`
	ToolName   string     `json:"toolName,omitempty"`
}

// ToolCall is a tool call of an assistant message.
type ToolCall struct {
	ID        string `json:"id,omitempty"`
	Name      string `json:"name"`
	Arguments string `json:"arguments"`
}

// Tool is a tool definition as the model saw it.
type Tool struct {
	Name        string          `json:"name"`
	Description string          `json:"description"`
	Parameters  json.RawMessage `json:"parameters,omitempty"`
}

// NewRequest returns the request of a call with these messages and tools.
func NewRequest(msgs []*schema.Message, tools []*schema.ToolInfo) (Request, error) {
	r := Request{Messages: make([]Message, 0, len(msgs)), Tools: make([]Tool, 0, len(tools))}
	for _, m := range msgs {
		if m == nil {
			continue
		}
		cm := Message{Role: string(m.Role), Content: m.Content, Reasoning: m.ReasoningContent, Name: m.Name,
			ToolCallID: m.ToolCallID, ToolName: m.ToolName}
		for _, tc := range m.ToolCalls {
			cm.ToolCalls = append(cm.ToolCalls, ToolCall{ID: tc.ID, Name: tc.Function.Name, Arguments: tc.Function.Arguments})
		}
		r.Messages = append(r.Messages, cm)
	}
	for _, t := range tools {
		if t == nil {
			continue
		}
		ct := Tool{Name: t.Name, Description: t.Desc}
		js, err := t.ParamsOneOf.ToJSONSchema()
		if err != nil {
			return Request{}, fmt.Errorf("replay: tool %s: %w", t.Name, err)
		}
		if js != nil {
			raw, err := canonicalSchema(js)
			if err != nil {
				return Request{}, fmt.Errorf("replay: tool %s: %w", t.Name, err)
			}
			ct.Parameters = raw
		}
		r.Tools = append(r.Tools, ct)
	}
	return r, nil
}

// Key is the SHA-256, in hex, of the request's canonical JSON (object
// keys sorted, no spaces): the same for the same messages and tools,
// whichever process or provider made the request.
func (r Request) Key() (string, error) {
	b, err := canonical(r)
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:]), nil
}

// keyed returns the request of a call and its key.
func keyed(msgs []*schema.Message, tools []*schema.ToolInfo) (Request, string, error) {
	req, err := NewRequest(msgs, tools)
	if err != nil {
		return Request{}, "", err
	}
	key, err := req.Key()
	return req, key, err
}

// canonicalSchema is canonical for a JSON Schema, with every list of
// required properties sorted: it is a set, and providers' clients sort it
// in place (eino-ext's OpenAI client does, in the ToolInfo the caller
// shares), so its order says nothing of what the model saw.
func canonicalSchema(js any) (json.RawMessage, error) {
	raw, err := canonical(js)
	if err != nil {
		return nil, err
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var x any
	if err := dec.Decode(&x); err != nil {
		return nil, err
	}
	sortRequired(x)
	return json.Marshal(x)
}

// sortRequired sorts, in place, every "required" list of property names
// in a decoded JSON Schema.
func sortRequired(v any) {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			if names, ok := e.([]any); ok && k == "required" && allStrings(names) {
				sort.Slice(names, func(i, j int) bool { return names[i].(string) < names[j].(string) })
				continue
			}
			sortRequired(e)
		}
	case []any:
		for _, e := range x {
			sortRequired(e)
		}
	}
}

func allStrings(xs []any) bool {
	for _, x := range xs {
		if _, ok := x.(string); !ok {
			return false
		}
	}
	return true
}

// canonical writes v as JSON with sorted object keys and no spaces.
func canonical(v any) (json.RawMessage, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber() // large integers keep every digit
	var x any
	if err := dec.Decode(&x); err != nil {
		return nil, err
	}
	return json.Marshal(x)
}
