package classify

import (
	"bytes"
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
	"github.com/agentready/agentready/gen/toolrt"
	"github.com/agentready/agentready/harness/cases"
	"github.com/agentready/agentready/metatools"
)

// Options tune the rules.
type Options struct {
	// ResultTokens is the most tokens one tool result may take in the
	// model's context; a body over it exceeds the token limit. Zero means
	// toolrt.DefaultResultTokens.
	ResultTokens int
}

// Classifier labels agent runs of one API's cases. It is safe for
// concurrent use.
type Classifier struct {
	api *ir.API
	// cat gives each tool's arguments.
	cat   *catalog.Bound
	opts  Options
	ops   map[string]*ir.Operation
	mu    sync.Mutex
	cache map[string][]promise
}

// New returns a classifier for the tools of cat (catalog.Describe of the
// API will do: it calls nothing); cat or its API may be nil, which
// leaves out the checks against output schemas.
func New(cat *catalog.Bound, opts Options) *Classifier {
	var api *ir.API
	if cat != nil {
		api = cat.API
	}
	if opts.ResultTokens <= 0 {
		opts.ResultTokens = toolrt.DefaultResultTokens
	}
	c := &Classifier{api: api, cat: cat, opts: opts, ops: map[string]*ir.Operation{}, cache: map[string][]promise{}}
	if api != nil {
		for _, op := range api.Operations {
			c.ops[op.Name] = op
		}
	}
	return c
}

// labeler collects the labels of one case, one per class.
type labeler struct {
	byClass map[Class]*Label
	count   map[Class]int
}

// maxEvidence is how many sentences a label quotes; more are counted.
const maxEvidence = 3

func (l *labeler) add(class Class, tool string, params []string, format string, args ...any) *Label {
	if l.byClass == nil {
		l.byClass, l.count = map[Class]*Label{}, map[Class]int{}
	}
	sentence := fmt.Sprintf(format, args...)
	lb := l.byClass[class]
	if lb == nil {
		lb = &Label{Class: class, Tool: tool}
		l.byClass[class] = lb
	}
	for _, p := range params {
		if p != "" && !contains(lb.Params, p) {
			lb.Params = append(lb.Params, p)
		}
	}
	l.count[class]++
	switch n := l.count[class]; {
	case n <= maxEvidence:
		if lb.Evidence != "" {
			lb.Evidence += " "
		}
		lb.Evidence += sentence
	case n == maxEvidence+1:
		lb.Evidence += " (and more)"
	}
	return lb
}

func (l *labeler) has(class Class, param string) bool {
	lb := l.byClass[class]
	return lb != nil && contains(lb.Params, param)
}

func (l *labeler) labels() []Label {
	out := make([]Label, 0, len(l.byClass))
	for _, lb := range l.byClass {
		out = append(out, *lb)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Class.order() < out[j].Class.order() })
	return out
}

// Verdict is the classification of one agent run.
type Verdict struct {
	// Labels are the classes of what went wrong; none for a pass.
	Labels []Label `json:"labels"`
	// Recovered are the mistakes of earlier calls of the tool that the
	// agent fixed after the tool's answer to them: its last call was
	// right. A verdict with Recovered and no Labels passed after recovery.
	Recovered []Label `json:"recovered,omitempty"`
	// Note says what a reader should know of a pass: the other tool the
	// agent used, whose answer held the same data.
	Note string `json:"note,omitempty"`
}

