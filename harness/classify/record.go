package classify

import (
	"bytes"
	"encoding/json"
	"time"

	"github.com/agentready/agentready/gen/toolrt"
	"github.com/agentready/agentready/gen/toolrt/argcheck"
)

// Call is the record of one tool invocation, as a run stores it: what the
// model sent, what the tool made of it and what came back. It holds no
// headers and no credentials (they are never arguments).
type Call struct {
	// ID is the tool call's ID as the model gave it (empty in a direct
	// run).
	ID   string `json:"id,omitempty"`
	Tool string `json:"tool"`
	// Via names the meta-tool the call went through (call_tool, in a
	// run with the dynamic toolset); empty when the model called the
	// tool itself.
	Via string `json:"via,omitempty"`
	// UnknownTool is set when the model named a tool it was not given.
	UnknownTool bool `json:"unknownTool,omitempty"`
	// RawArgs are the arguments as written; Args as sent, after coercion
	// (nil when they were invalid and nothing was sent).
	RawArgs   string         `json:"rawArgs"`
	Args      map[string]any `json:"args,omitempty"`
	Coercions []Coercion     `json:"coercions,omitempty"`
	// Problems are what was wrong with the arguments: nothing was sent.
	Problems []Problem `json:"problems,omitempty"`
	// Refused is set when the tool changes state and mutations were not
	// allowed: nothing was sent.
	Refused bool   `json:"refused,omitempty"`
	Result  Result `json:"result"`
	// Body summarises a JSON response body (2xx only).
	Body *Body `json:"body,omitempty"`
	// Text is exactly what the model read.
	Text      string `json:"text"`
	LatencyMS int64  `json:"latencyMs"`
}

// Result is the outcome of a call (toolrt.Result without its text).
type Result struct {
	// Kind is toolrt's ResultKind: ok_json, ok_text, ok_binary, ok_empty,
	// malformed, http_error, timeout, unreachable, canceled, too_large,
	// invalid_args, misconfigured, refused; "unknown_tool" for a tool
	// that does not exist.
	Kind       string `json:"kind"`
	Status     int    `json:"status,omitempty"`
	OK         bool   `json:"ok,omitempty"`
	Truncated  bool   `json:"truncated,omitempty"`
	Omitted    string `json:"omitted,omitempty"`
	BodyTokens int    `json:"bodyTokens,omitempty"`
}

// KindUnknownTool is the result kind of a call to a tool the agent was
// not given.
const KindUnknownTool = "unknown_tool"

// Problem is one thing wrong with a call's arguments (argcheck.Problem).
type Problem struct {
	// Path locates the value ("" for the whole arguments, "body.tags[2]").
	Path string `json:"path"`
	// Kind is toolrt's ProblemKind name: malformed, missing, unknown,
	// type, value, range, length, pattern, format, items.
	Kind   string `json:"kind"`
	Given  any    `json:"given,omitempty"`
	Reason string `json:"reason,omitempty"`
	Hint   string `json:"hint,omitempty"`
}

// Coercion is one safe change the tool made to an argument.
type Coercion struct {
	Path    string `json:"path"`
	From    any    `json:"from"`
	To      any    `json:"to,omitempty"`
	Why     string `json:"why"`
	Dropped bool   `json:"dropped,omitempty"`
}

// NewCall records a toolrt call that took latency. The response body is
// summarised (Body), not kept.
func NewCall(c *toolrt.Call, latency time.Duration) Call {
	out := Call{
		Tool:    c.Tool,
		RawArgs: c.RawArgs,
		Args:    c.Args,
		Refused: c.Refused,
		Text:    c.Text,
		Result: Result{
			Kind: string(c.Result.Kind), Status: c.Result.Status, OK: c.Result.OK,
			Truncated: c.Result.Truncated, Omitted: c.Result.Omitted, BodyTokens: c.Result.BodyTokens,
		},
		LatencyMS: latency.Milliseconds(),
	}
	for _, co := range c.Coercions {
		out.Coercions = append(out.Coercions, Coercion{Path: co.Path, From: co.From, To: co.To, Why: co.Why, Dropped: co.Dropped})
	}
	if c.ArgError != nil {
		for _, p := range c.ArgError.Problems {
			pr := Problem{Path: p.Path, Kind: p.Kind.String(), Given: p.Given, Reason: p.Reason, Hint: p.Hint}
			if p.Kind == argcheck.ProblemMissing || p.Kind == argcheck.ProblemUnknown {
				pr.Given = nil
			}
			out.Problems = append(out.Problems, pr)
		}
	}
	if r := c.Response; r != nil && r.StatusCode >= 200 && r.StatusCode <= 299 {
		out.Body = Summarize(r.Raw, r.Header)
	}
	return out
}

// UnknownCall records a call to a tool the agent was not given.
func UnknownCall(id, name, rawArgs, text string) Call {
	return Call{ID: id, Tool: name, UnknownTool: true, RawArgs: rawArgs, Text: text,
		Result: Result{Kind: KindUnknownTool}}
}

// ArgsOrRaw returns the arguments as sent or, when nothing was sent
// because they were invalid, as written (nil when they are not a JSON
// object).
func (c *Call) ArgsOrRaw() map[string]any {
	if c.Args != nil {
		return c.Args
	}
	var m map[string]any
	dec := json.NewDecoder(bytes.NewReader([]byte(c.RawArgs)))
	dec.UseNumber()
	if dec.Decode(&m) != nil {
		return nil
	}
	return m
}

// Trace is the record of one agent run.
type Trace struct {
	// Utterance is what the user said.
	Utterance string `json:"utterance"`
	// Tools are the names of the tools the agent was given, sorted.
	Tools []string `json:"tools"`
	// Messages are the whole conversation: system, user, each assistant
	// turn and each tool result.
	Messages []Message `json:"messages"`
	// Calls are the tool calls in the order they ran; a call made
	// through call_tool is the call of the tool it named (Call.Via).
	Calls []Call `json:"calls"`
	// MetaCalls are the calls of search_tools and describe_tool, in the
	// order they ran (runs with the dynamic toolset).
	MetaCalls []Call `json:"metaCalls,omitempty"`
	// Turns are the model's answers, one per model call.
	Turns  []Turn `json:"turns"`
	Tokens Tokens `json:"tokens"`
	Final  string `json:"final"`
	Error  string `json:"error,omitempty"`
	// LatencyMS is the wall time of the whole run.
	LatencyMS int64 `json:"latencyMs"`
}

// Message is one message of the conversation.
type Message struct {
	Role       string     `json:"role"`
	Content    string     `json:"content,omitempty"`
	ToolCalls  []ToolCall `json:"toolCalls,omitempty"`
	ToolCallID string     `json:"toolCallId,omitempty"`
	Name       string     `json:"name,omitempty"`
}

// ToolCall is one tool call an assistant message asks for.
type ToolCall struct {
	ID   string `json:"id,omitempty"`
	Name string `json:"name"`
	Args string `json:"args"`
}

// Turn is one call of the model.
type Turn struct {
	LatencyMS        int64 `json:"latencyMs"`
	PromptTokens     int   `json:"promptTokens"`
	CompletionTokens int   `json:"completionTokens"`
	// Estimated is set when the model reported no usage and the counts
	// are o200k counts of the text.
	Estimated bool `json:"estimated,omitempty"`
	ToolCalls int  `json:"toolCalls,omitempty"`
}

// Tokens are the totals of a run's turns.
type Tokens struct {
	Prompt     int  `json:"prompt"`
	Completion int  `json:"completion"`
	Total      int  `json:"total"`
	Estimated  bool `json:"estimated,omitempty"`
}
