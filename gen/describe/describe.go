// Package describe writes the descriptions LLMs read for each tool.
package describe

import (
	"regexp"
	"strings"

	"github.com/agentready/agentready/gen/ir"
)

var (
	htmlTag      = regexp.MustCompile(`</?[a-zA-Z][^>]*>`)
	markdownLink = regexp.MustCompile(`\[([^\]]+)\]\([^)\s]+\)`)
	bareURL      = regexp.MustCompile(`https?://\S+`)
)

// Clean strips markup and URLs from spec text and collapses whitespace:
// what is left is the words a model needs.
func Clean(s string) string {
	s = htmlTag.ReplaceAllString(s, " ")
	s = markdownLink.ReplaceAllString(s, "$1")
	s = bareURL.ReplaceAllString(s, "")
	s = strings.NewReplacer("**", "", "__", "", "`", "", "&lt;", "<", "&gt;", ">", "&amp;", "&", "&quot;", `"`).Replace(s)
	return strings.Join(strings.Fields(s), " ")
}

// Purpose is the first sentence that says what the operation does: the
// summary, or the description's first sentence.
func Purpose(op *ir.Operation) string {
	p := Clean(op.Summary)
	if p == "" {
		p = firstSentence(Clean(op.Description))
	}
	if p == "" {
		p = op.Method + " " + op.Path
	}
	if !strings.HasSuffix(p, ".") {
		p += "."
	}
	return p
}

func firstSentence(s string) string {
	for i := 0; i < len(s); i++ {
		if s[i] == '.' && (i+1 == len(s) || s[i+1] == ' ') {
			return s[:i+1]
		}
	}
	return s
}

// Description is the text an LLM reads for the tool.
func Description(api *ir.API, op *ir.Operation) string {
	return Purpose(op)
}
