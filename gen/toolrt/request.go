package toolrt

import (
	"encoding/json"
	"net/http"
	"net/url"
	"reflect"
	"strings"

	"github.com/oapi-codegen/runtime"
)

// Request is an API call being built. Its methods record the first error
// (a value that cannot be serialized, a missing path parameter), which Do
// returns before anything is sent.
type Request struct {
	method   string
	path     string
	server   string
	security Security
	pathVals map[string]string
	query    queryParts
	header   http.Header
	cookies  []*http.Cookie
	body     any
	bodyType string
	hasBody  bool
	form     map[string]FormEncoding
	// op is the descriptor the request was started from (Operation's
	// NewRequest), nil for one started with NewRequest.
	op  *Operation
	err *RequestError
}

// FormEncoding is how one property of a form body is written.
type FormEncoding struct {
	// Style is "form" (the default) or "deepObject".
	Style   string
	Explode bool
}

// NewRequest starts a request for the operation at method and path (a
// template such as "/pets/{petId}") authenticated by any one of security's
// requirements.
func NewRequest(method, path string, security Security) *Request {
	return &Request{method: method, path: path, security: security, header: http.Header{}}
}

// SetServer sends this request to url instead of the client's base URL,
// for operations the spec serves elsewhere.
func (r *Request) SetServer(url string) { r.server = url }

// fail records the first error of the request: what is wrong with the
// value at in (a location) and name, and its cause, if any.
func (r *Request) fail(in, name string, cause error, format string, args ...any) *RequestError {
	if r.err == nil {
		r.err = requestError(r.method, r.path, in, name, cause, format, args...)
	}
	return r.err
}

// absent reports whether v holds no value: nil, a nil pointer, slice or
// map. Optional parameters are pointers or slices, so an unset one is
// absent and not sent.
func absent(v any) bool {
	if v == nil {
		return true
	}
	rv := reflect.ValueOf(v)
	switch rv.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Map, reflect.Interface:
		return rv.IsNil()
	}
	return false
}

// deref returns what a non-nil pointer points to.
func deref(v any) any {
	rv := reflect.ValueOf(v)
	for rv.Kind() == reflect.Pointer && !rv.IsNil() {
		rv = rv.Elem()
	}
	return rv.Interface()
}

// Path sets the path parameter name with the default simple style.
func (r *Request) Path(name string, v any) { r.PathStyle(name, "simple", false, v) }

// PathStyle sets a path parameter with an explicit style (simple, label or
// matrix). The value is escaped so that it can never change the path: a
// "/" becomes %2F, and "." or ".." alone are refused.
func (r *Request) PathStyle(name, style string, explode bool, v any) {
	if absent(v) {
		r.fail("path", name, nil, "path parameter %q has no value", name).withFix("give it a value")
		return
	}
	s, err := runtime.StyleParamWithLocation(style, explode, name, runtime.ParamLocationPath, deref(v))
	if err != nil {
		r.fail("path", name, err, "path parameter %q: %v", name, err)
		return
	}
	switch s {
	case "":
		r.fail("path", name, nil, "path parameter %q is empty", name).withFix("give it a non-empty value")
		return
	case ".", "..":
		r.fail("path", name, nil, "path parameter %q is %q, which would change the path", name, s).withFix("give it a value other than . or ..")
		return
	}
	if r.pathVals == nil {
		r.pathVals = make(map[string]string)
	}
	r.pathVals[name] = s
}

// Query adds the query parameter name with the default form style,
// exploded (arrays repeat the name). Absent values are not sent.
func (r *Request) Query(name string, v any) { r.QueryStyle(name, "form", true, v) }

// QueryStyle adds a query parameter with an explicit style (form,
// spaceDelimited, pipeDelimited, deepObject).
func (r *Request) QueryStyle(name, style string, explode bool, v any) {
	if absent(v) {
		return
	}
	s, err := runtime.StyleParamWithLocation(style, explode, name, runtime.ParamLocationQuery, deref(v))
	if err != nil {
		r.fail("query", name, err, "query parameter %q: %v", name, err)
		return
	}
	if s != "" {
		r.query = append(r.query, s)
	}
}

// QueryJSON adds a query parameter whose value is serialized as JSON (a
// parameter declared with content application/json).
func (r *Request) QueryJSON(name string, v any) {
	if absent(v) {
		return
	}
	b, err := json.Marshal(v)
	if err != nil {
		r.fail("query", name, err, "query parameter %q: %v", name, err)
		return
	}
	r.query = append(r.query, url.QueryEscape(name)+"="+url.QueryEscape(string(b)))
}

// Header sets the header parameter name (simple style).
func (r *Request) Header(name string, v any) { r.HeaderStyle(name, false, v) }

// HeaderStyle sets a header parameter; explode matters for objects.
func (r *Request) HeaderStyle(name string, explode bool, v any) {
	if absent(v) {
		return
	}
	s, err := runtime.StyleParamWithLocation("simple", explode, name, runtime.ParamLocationHeader, deref(v))
	if err != nil {
		r.fail("header", name, err, "header parameter %q: %v", name, err)
		return
	}
	if strings.ContainsAny(s, "\r\n") {
		r.fail("header", name, nil, "header parameter %q contains a line break", name).withFix("remove the line break")
		return
	}
	r.header.Set(name, s)
}

// Cookie sets the cookie parameter name.
func (r *Request) Cookie(name string, v any) {
	if absent(v) {
		return
	}
	s, err := runtime.StyleParamWithLocation("simple", false, name, runtime.ParamLocationCookie, deref(v))
	if err != nil {
		r.fail("cookie", name, err, "cookie parameter %q: %v", name, err)
		return
	}
	r.cookies = append(r.cookies, &http.Cookie{Name: name, Value: s})
}

// Body sets the request body, written in contentType: JSON for JSON media
// types, URL-encoded or multipart forms for form types, and the bytes
// themselves (an io.Reader, []byte, string or File) for anything else. An
// absent value sends no body.
func (r *Request) Body(contentType string, v any) {
	if absent(v) {
		return
	}
	r.body, r.bodyType, r.hasBody = v, contentType, true
}

// FormStyle sets how the form body property prop is written; without it,
// nested objects use deepObject brackets and arrays repeat the name.
func (r *Request) FormStyle(prop, style string, explode bool) {
	if r.form == nil {
		r.form = make(map[string]FormEncoding)
	}
	r.form[prop] = FormEncoding{Style: style, Explode: explode}
}

// expandPath fills the path template with the serialized path values; a
// template variable without a value is an error.
func (r *Request) expandPath() (string, error) {
	var b strings.Builder
	rest := r.path
	for {
		i := strings.IndexByte(rest, '{')
		j := strings.IndexByte(rest[max(i, 0):], '}')
		if i < 0 || j < 0 {
			b.WriteString(rest)
			return b.String(), nil
		}
		b.WriteString(rest[:i])
		name := rest[i+1 : i+j]
		v, ok := r.pathVals[name]
		if !ok {
			return "", requestError(r.method, r.path, "path", name, nil, "path parameter %q has no value", name).withFix("give it a value")
		}
		b.WriteString(v)
		rest = rest[i+j+1:]
	}
}

// queryParts are serialized query fragments ("a=1", "tags=x&tags=y"), in
// the order they were added.
type queryParts []string

func (q queryParts) String() string { return strings.Join(q, "&") }
