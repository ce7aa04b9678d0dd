package emit

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/dave/jennifer/jen"

	"github.com/agentready/agentready/gen/toolrt"
)

// TestJSONLines checks jsonLines' rule: the lines join to the text
// whatever it holds, short text is one line, and a long object gives a
// line per member, where only a member that is itself too long and cannot
// be broken (a scalar) passes the width.
func TestJSONLines(t *testing.T) {
	long := strings.Repeat("x", 120)
	cases := []struct {
		text string
		want []string
	}{
		{`{"type":"object"}`, []string{`{"type":"object"}`}},
		{`{"type":"object","properties":{"a":{"type":"string","description":"` + long + `"},"b":{"type":"integer"}},"required":["a"]}`,
			[]string{
				`{"type":"object",`,
				`"properties":{`,
				`"a":{`,
				`"type":"string",`,
				`"description":"` + long + `"},`,
				`"b":{"type":"integer"}},`,
				`"required":["a"]}`,
			}},
		{`[1,2,"` + long + `",[3,4]]`, []string{`[1,`, `2,`, `"` + long + `",`, `[3,4]]`}},
		{`"` + long + `"`, []string{`"` + long + `"`}},
	}
	for _, c := range cases {
		got := jsonLines(c.text, 40)
		if strings.Join(got, "\n") != strings.Join(c.want, "\n") {
			t.Errorf("jsonLines(%s):\n got %q\nwant %q", c.text, got, c.want)
		}
	}
	// Past most lines, the width doubles: the top level stays one member
	// a line, deeper objects are kept whole.
	wide := `{"a":{"x":1,"y":2,"z":3},"b":{"x":1,"y":2,"z":3}}`
	if got, want := jsonLinesAtMost(wide, 10, 4), []string{`{"a":{"x":1,"y":2,"z":3},`, `"b":{"x":1,"y":2,"z":3}}`}; strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("jsonLinesAtMost(%s, 10, 4) = %q, want %q", wide, got, want)
	}
	if got := jsonLinesAtMost(wide, 10, 100); len(got) != 8 {
		t.Errorf("jsonLinesAtMost(%s, 10, 100) = %q, want 8 lines", wide, got)
	}
	// Text that is not JSON, or JSON with spaces and escapes, still joins
	// to itself.
	for _, text := range []string{
		`{"a":` + long, `{"a":[1,2}` + long, `}` + long, `{ "a" : [ 1 , "\"` + long + `\\" ] , "b":{} }`,
		`{"k\"}":"` + long + `","e":[],"o":{}}`, "{\"a\":\"\xff`\r\x00\uFEFF" + long + `"}`,
	} {
		if got := strings.Join(jsonLines(text, 10), ""); got != text {
			t.Errorf("jsonLines(%q) joins to %q", text, got)
		}
	}
}

// TestJSONScanKeepsWhatLayoutReads checks scanJSON's shortcut: leaving
// out the members of a container whose member text fits the width changes
// no layout at that width or wider, on random texts (compact, and with
// blanks, where the shortcut must not apply).
func TestJSONScanKeepsWhatLayoutReads(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var gen func(depth int, blank string) string
	gen = func(depth int, blank string) string {
		if depth == 0 || rng.IntN(3) == 0 {
			return []string{`1`, `"s"`, `true`, `"` + strings.Repeat("w", rng.IntN(30)) + `"`}[rng.IntN(4)]
		}
		var parts []string
		obj := rng.IntN(2) == 0
		for i := rng.IntN(5); i >= 0; i-- {
			v := gen(depth-1, blank)
			if obj {
				v = fmt.Sprintf(`"k%d":%s%s`, i, blank, v)
			}
			parts = append(parts, v)
		}
		if obj {
			return "{" + blank + strings.Join(parts, ","+blank) + blank + "}"
		}
		return "[" + strings.Join(parts, blank+","+blank) + "]"
	}
	for i := 0; i < 2000; i++ {
		blank := ""
		if i%3 == 0 {
			blank = " "
		}
		text := gen(5, blank)
		width := 10 + rng.IntN(60)
		all, ok := scanJSON(text, 0)
		cut, ok2 := scanJSON(text, width)
		if !ok || !ok2 {
			t.Fatalf("scanJSON(%s) not well formed", text)
		}
		for w := width; w < 4*width; w *= 2 {
			want := layoutJSON(text, &all, 0, len(text), w, nil)
			got := layoutJSON(text, &cut, 0, len(text), w, nil)
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Fatalf("%s at width %d (scanned for %d): lines end at %v, want %v", text, w, width, got, want)
			}
		}
	}
}

