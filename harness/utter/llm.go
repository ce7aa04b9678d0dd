package utter

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"maps"
	"slices"
	"strconv"
	"strings"
	"sync"
	"text/template"

	"github.com/cloudwego/eino/components/model"
	"github.com/cloudwego/eino/schema"

	"github.com/agentready/agentready/gen/catalog"
	"github.com/agentready/agentready/gen/describe/prose"
	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/harness/cases"
	"github.com/agentready/agentready/harness/judge"
	"github.com/agentready/agentready/harness/replay"
)

// The judge's accuracy ratings.
const (
	Accurate   = "accurate"
	Partial    = "partial"
	Inaccurate = "inaccurate"
)

// DefaultMinNaturalness is the least naturalness (1-5) an LLM utterance
// needs to be kept.
const DefaultMinNaturalness = 4

// LLM writes utterances with a chat model and keeps those that pass the
// deterministic judge (harness/judge) and that a judge model rates
// accurate, with every value recoverable, and natural enough. The
// prompts are the template files llm_write.tmpl and llm_judge.tmpl.
type LLM struct {
	writer, judge  model.BaseChatModel
	name           string
	perCase        int
	minNaturalness int
	fallback       Generator
	write, rate    *template.Template

	mu     sync.Mutex
	judges map[*ir.API]*judge.Judge
}

// LLMOptions configure NewLLM.
type LLMOptions struct {
	// Name is the model's name, recorded as "llm:<Name>".
	Name string
	// Judge rates the utterances; the writer itself when nil.
	Judge model.BaseChatModel
	// PerCase is how many utterances to ask for (DefaultPerCase when 0).
	PerCase int
	// MinNaturalness is the least rating kept (DefaultMinNaturalness
	// when 0).
	MinNaturalness int
	// Fallback writes the case's utterances when the model's are all
	// rejected or the model fails; nil returns the error or no utterance.
	Fallback Generator
}

// NewLLM returns a generator that asks writer for utterances.
func NewLLM(writer model.BaseChatModel, opts LLMOptions) (*LLM, error) {
	if writer == nil {
		return nil, fmt.Errorf("utter: NewLLM: no model")
	}
	l := &LLM{writer: writer, judge: opts.Judge, name: opts.Name, perCase: opts.PerCase,
		minNaturalness: opts.MinNaturalness, fallback: opts.Fallback}
	if l.judge == nil {
		l.judge = writer
	}
	if l.name == "" {
		l.name = "model"
	}
	if l.perCase == 0 {
		l.perCase = DefaultPerCase
	}
	if l.minNaturalness == 0 {
		l.minNaturalness = DefaultMinNaturalness
	}
	var err error
	if l.write, err = prompt("llm_write.tmpl"); err != nil {
		return nil, err
	}
	if l.rate, err = prompt("llm_judge.tmpl"); err != nil {
		return nil, err
	}
	return l, nil
}

func prompt(name string) (*template.Template, error) {
	b, err := fs.ReadFile(files, name)
	if err != nil {
		return nil, fmt.Errorf("utter: %w", err)
	}
	t, err := template.New(name).Option("missingkey=error").Parse(string(b))
	if err != nil {
		return nil, fmt.Errorf("utter: %w", err)
	}
	return t, nil
}

// promptData is what the prompt templates see.
type promptData struct {
	Tool, Purpose, Args string
	// Values are the values the call needs, by argument path, as JSON
	// ("body.name" = "Ada"), marked when they equal the default.
	Values    []named
	Names     []named
	Count     int
	Utterance string
}

type named struct{ Arg, Said string }

// Utter asks the writer for utterances and returns those that pass the
// deterministic judge and that the judge model rates accurate, with no
// value unrecoverable, and MinNaturalness or more. The judge model is
// not asked about an utterance the deterministic judge rejects. The
// calls are scoped by the case ("utter:ID") for record and replay.
func (l *LLM) Utter(ctx context.Context, cat *catalog.Bound, c *cases.Case) ([]cases.Utterance, error) {
	api := cat.API
	ctx = replay.WithScope(ctx, "utter:"+c.ID)
	op := api.Operation(c.Tool)
	if op == nil {
		return nil, fmt.Errorf("the API has no tool %q", c.Tool)
	}
	j := l.judgeOf(cat)
	data := l.data(cat, op, c)
	texts, err := l.ask(ctx, l.writer, l.write, data)
	var out []cases.Utterance
	if err == nil {
		var list []string
		if err = decodeJSON(texts, &list); err != nil {
			err = fmt.Errorf("the model's utterances are not a JSON list of strings: %v", err)
		}
		seen := map[string]bool{}
		for _, t := range list {
			t = strings.TrimSpace(t)
			if t == "" || seen[t] || len(out) >= l.perCase {
				continue
			}
			seen[t] = true
			if !j.CheckText(c, t).OK() {
				continue
			}
			data.Utterance = t
			reply, jerr := l.ask(ctx, l.judge, l.rate, data)
			if jerr != nil {
				err = jerr
				break
			}
			var r struct {
				Accuracy      string   `json:"accuracy"`
				Unrecoverable []string `json:"unrecoverable"`
				Naturalness   int      `json:"naturalness"`
			}
			if jerr := decodeJSON(reply, &r); jerr != nil {
				continue
			}
			r.Accuracy = strings.ToLower(strings.TrimSpace(r.Accuracy))
			if r.Accuracy != Accurate || len(r.Unrecoverable) > 0 || r.Naturalness < l.minNaturalness {
				continue
			}
			out = append(out, cases.Utterance{Text: t, Generator: "llm:" + l.name, Accuracy: r.Accuracy, Naturalness: r.Naturalness})
		}
	}
	if len(out) == 0 && l.fallback != nil {
		return l.fallback.Utter(ctx, cat, c)
	}
	if len(out) == 0 && err != nil {
		return nil, err
	}
	return out, nil
}

