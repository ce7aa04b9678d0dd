package cases

import (
	"context"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"maps"
	"math/rand/v2"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"

	"golang.org/x/sync/errgroup"

	"github.com/agentready/agentready/gen/catalog"
	"github.com/agentready/agentready/gen/example"
	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/gen/toolrt/argcheck"
	"github.com/agentready/agentready/gen/toolschema"
	"github.com/agentready/agentready/harness/graph"
)

// DefaultPerTool is how many cases Generate makes per tool over the
// required, subset and all scenarios, as in the research it follows.
const DefaultPerTool = 20

// DefaultChains is how many multi-step cases Generate makes per tool
// whose inputs the graph can fill.
const DefaultChains = 3

// Options configure Generate.
type Options struct {
	// PerTool is the number of cases per tool over the required, subset
	// and all scenarios (DefaultPerTool when 0). A tool with few
	// arguments can have fewer distinct cases; duplicates are dropped.
	PerTool int
	// Chains is the number of multi-step cases per tool (DefaultChains
	// when 0, none when negative).
	Chains int
	// NoAsk leaves out the multi-turn cases (Ask): by default each tool
	// whose required cases hold a value a user would say gets one.
	NoAsk bool
	// Seed drives every choice: the same inputs and seed give the same
	// cases.
	Seed uint64
	// Tools limits generation to these tools; all when empty.
	Tools []string
	// Graph is the dependency graph. Only its approved edges are used,
	// and its proposed ones too when UseProposed is set.
	Graph       *graph.Graph
	UseProposed bool
	// Catalog calls the live API to harvest real values along the
	// graph's edges; nil means no harvesting (and no chain cases). It
	// must be bound to the API cases are made for (catalog.Bind).
	Catalog *catalog.Bound
	// AllowMutations says which producers that change state may be
	// called to harvest values; nil allows none (only GET, HEAD, OPTIONS
	// and TRACE producers run).
	AllowMutations func(op *ir.Operation) bool
	// Data is the user's test data, kept as it is.
	Data *Data
	// Verify makes each case's direct call while the cases are made (with
	// Catalog): a case whose call fails, or comes back empty where the
	// tool is meant to return data, is repaired (another value where the
	// API refused one, a fresh value where it keeps one unique, a step
	// that brings a new object into the state the case needs, fewer
	// filters where nothing matched) or dropped, so that every case's
	// ground truth holds. Cases of tools that change state are checked
	// only where AllowMutations allows them.
	Verify bool
	// Nonce makes the fresh values of the check's calls unique (NewNonce);
	// zero draws one at random, as it should be against an API that keeps
	// what earlier checks made.
	Nonce uint64
	// Log receives warnings (a producer call that failed, a case that
	// does not validate); nil discards them.
	Log func(format string, args ...any)
}

// Report says what Generate did beside the cases.
type Report struct {
	// Calls is the number of producer calls made to harvest values.
	Calls int
	// Harvested maps each tool to the inputs that got real values.
	Harvested map[string][]string
	// Warnings are the problems met, in order.
	Warnings []string
	// Verified counts the cases whose direct call held when checked
	// (Options.Verify), Repaired those of them that needed a repair
	// first, and Unverified those not checked because they change state
	// and mutations were not allowed.
	Verified, Repaired, Unverified int
	// Dropped are the cases left out because no repair made their direct
	// call hold, sorted by case.
	Dropped []Dropped
}

// generator makes the cases of one API.
type generator struct {
	api   *ir.API
	opts  Options
	h     *harvester
	allow func(*ir.Operation) bool
	logf  func(string, ...any)
	// setupGens make the arguments of setup and cleanup calls, apart from
	// the tools' own cases so that these do not change.
	setupGens map[string]*toolGen
	// extra is the step a tool's new objects were found to need before
	// its cases hold (closeTicket before reopenTicket).
	extra map[string]*ir.Operation
	// prefixes are the spec's identifier prefixes by thing (idPrefixes).
	prefixes map[string]string
	// stepTry varies the setup arguments when a plan is made again.
	stepTry int
	// descs keeps what the tools' constraints read in their arguments'
	// descriptions, read once for all the tools.
	descs *descMemo
	// cat is Options.Catalog, or without it a Bound of the API with no
	// tools (catalog.Describe): what cases read about the tools, their
	// arguments and checkers, comes from it.
	cat *catalog.Bound
}

