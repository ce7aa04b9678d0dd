package baseline

import (
	"encoding/json"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/cloudwego/eino/schema"

	"github.com/agentready/agentready/harness/chat"
)

// problem is one line of an argument-validation error.
type problem struct {
	path, key string
	index     int // item index for "tags[2]", -1 otherwise
	text      string
}

var (
	reSuggest = regexp.MustCompile(`(?i)did you mean ("(?:[^"\\]|\\.)*")\?`)
	reIndex   = regexp.MustCompile(`^\[(\d+)\]`)
)

// readProblems reads the "- path: ..." lines of a toolrt ArgError text.
func readProblems(text string) []problem {
	var out []problem
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if !strings.HasPrefix(line, "- ") {
			continue
		}
		line = line[2:]
		path, rest, ok := strings.Cut(line, ": ")
		if !ok {
			continue
		}
		pr := problem{path: path, text: rest, index: -1}
		pr.key = path
		if strings.HasPrefix(path, `["`) {
			if end := strings.Index(path, `"]`); end > 0 {
				if s, err := strconv.Unquote(path[1 : end+1]); err == nil {
					pr.key = s
				}
				path = path[end+2:]
			}
		} else if i := strings.IndexAny(path, ".["); i >= 0 {
			pr.key = path[:i]
			path = path[i:]
		} else {
			path = ""
		}
		if m := reIndex.FindStringSubmatch(path); m != nil && len(m[0]) == len(path) {
			pr.index, _ = strconv.Atoi(m[1])
		} else if path != "" {
			pr.index = -2 // deeper than an item: nested field
		}
		out = append(out, pr)
	}
	return out
}

// exampleValue reads the value after the last "e.g. " of a problem line.
func exampleValue(text string) any {
	i := strings.LastIndex(text, "e.g. ")
	if i < 0 {
		return nil
	}
	dec := json.NewDecoder(strings.NewReader(text[i+5:]))
	dec.UseNumber()
	var v any
	if dec.Decode(&v) != nil {
		return nil
	}
	return v
}

// repair fixes the previous call from its validation error, once.
func (k *toolkit) repair(in []*schema.Message, request string, prev schema.ToolCall, errText string) (*schema.Message, string) {
	name := prev.Function.Name
	tool := k.byName[name]
	stop := func(why string) (*schema.Message, string) {
		return schema.AssistantMessage(fmt.Sprintf("I could not call %s: %s. The tool said:\n%s", name, why, trimText(errText, 600)), nil),
			"repair impossible: " + why
	}
	if tool == nil {
		return stop("I do not have that tool")
	}
	args := map[string]any{}
	if strings.TrimSpace(prev.Function.Arguments) != "" {
		dec := json.NewDecoder(strings.NewReader(prev.Function.Arguments))
		dec.UseNumber()
		if err := dec.Decode(&args); err != nil {
			args = map[string]any{}
		}
	}
	missing := map[string]any{}
	var fixes, unfixable []string
	exampleCall := errorExample(errText)
	for _, pr := range readProblems(errText) {
		p := tool.byName[pr.key]
		eg := exampleValue(pr.text)
		if eg == nil {
			eg = exampleCall[pr.key]
		}
		var hint any
		if m := reSuggest.FindStringSubmatch(pr.text); m != nil {
			var s string
			if json.Unmarshal([]byte(m[1]), &s) == nil {
				hint = s
			}
		}
		switch {
		case strings.HasPrefix(pr.text, "unknown parameter") || strings.HasPrefix(pr.text, "unknown field"):
			v := args[pr.key]
			delete(args, pr.key)
			if s, ok := hint.(string); ok && tool.byName[s] != nil && pr.index == -1 {
				if _, taken := args[s]; !taken {
					args[s] = v
					fixes = append(fixes, fmt.Sprintf("renamed %s to %s", pr.key, s))
					continue
				}
			}
			fixes = append(fixes, "dropped "+pr.key)
		case strings.HasPrefix(pr.text, "missing"):
			if pr.index != -1 || p == nil {
				unfixable = append(unfixable, pr.path+" is missing")
				continue
			}
			missing[pr.key] = eg
		case hint != nil && pr.index == -1:
			args[pr.key] = hint
			fixes = append(fixes, fmt.Sprintf("%s set to %q as suggested", pr.key, hint))
		case hint != nil && pr.index >= 0:
			if arr, ok := args[pr.key].([]any); ok && pr.index < len(arr) {
				arr[pr.index] = hint
				fixes = append(fixes, fmt.Sprintf("%s set to %q as suggested", pr.path, hint))
				continue
			}
			unfixable = append(unfixable, pr.path)
		case p != nil && pr.index == -1 && reshape(args, pr.key, eg, p):
			fixes = append(fixes, fmt.Sprintf("%s written like the error's example", pr.key))
		case p != nil && !p.required:
			// An optional argument it cannot correct: leave it out.
			if _, ok := args[pr.key]; ok {
				delete(args, pr.key)
				fixes = append(fixes, "dropped "+pr.key)
			}
		default:
			unfixable = append(unfixable, pr.path+": "+strings.TrimSuffix(pr.text, "."))
		}
	}
	if len(missing) > 0 {
		f := fill(tool, k.read(request), missing)
		for _, key := range slices.Sorted(maps.Keys(missing)) {
			if v, ok := f.args[key]; ok {
				args[key] = v
				fixes = append(fixes, fmt.Sprintf("read %s from the request again", key))
			} else {
				unfixable = append(unfixable, fmt.Sprintf("the request does not say which %s to use", key))
			}
		}
	}
	if len(unfixable) > 0 {
		return stop(strings.Join(unfixable, "; "))
	}
	if len(fixes) == 0 {
		return stop("I see nothing to change")
	}
	return chat.CallMessage(in, chat.Call{Name: name, Arguments: encodeArgs(args)}), "repaired: " + strings.Join(fixes, "; ")
}

// reshape rewrites a bare number the error rejected in the shape of the
// error's example: "1001" with e.g. "TCK-1042" becomes "TCK-1001".
func reshape(args map[string]any, key string, example any, p *param) bool {
	given, ok := args[key]
	if !ok {
		return false
	}
	var digits string
	switch g := given.(type) {
	case string:
		digits = g
	case json.Number:
		digits = g.String()
	default:
		return false
	}
	v, ok := shapeLike(digits, example, p)
	if ok {
		args[key] = v
	}
	return ok
}

// errorExample reads the valid example call on the error's "Example:"
// line.
func errorExample(text string) map[string]any {
	i := strings.LastIndex(text, "\nExample: ")
	if i < 0 {
		return nil
	}
	dec := json.NewDecoder(strings.NewReader(text[i+len("\nExample: "):]))
	dec.UseNumber()
	var m map[string]any
	if dec.Decode(&m) != nil {
		return nil
	}
	return m
}
