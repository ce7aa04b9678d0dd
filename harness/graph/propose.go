package graph

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/cloudwego/eino/components/model"
	"github.com/cloudwego/eino/schema"

	"github.com/agentready/agentready/gen/describe/prose"
	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/gen/tokens"
	"github.com/agentready/agentready/harness/replay"
	"github.com/agentready/agentready/templates"
)

// SourceModel marks an edge a model proposed (Edge.Source); rule edges
// have no source.
const SourceModel = "model"

// ModelConfidence is the confidence of an edge a model proposed. No model
// edge has been judged yet, so it sits below every calibrated class of
// rule edges: a model edge is approved one at a time, never by a
// threshold or a pattern.
const ModelConfidence = 0.25

// Bounds of what Propose sends.
const (
	DefaultPromptTokens   = 3000
	DefaultMaxPrompts     = 40
	DefaultBatchProducers = 12
	// outputsPerProducer caps the fields listed for one producer.
	outputsPerProducer = 8
)

// ProposeOptions configure Propose.
type ProposeOptions struct {
	// Model answers the prompts; Name says which it is, in each edge's
	// why and in the graph's inferred_by.
	Model model.BaseChatModel
	Name  string
	// PromptTokens caps one prompt (DefaultPromptTokens when 0): a
	// resource whose inputs and producers do not fit is cut to fit.
	PromptTokens int
	// MaxPrompts caps the prompts sent (DefaultMaxPrompts when 0); the
	// resources beyond it, fewest inputs first, are left out and counted.
	MaxPrompts int
	// Producers caps the producers listed for one resource
	// (DefaultBatchProducers when 0), the closest by name first.
	Producers int
}

// ProposeReport says what Propose did.
type ProposeReport struct {
	// Resources counts the resources with inputs no rule edge fills;
	// Prompts those asked about; LeftOut those left out by MaxPrompts or
	// for want of any producer that could fill them.
	Resources, Prompts, LeftOut int
	// Unparsed counts answers that were not the JSON asked for.
	Unparsed int
	// Proposed counts the edges the model proposed; Invalid those that
	// do not fit the spec, Duplicates those between tools a rule edge
	// already joins (the rule's edge stands) or an earlier answer's edge
	// does (merged into it), Kept those added to the graph.
	Proposed, Invalid, Duplicates, Kept int
	// Dropped says why each invalid edge was dropped, "from -> to:
	// reason".
	Dropped []string
}

