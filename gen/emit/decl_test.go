package emit

import (
	"slices"
	"strings"
	"testing"

	"github.com/dave/jennifer/jen"

	"github.com/agentready/agentready/gen/ir"
)

// TestDeclsSpliceAsGofmt checks that type declarations written as text
// (declLit, structText, docText) come out byte for byte as gofmt writes
// the same declarations built with jen: doc comments gofmt rewrites
// (an old-style heading), runs of aligned fields broken by
// comments, names and types of several widths, a tag that cannot be
// backquoted, a struct of one field, one of none and one without tags, between
// declarations that stay with jen.
func TestDeclsSpliceAsGofmt(t *testing.T) {
	type field struct {
		doc       []string
		name, tag string
		typ       func() *jen.Statement
	}
	str := func() *jen.Statement { return jen.Op("*").String() }
	decls := []struct {
		name   string
		doc    []string
		fields []field
	}{
		{"Plain", []string{"Plain is an object."}, []field{
			{nil, "A", "a", str},
			{nil, "LongerName", "longer_name,omitempty", func() *jen.Statement { return jen.Map(jen.String()).Any() }},
			{[]string{"Items are the items.", "", "- one", "- two"}, "Items", "items", func() *jen.Statement { return jen.Index().Op("*").Id("Item") }},
			{nil, "Ünicode", "ü", func() *jen.Statement { return jen.Index().Index().Int64() }},
			{[]string{"Quote has a tag with a backquote."}, "Quote", "a`b", str},
			{[]string{"Deprecated: gone."}, "Z", "z", func() *jen.Statement { return jen.Bool() }},
		}},
		{"Docs", []string{"Docs is the schema \"docs\".", "", "A list:", "  1. first", "    indented code", "", "# Heading", "", "Text [link] here.", "", "Old Style Heading", "", "[link]: http://x", "", "- one", "- two"}, []field{
			{[]string{"One field only."}, "Only", "only", str},
		}},
		{"Empty", []string{"Empty is an object."}, nil},
		{"Input", []string{"Input holds parameters."}, []field{
			{[]string{"ID is the path parameter."}, "ID", "", str},
			{nil, "Limit", "", func() *jen.Statement { return jen.Int64() }},
			{nil, "LongerName", "", func() *jen.Statement { return jen.Index().String() }},
		}},
	}
	between := func(f *jen.File, i int) {
		doc(f, []string{"F is a function that stays with jen."})
		f.Func().Id("F" + strings.Repeat("x", i)).Params().Block()
	}
	build := func(asText bool, e *emitter) func(f *jen.File) {
		return func(f *jen.File) {
			for i, d := range decls {
				between(f, i)
				if asText {
					texts := make([]fieldText, len(d.fields))
					codes := make([]jen.Code, len(d.fields))
					for j, fl := range d.fields {
						codes[j] = fl.typ()
					}
					typs, ok := goTexts(codes)
					if !ok && len(codes) > 0 {
						t.Fatalf("%s: types not taken as text", d.name)
					}
					for j, fl := range d.fields {
						texts[j] = fieldText{doc: fl.doc, name: fl.name, typ: typs[j]}
						if fl.tag != "" {
							texts[j].tag = jsonTag(fl.tag)
						}
					}
					e.declLit(f, structText(docText(d.doc), d.name, texts))
					continue
				}
				codes := make([]jen.Code, len(d.fields))
				for j, fl := range d.fields {
					codes[j] = comment(fl.doc).Id(fl.name).Add(fl.typ())
					if fl.tag != "" {
						codes[j].(*jen.Statement).Tag(map[string]string{"json": fl.tag})
					}
				}
				doc(f, d.doc)
				f.Type().Id(d.name).Struct(codes...)
			}
			between(f, len(decls))
		}
	}
	want, err := (&emitter{opts: Options{Package: "p"}}).render(fileSpec{name: "a.go", build: build(false, nil)})
	if err != nil {
		t.Fatal(err)
	}
	e := &emitter{opts: Options{Package: "p"}}
	got, err := e.render(fileSpec{name: "a.go", build: build(true, e)})
	if err != nil {
		t.Fatal(err)
	}
	if len(e.chains.decls) != len(decls) {
		t.Errorf("%d placeholders, want %d", len(e.chains.decls), len(decls))
	}
	if string(got.Content) != string(want.Content) {
		t.Errorf("spliced:\n%s\nwant (gofmt of the declarations):\n%s", got.Content, want.Content)
	}
}

// TestGoTextsRefuses checks that goTexts takes only types whose gofmt
// text it knows: a qualified name or a channel is left to gofmt.
func TestGoTextsRefuses(t *testing.T) {
	for _, c := range []jen.Code{jen.Qual("time", "Time"), jen.Chan().Int(), jen.Struct(jen.Id("A").Int())} {
		if texts, ok := goTexts([]jen.Code{jen.String(), c}); ok {
			t.Errorf("%#v taken as %q", c, texts)
		}
	}
}

