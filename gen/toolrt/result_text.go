package toolrt

import (
	"bytes"
	"html"
	"mime"
	"strings"
	"unicode/utf8"
)

// resultMediaType returns the media type of a Content-Type header, lower
// case and without parameters.
func resultMediaType(contentType string) string {
	if contentType == "" {
		return ""
	}
	if mt, _, err := mime.ParseMediaType(contentType); err == nil {
		return mt
	}
	return strings.ToLower(strings.TrimSpace(strings.Split(contentType, ";")[0]))
}

// resultIsBinary reports whether a body is not text: by its media type, or by
// NUL bytes or invalid UTF-8 in its first kilobytes.
func resultIsBinary(media string, body []byte) bool {
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

// resultIsHTML reports whether a text body is an HTML page.
func resultIsHTML(media string, body []byte) bool {
	if media == "text/html" || media == "application/xhtml+xml" {
		return true
	}
	if media != "" && media != "text/plain" {
		return false
	}
	start := body[:min(len(body), 64)]
	return resultHasPrefixFold(string(start), "<!doctype html") || resultHasPrefixFold(string(start), "<html")
}

// resultHasPrefixFold is strings.HasPrefix, ignoring ASCII case.
func resultHasPrefixFold(s, prefix string) bool {
	return len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix)
}

// resultIndexFold is strings.Index, ignoring ASCII case; sub must be ASCII.
func resultIndexFold(s, sub string) int {
	for i := 0; i+len(sub) <= len(s); i++ {
		if strings.EqualFold(s[i:i+len(sub)], sub) {
			return i
		}
	}
	return -1
}

// resultStripHTML returns the text of an HTML page: without tags, comments,
// scripts and styles, with entities decoded and whitespace collapsed.
func resultStripHTML(s string) string {
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
		case resultHasPrefixFold(rest, "<script") || resultHasPrefixFold(rest, "<style"):
			closer := "</script"
			if resultHasPrefixFold(rest, "<style") {
				closer = "</style"
			}
			end := resultIndexFold(rest, closer)
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
	return oneLine(html.UnescapeString(b.String()))
}

// resultTidyText trims the ends of lines and drops runs of blank lines, keeping
// the layout of plain text, CSV or YAML.
func resultTidyText(s string) string {
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

// resultFitText shortens s, whose whole takes tokens tokens, to budget tokens:
// a prefix ending at a word boundary when one is close, then a note of the
// characters left out.
func resultFitText(s string, tokens, budget int, count func(string) int) (string, trimResult) {
	if tokens <= budget {
		return s, trimResult{}
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
	k := trimLargestFit(len(s), guess, 0, func(k int) bool {
		out, _ := cutAt(k)
		return count(out) <= budget
	})
	out, kept := cutAt(max(k, 0))
	return out, trimResult{truncated: true, omitted: trimRange("character", kept+1, total)}
}
