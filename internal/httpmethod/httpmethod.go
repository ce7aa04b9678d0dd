// Package httpmethod holds the one rule, shared by the generator and the
// tool runtime, of which HTTP methods only read. It imports nothing of the
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
