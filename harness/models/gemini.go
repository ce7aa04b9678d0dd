package models

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/cloudwego/eino/components/model"
	"github.com/cloudwego/eino/schema"
	"google.golang.org/genai"

	"github.com/agentready/agentready/gen/toolrt/dialect"
)

// Environment variables of gemini:MODEL.
const (
	EnvGeminiKey = "GEMINI_API_KEY"
	// EnvGoogleKey is read when GEMINI_API_KEY is not set.
	EnvGoogleKey = "GOOGLE_API_KEY"
	// EnvGeminiBaseURL overrides the API's address.
	EnvGeminiBaseURL = "GEMINI_BASE_URL"
)

// DefaultGeminiBaseURL is the Gemini API's address.
const DefaultGeminiBaseURL = "https://generativelanguage.googleapis.com/"

// geminiIDPrefix marks a tool call id made here for a call the API gave
// none: it is not sent back.
const geminiIDPrefix = "gemini-call-"

// gemini builds gemini:MODEL on Google's genai SDK (the Gemini API
// backend, its own retries off: Retry is below it).
func (r remote) gemini(ctx context.Context) (model.ToolCallingChatModel, Info, error) {
	keyEnv := EnvGeminiKey
	key := r.env(keyEnv)
	if key == "" {
		keyEnv = EnvGoogleKey
		key = r.env(keyEnv)
	}
	if key == "" {
		return nil, Info{}, fmt.Errorf("model %q: %s is not set; set it (or %s) to a Gemini API key", r.spec, EnvGeminiKey, EnvGoogleKey)
	}
	base := r.env(EnvGeminiBaseURL)
	if base == "" {
		base = DefaultGeminiBaseURL
	}
	if err := checkURL(base); err != nil {
		return nil, Info{}, fmt.Errorf("model %q: %s: %w", r.spec, EnvGeminiBaseURL, err)
	}
	info := Info{Kind: KindGemini, Name: r.name, Endpoint: Redact(base), Dialect: dialect.Gemini}
	client, err := genai.NewClient(ctx, &genai.ClientConfig{
		APIKey:      key,
		Backend:     genai.BackendGeminiAPI,
		HTTPClient:  r.opts.httpClient(),
		HTTPOptions: genai.HTTPOptions{BaseURL: strings.TrimRight(base, "/") + "/"},
	})
	if err != nil {
		return nil, info, fmt.Errorf("model %s: %v", info, strings.ReplaceAll(err.Error(), key, "[key]"))
	}
	m := &geminiModel{client: client, model: r.name, temperature: r.opts.Temperature}
	if r.opts.Seed != nil {
		s := int32(*r.opts.Seed)
		m.seed = &s
	}
	return described{m, provider{model: KindGemini + ":" + r.name, keyEnv: keyEnv, key: key,
		where: "the model name " + r.name + " and " + EnvGeminiBaseURL}}, info, nil
}

// geminiModel adapts generateContent to Eino's chat model: system
// messages become the system instruction, tool calls functionCall parts
// of a "model" turn, tool results functionResponse parts of a "user" one.
type geminiModel struct {
	client      *genai.Client
	model       string
	temperature *float32
	seed        *int32
	tools       []*schema.ToolInfo
}

// GetType names the model for Eino's callbacks.
func (m *geminiModel) GetType() string { return "Gemini" }

func (m *geminiModel) WithTools(tools []*schema.ToolInfo) (model.ToolCallingChatModel, error) {
	c := *m
	c.tools = tools
	return &c, nil
}

// Stream answers in one chunk: what the harness reads is the whole turn.
func (m *geminiModel) Stream(ctx context.Context, in []*schema.Message, opts ...model.Option) (*schema.StreamReader[*schema.Message], error) {
	return streamOne(m.Generate(ctx, in, opts...))
}

func (m *geminiModel) Generate(ctx context.Context, in []*schema.Message, opts ...model.Option) (*schema.Message, error) {
	o := model.GetCommonOptions(&model.Options{Temperature: m.temperature, Model: &m.model, Tools: m.tools}, opts...)
	cfg := &genai.GenerateContentConfig{Temperature: o.Temperature, TopP: o.TopP, Seed: m.seed, StopSequences: o.Stop}
	if o.MaxTokens != nil {
		cfg.MaxOutputTokens = int32(*o.MaxTokens)
	}
	var decls []*genai.FunctionDeclaration
	for _, t := range o.Tools {
		d, err := geminiTool(t)
		if err != nil {
			return nil, err
		}
		decls = append(decls, d)
	}
	if len(decls) > 0 {
		cfg.Tools = []*genai.Tool{{FunctionDeclarations: decls}}
		if o.ToolChoice != nil {
			mode := map[schema.ToolChoice]genai.FunctionCallingConfigMode{schema.ToolChoiceForbidden: genai.FunctionCallingConfigModeNone,
				schema.ToolChoiceAllowed: genai.FunctionCallingConfigModeAuto, schema.ToolChoiceForced: genai.FunctionCallingConfigModeAny}[*o.ToolChoice]
			cfg.ToolConfig = &genai.ToolConfig{FunctionCallingConfig: &genai.FunctionCallingConfig{Mode: mode}}
		}
	}
	contents, system := toGemini(in)
	cfg.SystemInstruction = system
	resp, err := m.client.Models.GenerateContent(ctx, *o.Model, contents, cfg)
	if err != nil {
		return nil, err
	}
	return fromGemini(resp)
}

