// Package httpmethod holds the rules, shared by the generator, the tool
// runtime and the MCP server, of which HTTP methods only read and which may
// be sent twice. It imports nothing of the
// project, so the runtime can use it and stay a leaf.
package httpmethod

import "strings"

// Safe reports whether an HTTP method only reads: GET, HEAD, OPTIONS and
// TRACE. agentready sends nothing else unless the user allows it.
func Safe(method string) bool {
	switch strings.ToUpper(method) {
	case "GET", "HEAD", "OPTIONS", "TRACE":
		return true
	}
	return false
}

// Idempotent reports whether sending a request with method twice has the
// effect of sending it once (RFC 9110, section 9.2.2): the safe methods,
// PUT and DELETE.
func Idempotent(method string) bool {
	switch strings.ToUpper(method) {
	case "PUT", "DELETE":
		return true
	}
	return Safe(method)
}
