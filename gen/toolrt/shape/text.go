package shape

import (
	"bytes"
	"html"
	"mime"
	"strings"
	"unicode/utf8"
)

// MediaType returns the media type of a Content-Type header, lower
// case and without parameters.
func MediaType(contentType string) string {
	if contentType == "" {
		return ""
	}
	if mt, _, err := mime.ParseMediaType(contentType); err == nil {
		return mt
	}
	return strings.ToLower(strings.TrimSpace(strings.Split(contentType, ";")[0]))
}

// IsBinary reports whether a body is not text: by its media type, or by
// NUL bytes or invalid UTF-8 in its first kilobytes.
func IsBinary(media string, body []byte) bool {
	for _, p := range []string{"image/", "audio/", "video/", "font/"} {
		if strings.HasPrefix(media, p) && media != "image/svg+xml" {
			return true
		}
	}
	switch media {
	case "application/octet-stream", "application/pdf", "application/zip", "application/gzip",
		"application/x-gzip", "application/x-tar", "application/x-protobuf", "application/protobuf":
		return true
	}
	head := body[:min(len(body), 4096)]
	if bytes.IndexByte(head, 0) >= 0 {
		return true
	}
	// Text in a legacy encoding has a few invalid bytes; binary data has
	// many.
	bad, runes := 0, 0
	for i := 0; i < len(head); runes++ {
		r, size := utf8.DecodeRune(head[i:])
		if r == utf8.RuneError && size == 1 && len(head)-i > 3 {
			bad++
		}
		i += size
	}
	return bad*10 > runes
}

// IsHTML reports whether a text body is an HTML page.
func IsHTML(media string, body []byte) bool {
	if media == "text/html" || media == "application/xhtml+xml" {
		return true
	}
	if media != "" && media != "text/plain" {
		return false
	}
	start := body[:min(len(body), 64)]
	return hasPrefixFold(string(start), "<!doctype html") || hasPrefixFold(string(start), "<html")
}

// hasPrefixFold is strings.HasPrefix, ignoring ASCII case.
func hasPrefixFold(s, prefix string) bool {
	return len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix)
}

// indexFold is strings.Index, ignoring ASCII case; sub must be ASCII.
func indexFold(s, sub string) int {
	for i := 0; i+len(sub) <= len(s); i++ {
		if strings.EqualFold(s[i:i+len(sub)], sub) {
			return i
		}
	}
	return -1
}

// StripHTML returns the text of an HTML page: without tags, comments,
// scripts and styles, with entities decoded and whitespace collapsed.
func StripHTML(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		c := s[i]
		if c != '<' || i+1 == len(s) {
			b.WriteByte(c)
			i++
			continue
		}
		rest := s[i:]
		switch next := rest[1]; {
		case strings.HasPrefix(rest, "<!--"):
			end := strings.Index(rest[4:], "-->")
			if end < 0 {
				i = len(s)
				continue
			}
			i += 4 + end + 3
		case hasPrefixFold(rest, "<script") || hasPrefixFold(rest, "<style"):
			closer := "</script"
			if hasPrefixFold(rest, "<style") {
				closer = "</style"
			}
			end := indexFold(rest, closer)
			if end < 0 {
				i = len(s)
				continue
			}
			gt := strings.IndexByte(rest[end:], '>')
			if gt < 0 {
				i = len(s)
				continue
			}
			i += end + gt + 1
		case next == '/' || next == '!' || next == '?' || next >= 'a' && next <= 'z' || next >= 'A' && next <= 'Z':
			gt := strings.IndexByte(rest, '>')
			if gt < 0 {
				i = len(s)
				continue
			}
			i += gt + 1
		default:
			b.WriteByte(c)
			i++
			continue
		}
		b.WriteByte(' ')
	}
	return OneLine(html.UnescapeString(b.String()))
}

// TidyText trims the ends of lines and drops runs of blank lines, keeping
// the layout of plain text, CSV or YAML.
func TidyText(s string) string {
	lines := strings.Split(strings.ReplaceAll(s, "\r\n", "\n"), "\n")
	out := lines[:0]
	blank := false
	for _, l := range lines {
		l = strings.TrimRight(l, " \t\r")
		if l == "" {
			if blank {
				continue
			}
			blank = true
		} else {
			blank = false
		}
		out = append(out, l)
	}
	return strings.TrimSpace(strings.Join(out, "\n"))
}

// FitText shortens s, whose whole takes tokens tokens, to budget tokens:
// a prefix ending at a word boundary when one is close, then a note of the
// characters left out.
func FitText(s string, tokens, budget int, count func(string) int) (string, Cut) {
	if tokens <= budget {
		return s, Cut{}
	}
	total := utf8.RuneCountInString(s)
	cutAt := func(k int) (string, int) {
		for k > 0 && k < len(s) && !utf8.RuneStart(s[k]) {
			k--
		}
		if sp := strings.LastIndexAny(s[:k], " \n\t"); sp > 0 && k-sp < 40 && k < len(s) {
			k = sp
		}
		kept := utf8.RuneCountInString(s[:k])
		return strings.TrimRight(s[:k], " \n\t") + trimMoreChars(total-kept), kept
	}
	guess := int(float64(max(budget, 0)) * float64(len(s)) / float64(max(tokens, 1)))
	k := LargestFit(len(s), guess, 0, func(k int) bool {
		out, _ := cutAt(k)
		return count(out) <= budget
	})
	out, kept := cutAt(max(k, 0))
	return out, Cut{Truncated: true, Omitted: trimRange("character", kept+1, total)}
}

// OneLine joins s's words with single spaces: text from a server, made fit
// for one line of a message.
func OneLine(s string) string { return strings.Join(strings.Fields(s), " ") }
