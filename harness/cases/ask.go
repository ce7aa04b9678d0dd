package cases

import (
	"maps"
	"slices"
	"strings"

	"github.com/agentready/agentready/gen/example"
	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/gen/toolschema"
)

// askCases adds, after each tool's cases, at most one ask case: a copy
// of one of the tool's required cases (chosen by the seed) whose first
// message will leave out one required value a user would know and say
// (chosen by the seed among the best kind the case has: an identifier,
// else free text, else another value). Tools whose required cases hold
// no such value get none.
func askCases(cs []Case, gens map[string]*toolGen) []Case {
	out := make([]Case, 0, len(cs)+len(gens))
	for i := 0; i < len(cs); {
		j := i
		for j < len(cs) && cs[j].Tool == cs[i].Tool {
			j++
		}
		out = append(out, cs[i:j]...)
		if tg := gens[cs[i].Tool]; tg != nil {
			if c, ok := tg.askCase(cs[i:j]); ok {
				out = append(out, c)
			}
		}
		i = j
	}
	return out
}

// askCase makes the tool's ask case from one of its required cases.
func (tg *toolGen) askCase(cs []Case) (Case, bool) {
	var required []*Case
	for i := range cs {
		if cs[i].Scenario == Required && cs[i].Expect == nil && len(cs[i].Withheld) == 0 {
			required = append(required, &cs[i])
		}
	}
	rng := tg.rng(Ask)
	for _, k := range rng.Perm(len(required)) {
		from := required[k]
		args := tg.askable(from)
		if len(args) == 0 {
			continue
		}
		c := *from
		c.ID = caseID(tg.op.Name, Ask, 0, 1)
		c.Scenario = Ask
		c.Utterances = nil
		c.Withheld = []Withheld{{Arg: args[rng.IntN(len(args))]}}
		if len(c.Fresh) > 0 {
			// Its own unique values, as every case of the tool has.
			c.Args = cloneJSON(c.Args)
			used := map[string]bool{}
			for i := range cs {
				for _, p := range cs[i].Fresh {
					used[p+"\x00"+canonString(getPath(cs[i].Args, p))] = true
				}
			}
			distinctFresh(tg.cat, &c, used, tg.opts.Seed)
		}
		return c, true
	}
	return Case{}, false
}

// The kinds of value an ask case may withhold, best first.
const (
	askID = iota
	askText
	askOther
	askKinds
)

// askable returns the top-level required arguments of c that an ask case
// may withhold, all of the best kind c has: values a user knows and says
// (strings and numbers), not a header, not a value made new for every
// run (Case.Fresh).
func (tg *toolGen) askable(c *Case) []string {
	var by [askKinds][]string
	for _, a := range tg.args {
		v, ok := c.Args[a.Name]
		if !a.Required || !ok || slices.Contains(c.Fresh, a.Name) || !sayable(v) {
			continue
		}
		if a.Param != nil && (a.Param.In == ir.InHeader || a.Param.In == ir.InCookie) {
			continue
		}
		k := tg.askKind(a, v)
		by[k] = append(by[k], a.Name)
	}
	for _, names := range by {
		if len(names) > 0 {
			return names
		}
	}
	return nil
}

// askKind says what kind of value a is: an identifier (a path parameter
// or a name that ends in id or key), free text, or another value.
func (tg *toolGen) askKind(a toolschema.Arg, v any) int {
	ws := lowerWords(a.Name)
	last := ""
	if len(ws) > 0 {
		last = ws[len(ws)-1]
	}
	if a.Param != nil && a.Param.In == ir.InPath || last == "id" || last == "key" || last == "uuid" {
		return askID
	}
	s := tg.api.Resolve(a.Schema)
	if _, isText := v.(string); isText && s != nil && len(s.Enum) == 0 && s.Format == "" {
		return askText
	}
	return askOther
}

// canonString is a string value as distinctFresh keys it, "" for any
// other value.
func canonString(v any) string {
	s, _ := v.(string)
	return s
}

// sayable reports whether a user would say v in a few words: a string
// that is not empty, or a number.
func sayable(v any) bool {
	switch x := v.(type) {
	case string:
		return strings.TrimSpace(x) != ""
	case float64:
		return true
	}
	return false
}

// WithoutWithheld returns c's arguments without its Withheld ones: what
// its first message gives. c is not changed; nested objects are copied
// where a value is taken out of them.
func WithoutWithheld(c *Case) map[string]any {
	out := maps.Clone(c.Args)
	if out == nil {
		out = map[string]any{}
	}
	for _, w := range c.Withheld {
		deletePath(out, w.Arg)
	}
	return out
}

// PathValue returns the value at a dotted path of arguments ("body.title"),
// or nil.
func PathValue(args map[string]any, path string) any { return getPath(args, path) }

// WithheldValue returns the value of one withheld argument of c.
func WithheldValue(c *Case, w Withheld) any { return getPath(c.Args, w.Arg) }

// WithheldArgs returns arguments that hold only the value of one
// withheld argument of c, at its path.
func WithheldArgs(c *Case, w Withheld) map[string]any {
	out := map[string]any{}
	setPath(out, w.Arg, WithheldValue(c, w))
	return out
}

// deletePath removes a dotted path from args, copying the objects on the
// way so that no shared object changes.
func deletePath(args map[string]any, path string) {
	top, rest, nested := strings.Cut(path, ".")
	if !nested {
		delete(args, top)
		return
	}
	inner, ok := args[top].(map[string]any)
	if !ok {
		return
	}
	inner = maps.Clone(inner)
	deletePath(inner, rest)
	args[top] = inner
}

// cloneJSON copies arguments, nested objects and lists included.
func cloneJSON(args map[string]any) map[string]any {
	out, _ := example.Normalize(args).(map[string]any)
	return out
}
