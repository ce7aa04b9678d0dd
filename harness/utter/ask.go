package utter

import (
	"bytes"
	"fmt"
	"io/fs"
	"sort"
	"strconv"
	"strings"
	"sync"
	"text/template"

	"github.com/agentready/agentready/gen/catalog"
	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/gen/toolschema"
	"github.com/agentready/agentready/harness/cases"
	"github.com/agentready/agentready/harness/judge"
)

// replyFile holds the phrasings of the simulated user's replies in ask
// cases.
const replyFile = "reply.tmpl"

// replies is the parsed reply.tmpl and its phrasings by kind ("reply-id":
// "reply-id/1", ...).
var replies = sync.OnceValues(func() (*replySet, error) {
	b, err := fs.ReadFile(files, replyFile)
	if err != nil {
		return nil, fmt.Errorf("utter: %s: %w", replyFile, err)
	}
	t, err := template.New("reply").Funcs(templateFuncs).Option("missingkey=error").Parse(string(b))
	if err != nil {
		return nil, fmt.Errorf("utter: %w", err)
	}
	rs := &replySet{t: t, variants: map[string][]string{}}
	for _, tt := range t.Templates() {
		if kind, _, ok := strings.Cut(tt.Name(), "/"); ok {
			rs.variants[kind] = append(rs.variants[kind], tt.Name())
		}
	}
	for _, kind := range []string{"reply-id", "reply-text", "reply-query", "reply-other"} {
		if len(rs.variants[kind]) == 0 {
			return nil, fmt.Errorf("utter: templates/utterances/%s defines no %s phrasing", replyFile, kind)
		}
		sort.Strings(rs.variants[kind])
	}
	return rs, nil
})

type replySet struct {
	t        *template.Template
	variants map[string][]string
}

// replySlots are what a reply phrasing fills in.
type replySlots struct {
	Name, Value, Quoted string
}

// shownCase returns the case as its first message gives it: an ask case
// without its withheld arguments (and without them in its sources); any
// other case as it is.
func shownCase(c *cases.Case) *cases.Case {
	if len(c.Withheld) == 0 {
		return c
	}
	cc := *c
	cc.Args = cases.WithoutWithheld(c)
	cc.Sources = map[string]cases.Source{}
	for k, s := range c.Sources {
		if _, ok := cc.Args[k]; ok {
			cc.Sources[k] = s
		}
	}
	cc.Withheld = nil
	return &cc
}

// withoutGiveaways drops the utterances of an ask case that give a
// withheld value away after all.
func withoutGiveaways(j *judge.Judge, c *cases.Case, us []cases.Utterance) []cases.Utterance {
	if len(c.Withheld) == 0 {
		return us
	}
	var out []cases.Utterance
	for _, u := range us {
		if !givesAway(j, c, u.Text) {
			out = append(out, u)
		}
	}
	return out
}

// givesAway reports whether text gives one of an ask case's withheld
// values.
func givesAway(j *judge.Judge, c *cases.Case, text string) bool {
	for _, w := range c.Withheld {
		if j.CheckText(oneValue(c, w), text).OK() {
			return true
		}
	}
	return false
}

// oneValue returns a case of c's tool that holds only the withheld value
// w, for asking the judge whether a text gives it.
func oneValue(c *cases.Case, w cases.Withheld) *cases.Case {
	return &cases.Case{ID: c.ID, Tool: c.Tool, Scenario: c.Scenario, Args: cases.WithheldArgs(c, w)}
}

// writeReplies writes the reply of each withheld value of an ask case:
// a phrasing of reply.tmpl, chosen by the case and the argument, that the
// judge finds gives the value; the value said plainly when none does.
func writeReplies(cat *catalog.Bound, j *judge.Judge, c *cases.Case) ([]cases.Withheld, error) {
	api := cat.API
	rs, err := replies()
	if err != nil {
		return nil, err
	}
	args := map[string]toolschema.Arg{}
	for _, a := range cat.Args(c.Tool) {
		args[a.Name] = a
	}
	out := make([]cases.Withheld, len(c.Withheld))
	for i, w := range c.Withheld {
		v := cases.WithheldValue(c, w)
		one := oneValue(c, w)
		out[i] = cases.Withheld{Arg: w.Arg, Reply: tidy("It's " + plainValue(v) + ".")}
		kind, slots := replyKind(api, args[w.Arg], w.Arg, v)
		vs := rs.variants[kind]
		rng := caseRNG(0, c.ID+"/reply/"+w.Arg)
		for _, k := range rng.Perm(len(vs)) {
			var buf bytes.Buffer
			if err := rs.t.ExecuteTemplate(&buf, vs[k], slots); err != nil {
				return nil, fmt.Errorf("template %s: %w", vs[k], err)
			}
			if text := tidy(buf.String()); j.CheckText(one, text).OK() {
				out[i].Reply = text
				break
			}
		}
	}
	return out, nil
}

// replyKind says which phrasings fit a value and fills their slots.
func replyKind(api *ir.API, a toolschema.Arg, path string, v any) (string, replySlots) {
	name := path[strings.LastIndex(path, ".")+1:]
	val := plainValue(v)
	sl := replySlots{Name: human(name), Value: val, Quoted: quote(val)}
	var s *ir.Schema
	if a.Schema != nil {
		s = api.Resolve(a.Schema)
	}
	switch x := v.(type) {
	case string:
		if isQuery(name) {
			return "reply-query", sl
		}
		if identifier(name, s) || a.Param != nil && a.Param.In == ir.InPath {
			if e := entity(name); e != "" {
				sl.Name = e
			}
			return "reply-id", sl
		}
		if s != nil && len(s.Enum) == 0 && s.Format == "" && strings.ContainsAny(strings.TrimSpace(x), " ") {
			return "reply-text", sl
		}
	}
	return "reply-other", sl
}

// plainValue writes a scalar as people type it; anything else as JSON.
func plainValue(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64)
	}
	return canon(v)
}
