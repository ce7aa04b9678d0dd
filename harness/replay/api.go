package replay

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net/http"
	"path/filepath"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/agentready/agentready/gen/toolrt"
)

// APIFile is the name of a run directory's recording of the API's
// exchanges, next to the model's (File).
const APIFile = "api-cassette.jsonl"

// MaxAPIBody is how much of a request or response body is recorded (32
// MiB, what the tool runtime reads of a response by default); the rest
// is cut off, both when recording and when answering from the recording.
const MaxAPIBody = toolrt.DefaultMaxResponseBytes + 1

// redacted stands in a recording for a credential.
const redacted = "REDACTED"

// APIEntry is one exchange with the API: the request, matched on replay
// by method, path and query (credentials removed) and body; and the
// response, or the error that came instead.
type APIEntry struct {
	Head
	Request  APIRequest   `json:"request"`
	Response *APIResponse `json:"response,omitempty"`
	Error    string       `json:"error,omitempty"`
}

// APIRequest is what a recording keeps of a request: no header (they
// carry credentials, and request editors add more), the URL without its
// origin (a replay may run against another port) and without the query's
// credentials.
type APIRequest struct {
	Method string `json:"method"`
	// URL is the path and the query, its parameters sorted.
	URL  string `json:"url"`
	Body Body   `json:"body,omitzero"`
}

// Key is the SHA-256, in hex, of the method, the URL and the body.
func (r APIRequest) Key() string {
	h := sha256.New()
	fmt.Fprintf(h, "%s %s\n", r.Method, r.URL)
	h.Write([]byte(r.Body.Text))
	h.Write(r.Body.Binary)
	return hex.EncodeToString(h.Sum(nil))
}

// APIResponse is a recorded response: its status, its headers but
// Set-Cookie, and its body.
type APIResponse struct {
	Status int         `json:"status"`
	Header http.Header `json:"header,omitempty"`
	Body   Body        `json:"body,omitzero"`
}

// Body is a recorded body: as text when it is UTF-8, else as bytes.
type Body struct {
	Text   string `json:"text,omitempty"`
	Binary []byte `json:"binary,omitempty"`
}

func newBody(b []byte) Body {
	if utf8.Valid(b) {
		return Body{Text: string(b)}
	}
	return Body{Binary: b}
}

func (b Body) bytes() []byte {
	if b.Binary != nil {
		return b.Binary
	}
	return []byte(b.Text)
}

// Credentials names where an API's requests carry credentials, beyond
// the Authorization, Proxy-Authorization and Cookie headers that always
// may: the headers and query parameters of its API keys.
type Credentials struct {
	Headers []string
	Query   []string
}

// CredentialsOf returns where the security schemes put credentials.
func CredentialsOf(schemes []toolrt.SecurityScheme) Credentials {
	var c Credentials
	for _, s := range schemes {
		if s.Kind != toolrt.APIKey || s.ParamName == "" {
			continue
		}
		switch s.In {
		case "header":
			c.Headers = append(c.Headers, s.ParamName)
		case "query":
			c.Query = append(c.Query, s.ParamName)
		}
	}
	return c
}

// commonQueryKeys are query parameters that carry credentials in APIs
// whose spec does not say so; a recording leaves them out too.
// ("key" and "token" are not among them: paging tokens and lookup keys
// are ordinary data, and their values must replay as they were).
var commonQueryKeys = []string{"access_token", "api_key", "apikey", "api-key", "client_secret"}

// request returns what a recording keeps of r, whose body is body, and
// the credentials it carried (their values), to be redacted wherever else
// they show up.
func (c Credentials) request(r *http.Request, body []byte) (APIRequest, []string) {
	var secrets []string
	for _, name := range append([]string{"Authorization", "Proxy-Authorization"}, c.Headers...) {
		for _, v := range r.Header.Values(name) {
			secrets = append(secrets, v)
			if _, token, ok := strings.Cut(v, " "); ok {
				secrets = append(secrets, token) // the token of "Bearer <token>"
			}
		}
	}
	for _, ck := range r.Cookies() {
		secrets = append(secrets, ck.Value)
	}
	q := r.URL.Query()
	for _, k := range append(c.Query, commonQueryKeys...) {
		for name := range q {
			if strings.EqualFold(name, k) {
				secrets = append(secrets, q[name]...)
				delete(q, name)
			}
		}
	}
	u := r.URL.EscapedPath()
	if len(q) > 0 {
		u += "?" + q.Encode() // sorted by key
	}
	return APIRequest{Method: r.Method, URL: u, Body: newBody(body)}, secrets
}

