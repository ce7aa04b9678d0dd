// Package judge decides, without a model, whether an utterance says
// everything its test case's call needs: for every value in the case's
// arguments (every leaf, at paths like "projectKey", "body.name" or
// "tags[1]"), whether a reader of the utterance alone could recover it.
//
// A value is recoverable when the utterance says it: literally (any case,
// quoted or not, spacing and punctuation aside), or in a form people
// write (5 as "five", 2026-03-01 as "1 March 2026" or "March 1st, 2026",
// in_stock as "in stock", "-created_at" as "newest first by created
// at", a direction desc as "most recently updated first", read with the
// baseline's order words, internal/english's OrderAsked), or inside a JSON value the utterance quotes. A flag is recovered
// from its meaning ("including archived ones" for include_archived=true,
// "only inactive users" for active=false). In a multi-step case, an input
// a producer's response gives is recovered from what a person knows the
// item by: its label ("Ada Okafor"), or the pick and the upstream label
// ("the latest ticket of Ada Okafor"). A value equal to its schema's
// default may go unsaid (an agent that leaves it out makes the same
// call), but one that is said otherwise is not recovered.
//
// An utterance may record, in Forms, the words that stand for a value
// when they are not the value itself ("open" for "opened"). The judge
// does not take the record on trust: the words must be in the text and
// be a plausible form of the value.
//
// The judge knows nothing of how utterances are written; it reads the
// case, the tool's schema and the text.
package judge

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/agentready/agentready/gen/catalog"
	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/gen/toolschema"
	"github.com/agentready/agentready/harness/cases"
	"github.com/agentready/agentready/harness/retrieve"
)

// Judge checks utterances of the cases of one API. It is safe for
// concurrent use.
type Judge struct {
	api *ir.API
	cat *catalog.Bound
	mu  sync.Mutex
	// args caches each tool's arguments by name.
	args map[string]map[string]toolschema.Arg
	// texts are the texts read lately (at most maxReadTexts): a text is
	// judged, then rated, and reading it is most of the cost of both.
	texts map[string]*text
	// quoted are the JSON values those texts quote, read once while
	// kept: a case's utterances and rewrites quote the same body.
	quoted blobCache
	// near ranks the API's tools by likeness (TellApart), built once.
	nearOnce sync.Once
	near     *retrieve.Index
	// tools holds what TellApart reads of each tool (*ir.Operation ->
	// *toolFacts), read once.
	tools sync.Map
}

// maxReadTexts bounds Judge.texts; a case has a few utterances.
const maxReadTexts = 256

// New returns a judge for the cases of the tools of cat (catalog.Describe
// of the API will do: the judge calls nothing).
func New(cat *catalog.Bound) *Judge {
	return &Judge{api: cat.API, cat: cat, args: map[string]map[string]toolschema.Arg{}, texts: map[string]*text{}, quoted: blobCache{m: map[string]*blob{}}}
}

// read returns s read for the judge's questions, read once while it is
// among the texts kept.
func (j *Judge) read(s string) *text {
	j.mu.Lock()
	t, ok := j.texts[s]
	j.mu.Unlock()
	if ok {
		return t
	}
	t = readTextWith(s, &j.quoted)
	j.mu.Lock()
	defer j.mu.Unlock()
	if len(j.texts) >= maxReadTexts {
		clear(j.texts)
	}
	j.texts[s] = t
	return t
}

// Miss is one expected value that an utterance does not let a reader
// recover.
type Miss struct {
	// Path is the value's place in the case's arguments: "projectKey",
	// "body.name", "tags[1]", "body[0].op".
	Path string `json:"path"`
	// Reason says why, in a few words.
	Reason string `json:"reason"`
}

// Verdict is the judgement of one utterance.
type Verdict struct {
	// Misses are the values that cannot be recovered, in path order;
	// none when the utterance passes.
	Misses []Miss `json:"misses,omitempty"`
}

// OK reports whether every value can be recovered.
func (v Verdict) OK() bool { return len(v.Misses) == 0 }

// Paths returns the paths of the values that cannot be recovered.
func (v Verdict) Paths() []string {
	out := make([]string, len(v.Misses))
	for i, m := range v.Misses {
		out[i] = m.Path
	}
	return out
}

// String lists the misses: "projectKey: not said; body.op: not said".
func (v Verdict) String() string {
	if v.OK() {
		return "every value is said"
	}
	parts := make([]string, len(v.Misses))
	for i, m := range v.Misses {
		parts[i] = m.Path + ": " + m.Reason
	}
	return strings.Join(parts, "; ")
}

// Check judges one utterance of a case: its text and the forms it
// records.
func (j *Judge) Check(c *cases.Case, u *cases.Utterance) Verdict {
	var forms map[string]string
	if u != nil {
		forms = u.Forms
	}
	text := ""
	if u != nil {
		text = u.Text
	}
	return j.check(c, text, forms)
}

// CheckText judges a text that records no forms.
func (j *Judge) CheckText(c *cases.Case, text string) Verdict {
	return j.check(c, text, nil)
}

