package utter

import (
	"bytes"
	"context"
	"fmt"
	"hash/fnv"
	"io/fs"
	"math/rand/v2"
	"sort"
	"strings"
	"text/template"
	"unicode"
	"unicode/utf8"

	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/harness/cases"
)

// DefaultPerCase is how many utterances a generator writes per case.
const DefaultPerCase = 2

// Templates writes utterances from the phrasing templates, with a seeded
// choice of phrasing and of the wording of each argument: the same case
// and seed give the same utterances.
type Templates struct {
	seed    uint64
	perCase int
	set     *template.Template
	// variants maps an intent to its phrasings' names ("get/1", ...).
	variants map[string][]string
}

// TemplateOptions configure NewTemplates.
type TemplateOptions struct {
	Seed uint64
	// PerCase is the number of utterances per case, each in a different
	// phrasing where the intent has enough (DefaultPerCase when 0).
	PerCase int
}

// templateFuncs are the functions phrasing templates may call.
var templateFuncs = template.FuncMap{
	// list joins phrases: "a", "a and b", "a, b and c".
	"list": join,
	// cap capitalizes the first letter.
	"cap": capitalize,
	// a puts the indefinite article before a noun.
	"a": article,
}

// NewTemplates loads the phrasing templates.
func NewTemplates(opts TemplateOptions) (*Templates, error) {
	if opts.PerCase == 0 {
		opts.PerCase = DefaultPerCase
	}
	if opts.PerCase < 0 {
		return nil, fmt.Errorf("utterances per case %d: must be positive", opts.PerCase)
	}
	set := template.New("utterances").Funcs(templateFuncs).Option("missingkey=error")
	t := &Templates{seed: opts.Seed, perCase: opts.PerCase, variants: map[string][]string{}}
	for _, intent := range []string{intentList, intentGet, intentCreate, intentUpdate, intentDelete, intentSearch, intentAction} {
		name := intent + ".tmpl"
		b, err := fs.ReadFile(files, name)
		if err != nil {
			return nil, fmt.Errorf("utter: %s: %w", name, err)
		}
		if _, err := set.New(intent).Parse(string(b)); err != nil {
			return nil, fmt.Errorf("utter: %w", err)
		}
	}
	for _, tt := range set.Templates() {
		intent, _, ok := strings.Cut(tt.Name(), "/")
		if ok {
			t.variants[intent] = append(t.variants[intent], tt.Name())
		}
	}
	for intent, vs := range t.variants {
		sort.Strings(vs)
		t.variants[intent] = vs
	}
	for _, intent := range []string{intentList, intentGet, intentCreate, intentUpdate, intentDelete, intentSearch, intentAction} {
		if len(t.variants[intent]) == 0 {
			return nil, fmt.Errorf("utter: templates/%s.tmpl defines no phrasing (want {{define \"%s/1\"}}...)", intent, intent)
		}
	}
	t.set = set
	return t, nil
}

// Utter writes the case's utterances.
func (t *Templates) Utter(_ context.Context, api *ir.API, c *cases.Case) ([]cases.Utterance, error) {
	op := api.Operation(c.Tool)
	if op == nil {
		return nil, fmt.Errorf("the API has no tool %q", c.Tool)
	}
	rng := caseRNG(t.seed, c.ID)
	intent := shapeOf(api, op).intent
	vs := t.variants[intent]
	order := rng.Perm(len(vs))
	var out []cases.Utterance
	seen := map[string]bool{}
	for i := 0; len(out) < t.perCase && i < t.perCase*3; i++ {
		name := vs[order[i%len(order)]]
		// Each utterance words the arguments afresh, so that two
		// utterances of one case differ in more than the frame.
		s := newPhraser(api, op, c, rng).slots()
		var buf bytes.Buffer
		if err := t.set.ExecuteTemplate(&buf, name, s); err != nil {
			return nil, fmt.Errorf("template %s: %w", name, err)
		}
		text := tidy(buf.String())
		if seen[text] {
			continue
		}
		seen[text] = true
		out = append(out, cases.Utterance{Text: text, Generator: "template:" + name})
	}
	return out, nil
}

// caseRNG is the random source of one case's phrasing: the seed and the
// case's ID, so that a case's utterances do not depend on the others.
func caseRNG(seed uint64, id string) *rand.Rand {
	h := fnv.New64a()
	h.Write([]byte(id))
	return rand.New(rand.NewPCG(seed, h.Sum64()))
}

// tidy collapses spaces, removes spaces before punctuation and a full
// stop after a quotation that has one, and capitalizes the first letter.
func tidy(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	for _, p := range []string{" .", " ,", " ?", " :"} {
		s = strings.ReplaceAll(s, p, p[1:])
	}
	// A quotation that ends a sentence keeps its own full stop.
	for _, p := range []string{".\u201d.", "!\u201d.", "?\u201d."} {
		if strings.HasSuffix(s, p) {
			s = strings.TrimSuffix(s, ".")
		}
	}
	return capitalize(s)
}

func capitalize(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}

// article returns the noun with "a" or "an".
func article(noun string) string {
	if noun == "" {
		return noun
	}
	switch unicode.ToLower(rune(noun[0])) {
	case 'a', 'e', 'i', 'o':
		return "an " + noun
	case 'u':
		if !strings.HasPrefix(noun, "user") && !strings.HasPrefix(noun, "uni") && !strings.HasPrefix(noun, "use") {
			return "an " + noun
		}
	}
	return "a " + noun
}
