// Package jsonptr escapes and unescapes the reference tokens of JSON
// Pointers (RFC 6901), the one copy of the rule that the generator, the
// tool runtime and the harness all write pointers by.
package jsonptr

import "strings"

var (
	escaper   = strings.NewReplacer("~", "~0", "/", "~1")
	unescaper = strings.NewReplacer("~1", "/", "~0", "~")
)

// Escape returns name as one reference token: "~" becomes "~0" and "/"
// becomes "~1".
func Escape(name string) string { return escaper.Replace(name) }

// Unescape returns the name a reference token stands for, undoing Escape.
func Unescape(token string) string { return unescaper.Replace(token) }

// AppendToken appends "/" and name as one reference token to the pointer
// dst, without allocating when dst has room: the form for a writer that
// keeps the pointer of the node it is writing.
func AppendToken(dst []byte, name string) []byte {
	dst = append(dst, '/')
	if !strings.ContainsAny(name, "~/") {
		return append(dst, name...)
	}
	return append(dst, Escape(name)...)
}
