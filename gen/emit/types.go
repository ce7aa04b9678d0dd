package emit

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/gen/names"
)

// typeDoc is the doc comment of a named type: a first sentence that
// starts with the type's name, then the spec's description.
func typeDoc(t *ir.Type, what string) []string {
	desc := t.Schema.Description
	if desc == "" {
		desc = t.Schema.Title
	}
	first := fmt.Sprintf("%s is %s.", t.GoName, what)
	if t.Name != "" {
		first = fmt.Sprintf("%s is the schema %q.", t.GoName, t.Name)
	}
	text := plainText(desc)
	var lines []string
	switch w := strings.Fields(text); {
	case len(w) > 1 && (w[0] == "A" || w[0] == "An" || w[0] == "The"):
		// "A repository on GitHub." reads as "Repository is a repository
		// on GitHub."
		lines = docLines(t.GoName + " is " + strings.ToLower(w[0]) + text[len(w[0]):])
	case text == "":
		lines = docLines(first)
	default:
		lines = append(docLines(first), "")
		lines = append(lines, docLines(desc)...)
	}
	if t.Schema.Deprecated {
		lines = append(lines, "", "Deprecated: the spec marks this schema deprecated.")
	}
	return lines
}

// emitType declares the named type t.
func (e *emitter) emitType(f *jen.File, t *ir.Type) {
	switch declOf(t) {
	case declStruct:
		e.emitStruct(f, t)
	case declEnum:
		e.emitEnum(f, t)
	case declUnion:
		e.emitUnion(f, t)
	case declSlice:
		doc(f, typeDoc(t, "a list"))
		f.Type().Id(t.GoName).Add(e.goType(t.Schema))
	case declMap:
		doc(f, typeDoc(t, "an object"))
		f.Type().Id(t.GoName).Add(e.goType(t.Schema))
	default:
		doc(f, typeDoc(t, "a value"))
		target := e.goType(t.Schema)
		if t.Schema.Ref != "" && e.aliasCycle(t) {
			// A chain of $refs that returns to where it started describes
			// no value; any is the only honest Go type.
			target = jen.Any()
		}
		f.Type().Id(t.GoName).Op("=").Add(target)
	}
}

// aliasCycle reports whether following t's alias chain comes back to t.
func (e *emitter) aliasCycle(t *ir.Type) bool {
	s := t.Schema
	for i := 0; s != nil && s.Ref != "" && i <= maxAliasHops; i++ {
		if s.Ref == t.ID {
			return true
		}
		next := e.api.Type(s.Ref)
		if next == nil || declOf(next) != declAlias {
			return false
		}
		s = next.Schema
	}
	return s != nil && s.Ref != ""
}

// emitStruct declares an object type: one field per property, plus an
// AdditionalProperties map (with JSON methods) when the schema allows
// extra keys.
func (e *emitter) emitStruct(f *jen.File, t *ir.Type) {
	s := t.Schema
	var fields []fieldText
	var types []*jen.Statement
	for _, p := range s.Properties {
		if !validJSONKey(p.Name) {
			e.skipped = append(e.skipped, fmt.Sprintf("%s: property %q has a name Go's encoding/json cannot use as a key; it is left out", t.GoName, p.Name))
			continue
		}
		tag := p.Name
		if !p.Required {
			tag += ",omitempty"
		}
		lines := docLines(p.Schema.Description)
		if p.Schema.Deprecated {
			lines = append(lines, "", "Deprecated: the spec marks this field deprecated.")
		}
		fields = append(fields, fieldText{doc: lines, name: p.GoName, tag: tag})
		types = append(types, e.fieldType(p))
	}
	if s.AdditionalProperties != nil {
		fields = append(fields, fieldText{doc: []string{"AdditionalProperties holds the keys the schema does not name."}, name: "AdditionalProperties", tag: "-"})
		types = append(types, jen.Map(jen.String()).Add(e.goType(s.AdditionalProperties)))
	}
	e.structDecl(f, typeDoc(t, "an object"), t.GoName, fields, types)
	if s.AdditionalProperties == nil {
		return
	}
	doc(f, []string{"MarshalJSON writes the fields and AdditionalProperties as one object."})
	f.Func().Params(jen.Id("v").Id(t.GoName)).Id("MarshalJSON").Params().Params(jen.Index().Byte(), jen.Error()).Block(
		jen.Type().Id("fields").Id(t.GoName),
		jen.Return(jen.Qual(toolrtPath, "MarshalWithAdditional").Call(jen.Id("fields").Call(jen.Id("v")), jen.Id("v").Dot("AdditionalProperties"))),
	)
	doc(f, []string{"UnmarshalJSON reads the fields and keeps other keys in AdditionalProperties."})
	f.Func().Params(jen.Id("v").Op("*").Id(t.GoName)).Id("UnmarshalJSON").Params(jen.Id("data").Index().Byte()).Error().Block(
		jen.Type().Id("fields").Id(t.GoName),
		jen.Return(jen.Qual(toolrtPath, "UnmarshalWithAdditional").Call(jen.Id("data"), jen.Parens(jen.Op("*").Id("fields")).Call(jen.Id("v")), jen.Op("&").Id("v").Dot("AdditionalProperties"))),
	)
}

