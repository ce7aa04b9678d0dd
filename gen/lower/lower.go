// Package lower turns a loaded OpenAPI document (2.0, 3.0 or 3.1) into the
// IR. Version differences end here.
//
// Each operation is lowered on its own: one that cannot be lowered (a $ref
// that does not resolve, a construct no tool can express) is skipped with
// a warning that names it, its place in the file and the reason, and the
// rest of the spec is kept. Named types are kept only when a kept operation
// reaches them.
package lower

import (
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"go.yaml.in/yaml/v4"

	"github.com/agentready/agentready/gen/diag"
	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/gen/load"
	"github.com/agentready/agentready/gen/names"
)

// OperationRef is what selection sees of an operation before it is
// lowered.
type OperationRef struct {
	OperationID string
	Method      string
	Path        string
	Tags        []string
	Deprecated  bool
}

// Options control lowering.
type Options struct {
	// Select, when set, keeps only the operations it returns true for.
	Select func(OperationRef) bool
	// MaxNameLength caps tool names (default and maximum 64).
	MaxNameLength int
	// EnvPrefix starts the environment variable names of credentials
	// ("GITHUB" gives GITHUB_BEARER_AUTH); derived from the API title when
	// empty.
	EnvPrefix string
}

// lowerer holds the state of one Lower call; nothing is shared between
// calls.
type lowerer struct {
	doc     *load.Document
	opts    Options
	file    string
	rootAbs string
	api     *ir.API
	types   map[string]*typeEntry
	order   []*typeEntry
	// shapes holds the inline type of each distinct inline schema (see
	// maybeHoist); shapeLog lists their keys in the order they were added,
	// so that those of an operation that fails can be forgotten.
	shapes   map[shape]*typeEntry
	shapeLog []shape
	diags    diag.List
	warned   map[string]bool
	// compNames maps component type IDs to their wanted Go names, worked
	// out once from all of the spec's component names.
	compNames   map[string]string
	schemes     map[string]*ir.SecurityScheme
	usedSchemes map[string]bool
	// impliedBy lists, per API-key scheme, the operations that declare no
	// security but take its parameter (see impliedSecurity);
	// apiKeySchemes are the spec's API-key schemes in name order, listed
	// on impliedSecurity's first call.
	impliedBy     map[string][]string
	apiKeySchemes []*ir.SecurityScheme
}

// rawOp is an operation found in the spec, before lowering.
type rawOp struct {
	ref     OperationRef
	pointer string
	origin  ir.Origin
	name    string // tool name
	goName  string
	lower   func(op *ir.Operation) error
}

// Lower builds the IR of doc. Problems that skip a part of the spec are
// returned as warnings; Lower itself never fails, but the API may have no
// operations.
func Lower(doc *load.Document, opts Options) (*ir.API, diag.List) {
	abs, err := filepath.Abs(doc.Path)
	if err != nil {
		abs = doc.Path
	}
	l := &lowerer{
		doc:         doc,
		opts:        opts,
		file:        doc.Path,
		rootAbs:     abs,
		api:         &ir.API{SpecVersion: doc.Version, Source: doc.Path},
		types:       make(map[string]*typeEntry),
		shapes:      make(map[shape]*typeEntry),
		warned:      make(map[string]bool),
		schemes:     make(map[string]*ir.SecurityScheme),
		usedSchemes: make(map[string]bool),
	}
	if l.opts.MaxNameLength <= 0 || l.opts.MaxNameLength > names.MaxToolName {
		l.opts.MaxNameLength = names.MaxToolName
	}
	var ops []*rawOp
	if doc.V2 != nil {
		ops = l.v2Document()
	} else {
		ops = l.v3Document()
	}
	l.nameOperations(ops)
	for _, r := range ops {
		op := &ir.Operation{
			ID: r.ref.OperationID, Name: r.name, GoName: r.goName, Method: r.ref.Method, Path: r.ref.Path,
			Tags: r.ref.Tags, Deprecated: r.ref.Deprecated, Origin: r.origin,
		}
		logged := len(l.shapeLog)
		if err := r.lower(op); err != nil {
			l.forgetShapes(logged, "op:"+r.name)
			l.diags.Add(diag.Diagnostic{
				Severity: diag.Warning, Origin: r.origin, Subject: subject(r),
				Message: "skipped: " + err.Error(),
				Hint:    "fix the spec there, or exclude the operation in the config's select.exclude",
			})
			continue
		}
		l.finishOperation(op)
		l.api.Operations = append(l.api.Operations, op)
	}
	sort.Slice(l.api.Operations, func(i, j int) bool { return l.api.Operations[i].Name < l.api.Operations[j].Name })
	l.keepReachableTypes()
	l.nameTypes()
	l.warnImplied()
	for _, name := range slices.Sorted(maps.Keys(l.usedSchemes)) {
		if s := l.schemes[name]; s != nil {
			l.api.SecuritySchemes = append(l.api.SecuritySchemes, s)
		}
	}
	l.diags.Sort()
	return l.api, l.diags
}

// forgetShapes stops later operations from sharing the inline types of a
// skipped operation (named after it, and dropped with it), those added
// since shapeLog held n keys.
func (l *lowerer) forgetShapes(n int, parent string) {
	kept := l.shapeLog[:n]
	for _, k := range l.shapeLog[n:] {
		if l.shapes[k].parent == parent {
			delete(l.shapes, k)
		} else {
			kept = append(kept, k)
		}
	}
	l.shapeLog = kept
}

func subject(r *rawOp) string {
	return fmt.Sprintf("operation %s (%s %s)", r.name, r.ref.Method, r.ref.Path)
}