// setupGen returns the generator of op's setup and cleanup arguments;
// nil when op has no usable parameter schema.
func (g *generator) setupGen(op *ir.Operation) *toolGen {
	if op == nil {
		return nil
	}
	if tg, ok := g.setupGens[op.Name]; ok {
		return tg
	}
	var tg *toolGen
	if checker, err := g.cat.Checker(op.Name); err == nil {
		tg = newToolGen(g.cat, op, g.opts, g.h, checker, g.logf, g.descs)
		tg.prefixes = g.prefixes
	}
	g.setupGens[op.Name] = tg
	return tg
}

// Generate makes the test cases of api's tools, in tool order and, per
// tool, in scenario order (required, subset, all, chain, ask). The ask
// case is made last, from a required case whose direct call held.
func Generate(ctx context.Context, api *ir.API, opts Options) ([]Case, *Report, error) {
	if opts.PerTool == 0 {
		opts.PerTool = DefaultPerTool
	}
	if opts.PerTool < 0 {
		return nil, nil, fmt.Errorf("cases per tool %d: must be positive", opts.PerTool)
	}
	if opts.Chains == 0 {
		opts.Chains = DefaultChains
	}
	if opts.Catalog != nil && opts.Catalog.API != api {
		return nil, nil, fmt.Errorf("cases: Options.Catalog holds the tools of another API: bind them to this one (catalog.Bind(api, ...))")
	}
	rep := &Report{Harvested: map[string][]string{}}
	logf := func(format string, args ...any) {
		msg := fmt.Sprintf(format, args...)
		rep.Warnings = append(rep.Warnings, msg)
		if opts.Log != nil {
			opts.Log("%s", msg)
		}
	}
	allow := opts.AllowMutations
	if allow == nil {
		allow = func(*ir.Operation) bool { return false }
	}
	var h *harvester
	if opts.Catalog != nil && opts.Graph != nil {
		h = newHarvester(ctx, opts.Catalog, opts.Graph, opts.UseProposed, allow, logf)
	}
	ops := api.Operations
	if len(opts.Tools) > 0 {
		ops = nil
		for _, name := range opts.Tools {
			op := api.Operation(name)
			if op == nil {
				return nil, nil, fmt.Errorf("the API has no tool %q", name)
			}
			ops = append(ops, op)
		}
		sort.Slice(ops, func(i, j int) bool { return ops[i].Name < ops[j].Name })
	}
	cat := opts.Catalog
	if cat == nil {
		cat = catalog.Describe(api)
	}
	known := map[string]map[string]bool{}
	for _, op := range api.Operations {
		known[op.Name] = map[string]bool{}
		for _, a := range cat.Args(op.Name) {
			known[op.Name][a.Name] = true
		}
	}
	for _, w := range opts.Data.check(known) {
		logf("%s", w)
	}
	g := &generator{api: api, opts: opts, h: h, allow: allow, logf: logf, cat: cat,
		setupGens: map[string]*toolGen{}, extra: map[string]*ir.Operation{}, prefixes: idPrefixes(api), descs: &descMemo{}}
	var out []Case
	gens := map[string]*toolGen{}
	// Without a harvester a tool's cases need nothing of the others' and
	// call nothing: they are made on every CPU, each tool's warnings kept
	// to be logged in tool order. A harvester calls the API, in order.
	var made []toolCases
	var checks []*argcheck.Checker
	var checkErrs []error
	if h == nil {
		made = eachToolCases(ctx, ops, func(i int, logf func(string, ...any)) toolCases {
			return g.toolCases(ops[i], logf)
		})
	} else {
		checks, checkErrs = checkers(ctx, cat, ops)
	}
	for i, op := range ops {
		if err := ctx.Err(); err != nil {
			return nil, nil, err
		}
		var tc toolCases
		if made != nil {
			tc = made[i]
		} else if tc.err = checkErrs[i]; tc.err == nil {
			tc = g.casesOf(op, checks[i], logf)
		}
		if tc.err != nil {
			return nil, nil, tc.err
		}
		for _, w := range tc.warnings {
			logf("%s", w)
		}
		gens[op.Name] = tc.gen
		out = append(out, tc.cases...)
		if len(tc.gen.harvested) > 0 {
			rep.Harvested[op.Name] = slices.Sorted(maps.Keys(tc.gen.harvested))
		}
	}
	if opts.Verify && opts.Catalog != nil {
		var err error
		if out, err = g.verify(ctx, out, gens, rep); err != nil {
			return nil, nil, err
		}
	}
	if !opts.NoAsk {
		out = askCases(out, gens)
	}
	if h != nil {
		rep.Calls = h.nCalls
	}
	return out, rep, nil
}

