package run

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/agentready/agentready/gen/tokens"
	"github.com/agentready/agentready/gen/toolrt"
	"github.com/agentready/agentready/harness/cases"
	"github.com/agentready/agentready/harness/classify"
	"github.com/agentready/agentready/harness/replay"
	"github.com/agentready/agentready/metatools"
	"github.com/cloudwego/eino/components/model"
	"github.com/cloudwego/eino/components/tool"
	"github.com/cloudwego/eino/compose"
	"github.com/cloudwego/eino/flow/agent/react"
	"github.com/cloudwego/eino/schema"
)

// runner runs single cases.
type runner struct {
	opts       Options
	classifier *classify.Classifier
	// nonce makes this run's fresh values differ from every other run's.
	nonce uint64

	// shownMu guards shown: what Options.Shown made of each tool, by
	// name, made once per run (each agent asks for every tool's
	// definition more than once, and a rewrite decodes its schema).
	shownMu sync.Mutex
	shown   map[string]*schema.ToolInfo

	// variants run each case's agent leg again, each with what the model
	// reads changed (Options.Variants); variant is the name of this
	// runner's, "" for the run's own.
	variants []*runner
	variant  string
	// applies is the variant's Variant.Applies.
	applies func(c *cases.Case) bool

	// meta are the meta-tools the agent is given instead of the case's
	// tools (Options.Toolset dynamic); nil for the static toolset.
	meta *metatools.Set
}

// leg names the agent leg this runner runs, for fresh values of its own.
func (r *runner) leg() string {
	if r.variant == "" {
		return "agent"
	}
	return "agent:" + r.variant
}

// scope is the replay scope of this runner's agent leg of trial id.
func (r *runner) scope(id string) string {
	if r.variant == "" {
		return id
	}
	return id + "@" + r.variant
}

// shownInfo returns what the model is shown of a tool: Options.Shown's
// rewrite of info, made once per tool and run; info itself when Shown is
// nil. Shown is a function of the tool alone, so the first rewrite holds
// for the whole run.
func (r *runner) shownInfo(info *schema.ToolInfo) (*schema.ToolInfo, error) {
	if r.opts.Shown == nil {
		return info, nil
	}
	r.shownMu.Lock()
	done, ok := r.shown[info.Name]
	r.shownMu.Unlock()
	if ok {
		return done, nil
	}
	out, err := r.opts.Shown(info)
	if err != nil {
		return nil, err
	}
	r.shownMu.Lock()
	defer r.shownMu.Unlock()
	if r.shown == nil {
		r.shown = map[string]*schema.ToolInfo{}
	}
	r.shown[info.Name] = out
	return out, nil
}

// runCase runs c directly and through the agent, and classifies it.
// Each of the two runs is prepared apart (cases.Preparer): its own setup,
// fresh values and chain steps before, its cleanup after. A case whose
// direct call does not hold is invalid, and the agent is not run. infra
// says why the case could not run at all, when the API or the network
// failed a call of it (Infrastructure): the record is then not a result.
func (r *runner) runCase(ctx context.Context, t trial) (rec *Record, infra string) {
	rec = r.runLegs(ctx, t)
	if rec.infra != nil {
		infra = Infrastructure(rec.infra)
	}
	// A case that ended before the agent's leg ends so in every variant.
	for len(rec.variants) < len(r.variants) {
		same := *rec
		same.variants = nil
		rec.variants = append(rec.variants, &same)
	}
	return rec, infra
}

