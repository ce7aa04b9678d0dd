package emit

import (
	"fmt"
	"maps"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/agentready/agentready/gen/catalog"
	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/gen/toolrt"
)

// einoTool is the import path of Eino's tool interfaces.
const einoTool = "github.com/cloudwego/eino/components/tool"

// descriptorFunc is the function that returns an operation's descriptor:
// unexported, and prefixed so it cannot meet an exported identifier.
func descriptorFunc(op *ir.Operation) string { return "op" + op.GoName }

// emitDescriptor declares the function that returns op's descriptor, a
// new value on every call so that no two clients or catalogs share one,
// with its fields in a reader's order. The typed method builds its
// request from it, as the tool does; an operation without a tool (its
// schema could not be built) gets the request's part alone.
func (e *emitter) emitDescriptor(f *jen.File, op *ir.Operation) {
	d := e.tool(op.Name)
	isTool := d != nil
	if !isTool {
		d = catalog.Request(op)
	}
	var lines []string
	if isTool {
		lines = docLines(fmt.Sprintf("%s returns a new descriptor of the %s operation: its request and, as an agent tool, its schema.", descriptorFunc(op), op.Name))
	} else {
		lines = docLines(fmt.Sprintf("%s returns a new descriptor of the %s operation's request (it has no agent tool).", descriptorFunc(op), op.Name))
	}
	if fields, ok := e.keyedDescriptor(op, d); ok {
		var method jen.Code
		if c := httpMethods[d.Method]; c != "" {
			method = jen.Qual("net/http", c)
		}
		e.descriptorDecl(f, descriptorFunc(op), lines, fields, method)
		return
	}
	doc(f, lines)
	lit := jen.Op("&").Qual(toolrtPath, "Operation")
	var fields fieldList
	fields.add("Name", jen.Lit(d.Name))
	fields.add("Description", jen.Lit(d.Description))
	fields.add("Method", httpMethod(d.Method))
	fields.add("Path", jen.Lit(d.Path))
	if d.Server != "" {
		fields.add("Server", jen.Lit(d.Server))
	}
	if len(op.Security) > 0 {
		fields.add("Security", securityLit(op.Security))
	}
	if len(d.Params) > 0 {
		params := make([]string, len(d.Params))
		for i, p := range d.Params {
			params[i] = paramLit(p)
		}
		fields.add("Params", e.listLit(jen.Index().Qual(toolrtPath, "Param"), params))
	}
	if b := d.Body; b != nil {
		var bf fieldList
		bf.add("ContentType", jen.Lit(b.ContentType))
		if b.Arg != "" {
			bf.add("Arg", jen.Lit(b.Arg))
		}
		if len(b.Fields) > 0 {
			lits := make([]jen.Code, len(b.Fields))
			for i, name := range b.Fields {
				lits[i] = jen.Lit(name)
			}
			bf.add("Fields", jen.Index().String().Values(lits...))
		}
		bf.flag("Required", b.Required)
		if len(b.Encoding) > 0 {
			enc := jen.Dict{}
			for _, k := range slices.Sorted(maps.Keys(b.Encoding)) {
				v := b.Encoding[k]
				enc[jen.Lit(k)] = jen.Values(jen.Dict{jen.Id("Style"): jen.Lit(v.Style), jen.Id("Explode"): jen.Lit(v.Explode)})
			}
			bf.add("Encoding", jen.Map(jen.String()).Qual(toolrtPath, "FormEncoding").Values(enc))
		}
		fields.add("Body", jen.Op("&").Qual(toolrtPath, "Body").Values(bf...))
	}
	if d.Schema != "" {
		fields.add("Schema", e.schemaLit(op, d.Schema))
	}
	if d.CheckSchema != "" {
		fields.add("CheckSchema", e.schemaLit(op, d.CheckSchema))
	}
	if d.Examples != "" {
		fields.add("Examples", e.jsonLit(d.Examples))
	}
	if d.Example != "" {
		fields.add("Example", e.jsonLit(d.Example))
	}
	elems := make([]jen.Code, 0, len(fields)+1)
	for _, fld := range fields {
		elems = append(elems, jen.Line().Add(fld))
	}
	elems = append(elems, jen.Line())
	f.Func().Id(descriptorFunc(op)).Params().Op("*").Qual(toolrtPath, "Operation").Block(jen.Return(lit.Values(elems...)))
}

// descriptorDecl declares function name, with its doc comment lines, that
// returns a descriptor literal of fields (keyedDescriptor), as gofmt
// prints it (keyedText, in a declaration nestedDecl writes); method, the
// net/http constant methodHole stands for, is nil where there is none.
func (e *emitter) descriptorDecl(f *jen.File, name string, lines []string, fields []keyedField, method jen.Code) {
	types := []jen.Code{jen.Qual(toolrtPath, "Operation")}
	if method != nil {
		types = append(types, method)
	}
	doc := docText(lines)
	e.nestedDecl(f, types, func(types []string) string {
		method := ""
		if len(types) > 1 {
			method = types[1]
		}
		return doc + "func " + name + "() *" + types[0] + " {\n\treturn &" + types[0] + "{" +
			keyedText(fields, "\t\t", method) + "\n}"
	})
}

