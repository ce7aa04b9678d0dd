package toolrt

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"sort"
	"strings"
)

// The kinds of security scheme. OAuth2 and OpenID Connect are used with a
// bearer token the user obtains; mutual TLS is configured on the HTTP
// client (WithHTTPClient).
const (
	APIKey        = "apiKey"
	BasicAuth     = "basic"
	BearerAuth    = "bearer"
	OAuth2        = "oauth2"
	OpenIDConnect = "openIdConnect"
	MutualTLS     = "mutualTLS"
	// OtherHTTPAuth is an http scheme other than basic and bearer; the
	// credential is sent as "Authorization: <HTTPScheme> <credential>".
	OtherHTTPAuth = "http"
)

// SecurityScheme is one of an API's ways to authenticate.
type SecurityScheme struct {
	// Name is the scheme's key in the spec.
	Name string
	// Kind is one of the kind constants (APIKey, BearerAuth, ...).
	Kind string
	// In ("header", "query", "cookie") and ParamName place an API key.
	In        string
	ParamName string
	// HTTPScheme is the scheme word of an OtherHTTPAuth scheme.
	HTTPScheme string
	// EnvVar is the environment variable read for the credential.
	EnvVar string
}

// Requirement names security schemes that are used together.
type Requirement []string

// Security lists alternative requirements: meeting any one suffices. An
// empty Requirement among them means the call may go without credentials.
type Security []Requirement

// authenticate applies the first requirement of sec whose credentials are
// all known. When none is, the request goes out without credentials: the
// server's 401 is then reported with what is missing.
func (c *Client) authenticate(ctx context.Context, req *http.Request, sec Security) error {
	for _, alt := range sec {
		if !c.satisfies(alt) {
			continue
		}
		for _, name := range alt {
			if err := c.apply(ctx, req, c.schemes[name], c.credentials[name]); err != nil {
				return &RequestError{In: "security", Name: name, Err: err, msg: err.Error(),
					Fix: "check the credential given for it (WithCredential or its environment variable)"}
			}
		}
		return nil
	}
	return nil
}

func (c *Client) satisfies(alt Requirement) bool {
	for _, name := range alt {
		if _, ok := c.credentials[name]; !ok {
			return false
		}
		if c.schemes[name].Kind == MutualTLS {
			return false
		}
	}
	return true
}

// apply adds one credential to a request, where its scheme says.
func (c *Client) apply(_ context.Context, req *http.Request, s SecurityScheme, cred string) error {
	switch s.Kind {
	case APIKey:
		switch s.In {
		case "header":
			req.Header.Add(s.ParamName, cred)
		case "query":
			// Appended, so that the query the parameters' styles wrote
			// keeps its order and encoding.
			pair := url.QueryEscape(s.ParamName) + "=" + url.QueryEscape(cred)
			if req.URL.RawQuery == "" {
				req.URL.RawQuery = pair
			} else {
				req.URL.RawQuery += "&" + pair
			}
		case "cookie":
			req.AddCookie(&http.Cookie{Name: s.ParamName, Value: cred})
		default:
			return fmt.Errorf("toolrt: security scheme %q: an API key goes in a header, the query or a cookie, not %q", s.Name, s.In)
		}
	case BasicAuth:
		user, pass, ok := strings.Cut(cred, ":")
		if !ok {
			return fmt.Errorf("toolrt: security scheme %q: a basic-auth credential is \"user:password\"", s.Name)
		}
		req.SetBasicAuth(user, pass)
	case BearerAuth, OAuth2, OpenIDConnect:
		req.Header.Set("Authorization", "Bearer "+cred)
	case OtherHTTPAuth:
		scheme := s.HTTPScheme
		if scheme != "" {
			scheme = strings.ToUpper(scheme[:1]) + scheme[1:]
		}
		req.Header.Set("Authorization", strings.TrimSpace(scheme+" "+cred))
	}
	return nil
}

// missingCredentials says which credentials would satisfy sec, for the
// message of a 401 or 403; empty when sec needs none or is met.
func (c *Client) missingCredentials(sec Security) string {
	if len(sec) == 0 {
		return ""
	}
	var wants []string
	for _, alt := range sec {
		if len(alt) == 0 || c.satisfies(alt) {
			return ""
		}
		var parts []string
		for _, name := range alt {
			s := c.schemes[name]
			if s.EnvVar != "" {
				parts = append(parts, fmt.Sprintf("%s (%s)", name, s.EnvVar))
			} else {
				parts = append(parts, name)
			}
		}
		wants = append(wants, strings.Join(parts, " and "))
	}
	return "no credentials were set for " + strings.Join(wants, " or ")
}

// CredentialHint says, for a person fixing a refused call of an operation
// with security sec, which credential the client sent and where it came
// from ("bearerAuth, from GLOBEX_BEARER_AUTH"), or which one is missing;
// "" when the operation needs none.
func (c *Client) CredentialHint(sec Security) string {
	if m := c.missingCredentials(sec); m != "" {
		return m
	}
	for _, alt := range sec {
		if len(alt) == 0 || !c.satisfies(alt) {
			continue
		}
		var parts []string
		for _, name := range alt {
			s := c.schemes[name]
			switch {
			case s.EnvVar != "" && !c.noEnv && os.Getenv(s.EnvVar) == c.credentials[name]:
				parts = append(parts, fmt.Sprintf("%s, from %s", name, s.EnvVar))
			case s.EnvVar != "":
				parts = append(parts, fmt.Sprintf("%s, set by the program (its variable is %s)", name, s.EnvVar))
			default:
				parts = append(parts, name)
			}
		}
		return "the credential sent was " + strings.Join(parts, " and ")
	}
	return ""
}

// Client returns the client a tool sends its requests with.
func (t *Tool) Client() *Client { return t.client }

func (c *Client) schemeNames() []string {
	out := make([]string, 0, len(c.schemes))
	for n := range c.schemes {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}