// Classify labels an agent run of tc with every class that applies,
// comparing it with the direct run (which may be nil), whose arguments
// are tc.Args. A run that failed before calling any tool (agent.Error
// set, no calls) is not labelled: the failure is the harness's or the
// model's, not the tool's.
func (c *Classifier) Classify(tc *cases.Case, direct *Call, agent *Trace) Verdict {
	if agent == nil {
		return Verdict{}
	}
	var l labeler
	target := tc.Tool
	beforeReply := c.dialogue(&l, tc, agent)
	if len(agent.Calls) == 0 {
		if agent.Error != "" {
			return Verdict{}
		}
		// A question for what the user gave is why no tool was called.
		if l.byClass[AskedForGiven] == nil {
			l.add(ToolNotIdentified, target, nil, "The agent called no tool (%s) and answered %s.",
				givenText(agent, target), quote(agent.Final, 120))
		}
		return Verdict{Labels: l.labels()}
	}
	var targets []*Call
	lastAt := -1
	for i := range agent.Calls {
		if call := &agent.Calls[i]; call.Tool == target && !call.UnknownTool {
			targets = append(targets, call)
			lastAt = i
		}
	}
	relevant := map[string]bool{target: true}
	for _, s := range tc.Steps {
		relevant[s.Tool] = true
	}
	var note string
	if len(targets) == 0 {
		if other := c.sameData(tc, direct, agent.Calls); other != nil {
			note = fmt.Sprintf("The agent called %s%s instead of %s; its answer holds the same data as the direct call's.",
				other.Tool, argsText(other), target)
			relevant[other.Tool] = true
		} else if c.stoppedShort(&l, tc, agent.Calls) {
			// Labelled: the lookups of a chain, and no further.
		} else if steps := c.firstSteps(tc, agent.Calls); steps != "" {
			l.add(ToolNotIdentified, target, nil, "The agent made the first steps of the request (%s) but never called %s.", steps, target)
		} else {
			c.wrongTool(&l, tc, direct, agent.Calls)
		}
	}
	repeated(&l, agent.Calls)
	expected := func(call *Call) bool {
		return tc.Expect != nil && call.Tool == target && call.Result.Status == tc.Expect.Status
	}
	// The last call of the tool is the agent's answer; earlier calls with
	// mistakes the tool answered are recovered from when the last is
	// right.
	var final, earlier labeler
	if n := len(targets); n > 0 {
		last := targets[n-1]
		c.argProblems(&final, last, n-1, n, tc.Args)
		c.compareArgs(&final, tc, last)
		c.sequence(&final, tc, agent.Calls, targets)
		c.unrequested(&final, tc, last)
		if !expected(last) {
			c.execution(&final, last, direct)
		}
		c.output(&final, last, direct, true)
		for i, call := range targets[:n-1] {
			c.argProblems(&earlier, call, i, n, tc.Args)
			r := call.Result
			if r.Kind == string(toolrt.ResultHTTPError) && r.Status >= 400 && r.Status < 500 && r.Status != 401 && r.Status != 403 && !expected(call) {
				earlier.add(ParameterValueMismatch, call.Tool, nil, "%s%s was refused: %s.", call.Tool, argsText(call), quote(firstLine(call.Text), 160))
			} else if !expected(call) {
				c.execution(&earlier, call, direct)
			}
		}
	}
	for i := range agent.Calls {
		call := &agent.Calls[i]
		if call.UnknownTool || call.Tool == target {
			continue
		}
		if c.Equivalent(target, call.Tool) {
			relevant[call.Tool] = true
		}
		if !relevant[call.Tool] {
			continue
		}
		// A step of the request whose arguments the tool refused: a
		// mistake, recovered from when a later call of it went through.
		if len(call.Problems) > 0 {
			fixed := false
			for j := i + 1; j < len(agent.Calls); j++ {
				fixed = fixed || agent.Calls[j].Tool == call.Tool && agent.Calls[j].Result.OK
			}
			if fixed {
				c.argProblems(&earlier, call, 0, 1, nil)
			} else {
				c.argProblems(&l, call, 0, 1, nil)
			}
		}
		c.execution(&l, call, direct)
		c.output(&l, call, direct, false)
	}
	v := Verdict{Note: note}
	if len(final.byClass) == 0 && len(earlier.byClass) > 0 {
		// The last call was right: the earlier ones are what the agent
		// recovered from.
		v.Recovered = earlier.labels()
	} else {
		l.merge(&earlier)
	}
	l.merge(&final)
	l.forgiveGuessed(lastAt >= 0 && lastAt < beforeReply)
	v.Labels = l.labels()
	return v
}

// merge adds the labels of o to l.
func (l *labeler) merge(o *labeler) {
	for _, ci := range Taxonomy {
		lb := o.byClass[ci.Class]
		if lb == nil {
			continue
		}
		if l.byClass == nil {
			l.byClass, l.count = map[Class]*Label{}, map[Class]int{}
		}
		cur := l.byClass[ci.Class]
		if cur == nil {
			cp := *lb
			cp.Params = append([]string(nil), lb.Params...)
			l.byClass[ci.Class] = &cp
			l.count[ci.Class] = o.count[ci.Class]
			continue
		}
		for _, p := range lb.Params {
			if !contains(cur.Params, p) {
				cur.Params = append(cur.Params, p)
			}
		}
		if cur.Other == "" {
			cur.Other = lb.Other
		}
		if l.count[ci.Class] < maxEvidence {
			cur.Evidence += " " + lb.Evidence
		}
		l.count[ci.Class] += o.count[ci.Class]
	}
}

// sameData returns the call of another tool, one that only reads, whose
// answer holds the same data as the direct call's (the same items, by
// their identifiers), or nil. Such a call answers the request: the two
// tools overlap.
func (c *Classifier) sameData(tc *cases.Case, direct *Call, calls []Call) *Call {
	if direct == nil || !direct.Result.OK || direct.Body == nil || len(direct.Body.Keys) == 0 {
		return nil
	}
	for i := len(calls) - 1; i >= 0; i-- {
		call := &calls[i]
		if call.UnknownTool || call.Tool == tc.Tool || !call.Result.OK || call.Body == nil || c.mutates(call.Tool) {
			continue
		}
		if call.Body.One == direct.Body.One && slices.Equal(call.Body.Keys, direct.Body.Keys) {
			return call
		}
	}
	return nil
}

// mutates reports whether a tool changes state.
func (c *Classifier) mutates(tool string) bool {
	op := c.ops[tool]
	return op != nil && op.Mutating()
}

