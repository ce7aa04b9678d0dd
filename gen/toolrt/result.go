package toolrt

import (
	"context"
	"crypto/tls"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/agentready/agentready/gen/toolrt/shape"
)

// DefaultResultTokens is the budget of a result's text when
// ResultOptions.MaxTokens is not set.
const DefaultResultTokens = shape.DefaultTokens

// ResultOptions shape the text an LLM reads.
type ResultOptions struct {
	// MaxTokens is the budget for the whole result text; 0 means
	// DefaultResultTokens. Bodies are trimmed to fit it; only a budget too
	// small for the status line and advice (under about 60 tokens) is
	// exceeded.
	MaxTokens int
	// Count counts the tokens of a text. nil estimates them as the length
	// in bytes divided by 4, rounded up; pass the model's tokenizer for
	// exact budgets.
	Count func(string) int
	// Timeout bounds each tool call, retries included: the call is
	// canceled when it has had no complete answer after Timeout, and its
	// text says how long it waited. 0 leaves the bound to the caller's
	// context and the HTTP client's own timeout.
	Timeout time.Duration
}

// ResultKind classifies the outcome of a tool call.
type ResultKind string

// The kinds of result.
const (
	// ResultOKJSON is a 2xx response with a JSON body (including an empty
	// list or object, which the text calls out).
	ResultOKJSON ResultKind = "ok_json"
	// ResultOKText is a 2xx response with a text body that is not JSON
	// (plain text, HTML shown without its tags, XML, CSV).
	ResultOKText ResultKind = "ok_text"
	// ResultOKBinary is a 2xx response with a binary body (an image, a
	// PDF), which is described but not shown.
	ResultOKBinary ResultKind = "ok_binary"
	// ResultOKEmpty is a 2xx response without a body, such as 204.
	ResultOKEmpty ResultKind = "ok_empty"
	// ResultMalformed is a 2xx response whose body is declared JSON but
	// is not, or does not match the operation's documented schema; the
	// body is shown as it came.
	ResultMalformed ResultKind = "malformed"
	// ResultHTTPError is a response whose status is not 2xx.
	ResultHTTPError ResultKind = "http_error"
	// ResultTimeout is a call that got no response in time (the client's
	// timeout or the context's deadline).
	ResultTimeout ResultKind = "timeout"
	// ResultUnreachable is a call that got no response because the
	// connection failed: refused, reset, unknown host, TLS.
	ResultUnreachable ResultKind = "unreachable"
	// ResultCanceled is a call whose context was canceled.
	ResultCanceled ResultKind = "canceled"
	// ResultTooLarge is a response larger than the client reads
	// (WithMaxResponseBytes).
	ResultTooLarge ResultKind = "too_large"
	// ResultInvalidArgs is a request that was not sent because its
	// arguments could not be serialized (a missing path parameter, a value
	// of the wrong shape): the model can correct them.
	ResultInvalidArgs ResultKind = "invalid_args"
	// ResultMisconfigured is a request that was not sent because the
	// client is misconfigured (its server URL, security scheme or request
	// editor failed): only the user can fix it.
	ResultMisconfigured ResultKind = "misconfigured"
)

// Result is what one tool call gives the model, plus facts for traces and
// classification.
type Result struct {
	// Text is exactly what the LLM reads.
	Text string `json:"text"`
	// Status is the HTTP status, 0 when there was no response.
	Status int `json:"status,omitempty"`
	// OK is whether the status is 2xx.
	OK bool `json:"ok"`
	// Kind classifies the outcome.
	Kind ResultKind `json:"kind"`
	// Truncated is whether the body was trimmed to fit the budget.
	Truncated bool `json:"truncated,omitempty"`
	// Omitted says what was left out, e.g. "items 21-500 of 500".
	Omitted string `json:"omitted,omitempty"`
	// BodyTokens is the size in tokens of the whole body as it would be
	// shown untrimmed (compact JSON, text without HTML tags); 0 for empty
	// and binary bodies.
	BodyTokens int `json:"bodyTokens,omitempty"`
}

