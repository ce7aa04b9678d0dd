package emit

import (
	"fmt"
	"path"
	"sort"
	"strconv"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/gen/names"
)

// With Options.SplitByTag the output is several packages (see Options):
// the root, one sub-package per tag, and the aggregate package. A named
// type goes where the operations that use it are: into a tag's package
// when only that tag's operations reach it, into the root when operations
// of several tags do (or none). What the root holds therefore never
// refers to a tag's package, and a tag's package refers only to itself
// and the root, so the imports cannot cycle.

// part is one package of a split output.
type part struct {
	name  string // package name, also its directory's
	dir   string // directory, relative to the root's ("" for the root)
	path  string // import path
	tag   string // the tag, for the documentation
	ops   []*ir.Operation
	types []*ir.Type
}

// untaggedPart and allPart are the packages of operations without a tag
// and of every tool; a tag of the same name gets another.
const (
	untaggedPart = "untagged"
	allPart      = "all"
)

// planParts lays out a split output: the root (first), the tags' packages
// in the order of their names, and the aggregate package (last). It
// records in e.typePath where each named type is declared.
func (e *emitter) planParts() []*part {
	root := &part{name: e.opts.Package, path: e.opts.ImportPath}
	e.opDir = map[*ir.Operation]string{}
	byName := map[string]*part{}
	taken := map[string]bool{allPart: true}
	var tags []*part
	for _, op := range e.api.Operations {
		tag := ""
		if len(op.Tags) > 0 {
			tag = op.Tags[0]
		}
		p := byName[tag]
		if p == nil {
			name := packageName(tag)
			for i := 2; taken[name]; i++ {
				name = strings.TrimRightFunc(name, func(r rune) bool { return r >= '0' && r <= '9' }) + strconv.Itoa(i)
			}
			taken[name] = true
			p = &part{name: name, dir: name, path: path.Join(e.opts.ImportPath, name), tag: tag}
			byName[tag] = p
			tags = append(tags, p)
		}
		p.ops = append(p.ops, op)
		e.opDir[op] = p.dir
	}
	sortParts(tags)

	owner := map[*ir.Type]*part{}
	var walk func(s *ir.Schema, p *part)
	walk = func(s *ir.Schema, p *part) {
		if s == nil {
			return
		}
		if s.Ref != "" {
			t := e.api.Type(s.Ref)
			if t == nil {
				return
			}
			switch cur, seen := owner[t]; {
			case !seen:
				owner[t] = p
			case cur == p || cur == root:
				return
			default:
				// Reached from two tags: it and all it refers to go to
				// the root.
				owner[t], p = root, root
			}
			walk(t.Schema, p)
			return
		}
		walk(s.Items, p)
		walk(s.AdditionalProperties, p)
		for _, prop := range s.Properties {
			walk(prop.Schema, p)
		}
		for _, v := range s.Variants {
			walk(v, p)
		}
	}
	for _, p := range tags {
		for _, op := range p.ops {
			for _, prm := range op.Params {
				walk(prm.Schema, p)
			}
			if op.Body != nil {
				walk(op.Body.Schema, p)
			}
			for _, r := range op.Responses {
				walk(r.Schema, p)
			}
		}
	}
	e.typePath = map[*ir.Type]string{}
	for _, t := range e.api.Types {
		p := owner[t]
		if p == nil {
			p = root
		}
		p.types = append(p.types, t)
		e.typePath[t] = p.path
	}
	all := &part{name: allPart, dir: allPart, path: path.Join(e.opts.ImportPath, allPart)}
	return append(append([]*part{root}, tags...), all)
}

// sortParts orders parts by name.
func sortParts(ps []*part) {
	sort.Slice(ps, func(i, j int) bool { return ps[i].name < ps[j].name })
}

// packageName turns a tag into a package (and directory) name: lower
// case ASCII letters and digits, as Go names packages. Names the go tool
// treats specially (internal, testdata, vendor), keywords and names that
// start with a digit get a suffix or prefix.
func packageName(tag string) string {
	var b strings.Builder
	for _, w := range names.Words(tag) {
		for _, r := range strings.ToLower(w) {
			if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
				b.WriteRune(r)
			}
		}
		if b.Len() >= 64 {
			break
		}
	}
	name := b.String()
	switch {
	case name == "":
		return untaggedPart
	case name[0] >= '0' && name[0] <= '9':
		name = "tag" + name
	case names.IsKeyword(name) || name == "internal" || name == "testdata" || name == "vendor" || name == "main":
		name += "ops"
	}
	return name
}