// TestChainsSpliceAsGofmt checks that a file whose long JSON texts went to
// gofmt as placeholders (jsonChains) comes out byte for byte as gofmt
// writes the concatenations themselves, in each place the generator puts
// one (a constant, a keyed field beside aligned short ones, a nested
// composite literal, a call's only argument) and with lines that must be
// quoted.
func TestChainsSpliceAsGofmt(t *testing.T) {
	long := strings.Repeat("word ", 30)
	texts := []string{
		`{"type":"object","properties":{"a":{"type":"string","description":"` + long + `"},"b":{"type":"integer"}},"required":["a"]}`,
		"{\"type\":\"object\",\"properties\":{\"q\":{\"type\":\"string\",\"description\":\"a ` backtick " + long + "\"},\"r\":{\"enum\":[\"\xff\"]}}}",
	}
	build := func(lit func(string) jen.Code) func(f *jen.File) {
		return func(f *jen.File) {
			for i, text := range texts {
				f.Const().Id(fmt.Sprintf("c%d", i)).Op("=").Add(lit(text))
				f.Func().Id(fmt.Sprintf("f%d", i)).Params().Op("*").Id("T").Block(
					jen.Return(jen.Op("&").Id("T").Values(
						jen.Line().Id("Name").Op(":").Lit("x"),
						jen.Line().Id("Schema").Op(":").Add(lit(text)),
						jen.Line().Id("Example").Op(":").Lit("{}"),
						jen.Line().Id("Nested").Op(":").Index().Id("U").Values(jen.Values(jen.Line().Id("S").Op(":").Add(lit(text)), jen.Line())),
						jen.Line(),
					)),
				)
				f.Var().Id(fmt.Sprintf("v%d", i)).Op("=").Id("g").Call(lit(text))
			}
		}
	}
	chain := func(text string) jen.Code {
		lines := jsonLinesAtMost(text, jsonLineWidth, jsonMaxLines)
		expr := jen.Add(rawString(lines[0]))
		for _, l := range lines[1:] {
			expr.Op("+").Line().Add(rawString(l))
		}
		return expr
	}
	want, err := (&emitter{opts: Options{Package: "p"}}).render(fileSpec{name: "a.go", build: build(chain)})
	if err != nil {
		t.Fatal(err)
	}
	e := &emitter{opts: Options{Package: "p"}}
	got, err := e.render(fileSpec{name: "a.go", build: build(e.jsonLit)})
	if err != nil {
		t.Fatal(err)
	}
	if len(e.chains.lines) != 4*len(texts) {
		t.Errorf("%d placeholders, want %d", len(e.chains.lines), 4*len(texts))
	}
	if string(got.Content) != string(want.Content) {
		t.Errorf("spliced:\n%s\nwant (gofmt of the concatenations):\n%s", got.Content, want.Content)
	}
}

// TestListsSpliceAsGofmt checks that parameter lists that went to gofmt
// as placeholders (listLit) come out byte for byte as gofmt writes the
// literals themselves: beside aligned short fields, after a long one,
// nested one level deeper, and with names that must be quoted.
func TestListsSpliceAsGofmt(t *testing.T) {
	params := [][]toolrt.Param{
		{{Name: "id", In: "path", Style: "simple", Required: true}},
		{{Name: "q", In: "query", Style: "form", Explode: true}, {Name: "a\"b`\xff\t", Arg: "a_b", In: "header", Style: "simple", JSON: true}},
	}
	build := func(list func(ps []toolrt.Param) jen.Code) func(f *jen.File) {
		return func(f *jen.File) {
			for i, ps := range params {
				f.Func().Id(fmt.Sprintf("f%d", i)).Params().Op("*").Id("T").Block(
					jen.Return(jen.Op("&").Id("T").Values(
						jen.Line().Id("Name").Op(":").Lit("x"),
						jen.Line().Id("Params").Op(":").Add(list(ps)),
						jen.Line().Id("Example").Op(":").Lit("{}"),
						jen.Line().Id("Nested").Op(":").Index().Id("U").Values(jen.Values(jen.Line().Id("Ps").Op(":").Add(list(ps)), jen.Line())),
						jen.Line(),
					)),
				)
			}
		}
	}
	typ := func() *jen.Statement { return jen.Index().Qual(toolrtPath, "Param") }
	literal := func(ps []toolrt.Param) jen.Code {
		var elems []jen.Code
		for _, p := range ps {
			fields := []jen.Code{jen.Id("Name").Op(":").Lit(p.Name)}
			if p.Arg != "" {
				fields = append(fields, jen.Id("Arg").Op(":").Lit(p.Arg))
			}
			fields = append(fields, jen.Id("In").Op(":").Lit(p.In), jen.Id("Style").Op(":").Lit(p.Style))
			for _, fl := range []struct {
				name string
				on   bool
			}{{"Explode", p.Explode}, {"JSON", p.JSON}, {"Required", p.Required}} {
				if fl.on {
					fields = append(fields, jen.Id(fl.name).Op(":").True())
				}
			}
			elems = append(elems, jen.Line().Values(fields...))
		}
		return typ().Values(append(elems, jen.Line())...)
	}
	want, err := (&emitter{opts: Options{Package: "p"}}).render(fileSpec{name: "a.go", build: build(literal)})
	if err != nil {
		t.Fatal(err)
	}
	e := &emitter{opts: Options{Package: "p"}}
	got, err := e.render(fileSpec{name: "a.go", build: build(func(ps []toolrt.Param) jen.Code {
		elems := make([]string, len(ps))
		for i, p := range ps {
			elems[i] = paramLit(p)
		}
		return e.listLit(typ(), elems)
	})})
	if err != nil {
		t.Fatal(err)
	}
	if len(e.chains.lists) != 2*len(params) {
		t.Errorf("%d placeholders, want %d", len(e.chains.lists), 2*len(params))
	}
	if string(got.Content) != string(want.Content) {
		t.Errorf("spliced:\n%s\nwant (gofmt of the literals):\n%s", got.Content, want.Content)
	}
}

