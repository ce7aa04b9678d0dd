// Package openaitest is a local stand-in for an OpenAI-compatible
// chat-completions endpoint, for tests: it speaks the real wire format
// (POST /v1/chat/completions with a bearer key, a chat.completion answer
// with token usage) on 127.0.0.1, answers each request with the text a
// test's function gives, and counts what it saw, including the most
// requests it served at once.
package openaitest

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"
)

// Message is a message of a request.
type Message struct {
	Role    string `json:"role"`
	Content string `json:"content"`
}

// Request is what the server read of one chat completion request.
type Request struct {
	Model    string    `json:"model"`
	Messages []Message `json:"messages"`
}

// Server is the stand-in. Set its fields before the first request.
type Server struct {
	srv *httptest.Server
	// Answer returns the assistant's text for a request.
	Answer func(Request) string
	// Delay holds each answer this long, so that requests overlap.
	Delay time.Duration

	mu          sync.Mutex
	requests    []Request
	problems    []string
	inFlight    int
	maxInFlight int
}

// New starts a server that answers with answer; it stops when the test
// ends.
func New(t testing.TB, answer func(Request) string) *Server {
	s := &Server{Answer: answer}
	s.srv = httptest.NewServer(s)
	t.Cleanup(s.srv.Close)
	return s
}

// BaseURL is the value of OPENAI_BASE_URL that reaches the server.
func (s *Server) BaseURL() string { return s.srv.URL + "/v1" }

// Requests returns the requests served so far.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Request(nil), s.requests...)
}

// MaxInFlight is the most requests the server was answering at once.
func (s *Server) MaxInFlight() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.maxInFlight
}

// Problems lists what was wrong with the requests (path, method, key,
// body), empty when nothing was.
func (s *Server) Problems() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.problems...)
}

// Tokens estimates a text's tokens as providers roughly count English:
// four characters a token.
func Tokens(text string) int { return (len(text) + 3) / 4 }

func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	s.inFlight++
	s.maxInFlight = max(s.maxInFlight, s.inFlight)
	s.mu.Unlock()
	defer func() {
		s.mu.Lock()
		s.inFlight--
		s.mu.Unlock()
	}()
	var req Request
	body, err := io.ReadAll(r.Body)
	switch {
	case r.Method != http.MethodPost || r.URL.Path != "/v1/chat/completions":
		s.problem("unexpected %s %s", r.Method, r.URL.Path)
		http.NotFound(w, r)
		return
	case r.Header.Get("Authorization") == "":
		s.problem("no Authorization header")
	case err != nil || json.Unmarshal(body, &req) != nil:
		s.problem("body is not a chat completion request: %.80s", body)
		w.WriteHeader(http.StatusBadRequest)
		return
	}
	s.mu.Lock()
	s.requests = append(s.requests, req)
	s.mu.Unlock()
	if s.Delay > 0 {
		select {
		case <-time.After(s.Delay):
		case <-r.Context().Done():
			return
		}
	}
	content := s.Answer(req)
	prompt := 0
	for _, m := range req.Messages {
		prompt += Tokens(m.Content) + 4
	}
	completion := Tokens(content)
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]any{
		"id": "chatcmpl-local", "object": "chat.completion", "created": 1, "model": req.Model,
		"choices": []any{map[string]any{"index": 0, "finish_reason": "stop",
			"message": map[string]any{"role": "assistant", "content": content}}},
		"usage": map[string]any{"prompt_tokens": prompt, "completion_tokens": completion, "total_tokens": prompt + completion},
	})
}

func (s *Server) problem(format string, args ...any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.problems = append(s.problems, fmt.Sprintf(format, args...))
}
