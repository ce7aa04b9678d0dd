package server

import (
	"crypto/subtle"
	"net/http"
	"strings"
)

// accessPublic marks an operation that needs no credentials.
const accessPublic Access = 0

// lookup finds secret in creds in time independent of where it matches.
func lookup(creds map[string]Access, secret string) (Access, bool) {
	var found Access
	ok := false
	for k, a := range creds {
		if subtle.ConstantTimeCompare([]byte(k), []byte(secret)) == 1 {
			found, ok = a, true
		}
	}
	return found, ok
}

// authenticate returns the caller's access from the Authorization bearer
// token or, when there is no Authorization header, the X-API-Key header.
func (s *Server) authenticate(r *http.Request) (Access, *apiError) {
	unauthorized := func(format string, args ...any) (Access, *apiError) {
		return 0, newError(http.StatusUnauthorized, codeUnauthorized, "", format, args...)
	}
	if h := r.Header.Get("Authorization"); h != "" {
		scheme, token, _ := strings.Cut(h, " ")
		if !strings.EqualFold(scheme, "Bearer") {
			return unauthorized("the Authorization header must use the Bearer scheme (Authorization: Bearer <token>); got scheme %q", scheme)
		}
		token = strings.TrimSpace(token)
		if token == "" {
			return unauthorized("the Authorization header has an empty bearer token")
		}
		a, ok := lookup(s.opts.Tokens, token)
		if !ok {
			return unauthorized("the bearer token is not valid")
		}
		return a, nil
	}
	if key := r.Header.Get("X-API-Key"); key != "" {
		a, ok := lookup(s.opts.APIKeys, key)
		if !ok {
			return unauthorized("the X-API-Key is not valid")
		}
		return a, nil
	}
	return unauthorized("missing credentials: send Authorization: Bearer <token> or X-API-Key: <key>")
}

// authorize checks that the caller may call the route.
func (s *Server) authorize(r *http.Request, rt route) *apiError {
	if rt.access == accessPublic {
		return nil
	}
	a, err := s.authenticate(r)
	if err != nil {
		return err
	}
	if a < rt.access {
		return newError(http.StatusForbidden, codeForbidden, "",
			"%s requires %s access; these credentials have %s access", rt.operationID, rt.access, a)
	}
	return nil
}
