package toolrt

import (
	"encoding/base64"
	"errors"
	"net/http"
	"net/url"
	"strings"
)

// maxRedirects is how many redirects within the API's origin a request
// follows, as Go's default client does.
const maxRedirects = 10

// guardRedirects returns a copy of hc that follows a redirect only within
// the origin (scheme, host and port) of the request it started from.
// Credentials travel in many places (Authorization, an API key's own
// header, the query, a cookie, whatever a request editor adds) and Go's
// client strips only Authorization and Cookie, and only when the host
// changes: not following any redirect to another origin is the one rule
// that keeps every one of them with the API. The answer that pointed
// elsewhere is returned as it is; Do says where it pointed. Within the
// origin the Referer, which carries the previous URL's query and so a
// query API key, is dropped too; the query parameters named in queryKeys
// (API keys sent in the query) that the first request carried are sent
// again when the new address lacks them, as Go's client re-sends headers.
// hc's own CheckRedirect, if any, still decides about the redirects this
// one allows.
func guardRedirects(hc *http.Client, queryKeys []string) *http.Client {
	cp := *hc
	next := hc.CheckRedirect
	cp.CheckRedirect = func(req *http.Request, via []*http.Request) error {
		if len(via) > 0 && !sameOrigin(req.URL, via[0].URL) {
			return http.ErrUseLastResponse
		}
		req.Header.Del("Referer")
		if len(via) > 0 && len(queryKeys) > 0 {
			first, q := via[0].URL.Query(), req.URL.Query()
			changed := false
			for _, k := range queryKeys {
				if v, ok := first[k]; ok && !q.Has(k) {
					q[k] = v
					changed = true
				}
			}
			if changed {
				req.URL.RawQuery = q.Encode()
			}
		}
		if next != nil {
			return next(req, via)
		}
		if len(via) >= maxRedirects {
			return errors.New("stopped after 10 redirects")
		}
		return nil
	}
	return &cp
}

// sameOrigin reports whether a and b have the same scheme, host and port,
// a missing port being the scheme's default.
func sameOrigin(a, b *url.URL) bool {
	return origin(a) == origin(b)
}

// origin is "scheme://host:port" in lower case, with the default port
// spelled out.
func origin(u *url.URL) string {
	scheme := strings.ToLower(u.Scheme)
	port := u.Port()
	if port == "" {
		port = map[string]string{"http": "80", "https": "443"}[scheme]
	}
	return scheme + "://" + strings.ToLower(u.Hostname()) + ":" + port
}

// redirectHint says where a redirect the client did not follow pointed,
// for the model and the user; "" when r is no redirect to another origin.
func (c *Client) redirectHint(r *http.Response) string {
	if r.StatusCode < 300 || r.StatusCode > 399 || r.Request == nil {
		return ""
	}
	loc, err := r.Location()
	if err != nil || sameOrigin(loc, r.Request.URL) {
		return ""
	}
	return "it points to " + c.scrub(redactURL(loc)) + ", outside the API's origin " +
		redactURL(&url.URL{Scheme: r.Request.URL.Scheme, Host: r.Request.URL.Host}) +
		", where the credentials must not go; not followed: tell the user"
}

// transportError records a request that got no response, naming the
// address where it failed (after any redirects within the origin) and
// keeping every credential out of its text: Go's *url.Error quotes the
// whole URL, query API key included.
func (c *Client) transportError(method string, hr *http.Request, err error, attempts int) *TransportError {
	te := &TransportError{Method: method, URL: redactURL(hr.URL), Attempts: attempts}
	var ue *url.Error
	if errors.As(err, &ue) {
		if u, perr := url.Parse(ue.URL); perr == nil {
			if where := redactURL(u); where != te.URL {
				te.From, te.URL = te.URL, where
			}
		}
		err = &url.Error{Op: ue.Op, URL: te.URL, Err: ue.Err}
	}
	if msg := err.Error(); c.scrub(msg) != msg {
		err = errors.New(c.scrub(msg))
	}
	te.Err = err
	return te
}

// redactedMark stands for a credential in text.
const redactedMark = "[redacted]"

// scrub replaces in s every credential the client holds, as written and
// as encoded in a URL or a basic-auth header.
func (c *Client) scrub(s string) string {
	for name, cred := range c.credentials {
		for _, form := range credentialForms(c.schemes[name], cred) {
			s = strings.ReplaceAll(s, form, redactedMark)
		}
	}
	return s
}

// credentialForms are the spellings of a credential that may show up in
// a message; forms shorter than 4 bytes are left out, as they would
// redact ordinary words.
func credentialForms(s SecurityScheme, cred string) []string {
	forms := []string{cred, url.QueryEscape(cred), url.PathEscape(cred)}
	if s.Kind == BasicAuth {
		forms = append(forms, base64.StdEncoding.EncodeToString([]byte(cred)))
		if _, pass, ok := strings.Cut(cred, ":"); ok {
			forms = append(forms, pass, url.QueryEscape(pass))
		}
	}
	out := forms[:0]
	for _, f := range forms {
		if len(f) >= 4 {
			out = append(out, f)
		}
	}
	return out
}
