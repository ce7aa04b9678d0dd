package models

import (
	"bytes"
	"context"
	"errors"
	"io"
	"math"
	"math/rand/v2"
	"net/http"
	"syscall"
	"time"

	"github.com/agentready/agentready/gen/toolrt"
)

// Retry is the one retry policy of every remote model: a request that
// met a rate limit (429), a server error (5xx, and Anthropic's 529
// "overloaded") or a reset connection is sent again after a wait, with
// exponential backoff and full jitter, or after what the provider's
// Retry-After (seconds or an HTTP date; also retry-after-ms) asks for.
// Attempts and the total wait are capped; the context's cancellation
// ends a wait at once. It works below every SDK, as an http.RoundTripper
// (Transport), so that each provider is retried the same way.
type Retry struct {
	// Attempts is the most requests sent for one call, the first included
	// (default 5; 1 sends once and never retries).
	Attempts int
	// Base is the first backoff (default 1s); the n-th waits up to
	// Base·2ⁿ⁻¹, at most Max.
	Base time.Duration
	// Max caps one wait (default 60s); a Retry-After longer than Max is
	// not waited for: the provider's answer is returned as it is.
	Max time.Duration
	// Budget caps the total wait of one call (default 3 minutes).
	Budget time.Duration
	// Sleep waits d or until ctx is done (then it returns ctx's error);
	// tests give a fake clock. By default a timer.
	Sleep func(ctx context.Context, d time.Duration) error
	// Jitter returns a number in [0, 1) (default math/rand/v2).
	Jitter func() float64
	// Now is the clock Retry-After dates are read against (default
	// time.Now).
	Now func() time.Time
}

func (p Retry) withDefaults() Retry {
	if p.Attempts <= 0 {
		p.Attempts = 5
	}
	if p.Base <= 0 {
		p.Base = time.Second
	}
	if p.Max <= 0 {
		p.Max = time.Minute
	}
	if p.Budget <= 0 {
		p.Budget = 3 * time.Minute
	}
	if p.Sleep == nil {
		p.Sleep = sleep
	}
	if p.Jitter == nil {
		p.Jitter = rand.Float64
	}
	if p.Now == nil {
		p.Now = time.Now
	}
	return p
}

// sleep waits d, or less when ctx is done.
func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Transport returns next (http.DefaultTransport when nil) with the policy
// applied.
func (p Retry) Transport(next http.RoundTripper) http.RoundTripper {
	if next == nil {
		next = http.DefaultTransport
	}
	return &retryTransport{p: p.withDefaults(), next: next}
}

// Client returns a copy of hc (or of a client with no timeout, when nil)
// whose transport retries under the policy.
func (p Retry) Client(hc *http.Client) *http.Client {
	c := &http.Client{}
	if hc != nil {
		*c = *hc
	}
	c.Transport = p.Transport(c.Transport)
	return c
}

type retryTransport struct {
	p    Retry
	next http.RoundTripper
}

func (t *retryTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	ctx := req.Context()
	if err := replayable(req); err != nil {
		return nil, err
	}
	var waited time.Duration
	for attempt := 1; ; attempt++ {
		r := req
		if attempt > 1 && req.GetBody != nil {
			body, err := req.GetBody()
			if err != nil {
				return nil, err
			}
			r = req.Clone(ctx)
			r.Body = body
		}
		resp, err := t.next.RoundTrip(r)
		if attempt >= t.p.Attempts || ctx.Err() != nil {
			return resp, err
		}
		var wait time.Duration
		switch {
		case err != nil:
			if !transient(err) {
				return nil, err
			}
			wait = t.backoff(attempt)
		case resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode >= 500:
			var told bool
			wait, told = toolrt.RetryAfter(resp.Header, t.p.Now())
			if !told {
				wait = t.backoff(attempt)
			}
		default:
			return resp, nil
		}
		if wait > t.p.Max || waited+wait > t.p.Budget {
			return resp, err // not worth waiting for: the caller sees the answer
		}
		if resp != nil {
			_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 1<<16))
			resp.Body.Close()
		}
		if err := t.p.Sleep(ctx, wait); err != nil {
			return nil, err
		}
		waited += wait
	}
}

// backoff is the wait before attempt+1: full jitter over Base·2^(attempt-1),
// at most Max.
func (t *retryTransport) backoff(attempt int) time.Duration {
	ceil := float64(t.p.Base) * math.Pow(2, float64(attempt-1))
	if ceil > float64(t.p.Max) {
		ceil = float64(t.p.Max)
	}
	return time.Duration(t.p.Jitter() * ceil)
}

// replayable makes sure a request with a body can send it again: an SDK
// that built the request from bytes set GetBody; otherwise the body is
// read into memory once.
func replayable(req *http.Request) error {
	if req.Body == nil || req.Body == http.NoBody || req.GetBody != nil {
		return nil
	}
	b, err := io.ReadAll(req.Body)
	req.Body.Close()
	if err != nil {
		return err
	}
	req.GetBody = func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(b)), nil }
	req.Body, _ = req.GetBody()
	return nil
}

// transient reports whether a transport error is worth another try: a
// connection reset or closed mid-answer. A refused connection is not:
// nothing listens there, and waiting would only delay the error.
func transient(err error) bool {
	return errors.Is(err, syscall.ECONNRESET) || errors.Is(err, io.ErrUnexpectedEOF) ||
		errors.Is(err, io.EOF) || errors.Is(err, syscall.EPIPE)
}
