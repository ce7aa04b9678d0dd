package emit

import (
	"fmt"
	"net/http"
	"slices"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/agentready/agentready/gen/ir"
)

// httpMethods maps methods to net/http's constants.
var httpMethods = map[string]string{
	http.MethodGet: "MethodGet", http.MethodPut: "MethodPut", http.MethodPost: "MethodPost",
	http.MethodDelete: "MethodDelete", http.MethodOptions: "MethodOptions", http.MethodHead: "MethodHead",
	http.MethodPatch: "MethodPatch", http.MethodTrace: "MethodTrace",
}

// emitOperation declares an operation's input struct, its response type
// and its Client method.
func (e *emitter) emitOperation(f *jen.File, op *ir.Operation) {
	if op.InputType != "" {
		e.emitInput(f, op)
	}
	e.emitResponse(f, op)
	e.emitMethod(f, op)
	e.emitDescriptor(f, op)
}

// paramDoc documents an input field: where the value goes, then the spec's
// description.
func (e *emitter) paramDoc(p *ir.Param) []string {
	lines := []string{fmt.Sprintf("%s is the %s parameter %q.", p.GoName, p.In, p.Name)}
	if d := e.docLinesOnce(p.Description); len(d) > 0 {
		lines = append(lines, d...)
	}
	if p.Deprecated {
		lines = append(lines, "", "Deprecated: the spec marks this parameter deprecated.")
	}
	return lines
}

func (e *emitter) emitInput(f *jen.File, op *ir.Operation) {
	var fields []fieldText
	var types []*jen.Statement
	for _, p := range op.Params {
		fields = append(fields, fieldText{doc: e.paramDoc(p), name: p.GoName})
		types = append(types, e.withPointer(e.goType(p.Schema), e.category(p.Schema), p.Required, p.Schema.Nullable && !p.Required, true))
	}
	if b := op.Body; b != nil {
		lines := []string{fmt.Sprintf("%s is the request body, sent as %s.", b.GoName, b.ContentType)}
		lines = append(lines, docLines(b.Description)...)
		fields = append(fields, fieldText{doc: lines, name: b.GoName})
		types = append(types, e.bodyType(b))
	}
	e.structDecl(f, docLines(fmt.Sprintf("%s holds the parameters of %s.", op.InputType, op.GoName)), op.InputType, fields, types)
}

// docLinesOnce is docLines, wrapped once per text for the whole package:
// specs repeat their parameters' descriptions on every operation that
// takes them (Kubernetes' "pretty", "dryRun" and the like on hundreds).
// Callers must not change the lines.
func (e *emitter) docLinesOnce(text string) []string {
	e.mu.Lock()
	lines, ok := e.docs[text]
	e.mu.Unlock()
	if ok {
		return lines
	}
	lines = slices.Clip(docLines(text))
	e.mu.Lock()
	if e.docs == nil {
		e.docs = map[string][]string{}
	}
	e.docs[text] = lines
	e.mu.Unlock()
	return lines
}

// bodyType is the Go type of a request body field: the schema's type for
// JSON and forms (a pointer when optional), an io.Reader for binary
// bodies.
func (e *emitter) bodyType(b *ir.Body) *jen.Statement {
	if isBinaryBody(b) {
		return jen.Qual("io", "Reader")
	}
	return e.withPointer(e.goType(b.Schema), e.category(b.Schema), b.Required, false, true)
}

// isBinaryBody reports whether a body is raw bytes (not JSON or a form).
func isBinaryBody(b *ir.Body) bool {
	mt := strings.ToLower(strings.TrimSpace(strings.Split(b.ContentType, ";")[0]))
	if strings.Contains(mt, "json") || strings.HasPrefix(mt, "multipart/") || mt == "application/x-www-form-urlencoded" ||
		mt == "*/*" || mt == "application/*" {
		return false
	}
	if strings.HasPrefix(mt, "text/") && b.Schema != nil && b.Schema.Kind == ir.KindString && b.Schema.Ref == "" {
		return false
	}
	return true
}