// toolCases are the cases of one tool, with its generator and, when made
// apart from the others, the warnings met making them; or why its
// checker could not be built.
type toolCases struct {
	gen      *toolGen
	cases    []Case
	warnings []string
	err      error
}

// toolCases makes the cases of op with a checker of its own, which is
// let go once they are made: the cases made offline use it for nothing
// else (the check of each case's call runs only with a catalog), and
// DocuSign's 402 checkers held at once were most of the peak.
func (g *generator) toolCases(op *ir.Operation, logf func(string, ...any)) toolCases {
	checker, err := g.cat.NewChecker(op.Name)
	if err != nil {
		return toolCases{err: err}
	}
	tc := g.casesOf(op, checker, logf)
	if g.opts.Catalog == nil {
		tc.gen.checker = nil
	}
	return tc
}

// casesOf makes the cases of op, checked by checker, logging to logf.
func (g *generator) casesOf(op *ir.Operation, checker *argcheck.Checker, logf func(string, ...any)) toolCases {
	tg := newToolGen(g.cat, op, g.opts, g.h, checker, logf, g.descs)
	tg.prefixes = g.prefixes
	cs := tg.cases()
	used := map[string]bool{}
	for i := range cs {
		g.ownObject(tg, &cs[i], nil)
		distinctFresh(g.cat, &cs[i], used, g.opts.Seed)
	}
	return toolCases{gen: tg, cases: cs}
}

// eachToolCases calls one for each of ops on every CPU, each with a logf
// that keeps the tool's warnings in its result, and returns the results
// in ops' order. It starts no tool once ctx is done or a tool failed
// (the caller then returns ctx's error, or that of the first tool that
// failed: every tool before it is made).
func eachToolCases(ctx context.Context, ops []*ir.Operation, one func(i int, logf func(string, ...any)) toolCases) []toolCases {
	out := make([]toolCases, len(ops))
	var g errgroup.Group
	g.SetLimit(runtime.GOMAXPROCS(0))
	// first is the first tool that failed so far: the tools after it are
	// not started, those before it are all made.
	var mu sync.Mutex
	first := len(ops)
	for i := range ops {
		g.Go(func() error {
			mu.Lock()
			skip := i > first
			mu.Unlock()
			if skip || ctx.Err() != nil {
				return nil
			}
			var warnings []string
			out[i] = one(i, func(format string, args ...any) { warnings = append(warnings, fmt.Sprintf(format, args...)) })
			out[i].warnings = warnings
			if out[i].err != nil {
				mu.Lock()
				first = min(first, i)
				mu.Unlock()
			}
			return nil
		})
	}
	_ = g.Wait()
	return out
}

// distinctFresh gives the fresh values of a case that an earlier case of
// the same tool already holds a new value of the same form, so that no
// two cases in the file send the same unique value.
func distinctFresh(cat *catalog.Bound, c *Case, used map[string]bool, seed uint64) {
	api := cat.API
	op := api.Operation(c.Tool)
	if op == nil {
		return
	}
	for _, p := range c.Fresh {
		old, ok := getPath(c.Args, p).(string)
		if !ok {
			continue
		}
		if used[p+"\x00"+old] {
			if nv, ok := FreshValue(api, inputSchema(cat, op, p), old, FreshTag(seed, c.ID, p)); ok {
				setPath(c.Args, p, nv)
				old = nv
			}
		}
		used[p+"\x00"+old] = true
	}
}