// splitSpecs lays out a split output: the root's doc, client and shared
// types; each tag's doc, client, tools, operations and own types; the
// aggregate package's doc and tools.
func (e *emitter) splitSpecs() []fileSpec {
	parts := e.planParts()
	root, tags, all := parts[0], parts[1:len(parts)-1], parts[len(parts)-1]
	specs := e.typeSpecs(root, root.types)
	for _, p := range tags {
		specs = append(specs, e.typeSpecs(p, p.types)...)
	}
	specs = append(specs,
		fileSpec{name: "doc.go", part: root, build: func(f *jen.File) { e.emitSplitDoc(f, tags) }},
		fileSpec{name: "client.go", part: root, build: e.emitClient},
	)
	for _, p := range tags {
		p := p
		specs = append(specs,
			fileSpec{name: "doc.go", part: p, build: func(f *jen.File) { e.emitPartDoc(f, p) }},
			fileSpec{name: "client.go", part: p, build: func(f *jen.File) { e.emitPartClient(f, p) }},
			fileSpec{name: "tools.go", part: p, build: func(f *jen.File) { e.emitToolList(f, p.ops, p.name) }},
		)
		specs = append(specs, e.schemasSpecs(p, len(p.ops))...)
		for i := 0; i < len(p.ops); i += opsPerFile {
			chunk := p.ops[i:min(i+opsPerFile, len(p.ops))]
			name := "operations.go"
			if i > 0 {
				name = fmt.Sprintf("operations_%d.go", i/opsPerFile+1)
			}
			specs = append(specs, fileSpec{name: name, part: p, build: func(f *jen.File) {
				for _, op := range chunk {
					e.emitOperation(f, op)
				}
			}})
		}
	}
	specs = append(specs,
		fileSpec{name: "doc.go", part: all, build: func(f *jen.File) {
			packageDoc(f, docLines(fmt.Sprintf("Package all gives every operation of %s as agent tools: the tools of each tag's package of %s, tag by tag. Import it when an agent is to have them all; import a tag's package for its tools alone, which builds faster.", e.title(), e.opts.Package)))
			partDirective(f)
		}},
		fileSpec{name: "tools.go", part: all, build: func(f *jen.File) { e.emitAllTools(f, tags) }},
	)
	return specs
}

// title is the API's title for documentation.
func (e *emitter) title() string {
	if e.api.Title == "" {
		return "the API"
	}
	return e.api.Title
}

// emitSplitDoc documents the root of a split output.
func (e *emitter) emitSplitDoc(f *jen.File, tags []*part) {
	version, src := e.versionAndSource()
	lines := docLines(fmt.Sprintf("Package %s calls %s%s; generated by agentready from %s, one package per tag. This package holds the client and the types the tags share; each tag's package (%s) holds its operations as methods of its Client and as CloudWeGo Eino tools, and package all holds every tool.",
		e.opts.Package, e.title(), version, src, tagList(tags)))
	lines = append(lines, "")
	lines = append(lines, docLines(fmt.Sprintf("It has %d operations and %d types. Create a client with NewClient; pass it to a tag package's New for its methods, or to its Tools (or all.Tools) for agent tools, which refuse operations that change state unless toolrt.AllowMutations allows them.", len(e.api.Operations), len(e.api.Types)))...)
	packageDoc(f, lines)
}

// tagList names the tags' packages, at most eight.
func tagList(tags []*part) string {
	var ns []string
	for i, p := range tags {
		if i == 8 {
			ns = append(ns, fmt.Sprintf("and %d more", len(tags)-i))
			break
		}
		ns = append(ns, p.name)
	}
	return strings.Join(ns, ", ")
}

// emitPartDoc documents a tag's package.
func (e *emitter) emitPartDoc(f *jen.File, p *part) {
	what := fmt.Sprintf("the operations of %s tagged %q", e.title(), p.tag)
	if p.tag == "" {
		what = fmt.Sprintf("the operations of %s without a tag", e.title())
	}
	packageDoc(f, docLines(fmt.Sprintf("Package %s holds %s: %d operations, as methods of Client (New(c) with a client of package %s) and as agent tools (Tools).",
		p.name, what, len(p.ops), e.opts.Package)))
	partDirective(f)
}

// emitPartClient declares a tag package's Client, bound to a root client.
func (e *emitter) emitPartClient(f *jen.File, p *part) {
	doc(f, docLines(fmt.Sprintf("Client calls the operations of package %s. It is safe for concurrent use.", p.name)))
	f.Type().Id("Client").Struct(jen.Id("rt").Op("*").Qual(toolrtPath, "Client"))
	doc(f, []string{fmt.Sprintf("New returns the operations of package %s on c.", p.name)})
	f.Func().Id("New").Params(jen.Id("c").Add(e.rootClient())).Op("*").Id("Client").Block(
		jen.Return(jen.Op("&").Id("Client").Values(jen.Dict{jen.Id("rt"): e.rootRuntime()})),
	)
}

// emitAllTools declares the aggregate package's tool list and
// constructors.
func (e *emitter) emitAllTools(f *jen.File, tags []*part) {
	var lists []jen.Code
	for _, p := range tags {
		f.ImportName(p.path, p.name)
		if len(p.ops) > 0 {
			lists = append(lists, jen.Line().Qual(p.path, "Operations").Call())
		}
	}
	lists = append(lists, jen.Line())
	doc(f, []string{"Operations returns the API's operations as agent tools, tag by tag: new", "values on every call, which the caller owns."})
	f.Func().Id("Operations").Params().Index().Op("*").Qual(toolrtPath, "Operation").Block(
		jen.Return(jen.Qual("slices", "Concat").Call(lists...)),
	)
	e.emitConstructors(f, "every operation", e.rootClient, e.rootRuntime)
}

// rootClient is the type of the root's client, seen from a sub-package.
func (e *emitter) rootClient() *jen.Statement {
	return jen.Op("*").Qual(e.opts.ImportPath, "Client")
}

// rootRuntime is the runtime client of c, a root client, seen from a
// sub-package.
func (e *emitter) rootRuntime() *jen.Statement {
	return jen.Id("c").Dot("Runtime").Call()
}
