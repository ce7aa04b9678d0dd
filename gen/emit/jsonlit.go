package emit

import (
	"bytes"
	"fmt"
	"math"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/dave/jennifer/jen"
)

// jsonLineWidth is the longest JSON text, in bytes, that jsonLit keeps
// on one line before it breaks an object or array into its members.
const jsonLineWidth = 100

// jsonMaxLines bounds the lines of one text: gofmt's work on a chain of n
// concatenated literals grows as n squared (go/printer walks the chain
// below each operator), which on Stripe's largest schemas (up to 973
// lines) made gen measurably slower. A text that would take more lines
// is laid out with a wider width until it fits.
const jsonMaxLines = 200

// jsonLit writes a JSON text (a schema, an examples map, an example
// arguments object) as a Go string expression that reads well in a diff,
// whose value is the text byte for byte: what a model reads, counts or
// hashes is the same as if it were one literal.
//
// The rule: a text of at most jsonLineWidth bytes is one literal. A
// longer object or array is written as a concatenation of literals, one
// line per member: its opening bracket ends the line that holds its key,
// each member follows on a line of its own, broken again by the same rule
// when it is longer than jsonLineWidth (a schema's "properties" thus gives
// one line per property, and a long property one line per keyword), and
// its closing bracket joins the line before. A scalar (a long description)
// is never cut. A text that would take more than jsonMaxLines lines is
// laid out again with twice the width, until it fits: its top levels are
// still one member per line, its deeper objects longer lines. So a change to one property of a spec changes about one
// line of generated code. Each line is a raw literal when it can be one
// (see rawString) and a quoted literal otherwise, so hostile text (a
// backtick, a control character, invalid UTF-8) stays exact; the Go
// compiler joins the constant pieces, so nothing is added at run time.
//
// A text of several lines goes to gofmt as a placeholder (see jsonChains)
// that render replaces with the concatenation, laid out as gofmt lays it
// out: gofmt's work on a chain of literals is most of its work on the
// descriptors, and it would change nothing in it. The layout is gofmt's
// where the generator puts a text, as an expression of its own (a
// constant's value, a composite literal's element, a call's only
// argument: TestChainsSpliceAsGofmt); in a call with other arguments
// gofmt would write the operators without blanks.
func (e *emitter) jsonLit(text string) jen.Code {
	lines := jsonLinesAtMost(text, jsonLineWidth, jsonMaxLines)
	if len(lines) == 1 {
		return rawString(lines[0])
	}
	return jen.Op(e.chains.add(lines))
}

// jsonChains holds the concatenations of literals jsonLit wrote as
// placeholders, until render puts them in the formatted file. A
// placeholder is a raw string literal of two lines, so that gofmt lays out
// what surrounds it as it does around a concatenation over several lines
// (a composite literal's keys are not aligned across either). It starts
// with a control character, which a JSON text holds only escaped, and
// gives a number only this emitter's splice knows.
type jsonChains struct {
	mu    sync.Mutex
	lines map[int][]string
	// blocks holds the statements of the function bodies stmtsLit left
	// as placeholders, each on one line.
	blocks map[int][]string
	// lists holds the elements of the composite literals listLit left as
	// placeholders, each element's text on one line.
	lists map[int][]string
	// decls holds the text of the top-level declarations declLit left as
	// placeholders.
	decls map[int][]string
	// typed builds the top-level declarations typedDecl left as
	// placeholders, from the texts gofmt printed of their types.
	typed map[int]typedText
}

// typedText is a declaration typedDecl left: how many types its
// placeholder lists, and what builds its text from them.
type typedText struct {
	types int
	build func(types []string) string
	// nested is set when the text holds placeholders in turn.
	nested bool
}

// chainMark starts a placeholder's first line; its number follows.
// listMark starts a list's (listLit).
const (
	placeholderMark = "`\x01agentready-"
	chainMark       = placeholderMark + "json-"
	listMark        = placeholderMark + "list-"
	blockMark       = placeholderMark + "block-"
	declMark        = placeholderMark + "decl-"
	typedMark       = placeholderMark + "typed-"
)

// methodHole stands for the method's constant in a keyed field's value:
// keyedText puts there what gofmt printed of it (descriptorDecl).
const methodHole = "\x02method"

// nextLine in a keyed field's value is a line break followed by the
// field's own indentation.
const nextLine = "\x03"

