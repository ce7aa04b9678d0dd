package baseline

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// reCompanion finds "duration is repeating", "type = `custom`", "status
// must be open" in a description: an argument's name and a value.
var reCompanion = regexp.MustCompile("([A-Za-z_][\\w.]*)`?\\s+(?:is|=|==|must be|equals)\\s+[`'\"]?([\\w-]+)")

// companions complete what a filled argument's description says it goes
// with: duration_in_months, "Required only if duration is repeating",
// brings duration repeating along when the request left duration empty.
// The value must be one the other argument accepts (its enum, or the
// values its description lists).
func (f *filler) companions() {
	for _, p := range f.tool.params {
		if !f.has(p) || p.desc == "" {
			continue
		}
		for _, m := range reCompanion.FindAllStringSubmatch(p.desc, -1) {
			other := f.tool.sibling(p, m[1])
			if other == nil || other == p || f.has(other) {
				continue
			}
			i := slices.IndexFunc(append(other.enum, other.named...), func(e string) bool { return strings.EqualFold(e, m[2]) })
			if i < 0 {
				continue
			}
			v := append(other.enum, other.named...)[i]
			if f.set(other, v) {
				f.notes = append(f.notes, fmt.Sprintf("%s %s: %s goes with it", other.name, v, p.name))
			}
		}
	}
}

// sibling is the argument named key beside p: the same object's field
// for a body field (body.duration beside body.duration_in_months), else
// the top-level argument.
func (t *toolSpec) sibling(p *param, key string) *param {
	if len(p.path) > 1 {
		if q := t.byName[strings.Join(append(slices.Clone(p.path[:len(p.path)-1]), key), ".")]; q != nil {
			return q
		}
	}
	return t.byName[key]
}