// keyedDescriptor returns the fields of d's literal as gofmt prints them
// (keyedText), the method's constant left as methodHole, or false where
// jen and gofmt must lay it out: a value
// too long for gofmt to align (go/printer's nodeSize gives up past 1e6
// bytes), or a package whose name an import's would have to give way to.
func (e *emitter) keyedDescriptor(op *ir.Operation, d *toolrt.Operation) ([]keyedField, bool) {
	switch e.opts.Package {
	case "http", "toolrt":
		return nil, false
	}
	var fields []keyedField
	add := func(key, value string, multi bool) { fields = append(fields, keyedField{key, value, multi}) }
	add("Name", goString(d.Name), false)
	add("Description", goString(d.Description), false)
	if httpMethods[d.Method] != "" {
		add("Method", methodHole, false)
	} else {
		add("Method", goString(d.Method), false)
	}
	add("Path", goString(d.Path), false)
	if d.Server != "" {
		add("Server", goString(d.Server), false)
	}
	if len(op.Security) > 0 {
		alts := make([]string, len(op.Security))
		for i, alt := range op.Security {
			names := make([]string, len(alt))
			for j, u := range alt {
				names[j] = goString(u.Scheme)
			}
			alts[i] = "{" + strings.Join(names, ", ") + "}"
		}
		add("Security", "toolrt.Security{"+strings.Join(alts, ", ")+"}", false)
	}
	if len(d.Params) > 0 {
		params := make([]string, len(d.Params))
		for i, p := range d.Params {
			params[i] = paramLit(p)
		}
		add("Params", "[]toolrt.Param{"+e.chains.keep(listMark, &e.chains.lists, params)+"}", true)
	}
	if b := d.Body; b != nil {
		body := "&toolrt.Body{ContentType: " + goString(b.ContentType)
		if b.Arg != "" {
			body += ", Arg: " + goString(b.Arg)
		}
		if len(b.Fields) > 0 {
			names := make([]string, len(b.Fields))
			for i, name := range b.Fields {
				names[i] = goString(name)
			}
			body += ", Fields: []string{" + strings.Join(names, ", ") + "}"
		}
		if b.Required {
			body += ", Required: true"
		}
		if len(b.Encoding) == 0 {
			add("Body", body+"}", false)
		} else {
			add("Body", body+", Encoding: map[string]toolrt.FormEncoding{"+encodingText(b.Encoding)+"}}", true)
		}
	}
	json := func(key, text string, shared bool) {
		if sh := e.schemas()[e.opDir[op]].find(text); shared && sh != nil {
			add(key, sh.name, false)
			return
		}
		lines := jsonLinesAtMost(text, jsonLineWidth, jsonMaxLines)
		if len(lines) == 1 {
			add(key, rawText(lines[0]), false)
			return
		}
		add(key, e.chains.add(lines), true)
	}
	if d.Schema != "" {
		json("Schema", d.Schema, true)
	}
	if d.CheckSchema != "" {
		json("CheckSchema", d.CheckSchema, true)
	}
	if d.Examples != "" {
		json("Examples", d.Examples, false)
	}
	if d.Example != "" {
		json("Example", d.Example, false)
	}
	for _, f := range fields {
		if len(f.key)+2+len(f.value) > 1e5 {
			return nil, false
		}
	}
	return fields, true
}

// encodingText is the body of a form's encodings literal as jen writes
// it and gofmt lays it out, its line breaks as nextLine: one property
// stays on the line of the opening brace, several take a line each; each
// property's fields are aligned on lines of their own.
func encodingText(enc map[string]toolrt.FormEncoding) string {
	keys := make([]string, 0, len(enc))
	byKey := map[string]toolrt.FormEncoding{}
	for k, v := range enc {
		keys = append(keys, goString(k))
		byKey[goString(k)] = v
	}
	sort.Strings(keys) // jen's order: by the keys' source
	depth := ""
	if len(keys) > 1 {
		depth = "\t"
	}
	var b strings.Builder
	for _, k := range keys {
		if len(keys) > 1 {
			b.WriteString(nextLine + depth)
		}
		v := byKey[k]
		b.WriteString(k + ": {" + nextLine + depth + "\tExplode: " + strconv.FormatBool(v.Explode) + "," +
			nextLine + depth + "\tStyle:   " + goString(v.Style) + "," + nextLine + depth + "}")
		if len(keys) > 1 {
			b.WriteString(",")
		}
	}
	if len(keys) > 1 {
		b.WriteString(nextLine)
	}
	return b.String()
}

