package toolschema

import (
	"strings"
	"unicode"

	"github.com/agentready/agentready/gen/describe/prose"
	"github.com/agentready/agentready/gen/ir"
)

// pointerChars caps a pointer sentence kept in a definition, in bytes.
const pointerChars = 160

// pointer returns the sentence of an argument's description, after its
// first, that names another operation of the API as where the value
// comes from ("Find it with listUsers (filter by `email` or `q`)."),
// or "" when there is none. The brief form keeps only the first
// sentence, and without this one a model that is given a name where the
// tool wants an id has nothing to chain on; a dependency graph's hint
// (Operation.InputHints) takes its place when there is one.
func (b *builder) pointer(desc string) string {
	m := b.opts.Memo
	if m == nil || m.api != b.api {
		return pointerOf(desc, func(w string) bool { return isOperation(b.api, w) })
	}
	if v, ok := m.pointers.Load(desc); ok {
		return v.(string)
	}
	m.opNames.once.Do(func() { m.opNames.names = operationNames(b.api) })
	p := pointerOf(desc, func(w string) bool { return m.opNames.names[w] })
	m.pointers.Store(desc, p)
	return p
}

// pointerOf is pointer with isOp telling the API's operation names. Only
// words that read as names in code are looked up.
func pointerOf(desc string, isOp func(string) bool) string {
	ss := prose.Sentences(prose.Clean(desc))
	for _, s := range ss[min(1, len(ss)):] {
		for _, w := range strings.FieldsFunc(s, notIdentifier) {
			if identifierLike(w) && isOp(w) {
				return prose.Truncate(s, pointerChars)
			}
		}
	}
	return ""
}

// isOperation reports whether name is a tool name or operationId of api,
// by a scan: for the rare word that reads as code, where no Memo keeps a
// set of the names.
func isOperation(api *ir.API, name string) bool {
	for _, op := range api.Operations {
		if op.Name == name || op.ID == name {
			return true
		}
	}
	return false
}

// operationNames are the tool names and operationIds of api.
func operationNames(api *ir.API) map[string]bool {
	names := make(map[string]bool, 2*len(api.Operations))
	for _, op := range api.Operations {
		names[op.Name] = true
		if op.ID != "" {
			names[op.ID] = true
		}
	}
	return names
}

// notIdentifier splits text into the words an operation name may be:
// letters, digits and the separators operationIds use.
func notIdentifier(r rune) bool {
	return !unicode.IsLetter(r) && !unicode.IsDigit(r) && !strings.ContainsRune("_-/.", r)
}

// identifierLike reports whether w reads as a name in code rather than an
// English word: it has a lower-to-upper hump or a separator inside
// ("listUsers", "repos/list-branches", "dcim_devices_list"). An operation
// called "search" is not pointed to by every sentence that says search.
func identifierLike(w string) bool {
	w = strings.Trim(w, "_-/.")
	for i := 1; i < len(w); i++ {
		if strings.ContainsRune("_-/", rune(w[i])) || unicode.IsLower(rune(w[i-1])) && unicode.IsUpper(rune(w[i])) {
			return true
		}
	}
	return false
}

// Pointers returns, by tool name and top-level argument, the sentence of
// the argument's description a definition keeps as a pointer to the
// value's source (see pointer), exactly as the definition shows it; tools
// without one are left out. A reviewed dependency graph's hint for the
// same argument takes its place (harness/run.ShownOver).
func Pointers(api *ir.API) map[string]map[string]string {
	names := operationNames(api)
	isOp := func(w string) bool { return names[w] }
	out := map[string]map[string]string{}
	for _, op := range api.Operations {
		for _, a := range Args(api, op) {
			p := ""
			if a.Description != "" {
				p = pointerOf(a.Description, isOp)
			}
			if p == "" {
				continue
			}
			if out[op.Name] == nil {
				out[op.Name] = map[string]string{}
			}
			out[op.Name][a.Name] = p
		}
	}
	return out
}
