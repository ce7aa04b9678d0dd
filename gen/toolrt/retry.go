package toolrt

import (
	"context"
	"errors"
	"math/rand/v2"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/agentready/agentready/internal/httpmethod"
)

// RetryPolicy says how a Client retries a request that got no answer or a
// transient one: a refused or reset connection, a timeout, 429, 502, 503
// or 504. Only requests that may be sent twice are retried: the
// idempotent methods (GET, HEAD, OPTIONS, TRACE, PUT, DELETE) and any
// request that carries an Idempotency-Key header. Waits grow from Base,
// doubling, each drawn at random between half of it and all of it (so that
// many clients do not retry in step), and never exceed MaxWait; a
// Retry-After the API sends is honoured when it is no longer than MaxWait,
// and ends the retries when it is.
type RetryPolicy struct {
	// Attempts is how many times a request is sent at most (1: never
	// retried).
	Attempts int
	// Base is the first wait; MaxWait the longest one.
	Base, MaxWait time.Duration
}

// DefaultRetryPolicy is what a Client uses unless WithRetry says
// otherwise: 3 attempts, waits from 250 ms up to 8 s.
var DefaultRetryPolicy = RetryPolicy{Attempts: 3, Base: 250 * time.Millisecond, MaxWait: 8 * time.Second}

// WithRetry sets the client's retry policy; RetryPolicy{Attempts: 1}
// turns retries off.
func WithRetry(p RetryPolicy) Option {
	return func(c *Client) error {
		if p.Attempts < 1 {
			p.Attempts = 1
		}
		if p.Base <= 0 {
			p.Base = DefaultRetryPolicy.Base
		}
		if p.MaxWait < p.Base {
			p.MaxWait = p.Base
		}
		c.retry = p
		return nil
	}
}

// IdempotencyHeader is the header that makes a request safe to send
// twice where the API supports it.
const IdempotencyHeader = "Idempotency-Key"

// mayResend reports whether a request may be sent again without risk of
// doing twice what it asks.
func mayResend(method string, h http.Header) bool {
	if httpmethod.Idempotent(method) {
		return true
	}
	return h != nil && h.Get(IdempotencyHeader) != ""
}

// transient reports whether an attempt's outcome may pass if tried again,
// and how long the API asked to wait (0 when it did not say). ctx is the
// caller's: its own deadline or cancellation ends the retries. A
// transport's error with a Permanent method that says true (a replay's
// "not recorded") is not retried.
func transient(ctx context.Context, resp *http.Response, err error) (bool, time.Duration) {
	if ctx.Err() != nil {
		return false, 0
	}
	if err != nil {
		var p interface{ Permanent() bool }
		if errors.As(err, &p) && p.Permanent() {
			return false, 0
		}
		return !errors.Is(err, context.Canceled), 0
	}
	switch resp.StatusCode {
	case http.StatusTooManyRequests, http.StatusBadGateway, http.StatusServiceUnavailable, http.StatusGatewayTimeout:
		wait, _ := RetryAfter(resp.Header, time.Now())
		return true, wait
	}
	return false, 0
}

// RetryAfter reads how long a server asks a client to wait before trying
// again: retry-after-ms (milliseconds, as OpenAI and Anthropic send it),
// else Retry-After in seconds (fractions allowed) or as an HTTP date,
// counted from now (a date in the past is 0). ok is false when neither
// header is there or readable. The tool runtime and the model clients of
// the harness both read it here.
func RetryAfter(h http.Header, now time.Time) (wait time.Duration, ok bool) {
	if v := strings.TrimSpace(h.Get("Retry-After-Ms")); v != "" {
		if ms, err := strconv.ParseFloat(v, 64); err == nil && ms >= 0 && ms < 1e12 {
			return time.Duration(ms * float64(time.Millisecond)), true
		}
	}
	v := strings.TrimSpace(h.Get("Retry-After"))
	if v == "" {
		return 0, false
	}
	if s, err := strconv.ParseFloat(v, 64); err == nil && s >= 0 && s < 1e9 {
		return time.Duration(s * float64(time.Second)), true
	}
	if at, err := http.ParseTime(v); err == nil {
		return max(at.Sub(now), 0), true
	}
	return 0, false
}

// wait returns how long to wait before attempt n (1 for the first retry),
// and false when the API asked for longer than the policy allows.
func (p RetryPolicy) wait(n int, asked time.Duration) (time.Duration, bool) {
	if asked > 0 {
		return asked, asked <= p.MaxWait
	}
	d := p.Base << (n - 1)
	if d > p.MaxWait || d <= 0 {
		d = p.MaxWait
	}
	return d/2 + rand.N(d/2+1), true
}

// sleep waits d or until ctx is done, and reports whether it waited.
func sleep(ctx context.Context, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-ctx.Done():
		return false
	}
}
