// Package models provides the chat models agentready's agent runs use,
// all behind CloudWeGo Eino's model.ToolCallingChatModel (Generate,
// Stream, WithTools), so that a ReAct agent runs the same way whichever
// model answers:
//
//   - "baseline" (the default): package baseline's Model, an offline,
//     deterministic stand-in for an LLM that reads only what a real model
//     reads (the conversation and the tool definitions) and makes the same
//     kinds of mistakes for the same reasons; see baseline.Model.
//   - "openai:NAME": any OpenAI-compatible chat-completions endpoint
//     (OpenAI, vLLM, LM Studio, Ollama's /v1, ...), at OPENAI_BASE_URL
//     (default https://api.openai.com/v1) with the key OPENAI_API_KEY.
//     Tools are sent in the "openai" schema dialect (gen/toolrt/dialect); with
//     OPENAI_STRICT=1 (or Options.Strict) in the "openai-strict" one,
//     with "strict": true on every function, so that the endpoint decodes
//     arguments under the schema (OpenAI's Structured Outputs).
//   - "ollama:NAME": a local Ollama through its OpenAI-compatible API, at
//     OLLAMA_HOST (default http://127.0.0.1:11434) + /v1; no key needed.
//   - "azure:DEPLOYMENT": Azure OpenAI, at AZURE_OPENAI_ENDPOINT with the
//     key AZURE_OPENAI_API_KEY and AZURE_OPENAI_API_VERSION (see
//     DefaultAzureAPIVersion); the "openai" dialect.
//   - "anthropic:MODEL": Anthropic's Messages API, with the key
//     ANTHROPIC_API_KEY, at ANTHROPIC_BASE_URL when set; the "anthropic"
//     dialect.
//   - "gemini:MODEL": the Gemini API, with the key GEMINI_API_KEY (or
//     GOOGLE_API_KEY), at GEMINI_BASE_URL when set; the "gemini" dialect.
//
// Every remote model's requests go through one retry policy (Retry) and,
// when Options.Limits is set, a cap on the requests in flight per
// provider endpoint shared by the models of a command (Limits); its
// errors are ProviderErrors that say what to fix and never hold a key.
//
// Scripted is a model for tests that replies with given turns.
package models

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"strings"
	"time"

	"github.com/cloudwego/eino-ext/components/model/openai"
	"github.com/cloudwego/eino/components/model"

	"github.com/agentready/agentready/gen/toolrt/dialect"
	"github.com/agentready/agentready/harness/baseline"
)

// Kinds of model.
const (
	KindBaseline  = "baseline"
	KindOpenAI    = "openai"
	KindOllama    = "ollama"
	KindScripted  = "scripted"
	KindAzure     = "azure"
	KindAnthropic = "anthropic"
	KindGemini    = "gemini"
)

// Environment variables read by New.
const (
	EnvOpenAIBaseURL = "OPENAI_BASE_URL"
	EnvOpenAIKey     = "OPENAI_API_KEY"
	EnvOllamaHost    = "OLLAMA_HOST"
	// EnvOpenAIStrict, set to 1 or true, asks openai:NAME models for
	// strict function calling.
	EnvOpenAIStrict = "OPENAI_STRICT"
)

// Default endpoints.
const (
	DefaultOpenAIBaseURL = "https://api.openai.com/v1"
	DefaultOllamaHost    = "http://127.0.0.1:11434"
)

// Info says which model ran: safe to record in a run's files, it never
// holds a credential.
type Info struct {
	// Kind is "baseline", "openai", "ollama" or "scripted".
	Kind string `json:"kind" yaml:"kind"`
	// Name is the model's name ("gpt-4o", "llama3.1:8b"), or the kind for
	// the baseline.
	Name string `json:"name" yaml:"name"`
	// Endpoint is the base URL of the API, without user info, query or
	// fragment; empty for models that run in-process.
	Endpoint string `json:"endpoint,omitempty" yaml:"endpoint,omitempty"`
	// Dialect is the tool schema dialect the model's API takes
	// (gen/toolrt/dialect; give the catalog toolrt.WithDialect of it); empty for
	// models that run in-process and read any schema.
	Dialect dialect.Dialect `json:"dialect,omitempty" yaml:"dialect,omitempty"`
}

