package emit

import (
	"fmt"
	"sort"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/agentready/agentready/gen/ir"
)

// Tools of one API often take the same arguments (Kubernetes: 1,014 tools,
// 164 distinct schemas, 55% of the schema bytes repeated), so each schema
// text that several descriptors of one package hold is declared once, as
// a constant they name: the generated package is smaller to read, format
// and compile, and a reader sees which tools share a schema.

// sharedSchema is a schema text declared once in its package.
type sharedSchema struct {
	name string
	// what says what the text is, with a %s for the tools.
	what  string
	text  string
	tools []string
}

// schemaScope is the set of schema constants of one package: by text,
// and in order of name, laid out in files of about typeFileBytes (the
// files of a package are planned before the schemas are known, so each
// package has schemaFiles of them, and those left empty are left out).
type schemaScope struct {
	byText map[string]*sharedSchema
	files  [][]*sharedSchema
}

// schemaFiles is the number of schema files planned for a package of
// ops operations.
func schemaFiles(ops int) int { return max(1, (ops+opsPerFile-1)/opsPerFile) }

// schemaFileName is the name of a package's i-th schema file.
func schemaFileName(i int) string {
	if i == 0 {
		return "schemas"
	}
	return fmt.Sprintf("schemas_%d", i+1)
}

// planSchemas finds, for each package (its directory, "" for the
// package itself; see opDir), the schema texts (Schema and CheckSchema)
// that more than one descriptor holds, and names each after its first
// use: schema<Op> or checkSchema<Op>. It waits for the tool descriptors.
func (e *emitter) planSchemas() map[string]*schemaScope {
	tools := e.tools()
	type use struct {
		name, what string
		tools      []string
	}
	uses := map[string]map[string]*use{} // dir -> text -> use
	note := func(dir, text, name, what, tool string) {
		if text == "" {
			return
		}
		byText := uses[dir]
		if byText == nil {
			byText = map[string]*use{}
			uses[dir] = byText
		}
		if u := byText[text]; u != nil {
			u.tools = append(u.tools, tool)
			return
		}
		byText[text] = &use{name: name, what: what, tools: []string{tool}}
	}
	ops := map[string]int{} // dir -> operations
	for _, op := range e.api.Operations {
		ops[e.opDir[op]]++
		d := tools[op.Name]
		if d == nil {
			continue
		}
		dir := e.opDir[op]
		note(dir, d.Schema, "schema"+op.GoName, "the arguments schema of %s", op.Name)
		note(dir, d.CheckSchema, "checkSchema"+op.GoName, "the full schema that the arguments of %s are checked against", op.Name)
	}
	scopes := map[string]*schemaScope{}
	for dir, byText := range uses {
		s := &schemaScope{byText: map[string]*sharedSchema{}, files: make([][]*sharedSchema, schemaFiles(ops[dir]))}
		var list []*sharedSchema
		for text, u := range byText {
			if len(u.tools) < 2 {
				continue
			}
			sh := &sharedSchema{name: u.name, what: u.what, text: text, tools: u.tools}
			s.byText[text] = sh
			list = append(list, sh)
		}
		sort.Slice(list, func(i, j int) bool { return list[i].name < list[j].name })
		file, size := 0, 0
		for _, sh := range list {
			if size > 0 && size+len(sh.text) > typeFileBytes && file < len(s.files)-1 {
				file, size = file+1, 0
			}
			s.files[file] = append(s.files[file], sh)
			size += len(sh.text)
		}
		scopes[dir] = s
	}
	return scopes
}

// schemaLit is the expression of a schema text in op's descriptor: the
// name of its package's constant when it is shared, else the literal
// (jsonLit).
func (e *emitter) schemaLit(op *ir.Operation, text string) jen.Code {
	if sh := e.schemas()[e.opDir[op]].find(text); sh != nil {
		return jen.Id(sh.name)
	}
	return e.jsonLit(text)
}

// find returns the constant that holds text, or nil; s may be nil.
func (s *schemaScope) find(text string) *sharedSchema {
	if s == nil {
		return nil
	}
	return s.byText[text]
}

// schemasIn returns the constants of the i-th schema file of the package
// in dir.
func (e *emitter) schemasIn(dir string, i int) []*sharedSchema {
	s := e.schemas()[dir]
	if s == nil || i >= len(s.files) {
		return nil
	}
	return s.files[i]
}

// emitSchemas declares the constants of the i-th schema file of the
// package in dir.
func (e *emitter) emitSchemas(f *jen.File, dir string, i int) {
	for _, sh := range e.schemasIn(dir, i) {
		doc(f, docLines(fmt.Sprintf("%s is "+sh.what+".", sh.name, toolList(sh.tools))))
		f.Const().Id(sh.name).Op("=").Add(e.jsonLit(sh.text))
	}
}

// toolList names tools in prose, at most three and a count of the rest.
func toolList(tools []string) string {
	const most = 3
	if len(tools) > most {
		return fmt.Sprintf("%s and %d more tools", strings.Join(tools[:most], ", "), len(tools)-most)
	}
	if len(tools) == 1 {
		return tools[0]
	}
	return strings.Join(tools[:len(tools)-1], ", ") + " and " + tools[len(tools)-1]
}

// schemasSpecs are the files that declare the schema constants of
// package p (nil for the package itself) of ops operations; those that
// hold none are left out.
func (e *emitter) schemasSpecs(p *part, ops int) []fileSpec {
	dir := ""
	if p != nil {
		dir = p.dir
	}
	specs := make([]fileSpec, schemaFiles(ops))
	for i := range specs {
		specs[i] = fileSpec{name: schemaFileName(i) + ".go", part: p,
			build: func(f *jen.File) { e.emitSchemas(f, dir, i) },
			skip:  func() bool { return len(e.schemasIn(dir, i)) == 0 }}
	}
	return specs
}
