package models

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/anthropics/anthropic-sdk-go/v2"
	"github.com/anthropics/anthropic-sdk-go/v2/option"
	"github.com/cloudwego/eino/components/model"
	"github.com/cloudwego/eino/schema"

	"github.com/agentready/agentready/gen/toolrt/dialect"
)

// Environment variables of anthropic:MODEL.
const (
	EnvAnthropicKey = "ANTHROPIC_API_KEY"
	// EnvAnthropicBaseURL overrides the API's address (without /v1).
	EnvAnthropicBaseURL = "ANTHROPIC_BASE_URL"
)

// DefaultAnthropicBaseURL is the Messages API's address.
const DefaultAnthropicBaseURL = "https://api.anthropic.com"

// defaultMaxTokens is the max_tokens the Messages API requires when the
// caller sets none (model.WithMaxTokens).
const defaultMaxTokens = 4096

// anthropic builds anthropic:MODEL on the official SDK, with its own
// retries off (Retry is below it) and no environment read but ours.
func (r remote) anthropic() (model.ToolCallingChatModel, Info, error) {
	key, err := r.need(EnvAnthropicKey, "an Anthropic API key")
	if err != nil {
		return nil, Info{}, err
	}
	base := r.env(EnvAnthropicBaseURL)
	if base == "" {
		base = DefaultAnthropicBaseURL
	}
	if err := checkURL(base); err != nil {
		return nil, Info{}, fmt.Errorf("model %q: %s: %w", r.spec, EnvAnthropicBaseURL, err)
	}
	info := Info{Kind: KindAnthropic, Name: r.name, Endpoint: Redact(base), Dialect: dialect.Anthropic}
	client := anthropic.NewClient(
		option.WithoutEnvironmentDefaults(),
		option.WithBaseURL(strings.TrimRight(base, "/")+"/"),
		option.WithAPIKey(key),
		// The header the Messages API documents for API keys (the SDK
		// sends the key as a bearer token too).
		option.WithHeader("x-api-key", key),
		option.WithHTTPClient(r.opts.httpClient()),
		option.WithMaxRetries(0),
	)
	m := &anthropicModel{client: client, model: r.name, temperature: r.opts.Temperature}
	return described{m, provider{model: KindAnthropic + ":" + r.name, keyEnv: EnvAnthropicKey, key: key,
		where: "the model name " + r.name + " and " + EnvAnthropicBaseURL}}, info, nil
}

// anthropicModel adapts the Messages API to Eino's chat model: system
// messages become the system prompt, tool calls tool_use blocks, tool
// results tool_result blocks in a user turn.
type anthropicModel struct {
	client      anthropic.Client
	model       string
	temperature *float32
	tools       []*schema.ToolInfo
}

// GetType names the model for Eino's callbacks.
func (m *anthropicModel) GetType() string { return "Anthropic" }

func (m *anthropicModel) WithTools(tools []*schema.ToolInfo) (model.ToolCallingChatModel, error) {
	c := *m
	c.tools = tools
	return &c, nil
}

func (m *anthropicModel) Generate(ctx context.Context, in []*schema.Message, opts ...model.Option) (*schema.Message, error) {
	params, ropts, err := m.params(in, opts)
	if err != nil {
		return nil, err
	}
	resp, err := m.client.Messages.New(ctx, params, ropts...)
	if err != nil {
		return nil, err
	}
	return fromAnthropic(resp), nil
}

// Stream answers in one chunk: what the harness reads is the whole turn.
func (m *anthropicModel) Stream(ctx context.Context, in []*schema.Message, opts ...model.Option) (*schema.StreamReader[*schema.Message], error) {
	return streamOne(m.Generate(ctx, in, opts...))
}

// streamOne is a one-message stream, or the error.
func streamOne(msg *schema.Message, err error) (*schema.StreamReader[*schema.Message], error) {
	if err != nil {
		return nil, err
	}
	return schema.StreamReaderFromArray([]*schema.Message{msg}), nil
}

// params is the request for a conversation; sampling settings, which the
// SDK's parameters no longer carry, go as request options.
func (m *anthropicModel) params(in []*schema.Message, opts []model.Option) (anthropic.MessageNewParams, []option.RequestOption, error) {
	o := model.GetCommonOptions(&model.Options{Temperature: m.temperature, Model: &m.model, Tools: m.tools}, opts...)
	p := anthropic.MessageNewParams{Model: anthropic.Model(*o.Model), MaxTokens: defaultMaxTokens}
	var ropts []option.RequestOption
	if o.MaxTokens != nil {
		p.MaxTokens = int64(*o.MaxTokens)
	}
	if o.Temperature != nil {
		ropts = append(ropts, option.WithJSONSet("temperature", *o.Temperature))
	}
	if o.TopP != nil {
		ropts = append(ropts, option.WithJSONSet("top_p", *o.TopP))
	}
	p.StopSequences = o.Stop
	type turn struct {
		user   bool
		blocks []anthropic.ContentBlockParamUnion
	}
	var turns []turn
	for _, msg := range in {
		if msg.Role == schema.System {
			p.System = append(p.System, anthropic.TextBlockParam{Text: msg.Content})
			continue
		}
		user, blocks := toAnthropic(msg)
		if n := len(turns); n > 0 && turns[n-1].user == user {
			// The API wants turns to alternate: tool results of one turn
			// go in one user message.
			turns[n-1].blocks = append(turns[n-1].blocks, blocks...)
			continue
		}
		turns = append(turns, turn{user, blocks})
	}
	for _, t := range turns {
		if t.user {
			p.Messages = append(p.Messages, anthropic.NewUserMessage(t.blocks...))
		} else {
			p.Messages = append(p.Messages, anthropic.NewAssistantMessage(t.blocks...))
		}
	}
	for _, t := range o.Tools {
		tp, err := anthropicTool(t)
		if err != nil {
			return p, nil, err
		}
		p.Tools = append(p.Tools, anthropic.ToolUnionParam{OfTool: tp})
	}
	if o.ToolChoice != nil && len(p.Tools) > 0 {
		switch *o.ToolChoice {
		case schema.ToolChoiceForbidden:
			p.ToolChoice = anthropic.ToolChoiceUnionParam{OfNone: &anthropic.ToolChoiceNoneParam{}}
		case schema.ToolChoiceForced:
			p.ToolChoice = anthropic.ToolChoiceUnionParam{OfAny: &anthropic.ToolChoiceAnyParam{}}
		}
	}
	return p, ropts, nil
}