// String reads like "openai:gpt-4o at https://api.openai.com/v1".
func (i Info) String() string {
	s := i.Kind
	if i.Name != "" && i.Name != i.Kind {
		s += ":" + i.Name
	}
	if i.Endpoint != "" {
		s += " at " + i.Endpoint
	}
	return s
}

// Options tune New beyond the spec string.
type Options struct {
	// Getenv reads the environment; os.Getenv when nil.
	Getenv func(string) string
	// HTTPClient sends the requests of remote models; by default a client
	// with Timeout.
	HTTPClient *http.Client
	// Timeout bounds one request to a remote model (default 5 minutes).
	Timeout time.Duration
	// Temperature, when set, is sent with every request to a remote
	// model; by default the endpoint's own default is used.
	Temperature *float32
	// Seed, when set, is sent with every request to a remote model, for
	// endpoints that sample reproducibly.
	Seed *int
	// Strict asks openai:NAME models for strict function calling, as
	// OPENAI_STRICT does.
	Strict bool
	// Retry is the retry policy of remote models' requests; the zero
	// value is the default policy.
	Retry Retry
	// Limits caps the requests in flight per provider endpoint; give
	// every model of a command the same Limits. Nil sets no cap.
	Limits *Limits
}

// httpClient is the client remote models send with: opts.HTTPClient, or
// one with opts.Timeout, under the retry policy, each attempt within
// opts.Limits.
func (opts Options) httpClient() *http.Client {
	hc := opts.HTTPClient
	if hc == nil {
		timeout := opts.Timeout
		if timeout <= 0 {
			timeout = 5 * time.Minute
		}
		hc = &http.Client{Timeout: timeout}
	}
	limited := *hc
	limited.Transport = opts.Limits.Transport(hc.Transport)
	return opts.Retry.Client(&limited)
}

// New returns the model a spec names: "baseline" (also ""), "openai:NAME",
// "ollama:NAME", "azure:DEPLOYMENT", "anthropic:MODEL" or "gemini:MODEL",
// with Info on which it is. Remote models read their
// endpoint and key from the environment (see the package documentation);
// a missing one is an error that names the variable.
func New(ctx context.Context, spec string) (model.ToolCallingChatModel, Info, error) {
	return NewWith(ctx, spec, Options{})
}

// NewWith is New with options.
func NewWith(ctx context.Context, spec string, opts Options) (model.ToolCallingChatModel, Info, error) {
	getenv := opts.Getenv
	if getenv == nil {
		getenv = os.Getenv
	}
	kind, name, _ := strings.Cut(strings.TrimSpace(spec), ":")
	kind = strings.ToLower(kind)
	switch kind {
	case "", KindBaseline:
		if name != "" {
			return nil, Info{}, fmt.Errorf("model %q: the baseline takes no name; write \"baseline\"", spec)
		}
		return baseline.New(), Info{Kind: KindBaseline, Name: KindBaseline}, nil
	case KindOpenAI, KindOllama, KindAzure, KindAnthropic, KindGemini:
	default:
		return nil, Info{}, fmt.Errorf("model %q: unknown kind %q; use baseline, openai:NAME, ollama:NAME, "+
			"azure:DEPLOYMENT, anthropic:MODEL or gemini:MODEL", spec, kind)
	}
	name = strings.TrimSpace(name)
	if name == "" {
		return nil, Info{}, fmt.Errorf("model %q: no model name; write %s:NAME, e.g. %s", spec, kind, map[string]string{
			KindOpenAI: "openai:gpt-4o", KindOllama: "ollama:llama3.1:8b", KindAzure: "azure:my-gpt-4o-deployment",
			KindAnthropic: "anthropic:claude-sonnet-4-5", KindGemini: "gemini:gemini-2.5-flash"}[kind])
	}
	r := remote{spec: spec, name: name, getenv: getenv, opts: opts}
	switch kind {
	case KindAzure:
		return r.azure(ctx)
	case KindAnthropic:
		return r.anthropic()
	case KindGemini:
		return r.gemini(ctx)
	}
	var baseURL, key string
	if kind == KindOpenAI {
		baseURL = strings.TrimSpace(getenv(EnvOpenAIBaseURL))
		if baseURL == "" {
			baseURL = DefaultOpenAIBaseURL
		}
		key = strings.TrimSpace(getenv(EnvOpenAIKey))
		if key == "" {
			return nil, Info{}, fmt.Errorf("model %q: %s is not set; set it to the endpoint's API key "+
				"(any text, such as \"none\", for a local server that needs none)", spec, EnvOpenAIKey)
		}
		if err := checkURL(baseURL); err != nil {
			return nil, Info{}, fmt.Errorf("model %q: %s: %w", spec, EnvOpenAIBaseURL, err)
		}
	} else {
		host := strings.TrimSpace(getenv(EnvOllamaHost))
		if host == "" {
			host = DefaultOllamaHost
		}
		var err error
		if baseURL, err = ollamaBaseURL(host); err != nil {
			return nil, Info{}, fmt.Errorf("model %q: %s: %w", spec, EnvOllamaHost, err)
		}
		key = "ollama" // Ollama ignores the key; the client wants one.
	}
	info := Info{Kind: kind, Name: name, Endpoint: Redact(baseURL), Dialect: dialect.OpenAI}
	strict := kind == KindOpenAI && (opts.Strict || truthy(getenv(EnvOpenAIStrict)))
	if strict {
		info.Dialect = dialect.OpenAIStrict
	}
	cm, err := openai.NewChatModel(ctx, &openai.ChatModelConfig{
		APIKey:      key,
		BaseURL:     strings.TrimRight(baseURL, "/"),
		Model:       name,
		HTTPClient:  opts.httpClient(),
		Temperature: opts.Temperature,
		Seed:        opts.Seed,
	})
	if err != nil {
		return nil, info, fmt.Errorf("model %s: %w", info, err)
	}
	p := provider{model: kind + ":" + name, key: key, where: "the model name " + name + " and " + EnvOpenAIBaseURL}
	if kind == KindOpenAI {
		p.keyEnv = EnvOpenAIKey
	} else {
		p.key, p.where = "", "that the model "+name+" is pulled (ollama pull "+name+")"
	}
	if strict {
		return described{strictTools{cm}, p}, info, nil
	}
	return described{cm, p}, info, nil
}