// Propose asks a model for edges the rules missed and adds those that fit
// to g as proposed edges with Source SourceModel and ModelConfidence. It
// asks about one resource at a time (the inputs no rule edge fills, by
// the noun they name, with the producers whose names and fields share a
// word with them), each prompt within PromptTokens, at most MaxPrompts
// prompts. Every proposed edge is checked against the API as
// `agentready graph check` checks a file: an edge whose tool, output
// path or input does not exist, or whose types cannot agree, is dropped
// and counted; one between tools a rule edge already joins is dropped
// as a duplicate (the rule's edge stands), and one between tools an
// earlier answer joined is merged into that edge. Calls are scoped "graph:RESOURCE" for record
// and replay. An answer that is not the JSON asked for is counted and
// skipped; a model error ends Propose with what was kept so far.
func Propose(ctx context.Context, api *ir.API, g *Graph, opts ProposeOptions) (ProposeReport, error) {
	var rep ProposeReport
	if opts.Model == nil {
		return rep, fmt.Errorf("graph: Propose: no model")
	}
	opts.PromptTokens = cmpOr(opts.PromptTokens, DefaultPromptTokens)
	opts.MaxPrompts = cmpOr(opts.MaxPrompts, DefaultMaxPrompts)
	opts.Producers = cmpOr(opts.Producers, DefaultBatchProducers)
	batches := proposalBatches(api, g, opts)
	rep.Resources = len(batches)
	existing := map[string]bool{}
	for _, e := range g.Edges {
		existing[e.Key()] = true
	}
	added := map[string]*Edge{}
	t := templates.Parse("graph_edges.tmpl")
	for _, b := range batches {
		if rep.Prompts >= opts.MaxPrompts || len(b.Producers) == 0 {
			rep.LeftOut++
			continue
		}
		if err := ctx.Err(); err != nil {
			return rep, err
		}
		var buf bytes.Buffer
		if err := t.Execute(&buf, b); err != nil {
			return rep, fmt.Errorf("graph: prompt graph_edges.tmpl: %w", err)
		}
		sys, user, _ := strings.Cut(buf.String(), "\n")
		rep.Prompts++
		msg, err := opts.Model.Generate(replay.WithScope(ctx, "graph:"+b.Resource),
			[]*schema.Message{schema.SystemMessage(sys), schema.UserMessage(strings.TrimSpace(user))})
		if err != nil {
			return rep, fmt.Errorf("graph: asking %s about %s: %w", opts.Name, b.Resource, err)
		}
		answer, err := parseProposal(msg)
		if err != nil {
			rep.Unparsed++
			rep.Dropped = append(rep.Dropped, fmt.Sprintf("the answer about %s: %v", b.Resource, err))
			continue
		}
		for _, pe := range answer.Edges {
			rep.Proposed++
			e := &Edge{From: pe.From, To: pe.To, Status: Proposed, Source: SourceModel, Confidence: ModelConfidence,
				Why: prose.Truncate(fmt.Sprintf("proposed by %s (not calibrated): %s", opts.Name, strings.TrimSpace(pe.Why)), 300)}
			for _, m := range pe.Mappings {
				e.Mappings = append(e.Mappings, Mapping{Output: m.Output, Input: m.Input})
			}
			if ps := checkEdge(api, e); len(ps) > 0 {
				rep.Invalid++
				rep.Dropped = append(rep.Dropped, e.Key()+": "+ps[0].msg)
				continue
			}
			if prev := added[e.Key()]; prev != nil {
				// An earlier answer's edge between the same tools gains
				// the inputs it did not map.
				rep.Duplicates++
				mergeMappings(prev, e)
				continue
			}
			if existing[e.Key()] {
				rep.Duplicates++
				continue
			}
			added[e.Key()] = e
			g.Edges = append(g.Edges, e)
			rep.Kept++
		}
	}
	if rep.Prompts > 0 {
		g.InferredBy = InferredByRules + "+" + opts.Name
	}
	g.Sort()
	return rep, nil
}

// mergeMappings adds to e the mappings of d for inputs e does not map.
func mergeMappings(e, d *Edge) {
	have := map[string]bool{}
	for _, m := range e.Mappings {
		have[m.Input] = true
	}
	for _, m := range d.Mappings {
		if !have[m.Input] {
			e.Mappings = append(e.Mappings, m)
			have[m.Input] = true
		}
	}
}

func cmpOr(v, def int) int {
	if v > 0 {
		return v
	}
	return def
}

// proposal is the JSON a model answers with.
type proposal struct {
	Edges []struct {
		From     string `json:"from"`
		To       string `json:"to"`
		Mappings []struct {
			Output string `json:"output"`
			Input  string `json:"input"`
		} `json:"mappings"`
		Why string `json:"why"`
	} `json:"edges"`
}

// parseProposal reads an answer strictly: one JSON object with only the
// fields asked for, optionally in a ```json fence, nothing after it.
func parseProposal(msg *schema.Message) (*proposal, error) {
	if msg == nil {
		return nil, fmt.Errorf("no answer")
	}
	text := strings.TrimSpace(msg.Content)
	if strings.HasPrefix(text, "```") {
		text = strings.TrimPrefix(strings.TrimPrefix(text, "```json"), "```")
		text = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(text), "```"))
	}
	dec := json.NewDecoder(strings.NewReader(text))
	dec.DisallowUnknownFields()
	var p proposal
	if err := dec.Decode(&p); err != nil {
		return nil, fmt.Errorf("not the JSON object asked for: %v (%q)", err, prose.Truncate(text, 80))
	}
	if dec.More() {
		return nil, fmt.Errorf("text after the JSON object")
	}
	return &p, nil
}

// promptBatch is what the prompt of one resource shows.
type promptBatch struct {
	Resource  string
	Inputs    []promptInput
	Producers []promptProducer
	words     map[string]bool
}

type promptInput struct{ Tool, Input, Type, In, About string }

type promptProducer struct {
	Tool, About string
	Outputs     []promptOutput
	score       int
}

type promptOutput struct{ Path, Type string }