// firstSteps returns, for a multi-step case, the agent's calls of the
// case's earlier steps when those are all it made ("listUsers(...)"), or
// "".
func (c *Classifier) firstSteps(tc *cases.Case, calls []Call) string {
	if len(tc.Steps) < 2 {
		return ""
	}
	steps := map[string]bool{}
	for _, s := range tc.Steps[:len(tc.Steps)-1] {
		steps[s.Tool] = true
	}
	var parts []string
	for i := range calls {
		if calls[i].UnknownTool || !steps[calls[i].Tool] {
			return ""
		}
		parts = append(parts, calls[i].Tool+argsText(&calls[i]))
	}
	return joinWords(parts, 3)
}

// Equivalent reports whether the spec says two tools give the same
// thing: the description of one names the other and says "same".
func (c *Classifier) Equivalent(a, b string) bool {
	says := func(x, y string) bool {
		op := c.ops[x]
		if op == nil {
			return false
		}
		d := op.Summary + " " + op.Description
		return mentionsWord(d, y) && strings.Contains(strings.ToLower(d), "same")
	}
	return a != b && (says(a, b) || says(b, a))
}

// mentionsWord reports whether text holds word as a word of its own.
func mentionsWord(text, word string) bool {
	for i := 0; word != ""; {
		j := strings.Index(text[i:], word)
		if j < 0 {
			return false
		}
		j += i
		before := j == 0 || !isWordByte(text[j-1])
		after := j+len(word) == len(text) || !isWordByte(text[j+len(word)])
		if before && after {
			return true
		}
		i = j + 1
	}
	return false
}

func isWordByte(b byte) bool {
	return b == '_' || b >= '0' && b <= '9' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z'
}

// wrongTool labels a run that never called the target. A call of a tool
// the spec says gives the same thing is not the wrong tool: when its
// answer differs from the direct call's, the values it was given are
// what is wrong.
func (c *Classifier) wrongTool(l *labeler, tc *cases.Case, direct *Call, calls []Call) {
	target := tc.Tool
	for i := range calls {
		call := &calls[i]
		if call.UnknownTool || !c.Equivalent(target, call.Tool) {
			continue
		}
		what := "a different answer"
		if call.Body != nil && direct != nil && direct.Body != nil {
			what = fmt.Sprintf("%d items where the direct call got %d", call.Body.Items, direct.Body.Items)
		} else if !call.Result.OK {
			what = quote(firstLine(call.Text), 120)
		}
		// The tools overlap; what differs is which of the request's values
		// the call was given.
		var missing []string
		sent := map[string]bool{}
		for _, v := range call.ArgsOrRaw() {
			sent[canonValue(v)] = true
		}
		for _, k := range slices.Sorted(maps.Keys(tc.Args)) {
			if scalarValue(tc.Args[k]) && !sent[canonValue(tc.Args[k])] {
				missing = append(missing, k)
			}
		}
		if len(missing) > 0 {
			var said []string
			for _, k := range missing {
				said = append(said, fmt.Sprintf("`%s` = %s", k, valueText(tc.Args[k])))
			}
			l.add(MissingParameter, target, missing, "The agent called %s%s, which the spec says gives what %s gives, without %s, and got %s.",
				call.Tool, argsText(call), target, joinWords(said, 3), what)
			if givers := stepsGiving(tc, missing); len(givers) > 0 {
				// A chain's value it never looked up: the steps that give
				// it are what the agent left out.
				l.add(MissingStep, target, missing, "It made none of the steps that give %s (%s) and answered with %s instead.",
					joinWords(said, 3), joinWords(givers, 3), call.Tool)
			}
			return
		}
		l.add(ParameterValueMismatch, target, nil, "The agent called %s%s, which the spec says gives what %s gives, with the request's values, and got %s.",
			call.Tool, argsText(call), target, what)
		return
	}
	var parts []string
	seen := map[string]bool{}
	other := ""
	for i := range calls {
		call := &calls[i]
		if seen[call.Tool] {
			continue
		}
		seen[call.Tool] = true
		if other == "" && !call.UnknownTool {
			other = call.Tool
		}
		s := call.Tool + argsText(call)
		if call.UnknownTool {
			s += " (a tool it was not given)"
		}
		parts = append(parts, s)
	}
	if other == "" {
		other = calls[0].Tool
	}
	lb := l.add(IncorrectToolSelection, target, nil, "The agent called %s instead of %s, which it never called.",
		joinWords(parts, 3), target)
	lb.Other = other
}

// stepsGiving returns the tools of tc's steps that give the target any
// of args, in the steps' order, when every one of args is given by a
// step; nil otherwise.
func stepsGiving(tc *cases.Case, args []string) []string {
	givers := stepGivers(tc)
	for _, k := range args {
		if len(givers[k]) == 0 {
			return nil
		}
	}
	var tools []string
	for _, s := range tc.Steps {
		if !slices.Contains(tools, s.Tool) && slices.ContainsFunc(args, func(k string) bool { return givers[k][s.Tool] }) {
			tools = append(tools, s.Tool)
		}
	}
	return tools
}

// stepGivers maps each input of a multi-step case's target that its
// earlier steps give to the tools of those steps; empty for a case of
// one step.
func stepGivers(tc *cases.Case) map[string]map[string]bool {
	givers := map[string]map[string]bool{}
	if len(tc.Steps) < 2 {
		return givers
	}
	for _, s := range tc.Steps[:len(tc.Steps)-1] {
		for _, f := range s.Feeds {
			if f.To == tc.Tool {
				if givers[f.Input] == nil {
					givers[f.Input] = map[string]bool{}
				}
				givers[f.Input][s.Tool] = true
			}
		}
	}
	return givers
}

