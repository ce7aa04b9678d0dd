package emit

import (
	"bytes"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/dave/jennifer/jen"
)

// declLit writes top-level declarations whose text is already as gofmt
// prints it (their doc comments as docText gives them), with an empty
// line between two of them. It goes to gofmt as a placeholder, a
// declaration of its own ("var _ = `mark`"), for splice: gofmt's printer
// and its rewriting of doc comments were most of its work on the files of
// named types, and would change nothing in these.
func (e *emitter) declLit(f *jen.File, decls ...string) {
	text := strings.Join(decls, "\n\n")
	// The empty line gofmt puts before a declaration with a doc comment.
	f.Line()
	f.Var().Id("_").Op("=").Op(e.chains.keep(declMark, &e.chains.decls, []string{text}))
}

// typedDecl writes a top-level declaration whose text build gives as
// gofmt prints it, from the texts gofmt prints of types, each on one line
// and holding no comma. It goes to gofmt as a placeholder that lists the
// types, a declaration of its own ("var _ = `mark`, T1, T2"), for splice,
// which calls build with what gofmt printed of each type: a type's text
// thus holds the name the file's imports give its package (which only
// rendering the whole file decides: a split output's sub-package may
// import two packages of the same name), and gofmt, which parses and
// prints only the types, does little work.
func (e *emitter) typedDecl(f *jen.File, types []jen.Code, build func(types []string) string) {
	e.keepTyped(f, typedText{types: len(types), build: build}, types)
}

// nestedDecl is typedDecl for a declaration whose text holds placeholders
// in turn, which splice replaces in it.
func (e *emitter) nestedDecl(f *jen.File, types []jen.Code, build func(types []string) string) {
	e.keepTyped(f, typedText{types: len(types), build: build, nested: true}, types)
}

// keepTyped files t and writes its placeholder, listing types.
func (e *emitter) keepTyped(f *jen.File, t typedText, types []jen.Code) {
	c := &e.chains
	c.mu.Lock()
	if c.typed == nil {
		c.typed = map[int]typedText{}
	}
	id := len(c.typed)
	c.typed[id] = t
	c.mu.Unlock()
	f.Line()
	f.Var().Id("_").Op("=").List(append([]jen.Code{jen.Op(typedMark + strconv.Itoa(id) + "\n`")}, types...)...)
}

// goTexts are the texts of types, each as gofmt prints it, or false where
// that is not known: jen writes code unformatted with blanks between
// tokens, which gofmt drops between the tokens of a type such as
// "[]*Item" or "map[string]any". So only types of identifiers, "*", "["
// and "]" are taken, with every blank beside one of those punctuation
// marks ("chan T" is not taken), naming no package (a qualified name's
// text depends on the file's imports).
func goTexts(types []jen.Code) ([]string, bool) {
	texts, qualified, ok := typeTexts(types)
	return texts, ok && !qualified
}

// typeTexts are goTexts' texts of types, where qualified names ("a.B")
// are taken too: qualified reports whether one of the types names a
// package, whose name in the texts is only the one a file of their own
// would give it.
func typeTexts(types []jen.Code) (texts []string, qualified, ok bool) {
	texts, ok = rawTexts(types)
	if !ok {
		return nil, false, false
	}
	for i, t := range texts {
		var b strings.Builder
		for j := 0; j < len(t); j++ {
			c := t[j]
			switch {
			case c == ' ':
				if !(j > 0 && isTypePunct(t[j-1]) || j+1 < len(t) && isTypePunct(t[j+1])) {
					return nil, false, false
				}
				continue
			case c == '.' && j > 0 && isIdentByte(t[j-1]) && j+1 < len(t) && isIdentByte(t[j+1]):
				qualified = true
			case isTypePunct(c), isIdentByte(c):
			default:
				return nil, false, false
			}
			b.WriteByte(c)
		}
		if b.Len() == 0 {
			return nil, false, false
		}
		texts[i] = b.String()
	}
	return texts, qualified, true
}

func isIdentByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// rawTexts are the texts jen writes for codes, unformatted, or false where
// one takes more than a line.
func rawTexts(codes []jen.Code) ([]string, bool) {
	f := jen.NewFile("p")
	f.NoFormat = true
	for _, c := range codes {
		f.Add(c)
	}
	var buf bytes.Buffer
	if err := f.Render(&buf); err != nil {
		return nil, false
	}
	text, ok := strings.CutPrefix(buf.String(), "package p\n\n")
	if !ok {
		return nil, false
	}
	// A file that names another package starts with its imports.
	if strings.HasPrefix(text, "import") {
		if _, text, ok = strings.Cut(text, "\n\n"); !ok {
			return nil, false
		}
	}
	text, ok = strings.CutPrefix(text, "\n")
	if !ok {
		return nil, false
	}
	texts := strings.Split(text, "\n")
	return texts, len(texts) == len(codes)
}