// runLegs runs the two legs of c; a call that failed for the
// infrastructure's reasons is noted in Record.infra.
func (r *runner) runLegs(ctx context.Context, tr trial) *Record {
	c, id := tr.c, tr.id()
	// The API's calls of the case are of its replay scope, as its model's.
	ctx = replay.WithScope(ctx, id)
	rec := &Record{Case: c.ID, Trial: tr.n, Tool: c.Tool, Scenario: string(c.Scenario), Args: c.Args, Mutating: c.Mutating}
	t, ok := r.opts.Catalog.Tool(c.Tool)
	if !ok {
		rec.Skipped = SkipNoTool
		return rec
	}
	if reason := r.classifier.InvalidValue(c.Tool, c.Args); reason != "" {
		rec.Invalid = reason
		return rec
	}
	prep := &cases.Preparer{Catalog: r.opts.Catalog}

	// The direct run: the ground truth.
	dp, err := prep.Prepare(ctx, c, cases.FreshTag(r.nonce, id, "direct"))
	if err != nil {
		dp.Cleanup(ctx, prep, nil)
		r.addPrep(rec, "direct", dp)
		if rec.noteInfra(dp.Calls...) {
			return rec
		}
		rec.Invalid = "preparing the direct call: " + err.Error()
		return rec
	}
	raw, err := json.Marshal(dp.Args)
	if err != nil {
		rec.Skipped = "the arguments cannot be written as JSON: " + err.Error()
		return rec
	}
	start := time.Now()
	call := t.Run(ctx, string(raw))
	direct := classify.NewCall(call, time.Since(start))
	rec.Direct = &direct
	dp.Cleanup(ctx, prep, call)
	r.addPrep(rec, "direct", dp)
	if ctx.Err() != nil || rec.noteInfra(call) {
		return rec
	}
	if api := r.opts.Catalog.API; api != nil {
		if ok, _, reason := cases.Holds(api, c, call); !ok {
			rec.Invalid = reason
			return rec
		}
	}

	// The agent's run, on objects of its own; then each variant's, on the
	// same ground truth.
	base := *rec
	base.Prep = slices.Clone(rec.Prep)
	r.agentLeg(ctx, tr, rec, prep)
	for _, v := range r.variants {
		if rec.infra != nil || ctx.Err() != nil {
			break
		}
		vrec := base
		vrec.Prep = slices.Clone(base.Prep)
		if v.applies != nil && !v.applies(c) {
			vrec.Skipped = SkipNotApplied
			rec.variants = append(rec.variants, &vrec)
			continue
		}
		v.agentLeg(ctx, tr, &vrec, prep)
		rec.infra = vrec.infra
		rec.variants = append(rec.variants, &vrec)
	}
	return rec
}

// agentLeg runs the agent's leg of a case whose direct leg rec holds,
// and classifies it.
func (r *runner) agentLeg(ctx context.Context, tr trial, rec *Record, prep *cases.Preparer) {
	c, id := tr.c, tr.id()
	picked := PickUtteranceOf(c, r.opts.Seed)
	utterance := picked.Text
	rec.Naturalness = picked.Naturalness
	if utterance == "" {
		rec.Skipped = "the case has no utterance"
		return
	}
	ap, err := prep.Prepare(ctx, c, cases.FreshTag(r.nonce, id, r.leg()))
	if err != nil {
		ap.Cleanup(ctx, prep, nil)
		r.addPrep(rec, "agent", ap)
		if rec.noteInfra(ap.Calls...) {
			return
		}
		rec.Invalid = "preparing the agent's run: " + err.Error()
		return
	}
	rec.Args = ap.Args
	tc := *c
	tc.Args = ap.Args
	rec.Utterance = ap.Utterance(utterance)
	// judged is the case as the classifier sees it: the arguments a
	// rewritten request no longer says are not given.
	judged := tc
	if r.opts.Request != nil {
		var unsaid []string
		rec.Utterance, unsaid = r.opts.Request(&tc, rec.Utterance)
		judged.Withheld = slices.Clone(tc.Withheld)
		for _, arg := range unsaid {
			judged.Withheld = append(judged.Withheld, cases.Withheld{Arg: arg})
		}
	}
	var own *toolrt.Call
	var made []*toolrt.Call
	var missed error
	rec.Agent, own, made, missed = r.agent(replay.WithScope(ctx, r.scope(id)), &tc, rec.Utterance, userReplies(&tc, ap))
	ap.Cleanup(ctx, prep, own)
	r.addPrep(rec, "agent", ap)
	if rec.noteInfra(made...) {
		return
	}
	if missed != nil {
		// A replay without the model's answer: not the agent's doing.
		rec.Skipped = missed.Error()
		return
	}
	v := r.classifier.Classify(&judged, rec.Direct, rec.Agent)
	rec.Labels, rec.Recovered, rec.Note = v.Labels, v.Recovered, v.Note
	if len(rec.Agent.Calls) == 0 && rec.Agent.Error != "" {
		rec.Skipped = "the agent failed before calling a tool"
	}
}