// validJSONKey reports whether encoding/json accepts name in a struct tag
// (otherwise it silently uses the field name).
func validJSONKey(name string) bool {
	if name == "" {
		return false
	}
	for _, c := range name {
		switch {
		case strings.ContainsRune("!#$%&()*+-./:;<=>?@[]^_{|}~ ", c):
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9', c > 127:
		default:
			return false
		}
	}
	return true
}

// emitEnum declares an enum as a defined type with one constant per value.
func (e *emitter) emitEnum(f *jen.File, t *ir.Type) {
	s := t.Schema
	// The constants hold the values as written, so a string enum is a
	// string whatever its format: time.Time, openapi_types.Date, []byte or
	// a File cannot be a constant (an enum of dates stays a date enum in
	// its tool schema and argument checking).
	under := &ir.Schema{Kind: s.Kind, Format: s.Format}
	if s.Kind == ir.KindString {
		under.Format = ""
	}
	typ := e.goType(under)
	values := make([]jen.Code, len(s.Enum))
	for i, v := range s.Enum {
		values[i] = enumLit(s.Kind, v)
	}
	if typeText, ok := goTexts([]jen.Code{typ}); ok {
		if valueTexts, ok := rawTexts(values); ok && !slices.ContainsFunc(valueTexts, notLiteral) {
			e.declLit(f, docText(typeDoc(t, "an enumeration"))+"type "+t.GoName+" "+typeText[0],
				constsText(docText([]string{fmt.Sprintf("The values of %s.", t.GoName)}), t.GoName, t.EnumNames, valueTexts))
			return
		}
	}
	doc(f, typeDoc(t, "an enumeration"))
	f.Type().Id(t.GoName).Add(typ)
	defs := make([]jen.Code, len(s.Enum))
	for i := range s.Enum {
		defs[i] = jen.Id(t.EnumNames[i]).Id(t.GoName).Op("=").Add(values[i])
	}
	docf(f, "The values of %s.", t.GoName)
	f.Const().Defs(defs...)
}

func enumLit(k ir.Kind, v any) jen.Code {
	switch k {
	case ir.KindInteger:
		switch x := v.(type) {
		case int64:
			return jen.Lit(int(x))
		case float64:
			return jen.Lit(int(x))
		}
	case ir.KindNumber:
		switch x := v.(type) {
		case int64:
			return jen.Lit(float64(x))
		case float64:
			return jen.Lit(x)
		}
	}
	switch x := v.(type) {
	case string:
		return jen.Lit(x)
	case float64:
		return jen.Lit(strconv.FormatFloat(x, 'f', -1, 64))
	}
	return jen.Lit(fmt.Sprint(v))
}

