package eval

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/cloudwego/eino/components/model"
	"github.com/cloudwego/eino/schema"

	"github.com/agentready/agentready/gen/catalog"
	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/harness/baseline"
	"github.com/agentready/agentready/harness/replay"
	"github.com/agentready/agentready/harness/retrieve"
)

// Options configure Run.
type Options struct {
	// Catalog holds the API's tools and their IR (catalog.Bind).
	Catalog *catalog.Bound
	Model   model.ToolCallingChatModel
	// K is how many tools most like the target the model gets beside it
	// (DefaultK when 0). Retrieve, when above 0, gives instead the
	// Retrieve tools retrieval finds for the request in the whole API,
	// the target among them or not.
	K, Retrieve int
	// System is the system prompt.
	System string
	// Shown rewrites what the model is shown of each tool, as in a test
	// run (run.Shown: the dependency graph's producer hints); nil shows
	// the tools as they are.
	Shown func(*schema.ToolInfo) (*schema.ToolInfo, error)
	// Progress, when set, is called after each case (from one
	// goroutine at a time).
	Progress func(done, total int)
	// Parallel is how many cases run at once (1 when 0): a model behind
	// an API answers several requests at a time.
	Parallel int
}

// DefaultK is how many similar tools the model gets beside the target,
// as in a test run.
const DefaultK = 10

// Error is one thing wrong with a call.
type Error struct {
	// Kind is "no_call", "tool", "missing", "invented", "unrequested" or
	// "value".
	Kind string `json:"kind"`
	// Arg is the input concerned, in the spec's naming.
	Arg  string `json:"arg,omitempty"`
	Want any    `json:"want,omitempty"`
	Got  any    `json:"got,omitempty"`
}

func (e Error) String() string {
	switch e.Kind {
	case "no_call":
		return "no tool call"
	case "tool":
		return fmt.Sprintf("called %v instead of %v", e.Got, e.Want)
	case "missing":
		return fmt.Sprintf("%s missing (want %s)", e.Arg, text(e.Want))
	case "invented":
		return fmt.Sprintf("%s is not an input of the tool (sent %s)", e.Arg, text(e.Got))
	case "unrequested":
		return fmt.Sprintf("%s not asked for (sent %s)", e.Arg, text(e.Got))
	}
	return fmt.Sprintf("%s = %s, want %s", e.Arg, text(e.Got), text(e.Want))
}

func text(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}

// Call is the call a model made, in the spec's naming.
type Call struct {
	// Tool is the operationId (the tool name when the spec has none).
	Tool string         `json:"tool"`
	Args map[string]any `json:"args"`
}

// Result is one case's score.
type Result struct {
	ID   string `json:"id"`
	Kind string `json:"kind,omitempty"`
	Pass bool   `json:"pass"`
	// ToolRight is set when the first call was of the expected tool.
	ToolRight bool    `json:"tool_right"`
	Errors    []Error `json:"errors,omitempty"`
	Call      *Call   `json:"call,omitempty"`
	// Offered are the tools the model was given; Found says whether the
	// target was among them.
	Offered []string `json:"offered,omitempty"`
	Found   bool     `json:"found"`
	// Why is the model's own account of its reply, when it gives one
	// (the baseline does, under baseline.ExtraReason).
	Why string `json:"why,omitempty"`
}

// Run gives each case to the model and scores its first call.
func Run(ctx context.Context, cs []Case, opts Options) ([]Result, error) {
	if opts.Catalog == nil || opts.Catalog.API == nil || opts.Model == nil {
		return nil, fmt.Errorf("eval: the API's tools with their IR (Options.Catalog, from catalog.Bind) and a model are needed")
	}
	api := opts.Catalog.API
	if opts.K == 0 {
		opts.K = DefaultK
	}
	if opts.K < 0 {
		opts.K = 0
	}
	if opts.System == "" {
		opts.System = "You help the user by calling the tools you are given. Call a tool when the request needs data or an action the tools provide, with arguments taken from the request."
	}
	if ps := Check(opts.Catalog, cs); len(ps) > 0 {
		var lines []string
		for _, p := range ps[:min(len(ps), 10)] {
			lines = append(lines, p.Case+": "+p.Text)
		}
		return nil, fmt.Errorf("eval: %d cases do not fit the spec:\n  %s", len(ps), strings.Join(lines, "\n  "))
	}
	byID := operationsByID(api)
	idOf := map[string]string{}
	infos := map[string]*schema.ToolInfo{}
	// Retrieval finds tools for the request; otherwise the index gives
	// the tools most like the target.
	docOf := retrieve.DocOfOperation
	if opts.Retrieve > 0 {
		docOf = retrieve.SearchDocOfOperation
	}
	docs := make([]retrieve.Doc, len(opts.Catalog.Tools))
	for i, t := range opts.Catalog.Tools {
		op := t.Operation()
		docs[i] = docOf(op)
		info, err := t.Info(ctx)
		if err == nil && opts.Shown != nil {
			info, err = opts.Shown(info)
		}
		if err != nil {
			return nil, err
		}
		infos[op.Name] = info
		idOf[op.Name] = op.Name
		if o := byID[op.Name]; o != nil && o.ID != "" {
			idOf[op.Name] = o.ID
		}
	}
	ix := retrieve.New(docs)
	// Binding tools is one at a time: a provider's binding may sort a
	// tool's required list in place (eino-ext's OpenAI client does), and
	// cases share the tools' definitions.
	var binding sync.Mutex
	one := func(ctx context.Context, c *Case) (Result, error) {
		op := byID[c.Tool]
		offered := offer(ix, op.Name, c.Utterance, opts)
		tools := make([]*schema.ToolInfo, 0, len(offered))
		for _, n := range offered {
			tools = append(tools, infos[n])
		}
		binding.Lock()
		m, err := opts.Model.WithTools(tools)
		binding.Unlock()
		if err != nil {
			return Result{}, err
		}
		// The case's ID scopes its model call, so that a recording
		// (harness/replay) replays a suite whose cases moved or ran in
		// another order.
		msg, err := m.Generate(replay.WithScope(ctx, c.ID), []*schema.Message{schema.SystemMessage(opts.System), schema.UserMessage(c.Utterance)})
		if err != nil {
			return Result{}, fmt.Errorf("eval: case %s: the model: %w", c.ID, err)
		}
		r := score(opts.Catalog, byID, idOf, c, msg)
		r.Offered = offered
		if why, ok := msg.Extra[baseline.ExtraReason].(string); ok {
			r.Why = why
		}
		r.Found = slices.Contains(offered, op.Name)
		return r, nil
	}
	return runCases(ctx, cs, max(opts.Parallel, 1), one, opts.Progress)
}

