package adapt

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/cloudwego/eino/components/model"
	"github.com/cloudwego/eino/schema"

	"github.com/agentready/agentready/templates"
)

// maxDescription is the longest description adapt keeps from a model:
// OpenAI's cap on a tool's description.
const maxDescription = 1024

// LLM is a Writer that asks a chat model (harness/models: the retries,
// usage and providers of every model call) with the prompt in
// templates/adapt_describe.tmpl.
type LLM struct{ m model.BaseChatModel }

// NewLLM returns a Writer asking m.
func NewLLM(m model.BaseChatModel) *LLM { return &LLM{m: m} }

// Describe asks the model for req's tool description.
func (l *LLM) Describe(ctx context.Context, req DescribeRequest) (string, error) {
	var buf bytes.Buffer
	if err := templates.Parse(templates.AdaptDescription).Execute(&buf, req); err != nil {
		return "", fmt.Errorf("prompt %s: %w", templates.AdaptDescription, err)
	}
	sys, user, _ := strings.Cut(buf.String(), "\n")
	msg, err := l.m.Generate(ctx, []*schema.Message{schema.SystemMessage(sys), schema.UserMessage(strings.TrimSpace(user))})
	if err != nil {
		return "", err
	}
	if msg == nil {
		return "", errors.New("the model gave no reply")
	}
	text := strings.Join(strings.Fields(strings.Trim(msg.Content, "`\" \n")), " ")
	if len(text) > maxDescription {
		return "", fmt.Errorf("the model's description has %d characters, past the %d tools may have", len(text), maxDescription)
	}
	return text, nil
}