// addPrep records the calls made to prepare one run of a case.
func (r *runner) addPrep(rec *Record, leg string, p *cases.Prepared) {
	if p == nil {
		return
	}
	for _, call := range p.Calls {
		pc := PrepCall{Leg: leg, Tool: call.Tool, RawArgs: call.RawArgs, Text: firstLine(call.Text)}
		nc := classify.NewCall(call, 0)
		pc.Result = nc.Result
		rec.Prep = append(rec.Prep, pc)
	}
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	return s
}

// PickUtterance returns the utterance the agent gets: among those the
// judge did not rate partly or wholly inaccurate (all of them when it so
// rated every one), the one the seed picks for the case.
func PickUtterance(c *cases.Case, seed int64) string {
	return PickUtteranceOf(c, seed).Text
}

// PickUtteranceOf is PickUtterance's utterance whole, with its ratings;
// the zero Utterance when the case has none.
func PickUtteranceOf(c *cases.Case, seed int64) cases.Utterance {
	var ok []cases.Utterance
	for _, u := range c.Utterances {
		if u.Accuracy == "" || u.Accuracy == "accurate" {
			ok = append(ok, u)
		}
	}
	if len(ok) == 0 {
		ok = append(ok, c.Utterances...)
	}
	switch len(ok) {
	case 0:
		return cases.Utterance{}
	case 1:
		return ok[0]
	}
	// FNV's low bits follow the parity of the input's bytes (seeds 1, 3
	// and 7 picked alike); a PCG stream seeded with the seed and the
	// case's hash mixes every bit.
	h := fnv.New64a()
	h.Write([]byte(c.ID))
	return ok[rand.New(rand.NewPCG(uint64(seed), h.Sum64())).IntN(len(ok))]
}

// maxReplies is how many times the simulated user of an ask case answers.
const maxReplies = 2

// userReplies returns what the simulated user of an ask case says when
// asked: the reply of each withheld value, with this run's values in
// place of the recorded ones (the value said plainly where the case has
// no reply). Nil for a single-turn case.
func userReplies(c *cases.Case, p *cases.Prepared) []string {
	var out []string
	for _, w := range c.Withheld {
		text := w.Reply
		if text == "" {
			text = "It's " + plainValue(cases.WithheldValue(c, w)) + "."
		}
		out = append(out, p.Utterance(text))
	}
	return out
}

// plainValue writes a string as it is and any other value as JSON.
func plainValue(v any) string {
	if s, ok := v.(string); ok {
		return s
	}
	b, _ := json.Marshal(v)
	return string(b)
}

// replyTo returns what the simulated user says after the agent's run
// ended with out, n replies into the conversation: every reply, in one
// message, the first time the run ends with text; the same again when,
// after that, the agent asks once more (classify.Asks) without having
// called the case's tool since; otherwise nothing.
func replyTo(c *cases.Case, replies []string, out *schema.Message, n int, callsSince []*toolrt.Call) string {
	if len(replies) == 0 || out == nil || len(out.ToolCalls) > 0 || n >= maxReplies {
		return ""
	}
	if n > 0 {
		if !classify.Asks(out.Content) {
			return ""
		}
		for _, call := range callsSince {
			if call.Tool == c.Tool {
				return ""
			}
		}
	}
	return strings.Join(replies, " ")
}

