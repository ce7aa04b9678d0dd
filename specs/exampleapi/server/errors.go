package server

import (
	"errors"
	"fmt"
	"net/http"
	"strconv"
)

// Error codes, the "code" of every error body. The spec lists them in the
// ErrorCode schema.
const (
	codeInvalidParameter   = "invalid_parameter"
	codeMissingParameter   = "missing_parameter"
	codeInvalidBody        = "invalid_body"
	codeUnauthorized       = "unauthorized"
	codeForbidden          = "forbidden"
	codeNotFound           = "not_found"
	codeUnknownRoute       = "unknown_route"
	codeMethodNotAllowed   = "method_not_allowed"
	codeConflict           = "conflict"
	codePreconditionFailed = "precondition_failed"
	codePayloadTooLarge    = "payload_too_large"
	codeUnprocessable      = "unprocessable_entity"
	codeServiceUnavailable = "service_unavailable"
	codeInternal           = "internal_error"
)

// apiError is an error that becomes a JSON error response.
type apiError struct {
	status    int
	code      string
	message   string
	parameter string // the offending parameter or body field, if any
	header    http.Header
}

func (e *apiError) Error() string { return e.code + ": " + e.message }

// errorBody is the JSON shape of every error response (schema Error).
type errorBody struct {
	Error errorDetail `json:"error"`
}

type errorDetail struct {
	Code      string `json:"code"`
	Message   string `json:"message"`
	Parameter string `json:"parameter,omitempty"`
	RequestID string `json:"request_id,omitempty"`
}

func newError(status int, code, param, format string, args ...any) *apiError {
	return &apiError{status: status, code: code, parameter: param, message: fmt.Sprintf(format, args...)}
}

func errInvalid(param, format string, args ...any) *apiError {
	return newError(http.StatusBadRequest, codeInvalidParameter, param, format, args...)
}

func errMissing(param, format string, args ...any) *apiError {
	return newError(http.StatusBadRequest, codeMissingParameter, param, format, args...)
}

func errBadBody(format string, args ...any) *apiError {
	return newError(http.StatusBadRequest, codeInvalidBody, "", format, args...)
}

func errNotFound(param, format string, args ...any) *apiError {
	return newError(http.StatusNotFound, codeNotFound, param, format, args...)
}

func errConflict(param, format string, args ...any) *apiError {
	return newError(http.StatusConflict, codeConflict, param, format, args...)
}

func errUnprocessable(param, format string, args ...any) *apiError {
	return newError(http.StatusUnprocessableEntity, codeUnprocessable, param, format, args...)
}

func errUnavailable(retryAfter int, format string, args ...any) *apiError {
	e := newError(http.StatusServiceUnavailable, codeServiceUnavailable, "", format, args...)
	e.header = http.Header{"Retry-After": {strconv.Itoa(retryAfter)}}
	return e
}

// writeError writes err as a JSON error response. Errors that are not
// *apiError are logged and reported as a 500 without their details.
func (s *Server) writeError(w http.ResponseWriter, r *http.Request, err error) {
	var ae *apiError
	if !errors.As(err, &ae) {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			ae = newError(http.StatusRequestEntityTooLarge, codePayloadTooLarge, "",
				"request body exceeds %d bytes", mbe.Limit)
		} else {
			s.log.ErrorContext(r.Context(), "internal error", "method", r.Method, "path", r.URL.Path, "err", err)
			ae = newError(http.StatusInternalServerError, codeInternal, "",
				"internal error; the request may be retried")
		}
	}
	for k, vs := range ae.header {
		for _, v := range vs {
			w.Header().Add(k, v)
		}
	}
	if ae.status == http.StatusUnauthorized {
		w.Header().Set("WWW-Authenticate", `Bearer realm="exampleapi"`)
	}
	writeJSON(w, ae.status, errorBody{Error: errorDetail{
		Code:      ae.code,
		Message:   ae.message,
		Parameter: ae.parameter,
		RequestID: requestIDFrom(r.Context()),
	}})
}