// NewResult turns the outcome of Client.Do into the text a model reads:
// resp as Do filled it (nil or zero when there was no response) and err as
// Do returned it (nil, an *HTTPError, *TransportError or *DecodeError, a
// context error, or an error building the request). Every outcome becomes
// a readable result; none is an error. The text starts with the status
// ("200 OK", "404 Not Found: <the API's message>", "no response: ...")
// and, for failures, says why and what to do next. It never contains
// headers, and URLs in it lose their query and user info.
func NewResult(resp *Response, err error, opts ResultOptions) Result {
	w := &resultWriter{max: opts.MaxTokens, count: opts.Count, timeout: opts.Timeout}
	if w.max <= 0 {
		w.max = DefaultResultTokens
	}
	if w.count == nil {
		w.count = shape.TokenEstimate
	}
	var he *HTTPError
	var de *DecodeError
	var res Result
	switch {
	case errors.As(err, &he):
		res = w.httpError(resp, he)
	case err != nil && !errors.As(err, &de):
		res = w.failure(err)
	case resp == nil || resp.StatusCode == 0:
		res = Result{Kind: ResultMalformed, Text: "no response was recorded for this call."}
		if de != nil {
			res.Text = "the response could not be decoded: " + resultScrubURLs(de.Error())
		}
	case resp.StatusCode < 200 || resp.StatusCode > 299:
		res = w.httpError(resp, nil)
	default:
		res = w.success(resp, de)
	}
	res.Text = strings.ToValidUTF8(res.Text, "\uFFFD")
	return res
}

// resultWriter holds the options of one NewResult call.
type resultWriter struct {
	max     int
	count   func(string) int
	timeout time.Duration
}

// resultStatusLine reads like "404 Not Found".
func resultStatusLine(code int) string {
	if t := http.StatusText(code); t != "" {
		return strconv.Itoa(code) + " " + t
	}
	return strconv.Itoa(code)
}

// success writes a 2xx response.
func (w *resultWriter) success(resp *Response, de *DecodeError) Result {
	res := Result{Status: resp.StatusCode, OK: true}
	status := resultStatusLine(resp.StatusCode)
	b := shape.Prepare(resp.Raw, resp.Header.Get("Content-Type"), w.count)
	res.BodyTokens = b.Tokens
	var notes []string
	if de != nil {
		notes = append(notes, "the body does not match the API's documented schema")
	}
	head := func(parts ...string) string {
		parts = append(parts, notes...)
		var kept []string
		for _, p := range parts {
			if p != "" {
				kept = append(kept, p)
			}
		}
		if len(kept) == 0 {
			return status
		}
		return status + " (" + strings.Join(kept, "; ") + ")"
	}
	switch b.Kind {
	case shape.BodyEmpty:
		res.Kind, res.Text = ResultOKEmpty, head()+": succeeded, no body"
	case shape.BodyBinary:
		res.Kind = ResultOKBinary
		res.Text = head(fmt.Sprintf("%s, %d bytes", shape.Media(b.Media), b.Bytes)) + ": binary content, not shown"
	case shape.BodyText:
		res.Kind = ResultOKText
		if b.BadJSON {
			res.Kind = ResultMalformed
		}
		what := b.Describe()
		res.Text, res.Omitted, res.Truncated = w.compose(w.max, b, func(c shape.Cut) string {
			return head(what, c.Note())
		})
	case shape.BodyJSON:
		res.Kind = ResultOKJSON
		if de != nil {
			res.Kind = ResultMalformed
		}
		if nothing := b.Nothing(); nothing != "" {
			res.Text = head() + ": " + nothing
			return res
		}
		count, empty := b.Count(), b.EmptyLists()
		res.Text, res.Omitted, res.Truncated = w.compose(w.max, b, func(c shape.Cut) string {
			return head(count, empty, c.Note())
		})
	}
	return res
}

// compose writes head and b within limit tokens (shape.Compose).
func (w *resultWriter) compose(limit int, b *shape.Body, head func(shape.Cut) string) (text, omitted string, truncated bool) {
	text, c := shape.Compose(limit, w.count, func(budget int) (string, shape.Cut) {
		return b.Fit(budget, w.count)
	}, head)
	return text, c.Omitted, c.Truncated
}