// unrequested labels the arguments of the agent's final call that the
// case does not give, unless they hold the schema's default (leaving
// them out asks for the same) or, on a tool that only reads, nothing.
func (c *Classifier) unrequested(l *labeler, tc *cases.Case, final *Call) {
	got := final.ArgsOrRaw()
	if got == nil {
		return
	}
	flagged := flaggedArgs(final)
	schemas := c.argSchemas(final.Tool)
	cm := comparer{api: c.api}
	mutating := c.mutates(final.Tool)
	where := "the agent's final call " + final.Tool + argsText(final)
	for _, k := range slices.Sorted(maps.Keys(got)) {
		if _, asked := tc.Args[k]; asked || flagged[k] {
			continue
		}
		s, known := schemas[k]
		if !known && schemas != nil {
			continue // an unknown name: an invented parameter, labelled as such
		}
		v := got[k]
		if cm.isDefault(s, v) || !mutating && empty(v) {
			continue
		}
		effect := "it narrows or reshapes the answer"
		if mutating {
			effect = fmt.Sprintf("%s changes data, and this changes what nobody asked to change", final.Tool)
		}
		l.add(RedundantParameter, final.Tool, []string{k}, "`%s` = %s in %s was not asked for; %s.", k, valueText(v), where, effect)
	}
}

// canonValue is a scalar's text for comparing values across tools: "5"
// and 5 alike.
func canonValue(v any) string {
	if s, ok := v.(string); ok {
		return strings.TrimSpace(s)
	}
	b, _ := marshal(v)
	return string(b)
}

// scalarValue reports whether v is neither an object nor a list.
func scalarValue(v any) bool {
	switch v.(type) {
	case map[string]any, []any:
		return false
	}
	return true
}

// flaggedArgs returns the top-level arguments of a call that the tool
// found a problem with: their values are labelled by the problem.
func flaggedArgs(call *Call) map[string]bool {
	out := map[string]bool{}
	for _, p := range call.Problems {
		out[topName(p.Path)] = true
	}
	return out
}

// empty reports whether v is null, "" or an empty list or object.
func empty(v any) bool {
	switch x := v.(type) {
	case nil:
		return true
	case string:
		return x == ""
	case []any:
		return len(x) == 0
	case map[string]any:
		return len(x) == 0
	}
	return false
}

// repeated labels a tool called three times or more, or twice with the
// same arguments (unless the first call failed for a reason worth one
// retry: a 5xx, 429, timeout or refused connection).
func repeated(l *labeler, calls []Call) {
	byTool := map[string][]*Call{}
	var order []string
	for i := range calls {
		call := &calls[i]
		if byTool[call.Tool] == nil {
			order = append(order, call.Tool)
		}
		byTool[call.Tool] = append(byTool[call.Tool], call)
	}
	for _, tool := range order {
		cs := byTool[tool]
		if len(cs) >= 3 {
			var args []string
			for _, call := range cs {
				args = append(args, canonArgs(call.RawArgs))
			}
			l.add(RepeatedToolInvocation, tool, nil, "%s was called %d times: %s.", tool, len(cs), joinWords(args, 4))
			continue
		}
		if len(cs) == 2 && canonArgs(cs[0].RawArgs) == canonArgs(cs[1].RawArgs) && !transient(cs[0]) {
			l.add(RepeatedToolInvocation, tool, nil, "%s was called twice with the same arguments %s; the first call got %s.",
				tool, clip(canonArgs(cs[0].RawArgs), 160), resultWords(cs[0]))
		}
	}
}