// successBody returns the response whose body the method decodes, nil
// when there is none to decode (no success response, no schema, or a body
// that is not JSON).
func successBody(op *ir.Operation) *ir.Response {
	r := op.SuccessResponse()
	if r == nil || r.Schema == nil {
		return nil
	}
	mt := strings.ToLower(r.ContentType)
	if !(strings.Contains(mt, "json") || mt == "*/*" || mt == "") {
		return nil
	}
	return r
}

func (e *emitter) emitResponse(f *jen.File, op *ir.Operation) {
	types := []jen.Code{jen.Qual(toolrtPath, "Response")}
	var lines []string
	if r := successBody(op); r != nil {
		lines = []string{fmt.Sprintf("Body is the decoded %s response.", r.Status)}
		if len(strings.Fields(r.Description)) > 3 {
			lines = append(lines, docLines(r.Description)...)
		}
		types = append(types, e.goType(r.Schema))
	}
	what := "the status, headers and raw body"
	if len(types) > 1 {
		what += ", and the decoded body"
	}
	doc := docText(docLines(fmt.Sprintf("%s is what %s returns: %s.", op.ResponseType, op.GoName, what)))
	e.typedDecl(f, types, func(types []string) string {
		return responseText(doc, op.ResponseType, types, lines)
	})
}

// responseText is the declaration of response struct type name, as gofmt
// prints it: the embedded type types[0], then, when there is a types[1],
// a Body field of that type after its doc comment lines bodyDoc.
func responseText(doc, name string, types []string, bodyDoc []string) string {
	var b strings.Builder
	b.WriteString(doc + "type " + name + " struct {\n\t" + types[0] + "\n")
	if len(types) > 1 {
		for _, l := range bodyDoc {
			b.WriteString("\t" + commentLine(l) + "\n")
		}
		b.WriteString("\tBody " + types[1] + "\n")
	}
	b.WriteString("}")
	return b.String()
}

// methodDoc is the doc comment of an operation's method: the summary (or
// the description's first sentence), the description, the HTTP call, and
// deprecation.
func methodDoc(op *ir.Operation) []string {
	summary := strings.TrimRight(strings.TrimSpace(firstSentence(op.Summary)), ".")
	desc := strings.TrimSpace(op.Description)
	if summary == "" {
		summary = strings.TrimRight(firstSentence(desc), ".")
		if plainText(desc) == firstSentence(desc) {
			desc = ""
		}
	}
	call := fmt.Sprintf("%s %s (tool %s)", op.Method, op.Path, op.Name)
	if summary == "" {
		lines := []string{fmt.Sprintf("%s calls %s.", op.GoName, call)}
		if op.Deprecated {
			lines = append(lines, "", "Deprecated: the spec marks this operation deprecated.")
		}
		return lines
	}
	lines := docLines(summarySentence(op.GoName, summary))
	if desc != "" && plainText(desc) != plainText(op.Summary) {
		lines = append(lines, "")
		lines = append(lines, docLines(desc)...)
	}
	lines = append(lines, "", call)
	if op.Deprecated {
		lines = append(lines, "", "Deprecated: the spec marks this operation deprecated.")
	}
	return lines
}

func (e *emitter) emitMethod(f *jen.File, op *ir.Operation) {
	body := []string{"req := " + descriptorFunc(op) + "().NewRequest()"}
	for _, p := range op.Params {
		arg := p.Arg
		if arg == "" {
			arg = p.Name
		}
		body = append(body, "req.Arg("+goString(arg)+", in."+p.GoName+")")
	}
	if b := op.Body; b != nil {
		body = append(body, "req.SetBody(in."+b.GoName+")")
	}
	decodeInto := "nil"
	if successBody(op) != nil {
		decodeInto = "&out.Body"
	}
	body = append(body,
		"out := new("+op.ResponseType+")",
		"err := c.rt.Do(ctx, req, &out.Response, "+decodeInto+")",
		"return out, err",
	)
	doc := docText(methodDoc(op))
	e.typedDecl(f, []jen.Code{jen.Qual("context", "Context")}, func(types []string) string {
		params := "ctx " + types[0]
		if op.InputType != "" {
			params += ", in " + op.InputType
		}
		return doc + "func (c *Client) " + op.GoName + "(" + params + ") (*" + op.ResponseType + ", error) {\n\t" +
			strings.Join(body, "\n\t") + "\n}"
	})
}