// keyedField is a field of a composite literal as gofmt prints it: its
// key and value, and whether the value takes more than one line.
type keyedField struct {
	key, value string
	multi      bool
}

func (c *jsonChains) add(lines []string) string {
	return c.keep(chainMark, &c.lines, lines)
}

// keep files lines in *m under the next number and returns the
// placeholder of kind mark for them.
func (c *jsonChains) keep(mark string, m *map[int][]string, lines []string) string {
	c.mu.Lock()
	defer c.mu.Unlock()
	if *m == nil {
		*m = map[int][]string{}
	}
	id := len(*m)
	(*m)[id] = lines
	return mark + strconv.Itoa(id) + "\n`"
}

// listLit writes a composite literal of type typ whose elements each fit
// on one line, laid out as gofmt lays out such a literal written one
// element per line: the opening brace ends the line, each element on a
// line of its own one tab deeper than the line the literal starts on,
// followed by a comma, and the closing brace on a line of its own at that
// line's depth. Each element's text must be as gofmt prints it. It goes
// to gofmt as a placeholder, typ{`mark\n`}, for splice: gofmt's printer
// measures each element of a composite literal (and each key and value
// within it) before printing it, and would change nothing in these.
func (e *emitter) listLit(typ *jen.Statement, elems []string) jen.Code {
	return typ.Values(jen.Op(e.chains.keep(listMark, &e.chains.lists, elems)))
}