// remote is what every remote model's constructor reads.
type remote struct {
	spec, name string
	getenv     func(string) string
	opts       Options
}

// env reads a variable, trimmed.
func (r remote) env(name string) string { return strings.TrimSpace(r.getenv(name)) }

// need reads a variable that must be set; the error names it and what it
// is for.
func (r remote) need(name, what string) (string, error) {
	v := r.env(name)
	if v == "" {
		return "", fmt.Errorf("model %q: %s is not set; set it to %s", r.spec, name, what)
	}
	return v, nil
}

// truthy reads an environment switch: 1, true, yes or on.
func truthy(v string) bool {
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "1", "true", "yes", "on":
		return true
	}
	return false
}

// checkURL accepts absolute http and https URLs.
func checkURL(raw string) error {
	u, err := url.Parse(raw)
	if err != nil {
		return fmt.Errorf("%q is not a URL: %v", Redact(raw), err)
	}
	if (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return fmt.Errorf("%q is not an http or https URL with a host, like %s", Redact(raw), DefaultOpenAIBaseURL)
	}
	return nil
}

// ollamaBaseURL turns OLLAMA_HOST ("127.0.0.1:11434", "http://gpu:11434",
// "0.0.0.0") into the base URL of Ollama's OpenAI-compatible API.
func ollamaBaseURL(host string) (string, error) {
	if !strings.Contains(host, "://") {
		host = "http://" + host
	}
	u, err := url.Parse(host)
	if err != nil || u.Host == "" {
		return "", fmt.Errorf("%q is not a host or URL, like %s", Redact(host), DefaultOllamaHost)
	}
	if u.Scheme != "http" && u.Scheme != "https" {
		return "", fmt.Errorf("%q: use http or https", Redact(host))
	}
	if u.Port() == "" && u.Scheme == "http" {
		u.Host += ":11434"
	}
	if u.Hostname() == "0.0.0.0" {
		// The address Ollama listens on, not one to connect to.
		u.Host = strings.Replace(u.Host, "0.0.0.0", "127.0.0.1", 1)
	}
	u.Path = strings.TrimRight(u.Path, "/")
	if !strings.HasSuffix(u.Path, "/v1") {
		u.Path += "/v1"
	}
	return u.String(), nil
}

// Redact returns a URL without user info, query and fragment, where
// credentials sometimes hide.
func Redact(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return "(invalid URL)"
	}
	u.User = nil
	u.RawQuery = ""
	u.Fragment = ""
	return u.String()
}