func isTypePunct(c byte) bool { return c == '*' || c == '[' || c == ']' }

// fieldText is a struct field as structText lays it out.
type fieldText struct {
	doc       []string
	name, typ string
	// tag is the field's json key and options, "" for none.
	tag string
}

// structDecl declares struct type name, with its doc comment lines and
// fields of types (fields' typ is not set yet): as gofmt prints it
// (structText) where typeTexts takes the types, with the types as gofmt
// prints them (typedDecl) where one names a package, and otherwise with
// jen, for gofmt. Either all fields have a tag or none has.
func (e *emitter) structDecl(f *jen.File, lines []string, name string, fields []fieldText, types []*jen.Statement) {
	codes := make([]jen.Code, len(types))
	for i, t := range types {
		codes[i] = t
	}
	if typs, qualified, ok := typeTexts(codes); ok {
		texts := slices.Clone(fields)
		for i := range texts {
			texts[i].typ = typs[i]
			if texts[i].tag != "" {
				texts[i].tag = jsonTag(texts[i].tag)
			}
		}
		if !qualified {
			e.declLit(f, structText(docText(lines), name, texts))
			return
		}
		doc := docText(lines)
		e.typedDecl(f, codes, func(typs []string) string {
			for i := range texts {
				texts[i].typ = typs[i]
			}
			return structText(doc, name, texts)
		})
		return
	}
	for i, fl := range fields {
		field := comment(fl.doc).Id(fl.name).Add(types[i])
		if fl.tag != "" {
			field.Tag(map[string]string{"json": fl.tag})
		}
		codes[i] = field
	}
	doc(f, lines)
	f.Type().Id(name).Struct(codes...)
}

// structText is the declaration of struct type name with fields, as
// gofmt prints it: each field's doc comment lines, one tab deep, before
// it; the names, types and tags of a run of fields with no comment
// between them aligned (gofmt's tabwriter: each column as wide as its
// widest cell and a blank); a struct without fields is "struct{}". Either
// all fields have a tag or none has.
func structText(doc, name string, fields []fieldText) string {
	var b strings.Builder
	b.WriteString(doc)
	b.WriteString("type " + name + " struct")
	if len(fields) == 0 {
		b.WriteString("{}")
		return b.String()
	}
	b.WriteString(" {\n")
	for i := 0; i < len(fields); {
		end := i + 1
		for end < len(fields) && len(fields[end].doc) == 0 {
			end++
		}
		nameWidth, typeWidth := 0, 0
		for _, f := range fields[i:end] {
			nameWidth = max(nameWidth, utf8.RuneCountInString(f.name))
			typeWidth = max(typeWidth, utf8.RuneCountInString(f.typ))
		}
		for _, f := range fields[i:end] {
			for _, l := range f.doc {
				b.WriteString("\t" + commentLine(l) + "\n")
			}
			b.WriteString("\t" + f.name + strings.Repeat(" ", nameWidth-utf8.RuneCountInString(f.name)+1) + f.typ)
			if f.tag != "" {
				b.WriteString(strings.Repeat(" ", typeWidth-utf8.RuneCountInString(f.typ)+1) + f.tag)
			}
			b.WriteString("\n")
		}
		i = end
	}
	b.WriteString("}")
	return b.String()
}

// jsonTag is the struct tag jen writes for Tag(map[string]string{"json":
// value}): json:"value", in backquotes where it can be.
func jsonTag(value string) string {
	s := fmt.Sprintf("json:%q", value)
	if strconv.CanBackquote(s) {
		return "`" + s + "`"
	}
	return strconv.Quote(s)
}

// constsText is a group of constants of type typ, names[i] = values[i]
// (each value as gofmt prints it), as gofmt prints it: the names aligned
// (gofmt's tabwriter: as wide as the widest and a blank), then the type
// and "= value".
func constsText(doc, typ string, names, values []string) string {
	width := 0
	for _, n := range names {
		width = max(width, utf8.RuneCountInString(n))
	}
	var b strings.Builder
	b.WriteString(doc + "const (\n")
	for i, n := range names {
		b.WriteString("\t" + n + strings.Repeat(" ", width-utf8.RuneCountInString(n)+1) + typ + " = " + values[i] + "\n")
	}
	b.WriteString(")")
	return b.String()
}

// notLiteral reports whether text, as jen writes a literal, may not be
// what gofmt prints: true unless it is a quoted string or a decimal
// number in lower case (gofmt writes a number's prefix and exponent in
// lower case).
func notLiteral(text string) bool {
	if len(text) >= 2 && text[0] == '"' && text[len(text)-1] == '"' {
		return false
	}
	digits := strings.TrimPrefix(text, "-")
	if digits == "" || digits[0] < '0' || digits[0] > '9' {
		return true
	}
	return strings.Trim(digits, "0123456789.e+-") != ""
}
