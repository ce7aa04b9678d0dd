package models

import (
	"fmt"
	"io"
	"net/http"
	"sync"
)

// DefaultConcurrency is how many requests Limits lets run at once on one
// provider endpoint when no limit is given: low enough that a new
// account's rate limit is rarely met, high enough for test's default
// --parallel.
const DefaultConcurrency = 4

// Limits caps the requests in flight to each provider endpoint (scheme and
// host of the request: api.openai.com, a local vLLM, an Azure resource),
// shared by every model built with the same Limits: a command's agent,
// judge and utterance writer together never send more than the limit to
// one provider at once. A slot is held from the request until its
// response body is closed, and not while a retry waits. Waiting for a slot
// ends at once when the request's context is done.
type Limits struct {
	n  int
	mu sync.Mutex
	by map[string]chan struct{}
}

// NewLimits returns limits of n requests at once per endpoint
// (DefaultConcurrency when n < 1).
func NewLimits(n int) *Limits {
	if n < 1 {
		n = DefaultConcurrency
	}
	return &Limits{n: n, by: map[string]chan struct{}{}}
}

// Concurrency is the limit per endpoint.
func (l *Limits) Concurrency() int { return l.n }

// slots returns the semaphore of an endpoint.
func (l *Limits) slots(endpoint string) chan struct{} {
	l.mu.Lock()
	defer l.mu.Unlock()
	s := l.by[endpoint]
	if s == nil {
		s = make(chan struct{}, l.n)
		l.by[endpoint] = s
	}
	return s
}

// Transport returns next (http.DefaultTransport when nil) under the
// limits; a nil Limits returns next as it is.
func (l *Limits) Transport(next http.RoundTripper) http.RoundTripper {
	if next == nil {
		next = http.DefaultTransport
	}
	if l == nil {
		return next
	}
	return &limitTransport{l: l, next: next}
}

type limitTransport struct {
	l    *Limits
	next http.RoundTripper
}

func (t *limitTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	endpoint := req.URL.Scheme + "://" + req.URL.Host
	slots := t.l.slots(endpoint)
	select {
	case slots <- struct{}{}:
	case <-req.Context().Done():
		return nil, fmt.Errorf("waiting for one of the %d request slots of %s: %w", t.l.n, endpoint, req.Context().Err())
	}
	var once sync.Once
	release := func() { once.Do(func() { <-slots }) }
	resp, err := t.next.RoundTrip(req)
	if err != nil || resp == nil || resp.Body == nil {
		release()
		return resp, err
	}
	resp.Body = &releasingBody{ReadCloser: resp.Body, release: release}
	return resp, nil
}

// releasingBody gives the slot back when the body is closed.
type releasingBody struct {
	io.ReadCloser
	release func()
}

func (b *releasingBody) Close() error {
	err := b.ReadCloser.Close()
	b.release()
	return err
}
