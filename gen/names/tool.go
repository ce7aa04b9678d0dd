package names

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"
	"unicode"
)

// MaxToolName is the longest tool name that LLM clients accept (OpenAI,
// Anthropic and most others cap function names at 64 characters).
const MaxToolName = 64

// validToolRune reports whether r may appear in a tool name, which must
// match ^[a-zA-Z0-9_-]{1,64}$.
func validToolRune(r rune) bool {
	return r < unicode.MaxASCII && (r == '_' || r == '-' || unicode.IsLetter(r) || unicode.IsDigit(r))
}

// ToolName turns an operationId into a tool name: every run of characters
// outside [a-zA-Z0-9_-] becomes one "_" ("repos/get" -> "repos_get"), and
// a name longer than max is shortened with Shorten. An id with nothing
// usable gives "operation".
func ToolName(id string, max int) string {
	var b strings.Builder
	pendingSep := false
	for _, r := range id {
		if !validToolRune(r) {
			pendingSep = b.Len() > 0
			continue
		}
		if pendingSep {
			b.WriteByte('_')
			pendingSep = false
		}
		b.WriteRune(r)
	}
	name := strings.Trim(b.String(), "_-")
	if name == "" {
		name = "operation"
	}
	return Shorten(name, max)
}

// DerivedToolName names an operation that has no operationId from its
// method and path: GET /repos/{owner}/{repo}/issues gives
// "getReposOwnerRepoIssues", so the name reads like an operationId.
func DerivedToolName(method, path string, max int) string {
	var b strings.Builder
	b.WriteString(strings.ToLower(method))
	for _, w := range Words(path) {
		up := strings.ToUpper(w)
		if initialisms[up] {
			b.WriteString(up[:1] + strings.ToLower(up[1:]))
			continue
		}
		b.WriteString(strings.ToUpper(w[:1]) + w[1:])
	}
	return ToolName(b.String(), max)
}

// Shorten returns name if it fits in max characters; otherwise a prefix
// of it cut at a word boundary where possible, then "_" and the first 8
// hex digits of the SHA-256 of the whole name. The result is stable across
// runs (it depends only on name and max) and two long names with a common
// prefix stay distinct.
func Shorten(name string, max int) string {
	if max <= 0 || max > MaxToolName {
		max = MaxToolName
	}
	if len(name) <= max {
		return name
	}
	sum := sha256.Sum256([]byte(name))
	digest := hex.EncodeToString(sum[:])
	suffix := digest[:8]
	if max <= len(suffix)+1 {
		// No room for a readable prefix: the hash alone, as long as fits.
		return digest[:max]
	}
	keep := max - len(suffix) - 1
	head := name[:keep]
	// Prefer to cut at a separator or a case change in the last third.
	for i := keep - 1; i > keep*2/3; i-- {
		c := name[i]
		if c == '_' || c == '-' {
			head = name[:i]
			break
		}
		if i+1 < len(name) && isLowerASCII(name[i]) && isUpperASCII(name[i+1]) {
			head = name[:i+1]
			break
		}
	}
	return strings.TrimRight(head, "_-") + "_" + suffix
}

func isLowerASCII(c byte) bool { return c >= 'a' && c <= 'z' }
func isUpperASCII(c byte) bool { return c >= 'A' && c <= 'Z' }
