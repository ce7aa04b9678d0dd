package baseline

import (
	"regexp"
	"slices"
	"strings"
)

// reKeyValue is one key=value pair written as one token: app=checkout,
// role=worker, tier!=db.
var reKeyValue = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_./-]*!?=[A-Za-z0-9][A-Za-z0-9_./-]*$`)

// selectorKinds are the words before a key=value pair that say what it
// selects by, as an argument's name says it: "pods labelled app=checkout"
// select by label.
var selectorKinds = []string{"label", "field"}

// selectors give a key=value pair said right after a word of selecting
// ("pods labelled app=checkout", "nodes with label role=worker") to the
// tool's one string argument still empty whose name says both that word
// and selector (labelSelector, label_selector), as a model reads an
// argument that selects objects by their labels; with no such argument,
// or two, it fills nothing.
func (f *filler) selectors() {
	for i, t := range f.u.toks {
		if f.u.used[i] || t.quoted || t.first == 0 || !reKeyValue.MatchString(t.raw) || f.u.boundaryAfter(t.first-1) {
			continue
		}
		// labelled, labeled, label, labels; field, fields.
		before := f.u.words[t.first-1].lower
		kind := ""
		for _, k := range selectorKinds {
			if strings.HasPrefix(before, k) && len(before) <= len(k)+3 {
				kind = k
			}
		}
		if kind == "" {
			continue
		}
		target := f.tool.sole(func(p *param) bool {
			return !f.has(p) && p.scalarType() == "string" && !p.array && slices.Contains(p.words, kind) && slices.Contains(p.words, "selector")
		})
		if target != nil && f.set(target, t.raw) {
			f.u.used[i] = true
			f.notes = append(f.notes, target.name+" selects by the "+kind+" "+t.raw)
		}
	}
}