// TestBlocksSpliceAsGofmt checks that method bodies that went to gofmt as
// placeholders (stmtsLit) come out byte for byte as gofmt writes the
// statements themselves, in a function and in a nested block.
func TestBlocksSpliceAsGofmt(t *testing.T) {
	build := func(stmts func() []jen.Code) func(f *jen.File) {
		return func(f *jen.File) {
			f.Func().Params(jen.Id("c").Op("*").Id("Client")).Id("F").Params(jen.Id("in").Id("T")).Params(jen.Op("*").Id("R"), jen.Error()).Block(stmts()...)
			f.Func().Id("g").Params().Block(jen.If(jen.True()).Block(stmts()...))
		}
	}
	want, err := (&emitter{opts: Options{Package: "p"}}).render(fileSpec{name: "a.go", build: build(func() []jen.Code {
		return []jen.Code{
			jen.Id("req").Op(":=").Id("opF").Call().Dot("NewRequest").Call(),
			jen.Id("req").Dot("Arg").Call(jen.Lit("a\"`\xff"), jen.Id("in").Dot("A")),
			jen.Id("out").Op(":=").New(jen.Id("R")),
			jen.Return(jen.Id("out"), jen.Nil()),
		}
	})})
	if err != nil {
		t.Fatal(err)
	}
	e := &emitter{opts: Options{Package: "p"}}
	got, err := e.render(fileSpec{name: "a.go", build: build(func() []jen.Code {
		return []jen.Code{e.stmtsLit([]string{"req := opF().NewRequest()", "req.Arg(" + goString("a\"`\xff") + ", in.A)", "out := new(R)", "return out, nil"})}
	})})
	if err != nil {
		t.Fatal(err)
	}
	if len(e.chains.blocks) != 2 {
		t.Errorf("%d placeholders, want 2", len(e.chains.blocks))
	}
	if string(got.Content) != string(want.Content) {
		t.Errorf("spliced:\n%s\nwant (gofmt of the statements):\n%s", got.Content, want.Content)
	}
}

