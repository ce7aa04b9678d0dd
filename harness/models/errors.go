package models

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/anthropics/anthropic-sdk-go/v2"
	"github.com/cloudwego/eino-ext/components/model/openai"
	"github.com/cloudwego/eino/components/model"
	"github.com/cloudwego/eino/schema"
	goopenai "github.com/meguminnnnnnnnn/go-openai"
	"google.golang.org/genai"
)

// ProviderError is a remote model's failed call, said so that the user
// knows what to fix. Its text never holds the key.
type ProviderError struct {
	// Model names the model, as "anthropic:claude-sonnet-4-5".
	Model string
	// Status is the HTTP status the provider answered, 0 when none.
	Status int
	// Message is the provider's own explanation, or the transport's error.
	Message string
	// Fix says what to do about it.
	Fix string
	err error
}

func (e *ProviderError) Error() string {
	s := e.Model + ": "
	if e.Status != 0 {
		s += fmt.Sprintf("%d %s: ", e.Status, http.StatusText(e.Status))
	}
	s += e.Message
	if e.Fix != "" {
		s += " (" + e.Fix + ")"
	}
	return s
}

// Unwrap returns the SDK's error.
func (e *ProviderError) Unwrap() error { return e.err }

// provider is what a ProviderError needs to know of the model it is about.
type provider struct {
	model  string // "anthropic:claude-x"
	keyEnv string // the variable the key came from; "" for none
	key    string // scrubbed from every message
	where  string // what names the endpoint and model, for a 404
}

// describe turns an SDK's error into a ProviderError; context errors pass
// as they are, so that callers can tell a cancellation.
func (p provider) describe(err error) error {
	if err == nil || errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	e := &ProviderError{Model: p.model, Message: err.Error(), err: err}
	var (
		ae *anthropic.Error
		ge genai.APIError
		gp *genai.APIError
		oe *openai.APIError
		re *goopenai.RequestError
	)
	switch {
	case errors.As(err, &ae) && ae != nil:
		e.Status, e.Message = ae.StatusCode, ae.Message
		if e.Message == "" {
			e.Message = ae.RawJSON()
		}
	case errors.As(err, &gp) && gp != nil:
		e.Status, e.Message = gp.Code, gp.Message
	case errors.As(err, &ge):
		e.Status, e.Message = ge.Code, ge.Message
	case errors.As(err, &oe) && oe != nil:
		e.Status, e.Message = oe.HTTPStatusCode, oe.Message
	case errors.As(err, &re) && re != nil:
		e.Status, e.Message = re.HTTPStatusCode, strings.TrimSpace(string(re.Body))
	}
	e.Fix = p.fix(e.Status)
	if p.key != "" {
		e.Message = strings.ReplaceAll(e.Message, p.key, "[key]")
	}
	return e
}

// fix says what to do about a status.
func (p provider) fix(status int) string {
	switch {
	case status == http.StatusUnauthorized || status == http.StatusForbidden:
		if p.keyEnv == "" {
			return "the endpoint refused the request: it may want a key"
		}
		return "the key was refused: check " + p.keyEnv + " and that it is for this endpoint"
	case status == http.StatusNotFound:
		return "check " + p.where
	case status == http.StatusTooManyRequests:
		return "rate limited, still after retries: run fewer cases at once, or later"
	case status >= 500:
		return "the provider failed, still after retries: try again later"
	case status == http.StatusBadRequest || status == http.StatusUnprocessableEntity:
		return "the provider refused the request: if it names a tool's schema, check the tools' dialect with agentready tools --dialect"
	case status == 0:
		return "no answer from the endpoint: check that it is reachable"
	}
	return ""
}

// described is a model whose errors are ProviderErrors.
type described struct {
	inner model.ToolCallingChatModel
	p     provider
}

func (m described) Generate(ctx context.Context, in []*schema.Message, opts ...model.Option) (*schema.Message, error) {
	out, err := m.inner.Generate(ctx, in, opts...)
	return out, m.p.describe(err)
}

func (m described) Stream(ctx context.Context, in []*schema.Message, opts ...model.Option) (*schema.StreamReader[*schema.Message], error) {
	sr, err := m.inner.Stream(ctx, in, opts...)
	if err != nil {
		return nil, m.p.describe(err)
	}
	return schema.StreamReaderWithConvert(sr, func(msg *schema.Message) (*schema.Message, error) { return msg, nil },
		schema.WithErrWrapper(m.p.describe)), nil
}

func (m described) WithTools(tools []*schema.ToolInfo) (model.ToolCallingChatModel, error) {
	inner, err := m.inner.WithTools(tools)
	if err != nil {
		return nil, err
	}
	return described{inner, m.p}, nil
}
