package emit

import (
	"fmt"
	doccomment "go/doc/comment"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

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

// entities decodes the HTML entities specs use, built once.
var entities = strings.NewReplacer("&lt;", "<", "&gt;", ">", "&amp;", "&", "&quot;", `"`, "&#39;", "'", "&nbsp;", " ")

// plainTextLimit is how much of a text plainText reads: eight times what
// a comment of maxCommentLines full lines shows, for the markup it drops.
const plainTextLimit = 8 * maxCommentLines * commentWidth

// plainText turns spec markup (Markdown, HTML) into plain text for a Go
// comment, keeping paragraph breaks.
func plainText(s string) string {
	// Text far past what a comment shows is not converted either.
	if limit := plainTextLimit; len(s) > limit {
		for limit > 0 && !utf8.RuneStart(s[limit]) {
			limit--
		}
		s = s[:limit]
	}
	s = strings.ReplaceAll(s, "\r\n", "\n")
	// Most descriptions are plain sentences: each pattern runs only where
	// text it needs occurs (a link's "](", emphasis's "**" or "__", which
	// snake_case names alone do not give).
	if strings.IndexByte(s, '<') >= 0 {
		s = htmlTag.ReplaceAllString(s, "")
	}
	if strings.Contains(s, "](") {
		s = markdownLink.ReplaceAllString(s, "$1")
	}
	if strings.Contains(s, "**") || strings.Contains(s, "__") {
		s = emphasis.ReplaceAllString(s, "$2")
	}
	if strings.IndexByte(s, '&') >= 0 {
		s = entities.Replace(s)
	}
	s = strings.Map(func(r rune) rune {
		if r == '\n' || r == '\t' {
			return r
		}
		if unsafeInComment(r) {
			return ' '
		}
		return r
	}, s)
	return strings.TrimSpace(s)
}

// docLines wraps text into comment lines: paragraphs separated by an empty
// line, at most maxCommentLines in all (the last ending in "...").
func docLines(text string) []string {
	cut := len(text) > plainTextLimit
	text = plainText(text)
	if text == "" {
		return nil
	}
	var out []string
	// Lines past maxCommentLines are cut: wrapping stops once there are
	// more.
	for para := range strings.SplitSeq(text, "\n\n") {
		if len(out) > maxCommentLines {
			break
		}
		words := strings.Fields(para)
		if len(words) == 0 {
			continue
		}
		if len(out) > 0 {
			out = append(out, "")
		}
		var line strings.Builder
		for _, w := range words {
			if line.Len() > 0 && line.Len()+1+len(w) > commentWidth {
				out = append(out, line.String())
				line = strings.Builder{}
				if len(out) > maxCommentLines {
					break
				}
			}
			if line.Len() > 0 {
				line.WriteByte(' ')
			}
			line.WriteString(w)
		}
		out = append(out, line.String())
	}
	if len(out) > maxCommentLines {
		out = out[:maxCommentLines]
		cut = true
	}
	if cut {
		for len(out) > 0 && out[len(out)-1] == "" {
			out = out[:len(out)-1]
		}
		out[len(out)-1] += " ..."
	}
	return out
}

// Every comment the generator writes goes through commentLine, by way of
// doc, docf, comment or packageDoc: no other code in this package calls
// jennifer's Comment, Commentf or PackageComment (TestCommentsInOnePlace
// checks), so spec text cannot end up in a comment unmade safe.

// commentLine returns text as one // comment line that stays a comment
// whatever the text holds, in the form jennifer writes verbatim. Jennifer
// writes a comment starting with "//" or "/*" as it is, and turns one with
// a line break into a /* */ block; so the line gets its "// " here, where
// "/*", "*/" and "//" in the text are inert. Leading space is dropped (Go
// would take the line for a code block), and what the Go scanner rejects
// even inside a comment (invalid UTF-8, and the runes unsafeInComment
// names) is replaced.
func commentLine(text string) string {
	if !printableASCII(text) {
		text = strings.ToValidUTF8(text, "\uFFFD")
		text = strings.Map(func(r rune) rune {
			if unsafeInComment(r) {
				return ' '
			}
			return r
		}, text)
	}
	text = strings.TrimSpace(text)
	if text == "" {
		return "//"
	}
	return "// " + text
}

// printableASCII reports whether text is printable ASCII alone, which
// commentLine keeps as it is: most of any spec's text.
func printableASCII(text string) bool {
	for i := 0; i < len(text); i++ {
		if text[i] < ' ' || text[i] >= 0x7f {
			return false
		}
	}
	return true
}

// unsafeInComment reports whether r cannot stand in a // comment line:
// the Go scanner rejects NUL and a byte order mark anywhere but the start
// of a file, line breaks (U+2028 and U+2029 to some editors) would end the
// line, and other control and bidirectional formatting characters hide or
// reorder text for a reader.
func unsafeInComment(r rune) bool {
	if r >= ' ' && r < 0x7f {
		// Printable ASCII, most of any spec's text: the Unicode tables
		// below cost a lookup per character of every comment.
		return false
	}
	return unicode.IsControl(r) || r == '\u2028' || r == '\u2029' || r == '\uFEFF' || unicode.Is(unicode.Bidi_Control, r)
}

// doc writes lines as the doc comment of the next top-level declaration
// of f, one comment line each.
func doc(f *jen.File, lines []string) {
	for _, l := range lines {
		f.Comment(commentLine(l))
	}
}

// docf writes a one-line doc comment for the next top-level declaration
// of f.
func docf(f *jen.File, format string, args ...any) {
	doc(f, []string{fmt.Sprintf(format, args...)})
}

// packageDoc writes lines as the package comment of f.
func packageDoc(f *jen.File, lines []string) {
	for _, l := range lines {
		f.PackageComment(commentLine(l))
	}
}

// PartDirective marks the doc.go of each sub-package of a split output
// (Options.SplitByTag): gen.Write may remove such a package when a later
// run no longer produces it, and no other. Go's tools read a line of this
// form as a directive, not as documentation.
const PartDirective = "//agentready:part"

// partDirective ends the package comment of f with PartDirective.
func partDirective(f *jen.File) {
	f.PackageComment(PartDirective)
}

// comment renders lines as // comments ending in a line break, to put
// before a struct field.
func comment(lines []string) *jen.Statement {
	st := jen.Null()
	for _, l := range lines {
		st.Comment(commentLine(l)).Line()
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

// docText is the doc comment of a top-level declaration, lines as doc
// takes them, as gofmt writes it: go/printer rewrites such a comment in
// the canonical form of go/doc/comment (its formatDocComment), each line
// ending in a line break. commentLine starts every line with "// " or is
// "//", so none is a directive, which gofmt would move to the end.
func docText(lines []string) string {
	if len(lines) == 0 {
		return ""
	}
	var b strings.Builder
	for _, l := range lines {
		b.WriteString(strings.TrimPrefix(strings.TrimPrefix(commentLine(l), "//"), " "))
		b.WriteByte('\n')
	}
	var p doccomment.Parser
	var pr doccomment.Printer
	text := string(pr.Comment(p.Parse(b.String())))
	b.Reset()
	for text != "" {
		var line string
		line, text, _ = strings.Cut(text, "\n")
		switch {
		case line == "":
			line = "//"
		case strings.HasPrefix(line, "\t"):
			line = "//" + line
		default:
			line = "// " + line
		}
		b.WriteString(line)
		b.WriteByte('\n')
	}
	return b.String()
}
