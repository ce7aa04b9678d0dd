package cases

import (
	"strconv"

	"github.com/agentready/agentready/harness/graph"
)

// pathHit is one value a JSON path selects, with the concrete path to it
// (every [*] replaced by the index taken) and the object that holds it.
type pathHit struct {
	value  any
	path   string
	parent map[string]any
	// parentPath is the concrete path of parent.
	parentPath string
}

// evalPath returns the values path selects in doc, in document order.
func evalPath(doc any, path string) ([]pathHit, error) {
	steps, err := graph.ParsePath(path)
	if err != nil {
		return nil, err
	}
	var out []pathHit
	var walk func(v any, at string, parent map[string]any, parentAt string, i int)
	walk = func(v any, at string, parent map[string]any, parentAt string, i int) {
		if i == len(steps) {
			out = append(out, pathHit{value: v, path: at, parent: parent, parentPath: parentAt})
			return
		}
		st := steps[i]
		if st.Prop != "" {
			m, ok := v.(map[string]any)
			if !ok {
				return
			}
			x, ok := m[st.Prop]
			if !ok {
				return
			}
			walk(x, at+propStep(st.Prop), m, at, i+1)
			return
		}
		a, ok := v.([]any)
		if !ok {
			return
		}
		if st.Index == "*" {
			for k, x := range a {
				walk(x, at+"["+strconv.Itoa(k)+"]", parent, parentAt, i+1)
			}
			return
		}
		k, _ := strconv.Atoi(st.Index)
		if k >= 0 && k < len(a) {
			walk(a[k], at+"["+st.Index+"]", parent, parentAt, i+1)
		}
	}
	walk(doc, "$", nil, "", 0)
	return out, nil
}

// propStep writes a property step: ".name", or "['na me']" for a name
// that is not a plain identifier.
func propStep(name string) string {
	for i := 0; i < len(name); i++ {
		if !wordByte(name[i]) || name[i] == '-' {
			return "['" + name + "']"
		}
	}
	return "." + name
}
