package cases

import (
	"fmt"
	"strconv"
	"strings"
)

// pathStep is one step of a JSON path: a property, or an array element
// ("*" for every element, or an index).
type pathStep struct {
	prop  string
	index string
}

// parsePath parses the JSON paths of graph mappings: "$" followed by
// ".name", "['name']", "[*]" or "[n]" steps.
func parsePath(p string) ([]pathStep, error) {
	if !strings.HasPrefix(p, "$") {
		return nil, fmt.Errorf("JSON path %q does not start with $", p)
	}
	var steps []pathStep
	rest := p[1:]
	for rest != "" {
		switch {
		case rest[0] == '.':
			rest = rest[1:]
			i := strings.IndexAny(rest, ".[")
			if i < 0 {
				i = len(rest)
			}
			if i == 0 {
				return nil, fmt.Errorf("JSON path %q: empty property name", p)
			}
			steps = append(steps, pathStep{prop: rest[:i]})
			rest = rest[i:]
		case strings.HasPrefix(rest, "['"):
			i := strings.Index(rest, "']")
			if i < 0 {
				return nil, fmt.Errorf("JSON path %q: unterminated ['", p)
			}
			steps = append(steps, pathStep{prop: rest[2:i]})
			rest = rest[i+2:]
		case rest[0] == '[':
			i := strings.IndexByte(rest, ']')
			if i < 0 {
				return nil, fmt.Errorf("JSON path %q: unterminated [", p)
			}
			idx := rest[1:i]
			if _, err := strconv.Atoi(idx); idx != "*" && err != nil {
				return nil, fmt.Errorf("JSON path %q: [%s] is not [*] or an index", p, idx)
			}
			steps = append(steps, pathStep{index: idx})
			rest = rest[i+1:]
		default:
			return nil, fmt.Errorf("JSON path %q: expected . or [ at %q", p, rest)
		}
	}
	return steps, nil
}

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
	steps, err := parsePath(path)
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
		if st.prop != "" {
			m, ok := v.(map[string]any)
			if !ok {
				return
			}
			x, ok := m[st.prop]
			if !ok {
				return
			}
			walk(x, at+propStep(st.prop), m, at, i+1)
			return
		}
		a, ok := v.([]any)
		if !ok {
			return
		}
		if st.index == "*" {
			for k, x := range a {
				walk(x, at+"["+strconv.Itoa(k)+"]", parent, parentAt, i+1)
			}
			return
		}
		k, _ := strconv.Atoi(st.index)
		if k >= 0 && k < len(a) {
			walk(a[k], at+"["+st.index+"]", parent, parentAt, i+1)
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