// redact replaces every secret (of 4 characters or more: shorter ones
// would blank out ordinary words) in s.
func redact(s string, secrets []string) string {
	for _, v := range secrets {
		if len(v) >= 4 {
			s = strings.ReplaceAll(s, v, redacted)
		}
	}
	return s
}

// redactEntry removes the secrets from everything e says.
func redactEntry(e *APIEntry, secrets []string) {
	e.Request.URL = redact(e.Request.URL, secrets)
	e.Request.Body.Text = redact(e.Request.Body.Text, secrets)
	e.Error = redact(e.Error, secrets)
	if r := e.Response; r != nil {
		r.Body.Text = redact(r.Body.Text, secrets)
		for k, vs := range r.Header {
			for i := range vs {
				vs[i] = redact(vs[i], secrets)
			}
			r.Header[k] = vs
		}
	}
}

// readBody reads up to MaxAPIBody of b and closes it.
func readBody(b io.ReadCloser) ([]byte, error) {
	if b == nil || b == http.NoBody {
		return nil, nil
	}
	defer b.Close()
	return io.ReadAll(io.LimitReader(b, MaxAPIBody))
}

// APIRecorder is an http.RoundTripper that sends requests on, and,
// while open (Open), writes every exchange to a run directory's API
// cassette (APIFile): never a request header, and no credential, not
// even one the API echoes.
type APIRecorder struct {
	next  http.RoundTripper
	creds Credentials

	mu sync.Mutex
	t  *tape
}

// NewAPIRecorder returns a recorder sending requests through next, whose
// requests carry credentials where creds says.
func NewAPIRecorder(next http.RoundTripper, creds Credentials) *APIRecorder {
	return &APIRecorder{next: next, creds: creds}
}