// agent runs the ReAct agent on the utterance and returns its trace, the
// last call of the case's tool that succeeded (nil when none did), whose
// answer names what the run made, and every call as the runtime made it.
// Its model calls are of ctx's replay scope (replay.WithScope). In an ask
// case (replies set), each time the agent's run ends with text
// the simulated user may answer (replyTo), and the agent runs again on
// the whole conversation and the answer.
func (r *runner) agent(ctx context.Context, c *cases.Case, utterance string, replies []string) (*classify.Trace, *toolrt.Call, []*toolrt.Call, error) {
	rec := &recorder{}
	var names []string
	var tools []tool.BaseTool
	if r.meta != nil {
		names, tools = r.metaTools(rec)
	} else {
		names = r.opts.offered(c)
		tools = make([]tool.BaseTool, len(names))
		for i, n := range names {
			t, ok := r.opts.Catalog.Tool(n)
			if !ok {
				return nil, nil, nil, fmt.Errorf("tool %s is not in the catalog", n)
			}
			op := t.Operation()
			rec.toolTokens += tokens.Count(op.Name) + tokens.Count(op.Description) + tokens.Count(op.Schema)
			tools[i] = &recordingTool{tool: t, rec: rec, shown: r.shownInfo, returned: r.opts.Returned}
		}
	}
	trace := &classify.Trace{Utterance: utterance, Tools: names}
	ctx, cancel := context.WithTimeout(ctx, r.opts.CaseTimeout)
	defer cancel()
	cfg := &react.AgentConfig{
		ToolCallingModel: &recordingModel{inner: r.opts.Model, rec: rec},
		ToolsConfig: compose.ToolsNodeConfig{
			Tools:               tools,
			ExecuteSequentially: true,
			UnknownToolsHandler: func(ctx context.Context, name, input string) (string, error) {
				text := fmt.Sprintf("There is no tool named %q. The tools you can call are: %s.", name, strings.Join(names, ", "))
				rec.addCall(classify.UnknownCall(compose.GetToolCallID(ctx), name, input, text))
				return text, nil
			},
			ToolArgumentsHandler: func(_ context.Context, _, args string) (string, error) {
				if strings.TrimSpace(args) == "" {
					return "{}", nil
				}
				return args, nil
			},
		},
		MaxStep: r.opts.maxStep(),
	}
	input := []*schema.Message{schema.SystemMessage(r.opts.System), schema.UserMessage(utterance)}
	start := time.Now()
	ag, err := react.NewAgent(ctx, cfg)
	var out *schema.Message
	if err == nil {
		out, err = ag.Generate(ctx, input)
		repliedAt := 0
		for n := 0; err == nil; n++ {
			reply := replyTo(c, replies, out, n, rec.callsFrom(repliedAt))
			if reply == "" {
				break
			}
			repliedAt = rec.callCount()
			convo := rec.addUser(reply)
			out, err = ag.Generate(ctx, convo)
		}
	}
	trace.LatencyMS = time.Since(start).Milliseconds()
	switch {
	case errors.Is(err, compose.ErrExceedMaxSteps):
		trace.Error = fmt.Sprintf("the agent was still calling tools after %d rounds (%v)", r.opts.Rounds, err)
	case err != nil:
		trace.Error = err.Error()
	case out != nil:
		trace.Final = out.Content
	}
	rec.fill(trace, input)
	var own *toolrt.Call
	for _, call := range rec.raw {
		if call.Tool == c.Tool && call.Result.OK {
			own = call
		}
	}
	return trace, own, rec.raw, rec.missed
}

// recorder collects what one agent run does.
type recorder struct {
	mu    sync.Mutex
	calls []classify.Call
	// via names, beside each call, the meta-tool it was made with: "" for
	// a tool the model called itself.
	via []string
	// raw are the tool calls as the runtime made them, in order.
	raw        []*toolrt.Call
	turns      []turn
	toolTokens int
	// last is the conversation as the model last saw it, with its answer.
	last []*schema.Message
	// users are the simulated user's replies of an ask case, each with
	// the number of turns before it.
	users []userTurn
	// missed is the first model call a replay did not have.
	missed error
}

