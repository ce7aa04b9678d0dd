package toolrt

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/agentready/agentready/gen/toolrt/shape"
)

// Response is what came back from a call, beside the decoded body.
type Response struct {
	StatusCode int
	Header     http.Header
	// Raw is the body as received.
	Raw []byte
	// Elapsed is the time from sending the request to the response headers.
	Elapsed time.Duration
}

// HTTPError is a response whose status is not 2xx.
type HTTPError struct {
	Method, Path string
	StatusCode   int
	// Message is the API's own explanation, taken from the body's usual
	// fields (message, error, detail, errors[0], ...), or the start of a
	// text body.
	Message string
	// Hint says what the caller can do, e.g. which credential is missing.
	Hint string
	// Body is the response body as received.
	Body []byte
}

// Error reads like "GET /pets/{petId}: 404 Not Found: no pet with id 7".
func (e *HTTPError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s: %d %s", e.Method, e.Path, e.StatusCode, http.StatusText(e.StatusCode))
	if e.Message != "" {
		b.WriteString(": " + e.Message)
	}
	if e.Hint != "" {
		b.WriteString(" (" + e.Hint + ")")
	}
	return b.String()
}

// httpError describes a response whose status is not 2xx: the API's
// message, without any credential it may echo, and a hint (which
// credential is missing, when to retry, where a redirect that was not
// followed pointed).
func (c *Client) httpError(req *Request, r *http.Response, resp *Response) *HTTPError {
	e := &HTTPError{Method: req.method, Path: req.path, StatusCode: resp.StatusCode, Body: resp.Raw,
		Message: c.scrub(APIMessage(resp.Raw))}
	missing := c.missingCredentials(req.security)
	switch {
	case resp.StatusCode >= 300 && resp.StatusCode <= 399:
		e.Hint = c.redirectHint(r)
	case (resp.StatusCode == http.StatusUnauthorized || resp.StatusCode == http.StatusForbidden) && missing != "":
		e.Hint = missing
	default:
		e.Hint = retryHint(resp.StatusCode, resp.Header)
	}
	return e
}

// retryHint tells the model how long a 429 or 503 asked it to wait, in
// the API's own words ("retry after 30 seconds"); "" for other statuses
// or without Retry-After.
func retryHint(status int, h http.Header) string {
	if status != http.StatusServiceUnavailable && status != http.StatusTooManyRequests {
		return ""
	}
	ra := h.Get("Retry-After")
	if ra == "" {
		return ""
	}
	if isDigits(ra) {
		return "retry after " + ra + " seconds"
	}
	return "retry after " + ra
}

func isDigits(s string) bool {
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return s != ""
}

// APIMessage extracts the human-readable message from an error body: the
// fields APIs commonly use, then the start of a non-JSON body.
func APIMessage(body []byte) string {
	s := strings.TrimSpace(string(body))
	if s == "" {
		return ""
	}
	var v any
	if err := json.Unmarshal(body, &v); err != nil {
		return truncate(shape.OneLine(s), 300)
	}
	if msg := findMessage(v, 0); msg != "" {
		return truncate(shape.OneLine(msg), 300)
	}
	return ""
}

// messageKeys are the fields that carry an error's message, most specific
// first.
var messageKeys = []string{"message", "error_description", "detail", "error", "errorMessages", "errors", "title", "msg", "description", "reason"}

func findMessage(v any, depth int) string {
	if depth > 4 {
		return ""
	}
	switch x := v.(type) {
	case string:
		return x
	case map[string]any:
		var parts []string
		for _, k := range messageKeys {
			if e, ok := x[k]; ok {
				if m := findMessage(e, depth+1); m != "" {
					parts = append(parts, m)
					if k == "message" || k == "error_description" || k == "detail" {
						break
					}
				}
			}
		}
		return strings.Join(parts, "; ")
	case []any:
		var parts []string
		for i, e := range x {
			if i == 3 {
				break
			}
			if m := findMessage(e, depth+1); m != "" {
				parts = append(parts, m)
			}
		}
		return strings.Join(parts, "; ")
	}
	return ""
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "..."
}

// TransportError is a call that got no response: the connection failed,
// the request timed out or the body could not be read.
type TransportError struct {
	Method string
	// URL is where the request failed, without its query (which may hold
	// an API key): after redirects within the API's origin, the last
	// address.
	URL string
	// From is the address first asked for when a redirect led to URL;
	// empty otherwise.
	From string
	Err  error
	// Attempts is how many times the request was sent (0 when unknown).
	Attempts int
}

func (e *TransportError) Error() string {
	if e.From != "" {
		return fmt.Sprintf("%s %s (redirected from %s): %v", e.Method, e.URL, e.From, e.Err)
	}
	return fmt.Sprintf("%s %s: %v", e.Method, e.URL, e.Err)
}

func (e *TransportError) Unwrap() error { return e.Err }

// DecodeError is a 2xx response whose body does not match the declared
// schema's Go type. Response.Raw still holds the body.
type DecodeError struct {
	Method, Path string
	Err          error
}

func (e *DecodeError) Error() string {
	return fmt.Sprintf("%s %s: decoding the response: %v", e.Method, e.Path, e.Err)
}

func (e *DecodeError) Unwrap() error { return e.Err }

func redactURL(u *url.URL) string {
	c := *u
	c.RawQuery, c.User = "", nil
	return c.String()
}

func isJSONResponse(contentType string, body []byte) bool {
	if contentType != "" {
		return kindOfMedia(contentType) == mediaJSON
	}
	s := strings.TrimSpace(string(body[:min(len(body), 16)]))
	return strings.HasPrefix(s, "{") || strings.HasPrefix(s, "[")
}

func decodeJSON(body []byte, out any) error {
	return json.Unmarshal(body, out)
}