// Open starts recording into dir's API cassette; with resume, the
// entries already there are kept, as OpenRecorder keeps a model's.
func (a *APIRecorder) Open(dir string, resume bool) error {
	t, err := openTape[APIEntry](filepath.Join(dir, APIFile), resume)
	if err != nil {
		return err
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.t != nil {
		t.close()
		return errors.New("replay: the API recorder is open already")
	}
	a.t = t
	return nil
}

// Close stops recording; later requests are only sent.
func (a *APIRecorder) Close() error {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.t == nil {
		return nil
	}
	err := a.t.close()
	a.t = nil
	return err
}

func (a *APIRecorder) tape() *tape {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.t
}

// RoundTrip sends r and records the exchange under r's scope (ScopeOf
// its context). An exchange cut short by the context is not recorded:
// its case runs again.
func (a *APIRecorder) RoundTrip(r *http.Request) (*http.Response, error) {
	t := a.tape()
	if t == nil {
		return a.next.RoundTrip(r)
	}
	body, err := readBody(r.Body)
	if err != nil {
		return nil, err
	}
	if len(body) >= MaxAPIBody {
		return nil, fmt.Errorf("replay: a request body of more than %d bytes cannot be recorded: run without --record", MaxAPIBody-1)
	}
	out := r.Clone(r.Context())
	out.Body = io.NopCloser(bytes.NewReader(body))
	if body == nil {
		out.Body = nil
	}
	resp, sendErr := a.next.RoundTrip(out)
	if sendErr != nil && r.Context().Err() != nil {
		return nil, sendErr
	}
	req, secrets := a.creds.request(r, body)
	scope := ScopeOf(r.Context())
	e := &APIEntry{Request: req}
	if sendErr != nil {
		e.Error = sendErr.Error()
	} else {
		got, err := readBody(resp.Body)
		if err != nil {
			return nil, err
		}
		resp.Body = io.NopCloser(bytes.NewReader(got))
		h := resp.Header.Clone()
		h.Del("Set-Cookie")
		e.Response = &APIResponse{Status: resp.StatusCode, Header: h, Body: newBody(got)}
	}
	redactEntry(e, secrets)
	e.Head = t.next(scope, req.Key())
	if err := t.write(e, scope); err != nil {
		return nil, err
	}
	return resp, sendErr
}

// APICassette is a recording of the API's exchanges, read for replay.
type APICassette struct {
	x     *index[APIEntry, *APIEntry]
	creds Credentials
}

// LoadAPI reads dir's API cassette; creds says where requests carry
// credentials, to leave them out of the match as the recording did.
func LoadAPI(dir string, creds Credentials) (*APICassette, error) {
	x, err := loadIndex[APIEntry](dir, APIFile, "record the run again with --record")
	if err != nil {
		return nil, err
	}
	return &APICassette{x: x, creds: creds}, nil
}

// Calls is the number of API exchanges the cassette holds.
func (c *APICassette) Calls() int { return c.x.calls() }

// Transport returns an http.RoundTripper that answers every request from
// the cassette, by its scope, its key and its occurrence, and sends
// nothing: a request not recorded fails with a *NotRecordedError.
func (c *APICassette) Transport() http.RoundTripper {
	return &apiPlayer{c: c, count: newCounter()}
}

type apiPlayer struct {
	c     *APICassette
	count *counter
}

// RoundTrip answers r as recorded.
func (p *apiPlayer) RoundTrip(r *http.Request) (*http.Response, error) {
	if err := r.Context().Err(); err != nil {
		return nil, err
	}
	body, err := readBody(r.Body)
	if err != nil {
		return nil, err
	}
	req, secrets := p.c.creds.request(r, body)
	probe := &APIEntry{Request: req}
	redactEntry(probe, secrets) // as it was recorded
	req = probe.Request
	scope := ScopeOf(r.Context())
	key := req.Key()
	seq, occ := p.count.next(scope, key)
	e := p.c.x.find(scope, key, occ)
	if e == nil {
		return nil, p.c.miss(scope, seq, req)
	}
	if e.Error != "" {
		return nil, errors.New(e.Error)
	}
	b := e.Response.Body.bytes()
	return &http.Response{
		Status: fmt.Sprintf("%d %s", e.Response.Status, http.StatusText(e.Response.Status)), StatusCode: e.Response.Status,
		Proto: "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1,
		Header: e.Response.Header.Clone(), Body: io.NopCloser(bytes.NewReader(b)), ContentLength: int64(len(b)), Request: r,
	}, nil
}

// miss explains why the seq-th API call of scope, req, is not in the
// cassette, comparing it with the call recorded in its place.
func (c *APICassette) miss(scope string, seq int, req APIRequest) *NotRecordedError {
	e := &NotRecordedError{Scope: scope}
	es := c.x.scopes[scope]
	call := req.Method + " " + pathOf(req.URL)
	switch {
	case len(es) == 0:
		e.Reason = "the recording has no API call of this case (it was not in the recorded run)"
	case seq >= len(es):
		e.Reason = fmt.Sprintf("the case called the API %d times in the recording, and now more (%s)", len(es), call)
	default:
		was := es[seq].Request
		wasCall := was.Method + " " + pathOf(was.URL)
		var what []string
		if was.URL != req.URL {
			what = append(what, "query")
		}
		if !bytes.Equal(was.Body.bytes(), req.Body.bytes()) {
			what = append(what, "body")
		}
		switch {
		case wasCall != call:
			e.Reason = fmt.Sprintf("API call %d (%s) is another than the recorded one (%s): the case's data or arguments changed", seq+1, call, wasCall)
		case len(what) > 0:
			e.Reason = fmt.Sprintf("API call %d (%s) differs from the recording in its %s: the case's data or arguments changed", seq+1, call, strings.Join(what, " and "))
		default:
			e.Reason = fmt.Sprintf("API call %d (%s) is recorded fewer times than it is made now", seq+1, call)
		}
	}
	return e
}

// pathOf is a recorded URL without its query.
func pathOf(u string) string {
	p, _, _ := strings.Cut(u, "?")
	return p
}