// paramLit is the composite literal of a parameter's descriptor, as
// gofmt prints it on one line.
func paramLit(p toolrt.Param) string {
	var b strings.Builder
	b.WriteString("{Name: " + goString(p.Name))
	if p.Arg != "" {
		b.WriteString(", Arg: " + goString(p.Arg))
	}
	b.WriteString(", In: " + goString(p.In) + ", Style: " + goString(p.Style))
	for _, f := range []struct {
		name string
		on   bool
	}{{"Explode", p.Explode}, {"JSON", p.JSON}, {"Required", p.Required}} {
		if f.on {
			b.WriteString(", " + f.name + ": true")
		}
	}
	b.WriteString("}")
	return b.String()
}

// goString is a string literal as jen.Lit writes it.
func goString(s string) string { return fmt.Sprintf("%#v", s) }

// fieldList is the fields of a composite literal in the order they were
// added (jen.Dict would sort them).
type fieldList []jen.Code

func (l *fieldList) add(name string, v jen.Code) {
	*l = append(*l, jen.Id(name).Op(":").Add(v))
}

// flag adds a boolean field when it is true.
func (l *fieldList) flag(name string, v bool) {
	if v {
		l.add(name, jen.True())
	}
}

// emitTools declares the package's tool list and its constructors.
func (e *emitter) emitTools(f *jen.File) {
	e.emitToolList(f, e.api.Operations, "")
}

// emitToolList declares Operations, which returns the tools of ops, and
// their constructors: for the package itself (part "") or for a tag's
// package of a split output, whose constructors take the root's client.
func (e *emitter) emitToolList(f *jen.File, ops []*ir.Operation, part string) {
	var calls []jen.Code
	for _, op := range ops {
		if e.tool(op.Name) != nil {
			calls = append(calls, jen.Line().Id(descriptorFunc(op)).Call())
		}
	}
	if len(calls) > 0 {
		calls = append(calls, jen.Line())
	}
	what := "the API's operations"
	if part != "" {
		what = "the operations of package " + part
	}
	doc(f, docLines(fmt.Sprintf("Operations returns %s as agent tools, sorted by name: new values on every call, which the caller owns.", what)))
	f.Func().Id("Operations").Params().Index().Op("*").Qual(toolrtPath, "Operation").Block(
		jen.Return(jen.Index().Op("*").Qual(toolrtPath, "Operation").Values(calls...)),
	)
	if part == "" {
		e.emitConstructors(f, "every operation",
			func() *jen.Statement { return jen.Op("*").Id("Client") },
			func() *jen.Statement { return jen.Id("c").Dot("rt") })
		return
	}
	e.emitConstructors(f, "every operation of package "+part, e.rootClient, e.rootRuntime)
}

// emitConstructors declares NewCatalog and Tools over Operations; client
// gives the type of their client parameter c, runtime the expression of
// its runtime client.
func (e *emitter) emitConstructors(f *jen.File, what string, client, runtime func() *jen.Statement) {
	doc(f, []string{
		fmt.Sprintf("NewCatalog binds %s to c: the tools an agent is given and", what),
		"agentready's harness runs. Operations that change state are refused",
		"unless an option (toolrt.AllowMutations) allows them.",
	})
	f.Func().Id("NewCatalog").Params(jen.Id("c").Add(client()), jen.Id("opts").Op("...").Qual(toolrtPath, "ToolOption")).
		Params(jen.Op("*").Qual(toolrtPath, "Catalog"), jen.Error()).Block(
		jen.Return(jen.Qual(toolrtPath, "NewCatalog").Call(runtime(), jen.Id("Operations").Call(), jen.Id("opts").Op("..."))),
	)

	doc(f, []string{
		fmt.Sprintf("Tools returns %s as a CloudWeGo Eino tool calling the API", what),
		"through c, for a ChatModel's WithTools or a ReAct agent's ToolsConfig.",
	})
	f.Func().Id("Tools").Params(jen.Id("c").Add(client()), jen.Id("opts").Op("...").Qual(toolrtPath, "ToolOption")).
		Params(jen.Index().Qual(einoTool, "BaseTool"), jen.Error()).Block(
		jen.List(jen.Id("cat"), jen.Err()).Op(":=").Id("NewCatalog").Call(jen.Id("c"), jen.Id("opts").Op("...")),
		jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Nil(), jen.Err())),
		jen.Return(jen.Id("cat").Dot("Eino").Call(), jen.Nil()),
	)
}

// httpMethod names a method by net/http's constant where there is one.
func httpMethod(m string) jen.Code {
	if c := httpMethods[m]; c != "" {
		return jen.Qual("net/http", c)
	}
	return jen.Lit(m)
}
