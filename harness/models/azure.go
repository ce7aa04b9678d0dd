package models

import (
	"context"
	"fmt"
	"strings"

	"github.com/cloudwego/eino-ext/components/model/openai"
	"github.com/cloudwego/eino/components/model"

	"github.com/agentready/agentready/gen/toolrt/dialect"
)

// Environment variables of azure:DEPLOYMENT.
const (
	// EnvAzureEndpoint is the resource's endpoint,
	// https://RESOURCE.openai.azure.com.
	EnvAzureEndpoint = "AZURE_OPENAI_ENDPOINT"
	// EnvAzureKey is the resource's API key, sent as the api-key header.
	EnvAzureKey = "AZURE_OPENAI_API_KEY"
	// EnvAzureAPIVersion is the api-version query parameter (default
	// DefaultAzureAPIVersion).
	EnvAzureAPIVersion = "AZURE_OPENAI_API_VERSION"
)

// DefaultAzureAPIVersion is a generally available Azure OpenAI API
// version with tool calling.
const DefaultAzureAPIVersion = "2024-10-21"

// azure is Azure OpenAI's chat completions at
// ENDPOINT/openai/deployments/DEPLOYMENT/chat/completions?api-version=V,
// through eino-ext's OpenAI model, which speaks Azure's paths and api-key
// header.
func (r remote) azure(ctx context.Context) (model.ToolCallingChatModel, Info, error) {
	endpoint, err := r.need(EnvAzureEndpoint, "the resource's endpoint, like https://RESOURCE.openai.azure.com")
	if err != nil {
		return nil, Info{}, err
	}
	if err := checkURL(endpoint); err != nil {
		return nil, Info{}, fmt.Errorf("model %q: %s: %w", r.spec, EnvAzureEndpoint, err)
	}
	key, err := r.need(EnvAzureKey, "the resource's API key")
	if err != nil {
		return nil, Info{}, err
	}
	version := r.env(EnvAzureAPIVersion)
	if version == "" {
		version = DefaultAzureAPIVersion
	}
	endpoint = strings.TrimRight(endpoint, "/")
	info := Info{Kind: KindAzure, Name: r.name, Endpoint: Redact(endpoint), Dialect: dialect.OpenAI}
	cm, err := openai.NewChatModel(ctx, &openai.ChatModelConfig{
		ByAzure:    true,
		APIKey:     key,
		BaseURL:    endpoint,
		APIVersion: version,
		Model:      r.name,
		// The deployment is named as the user wrote it (the client's
		// default mapping drops dots and colons).
		AzureModelMapperFunc: func(string) string { return r.name },
		HTTPClient:           r.opts.httpClient(),
		Temperature:          r.opts.Temperature,
		Seed:                 r.opts.Seed,
	})
	if err != nil {
		return nil, info, fmt.Errorf("model %s: %w", info, err)
	}
	return described{cm, provider{model: KindAzure + ":" + r.name, keyEnv: EnvAzureKey, key: key,
		where: "the deployment name " + r.name + ", " + EnvAzureEndpoint + " and " + EnvAzureAPIVersion}}, info, nil
}
