package lint

import (
	"cmp"
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"

	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/gen/toolschema"
	"github.com/agentready/agentready/harness/retrieve"
)

// use is one tool argument, as checkParamNames groups them.
type use struct {
	op  *ir.Operation
	arg toolschema.Arg
}

// checkParamNames finds one value under several argument names across
// tools: names that differ only in spelling (user_id, userId, UserID),
// and names whose descriptions are the same sentence (owner and
// user_login both "The handle of the account"). Each tool that uses a
// less common name gets one finding naming the most common one.
func checkParamNames(c *checker) {
	bySpelling := map[string][]use{}
	byText := map[string][]use{}
	for _, op := range c.api.Operations {
		for _, a := range c.cat.Args(op.Name) {
			if a.Param != nil && (a.Param.In == ir.InHeader || a.Param.In == ir.InCookie) {
				continue
			}
			u := use{op, a}
			key := strings.Join(retrieve.Words(a.Name), "")
			bySpelling[key] = append(bySpelling[key], u)
			if t := sameText(a.Description); t != "" && !typeText(c.api, a) {
				kind := ir.KindAny
				if s := c.api.Resolve(a.Schema); s != nil {
					kind = s.Kind
				}
				byText[string(kind)+"\x00"+t] = append(byText[string(kind)+"\x00"+t], u)
			}
		}
	}
	flagged := map[string]bool{} // op name + arg already reported
	report := func(groups map[string][]use, why string) {
		for _, key := range sortedKeys(groups) {
			uses := groups[key]
			count := map[string]int{}
			tools := map[string][]string{}
			for _, u := range uses {
				count[u.arg.Name]++
				tools[u.arg.Name] = append(tools[u.arg.Name], u.op.Name)
			}
			if len(count) < 2 {
				continue
			}
			names := make([]string, 0, len(count))
			for n := range count {
				names = append(names, n)
			}
			sort.Slice(names, func(i, j int) bool {
				if count[names[i]] != count[names[j]] {
					return count[names[i]] > count[names[j]]
				}
				return names[i] < names[j]
			})
			common := names[0]
			for _, u := range uses {
				id := u.op.Name + "\x00" + u.arg.Name
				if u.arg.Name == common || flagged[id] {
					continue
				}
				flagged[id] = true
				others := tools[common]
				c.add(RuleParamNames, u.op, argPlace(u.arg),
					fmt.Sprintf("%q here is %q in %d other tools (%s): %s", u.arg.Name, common, len(others), listSome(others, 3), why),
					fmt.Sprintf("name it %q as the other tools do, or say in its description that it is the value other tools call %q", common, common),
					others[:min(len(others), 5)]...)
			}
		}
	}
	report(bySpelling, "the same words spelled differently")
	report(byText, "the same description")
}

// typeText reports whether a's description is its named type's: two
// arguments of one type (requester_id and assignee_id, both a UserId)
// share that text without being one value.
func typeText(api *ir.API, a toolschema.Arg) bool {
	if a.Schema == nil || a.Schema.Ref == "" {
		return false
	}
	t := api.Resolve(a.Schema)
	return t != nil && strings.TrimSpace(t.Description) == strings.TrimSpace(a.Description)
}

// sameText is a description normalized for comparison, "" when it is too
// short to say two arguments hold the same value.
func sameText(d string) string {
	words := strings.Fields(strings.ToLower(d))
	if len(words) < 5 {
		return ""
	}
	return strings.TrimRight(strings.Join(words, " "), ".")
}

// listSome names the first n of xs, and how many more there are.
func listSome(xs []string, n int) string {
	if len(xs) <= n {
		return strings.Join(xs, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(xs[:n], ", "), len(xs)-n)
}

// sortedKeys returns the keys of m in order.
func sortedKeys[K cmp.Ordered, V any](m map[K]V) []K {
	return slices.Sorted(maps.Keys(m))
}