// TestEnumSplicesAsGofmt checks that enumerations written as text
// (constsText) come out byte for byte as gofmt writes them from jen: names
// of several widths aligned, strings with quotes and backquotes, numbers.
func TestEnumSplicesAsGofmt(t *testing.T) {
	enums := []struct {
		name, under string
		kind        ir.Kind
		names       []string
		values      []any
	}{
		{"Color", "string", ir.KindString, []string{"ColorRed", "ColorDarkBlue", "ColorÜ"}, []any{"red", "dark \"blue\"`", "ü"}},
		{"Level", "int64", ir.KindInteger, []string{"LevelLow", "LevelMinus"}, []any{int64(1), float64(-2)}},
		{"Ratio", "float64", ir.KindNumber, []string{"RatioHalf", "RatioBig"}, []any{0.5, 1e21}},
	}
	build := func(asText bool, e *emitter) func(f *jen.File) {
		return func(f *jen.File) {
			for _, en := range enums {
				typeDoc := []string{en.name + " is an enumeration."}
				values := make([]jen.Code, len(en.values))
				for i, v := range en.values {
					values[i] = enumLit(en.kind, v)
				}
				if asText {
					texts, ok := rawTexts(values)
					if !ok || slices.ContainsFunc(texts, notLiteral) {
						t.Fatalf("%s: values %q not taken as text", en.name, texts)
					}
					e.declLit(f, docText(typeDoc)+"type "+en.name+" "+en.under,
						constsText(docText([]string{"The values of " + en.name + "."}), en.name, en.names, texts))
					continue
				}
				doc(f, typeDoc)
				f.Type().Id(en.name).Id(en.under)
				defs := make([]jen.Code, len(values))
				for i := range values {
					defs[i] = jen.Id(en.names[i]).Id(en.name).Op("=").Add(values[i])
				}
				doc(f, []string{"The values of " + en.name + "."})
				f.Const().Defs(defs...)
			}
		}
	}
	want, err := (&emitter{opts: Options{Package: "p"}}).render(fileSpec{name: "a.go", build: build(false, nil)})
	if err != nil {
		t.Fatal(err)
	}
	e := &emitter{opts: Options{Package: "p"}}
	got, err := e.render(fileSpec{name: "a.go", build: build(true, e)})
	if err != nil {
		t.Fatal(err)
	}
	if string(got.Content) != string(want.Content) {
		t.Errorf("spliced:\n%s\nwant (gofmt of the declarations):\n%s", got.Content, want.Content)
	}
	for _, text := range []string{"+Inf", "0X1F", "1E5", "x", ""} {
		if !notLiteral(text) {
			t.Errorf("%q taken as a literal gofmt keeps", text)
		}
	}
}

// TestUnionBodiesAsGofmt checks that a union's methods, whose bodies go
// to gofmt as placeholders (stmtsLit) naming encoding/json "json", come
// out as gofmt writes the bodies jen builds, which a package named json
// still gets.
func TestUnionBodiesAsGofmt(t *testing.T) {
	api := &ir.API{Title: "Unions"}
	api.Types = append(api.Types, &ir.Type{ID: "Pet", GoName: "Pet", Schema: &ir.Schema{Kind: ir.KindObject,
		Properties: []*ir.Property{{Name: "id", GoName: "ID", Schema: &ir.Schema{Kind: ir.KindString}}}}})
	api.Types = append(api.Types, &ir.Type{ID: "Either", GoName: "Either", Schema: &ir.Schema{Kind: ir.KindUnion, Exclusive: true,
		Variants: []*ir.Schema{{Ref: "Pet"}, {Kind: ir.KindString}}}})
	types := func(pkg string) string {
		files, _, err := Emit(api, Options{Package: pkg})
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			if f.Name == "types.go" {
				return strings.Replace(string(f.Content), "package "+pkg+"\n", "", 1)
			}
		}
		t.Fatal("no types.go")
		return ""
	}
	got, want := types("p"), types("json")
	if !strings.Contains(want, "func (v *Either) FromPet(x Pet) error {\n\tb, err := json.Marshal(x)\n\tif err != nil {\n\t\treturn err\n\t}\n") {
		t.Fatalf("the union's methods are not there:\n%s", want)
	}
	if got != want {
		t.Errorf("with placeholders:\n%s\nwant (gofmt of jen's bodies):\n%s", got, want)
	}
}