// toGemini is a conversation as contents and a system instruction.
func toGemini(in []*schema.Message) ([]*genai.Content, *genai.Content) {
	var system *genai.Content
	var out []*genai.Content
	names := map[string]string{} // tool call id -> function name
	for _, msg := range in {
		var role string
		var parts []*genai.Part
		switch msg.Role {
		case schema.System:
			if system == nil {
				system = &genai.Content{}
			}
			system.Parts = append(system.Parts, genai.NewPartFromText(msg.Content))
			continue
		case schema.Assistant:
			role = genai.RoleModel
			if msg.Content != "" {
				parts = append(parts, genai.NewPartFromText(msg.Content))
			}
			for _, tc := range msg.ToolCalls {
				names[tc.ID] = tc.Function.Name
				var args map[string]any
				if json.Unmarshal([]byte(tc.Function.Arguments), &args) != nil || args == nil {
					args = map[string]any{} // the model wrote them wrong; the API takes only an object
				}
				parts = append(parts, &genai.Part{FunctionCall: &genai.FunctionCall{ID: sentID(tc.ID), Name: tc.Function.Name, Args: args}})
			}
		case schema.Tool:
			role = genai.RoleUser
			name := msg.ToolName
			if name == "" {
				name = names[msg.ToolCallID]
			}
			var resp map[string]any
			if json.Unmarshal([]byte(msg.Content), &resp) != nil || resp == nil {
				resp = map[string]any{"output": msg.Content}
			}
			parts = append(parts, &genai.Part{FunctionResponse: &genai.FunctionResponse{ID: sentID(msg.ToolCallID), Name: name, Response: resp}})
		default:
			role = genai.RoleUser
			parts = append(parts, genai.NewPartFromText(msg.Content))
		}
		if n := len(out); n > 0 && out[n-1].Role == role {
			out[n-1].Parts = append(out[n-1].Parts, parts...)
			continue
		}
		out = append(out, &genai.Content{Role: role, Parts: parts})
	}
	return out, system
}

// sentID is the id to send back for a tool call: none for one made here.
func sentID(id string) string {
	if strings.HasPrefix(id, geminiIDPrefix) {
		return ""
	}
	return id
}

// geminiTool is a function declaration whose parameters are the tool's
// schema, which the "gemini" dialect keeps to what a genai.Schema holds
// (type names upper-cased as the API spells them); a schema that does not
// fit one goes as parametersJsonSchema instead, unchanged.
func geminiTool(t *schema.ToolInfo) (*genai.FunctionDeclaration, error) {
	raw, err := paramsJSON(t)
	if err != nil {
		return nil, err
	}
	d := &genai.FunctionDeclaration{Name: t.Name, Description: t.Desc}
	var s genai.Schema
	if err := json.Unmarshal(raw, &s); err != nil {
		d.ParametersJsonSchema = json.RawMessage(raw)
		return d, nil
	}
	upperTypes(&s)
	d.Parameters = &s
	return d, nil
}

func upperTypes(s *genai.Schema) {
	if s == nil {
		return
	}
	s.Type = genai.Type(strings.ToUpper(string(s.Type)))
	upperTypes(s.Items)
	for _, p := range s.Properties {
		upperTypes(p)
	}
	for _, a := range s.AnyOf {
		upperTypes(a)
	}
}

// fromGemini is generateContent's first candidate as an Eino message.
func fromGemini(resp *genai.GenerateContentResponse) (*schema.Message, error) {
	if len(resp.Candidates) == 0 {
		why := "no candidate"
		if f := resp.PromptFeedback; f != nil && f.BlockReason != "" {
			why += ", the prompt was blocked: " + string(f.BlockReason)
		}
		return nil, errors.New(why)
	}
	c := resp.Candidates[0]
	out := &schema.Message{Role: schema.Assistant, ResponseMeta: &schema.ResponseMeta{FinishReason: string(c.FinishReason)}}
	if c.Content != nil {
		var text []string
		for i, p := range c.Content.Parts {
			switch {
			case p.FunctionCall != nil:
				args, err := json.Marshal(p.FunctionCall.Args)
				if err != nil || p.FunctionCall.Args == nil {
					args = []byte("{}")
				}
				id := p.FunctionCall.ID
				if id == "" {
					id = fmt.Sprintf("%s%d", geminiIDPrefix, i)
				}
				out.ToolCalls = append(out.ToolCalls, schema.ToolCall{ID: id, Type: "function",
					Function: schema.FunctionCall{Name: p.FunctionCall.Name, Arguments: string(args)}})
			case p.Text != "" && !p.Thought:
				text = append(text, p.Text)
			}
		}
		out.Content = strings.Join(text, "")
	}
	if u := resp.UsageMetadata; u != nil {
		out.ResponseMeta.Usage = &schema.TokenUsage{
			PromptTokens:       int(u.PromptTokenCount + u.ToolUsePromptTokenCount),
			PromptTokenDetails: schema.PromptTokenDetails{CachedTokens: int(u.CachedContentTokenCount)},
			CompletionTokens:   int(u.CandidatesTokenCount + u.ThoughtsTokenCount),
			TotalTokens:        int(u.TotalTokenCount),
		}
	}
	return out, nil
}