// httpError writes a response whose status is not 2xx, from resp or, when
// resp was not filled in, from he.
func (w *resultWriter) httpError(resp *Response, he *HTTPError) Result {
	var status int
	var raw []byte
	var header http.Header
	if resp != nil && resp.StatusCode != 0 {
		status, raw, header = resp.StatusCode, resp.Raw, resp.Header
	} else if he != nil {
		status, raw = he.StatusCode, he.Body
	}
	hint := retryHint(status, header)
	if he != nil {
		hint = he.Hint
	}
	res := Result{Status: status, OK: false, Kind: ResultHTTPError}
	b := shape.Prepare(raw, header.Get("Content-Type"), w.count)
	res.BodyTokens = b.Tokens
	next := resultAdvice(status, hint)
	fixed := w.count(resultStatusLine(status)+next) + 2
	msg, showJSON := "", false
	switch b.Kind {
	case shape.BodyJSON:
		msg = APIMessage(b.JSON())
		showJSON = msg == "" || !resultTrivialError(b.JSON())
	case shape.BodyText:
		msg = shape.OneLine(b.Text())
	case shape.BodyBinary:
		msg = fmt.Sprintf("(%s, %d bytes)", shape.Media(b.Media), b.Bytes)
	}
	if msg != "" {
		budget := min(120, max(w.max-fixed, 8))
		cut, _ := shape.FitText(msg, w.count(msg), budget, w.count)
		msg = ": " + cut
	}
	line := resultStatusLine(status) + msg + "\n" + next
	if !showJSON || w.max-w.count(line) < 30 {
		res.Text = line
		return res
	}
	limit := min(w.max, w.count(line)+300)
	res.Text, res.Omitted, res.Truncated = w.compose(limit, b, func(shape.Cut) string { return line })
	return res
}

// resultAdvice says what a status means for the model and what to do next.
func resultAdvice(status int, hint string) string {
	var s string
	switch {
	case status == 400 || status == 422:
		s = "The API rejected the arguments: correct the field it names and call again."
	case status == 401:
		s = "The credentials are missing or invalid; changing the arguments will not fix this: tell the user."
	case status == 403:
		s = "Not allowed with these credentials: do not retry; tell the user if this is needed."
	case status == 404:
		s = "That ID or path does not exist: look it up first with a list or search tool."
	case status == 405:
		s = "This operation is not allowed on that resource."
	case status == 408:
		s = "The server gave up waiting for the request: try again later."
	case status == 409:
		s = "Conflict with the resource's current state: fetch it again, then retry with current values."
	case status == 410:
		s = "It no longer exists."
	case status == 412:
		s = "A precondition failed: fetch the resource again, then retry."
	case status == 413:
		s = "The request is too large: send less."
	case status == 429:
		s = "Rate limited: wait before calling again; do not repeat immediately."
	case status >= 500:
		s = "The server failed: try again later; do not repeat immediately."
	case status >= 400:
		s = "The API refused the request: check the arguments."
	case status >= 300:
		s = "The API answered with a redirect, which this tool does not follow."
	default:
		s = "An unexpected status."
	}
	if hint != "" {
		s = strings.TrimSuffix(s, ".") + " (" + hint + ")."
	}
	return s
}

// resultTrivialKeys are the fields of an error body that only restate its
// message or status.
var resultTrivialKeys = map[string]bool{"message": true, "error": true, "errors": true, "error_description": true,
	"detail": true, "title": true, "msg": true, "status": true, "statusCode": true, "status_code": true}

// resultTrivialError reports whether an error body adds nothing to its
// message: every field is a message or status (or a number "code").
func resultTrivialError(body []byte) bool {
	var v any
	if json.Unmarshal(body, &v) != nil {
		return false
	}
	var trivial func(v any, depth int) bool
	trivial = func(v any, depth int) bool {
		switch x := v.(type) {
		case map[string]any:
			for k, e := range x {
				_, isNum := e.(float64)
				switch {
				case k == "code" && isNum:
				case !resultTrivialKeys[k]:
					return false
				case !trivial(e, depth+1):
					return false
				}
			}
		case []any:
			if len(x) > 1 {
				return false
			}
			for _, e := range x {
				if !trivial(e, depth+1) {
					return false
				}
			}
		}
		return depth < 4
	}
	return trivial(v, 0)
}

// failure writes a call that got no response.
func (w *resultWriter) failure(err error) Result {
	var te *TransportError
	switch {
	case resultIsTimeout(err):
		s := "no response: the request timed out"
		if w.timeout > 0 {
			s += " after " + w.timeout.String()
		}
		if resultWhileReading(err) {
			s += " while reading the response"
		}
		var te *TransportError
		if errors.As(err, &te) && !mayResend(te.Method, nil) {
			// A write may have reached the API before the answer was lost.
			return Result{Kind: ResultTimeout, Text: s + ". The request may have reached the API and been applied: check with a tool that reads whether it was, before calling this again; do not simply repeat it."}
		}
		return Result{Kind: ResultTimeout, Text: s + ". The API may be slow or overloaded: try again later, or narrow the request (fewer items, tighter filters)."}
	case errors.Is(err, context.Canceled):
		return Result{Kind: ResultCanceled, Text: "no response: the call was canceled before the API answered (the run is stopping). Do not retry."}
	case errors.As(err, &te):
		if inner := te.Err.Error(); strings.HasPrefix(inner, "the response is larger than") {
			return Result{Kind: ResultTooLarge, Text: "no response: " + inner + ", more than this client reads. Ask for less with the tool's paging or filter parameters."}
		}
		return Result{Kind: ResultUnreachable, Text: w.fitLine("no response: ", resultConnProblem(te),
			". The service is down or unreachable: try again later; if it keeps failing, tell the user.")}
	}
	msg := shape.OneLine(resultScrubURLs(err.Error()))
	if rest, ok := strings.CutPrefix(msg, "toolrt:"); ok {
		return Result{Kind: ResultMisconfigured, Text: w.fitLine("not sent: ", strings.TrimSpace(rest),
			". The tool is misconfigured; changing the arguments will not fix this: tell the user.")}
	}
	return Result{Kind: ResultInvalidArgs, Text: w.fitLine("not sent: ", msg, ". Correct the arguments and call again.")}
}

