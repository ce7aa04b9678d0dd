// Package names turns the names an API uses (operationIds, schema names,
// property and parameter names) into Go identifiers and tool names that are
// valid, idiomatic and collision-free.
package names

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// initialisms are written all upper-case in Go names (Effective Go, and
// golint's list), so "user_id" becomes "UserID" and "html_url" "HTMLURL".
var initialisms = map[string]bool{
	"ACL": true, "API": true, "ASCII": true, "CPU": true, "CSS": true, "DNS": true,
	"EOF": true, "GUID": true, "HTML": true, "HTTP": true, "HTTPS": true, "ID": true,
	"IP": true, "JSON": true, "LHS": true, "QPS": true, "RAM": true, "RHS": true,
	"RPC": true, "SLA": true, "SMTP": true, "SQL": true, "SSH": true, "TCP": true,
	"TLS": true, "TTL": true, "UDP": true, "UI": true, "UID": true, "UUID": true,
	"URI": true, "URL": true, "UTF8": true, "VM": true, "XML": true, "XMPP": true,
	"XSRF": true, "XSS": true, "SSO": true, "SAML": true, "OAuth": false,
}

// symbolWords name the characters that carry meaning when a name is only
// or mostly punctuation, such as GitHub's "+1" and "-1" reactions.
var symbolWords = map[rune]string{
	'+': "Plus", '-': "Minus", '*': "Star", '@': "At", '#': "Hash", '$': "Dollar",
	'%': "Percent", '&': "And", '=': "Eq", '<': "Lt", '>': "Gt", '!': "Not", '~': "Tilde",
}

// Words splits a name into words at separators (anything but letters and
// digits), at lower-to-upper case changes and before the last capital of
// an upper-case run that a lower-case letter follows. Case is preserved
// and digits stay with the letters before them: "listUsersV2",
// "list-users_V2" give [list Users V2]; "HTMLParser" gives [HTML Parser].
func Words(s string) []string {
	var words []string
	var cur []rune
	flush := func() {
		if len(cur) > 0 {
			words = append(words, string(cur))
			cur = cur[:0]
		}
	}
	runes := []rune(s)
	for i, r := range runes {
		switch {
		case !unicode.IsLetter(r) && !unicode.IsDigit(r):
			flush()
			continue
		case unicode.IsUpper(r) && i > 0:
			prev := runes[i-1]
			nextLower := i+1 < len(runes) && unicode.IsLower(runes[i+1])
			if unicode.IsLower(prev) || unicode.IsDigit(prev) || (unicode.IsUpper(prev) && nextLower) {
				flush()
			}
		}
		cur = append(cur, r)
	}
	flush()
	return words
}

// Exported returns an exported Go identifier for s: words joined in
// MixedCaps with Go's initialisms upper-cased ("html_url" -> "HTMLURL",
// "repos/get" -> "ReposGet", "+1" -> "Plus1", "2fa" -> "N2fa"). It never
// returns an empty string: a name without letters or digits becomes "X"
// (callers make it unique).
func Exported(s string) string {
	words := Words(s)
	var b strings.Builder
	if len(words) == 0 || startsWithSymbol(s) {
		for _, r := range s {
			if w, ok := symbolWords[r]; ok {
				b.WriteString(w)
			} else {
				break
			}
		}
	}
	for _, w := range words {
		up := strings.ToUpper(w)
		if initialisms[up] {
			b.WriteString(up)
			continue
		}
		// Plurals of initialisms: "ids" -> "IDs", "urls" -> "URLs".
		if len(up) > 2 && up[len(up)-1] == 'S' && initialisms[up[:len(up)-1]] {
			b.WriteString(up[:len(up)-1] + "s")
			continue
		}
		r, size := utf8.DecodeRuneInString(w)
		b.WriteRune(unicode.ToUpper(r))
		b.WriteString(w[size:])
	}
	out := b.String()
	if out == "" {
		return "X"
	}
	if r, _ := utf8.DecodeRuneInString(out); !unicode.IsLetter(r) {
		out = "N" + out
	} else if !unicode.IsUpper(r) {
		// A letter with no upper case (CJK and others) cannot start an
		// exported identifier.
		out = "X" + out
	}
	return out
}

// Unexported returns a lower-case Go identifier for s, avoiding Go's
// keywords and predeclared identifiers.
func Unexported(s string) string {
	e := Exported(s)
	words := Words(e)
	if len(words) == 0 {
		return "x"
	}
	first := words[0]
	var out string
	if strings.ToUpper(first) == first {
		out = strings.ToLower(first) + e[len(first):]
	} else {
		r, size := utf8.DecodeRuneInString(e)
		out = string(unicode.ToLower(r)) + e[size:]
	}
	if reserved[out] {
		out += "_"
	}
	return out
}

func startsWithSymbol(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	_, ok := symbolWords[r]
	return ok
}

// reserved are Go keywords and predeclared identifiers that unexported
// names must avoid.
var reserved = map[string]bool{
	"break": true, "case": true, "chan": true, "const": true, "continue": true,
	"default": true, "defer": true, "else": true, "fallthrough": true, "for": true,
	"func": true, "go": true, "goto": true, "if": true, "import": true,
	"interface": true, "map": true, "package": true, "range": true, "return": true,
	"select": true, "struct": true, "switch": true, "type": true, "var": true,
	"any": true, "bool": true, "byte": true, "comparable": true, "complex64": true,
	"complex128": true, "error": true, "float32": true, "float64": true, "int": true,
	"int8": true, "int16": true, "int32": true, "int64": true, "rune": true,
	"string": true, "uint": true, "uint8": true, "uint16": true, "uint32": true,
	"uint64": true, "uintptr": true, "true": true, "false": true, "iota": true,
	"nil": true, "append": true, "cap": true, "clear": true, "close": true,
	"complex": true, "copy": true, "delete": true, "imag": true, "len": true,
	"make": true, "max": true, "min": true, "new": true, "panic": true,
	"print": true, "println": true, "real": true, "recover": true,
}

// IsKeyword reports whether s is a Go keyword or predeclared identifier.
func IsKeyword(s string) bool { return reserved[s] }

// Scope hands out names that are unique within it. The zero value is
// ready to use; Scope is not safe for concurrent use.
type Scope struct {
	taken map[string]bool
}

// Reserve marks names as taken without handing them out.
func (s *Scope) Reserve(names ...string) {
	if s.taken == nil {
		s.taken = make(map[string]bool)
	}
	for _, n := range names {
		s.taken[n] = true
	}
}

// Taken reports whether name is already in use.
func (s *Scope) Taken(name string) bool { return s.taken[name] }

// Unique returns name if it is free, otherwise name with the smallest
// suffix 2, 3, ... that is free, and marks the result taken.
func (s *Scope) Unique(name string) string {
	return s.UniqueSep(name, "")
}

// UniqueSep is Unique with a separator between name and the suffix, for
// names such as tool names where "list_2" reads better than "list2".
func (s *Scope) UniqueSep(name, sep string) string {
	if s.taken == nil {
		s.taken = make(map[string]bool)
	}
	out := name
	for i := 2; s.taken[out]; i++ {
		out = name + sep + strconv.Itoa(i)
	}
	s.taken[out] = true
	return out
}