// userTurn is one message of the simulated user after the first.
type userTurn struct {
	at   int
	text string
}

// addUser records a reply of the simulated user and returns the
// conversation the agent runs on next: all of it so far and the reply.
func (r *recorder) addUser(text string) []*schema.Message {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.users = append(r.users, userTurn{at: len(r.turns), text: text})
	return append(append([]*schema.Message(nil), r.last...), schema.UserMessage(text))
}

// callCount is the number of tool calls made so far.
func (r *recorder) callCount() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.raw)
}

// callsFrom returns the tool calls made after the first i.
func (r *recorder) callsFrom(i int) []*toolrt.Call {
	r.mu.Lock()
	defer r.mu.Unlock()
	if i > len(r.raw) {
		return nil
	}
	return append([]*toolrt.Call(nil), r.raw[i:]...)
}

// turn is one model call.
type turn struct {
	out  *schema.Message
	info classify.Turn
}

func (r *recorder) addCall(c classify.Call) {
	r.addCallVia(c, "")
}

// addCallVia records a call made with the meta-tool via: a search or
// description, or the call of a tool through call_tool.
func (r *recorder) addCallVia(c classify.Call, via string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.calls = append(r.calls, c)
	r.via = append(r.via, via)
}

func (r *recorder) addTurn(input []*schema.Message, out *schema.Message, latency time.Duration) {
	t := turn{out: out, info: classify.Turn{LatencyMS: latency.Milliseconds(), ToolCalls: len(out.ToolCalls)}}
	if u := out.ResponseMeta; u != nil && u.Usage != nil && u.Usage.PromptTokens+u.Usage.CompletionTokens > 0 {
		t.info.PromptTokens, t.info.CompletionTokens = u.Usage.PromptTokens, u.Usage.CompletionTokens
	} else {
		t.info.Estimated = true
		t.info.PromptTokens = r.toolTokens
		for _, m := range input {
			t.info.PromptTokens += messageTokens(m)
		}
		t.info.CompletionTokens = messageTokens(out)
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.turns = append(r.turns, t)
	r.last = append(append([]*schema.Message(nil), input...), out)
}

// messageTokens estimates what a message costs: its text, its tool calls
// and a few tokens of framing.
func messageTokens(m *schema.Message) int {
	n := 4 + tokens.Count(m.Content)
	for _, tc := range m.ToolCalls {
		n += 4 + tokens.Count(tc.Function.Name) + tokens.Count(tc.Function.Arguments)
	}
	return n
}

// fill writes the recorded calls, turns and conversation into trace.
func (r *recorder) fill(trace *classify.Trace, input []*schema.Message) {
	r.mu.Lock()
	defer r.mu.Unlock()
	trace.Calls = []classify.Call{}
	for i, c := range r.calls {
		if v := r.via[i]; v != "" && v != metatools.CallTool {
			trace.MetaCalls = append(trace.MetaCalls, c)
		} else {
			trace.Calls = append(trace.Calls, c)
		}
	}
	trace.Turns = []classify.Turn{}
	for _, m := range input {
		trace.Messages = append(trace.Messages, classify.Message{Role: string(m.Role), Content: m.Content})
	}
	used := make([]bool, len(r.calls))
	next := 0
	users := r.users
	for i, t := range r.turns {
		for len(users) > 0 && users[0].at <= i {
			trace.Messages = append(trace.Messages, classify.Message{Role: string(schema.User), Content: users[0].text})
			users = users[1:]
		}
		trace.Turns = append(trace.Turns, t.info)
		trace.Tokens.Prompt += t.info.PromptTokens
		trace.Tokens.Completion += t.info.CompletionTokens
		trace.Tokens.Estimated = trace.Tokens.Estimated || t.info.Estimated
		m := classify.Message{Role: string(t.out.Role), Content: t.out.Content}
		if m.Role == "" {
			m.Role = string(schema.Assistant)
		}
		for _, tc := range t.out.ToolCalls {
			m.ToolCalls = append(m.ToolCalls, classify.ToolCall{ID: tc.ID, Name: tc.Function.Name, Args: tc.Function.Arguments})
		}
		trace.Messages = append(trace.Messages, m)
		for _, tc := range t.out.ToolCalls {
			i := -1
			for j := range r.calls {
				if !used[j] && tc.ID != "" && r.calls[j].ID == tc.ID {
					i = j
					break
				}
			}
			if i < 0 {
				for next < len(r.calls) && used[next] {
					next++
				}
				if next == len(r.calls) {
					continue // the run stopped before this call ran
				}
				i = next
			}
			used[i] = true
			name := r.calls[i].Tool
			if r.via[i] != "" {
				name = r.via[i]
			}
			trace.Messages = append(trace.Messages, classify.Message{Role: string(schema.Tool), Content: r.calls[i].Text,
				ToolCallID: tc.ID, Name: name})
		}
	}
	for _, u := range users {
		trace.Messages = append(trace.Messages, classify.Message{Role: string(schema.User), Content: u.text})
	}
	trace.Tokens.Total = trace.Tokens.Prompt + trace.Tokens.Completion
}

// recordingModel passes calls to the model and records each answer.
type recordingModel struct {
	inner model.ToolCallingChatModel
	rec   *recorder
}

func (m *recordingModel) Generate(ctx context.Context, input []*schema.Message, opts ...model.Option) (*schema.Message, error) {
	start := time.Now()
	out, err := m.inner.Generate(ctx, input, opts...)
	if err != nil {
		if errors.Is(err, replay.ErrNotRecorded) {
			m.rec.mu.Lock()
			if m.rec.missed == nil {
				m.rec.missed = err
			}
			m.rec.mu.Unlock()
		}
		return nil, err
	}
	if out == nil {
		return nil, fmt.Errorf("the model returned no message")
	}
	m.rec.addTurn(input, out, time.Since(start))
	return out, nil
}

// Stream answers with the whole message as one chunk, so that every
// answer is recorded complete.
func (m *recordingModel) Stream(ctx context.Context, input []*schema.Message, opts ...model.Option) (*schema.StreamReader[*schema.Message], error) {
	out, err := m.Generate(ctx, input, opts...)
	if err != nil {
		return nil, err
	}
	return schema.StreamReaderFromArray([]*schema.Message{out}), nil
}

func (m *recordingModel) WithTools(tools []*schema.ToolInfo) (model.ToolCallingChatModel, error) {
	inner, err := m.inner.WithTools(tools)
	if err != nil {
		return nil, err
	}
	return &recordingModel{inner: inner, rec: m.rec}, nil
}

// recordingTool runs a tool and records the call.
type recordingTool struct {
	tool  *toolrt.Tool
	rec   *recorder
	shown func(*schema.ToolInfo) (*schema.ToolInfo, error)
	// returned rewrites the answer the model reads (Options.Returned).
	returned func(tool, text string) string
}

func (t *recordingTool) Info(ctx context.Context) (*schema.ToolInfo, error) {
	info, err := t.tool.Info(ctx)
	if err != nil {
		return info, err
	}
	return t.shown(info)
}

func (t *recordingTool) InvokableRun(ctx context.Context, args string, _ ...tool.Option) (string, error) {
	start := time.Now()
	call := t.tool.Run(ctx, args)
	c := classify.NewCall(call, time.Since(start))
	c.ID = compose.GetToolCallID(ctx)
	return t.rec.addRun(call, c, "", t.returned), nil
}

// addRun records a call as the runtime made it, c its record for the
// trace, made through the meta-tool via ("" for none), and returns the
// text the model reads: the tool's, rewritten by returned when set.
func (r *recorder) addRun(call *toolrt.Call, c classify.Call, via string, returned func(tool, text string) string) string {
	if returned != nil {
		c.Text = returned(call.Tool, call.Text)
	}
	r.addCallVia(c, via)
	r.mu.Lock()
	r.raw = append(r.raw, call)
	r.mu.Unlock()
	return c.Text
}