// Rewrite asks the fallback generator to write the utterance again,
// when it can; the model's own utterances that fail the judge are not
// kept.
func (l *LLM) Rewrite(ctx context.Context, cat *catalog.Bound, c *cases.Case, failed cases.Utterance, missing judge.Verdict, attempt int) (cases.Utterance, bool, error) {
	if rw, ok := l.fallback.(Rewriter); ok && !strings.HasPrefix(failed.Generator, "llm:") {
		return rw.Rewrite(ctx, cat, c, failed, missing, attempt)
	}
	return cases.Utterance{}, false, nil
}

// judgeOf returns the deterministic judge of an API's cases.
func (l *LLM) judgeOf(cat *catalog.Bound) *judge.Judge {
	api := cat.API
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.judges == nil {
		l.judges = map[*ir.API]*judge.Judge{}
	}
	j := l.judges[api]
	if j == nil {
		j = judge.New(cat)
		l.judges[api] = j
	}
	return j
}

func (l *LLM) data(cat *catalog.Bound, op *ir.Operation, c *cases.Case) promptData {
	api := cat.API
	args, _ := json.Marshal(c.Args)
	d := promptData{Tool: op.Name, Purpose: prose.FirstSentence(prose.Clean(firstNonEmpty(op.Summary, op.Description))),
		Args: string(args), Count: l.perCase + 1}
	p := newPhraser(cat, op, c, caseRNG(0, c.ID))
	for _, k := range slices.Sorted(maps.Keys(c.Args)) {
		var def any
		if a, ok := p.args[k]; ok {
			if s := api.Resolve(a.Schema); s != nil {
				def = s.Default
			}
		}
		d.Values = appendValues(d.Values, k, c.Args[k], def)
	}
	for _, k := range slices.Sorted(maps.Keys(c.Args)) {
		if said, ok := p.fedDisplay(k); ok {
			d.Names = append(d.Names, named{Arg: k, Said: said})
		}
	}
	return d
}

// appendValues adds, for the prompts, each leaf of a value with its path
// ("tags[1]", "body.name") and its JSON; def is the argument's default.
func appendValues(out []named, path string, v, def any) []named {
	switch x := v.(type) {
	case map[string]any:
		if len(x) > 0 {
			for _, k := range slices.Sorted(maps.Keys(x)) {
				out = appendValues(out, path+"."+k, x[k], nil)
			}
			return out
		}
	case []any:
		if len(x) > 0 {
			for i, e := range x {
				out = appendValues(out, path+"["+strconv.Itoa(i)+"]", e, nil)
			}
			return out
		}
	}
	said := canon(v)
	if def != nil && canon(def) == said {
		said += " (the default)"
	}
	return append(out, named{Arg: path, Said: said})
}

func firstNonEmpty(ss ...string) string {
	for _, s := range ss {
		if strings.TrimSpace(s) != "" {
			return s
		}
	}
	return ""
}

// ask renders a prompt (its first line the system message, the rest the
// user's) and returns the model's reply.
func (l *LLM) ask(ctx context.Context, m model.BaseChatModel, t *template.Template, d promptData) (string, error) {
	var buf bytes.Buffer
	if err := t.Execute(&buf, d); err != nil {
		return "", fmt.Errorf("prompt %s: %w", t.Name(), err)
	}
	sys, user, _ := strings.Cut(buf.String(), "\n")
	msg, err := m.Generate(ctx, []*schema.Message{schema.SystemMessage(sys), schema.UserMessage(strings.TrimSpace(user))})
	if err != nil {
		return "", fmt.Errorf("model: %w", err)
	}
	if msg == nil {
		return "", fmt.Errorf("model: no reply")
	}
	return msg.Content, nil
}

// decodeJSON reads the first JSON value in a reply, skipping prose and
// code fences around it.
func decodeJSON(reply string, v any) error {
	i := strings.IndexAny(reply, "[{")
	if i < 0 {
		return fmt.Errorf("no JSON in %q", prose.Truncate(reply, 80))
	}
	return json.NewDecoder(strings.NewReader(reply[i:])).Decode(v)
}