// emitUnion declares a oneOf/anyOf: a struct holding the raw JSON, with an
// As and a From method per variant.
func (e *emitter) emitUnion(f *jen.File, t *ir.Type) {
	s := t.Schema
	var scope names.Scope
	scope.Reserve("MarshalJSON", "UnmarshalJSON", "Raw")
	type variant struct {
		name string
		typ  *jen.Statement
	}
	var vs []variant
	var listed []string
	for _, v := range s.Variants {
		n := scope.Unique(variantName(e.api, v))
		vs = append(vs, variant{n, e.goType(v)})
		listed = append(listed, n)
	}
	lines := typeDoc(t, "a value of several shapes")
	quant := "any of"
	if s.Exclusive {
		quant = "exactly one of"
	}
	holds := fmt.Sprintf("It holds %s: %s. Read it with the As methods, set it with the From methods.", quant, strings.Join(listed, ", "))
	if d := s.Discriminator; d != nil {
		holds += fmt.Sprintf(" The property %q says which.", d.Property)
	}
	lines = append(append(lines, ""), docLines(holds)...)
	doc(f, lines)
	f.Type().Id(t.GoName).Struct(jen.Id("union").Qual(jsonPath, "RawMessage"))
	// The methods' bodies go to gofmt as placeholders (stmtsLit), which
	// name encoding/json as the union's field has it imported: "json",
	// unless the package itself has that name.
	asBody := []jen.Code{
		jen.Err().Op("=").Qual(jsonPath, "Unmarshal").Call(jen.Id("v").Dot("union"), jen.Op("&").Id("out")),
		jen.Return(),
	}
	fromBody := []jen.Code{
		jen.List(jen.Id("b"), jen.Err()).Op(":=").Qual(jsonPath, "Marshal").Call(jen.Id("x")),
		jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Err())),
		jen.Id("v").Dot("union").Op("=").Id("b"),
		jen.Return(jen.Nil()),
	}
	if e.opts.Package != "json" {
		asBody = []jen.Code{e.stmtsLit([]string{"err = json.Unmarshal(v.union, &out)", "return"})}
		fromBody = []jen.Code{e.stmtsLit([]string{"b, err := json.Marshal(x)", "if err != nil {", "\treturn err", "}", "v.union = b", "return nil"})}
	}
	for _, v := range vs {
		docf(f, "As%s decodes the value as %s.", v.name, article(v.name))
		f.Func().Params(jen.Id("v").Id(t.GoName)).Id("As"+v.name).Params().Params(jen.Id("out").Add(v.typ.Clone()), jen.Err().Error()).Block(asBody...)
		docf(f, "From%s sets the value to x.", v.name)
		f.Func().Params(jen.Id("v").Op("*").Id(t.GoName)).Id("From" + v.name).Params(jen.Id("x").Add(v.typ.Clone())).Error().Block(fromBody...)
	}
	doc(f, []string{"Raw returns the value's JSON."})
	f.Func().Params(jen.Id("v").Id(t.GoName)).Id("Raw").Params().Qual(jsonPath, "RawMessage").Block(jen.Return(jen.Id("v").Dot("union")))
	doc(f, []string{"MarshalJSON writes the value as it was set or received."})
	f.Func().Params(jen.Id("v").Id(t.GoName)).Id("MarshalJSON").Params().Params(jen.Index().Byte(), jen.Error()).Block(
		jen.Return(jen.Qual(toolrtPath, "RawJSON").Call(jen.Id("v").Dot("union"))),
	)
	doc(f, []string{"UnmarshalJSON keeps the value's JSON for the As methods."})
	f.Func().Params(jen.Id("v").Op("*").Id(t.GoName)).Id("UnmarshalJSON").Params(jen.Id("data").Index().Byte()).Error().Block(
		jen.Id("v").Dot("union").Op("=").Qual(toolrtPath, "CloneJSON").Call(jen.Id("data")),
		jen.Return(jen.Nil()),
	)
}

// variantName names a union variant for its As/From methods.
func variantName(api *ir.API, v *ir.Schema) string {
	if v.Ref != "" {
		if t := api.Type(v.Ref); t != nil {
			return t.GoName
		}
	}
	switch v.Kind {
	case ir.KindString:
		if v.Format == "date-time" {
			return "Time"
		}
		return "String"
	case ir.KindInteger:
		return "Int"
	case ir.KindNumber:
		return "Number"
	case ir.KindBoolean:
		return "Bool"
	case ir.KindArray:
		if v.Items != nil {
			return variantName(api, v.Items) + "List"
		}
		return "List"
	case ir.KindObject:
		return "Object"
	}
	return "Value"
}

func article(noun string) string {
	if noun == "" {
		return noun
	}
	switch noun[0] {
	case 'A', 'E', 'I', 'O', 'U':
		return "an " + noun
	}
	return "a " + noun
}
