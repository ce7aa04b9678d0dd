package utter

import (
	"bytes"
	"context"
	"fmt"
	"hash/fnv"
	"io/fs"
	"maps"
	"math/rand/v2"
	"slices"
	"sort"
	"strconv"
	"strings"
	"text/template"
	"unicode"
	"unicode/utf8"

	"github.com/agentready/agentready/gen/catalog"
	"github.com/agentready/agentready/gen/describe/prose"
	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/harness/cases"
	"github.com/agentready/agentready/harness/judge"
	"github.com/agentready/agentready/internal/english"
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
	for _, intent := range []string{intentList, intentGet, intentCreate, intentUpdate, intentDelete, intentSearch, intentAction, added, purpose, contextWords} {
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

// Concurrent reports that Templates may write the utterances of several
// cases at once (utter.Concurrent): it keeps no state between calls, and
// each case's choices come from the seed and the case's ID.
func (t *Templates) Concurrent() bool { return true }

// Utter writes the case's utterances.
func (t *Templates) Utter(_ context.Context, cat *catalog.Bound, c *cases.Case) ([]cases.Utterance, error) {
	api := cat.API
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
	memo := &codes{}
	for i := 0; len(out) < t.perCase && i < t.perCase*3; i++ {
		name := vs[order[i%len(order)]]
		// Each utterance words the arguments afresh, so that two
		// utterances of one case differ in more than the frame.
		u, err := t.phrase(cat, op, c, rng, name, false, memo)
		if err != nil {
			return nil, err
		}
		if seen[u.Text] {
			continue
		}
		seen[u.Text] = true
		out = append(out, u)
	}
	return out, nil
}

// phrase writes one utterance of a case in the named phrasing; a rewrite
// names every owner with its noun (phraser.nouns). memo keeps the JSON
// the case's phrasings write (phraser.codes).
func (t *Templates) phrase(cat *catalog.Bound, op *ir.Operation, c *cases.Case, rng *rand.Rand, name string, rewrite bool, memo *codes) (cases.Utterance, error) {
	p := newPhraser(cat, op, c, rng)
	p.key, p.nouns, p.codes = c.ID+"\x00"+name, rewrite, memo
	s := p.slots()
	var buf bytes.Buffer
	if err := t.set.ExecuteTemplate(&buf, name, s); err != nil {
		return cases.Utterance{}, fmt.Errorf("template %s: %w", name, err)
	}
	text, gen := buf.String(), "template:"+name
	if ctx := t.context(c.ID + "\x00" + name); ctx.name != "" {
		text, gen = ctx.around(text), gen+"+"+ctx.name
	}
	u := cases.Utterance{Text: tidy(text), Generator: gen}
	u.Forms = p.keptForms(u.Text)
	return u, nil
}

// contextWords names the file of words of context (context.tmpl).
const contextWords = "context"

// contextPhrase is words of context to add to a request.
type contextPhrase struct {
	name, text string
	before     bool
}

// around puts the words of context before or after a request.
func (c contextPhrase) around(request string) string {
	if c.before {
		r := strings.TrimSpace(request)
		if first, _, _ := strings.Cut(r, " "); first != "I" && !strings.HasPrefix(first, "I'") && first != strings.ToUpper(first) {
			// "Quick one: can you ...", but "I need ..." and "VPN ..."
			// keep their capitals.
			r = strings.ToLower(r[:1]) + r[1:]
		}
		return c.text + " " + r
	}
	return strings.TrimSpace(request) + " " + c.text
}

// context picks, for one in ten utterances (by the key, apart from the
// phraser's random stream; about as often as hand-written requests have
// them), words of context that are no value of the
// call: "Quick one:", "No rush on this one." People add them; a model
// must not take them for arguments.
func (t *Templates) context(key string) contextPhrase {
	if !chance(key, "context", 10) {
		return contextPhrase{}
	}
	var names []string
	for _, side := range []string{"context-before", "context-after"} {
		names = append(names, t.variants[side]...)
	}
	if len(names) == 0 {
		return contextPhrase{}
	}
	h := fnv.New64a()
	h.Write([]byte(key))
	name := names[h.Sum64()%uint64(len(names))]
	var buf bytes.Buffer
	if err := t.set.ExecuteTemplate(&buf, name, nil); err != nil {
		return contextPhrase{}
	}
	return contextPhrase{name: name, text: strings.TrimSpace(buf.String()), before: strings.HasPrefix(name, "context-before/")}
}

// keptForms returns the recorded forms that the text holds: a phrasing
// may leave a slot out.
func (p *phraser) keptForms(text string) map[string]string {
	var out map[string]string
	low := strings.ToLower(text)
	for k, f := range p.forms {
		if strings.Contains(low, strings.ToLower(f)) {
			if out == nil {
				out = map[string]string{}
			}
			out[k] = f
		}
	}
	return out
}

// added names the phrasings that add left-out values to an utterance
// (added.tmpl).
const added = "added"

// purpose names the phrasings that add what a request is for
// (purpose.tmpl).
const purpose = "purpose"

// Rewrite writes an utterance of the case again, after the judge found
// that failed does not say every value the call needs: the first attempt
// is another phrasing, the second adds what missing lists, in clauses of
// its own, after the phrasing that failed. It returns false when it has
// nothing more to try.
func (t *Templates) Rewrite(_ context.Context, cat *catalog.Bound, c *cases.Case, failed cases.Utterance, missing judge.Verdict, attempt int) (cases.Utterance, bool, error) {
	api := cat.API
	op := api.Operation(c.Tool)
	if op == nil {
		return cases.Utterance{}, false, fmt.Errorf("the API has no tool %q", c.Tool)
	}
	rng := caseRNG(t.seed, c.ID+"/rewrite/"+strconv.Itoa(attempt))
	switch attempt {
	case 1:
		vs := t.variants[shapeOf(api, op).intent]
		from := slices.Index(vs, strings.TrimPrefix(failed.Generator, "template:"))
		memo := &codes{}
		for k := 1; k < len(vs); k++ {
			u, err := t.phrase(cat, op, c, rng, vs[(from+k+len(vs))%len(vs)], true, memo)
			if err != nil {
				return cases.Utterance{}, false, err
			}
			if u.Text != failed.Text {
				return u, true, nil
			}
		}
		return cases.Utterance{}, false, nil
	case 2:
		p := newPhraser(cat, op, c, rng)
		cl := p.clauses(missing.Paths())
		if len(cl) == 0 {
			return cases.Utterance{}, false, nil
		}
		vs := t.variants[added]
		name := vs[rng.IntN(len(vs))]
		var buf bytes.Buffer
		if err := t.set.ExecuteTemplate(&buf, name, struct {
			Text    string
			Clauses []string
		}{failed.Text, cl}); err != nil {
			return cases.Utterance{}, false, fmt.Errorf("template %s: %w", name, err)
		}
		u := cases.Utterance{Text: tidy(buf.String()), Generator: failed.Generator + "+" + name}
		u.Forms = maps.Clone(failed.Forms)
		for k, f := range p.keptForms(u.Text) {
			if u.Forms == nil {
				u.Forms = map[string]string{}
			}
			if _, ok := u.Forms[k]; !ok {
				u.Forms[k] = f
			}
		}
		return u, true, nil
	case 3:
		what := prose.FirstSentence(prose.Clean(op.Summary))
		if what == "" {
			// Many specs say it in the description alone ("read the
			// specified Pod").
			what = prose.FirstSentence(prose.Clean(op.Description))
		}
		what = strings.TrimRight(strings.TrimSpace(what), ".")
		if i := strings.LastIndex(what, " ("); i > 0 && strings.HasSuffix(what, ")") {
			// "Check team permissions for a repository (Legacy)".
			what = what[:i]
		}
		if what == "" || strings.ContainsAny(what, "\n") {
			return cases.Utterance{}, false, nil
		}
		if r, n := utf8.DecodeRuneInString(what); n > 0 && !unicode.IsUpper(rune(what[min(n, len(what)-1)])) {
			// "Disable vulnerability alerts", not "GET the API".
			what = string(unicode.ToLower(r)) + what[n:]
		}
		if first, rest, ok := strings.Cut(what, " "); ok && english.IsPlural(first) && !strings.HasSuffix(first, "ss") {
			// "Retrieves the coupon" says what the tool does; a
			// request says "retrieve the coupon".
			what = english.Singular(first) + " " + rest
		}
		vs := t.variants[purpose]
		name := vs[rng.IntN(len(vs))]
		var buf bytes.Buffer
		if err := t.set.ExecuteTemplate(&buf, name, struct{ Text, Purpose string }{failed.Text, what}); err != nil {
			return cases.Utterance{}, false, fmt.Errorf("template %s: %w", name, err)
		}
		u := cases.Utterance{Text: tidy(buf.String()), Generator: failed.Generator + "+" + name, Forms: maps.Clone(failed.Forms)}
		return u, true, nil
	}
	return cases.Utterance{}, false, nil
}

// caseRNG is the random source of one case's phrasing: the seed and the
// case's ID, so that a case's utterances do not depend on the others.
func caseRNG(seed uint64, id string) *rand.Rand {
	h := fnv.New64a()
	h.Write([]byte(id))
	return rand.New(rand.NewPCG(seed, h.Sum64()))
}

// noSpaceBeforePunct removes each space before punctuation that ends a
// word (one of . , ? : at the end of s, or before a space, a quotation
// mark or a closing bracket), but not before the start of a value
// (".github/workflows/ci.yml", ":8080"). s has single spaces only (tidy
// collapsed them). A space that follows such a punctuation mark is
// passed over with it: in " . . " only the first space goes. It reads s
// once: an utterance that quotes a JSON body is long.
func noSpaceBeforePunct(s string) string {
	var b strings.Builder
	last := 0
	for i := 0; i+1 < len(s); i++ {
		if s[i] != ' ' || !strings.ContainsRune(".,?:", rune(s[i+1])) {
			continue
		}
		end := i + 2
		switch {
		case end == len(s):
		case s[end] == ' ' || s[end] == '"' || s[end] == ')':
			end++
		case strings.HasPrefix(s[end:], "\u201d"):
			end += len("\u201d")
		default:
			continue
		}
		if b.Len() == 0 {
			b.Grow(len(s))
		}
		b.WriteString(s[last:i])
		b.WriteString(s[i+1 : end])
		last = end
		i = end - 1
	}
	if last == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}

// tidy collapses spaces, removes spaces before punctuation and a full
// stop after a quotation that has one, and capitalizes the first letter.
func tidy(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	s = noSpaceBeforePunct(s)
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