// TestKeyedSpliceAsGofmt checks that descriptor functions that went to
// gofmt as placeholders (descriptorDecl) come out byte for byte as gofmt writes
// the literals themselves: runs of one-line fields aligned, broken by
// fields of several lines (parameter lists and JSON chains, themselves
// placeholders), with the method's constant in its place.
func TestKeyedSpliceAsGofmt(t *testing.T) {
	long := strings.Repeat("word ", 30)
	chainText := `{"type":"object","properties":{"a":{"type":"string","description":"` + long + `"}}}`
	params := []toolrt.Param{{Name: "id", In: "path", Style: "simple", Required: true}, {Name: "q", Arg: "q_2", In: "query", Style: "form"}}
	type field struct {
		key   string
		value func(e *emitter) jen.Code // as jen writes it
		text  func(e *emitter) (string, bool)
	}
	lit := func(s string) field {
		return field{"", func(*emitter) jen.Code { return jen.Lit(s) }, func(*emitter) (string, bool) { return goString(s), false }}
	}
	named := func(key string, f field) field { f.key = key; return f }
	// A form body's encodings, as emitDescriptor writes them with jen.
	body := func(enc map[string]toolrt.FormEncoding) field {
		return field{"Body", func(*emitter) jen.Code {
			d := jen.Dict{}
			for k, v := range enc {
				d[jen.Lit(k)] = jen.Values(jen.Dict{jen.Id("Style"): jen.Lit(v.Style), jen.Id("Explode"): jen.Lit(v.Explode)})
			}
			return jen.Op("&").Qual(toolrtPath, "Body").Values(jen.Id("ContentType").Op(":").Lit("application/x-www-form-urlencoded"),
				jen.Id("Encoding").Op(":").Map(jen.String()).Qual(toolrtPath, "FormEncoding").Values(d))
		}, func(*emitter) (string, bool) {
			return `&toolrt.Body{ContentType: "application/x-www-form-urlencoded", Encoding: map[string]toolrt.FormEncoding{` + encodingText(enc) + "}}", true
		}}
	}
	layouts := [][]field{
		{named("Name", lit("a")), named("Description", lit(long)),
			{"Method", func(*emitter) jen.Code { return jen.Qual("net/http", "MethodGet") }, func(*emitter) (string, bool) { return methodHole, false }},
			named("Path", lit("/a/{id}")),
			{"Params", func(e *emitter) jen.Code {
				elems := make([]string, len(params))
				for i, p := range params {
					elems[i] = paramLit(p)
				}
				return e.listLit(jen.Index().Qual(toolrtPath, "Param"), elems)
			}, func(e *emitter) (string, bool) {
				elems := make([]string, len(params))
				for i, p := range params {
					elems[i] = paramLit(p)
				}
				return "[]toolrt.Param{" + e.chains.keep(listMark, &e.chains.lists, elems) + "}", true
			}},
			{"Schema", func(e *emitter) jen.Code { return e.jsonLit(chainText) }, func(e *emitter) (string, bool) {
				return e.chains.add(jsonLinesAtMost(chainText, jsonLineWidth, jsonMaxLines)), true
			}},
			named("Example", lit("{}")), named("Examples", lit(`{"x":1}`))},
		{named("Name", lit("b")), {"Method", func(*emitter) jen.Code { return jen.Lit("PROPFIND") }, func(*emitter) (string, bool) { return goString("PROPFIND"), false }}},
		{named("Name", lit("c")), body(map[string]toolrt.FormEncoding{"a": {Style: "form"}}), named("Example", lit("{}"))},
		{named("Name", lit("d")), body(map[string]toolrt.FormEncoding{"b[]": {Style: "deepObject", Explode: true}, "a": {Style: "form"}})},
	}
	build := func(e *emitter, keyed bool) func(f *jen.File) {
		return func(f *jen.File) {
			for i, fields := range layouts {
				if keyed {
					var kf []keyedField
					var method jen.Code
					for _, fl := range fields {
						v, multi := fl.text(e)
						if v == methodHole {
							method = fl.value(e)
						}
						kf = append(kf, keyedField{fl.key, v, multi})
					}
					e.descriptorDecl(f, fmt.Sprintf("op%d", i), []string{"Returns a descriptor."}, kf, method)
					continue
				}
				var elems []jen.Code
				for _, fl := range fields {
					elems = append(elems, jen.Line().Id(fl.key).Op(":").Add(fl.value(e)))
				}
				elems = append(elems, jen.Line())
				doc(f, []string{"Returns a descriptor."})
				f.Func().Id(fmt.Sprintf("op%d", i)).Params().Op("*").Qual(toolrtPath, "Operation").Block(
					jen.Return(jen.Op("&").Qual(toolrtPath, "Operation").Values(elems...)))
			}
		}
	}
	e := &emitter{opts: Options{Package: "p"}}
	want, err := e.render(fileSpec{name: "a.go", build: build(e, false)})
	if err != nil {
		t.Fatal(err)
	}
	e = &emitter{opts: Options{Package: "p"}}
	got, err := e.render(fileSpec{name: "a.go", build: build(e, true)})
	if err != nil {
		t.Fatal(err)
	}
	if len(e.chains.typed) != len(layouts) {
		t.Errorf("%d placeholders, want %d", len(e.chains.typed), len(layouts))
	}
	if string(got.Content) != string(want.Content) {
		t.Errorf("spliced:\n%s\nwant (gofmt of the literals):\n%s", got.Content, want.Content)
	}
}