// fitLine joins prefix, msg and suffix, shortening msg to at most 300
// characters and to what the budget leaves by cutting out its middle: an
// error's end says what failed, its start where.
func (w *resultWriter) fitLine(prefix, msg, suffix string) string {
	budget := max(w.max-w.count(prefix+suffix)-1, 8)
	rs := []rune(msg)
	if len(rs) <= 300 && w.count(msg) <= budget {
		return prefix + msg + suffix
	}
	elide := func(k int) string {
		head := k / 3
		return string(rs[:head]) + " … " + string(rs[len(rs)-(k-head):])
	}
	k := shape.LargestFit(min(len(rs), 300), budget*len(rs)/max(w.count(msg), 1), 0, func(k int) bool {
		return w.count(elide(k)) <= budget
	})
	return prefix + elide(max(k, 0)) + suffix
}

// resultIsTimeout reports whether err is a timeout: the client's, the
// context's deadline or the connection's.
func resultIsTimeout(err error) bool {
	var ne net.Error
	return errors.Is(err, context.DeadlineExceeded) || errors.Is(err, os.ErrDeadlineExceeded) ||
		errors.As(err, &ne) && ne.Timeout()
}

// resultWhileReading reports whether a transport error happened while reading the
// body, after the headers came.
func resultWhileReading(err error) bool {
	var te *TransportError
	var ue *url.Error
	return errors.As(err, &te) && !errors.As(err, &ue) && strings.HasPrefix(te.Err.Error(), "reading the response")
}

// resultConnProblem says why a connection failed, without the request's
// URL (url.Error's text holds the query, where API keys may be).
func resultConnProblem(te *TransportError) string {
	host := "the API"
	if u, err := url.Parse(te.URL); err == nil && u.Host != "" {
		host = u.Host
	}
	err := te.Err
	var dns *net.DNSError
	var cert *tls.CertificateVerificationError
	var rec tls.RecordHeaderError
	switch {
	case resultWhileReading(te):
		return "the connection to " + host + " broke while reading the response"
	case errors.Is(err, syscall.ECONNREFUSED):
		return "could not connect to " + host + " (connection refused)"
	case errors.As(err, &dns):
		return "could not find the host " + host + " (DNS lookup failed)"
	case errors.As(err, &cert):
		return "could not open a secure connection to " + host + " (its TLS certificate was not accepted)"
	case errors.As(err, &rec):
		return "could not open a secure connection to " + host + " (it does not speak TLS)"
	case errors.Is(err, syscall.ECONNRESET):
		return "the connection to " + host + " was reset"
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return host + " closed the connection without answering"
	}
	var ue *url.Error
	if errors.As(err, &ue) {
		err = ue.Err
	}
	return "could not reach " + host + " (" + shape.Runes(shape.OneLine(resultScrubURLs(err.Error())), 200) + ")"
}

// resultURLPattern finds URLs in error messages.
var resultURLPattern = regexp.MustCompile(`(?i)\b[a-z][a-z0-9+.-]*://[^\s"'<>]+`)

// resultScrubURLs removes the query, fragment and user info of the URLs in s:
// they may hold credentials.
func resultScrubURLs(s string) string {
	return resultURLPattern.ReplaceAllStringFunc(s, func(m string) string {
		if u, err := url.Parse(m); err == nil {
			u.RawQuery, u.Fragment, u.RawFragment, u.User, u.ForceQuery = "", "", "", nil, false
			return u.String()
		}
		if i := strings.IndexAny(m, "?#"); i >= 0 {
			m = m[:i]
		}
		if i := strings.Index(m, "://"); i >= 0 {
			if at := strings.LastIndexByte(m, '@'); at > i {
				m = m[:i+3] + m[at+1:]
			}
		}
		return m
	})
}