// splice replaces each placeholder in the formatted src with its text.
// A concatenation's: the first literal where the placeholder starts, each
// next one on a line of its own, indented one tab deeper than the line
// the concatenation starts on (as gofmt indents an operand after a line
// break), every line but the last ending with " +". A list's (listLit):
// the placeholder and the closing brace after it become a line break,
// each element on a line of its own one tab deeper than that line, ending
// with a comma, and the closing brace at that line's depth. A block's
// (stmtsLit): each statement on a line of its own at the placeholder's
// depth. A declaration's (declLit): its text in place of the whole line
// that holds the placeholder; a typed one's (typedDecl), the text built
// from the types that end that line, spliced in turn when it holds
// placeholders (nestedDecl).
func (c *jsonChains) splice(src []byte) []byte {
	mark := []byte(placeholderMark)
	if !bytes.Contains(src, mark) {
		return src
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.spliceLocked(src)
}

// spliceLocked is splice with c.mu held.
func (c *jsonChains) spliceLocked(src []byte) []byte {
	var out bytes.Buffer
	built := map[int]string{}
	out.Grow(c.splicedSize(src, built))
	c.spliceInto(&out, src, built)
	return out.Bytes()
}

// splicedSize is about the size of src with its placeholders replaced: a
// file's texts are often many times its formatted source, and a buffer
// grown by doubling to hold them allocated twice what it kept. The texts
// of typed declarations are built for it, and kept in built for
// spliceInto.
func (c *jsonChains) splicedSize(src []byte, built map[int]string) int {
	size := len(src)
	for rest := src; ; {
		at := bytes.Index(rest, []byte(placeholderMark))
		if at < 0 {
			return size
		}
		rest = rest[at+len(placeholderMark):]
		kind, texts, id, end := c.placeholder(rest)
		if kind == "" {
			continue
		}
		if kind == typedMark {
			if text, _, _, ok := c.typedText(id, rest[end:], built); ok {
				if c.typed[id].nested {
					size += c.splicedSize([]byte(text), built)
				} else {
					size += len(text)
				}
			}
			rest = rest[end:]
			continue
		}
		// Each line, with its indentation and what joins it.
		for _, l := range texts[id] {
			size += len(l) + 8
		}
		rest = rest[end:]
	}
}

// placeholder reads the kind and number of the placeholder whose mark
// (placeholderMark) rest follows: the kind's mark, the texts of that
// kind (nil for a typed one), the number and where its digits end in
// rest. The kind is empty when rest names none.
func (c *jsonChains) placeholder(rest []byte) (kind string, texts map[int][]string, id, end int) {
	for _, k := range [...]struct {
		mark  string
		texts map[int][]string
	}{{chainMark, c.lines}, {listMark, c.lists}, {blockMark, c.blocks}, {declMark, c.decls}, {typedMark, nil}} {
		if name := k.mark[len(placeholderMark):]; bytes.HasPrefix(rest, []byte(name)) {
			kind, texts, end = k.mark, k.texts, len(name)
			break
		}
	}
	digits := end
	for end < len(rest) && rest[end] >= '0' && rest[end] <= '9' && end-digits < 9 {
		id = id*10 + int(rest[end]-'0')
		end++
	}
	if kind == "" || end == digits {
		return "", nil, 0, end
	}
	return kind, texts, id, end
}

// typedText is the text of the typed declaration id (typedDecl), whose
// placeholder's number rest follows: built from the types that end the
// placeholder's line, or taken from built, where it is kept. It returns
// what follows that line, and whether a line break ends it; ok is false
// when the placeholder is not whole or lists another number of types.
func (c *jsonChains) typedText(id int, rest []byte, built map[int]string) (text string, after []byte, found, ok bool) {
	const closing = "\n`"
	t, known := c.typed[id]
	if !known || !bytes.HasPrefix(rest, []byte(closing)) {
		return "", nil, false, false
	}
	// "var _ = `mark`, T1, T2": the types as gofmt printed them, to the
	// end of the line.
	line, after, found := bytes.Cut(rest[len(closing):], []byte("\n"))
	if text, ok := built[id]; ok {
		return text, after, found, true
	}
	var types []string
	if len(line) > 0 {
		types = strings.Split(strings.TrimPrefix(string(line), ", "), ", ")
	}
	if len(types) != t.types {
		return "", nil, false, false
	}
	text = t.build(types)
	built[id] = text
	return text, after, found, true
}

// spliceInto writes src to out with each placeholder replaced, as splice
// does; c.mu is held. built holds the typed declarations' texts built
// so far (typedText).
func (c *jsonChains) spliceInto(out *bytes.Buffer, src []byte, built map[int]string) {
	mark := []byte(placeholderMark)
	for {
		at := bytes.Index(src, mark)
		if at < 0 {
			out.Write(src)
			return
		}
		kind, texts, id, end := c.placeholder(src[at+len(mark):])
		end += at + len(mark)
		lines, ok := texts[id]
		if kind == typedMark {
			_, ok = c.typed[id]
		}
		closing := "\n`"
		if kind == listMark {
			closing = "\n`}"
		}
		if kind == "" || !ok || !bytes.HasPrefix(src[end:], []byte(closing)) {
			// Not a placeholder of this emitter: keep it.
			out.Write(src[:end])
			src = src[end:]
			continue
		}
		if kind == typedMark {
			// The types that end the line give way with the rest of
			// the declaration to its text.
			if text, after, found, ok := c.typedText(id, src[end:], built); ok {
				out.Write(src[:bytes.LastIndexByte(src[:at], '\n')+1])
				if c.typed[id].nested {
					c.spliceInto(out, []byte(text), built)
				} else {
					out.WriteString(text)
				}
				if found {
					out.WriteByte('\n')
				}
				src = after
				continue
			}
			out.Write(src[:end])
			src = src[end:]
			continue
		}
		lineStart := bytes.LastIndexByte(src[:at], '\n') + 1
		if kind == declMark {
			// The placeholder's whole declaration, "var _ = `mark`",
			// gives way to the text.
			out.Write(src[:lineStart])
			for i, l := range lines {
				if i > 0 {
					out.WriteByte('\n')
				}
				out.WriteString(l)
			}
			src = src[end+len(closing):]
			continue
		}
		indent := lineStart
		for indent < at && src[indent] == '\t' {
			indent++
		}
		// The line's depth, and the one a tab deeper.
		tabs := src[lineStart:indent]
		out.Write(src[:at])
		switch kind {
		case blockMark:
			for i, l := range lines {
				if i > 0 {
					out.WriteByte('\n')
					out.Write(tabs)
				}
				out.WriteString(l)
			}
		case listMark:
			for _, l := range lines {
				out.WriteByte('\n')
				out.Write(tabs)
				out.WriteByte('\t')
				out.WriteString(l)
				out.WriteByte(',')
			}
			out.WriteByte('\n')
			out.Write(tabs)
			out.WriteByte('}')
		default:
			for i, l := range lines {
				if i > 0 {
					out.WriteString(" +\n")
					out.Write(tabs)
					out.WriteByte('\t')
				}
				writeRaw(out, l)
			}
		}
		src = src[end+len(closing):]
	}
}

// keyedText is the text of a keyed literal's fields at depth tabs, each
// after a line break, and the line break and closing brace that end it;
// method replaces methodHole. The fields are laid out as gofmt lays out a
// literal written one field per line: each one a tab deeper than the line
// the literal starts on; the keys of a run of one-line fields aligned
// (gofmt's tabwriter: the widest key and its colon, then a blank), a
// field of several lines ending a run with its key, a colon and a blank;
// the closing brace at that line's depth. Keys longer than gofmt's
// alignment heuristics allow for (40 bytes) are not meant here.
func keyedText(fields []keyedField, tabs, method string) string {
	var b strings.Builder
	for i := 0; i < len(fields); {
		if fields[i].multi {
			b.WriteString("\n" + tabs + fields[i].key + ": " + strings.ReplaceAll(fields[i].value, nextLine, "\n"+tabs) + ",")
			i++
			continue
		}
		end, width := i, 0
		for end < len(fields) && !fields[end].multi {
			width = max(width, len(fields[end].key))
			end++
		}
		for _, f := range fields[i:end] {
			v := f.value
			if v == methodHole {
				v = method
			}
			b.WriteString("\n" + tabs + f.key + ":" + strings.Repeat(" ", width-len(f.key)+1) + v + ",")
		}
		i = end
	}
	b.WriteString("\n" + tabs[1:] + "}")
	return b.String()
}

// stmtsLit writes statements that each fit on one line, as gofmt prints
// them, as the body of a block: one line each at the depth of the block's
// first statement. It goes to gofmt as a placeholder, a statement of its
// own, for splice.
func (e *emitter) stmtsLit(stmts []string) jen.Code {
	return jen.Op(e.chains.keep(blockMark, &e.chains.blocks, stmts))
}

// jsonLinesAtMost is jsonLines at width, or at twice the width as often as
// it takes to give at most most lines. The text is scanned once, and the
// lines are pieces of it: layoutJSON finds where they end.
func jsonLinesAtMost(text string, width, most int) []string {
	if len(text) <= width {
		return []string{text}
	}
	root, ok := scanJSON(text, width)
	if !ok {
		return []string{text}
	}
	var cuts []int
	for {
		cuts = layoutJSON(text, &root, 0, len(text), width, cuts[:0])
		if len(cuts) <= most {
			break
		}
		width *= 2
	}
	lines := make([]string, len(cuts))
	from := 0
	for i, to := range cuts {
		lines[i], from = text[from:to], to
	}
	return lines
}

// jsonLines cuts text into the lines jsonLit writes; they join to text.
// Text that is not well-formed JSON is cut where its brackets allow, or
// kept whole: the pieces always join to the original bytes.
func jsonLines(text string, width int) []string {
	return jsonLinesAtMost(text, width, math.MaxInt)
}

// jsonNode is a JSON value within a text: its span, the end of its member
// (just past the member's comma, or past its value for the last one) when
// it is one, and for an object or array its members (not nil, if empty).
type jsonNode struct {
	start, end, after int
	values            []jsonNode
}

// layoutJSON appends to cuts the ends of the lines of text[from:to], which
// holds n with what precedes it on its line (a key) and follows it (a
// comma), and returns cuts. The lines are consecutive: each starts where
// the one before ends, the first at from.
func layoutJSON(text string, n *jsonNode, from, to, width int, cuts []int) []int {
	if n.values == nil || to-from <= width {
		return append(cuts, to)
	}
	open := text[from : n.start+1]
	at := n.start + 1
	if strings.TrimSpace(open) == text[n.start:n.start+1] && len(cuts) == 0 {
		// A bare opening bracket at the start shares its line with the
		// first member.
		at = from
	} else {
		cuts = append(cuts, at)
	}
	first := len(cuts)
	for i := range n.values {
		v := &n.values[i]
		cuts = layoutJSON(text, v, at, v.after, width, cuts)
		at = v.after
	}
	if len(cuts) > first {
		// The closing text joins the last line.
		cuts[len(cuts)-1] = to
		return cuts
	}
	return append(cuts, to)
}

// scanJSON finds the structure of a JSON text: objects, arrays and the
// spans of their members. It reports false for text whose brackets or
// strings are not well formed, which jsonLines then keeps whole. The
// members of an object or array whose member text is at most width bytes
// are not kept: layoutJSON, at width or wider, keeps such a text on one
// line.
func scanJSON(text string, width int) (jsonNode, bool) {
	s := &jsonScanner{text: text, width: width}
	n := s.value(0)
	s.space()
	return n, !s.bad && s.at == len(text)
}

type jsonScanner struct {
	text string
	at   int
	bad  bool
	// width is the narrowest layout the structure is for.
	width int
	// members holds the members of the objects and arrays being
	// scanned, each copied out once its container ends, so that each
	// container allocates its members once.
	members []jsonNode
}

func (s *jsonScanner) space() {
	for s.at < len(s.text) && strings.IndexByte(" \t\r\n", s.text[s.at]) >= 0 {
		s.at++
	}
}

// value scans one value, whose member text (key included) starts at
// from; for an object or array it records the members.
func (s *jsonScanner) value(from int) jsonNode {
	s.space()
	if s.at >= len(s.text) {
		s.bad = true
		return jsonNode{}
	}
	n := jsonNode{start: s.at}
	switch c := s.text[s.at]; c {
	case '{', '[':
		closer := byte('}')
		if c == '[' {
			closer = ']'
		}
		s.at++
		n.values = []jsonNode{}
		s.space()
		if s.at < len(s.text) && s.text[s.at] == closer {
			s.at++
			n.end = s.at
			return n
		}
		base := len(s.members)
		// Where each member's text starts: the first's just past the
		// bracket, or at the text's start, where the bracket may share
		// the first member's line (layoutJSON).
		member := n.start + 1
		if from == 0 {
			member = 0
		}
		for !s.bad {
			if c == '{' {
				s.space()
				s.str()
				s.space()
				s.expect(':')
			}
			v := s.value(member)
			if s.bad {
				return jsonNode{}
			}
			s.space()
			if s.at < len(s.text) && s.text[s.at] == ',' {
				s.at++
				v.after = s.at
				s.members = append(s.members, v)
				member = s.at
				continue
			}
			v.after = v.end
			s.members = append(s.members, v)
			s.expect(closer)
			break
		}
		if !s.oneLine(from) {
			n.values = append(n.values, s.members[base:]...)
		}
		s.members = s.members[:base]
	case '"':
		s.str()
	default:
		for s.at < len(s.text) && strings.IndexByte(",:]} \t\r\n{[\"", s.text[s.at]) < 0 {
			s.at++
		}
		if s.at == n.start {
			s.bad = true
		}
	}
	n.end = s.at
	return n
}

// oneLine reports whether the member text that starts at from and whose
// value ends where the scanner is, with the comma right after it if any,
// is at most s.width bytes: layoutJSON keeps it on one line, and never
// reads its members. A blank after the value leaves the end unsure.
func (s *jsonScanner) oneLine(from int) bool {
	to := s.at
	if to < len(s.text) {
		switch s.text[to] {
		case ',':
			to++
		case '}', ']':
		default:
			return false
		}
	}
	return to-from <= s.width
}

// str scans a string, escapes included.
func (s *jsonScanner) str() {
	if s.at >= len(s.text) || s.text[s.at] != '"' {
		s.bad = true
		return
	}
	for s.at++; s.at < len(s.text); s.at++ {
		switch s.text[s.at] {
		case '\\':
			s.at++
		case '"':
			s.at++
			return
		}
	}
	s.bad = true
}

func (s *jsonScanner) expect(c byte) {
	if s.at >= len(s.text) || s.text[s.at] != c {
		s.bad = true
		return
	}
	s.at++
}

// rawString writes s as a raw string literal when it can be one, which
// keeps JSON readable; otherwise as a quoted string. A raw literal cannot
// hold a backtick, a carriage return (the compiler drops it), a NUL or a
// byte order mark (the compiler refuses them), or invalid UTF-8.
func rawString(s string) jen.Code {
	return jen.Op(rawText(s))
}

// writeRaw writes rawText(s) to out.
func writeRaw(out *bytes.Buffer, s string) {
	if rawOK(s) {
		out.WriteByte('`')
		out.WriteString(s)
		out.WriteByte('`')
		return
	}
	out.WriteString(rawText(s))
}

// rawOK reports whether s can be a raw string literal as it is. It reads
// s byte by byte: strings.ContainsAny with a non-ASCII character among
// those sought decodes every rune of s, which was most of splice's time.
func rawOK(s string) bool {
	ascii := true
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '`' || c == '\r' || c == 0:
			return false
		case c >= utf8.RuneSelf:
			ascii = false
		}
	}
	return ascii || !strings.Contains(s, "\uFEFF") && utf8.ValidString(s)
}

// rawText is the source of rawString(s).
func rawText(s string) string {
	if !rawOK(s) {
		// As jen.Lit writes a string.
		return fmt.Sprintf("%#v", s)
	}
	return "`" + s + "`"
}