// toolGen makes the cases of one tool.
type toolGen struct {
	api     *ir.API
	cat     *catalog.Bound
	op      *ir.Operation
	opts    Options
	args    []toolschema.Arg
	cons    *constraints
	checker *argcheck.Checker
	h       *harvester
	logf    func(string, ...any)
	// prefixes are the spec's identifier prefixes by thing (idPrefixes).
	prefixes map[string]string

	// harvested holds the real values for each input the graph fills,
	// in a seeded order, and next the position of the next one to use,
	// so that cases go through the items in turn.
	harvested map[string][]candidate
	next      map[string]int
	// n counts the cases made, for cycling through the user's data.
	n int
	// own is the items of the tool's own unfiltered response, where its
	// filters find values that match something.
	own *itemList
	// bad holds the values the API refused for an argument
	// ("arg\x00value" as JSON), which cases no longer take; fresh are the
	// arguments the API was found to keep unique.
	bad   map[string]bool
	fresh []string
	// badTraits are what the API's refusals said about the items of
	// refused values, per argument ("role\x00\"requester\""): values whose
	// items share one are not taken either.
	badTraits map[string]map[string]bool
	// unmeetable says why a required argument cannot be built within
	// gen/example's caps: the tool then gets no cases.
	unmeetable string
}

// checkers gets the checkers of ops' tools from cat on every CPU (where
// cat has no tools, building them is most of a tool's setup, and needs
// nothing of the cases), each with its error; it stops early when ctx is
// done.
func checkers(ctx context.Context, cat *catalog.Bound, ops []*ir.Operation) ([]*argcheck.Checker, []error) {
	out := make([]*argcheck.Checker, len(ops))
	errs := make([]error, len(ops))
	var g errgroup.Group
	g.SetLimit(runtime.GOMAXPROCS(0))
	for i, op := range ops {
		g.Go(func() error {
			if errs[i] = ctx.Err(); errs[i] == nil {
				out[i], errs[i] = cat.Checker(op.Name)
			}
			return nil
		})
	}
	_ = g.Wait()
	return out, errs
}

func newToolGen(cat *catalog.Bound, op *ir.Operation, opts Options, h *harvester, checker *argcheck.Checker, logf func(string, ...any), memo *descMemo) *toolGen {
	api := cat.API
	tg := &toolGen{api: api, cat: cat, op: op, opts: opts, checker: checker, h: h, logf: logf,
		harvested: map[string][]candidate{}, next: map[string]int{}, bad: map[string]bool{},
		badTraits: map[string]map[string]bool{}}
	tg.args, tg.unmeetable = meetableArgs(cat, op, logf)
	tg.cons = constraintsOf(api, op, tg.args, memo)
	if h != nil {
		tg.own = h.ownItems(op, tg.args)
		for _, in := range tg.inputs() {
			cs := h.fill(op.Name, in)
			if len(cs) == 0 {
				continue
			}
			rng := tg.rng("harvest", in, 0)
			perm := rng.Perm(len(cs))
			shuffled := make([]candidate, len(cs))
			for i, p := range perm {
				shuffled[i] = cs[p]
			}
			tg.harvested[in] = shuffled
		}
	}
	return tg
}

// meetableArgs are the arguments of op whose constraints a value within
// gen/example's caps meets; an optional one that none does is left out,
// with a warning. unmeetable says why a required one cannot be built.
func meetableArgs(cat *catalog.Bound, op *ir.Operation, logf func(string, ...any)) (args []toolschema.Arg, unmeetable string) {
	api := cat.API
	for _, a := range cat.Args(op.Name) {
		why := example.Unmeetable(api, a.Schema)
		switch {
		case why == "":
			args = append(args, a)
		case a.Required:
			args = append(args, a)
			if unmeetable == "" {
				unmeetable = "argument " + a.Name + ": " + why
			}
		default:
			logf("%s: argument %s is left out of the cases: %s", op.Name, a.Name, why)
		}
	}
	return args, unmeetable
}

// inputs returns the tool's inputs that some usable edge feeds, in
// argument order, dotted body inputs after their argument.
func (tg *toolGen) inputs() []string {
	var out []string
	seen := map[string]bool{}
	for _, a := range tg.args {
		for _, e := range tg.h.edges {
			if e.To != tg.op.Name {
				continue
			}
			for _, m := range e.Mappings {
				if (m.Input == a.Name || strings.HasPrefix(m.Input, a.Name+".")) && !seen[m.Input] {
					seen[m.Input] = true
					out = append(out, m.Input)
				}
			}
		}
	}
	return out
}

