package shape

import (
	"bytes"
	"encoding/json"
	"strings"

	"github.com/agentready/agentready/internal/english"
)

// DefaultTokens is the budget of a tool result's text that the runtime
// uses when none is set: room for a page of data, small beside a model's
// context.
const DefaultTokens = 2000

// A BodyKind says what a response body holds.
type BodyKind string

// The kinds of body.
const (
	BodyEmpty  BodyKind = "empty"
	BodyJSON   BodyKind = "json"
	BodyText   BodyKind = "text"
	BodyBinary BodyKind = "binary"
)

// Body is a response body prepared for the text a model reads: compact
// JSON indexed for trimming, text without markup, or only the facts of
// binary content. Prepare makes one.
type Body struct {
	Kind BodyKind
	// Media is the media type, without parameters.
	Media string
	// Tokens is the size of the whole body as it would be shown untrimmed;
	// 0 for empty and binary bodies.
	Tokens int
	// BadJSON is a body declared JSON that is not: it is shown as text.
	BadJSON bool
	// WasHTML is a body whose tags were removed.
	WasHTML bool
	// Bytes is the length of the body as it came.
	Bytes int

	json *trimmer
	text string
}

// Prepare reads raw by its content type and its first bytes; count counts
// tokens (nil: TokenEstimate).
func Prepare(raw []byte, contentType string, count func(string) int) *Body {
	if count == nil {
		count = TokenEstimate
	}
	b := &Body{Media: MediaType(contentType), Bytes: len(raw)}
	trimmed := bytes.TrimSpace(raw)
	if len(trimmed) == 0 {
		b.Kind = BodyEmpty
		return b
	}
	declared := strings.HasSuffix(b.Media, "/json") || strings.HasSuffix(b.Media, "+json")
	var buf bytes.Buffer
	buf.Grow(len(trimmed))
	valid := json.Compact(&buf, trimmed) == nil
	if valid && (declared || trimmed[0] == '{' || trimmed[0] == '[') {
		b.Kind, b.json = BodyJSON, newTrimmer(buf.Bytes())
		b.Tokens = count(buf.String())
		return b
	}
	if IsBinary(b.Media, raw) {
		b.Kind = BodyBinary
		return b
	}
	b.Kind, b.BadJSON = BodyText, declared
	if IsHTML(b.Media, trimmed) {
		b.text, b.WasHTML = StripHTML(string(trimmed)), true
	} else {
		b.text = TidyText(string(trimmed))
	}
	b.Tokens = count(b.text)
	return b
}

// JSON is the compact JSON of a BodyJSON body, nil for other kinds.
func (b *Body) JSON() []byte {
	if b.json == nil {
		return nil
	}
	return b.json.buf
}

// Text is the text of a BodyText body, without markup.
func (b *Body) Text() string { return b.text }

// Fit returns the body (JSON or text) trimmed to budget tokens, and what
// was cut.
func (b *Body) Fit(budget int, count func(string) int) (string, Cut) {
	if b.json != nil {
		r := b.json.trim(b.Tokens, budget, count)
		return string(r.out), r.cut()
	}
	return FitText(b.text, b.Tokens, budget, count)
}

// Describe says what a text body is and how it is shown ("text/html,
// shown without tags").
func (b *Body) Describe() string {
	s := Media(b.Media)
	switch {
	case b.BadJSON:
		s += ", but not valid JSON; shown as text"
	case b.WasHTML:
		s += ", shown without tags"
	}
	return s
}

// Nothing calls out a JSON body that holds no data (an empty list or
// object, null), with what the model should do about it; "" otherwise.
func (b *Body) Nothing() string {
	if b.json == nil {
		return ""
	}
	root := &b.json.nodes[0]
	switch {
	case root.kind == '[' && root.n == 0:
		return "returned an empty list: nothing matched; check the filter values"
	case root.kind == '{' && root.n == 0:
		return "returned an empty object"
	case root.kind == '0' && string(b.json.buf) == "null":
		return "returned null (no data)"
	}
	return ""
}

// Count reads like "12 items" for a JSON list, "" for anything else.
func (b *Body) Count() string {
	if b.json == nil || b.json.nodes[0].kind != '[' {
		return ""
	}
	return english.Count(b.json.nodes[0].n, "item")
}

// EmptyLists calls out a small wrapper object whose lists are all empty,
// such as {"items": [], "total": 0}; "" otherwise.
func (b *Body) EmptyLists() string {
	if b.json == nil {
		return ""
	}
	t := b.json
	root := &t.nodes[0]
	if root.kind != '{' || root.n > 6 {
		return ""
	}
	var names []string
	for _, k := range t.children(0) {
		switch nd := &t.nodes[k]; {
		case nd.kind == '[' && nd.n > 0, nd.kind == '{':
			return ""
		case nd.kind == '[':
			names = append(names, trimKeyText(t.buf[nd.key:nd.keyEnd]))
		}
	}
	if len(names) == 0 {
		return ""
	}
	return strings.Join(names, ", ") + " is an empty list: nothing matched; check the filter values"
}

// Cut says what trimming left out of a body.
type Cut struct {
	// Omitted says what was left out, e.g. "items 21-500 of 500".
	Omitted string
	// Truncated is whether anything was.
	Truncated bool
	// Dropped is whether array items or object keys were left out (not
	// only characters of strings).
	Dropped bool
}

// Note says what trimming left out, and how to see more; "" when nothing
// was.
func (c Cut) Note() string {
	if !c.Truncated {
		return ""
	}
	s := "trimmed to fit, left out " + c.Omitted
	if c.Dropped {
		s += "; for more, use the tool's paging or filter parameters"
	}
	return s
}

// Compose writes a head line and a body within limit tokens: the body is
// trimmed to what the head leaves, and again if the two together come out
// over. body trims to a budget; head may mention what was cut.
func Compose(limit int, count func(string) int, body func(budget int) (string, Cut), head func(Cut) string) (string, Cut) {
	budget := limit - count(head(Cut{})) - 1
	for try := 0; ; try++ {
		s, c := body(max(budget, 1))
		text := head(c)
		if s != "" {
			text += "\n" + s
		}
		over := count(text) - limit
		if over <= 0 || budget <= 1 || try == 4 {
			return text, c
		}
		budget -= over + 2
	}
}

// Media names a media type for the text ("no content type" when empty).
func Media(media string) string {
	if media == "" {
		return "no content type"
	}
	return media
}