// proposalBatches groups the inputs that take run-time identifiers and
// that no edge of g fills by the
// resource they name, most inputs first, each with the producers that
// share a word with them, cut to opts.PromptTokens.
func proposalBatches(api *ir.API, g *Graph, opts ProposeOptions) []*promptBatch {
	x := newInferrer(api, Options{}.withDefaults())
	filled := map[string]bool{}
	for _, e := range g.Edges {
		if e.Status == Rejected || e.Status == Stale {
			continue
		}
		for _, m := range e.Mappings {
			filled[e.To+"\x00"+m.Input] = true
		}
	}
	byResource := map[string]*promptBatch{}
	var order []*promptBatch
	for _, in := range x.inputs {
		if filled[in.op.Name+"\x00"+in.name] {
			continue
		}
		words := singulars(splitWords(lastName(in.name)))
		resource := strings.Join(words, " ")
		if len(in.entities) > 0 {
			resource = in.entities[0].String()
			words = append(words, in.entities[0].words...)
		}
		b := byResource[resource]
		if b == nil {
			b = &promptBatch{Resource: resource, words: map[string]bool{}}
			byResource[resource] = b
			order = append(order, b)
		}
		for _, w := range words {
			if !genericWord[w] {
				b.words[w] = true
			}
		}
		var about string
		if s, err := inputSchema(api, in.op, in.name); err == nil && s != nil {
			about = prose.Truncate(prose.FirstSentence(prose.Clean(s.Description)), 120)
		}
		b.Inputs = append(b.Inputs, promptInput{Tool: in.op.Name, Input: in.name, Type: string(in.kind), In: in.loc, About: about})
	}
	for _, b := range order {
		for _, p := range x.producers {
			if pp, ok := b.producer(x, p); ok {
				b.Producers = append(b.Producers, pp)
			}
		}
		sort.SliceStable(b.Producers, func(i, j int) bool { return b.Producers[i].score > b.Producers[j].score })
		if len(b.Producers) > opts.Producers {
			b.Producers = b.Producers[:opts.Producers]
		}
		fit(b, opts.PromptTokens)
	}
	sort.SliceStable(order, func(i, j int) bool { return len(order[i].Inputs) > len(order[j].Inputs) })
	return order
}

// producer returns what the batch's prompt lists of p: the fields whose
// names share a word with the batch's inputs, and when p's name or
// resource does, the identifiers of what it returns; ok is false when
// nothing is shared, or p is the batch's one consumer.
func (b *promptBatch) producer(x *inferrer, p *producer) (promptProducer, bool) {
	pp := promptProducer{Tool: p.op.Name, About: prose.Truncate(prose.FirstSentence(prose.Clean(p.op.Summary)), 100)}
	named := 0
	for _, w := range singulars(splitWords(p.op.Name)) {
		if b.words[w] {
			named++
		}
	}
	for _, n := range p.names {
		for _, w := range n.words {
			if b.words[w] {
				named++
			}
		}
	}
	for _, l := range p.leaves {
		n := 0
		for _, w := range singulars(splitWords(l.path)) {
			if b.words[w] {
				n++
			}
		}
		if (n > 0 || named > 0 && l.obj.primary && l.identity(x.vocab)) && len(pp.Outputs) < outputsPerProducer {
			pp.Outputs = append(pp.Outputs, promptOutput{Path: l.path, Type: string(l.kind)})
			pp.score += n + named
		}
	}
	return pp, len(pp.Outputs) > 0 && !onlyConsumer(b, p.op.Name)
}

// onlyConsumer reports whether tool is the one consumer of a batch: a
// tool does not feed itself.
func onlyConsumer(b *promptBatch, tool string) bool {
	for _, in := range b.Inputs {
		if in.Tool != tool {
			return false
		}
	}
	return true
}

// genericWord are words too common to tie an input to a producer.
var genericWord = map[string]bool{"id": true, "name": true, "key": true, "number": true, "item": true, "data": true, "value": true}

// fit drops the batch's last producers, then inputs, until its prompt
// is within budget tokens.
func fit(b *promptBatch, budget int) {
	t := templates.Parse("graph_edges.tmpl")
	for {
		var buf bytes.Buffer
		if t.Execute(&buf, b) != nil || tokens.Count(buf.String()) <= budget {
			return
		}
		switch {
		case len(b.Producers) > 1:
			b.Producers = b.Producers[:len(b.Producers)-1]
		case len(b.Inputs) > 1:
			b.Inputs = b.Inputs[:len(b.Inputs)-1]
		default:
			return
		}
	}
}