// toAnthropic is one Eino message as content blocks, and whether they
// belong to a user turn (else an assistant's).
func toAnthropic(msg *schema.Message) (bool, []anthropic.ContentBlockParamUnion) {
	switch msg.Role {
	case schema.Tool:
		return true, []anthropic.ContentBlockParamUnion{
			anthropic.NewToolResultBlock(msg.ToolCallID, msg.Content, false)}
	case schema.Assistant:
		var blocks []anthropic.ContentBlockParamUnion
		if msg.Content != "" {
			blocks = append(blocks, anthropic.NewTextBlock(msg.Content))
		}
		for _, tc := range msg.ToolCalls {
			blocks = append(blocks, anthropic.NewToolUseBlock(tc.ID, toolInput(tc.Function.Arguments), tc.Function.Name))
		}
		if len(blocks) == 0 {
			blocks = append(blocks, anthropic.NewTextBlock("(no answer)"))
		}
		return false, blocks
	}
	return true, []anthropic.ContentBlockParamUnion{anthropic.NewTextBlock(msg.Content)}
}

// toolInput is a tool call's arguments as the object tool_use wants: a
// call whose arguments were not a JSON object (the model wrote them
// wrong) is sent back as {}, since the API refuses anything else.
func toolInput(args string) json.RawMessage {
	var obj map[string]json.RawMessage
	if json.Unmarshal([]byte(args), &obj) != nil || obj == nil {
		return json.RawMessage("{}")
	}
	return json.RawMessage(args)
}

// anthropicTool is a tool definition with its parameter schema as
// input_schema, every keyword kept.
func anthropicTool(t *schema.ToolInfo) (*anthropic.ToolParam, error) {
	raw, err := paramsJSON(t)
	if err != nil {
		return nil, err
	}
	var fields map[string]any
	if err := json.Unmarshal(raw, &fields); err != nil {
		return nil, fmt.Errorf("tool %s: parameter schema: %w", t.Name, err)
	}
	in := anthropic.ToolInputSchemaParam{Properties: fields["properties"]}
	if req, ok := fields["required"].([]any); ok {
		for _, r := range req {
			if s, ok := r.(string); ok {
				in.Required = append(in.Required, s)
			}
		}
	}
	delete(fields, "type")
	delete(fields, "properties")
	delete(fields, "required")
	if len(fields) > 0 {
		in.ExtraFields = fields
	}
	tp := &anthropic.ToolParam{Name: t.Name, InputSchema: in}
	if t.Desc != "" {
		tp.Description = anthropic.String(t.Desc)
	}
	return tp, nil
}

// paramsJSON is a tool's parameter schema as JSON; an object without
// properties for a tool that takes none.
func paramsJSON(t *schema.ToolInfo) ([]byte, error) {
	if t.ParamsOneOf == nil {
		return []byte(`{"type":"object","properties":{}}`), nil
	}
	js, err := t.ParamsOneOf.ToJSONSchema()
	if err != nil {
		return nil, fmt.Errorf("tool %s: parameter schema: %w", t.Name, err)
	}
	return json.Marshal(js)
}

// fromAnthropic is a Messages API answer as an Eino message.
func fromAnthropic(resp *anthropic.Message) *schema.Message {
	out := &schema.Message{Role: schema.Assistant}
	var text []string
	for _, b := range resp.Content {
		switch b.Type {
		case "text":
			text = append(text, b.Text)
		case "tool_use":
			out.ToolCalls = append(out.ToolCalls, schema.ToolCall{ID: b.ID, Type: "function",
				Function: schema.FunctionCall{Name: b.Name, Arguments: toolArguments(b.Input)}})
		}
	}
	out.Content = strings.Join(text, "")
	u := resp.Usage
	prompt := int(u.InputTokens + u.CacheReadInputTokens + u.CacheCreationInputTokens)
	out.ResponseMeta = &schema.ResponseMeta{
		FinishReason: string(resp.StopReason),
		Usage: &schema.TokenUsage{
			PromptTokens:       prompt,
			PromptTokenDetails: schema.PromptTokenDetails{CachedTokens: int(u.CacheReadInputTokens)},
			CompletionTokens:   int(u.OutputTokens),
			TotalTokens:        prompt + int(u.OutputTokens),
		},
	}
	return out
}

// toolArguments is a tool call's input as the arguments text Eino
// carries: the JSON as sent, or, where a server sent the arguments as a
// JSON string, that string's text, well-formed or not (the harness
// classifies malformed arguments).
func toolArguments(input json.RawMessage) string {
	var s string
	if len(input) > 0 && input[0] == '"' && json.Unmarshal(input, &s) == nil {
		return s
	}
	if len(input) == 0 {
		return "{}"
	}
	return string(input)
}
