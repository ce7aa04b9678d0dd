package classify

import (
	"bytes"
	"fmt"
	"io/fs"
	"sort"
	"strings"
	"text/template"

	"github.com/agentready/agentready/templates"
)

// templateFiles are the recommendation texts, one file per class.
var templateFiles = templates.Dir(templates.Recommendations)

// recTemplates holds one template per class, from
// templates/recommendations/<class>.tmpl.
var recTemplates = func() map[Class]*template.Template {
	out := map[Class]*template.Template{}
	for _, ci := range Taxonomy {
		name := string(ci.Class) + ".tmpl"
		data, err := fs.ReadFile(templateFiles, name)
		if err != nil {
			panic(fmt.Sprintf("classify: no recommendation template for %s: %v", ci.Class, err))
		}
		out[ci.Class] = template.Must(template.New(name).Option("missingkey=error").Parse(string(data)))
	}
	return out
}()

// Recommendation is advice to a tool's builder: what to change in one tool
// so that agents stop failing in one way.
type Recommendation struct {
	Tool  string `json:"tool"`
	Class Class  `json:"class"`
	// Params are the arguments concerned, when the class is about them.
	Params []string `json:"params,omitempty"`
	// Cases counts the cases with the class for this tool; Total the
	// tool's classified cases (0 for a tool that only ran as a step of
	// other tools' cases).
	Cases int `json:"cases"`
	Total int `json:"total"`
	// Text is the advice; Evidence quotes one case that shows the problem.
	Text     string `json:"text"`
	Evidence string `json:"evidence"`
	// Example is the ID of the case Evidence comes from.
	Example string `json:"example"`
}

// recData is what a recommendation template reads.
type recData struct {
	Tool, Class, Name string
	Cases, Total      int
	Params            []string
	// ParamList is Params as prose: "`q`", "`a` and `b`"; "some
	// arguments" when there are none.
	ParamList string
	// CaseCount is Cases and Total as prose: "3 of 20 cases", "1 case".
	CaseCount string
	// Other is the tool the agent most often called instead (incorrect
	// tool selection); Others all of them with their case counts, as
	// prose: "`a` in 4 cases and `b` in 1".
	Other    string
	Others   string
	Evidence string
	// Mutating is set when the tool changes state.
	Mutating bool
}

// Recommend returns, for every tool with failing cases, one
// recommendation per class it failed in, sorted by tool and by the
// taxonomy's order.
func Recommend(outcomes []Outcome) []Recommendation {
	type key struct {
		tool  string
		class Class
	}
	total := map[string]int{}
	groups := map[key]*Recommendation{}
	others := map[key]map[string]int{}
	mutating := map[string]bool{}
	sorted := append([]Outcome(nil), outcomes...)
	sort.SliceStable(sorted, func(i, j int) bool { return sorted[i].Case < sorted[j].Case })
	for _, o := range sorted {
		if o.Skipped || o.Invalid {
			continue
		}
		total[o.Tool]++
		mutating[o.Tool] = mutating[o.Tool] || o.Mutating
		seen := map[key]bool{}
		for _, l := range o.Labels {
			k := key{l.Tool, l.Class}
			r := groups[k]
			if r == nil {
				r = &Recommendation{Tool: l.Tool, Class: l.Class, Evidence: l.Evidence, Example: o.Case}
				groups[k] = r
				others[k] = map[string]int{}
			}
			if !seen[k] {
				seen[k] = true
				r.Cases++
				if l.Other != "" {
					others[k][l.Other]++
				}
			}
			for _, p := range l.Params {
				if !contains(r.Params, p) {
					r.Params = append(r.Params, p)
				}
			}
		}
	}
	out := make([]Recommendation, 0, len(groups))
	for k, r := range groups {
		r.Total = total[k.tool]
		var params []string
		for _, p := range r.Params {
			params = append(params, "`"+p+"`")
		}
		list := joinWords(params, 5)
		if list == "" {
			list = "some arguments"
		}
		other, otherList := othersText(others[k])
		data := recData{Tool: r.Tool, Class: string(r.Class), Name: r.Class.Info().Name, Cases: r.Cases, Total: r.Total,
			Params: r.Params, ParamList: list, CaseCount: caseCount(r.Cases, r.Total), Other: other, Others: otherList,
			Evidence: r.Evidence, Mutating: mutating[k.tool]}
		var buf bytes.Buffer
		if err := recTemplates[r.Class].Execute(&buf, data); err != nil {
			buf.Reset()
			fmt.Fprintf(&buf, "%s: %s (%v)", r.Tool, r.Class.Info().Name, err)
		}
		r.Text = strings.TrimSpace(buf.String()) + " Seen in " + r.Example + ": " + r.Evidence
		out = append(out, *r)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Tool != out[j].Tool {
			return out[i].Tool < out[j].Tool
		}
		return out[i].Class.order() < out[j].Class.order()
	})
	return out
}

// othersText returns the tool called instead most often and all of them
// with their counts, most often first: "`a` in 4 cases and `b` in 1".
func othersText(counts map[string]int) (top, list string) {
	names := make([]string, 0, len(counts))
	for n := range counts {
		names = append(names, n)
	}
	sort.Slice(names, func(i, j int) bool {
		if counts[names[i]] != counts[names[j]] {
			return counts[names[i]] > counts[names[j]]
		}
		return names[i] < names[j]
	})
	var parts []string
	for i, n := range names {
		unit := ""
		if i == 0 {
			unit = " cases"
			if counts[n] == 1 {
				unit = " case"
			}
		}
		parts = append(parts, fmt.Sprintf("`%s` in %d%s", n, counts[n], unit))
	}
	if len(names) > 0 {
		top = names[0]
	}
	return top, joinWords(parts, 4)
}

// caseCount writes "3 of 20 cases", or "1 case" when the total is not
// known.
func caseCount(n, total int) string {
	if total > 0 {
		if total == 1 {
			return fmt.Sprintf("%d of 1 case", n)
		}
		return fmt.Sprintf("%d of %d cases", n, total)
	}
	if n == 1 {
		return "1 case"
	}
	return fmt.Sprintf("%d cases", n)
}
