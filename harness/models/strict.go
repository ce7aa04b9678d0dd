package models

import (
	"context"
	"encoding/json"

	acl "github.com/cloudwego/eino-ext/libs/acl/openai"
	"github.com/cloudwego/eino/components/model"
	"github.com/cloudwego/eino/schema"
)

// strictTools is an OpenAI chat model that asks for strict function
// calling: eino-ext's request has no "strict" field on a function, so
// every request's tools get "strict": true on the way out. The schemas
// must then be in the "openai-strict" dialect (toolrt.WithDialect), which
// the endpoint refuses otherwise.
type strictTools struct{ inner model.ToolCallingChatModel }

func (m strictTools) Generate(ctx context.Context, in []*schema.Message, opts ...model.Option) (*schema.Message, error) {
	return m.inner.Generate(ctx, in, append(opts, acl.WithRequestPayloadModifier(markStrict))...)
}

func (m strictTools) Stream(ctx context.Context, in []*schema.Message, opts ...model.Option) (*schema.StreamReader[*schema.Message], error) {
	return m.inner.Stream(ctx, in, append(opts, acl.WithRequestPayloadModifier(markStrict))...)
}

func (m strictTools) WithTools(tools []*schema.ToolInfo) (model.ToolCallingChatModel, error) {
	inner, err := m.inner.WithTools(tools)
	if err != nil {
		return nil, err
	}
	return strictTools{inner}, nil
}

// markStrict sets "strict": true on every function of a chat-completions
// request body, leaving every other byte of each tool (the parameter
// schemas' key order among them) as it was.
func markStrict(_ context.Context, _ []*schema.Message, body []byte) ([]byte, error) {
	var req map[string]json.RawMessage
	if err := json.Unmarshal(body, &req); err != nil {
		return nil, err
	}
	raw, ok := req["tools"]
	if !ok {
		return body, nil
	}
	var tools []map[string]json.RawMessage
	if err := json.Unmarshal(raw, &tools); err != nil {
		return nil, err
	}
	for _, t := range tools {
		var fn map[string]json.RawMessage
		if err := json.Unmarshal(t["function"], &fn); err != nil {
			return nil, err
		}
		fn["strict"] = json.RawMessage("true")
		b, err := json.Marshal(fn)
		if err != nil {
			return nil, err
		}
		t["function"] = b
	}
	b, err := json.Marshal(tools)
	if err != nil {
		return nil, err
	}
	req["tools"] = b
	return json.Marshal(req)
}
