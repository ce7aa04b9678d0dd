package emit

import (
	"regexp"
	"strings"
	"unicode"

	"github.com/dave/jennifer/jen"
)

// commentWidth is where doc comments wrap.
const commentWidth = 76

// maxCommentLines bounds one doc comment: some specs carry whole manuals
// in descriptions, which help no reader of Go code.
const maxCommentLines = 12

var (
	htmlTag      = regexp.MustCompile(`</?[a-zA-Z][^>]*>`)
	markdownLink = regexp.MustCompile(`\[([^\]]+)\]\(([^)\s]+)\)`)
	emphasis     = regexp.MustCompile(`(\*\*|__)(\S[^*_]*\S|\S)(\*\*|__)`)
)

// plainText turns spec markup (Markdown, HTML) into plain text for a Go
// comment, keeping paragraph breaks.
func plainText(s string) string {
	s = strings.ReplaceAll(s, "\r\n", "\n")
	s = htmlTag.ReplaceAllString(s, "")
	s = markdownLink.ReplaceAllString(s, "$1")
	s = emphasis.ReplaceAllString(s, "$2")
	s = strings.NewReplacer("&lt;", "<", "&gt;", ">", "&amp;", "&", "&quot;", `"`, "&#39;", "'", "&nbsp;", " ").Replace(s)
	s = strings.Map(func(r rune) rune {
		if r == '\n' || r == '\t' {
			return r
		}
		if unicode.IsControl(r) || r == '\u2028' || r == '\u2029' {
			return ' '
		}
		return r
	}, s)
	return strings.TrimSpace(s)
}

// docLines wraps text into comment lines: paragraphs separated by an empty
// line, at most maxCommentLines in all (the last ending in "...").
func docLines(text string) []string {
	text = plainText(text)
	if text == "" {
		return nil
	}
	var out []string
	for _, para := range strings.Split(text, "\n\n") {
		words := strings.Fields(para)
		if len(words) == 0 {
			continue
		}
		if len(out) > 0 {
			out = append(out, "")
		}
		line := ""
		for _, w := range words {
			if line != "" && len(line)+1+len(w) > commentWidth {
				out = append(out, line)
				line = w
				continue
			}
			if line == "" {
				line = w
			} else {
				line += " " + w
			}
		}
		out = append(out, line)
	}
	if len(out) > maxCommentLines {
		out = out[:maxCommentLines]
		for len(out) > 0 && out[len(out)-1] == "" {
			out = out[:len(out)-1]
		}
		out[len(out)-1] += " ..."
	}
	return out
}

// doc writes lines as the doc comment of the next top-level declaration
// of f: one Comment each, since a Comment with newlines would become a
// /* */ block.
func doc(f *jen.File, lines []string) {
	for _, l := range lines {
		f.Comment(l)
	}
}

// comment renders lines as // comments ending in a line break, to put
// before a struct field.
func comment(lines []string) *jen.Statement {
	st := jen.Null()
	for _, l := range lines {
		if l == "" {
			st.Comment("").Line()
			continue
		}
		st.Comment(l).Line()
	}
	return st
}

// firstSentence returns the first sentence of text, for one-line
// summaries.
func firstSentence(text string) string {
	text = strings.Join(strings.Fields(plainText(text)), " ")
	for i := 0; i < len(text); i++ {
		if text[i] == '.' && (i+1 == len(text) || text[i+1] == ' ') {
			return text[:i+1]
		}
	}
	return text
}