// rng returns the random source of one decision: seeded by the options'
// seed, the tool and the decision's name, so that a tool's cases do not
// change when other tools are added or removed.
func (tg *toolGen) rng(parts ...any) *rand.Rand {
	f := fnv.New64a()
	fmt.Fprint(f, tg.op.Name)
	for _, p := range parts {
		fmt.Fprint(f, "\x00", p)
	}
	return rand.New(rand.NewPCG(tg.opts.Seed, f.Sum64()))
}

// cases makes the tool's cases: none when a required argument cannot be
// built within the caps, which is reported.
func (tg *toolGen) cases() []Case {
	if tg.unmeetable != "" {
		tg.logf("%s: no cases: %s", tg.op.Name, tg.unmeetable)
		return nil
	}
	// A tool whose optional inputs are all unasked ones (a pretty flag,
	// a timeout) has no subset or all cases: nobody asks for them. The
	// scenarios a tool has otherwise depend on all its optional inputs,
	// so that leaving some out does not move its cases between scenarios.
	var optional, askable int
	for _, a := range tg.args {
		if !a.Required && !tg.cons.opaque[a.Name] {
			optional++
			if tg.cons.unasked[a.Name] == "" {
				askable++
			}
		}
	}
	avail := []Scenario{Required}
	if askable >= 1 && optional >= 2 {
		avail = append(avail, Subset)
	}
	if askable >= 1 {
		avail = append(avail, All)
	}
	by := map[Scenario][]Case{}
	seen := map[string]bool{}
	tries := map[Scenario]int{}
	dups := map[Scenario]int{}
	dead := map[Scenario]bool{}
	made := 0
	for r := 0; made < tg.opts.PerTool && len(dead) < len(avail); r++ {
		sc := avail[r%len(avail)]
		if dead[sc] {
			continue
		}
		rng := tg.rng(sc, tries[sc])
		tries[sc]++
		c := tg.build(rng, sc, len(by[sc]) == 0)
		key := canon(c.Args)
		if seen[key] {
			if dups[sc]++; dups[sc] >= 3 {
				dead[sc] = true
			}
			continue
		}
		seen[key] = true
		dups[sc] = 0
		c.ID = caseID(tg.op.Name, sc, len(by[sc]), tg.opts.PerTool)
		by[sc] = append(by[sc], c)
		made++
	}
	var out []Case
	for _, sc := range avail {
		out = append(out, by[sc]...)
	}
	return append(out, tg.chainCases(seen)...)
}

func caseID(tool string, sc Scenario, i, total int) string {
	width := max(2, len(fmt.Sprint(total-1)))
	return fmt.Sprintf("%s/%s/%0*d", tool, sc, width, i)
}

// build makes one case of scenario sc. first is set for the scenario's
// first case, which shows the spec's examples.
func (tg *toolGen) build(rng *rand.Rand, sc Scenario, first bool) Case {
	k := tg.n
	tg.n++
	set := tg.opts.Data.set(tg.op.Name, k)
	forced := map[string]bool{}
	for name := range set {
		forced[strings.SplitN(name, ".", 2)[0]] = true
	}
	in := tg.cons.choose(rng, tg.args, sc, forced)
	values := example.NewRandom(tg.api, rng, maxCaseValues)
	args := map[string]any{}
	src := map[string]Source{}
	for _, a := range tg.args {
		if !in[a.Name] {
			continue
		}
		if v, ok := set[a.Name]; ok {
			args[a.Name], src[a.Name] = v, Source{Kind: FromUser}
			continue
		}
		if v, ok := tg.opts.Data.param(a.Name, k); ok && !forced[a.Name] {
			args[a.Name], src[a.Name] = v, Source{Kind: FromUser}
			continue
		}
		if c, ok := tg.take(a.Name); ok {
			args[a.Name], src[a.Name] = c.value, c.source()
			continue
		}
		v, origin := values.Arg(a, sc.mode(), first)
		if origin == example.Made {
			v = tg.plain(values, rng, a, v)
		}
		args[a.Name], src[a.Name] = v, Source{Kind: sourceKind(origin)}
	}
	// Dotted entries: the user's fields inside a body argument, and
	// harvested values for them.
	for _, name := range slices.Sorted(maps.Keys(set)) {
		if strings.Contains(name, ".") {
			setPath(args, name, set[name])
			src[name] = Source{Kind: FromUser}
		}
	}
	for in := range tg.harvested {
		if top, _, dotted := strings.Cut(in, "."); dotted && args[top] != nil && src[in].Kind != FromUser {
			if c, ok := tg.take(in); ok && setPath(args, in, c.value) {
				src[in] = c.source()
			}
		}
	}
	if sc != Required {
		tg.fromOwnItem(rng, args, src)
	}
	normalizeNumbers(args)
	tg.cons.order(args, src)
	tg.validate(args, src, sc)
	return Case{Tool: tg.op.Name, Scenario: sc, Args: args, Sources: src, Mutating: tg.op.Mutating()}
}

