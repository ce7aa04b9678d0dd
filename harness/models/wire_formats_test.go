package models_test

import (
	"encoding/json"
	"fmt"
	"net/http"
)

const malformedArgs = `{"ticketId": `

// anthropicWire is the Messages API: POST /v1/messages with x-api-key
// and anthropic-version; tool_use blocks out, tool_result blocks in.
func anthropicWire() wire {
	const key = "sk-ant-secret-1234"
	return wire{
		kind: "anthropic", spec: "anthropic:claude-test", key: key,
		env: func(url string) map[string]string {
			return map[string]string{"ANTHROPIC_API_KEY": key, "ANTHROPIC_BASE_URL": url}
		},
		check: func(r *http.Request) string {
			switch {
			case r.Method != http.MethodPost || r.URL.Path != "/v1/messages":
				return "unexpected " + r.Method + " " + r.URL.Path
			case r.Header.Get("X-Api-Key") != key:
				return "x-api-key: " + r.Header.Get("X-Api-Key")
			case r.Header.Get("Anthropic-Version") == "":
				return "no anthropic-version header"
			}
			return ""
		},
		answer: func(req map[string]any, malformed bool) any {
			msg := map[string]any{"id": "msg_1", "type": "message", "role": "assistant", "model": req["model"],
				"stop_sequence": nil, "usage": map[string]any{"input_tokens": 12, "output_tokens": 5}}
			last := lastOf(req, "messages")
			blocks, _ := last["content"].([]any)
			if len(blocks) > 0 {
				if b, _ := blocks[0].(map[string]any); b["type"] == "tool_result" {
					var text any = "(tool_use_id " + fmt.Sprint(b["tool_use_id"]) + ")"
					if parts, _ := b["content"].([]any); len(parts) > 0 && b["tool_use_id"] == "toolu_1" {
						text = parts[0].(map[string]any)["text"]
					}
					msg["content"] = []any{map[string]any{"type": "text", "text": "Ticket TCK-1001 is open: " + fmt.Sprint(text)}}
					msg["stop_reason"] = "end_turn"
					return msg
				}
			}
			var input any = map[string]any{"ticketId": "TCK-1001"}
			if malformed {
				input = malformedArgs // a string where an object belongs
			}
			msg["content"] = []any{map[string]any{"type": "tool_use", "id": "toolu_1", "name": "getTicket", "input": input}}
			msg["stop_reason"] = "tool_use"
			return msg
		},
		unauthorized: canned{status: 401, body: `{"type":"error","error":{"type":"authentication_error","message":"invalid x-api-key"},"request_id":"req_1"}`},
		rateLimited: canned{status: 429, header: http.Header{"Retry-After": {"3"}},
			body: `{"type":"error","error":{"type":"rate_limit_error","message":"Number of request tokens has exceeded your per-minute rate limit"}}`},
	}
}