// argProblems labels what the tool found wrong with one call's arguments
// and the coercions it applied. call is the i-th of n calls to the target.
func (c *Classifier) argProblems(l *labeler, call *Call, i, n int, asked map[string]any) {
	where := "the agent's call " + call.Tool + argsText(call)
	if n > 1 {
		where = fmt.Sprintf("the agent's call %d of %d, %s%s", i+1, n, call.Tool, argsText(call))
	}
	for _, p := range call.Problems {
		param := p.Path
		if _, ok := asked[topName(param)]; asked != nil && !ok && p.Kind != "missing" && p.Kind != "unknown" && p.Kind != "malformed" {
			// A value nobody asked for: that it was sent is the mistake,
			// whatever was wrong with it.
			l.add(RedundantParameter, call.Tool, []string{topName(param)}, "`%s` = %s in %s was not asked for (and the tool refused it: %s).",
				param, valueText(p.Given), where, p.Reason)
			continue
		}
		switch p.Kind {
		case "missing":
			l.add(MissingParameter, call.Tool, []string{param}, "`%s` is required but %s left it out.", param, where)
		case "unknown":
			hint := ""
			if p.Hint != "" {
				hint = " (" + p.Hint + ")"
			}
			l.add(IncorrectParameter, call.Tool, []string{param}, "%s has no parameter `%s`, which %s sent%s.",
				call.Tool, param, where, hint)
		case "type":
			l.add(ParameterTypeMismatch, call.Tool, []string{param}, "`%s` = %s %s in %s.", param, valueText(p.Given), p.Reason, where)
		case "malformed":
			l.add(ParameterTypeMismatch, call.Tool, []string{param}, "The arguments of %s are not a JSON object (%s).", where, p.Reason)
		default: // value, range, length, pattern, format, items
			l.add(ParameterValueMismatch, call.Tool, []string{param}, "`%s` = %s %s in %s.", param, valueText(p.Given), p.Reason, where)
		}
	}
	for _, co := range call.Coercions {
		param := co.Path
		switch {
		case co.Dropped:
			l.add(ParameterTypeMismatch, call.Tool, []string{param}, "`%s` = %s in %s was left out (%s).", param, valueText(co.From), where, co.Why)
		case co.Why == "accepted value":
			l.add(ParameterValueMismatch, call.Tool, []string{param}, "`%s` = %s in %s is not an accepted value; the tool took it as %s.",
				param, valueText(co.From), where, valueText(co.To))
		default:
			l.add(ParameterTypeMismatch, call.Tool, []string{param}, "`%s` = %s in %s has the wrong type; the tool converted it to %s (%s).",
				param, valueText(co.From), where, valueText(co.To), co.Why)
		}
	}
}

