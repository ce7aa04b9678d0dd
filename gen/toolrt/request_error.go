package toolrt

import "fmt"

// RequestError is a request that could not be built, so nothing was sent:
// a parameter or body value that cannot be written in its style, a
// missing path parameter, an argument the operation does not have, a
// server URL that does not parse, a credential that cannot be applied or
// a request editor that failed. Match it with errors.As.
type RequestError struct {
	// Method and Path are the operation's, e.g. "GET" and "/pets/{petId}".
	Method, Path string
	// In is what could not be built: "path", "query", "header" or
	// "cookie" for a parameter, "argument" for an argument the operation
	// does not have, "body", "server", "url", "security" or "editor".
	In string
	// Name is the parameter's, argument's or security scheme's name, when
	// the problem has one.
	Name string
	// Fix says what to change, when the runtime knows; the message says
	// it too.
	Fix string
	// Err is the underlying error, if any.
	Err error
	msg string
}

// Error is the whole message: the operation, what failed and why.
func (e *RequestError) Error() string { return e.msg }

// Unwrap returns the underlying error.
func (e *RequestError) Unwrap() error { return e.Err }

// requestError builds a RequestError for the operation at method and path,
// whose message is "METHOD PATH: " and the formatted text.
func requestError(method, path, in, name string, cause error, format string, args ...any) *RequestError {
	return &RequestError{Method: method, Path: path, In: in, Name: name, Err: cause,
		msg: fmt.Sprintf("%s %s: ", method, path) + fmt.Sprintf(format, args...)}
}

// withFix sets the fix of e, and returns e.
func (e *RequestError) withFix(fix string) *RequestError {
	e.Fix = fix
	return e
}
