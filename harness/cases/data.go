package cases

import (
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"slices"
	"strings"

	"go.yaml.in/yaml/v4"
)

// Data is the user's test data (agentready cases --data FILE): values
// kept exactly as given, with only missing required arguments filled in.
//
// The file is YAML or JSON:
//
//	tools:
//	  createTicket:                 # one argument set, or a list of them
//	    - {title: "Printer jammed", requester_id: 0b6f6c55-...}
//	    - {title: "VPN drops", requester_id: 0b6f6c55-..., priority: high}
//	  getUser: {userId: 0b6f6c55-...}
//	params:
//	  location: [Berlin, London]    # values for this argument in any tool
//	  tags: [[vpn, laptop]]         # a list value is written inside a list
//
// Case k of a tool starts from the tool's argument set k (in turn) and
// sends every argument in it, whatever the scenario. A params value is
// used, in turn, wherever a case of any tool sends that argument and the
// tool's sets do not give it.
type Data struct {
	Tools  map[string][]map[string]any
	Params map[string][]any
}

// LoadData reads a test data file.
func LoadData(path string) (*Data, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	d, err := ParseData(b)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return d, nil
}

// ParseData parses the content of a test data file.
func ParseData(b []byte) (*Data, error) {
	var raw any
	if err := yaml.Unmarshal(b, &raw); err != nil {
		return nil, err
	}
	// Through JSON, so that values are what a case holds: float64
	// numbers, map[string]any objects.
	j, err := json.Marshal(raw)
	if err != nil {
		return nil, fmt.Errorf("the data is not JSON-shaped: %v", err)
	}
	var top map[string]any
	if err := json.Unmarshal(j, &top); err != nil || top == nil {
		return nil, fmt.Errorf("the data must be a mapping with tools: and params:")
	}
	d := &Data{Tools: map[string][]map[string]any{}, Params: map[string][]any{}}
	for _, k := range slices.Sorted(maps.Keys(top)) {
		switch k {
		case "tools":
			tools, ok := top[k].(map[string]any)
			if !ok {
				return nil, fmt.Errorf("tools: want a mapping from tool name to arguments")
			}
			for _, name := range slices.Sorted(maps.Keys(tools)) {
				switch v := tools[name].(type) {
				case map[string]any:
					d.Tools[name] = []map[string]any{v}
				case []any:
					for i, x := range v {
						m, ok := x.(map[string]any)
						if !ok {
							return nil, fmt.Errorf("tools.%s[%d]: want an object of arguments", name, i)
						}
						d.Tools[name] = append(d.Tools[name], m)
					}
				default:
					return nil, fmt.Errorf("tools.%s: want an object of arguments or a list of them", name)
				}
			}
		case "params":
			params, ok := top[k].(map[string]any)
			if !ok {
				return nil, fmt.Errorf("params: want a mapping from argument name to values")
			}
			for _, name := range slices.Sorted(maps.Keys(params)) {
				if l, ok := params[name].([]any); ok {
					if len(l) == 0 {
						return nil, fmt.Errorf("params.%s: an empty list gives no values", name)
					}
					d.Params[name] = l
				} else {
					d.Params[name] = []any{params[name]}
				}
			}
		default:
			return nil, fmt.Errorf("unknown key %q (the data has tools: and params:)", k)
		}
	}
	return d, nil
}

// set returns the tool's argument set for its k-th case, nil when the
// data has none.
func (d *Data) set(tool string, k int) map[string]any {
	if d == nil || len(d.Tools[tool]) == 0 {
		return nil
	}
	sets := d.Tools[tool]
	return sets[k%len(sets)]
}

// param returns the k-th value for an argument, and whether there is one.
func (d *Data) param(name string, k int) (any, bool) {
	if d == nil || len(d.Params[name]) == 0 {
		return nil, false
	}
	vs := d.Params[name]
	return vs[k%len(vs)], true
}

// check returns what in the data names no tool or argument of the API.
func (d *Data) check(tools map[string]map[string]bool) []string {
	if d == nil {
		return nil
	}
	var out []string
	all := map[string]bool{}
	for _, args := range tools {
		for a := range args {
			all[a] = true
		}
	}
	for _, name := range slices.Sorted(maps.Keys(d.Tools)) {
		args, ok := tools[name]
		if !ok {
			out = append(out, fmt.Sprintf("test data: no tool %q", name))
			continue
		}
		for i, set := range d.Tools[name] {
			for _, a := range slices.Sorted(maps.Keys(set)) {
				if !args[strings.SplitN(a, ".", 2)[0]] {
					out = append(out, fmt.Sprintf("test data: tools.%s[%d]: %s has no argument %q", name, i, name, a))
				}
			}
		}
	}
	for _, name := range slices.Sorted(maps.Keys(d.Params)) {
		if !all[name] {
			out = append(out, fmt.Sprintf("test data: params.%s: no tool has an argument %q", name, name))
		}
	}
	return out
}