// warnOnce records a warning about a place once, however often the place
// is reached.
func (l *lowerer) warnOnce(pointer, msg string) {
	l.warnOnceAt(nil, pointer, msg)
}

// warnOnceAt is warnOnce with the place's line and column, from its node
// n when that is known.
func (l *lowerer) warnOnceAt(n *yaml.Node, pointer, msg string) {
	key := pointer + "\x00" + msg
	if l.warned[key] {
		return
	}
	l.warned[key] = true
	l.diags.Warnf(l.nodeOrigin(n, pointer), "", "%s", msg)
}

// nodeOrigin returns the position of n in the source.
func (l *lowerer) nodeOrigin(n *yaml.Node, pointer string) ir.Origin {
	o := ir.Origin{File: l.file, Pointer: pointer}
	if n != nil {
		o.Line, o.Column = n.Line, n.Column
	}
	return o
}

// nameOperations gives every operation a tool name and a Go name, unique
// and stable: operations are taken in the order of their original names,
// so adding an operation elsewhere in the spec does not rename others.
func (l *lowerer) nameOperations(ops []*rawOp) {
	type cand struct {
		op   *rawOp
		want string
	}
	cands := make([]cand, len(ops))
	for i, r := range ops {
		want := ""
		if r.ref.OperationID != "" {
			want = names.ToolName(r.ref.OperationID, l.opts.MaxNameLength)
		} else {
			want = names.DerivedToolName(r.ref.Method, r.ref.Path, l.opts.MaxNameLength)
		}
		cands[i] = cand{r, want}
	}
	sort.SliceStable(cands, func(i, j int) bool {
		if cands[i].want != cands[j].want {
			return cands[i].want < cands[j].want
		}
		return cands[i].op.pointer < cands[j].op.pointer
	})
	var tools, gos names.Scope
	gos.Reserve(reservedMethods...)
	for _, c := range cands {
		name := c.want
		if tools.Taken(name) {
			// Make room for the suffix within the length cap.
			for i := 2; ; i++ {
				suffix := fmt.Sprintf("_%d", i)
				n := names.Shorten(c.want, l.opts.MaxNameLength-len(suffix)) + suffix
				if !tools.Taken(n) {
					name = n
					break
				}
			}
			l.diags.Warnf(c.op.origin, subject(c.op), "tool name %q is already taken; named %q", c.want, name)
		}
		tools.Reserve(name)
		c.op.name = name
		c.op.goName = gos.Unique(names.Exported(name))
	}
}

// reservedMethods are method names of the generated Client that operations
// cannot take.
var reservedMethods = []string{"Do", "BaseURL", "HTTPClient", "Tools", "Catalog"}

// reservedTypes are package-level names of the generated package.
var reservedTypes = []string{"Client", "NewClient", "Option", "Tools", "Catalog", "API", "Spec", "Operations", "NewCatalog", "DefaultBaseURL", "New"}

// yamlNode is the YAML node type of libopenapi's model.
type yamlNode = yaml.Node

// nodeValue decodes a YAML node (an example, default or enum value) into
// plain Go values: string, bool, int64, float64, nil, []any, map[string]any.
func nodeValue(n *yaml.Node) any {
	if n == nil {
		return nil
	}
	var v any
	if err := n.Decode(&v); err != nil {
		return n.Value
	}
	return normalizeValue(v)
}

// normalizeValue makes decoded YAML values JSON-compatible: maps with
// non-string keys become string-keyed, ints become int64.
func normalizeValue(v any) any {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			x[k] = normalizeValue(e)
		}
		return x
	case map[any]any:
		m := make(map[string]any, len(x))
		for k, e := range x {
			m[fmt.Sprint(k)] = normalizeValue(e)
		}
		return m
	case []any:
		for i, e := range x {
			x[i] = normalizeValue(e)
		}
		return x
	case int:
		return int64(x)
	case uint64:
		return float64(x)
	}
	return v
}

// envPrefix is the start of credential variable names.
func (l *lowerer) envPrefix() string {
	if l.opts.EnvPrefix != "" {
		return strings.ToUpper(l.opts.EnvPrefix)
	}
	words := names.Words(l.api.Title)
	if len(words) == 0 {
		return "API"
	}
	return strings.ToUpper(words[0])
}

// envVar names the variable that holds a scheme's credential.
func (l *lowerer) envVar(scheme string) string {
	var parts []string
	for _, w := range names.Words(scheme) {
		parts = append(parts, strings.ToUpper(w))
	}
	return l.envPrefix() + "_" + strings.Join(parts, "_")
}

// lastLine returns the last line of the YAML subtree n.
func lastLine(n *yaml.Node) int {
	if n == nil {
		return 0
	}
	last := n.Line
	for _, c := range n.Content {
		if l := lastLine(c); l > last {
			last = l
		}
	}
	return last
}

// loadErrorsWithin returns an error when the loader reported a problem
// inside the operation's part of the root document: libopenapi then drops
// the broken part (a response, a parameter) from the model, and an
// operation generated without it would be silently wrong.
func (l *lowerer) loadErrorsWithin(key, value *yaml.Node) error {
	if key == nil || value == nil {
		return nil
	}
	from, to := key.Line, lastLine(value)
	var msgs []string
	for _, w := range l.doc.Warnings {
		if w.Origin.File == l.file && w.Origin.Line >= from && w.Origin.Line <= to {
			msgs = append(msgs, fmt.Sprintf("line %d: %s", w.Origin.Line, w.Message))
		}
	}
	if len(msgs) == 0 {
		return nil
	}
	return fmt.Errorf("part of it could not be loaded: %s", strings.Join(msgs, "; "))
}
