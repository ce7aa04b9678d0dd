package meter_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/agentready/agentready/harness/meter"
	"github.com/agentready/agentready/harness/models"
	"github.com/agentready/agentready/harness/models/openaitest"
	runner "github.com/agentready/agentready/harness/run"
	"github.com/cloudwego/eino/schema"
)

func TestMeterCountsProviderUsageAndStopsAtTheBudget(t *testing.T) {
	srv := openaitest.New(t, func(openaitest.Request) string { return `["Show me ticket TCK-1001"]` })
	env := map[string]string{models.EnvOpenAIBaseURL: srv.BaseURL(), models.EnvOpenAIKey: "sk-test"}
	m, _, err := models.NewWith(context.Background(), "openai:gpt-test", models.Options{Getenv: func(k string) string { return env[k] }})
	if err != nil {
		t.Fatal(err)
	}
	price := &runner.Price{Input: 2.5, Output: 10}
	// Each call costs the stand-in's count of the prompt plus the answer.
	prompt := []*schema.Message{schema.SystemMessage("You write test data."), schema.UserMessage("Write one request for getTicket.")}
	perCall := 0
	for _, msg := range prompt {
		perCall += openaitest.Tokens(msg.Content) + 4
	}
	perCall += openaitest.Tokens(`["Show me ticket TCK-1001"]`)
	mt, err := meter.New(m, price, runner.Budget{MaxTokens: 2*perCall + 1})
	if err != nil {
		t.Fatal(err)
	}
	for i := range 4 {
		_, err := mt.Generate(context.Background(), prompt)
		switch {
		case i < 3 && err != nil:
			t.Fatalf("call %d: %v", i, err)
		case i == 3 && !errors.Is(err, runner.ErrBudget):
			t.Fatalf("call 4 after the budget: err = %v, want ErrBudget", err)
		}
	}
	u := mt.Usage()
	if u.Calls != 3 || u.Refused != 1 || u.Tokens() != 3*perCall || u.Estimated {
		t.Fatalf("usage = %+v, want 3 calls of %d provider-reported tokens and 1 refused", u, perCall)
	}
	if len(srv.Requests()) != 3 {
		t.Fatalf("the provider saw %d requests, want 3: none after the budget", len(srv.Requests()))
	}
	if !u.HasCost || u.Cost <= 0 || !strings.Contains(u.String(), "cost $") {
		t.Fatalf("no cost in %v", u)
	}
	if _, err := meter.New(m, nil, runner.Budget{MaxCost: 1}); err == nil || !strings.Contains(err.Error(), "prices:") {
		t.Fatalf("a cost budget without a price: err = %v", err)
	}
}