// TestTypedSpliceAsGofmt checks that declarations whose types name
// packages (typedDecl: structText with the types gofmt printed,
// responseText, a method's signature) come out byte for byte as gofmt
// writes the same declarations built with jen, in a file that imports two
// packages named time (so that jen names the second one time1) and a
// struct that names only its own package's types.
func TestTypedSpliceAsGofmt(t *testing.T) {
	other := "example.com/other/time"
	own := "example.com/own"
	type field struct {
		doc       []string
		name, tag string
		typ       func() *jen.Statement
	}
	fields := []field{
		{[]string{"When is a time."}, "When", "when", func() *jen.Statement { return jen.Qual("time", "Time") }},
		{nil, "Others", "others,omitempty", func() *jen.Statement { return jen.Index().Op("*").Qual(other, "T") }},
		{nil, "ByName", "by_name,omitempty", func() *jen.Statement { return jen.Map(jen.String()).Qual("time", "Duration") }},
		{nil, "Own", "own", func() *jen.Statement { return jen.Op("*").Qual(own, "Thing") }},
	}
	ownOnly := []field{{nil, "A", "a", func() *jen.Statement { return jen.Qual(own, "Thing") }}}
	respDoc := []string{"Resp is what Op returns: the status."}
	bodyDoc := []string{"Body is the decoded 200 response.", "", "A list of things."}
	methDoc := []string{"Op does a thing.", "", "GET /things (tool op)"}
	body := []string{"req := opOp().NewRequest()", "out := new(Resp)", "err := c.rt.Do(ctx, req, &out.Response, &out.Body)", "return out, err"}
	build := func(asText bool, e *emitter) func(f *jen.File) {
		return func(f *jen.File) {
			for i, fs := range [][]field{fields, ownOnly} {
				name := "S" + strings.Repeat("x", i)
				texts := make([]fieldText, len(fs))
				types := make([]*jen.Statement, len(fs))
				for j, fl := range fs {
					texts[j] = fieldText{doc: fl.doc, name: fl.name, tag: fl.tag}
					types[j] = fl.typ()
				}
				if asText {
					e.structDecl(f, []string{name + " is an object."}, name, texts, types)
					if len(e.chains.typed) != i+1 {
						t.Fatalf("%s: not a typed declaration", name)
					}
					continue
				}
				codes := make([]jen.Code, len(fs))
				for j, fl := range fs {
					codes[j] = comment(fl.doc).Id(fl.name).Add(types[j]).Tag(map[string]string{"json": fl.tag})
				}
				doc(f, []string{name + " is an object."})
				f.Type().Id(name).Struct(codes...)
			}
			for _, withBody := range []bool{true, false} {
				name := "Resp"
				if !withBody {
					name = "Bare"
				}
				if asText {
					types := []jen.Code{jen.Qual(toolrtPath, "Response")}
					if withBody {
						types = append(types, jen.Index().Qual(other, "T"))
					}
					e.typedDecl(f, types, func(types []string) string {
						return responseText(docText(respDoc), name, types, bodyDoc)
					})
					continue
				}
				fields := []jen.Code{jen.Qual(toolrtPath, "Response")}
				if withBody {
					fields = append(fields, comment(bodyDoc).Id("Body").Index().Qual(other, "T"))
				}
				doc(f, respDoc)
				f.Type().Id(name).Struct(fields...)
			}
			if asText {
				e.typedDecl(f, []jen.Code{jen.Qual("context", "Context")}, func(types []string) string {
					return docText(methDoc) + "func (c *Client) Op(ctx " + types[0] + ", in OpInput) (*Resp, error) {\n\t" +
						strings.Join(body, "\n\t") + "\n}"
				})
				return
			}
			doc(f, methDoc)
			f.Func().Params(jen.Id("c").Op("*").Id("Client")).Id("Op").Params(jen.Id("ctx").Qual("context", "Context"), jen.Id("in").Id("OpInput")).
				Params(jen.Op("*").Id("Resp"), jen.Error()).Block(e.stmtsLit(body))
		}
	}
	spec := func(asText bool, e *emitter) fileSpec {
		return fileSpec{name: "a.go", part: &part{path: own, name: "own", dir: "own"}, build: build(asText, e)}
	}
	opts := Options{Package: "p", ImportPath: "example.com/p", SplitByTag: true}
	ref := &emitter{opts: opts}
	want, err := ref.render(spec(false, ref))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(want.Content), "time1.T") {
		t.Fatalf("jen did not rename the second package named time:\n%s", want.Content)
	}
	e := &emitter{opts: opts}
	got, err := e.render(spec(true, e))
	if err != nil {
		t.Fatal(err)
	}
	if string(got.Content) != string(want.Content) {
		t.Errorf("spliced:\n%s\nwant (gofmt of the declarations):\n%s", got.Content, want.Content)
	}
}