// runCases runs one on each case, parallel at once, and returns the
// results in the cases' order. On the first error (or when ctx ends) it
// starts no more cases and returns the results of the cases before the
// first one not done, with the error.
func runCases(ctx context.Context, cs []Case, parallel int, one func(context.Context, *Case) (Result, error), progress func(done, total int)) ([]Result, error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	results := make([]Result, len(cs))
	done := make([]bool, len(cs))
	var (
		mu       sync.Mutex
		firstErr error
		finished int
		wg       sync.WaitGroup
	)
	next := make(chan int)
	for range min(parallel, len(cs)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				r, err := one(ctx, &cs[i])
				mu.Lock()
				if err != nil {
					if firstErr == nil {
						firstErr = err
						cancel()
					}
				} else {
					results[i], done[i] = r, true
					finished++
					if progress != nil {
						progress(finished, len(cs))
					}
				}
				mu.Unlock()
			}
		}()
	}
feed:
	for i := range cs {
		select {
		case next <- i:
		case <-ctx.Done():
			break feed
		}
	}
	close(next)
	wg.Wait()
	if firstErr == nil {
		firstErr = ctx.Err()
	}
	n := 0
	for n < len(cs) && done[n] {
		n++
	}
	if firstErr != nil || n < len(cs) {
		return results[:n], firstErr
	}
	return results, nil
}

// offer returns the names of the tools the model gets, sorted so that
// the target's place says nothing.
func offer(ix *retrieve.Index, target, utterance string, opts Options) []string {
	var names []string
	seen := map[string]bool{}
	add := func(n string) {
		if !seen[n] {
			seen[n] = true
			names = append(names, n)
		}
	}
	if opts.Retrieve > 0 {
		for _, h := range ix.Find(utterance, opts.Retrieve) {
			add(h.Name)
		}
	} else {
		add(target)
		for _, h := range ix.Similar(target, opts.K+1) {
			if len(names) > opts.K {
				break
			}
			add(h.Name)
		}
	}
	sort.Strings(names)
	return names
}

// score compares the model's first call with the case.
func score(cat *catalog.Bound, byID map[string]*ir.Operation, idOf map[string]string, c *Case, msg *schema.Message) Result {
	r := Result{ID: c.ID, Kind: c.Kind}
	if msg == nil || len(msg.ToolCalls) == 0 {
		r.Errors = []Error{{Kind: "no_call", Want: c.Tool}}
		return r
	}
	tc := msg.ToolCalls[0]
	var args map[string]any
	dec := json.NewDecoder(strings.NewReader(strings.TrimSpace(tc.Function.Arguments)))
	dec.UseNumber()
	if tc.Function.Arguments != "" && dec.Decode(&args) != nil {
		args = map[string]any{}
	}
	if args == nil {
		args = map[string]any{}
	}
	want := byID[c.Tool]
	got := byID[tc.Function.Name]
	name := tc.Function.Name
	if id := idOf[name]; id != "" {
		name = id
	}
	if got == nil {
		r.Call = &Call{Tool: name, Args: args}
		r.Errors = []Error{{Kind: "tool", Want: c.Tool, Got: name}}
		return r
	}
	n := newNaming(cat, got)
	flat, unknown := n.flat(args)
	r.Call = &Call{Tool: name, Args: map[string]any{}}
	for k, v := range flat {
		r.Call.Args[k] = v
	}
	for _, u := range unknown {
		r.Call.Args[u] = args[u]
	}
	if got != want {
		r.Errors = append(r.Errors, Error{Kind: "tool", Want: c.Tool, Got: name})
		return r
	}
	r.ToolRight = true
	for _, u := range unknown {
		r.Errors = append(r.Errors, Error{Kind: "invented", Arg: u, Got: args[u]})
	}
	wantKeys := slices.Sorted(maps.Keys(c.Args))
	for _, k := range wantKeys {
		v, ok := at(flat, k)
		if !ok {
			r.Errors = append(r.Errors, Error{Kind: "missing", Arg: k, Want: c.Args[k]})
			continue
		}
		if !matches(c.Args[k], v) {
			r.Errors = append(r.Errors, Error{Kind: "value", Arg: k, Want: c.Args[k], Got: v})
		}
	}
	for _, k := range slices.Sorted(maps.Keys(flat)) {
		if covered(k, wantKeys) || covered(k, c.OptionalOK) || underAny(wantKeys, k) {
			continue
		}
		r.Errors = append(r.Errors, Error{Kind: "unrequested", Arg: k, Got: flat[k]})
	}
	r.Pass = len(r.Errors) == 0
	return r
}

