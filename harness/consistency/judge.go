package consistency

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/cloudwego/eino/components/model"
	"github.com/cloudwego/eino/schema"

	"github.com/agentready/agentready/templates"
)

// LLMJudge is a Judge that asks a chat model, with the prompt in
// templates/consistency_judge.tmpl.
type LLMJudge struct {
	m    model.BaseChatModel
	name string
}

// NewLLMJudge returns a judge that asks m; name names it in the summary.
func NewLLMJudge(m model.BaseChatModel, name string) *LLMJudge { return &LLMJudge{m: m, name: name} }

// Name names the judge.
func (j *LLMJudge) Name() string { return "judge " + j.name }

// Equivalent asks the model whether requests a and b should give the
// same result. A reply without the JSON asked for is an error.
func (j *LLMJudge) Equivalent(ctx context.Context, tool, description, a, b string) (bool, string, error) {
	var buf bytes.Buffer
	data := map[string]string{"Tool": tool, "Description": description, "A": a, "B": b}
	if err := templates.Parse(templates.ConsistencyJudge).Execute(&buf, data); err != nil {
		return false, "", err
	}
	sys, user, _ := strings.Cut(buf.String(), "\n")
	msg, err := j.m.Generate(ctx, []*schema.Message{schema.SystemMessage(sys), schema.UserMessage(strings.TrimSpace(user))})
	if err != nil {
		return false, "", fmt.Errorf("model: %w", err)
	}
	if msg == nil {
		return false, "", fmt.Errorf("model: no reply")
	}
	var v struct {
		Equivalent *bool  `json:"equivalent"`
		Why        string `json:"why"`
	}
	i := strings.Index(msg.Content, "{")
	if i < 0 || json.NewDecoder(strings.NewReader(msg.Content[i:])).Decode(&v) != nil || v.Equivalent == nil {
		return false, "", fmt.Errorf("model: no {\"equivalent\": ...} in its reply %q", msg.Content)
	}
	return *v.Equivalent, v.Why, nil
}