// take returns the next harvested value for an input, passing over the
// values the API refused and those of items like them. A tool that
// changes state passes over values of items their own fields say are
// out of use (active false; archived, deleted, disabled true), as long as
// others are left.
func (tg *toolGen) take(input string) (candidate, bool) {
	cs := tg.harvested[input]
	for pass := 0; pass < 2; pass++ {
		for range cs {
			i := tg.next[input]
			tg.next[input]++
			c := cs[i%len(cs)]
			if tg.bad[input+"\x00"+canon(c.value)] || tg.badItem(input, c.item) {
				continue
			}
			if pass == 0 && tg.op.Mutating() && outOfUse(c.item) {
				continue
			}
			return c, true
		}
	}
	return candidate{}, false
}

// outOfUse reports whether an item's own flags say it is out of use.
func outOfUse(item map[string]any) bool {
	for f, v := range item {
		b, ok := v.(bool)
		if !ok {
			continue
		}
		switch strings.ToLower(strings.Join(lowerWords(f), "_")) {
		case "active", "enabled", "is_active", "is_enabled":
			if !b {
				return true
			}
		case "archived", "deleted", "disabled", "suspended", "locked", "is_archived", "is_deleted", "is_disabled":
			if b {
				return true
			}
		}
	}
	return false
}

// setPath sets a dotted path inside an object argument; it reports
// whether it could.
func setPath(args map[string]any, path string, v any) bool {
	parts := strings.Split(path, ".")
	m := args
	for _, p := range parts[:len(parts)-1] {
		next, ok := m[p].(map[string]any)
		if !ok {
			if m[p] != nil {
				return false
			}
			next = map[string]any{}
			m[p] = next
		}
		m = next
	}
	m[parts[len(parts)-1]] = v
	return true
}

// validate checks the arguments against the tool schema, as the tool
// itself will. Values that fail are replaced by gen/example's, except the
// user's, which are kept and reported.
func (tg *toolGen) validate(args map[string]any, src map[string]Source, sc Scenario) {
	check := func() error {
		raw, err := json.Marshal(args)
		if err != nil {
			return err
		}
		_, coerced, err := tg.checker.Check(string(raw))
		if err == nil && len(coerced) > 0 {
			err = fmt.Errorf("needs coercion: %v", coerced[0])
		}
		return err
	}
	err := check()
	if err == nil {
		return
	}
	for _, a := range tg.args {
		v, ok := args[a.Name]
		if !ok || src[a.Name].Kind == FromUser || example.Valid(tg.api, a.Schema, v) {
			continue
		}
		args[a.Name] = example.Value(tg.api, a.Schema, a.Name, fillMode(sc))
		src[a.Name] = Source{Kind: sourceKind(example.OriginOf(tg.api, a, args[a.Name]))}
	}
	if err = check(); err != nil {
		tg.logf("%s: a %s case does not validate: %v", tg.op.Name, sc, firstLine(err.Error()))
	}
}

