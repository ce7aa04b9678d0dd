package emit

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/dave/jennifer/jen"
)

// hostileText is text a spec may hold that must not break a comment,
// including what the loader never lets through (invalid UTF-8).
var hostileText = []string{
	"/* opens a block",
	"*/ closes one",
	"//go:generate rm -rf /",
	"//line hostile.go:1",
	"`backticks` and ``` fences",
	"NUL \x00 and escape \x1b[31m",
	"line\nbreak and\r\nCRLF",
	"separators \u2028 \u2029 and \u0085",
	"\ufeffbyte order mark",
	"\u202ereversed\u202c",
	"invalid \xff\xfe bytes and a cut rune \xe2\x82",
	strings.Repeat("W", 5000) + "/*" + strings.Repeat("x", 100),
	"ends in a backslash \\",
	"   ",
	"",
}

// TestCommentHostileText writes each hostile text through every comment
// helper (package, declaration and field comments, wrapped and not) and
// checks that the file formats, parses with every declaration in place,
// holds only // comments and valid UTF-8, and keeps the visible text.
func TestCommentHostileText(t *testing.T) {
	for _, text := range hostileText {
		f := jen.NewFile("p")
		packageDoc(f, append(docLines(text), text))
		doc(f, append(docLines(text), text))
		f.Type().Id("T").Struct(comment(append(docLines(text), text)).Id("A").String(), comment([]string{text}).Id("B").Int())
		docf(f, "U is %s.", text)
		f.Type().Id("U").Int()
		var buf bytes.Buffer
		if err := f.Render(&buf); err != nil {
			t.Errorf("%q: %v", text, err)
			continue
		}
		if !utf8.Valid(buf.Bytes()) {
			t.Errorf("%q: output is not valid UTF-8", text)
		}
		file, err := parser.ParseFile(token.NewFileSet(), "p.go", buf.Bytes(), parser.ParseComments)
		if err != nil {
			t.Errorf("%q: %v\n%s", text, err, buf.Bytes())
			continue
		}
		visible := strings.TrimSpace(commentLine(text)) != "//"
		if len(file.Decls) != 2 || visible && file.Doc == nil {
			t.Errorf("%q: a comment swallowed code:\n%s", text, buf.Bytes())
			continue
		}
		fields := file.Decls[0].(*ast.GenDecl).Specs[0].(*ast.TypeSpec).Type.(*ast.StructType).Fields.List
		if len(fields) != 2 {
			t.Errorf("%q: a comment swallowed a field:\n%s", text, buf.Bytes())
		}
		for _, g := range file.Comments {
			for _, c := range g.List {
				if !strings.HasPrefix(c.Text, "// ") && c.Text != "//" {
					t.Errorf("%q: comment %q is not a plain // line", text, c.Text)
				}
			}
		}
		if w := strings.Fields(text); len(w) > 0 && utf8.ValidString(w[0]) && !strings.ContainsFunc(w[0], unsafeInComment) &&
			!strings.Contains(buf.String(), "// "+w[0]) {
			t.Errorf("%q: the text is lost:\n%s", text, buf.Bytes())
		}
	}
}

// TestCommentsInOnePlace checks that only comment.go hands text to
// jennifer's comment methods, so every comment goes through commentLine.
func TestCommentsInOnePlace(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range files {
		if name == "comment.go" || strings.HasSuffix(name, "_test.go") {
			continue
		}
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		file, err := parser.ParseFile(token.NewFileSet(), name, src, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(file, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			sel, ok := call.Fun.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			switch sel.Sel.Name {
			case "Comment", "Commentf", "PackageComment", "CgoPreamble":
				t.Errorf("%s calls %s: write comments with doc, docf, comment or packageDoc", name, sel.Sel.Name)
			case "HeaderComment":
				if id, ok := call.Args[0].(*ast.Ident); !ok || id.Name != "Header" {
					t.Errorf("%s: HeaderComment takes only the constant Header", name)
				}
			}
			return true
		})
	}
}

// A text longer than plainText reads, even one without a space to wrap
// at, ends in "..." and is cut at a character, never inside one.
func TestDocLinesLongText(t *testing.T) {
	for _, text := range []string{
		strings.Repeat("é", plainTextLimit),
		strings.Repeat("word ", plainTextLimit/5+10),
	} {
		lines := docLines(text)
		if len(lines) == 0 || len(lines) > maxCommentLines {
			t.Fatalf("%d lines", len(lines))
		}
		last := lines[len(lines)-1]
		if !strings.HasSuffix(last, " ...") {
			t.Errorf("last line %.40q... does not say the text was cut", last)
		}
		for _, l := range lines {
			if !utf8.ValidString(l) {
				t.Errorf("line %.40q is not valid UTF-8", l)
			}
		}
	}
}