// geminiWire is the Gemini API: POST /v1beta/models/M:generateContent with
// x-goog-api-key; functionCall parts out, functionResponse parts in.
func geminiWire() wire {
	const key = "AIza-secret-5678"
	return wire{
		kind: "gemini", spec: "gemini:gemini-test", key: key,
		env: func(url string) map[string]string {
			return map[string]string{"GEMINI_API_KEY": key, "GEMINI_BASE_URL": url}
		},
		check: func(r *http.Request) string {
			switch {
			case r.Method != http.MethodPost || r.URL.Path != "/v1beta/models/gemini-test:generateContent":
				return "unexpected " + r.Method + " " + r.URL.Path
			case r.Header.Get("X-Goog-Api-Key") != key:
				return "x-goog-api-key: " + r.Header.Get("X-Goog-Api-Key")
			case r.URL.Query().Get("key") != "":
				return "the key is in the URL"
			}
			return ""
		},
		answer: func(req map[string]any, malformed bool) any {
			usage := map[string]any{"promptTokenCount": 12, "candidatesTokenCount": 5, "totalTokenCount": 17}
			last := lastOf(req, "contents")
			parts, _ := last["parts"].([]any)
			if len(parts) > 0 {
				if fr, ok := parts[0].(map[string]any)["functionResponse"].(map[string]any); ok {
					b, _ := json.Marshal(fr["response"])
					text := "Ticket TCK-1001 is open: " + string(b)
					if fr["name"] != "getTicket" {
						text = fmt.Sprintf("functionResponse named %v", fr["name"])
					}
					return map[string]any{"candidates": []any{map[string]any{
						"content":      map[string]any{"role": "model", "parts": []any{map[string]any{"text": text}}},
						"finishReason": "STOP"}}, "usageMetadata": usage}
				}
			}
			var args any = map[string]any{"ticketId": "TCK-1001"}
			if malformed {
				args = malformedArgs
			}
			return map[string]any{"candidates": []any{map[string]any{
				"content": map[string]any{"role": "model", "parts": []any{map[string]any{
					"functionCall": map[string]any{"name": "getTicket", "args": args}}}},
				"finishReason": "STOP"}}, "usageMetadata": usage}
		},
		unauthorized: canned{status: 401, body: `{"error":{"code":401,"message":"API key not valid. Please pass a valid API key.","status":"UNAUTHENTICATED"}}`},
		rateLimited: canned{status: 429, header: http.Header{"Retry-After": {"3"}},
			body: `{"error":{"code":429,"message":"Resource has been exhausted (e.g. check quota).","status":"RESOURCE_EXHAUSTED"}}`},
	}
}

// azureWire is Azure OpenAI's chat completions: POST
// /openai/deployments/D/chat/completions?api-version=V with api-key.
func azureWire() wire {
	const key = "azure-secret-9012"
	return wire{
		kind: "azure", spec: "azure:my-gpt-4.1", key: key,
		env: func(url string) map[string]string {
			return map[string]string{"AZURE_OPENAI_API_KEY": key, "AZURE_OPENAI_ENDPOINT": url + "/", "AZURE_OPENAI_API_VERSION": "2024-10-21"}
		},
		check: func(r *http.Request) string {
			switch {
			case r.Method != http.MethodPost || r.URL.Path != "/openai/deployments/my-gpt-4.1/chat/completions":
				return "unexpected " + r.Method + " " + r.URL.Path
			case r.URL.Query().Get("api-version") != "2024-10-21":
				return "api-version: " + r.URL.RawQuery
			case r.Header.Get("Api-Key") != key:
				return "api-key: " + r.Header.Get("Api-Key")
			case r.Header.Get("Authorization") != "":
				return "an Authorization header too"
			}
			return ""
		},
		answer: func(req map[string]any, malformed bool) any {
			last := lastOf(req, "messages")
			message := map[string]any{"role": "assistant"}
			finish := "stop"
			if last["role"] == "tool" && last["tool_call_id"] == "call_abc" {
				message["content"] = "Ticket TCK-1001 is open: " + fmt.Sprint(last["content"])
			} else {
				args := `{"ticketId":"TCK-1001"}`
				if malformed {
					args = malformedArgs
				}
				finish = "tool_calls"
				message["content"] = nil
				message["tool_calls"] = []any{map[string]any{"id": "call_abc", "type": "function",
					"function": map[string]any{"name": "getTicket", "arguments": args}}}
			}
			return map[string]any{"id": "chatcmpl-1", "object": "chat.completion", "created": 1, "model": "gpt-4.1",
				"choices": []any{map[string]any{"index": 0, "message": message, "finish_reason": finish}},
				"usage":   map[string]any{"prompt_tokens": 12, "completion_tokens": 5, "total_tokens": 17}}
		},
		unauthorized: canned{status: 401, body: `{"error":{"code":"401","message":"Access denied due to invalid subscription key or wrong API endpoint. Make sure to provide a valid key for an active subscription and use a correct regional API endpoint for your resource."}}`},
		rateLimited: canned{status: 429, header: http.Header{"Retry-After": {"3"}},
			body: `{"error":{"code":"429","message":"Requests to the ChatCompletions_Create Operation under Azure OpenAI API version 2024-10-21 have exceeded call rate limit."}}`},
	}
}