// chainCases makes the tool's multi-step cases: its required inputs that
// the graph fills take values a person can name (a user's name, a
// ticket's title, "the latest ticket of" someone), found along the
// graph, and the case records the calls that find them.
func (tg *toolGen) chainCases(seen map[string]bool) []Case {
	if tg.h == nil || tg.opts.Chains < 0 {
		return nil
	}
	type pool struct{ single, multi []candidate }
	pools := map[string]*pool{}
	var inputs []string
	// The object a state-changing case acts on is its own, made by its
	// setup: no chain finds it.
	own := ""
	if tg.op.Mutating() && tg.h.creatorFor(tg.op, targetInput(tg.op)) != nil {
		own = targetInput(tg.op)
	}
	for _, a := range tg.args {
		if !a.Required || a.Name == own || !tg.h.fillable(tg.op.Name, a.Name) {
			continue
		}
		p := &pool{}
		for _, cs := range tg.h.chains(tg.op.Name, a.Name) {
			for _, c := range cs {
				if tg.op.Mutating() && outOfUse(c.item) || c.hidden {
					// A value the agent's trimmed answer does not show
					// (past the result budget) is no step it can take.
					continue
				}
				switch {
				case len(c.steps) >= 2 && c.pick != "" && upstreamLabel(c) != nil:
					p.multi = append(p.multi, c)
				case c.label != nil && len(c.steps) == 1:
					// Named only by its label ("the ticket “X”"): found
					// by one call, not through a step the request never
					// mentions (a user whose tickets happen to hold it).
					p.single = append(p.single, c)
				}
			}
		}
		if len(p.single)+len(p.multi) == 0 {
			continue
		}
		shuffle := func(cs []candidate, name string) {
			r := tg.rng("chain", a.Name, name)
			r.Shuffle(len(cs), func(i, j int) { cs[i], cs[j] = cs[j], cs[i] })
		}
		shuffle(p.single, "single")
		shuffle(p.multi, "multi")
		pools[a.Name] = p
		inputs = append(inputs, a.Name)
	}
	if len(inputs) == 0 {
		return nil
	}
	var out []Case
	// next counts the values taken from each input's single and multi
	// lists, to go through them in turn.
	next := map[string]int{}
	for j := 0; len(out) < tg.opts.Chains && j < tg.opts.Chains*3; j++ {
		c := tg.build(tg.rng(Chain, j), Required, false)
		c.Scenario = Chain
		var steps []Step
		unsaid := false
		for i, in := range inputs {
			if c.Sources[in].Kind == FromUser {
				continue
			}
			p := pools[in]
			// Alternate between values found in one step and in two,
			// where both exist.
			list, key := p.single, in+"/single"
			if (j+i)%2 == 1 && len(p.multi) > 0 || len(list) == 0 {
				list, key = p.multi, in+"/multi"
			}
			cand := list[next[key]%len(list)]
			next[key]++
			c.Args[in], c.Sources[in] = cand.value, cand.source()
			steps = appendSteps(steps, cand.steps)
			unsaid = unsaid || !saysFirstStep(cand, c.Args)
		}
		if unsaid {
			continue
		}
		if len(steps) == 0 {
			// The user's data gives every input the graph could find.
			return out
		}
		tg.validate(c.Args, c.Sources, Required)
		key := canon(c.Args)
		if seen[key] {
			continue
		}
		seen[key] = true
		c.Steps = append(steps, Step{Tool: tg.op.Name, Args: c.Args})
		c.ID = caseID(tg.op.Name, Chain, len(out), tg.opts.Chains)
		out = append(out, c)
	}
	return out
}

// saysFirstStep reports whether a request with args gives every
// argument of the first call of a candidate's chain: "the ticket “X”"
// found by listing a team's tickets is no request an agent can follow
// unless it names the team.
func saysFirstStep(c candidate, args map[string]any) bool {
	for k, v := range c.steps[0].Args {
		if a, ok := args[k]; !ok || canon(a) != canon(v) {
			return false
		}
	}
	return true
}

// upstreamLabel returns the label of the value that fed the producer of
// a multi-step candidate.
func upstreamLabel(c candidate) *Label {
	if len(c.steps) < 2 {
		return nil
	}
	fs := c.steps[len(c.steps)-2].Feeds
	if len(fs) == 0 {
		return nil
	}
	return fs[len(fs)-1].Label
}

// appendSteps adds steps not already in the list; a step already there
// gains the new one's feeds.
func appendSteps(list, add []Step) []Step {
	for _, s := range add {
		merged := false
		for i := range list {
			if list[i].Tool == s.Tool && canon(list[i].Args) == canon(s.Args) {
				for _, f := range s.Feeds {
					if !containsFeed(list[i].Feeds, f) {
						list[i].Feeds = append(list[i].Feeds, f)
					}
				}
				merged = true
				break
			}
		}
		if !merged {
			s.Feeds = append([]Feed(nil), s.Feeds...)
			list = append(list, s)
		}
	}
	return list
}

func containsFeed(fs []Feed, f Feed) bool {
	for _, x := range fs {
		if x.Path == f.Path && x.To == f.To && x.Input == f.Input {
			return true
		}
	}
	return false
}