// underAny reports whether key is a prefix of one of keys (the call sent
// an object whose leaves the case names).
func underAny(keys []string, key string) bool {
	for _, k := range keys {
		if strings.HasPrefix(k, key+".") {
			return true
		}
	}
	return false
}

// matches reports whether got is one of the acceptable values want lists
// (want itself when it is not a list).
func matches(want, got any) bool {
	alts, ok := want.([]any)
	if !ok {
		return same(want, got)
	}
	for _, a := range alts {
		if same(a, got) {
			return true
		}
	}
	return false
}

// same compares two values after normalisation: strings trimmed and
// without regard to case, numbers and numeric strings equal when their
// numbers are, booleans and "true"/"false" alike, lists as multisets, a
// scalar equal to a list of it alone, objects key by key.
func same(a, b any) bool {
	al, aList := a.([]any)
	bl, bList := b.([]any)
	switch {
	case aList && bList:
		return sameItems(al, bl)
	case aList && len(al) == 1:
		return same(al[0], b)
	case bList && len(bl) == 1:
		return same(a, bl[0])
	case aList || bList:
		return false
	}
	am, aObj := a.(map[string]any)
	bm, bObj := b.(map[string]any)
	if aObj || bObj {
		if !aObj || !bObj || len(am) != len(bm) {
			return false
		}
		for k, v := range am {
			w, ok := bm[k]
			if !ok || !same(v, w) {
				return false
			}
		}
		return true
	}
	if x, ok := number(a); ok {
		y, ok := number(b)
		return ok && math.Abs(x-y) <= 1e-9*math.Max(1, math.Abs(x))
	}
	if x, ok := boolean(a); ok {
		y, ok := boolean(b)
		return ok && x == y
	}
	as, bs := fmt.Sprint(a), fmt.Sprint(b)
	return strings.EqualFold(strings.TrimSpace(as), strings.TrimSpace(bs))
}

func sameItems(a, b []any) bool {
	if len(a) != len(b) {
		return false
	}
	used := make([]bool, len(b))
	for _, x := range a {
		found := false
		for i, y := range b {
			if !used[i] && same(x, y) {
				used[i], found = true, true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

func number(v any) (float64, bool) {
	switch x := v.(type) {
	case json.Number:
		f, err := x.Float64()
		return f, err == nil
	case float64:
		return x, true
	case int:
		return float64(x), true
	case string:
		f, err := strconv.ParseFloat(strings.TrimSpace(x), 64)
		return f, err == nil && !math.IsNaN(f) && !math.IsInf(f, 0)
	}
	return 0, false
}

func boolean(v any) (bool, bool) {
	switch x := v.(type) {
	case bool:
		return x, true
	case string:
		switch strings.ToLower(strings.TrimSpace(x)) {
		case "true":
			return true, true
		case "false":
			return false, true
		}
	}
	return false, false
}

// Summary is how one kind of case, or all of them, went.
type Summary struct {
	Kind string `json:"kind"`
	// Cases counts the cases; Passed those whose first call was right
	// whole; ToolRight those whose first call was of the right tool;
	// Found those whose target the model was given.
	Cases, Passed, ToolRight, Found int
}

// Summarize returns one summary per kind, sorted, then the pooled one
// (Kind "all").
func Summarize(rs []Result) []Summary {
	by := map[string]*Summary{}
	all := &Summary{Kind: "all"}
	for _, r := range rs {
		k := r.Kind
		if k == "" {
			k = "-"
		}
		s := by[k]
		if s == nil {
			s = &Summary{Kind: k}
			by[k] = s
		}
		for _, x := range []*Summary{s, all} {
			x.Cases++
			if r.Pass {
				x.Passed++
			}
			if r.ToolRight {
				x.ToolRight++
			}
			if r.Found {
				x.Found++
			}
		}
	}
	var out []Summary
	for _, k := range slices.Sorted(maps.Keys(by)) {
		out = append(out, *by[k])
	}
	return append(out, *all)
}
