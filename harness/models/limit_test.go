package models_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/agentready/agentready/harness/models"
	"github.com/agentready/agentready/harness/models/openaitest"
	"github.com/cloudwego/eino/components/model"
	"github.com/cloudwego/eino/schema"
)

// openAIAt returns an openai:NAME model at srv under limits.
func openAIAt(t *testing.T, srv *openaitest.Server, name string, limits *models.Limits) model.BaseChatModel {
	t.Helper()
	env := map[string]string{models.EnvOpenAIBaseURL: srv.BaseURL(), models.EnvOpenAIKey: "sk-test"}
	m, _, err := models.NewWith(context.Background(), "openai:"+name, models.Options{
		Getenv: func(k string) string { return env[k] }, Limits: limits})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestLimitsCapRequestsPerEndpointAcrossModels(t *testing.T) {
	srv := openaitest.New(t, func(openaitest.Request) string { return "ok" })
	srv.Delay = 40 * time.Millisecond
	limits := models.NewLimits(2)
	// Two models of one command (an agent and a judge) share the limit.
	agent := openAIAt(t, srv, "agent", limits)
	judge := openAIAt(t, srv, "judge", limits)
	var wg sync.WaitGroup
	errs := make(chan error, 12)
	for i := range 12 {
		m := agent
		if i%2 == 1 {
			m = judge
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := m.Generate(context.Background(), []*schema.Message{schema.UserMessage("hello")})
			errs <- err
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	if got := len(srv.Requests()); got != 12 {
		t.Fatalf("the server saw %d requests, want 12", got)
	}
	// Exactly the limit: more breaks the promise, fewer means the
	// requests did not overlap and the test proved nothing.
	if got := srv.MaxInFlight(); got != 2 {
		t.Fatalf("at most %d requests were in flight at once, want 2 (the limit)", got)
	}
	if p := srv.Problems(); len(p) > 0 {
		t.Fatal(p)
	}
}

func TestLimitsWaitEndsWithTheContext(t *testing.T) {
	release := make(chan struct{})
	srv := openaitest.New(t, func(openaitest.Request) string { <-release; return "ok" })
	defer close(release)
	limits := models.NewLimits(1)
	m := openAIAt(t, srv, "m", limits)
	go m.Generate(context.Background(), []*schema.Message{schema.UserMessage("holds the slot")})
	for len(srv.Requests()) == 0 {
		time.Sleep(5 * time.Millisecond)
	}
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(100*time.Millisecond, cancel)
	start := time.Now()
	_, err := m.Generate(ctx, []*schema.Message{schema.UserMessage("waits")})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	if d := time.Since(start); d > time.Second {
		t.Fatalf("the wait took %s after Ctrl-C", d)
	}
	if got := len(srv.Requests()); got != 1 {
		t.Fatalf("the server saw %d requests; the waiting one must not be sent", got)
	}
}