// compareArgs compares the agent's final call to the target with the
// case's arguments, the ground truth.
func (c *Classifier) compareArgs(l *labeler, tc *cases.Case, final *Call) {
	got := final.ArgsOrRaw()
	if got == nil {
		return
	}
	flagged := flaggedArgs(final)
	keys := make([]string, 0, len(tc.Args))
	for k := range tc.Args {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	where := "the agent's final call " + final.Tool + argsText(final)
	schemas := c.argSchemas(final.Tool)
	cm := comparer{api: c.api}
	for _, k := range keys {
		if flagged[k] {
			continue
		}
		var diffs []valueDiff
		cm.diff(k, schemas[k], tc.Args[k], got[k], hasKey(got, k), &diffs)
		for _, d := range diffs {
			if d.missing {
				if !l.has(MissingParameter, d.path) {
					l.add(MissingParameter, final.Tool, []string{d.path}, "The case gives `%s` = %s but %s left it out.",
						d.path, valueText(d.want), where)
				}
				continue
			}
			l.add(ParameterValueMismatch, final.Tool, []string{d.path}, "`%s` is %s in %s where the case has %s.",
				d.path, valueText(d.got), where, valueText(d.want))
		}
	}
}

// execution labels a failed call: access (401, 403, 407) or server (5xx,
// 429, timeout, unreachable).
func (c *Classifier) execution(l *labeler, call *Call, direct *Call) {
	r := call.Result
	same := ""
	if direct != nil && direct.Tool == call.Tool && direct.Result.Kind == r.Kind && direct.Result.Status == r.Status {
		same = "; the direct call got the same"
	}
	switch {
	case r.Kind == string(toolrt.ResultHTTPError) && (r.Status == 401 || r.Status == 403 || r.Status == 407):
		l.add(ToolAccessError, call.Tool, nil, "%s%s answered %s%s.", call.Tool, argsText(call), quote(firstLine(call.Text), 160), same)
	case transient(call):
		l.add(ToolServerError, call.Tool, nil, "%s%s answered %s%s.", call.Tool, argsText(call), quote(firstLine(call.Text), 160), same)
	}
}

// output labels what is wrong with a call's result: malformed, too large,
// empty, or not the promised shape. isTarget says the call is to the
// case's tool, whose shape the direct run shows.
func (c *Classifier) output(l *labeler, call *Call, direct *Call, isTarget bool) {
	r := call.Result
	if r.Kind == string(toolrt.ResultMalformed) {
		l.add(MalformedOutput, call.Tool, nil, "%s%s answered %d with a body the agent cannot parse: %s.",
			call.Tool, argsText(call), r.Status, quote(firstLine(call.Text), 160))
	}
	if r.Kind == string(toolrt.ResultTooLarge) {
		l.add(ExceedingTokenLimit, call.Tool, nil, "%s%s answered with a body larger than the client reads: %s.",
			call.Tool, argsText(call), quote(firstLine(call.Text), 160))
	} else if r.OK && (r.Truncated || r.BodyTokens > c.opts.ResultTokens) {
		s := fmt.Sprintf("%s%s answered %d tokens", call.Tool, argsText(call), r.BodyTokens)
		if r.Truncated {
			s += ", trimmed to fit the result budget"
			if r.Omitted != "" {
				s += " (left out " + r.Omitted + ")"
			}
		}
		if r.BodyTokens > c.opts.ResultTokens {
			s += fmt.Sprintf("; the budget of one result is %d tokens", c.opts.ResultTokens)
		}
		l.add(ExceedingTokenLimit, call.Tool, nil, "%s.", s)
	}
	if !r.OK {
		return
	}
	b := call.Body
	switch {
	case r.Kind == string(toolrt.ResultOKEmpty) && c.expectsBody(call.Tool):
		l.add(EmptyOutput, call.Tool, nil, "%s%s answered %d with no body, where it documents one.", call.Tool, argsText(call), r.Status)
	case b != nil && b.Empty:
		l.add(EmptyOutput, call.Tool, nil, "%s%s answered %d with %s.", call.Tool, argsText(call), r.Status, emptyWords(b))
	}
	if b == nil {
		return
	}
	idx := shapeIndex(b)
	var missing, wrong []string
	for _, p := range c.promises(call.Tool) {
		// A value is checked only where the object that should hold it is
		// there (a list's items exist, a nullable object is not null).
		if parent := parentOf(p.path); parent == "" && b.Type != "object" || parent != "" && !idx[parent]["object"] {
			continue
		}
		ts, ok := idx[p.path]
		if !ok {
			missing = append(missing, "`"+p.path+"`")
			continue
		}
		for t := range ts {
			if !kindFits(p.kind, p.nullable, t) {
				wrong = append(wrong, fmt.Sprintf("`%s` as %s, where the schema promises %s", p.path, t, p.kind))
				break
			}
		}
	}
	if len(missing) > 0 {
		l.add(OutputMismatch, call.Tool, nil, "%s%s answered %d without %s, which its output schema promises.",
			call.Tool, argsText(call), r.Status, joinWords(missing, 4))
	}
	if len(wrong) > 0 {
		l.add(OutputMismatch, call.Tool, nil, "%s%s answered %d with %s.", call.Tool, argsText(call), r.Status, joinWords(wrong, 3))
	}
	if isTarget && direct != nil && direct.Tool == call.Tool && direct.Result.OK && direct.Body != nil {
		db := direct.Body
		if db.Type != b.Type {
			l.add(OutputMismatch, call.Tool, nil, "%s%s answered a JSON %s where the direct call got a JSON %s.",
				call.Tool, argsText(call), b.Type, db.Type)
		} else if db.Type == "object" {
			have := map[string]bool{}
			for _, k := range topKeys(b) {
				have[k] = true
			}
			var lack []string
			for _, k := range topKeys(db) {
				if !have[k] {
					lack = append(lack, "`"+k+"`")
				}
			}
			if len(lack) > 0 {
				l.add(OutputMismatch, call.Tool, nil, "%s%s answered without %s, which the direct call's response has.",
					call.Tool, argsText(call), joinWords(lack, 4))
			}
		}
	}
}

// promises returns, once per tool, the values its success response
// promises.
func (c *Classifier) promises(tool string) []promise {
	c.mu.Lock()
	defer c.mu.Unlock()
	if p, ok := c.cache[tool]; ok {
		return p
	}
	var p []promise
	if op := c.ops[tool]; op != nil {
		if sr := op.SuccessResponse(); sr != nil && sr.Schema != nil {
			p = promises(c.api, sr.Schema)
		}
	}
	c.cache[tool] = p
	return p
}

// expectsBody reports whether tool documents a body for its success.
func (c *Classifier) expectsBody(tool string) bool {
	op := c.ops[tool]
	if op == nil {
		return c.api == nil
	}
	sr := op.SuccessResponse()
	return sr != nil && (sr.Schema != nil || sr.ContentType != "")
}

// transient reports whether a call failed for a reason that may pass:
// 5xx, 429, timeout, refused connection.
func transient(call *Call) bool {
	r := call.Result
	switch r.Kind {
	case string(toolrt.ResultTimeout), string(toolrt.ResultUnreachable):
		return true
	case string(toolrt.ResultHTTPError):
		return r.Status >= 500 || r.Status == 429
	}
	return false
}

// resultWords says briefly what a call got.
func resultWords(call *Call) string {
	if call.UnknownTool {
		return "no such tool"
	}
	if call.Result.Status != 0 {
		return quote(firstLine(call.Text), 80)
	}
	return strings.ReplaceAll(call.Result.Kind, "_", " ")
}

// emptyWords describes an empty body.
func emptyWords(b *Body) string {
	switch b.Type {
	case "array":
		return "an empty list"
	case "null":
		return "null"
	case "object":
		var lists []string
		for _, p := range b.Paths {
			if strings.HasSuffix(p, ":array") && !strings.ContainsAny(p[:len(p)-6], ".[") {
				lists = append(lists, "`"+p[:len(p)-6]+"`")
			}
		}
		if len(lists) > 0 {
			return "only empty lists (" + joinWords(lists, 3) + ")"
		}
		return "an empty object"
	}
	return "an empty " + b.Type
}

// canonArgs writes arguments compactly with sorted keys, so equal
// arguments compare equal; text that is not JSON is kept, trimmed.
func canonArgs(raw string) string {
	s := strings.TrimSpace(raw)
	if s == "" {
		return "{}"
	}
	var v any
	dec := json.NewDecoder(strings.NewReader(s))
	dec.UseNumber()
	if dec.Decode(&v) != nil {
		return s
	}
	b, err := marshal(v)
	if err != nil {
		return s
	}
	return string(b)
}

// argsText is a call's arguments in parentheses, as they were written.
func argsText(call *Call) string {
	return "(" + clip(canonArgs(call.RawArgs), 160) + ")"
}

// valueText writes a value as JSON, shortened.
func valueText(v any) string {
	if v == nil {
		return "null"
	}
	b, err := marshal(v)
	if err != nil {
		return clip(fmt.Sprint(v), 80)
	}
	return clip(string(b), 80)
}

func marshal(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimRight(buf.Bytes(), "\n"), nil
}

func quote(s string, n int) string {
	b, _ := marshal(clip(s, n))
	return string(b)
}

func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := n
	for cut > 0 && (s[cut]&0xC0) == 0x80 {
		cut--
	}
	return s[:cut] + "..."
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

// joinWords joins at most n items with commas and "and", saying how many
// more there are.
func joinWords(items []string, n int) string {
	more := 0
	if len(items) > n {
		more = len(items) - n
		items = items[:n]
	}
	var s string
	switch len(items) {
	case 0:
	case 1:
		s = items[0]
	default:
		s = strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
	}
	if more > 0 {
		s += fmt.Sprintf(" (and %d more)", more)
	}
	return s
}

func topName(path string) string {
	if i := strings.IndexAny(path, ".["); i >= 0 {
		return path[:i]
	}
	return path
}

func hasKey(m map[string]any, k string) bool {
	_, ok := m[k]
	return ok
}

func contains(list []string, s string) bool {
	for _, e := range list {
		if e == s {
			return true
		}
	}
	return false
}

// sequence labels why an input a multi-step case's steps give is wrong
// in the agent's last call of the target: the value was in an answer the
// agent read (not carried over), a tool that gives it was called only
// after the target (wrong order), or none was called (missing step).
func (c *Classifier) sequence(l *labeler, tc *cases.Case, calls []Call, targets []*Call) {
	if len(tc.Steps) < 2 {
		return
	}
	givers := stepGivers(tc) // input -> tools that give it
	last := targets[len(targets)-1]
	got := last.ArgsOrRaw()
	schemas := c.argSchemas(tc.Tool)
	cm := comparer{api: c.api}
	firstTarget, lastTarget := -1, -1
	for i := range calls {
		if &calls[i] == targets[0] {
			firstTarget = i
		}
		if &calls[i] == last {
			lastTarget = i
		}
	}
	for _, input := range slices.Sorted(maps.Keys(givers)) {
		want, ok := tc.Args[input]
		if !ok {
			continue
		}
		var diffs []valueDiff
		cm.diff(input, schemas[input], want, got[input], hasKey(got, input), &diffs)
		if len(diffs) == 0 {
			continue
		}
		sent := "left it out"
		if hasKey(got, input) {
			sent = "sent " + valueText(got[input])
		}
		heldBy, before, after := "", false, false
		for i := range calls {
			call := &calls[i]
			if call.Tool == tc.Tool || call.UnknownTool {
				continue
			}
			if i < lastTarget && heldBy == "" && answerHolds(call.Text, want) {
				heldBy = call.Tool + argsText(call)
			}
			if givers[input][call.Tool] || c.givesSame(givers[input], call.Tool) {
				before = before || i < firstTarget
				after = after || i > firstTarget
			}
		}
		switch {
		case heldBy != "":
			l.add(ValueNotCarried, tc.Tool, []string{input}, "The answer of %s held `%s` = %s, but the agent's call %s%s %s.",
				heldBy, input, valueText(want), last.Tool, argsText(last), sent)
		case after && !before:
			l.add(WrongOrder, tc.Tool, []string{input}, "The agent called %s%s before the tool that gives `%s` (%s), and %s.",
				targets[0].Tool, argsText(targets[0]), input, joinWords(slices.Sorted(maps.Keys(givers[input])), 3), sent)
		case !before:
			l.add(MissingStep, tc.Tool, []string{input}, "The agent called %s%s without first calling a tool that gives `%s` (%s), and %s.",
				last.Tool, argsText(last), input, joinWords(slices.Sorted(maps.Keys(givers[input])), 3), sent)
		}
	}
}

// givesSame says whether a tool is one the spec calls equivalent to one
// of the givers.
func (c *Classifier) givesSame(givers map[string]bool, tool string) bool {
	for g := range givers {
		if c.Equivalent(g, tool) {
			return true
		}
	}
	return false
}

// stoppedShort labels a multi-step case whose target the agent never
// called, after successful reads only, each a step of the case or a
// list of things known by the field the request named the item by (a
// title, a name, an email): the lookups such a request needs, and no
// further. It takes the first value the case's steps carry that no call
// of the agent sent: when an answer the agent read held it, the value
// was not carried over (ValueNotCarried: "listUsers' answer held the
// user's id, and the agent stopped there"); when none did, the step that
// finds it is missing (MissingStep: "listTickets({}) did not hold the
// ticket titled “X”: the list has no filter by title"). Both are labelled
// on the tool the value was for. It returns false, labelling nothing,
// for any other run.
func (c *Classifier) stoppedShort(l *labeler, tc *cases.Case, calls []Call) bool {
	if len(tc.Steps) < 2 {
		return false
	}
	steps := map[string]bool{}
	var feeds []cases.Feed
	from := map[int]string{} // feed -> the step tool that gives it
	for _, s := range tc.Steps[:len(tc.Steps)-1] {
		steps[s.Tool] = true
		for _, f := range s.Feeds {
			from[len(feeds)] = s.Tool
			feeds = append(feeds, f)
		}
	}
	fields := map[string]bool{}
	for _, f := range feeds {
		if f.Label != nil {
			fields[f.Label.Field] = true
		}
	}
	sent := map[string]bool{}
	for i := range calls {
		call := &calls[i]
		op := c.ops[call.Tool]
		if call.UnknownTool || op == nil || op.Method != "GET" && op.Method != "HEAD" || !call.Result.OK {
			return false
		}
		if !steps[call.Tool] && !answerHasField(call.Text, fields) {
			return false
		}
		for _, v := range call.ArgsOrRaw() {
			sent[canonValue(v)] = true
		}
	}
	for fi, f := range feeds {
		if !scalarValue(f.Value) || sent[canonValue(f.Value)] {
			continue
		}
		item := feedItem(f)
		if item != "" {
			item = " (" + item + ")"
		}
		// The answer of the step that gives the value first: another
		// may hold it elsewhere (a team's lead among the teams).
		order := make([]int, 0, len(calls))
		for _, giver := range []bool{true, false} {
			for i := range calls {
				if (calls[i].Tool == from[fi]) == giver {
					order = append(order, i)
				}
			}
		}
		for _, i := range order {
			if answerHolds(calls[i].Text, f.Value) {
				l.add(ValueNotCarried, f.To, []string{f.Input}, "The answer of %s%s held `%s` = %s%s, but the agent stopped there and never called %s with it.",
					calls[i].Tool, argsText(&calls[i]), f.Input, valueText(f.Value), item, f.To)
				return true
			}
		}
		var made []string
		for i := range calls {
			made = append(made, calls[i].Tool+argsText(&calls[i]))
		}
		l.add(MissingStep, f.To, []string{f.Input}, "The agent called %s, and no answer held `%s` = %s%s: it found no tool that looks the item up by what the request named it, and never called %s.",
			joinWords(made, 3), f.Input, valueText(f.Value), item, f.To)
		return true
	}
	return false
}

// answerHasField says whether the JSON in a tool's answer has an object
// with one of the keys.
func answerHasField(text string, keys map[string]bool) bool {
	doc, ok := answerDoc(text)
	if !ok || len(keys) == 0 {
		return false
	}
	var walk func(v any) bool
	walk = func(v any) bool {
		switch x := v.(type) {
		case map[string]any:
			for k, y := range x {
				if keys[k] || walk(y) {
					return true
				}
			}
		case []any:
			for _, y := range x {
				if walk(y) {
					return true
				}
			}
		}
		return false
	}
	return walk(doc)
}

// answerDoc is the JSON in a tool's answer ("200 OK\n{...}").
func answerDoc(text string) (any, bool) {
	i := strings.IndexAny(text, "{[")
	if i < 0 {
		return nil, false
	}
	dec := json.NewDecoder(strings.NewReader(text[i:]))
	dec.UseNumber()
	var doc any
	if dec.Decode(&doc) != nil {
		return nil, false
	}
	return doc, true
}

// answerHolds says whether the JSON in a tool's answer ("200 OK\n{...}")
// holds the value somewhere, as a string or a number equal to it.
func answerHolds(text string, want any) bool {
	doc, ok := answerDoc(text)
	if !ok {
		return false
	}
	wantText := fmt.Sprint(want)
	var walk func(v any) bool
	walk = func(v any) bool {
		switch x := v.(type) {
		case map[string]any:
			for _, y := range x {
				if walk(y) {
					return true
				}
			}
		case []any:
			for _, y := range x {
				if walk(y) {
					return true
				}
			}
		case string:
			_, isString := want.(string)
			return isString && x == wantText
		case json.Number:
			w, err1 := strconv.ParseFloat(wantText, 64)
			g, err2 := x.Float64()
			_, isString := want.(string)
			return !isString && err1 == nil && err2 == nil && w == g
		}
		return false
	}
	return walk(doc)
}

// givenText says what the agent had to find the target with: the tools
// it was given, or, given the meta-tools (a dynamic toolset), the tools
// it described.
func givenText(agent *Trace, target string) string {
	if !slices.ContainsFunc(agent.Tools, metatools.IsMeta) {
		return fmt.Sprintf("it was given %d, %s among them", len(agent.Tools), target)
	}
	var described []string
	for _, c := range agent.MetaCalls {
		var in metatools.DescribeArgs
		if c.Tool == metatools.DescribeTool && json.Unmarshal([]byte(c.RawArgs), &in) == nil && in.Name != "" {
			described = append(described, in.Name)
		}
	}
	if len(described) == 0 {
		return fmt.Sprintf("it was given %s, %s and %s over the whole API, and described no tool", metatools.SearchTools, metatools.DescribeTool, metatools.CallTool)
	}
	return fmt.Sprintf("it was given %s, %s and %s over the whole API, and described %s", metatools.SearchTools, metatools.DescribeTool, metatools.CallTool, strings.Join(described, ", "))
}