func (j *Judge) check(c *cases.Case, text string, forms map[string]string) Verdict {
	t := j.read(text)
	args := j.toolArgs(c.Tool)
	var v Verdict
	for _, name := range slices.Sorted(maps.Keys(c.Args)) {
		val := c.Args[name]
		var s *ir.Schema
		if a, ok := args[name]; ok {
			s = j.api.Resolve(a.Schema)
		}
		if f, up := feedOf(c, name); f != nil {
			// Said by what a person knows the item by, or by its value.
			if reason, ok := t.fedSaid(f, up); !ok && !t.valueSaid(name, val, s) {
				v.Misses = append(v.Misses, Miss{Path: name, Reason: reason})
			}
			continue
		}
		var ls []leaf
		j.leaves(&ls, t, name, name, val, s, nil)
		for _, l := range ls {
			if reason, ok := j.recoverable(t, l, forms); !ok {
				v.Misses = append(v.Misses, Miss{Path: l.path, Reason: reason})
			}
		}
	}
	sort.SliceStable(v.Misses, func(a, b int) bool { return v.Misses[a].Path < v.Misses[b].Path })
	return v
}

// toolArgs returns the tool's arguments by name; none when the API has no
// such tool (its arguments are then judged without schemas).
func (j *Judge) toolArgs(tool string) map[string]toolschema.Arg {
	j.mu.Lock()
	defer j.mu.Unlock()
	if m, ok := j.args[tool]; ok {
		return m
	}
	m := map[string]toolschema.Arg{}
	for _, a := range j.cat.Args(tool) {
		m[a.Name] = a
	}
	j.args[tool] = m
	return m
}

// leaf is one value to recover: a scalar, a null, or an empty object or
// list.
type leaf struct {
	path string
	// key is the name the value is known by: the last property name on
	// its path ("tags" for tags[1]).
	key   string
	value any
	// up are the values on the path from the argument down to the leaf,
	// with their schemas (nil when unknown), the leaf last.
	up []node
}

type node struct {
	value  any
	schema *ir.Schema
}

// leaves appends the values under v that the text must say. A value that
// a JSON value in the text holds is said, and everything in it, so
// nothing under it is listed: an utterance that quotes a large body is
// not walked leaf by leaf.
func (j *Judge) leaves(out *[]leaf, t *text, path, key string, v any, s *ir.Schema, up []node) {
	if len(t.blobs) > 0 && t.holdsJSON(v) {
		return
	}
	up = append(up[:len(up):len(up)], node{value: v, schema: s})
	switch x := v.(type) {
	case map[string]any:
		if len(x) > 0 {
			for _, k := range slices.Sorted(maps.Keys(x)) {
				j.leaves(out, t, path+"."+k, k, x[k], j.property(s, k), up)
			}
			return
		}
	case []any:
		if len(x) > 0 {
			var items *ir.Schema
			if s != nil {
				items = j.api.Resolve(s.Items)
			}
			for i, e := range x {
				j.leaves(out, t, path+"["+strconv.Itoa(i)+"]", key, e, items, up)
			}
			return
		}
	}
	*out = append(*out, leaf{path: path, key: key, value: v, up: up})
}

// property returns the resolved schema of an object schema's field.
func (j *Judge) property(s *ir.Schema, name string) *ir.Schema {
	if s == nil {
		return nil
	}
	return j.api.Resolve(j.api.FieldSchema(s, name))
}

// recoverable decides one leaf; the reason says why not.
func (j *Judge) recoverable(t *text, l leaf, forms map[string]string) (string, bool) {
	if t.valueSaid(l.key, l.value, l.up[len(l.up)-1].schema) || t.listedWithSiblings(l) {
		return "", true
	}
	if form, ok := forms[l.path]; ok {
		if reason, ok := t.formSays(form, l); ok {
			return "", true
		} else if !defaulted(l) {
			return reason, false
		}
	}
	if defaulted(l) {
		if other, ok := t.saidOtherwise(l); ok {
			return fmt.Sprintf("says %s instead of the default %s", other, show(l.value)), false
		}
		return "", true
	}
	return "not said (" + show(l.value) + ")", false
}

// defaulted reports whether the leaf, or a value around it, equals its
// schema's default: an agent that leaves it out makes the same call.
func defaulted(l leaf) bool {
	for _, n := range l.up {
		if n.schema != nil && n.schema.Default != nil && canon(n.schema.Default) == canon(n.value) {
			return true
		}
	}
	return false
}

// show writes a value for a reason.
func show(v any) string {
	switch x := v.(type) {
	case string:
		return strconv.Quote(x)
	case nil:
		return "null"
	}
	return canon(v)
}

// canon is a value's JSON text, for comparing values.
func canon(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}

// feedOf returns the feed that gives a chain case's argument, and the
// feed that gave that feed's producer its own input (for "the latest
// ticket of Ada Okafor"); nil when the argument is not fed.
func feedOf(c *cases.Case, arg string) (*cases.Feed, *cases.Feed) {
	if c.Scenario != cases.Chain {
		return nil, nil
	}
	for i := len(c.Steps) - 1; i >= 0; i-- {
		for k := range c.Steps[i].Feeds {
			f := &c.Steps[i].Feeds[k]
			if f.To != c.Tool || f.Input != arg {
				continue
			}
			var up *cases.Feed
			prod := c.Steps[i]
			for h := i - 1; h >= 0 && up == nil; h-- {
				for m := range c.Steps[h].Feeds {
					g := &c.Steps[h].Feeds[m]
					if g.To == prod.Tool && canon(g.Value) == canon(prod.Args[g.Input]) {
						up = g
						break
					}
				}
			}
			return f, up
		}
	}
	return nil, nil
}
