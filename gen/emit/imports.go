package emit

import (
	"bytes"
	"strings"
)

// groupImports splits the import block jennifer writes (one sorted list)
// into the standard library first and everything else after a blank line,
// as goimports lays it out and Go readers expect. Each group stays sorted,
// so the result is still gofmt's output.
func groupImports(src []byte) []byte {
	start := bytes.Index(src, []byte("\nimport (\n"))
	if start < 0 {
		return src
	}
	bodyStart := start + len("\nimport (\n")
	end := bytes.Index(src[bodyStart:], []byte("\n)\n"))
	if end < 0 {
		return src
	}
	lines := strings.Split(string(src[bodyStart:bodyStart+end]), "\n")
	var std, other []string
	for _, l := range lines {
		switch {
		case strings.TrimSpace(l) == "":
		case isStdImport(l):
			std = append(std, l)
		default:
			other = append(other, l)
		}
	}
	if len(std) == 0 || len(other) == 0 {
		return src
	}
	var b bytes.Buffer
	b.Grow(len(src) + 1)
	b.Write(src[:bodyStart])
	b.WriteString(strings.Join(std, "\n"))
	b.WriteString("\n\n")
	b.WriteString(strings.Join(other, "\n"))
	b.Write(src[bodyStart+end:])
	return b.Bytes()
}

// isStdImport reports whether an import line names a standard-library
// package: one whose path's first element has no dot.
func isStdImport(line string) bool {
	q := strings.IndexByte(line, '"')
	if q < 0 {
		return false
	}
	path := strings.Trim(line[q:], `"`)
	first, _, _ := strings.Cut(path, "/")
	return !strings.Contains(first, ".")
}
