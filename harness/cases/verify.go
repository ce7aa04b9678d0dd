package cases

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/agentready/agentready/gen/example"
	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/gen/toolrt"
)

var debugProbes = os.Getenv("AGENTREADY_DEBUG_PROBES") != ""

// maxProbes bounds the direct calls made to check and repair one case.
const maxProbes = 8

// Dropped is a case left out because its direct call did not hold.
type Dropped struct {
	Case string `json:"case"`
	Tool string `json:"tool"`
	// Reason is the API's answer to the last try, or why nothing was
	// tried.
	Reason string `json:"reason"`
}

// probeResult is what one trial run of a case's direct call gave.
type probeResult struct {
	ok bool
	// reason says what went wrong, in the API's words where it gave some.
	reason string
	// prepErr is set when the run could not be prepared.
	prepErr *PrepareError
	// call is the direct call; nil when preparing failed.
	call     *toolrt.Call
	prepared *Prepared
	empty    bool
}

// verifier checks cases against the live API while they are made.
type verifier struct {
	g     *generator
	prep  *Preparer
	nonce uint64
	// tries counts the probes of each case; tried holds the steps tried
	// to bring a case's object into the state it needs.
	tries map[string]int
	tried map[string]map[string]bool
	// answered counts the calls the API answered at all, denied those it
	// refused for lack of access, silent those it did not answer; last is
	// what the last failed call said.
	answered, denied, silent int
	last                     string
}

// hopelessAfter is how many calls without a usable answer (none at all,
// or a refusal of the credentials) end the check, when no call got one.
const hopelessAfter = 8

// hopeless returns an error when the API has not given one usable answer
// to the first calls: it is not there, or it does not accept the
// credentials. Dropping every case for that would only hide it.
func (v *verifier) hopeless() error {
	switch {
	case v.answered == 0 && v.silent >= hopelessAfter:
		return fmt.Errorf("the API did not answer any of the first %d calls made to check the cases (%s): is the base URL right, and is the API up?",
			v.silent, v.last)
	case v.denied >= hopelessAfter && v.denied*10 >= v.answered*9:
		return fmt.Errorf("the API refused the credentials on %d of the %d calls it answered while the cases were checked (%s): set the credential the message names",
			v.denied, v.answered, v.last)
	}
	return nil
}

// count notes how the API answered a call.
func (v *verifier) count(call *toolrt.Call) {
	if call == nil || call.Refused || call.ArgError != nil {
		return
	}
	switch r := call.Result; {
	case r.Kind == toolrt.ResultUnreachable || r.Kind == toolrt.ResultTimeout:
		v.silent++
		v.last = firstLine(call.Text)
	case r.Status == 401 || r.Status == 403 || r.Status == 407 || r.Kind == toolrt.ResultMisconfigured:
		v.answered++
		v.denied++
		v.last = firstLine(call.Text)
	case r.Status != 0:
		v.answered++
	}
}

// verify makes each case's direct call (read-only cases first, so that
// what the others change cannot affect them), repairs a case whose call
// fails or comes back empty where the tool is meant to return data, and
// drops it when no repair holds. Cases of tools that change state are
// checked only where mutations are allowed; their own objects are made
// and removed around the call as in every run.
func (g *generator) verify(ctx context.Context, cs []Case, gens map[string]*toolGen, rep *Report) ([]Case, error) {
	v := &verifier{g: g, prep: &Preparer{Catalog: g.opts.Catalog}, nonce: NewNonce(g.opts.Nonce),
		tries: map[string]int{}, tried: map[string]map[string]bool{}}
	order := make([]int, 0, len(cs))
	for pass := 0; pass < 2; pass++ {
		for i := range cs {
			if cs[i].Mutating == (pass == 1) {
				order = append(order, i)
			}
		}
	}
	keep := make([]bool, len(cs))
	wasRepaired := map[string]bool{}
	for _, i := range order {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		c := &cs[i]
		if !g.mayRun(c) {
			rep.Unverified++
			keep[i] = true
			continue
		}
		held, repaired, reason := v.hold(ctx, gens[c.Tool], c)
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if err := v.hopeless(); err != nil {
			return nil, err
		}
		switch {
		case held && repaired:
			rep.Repaired++
			rep.Verified++
			keep[i] = true
			wasRepaired[c.ID] = true
		case held:
			rep.Verified++
			keep[i] = true
		default:
			rep.Dropped = append(rep.Dropped, Dropped{Case: c.ID, Tool: c.Tool, Reason: reason})
		}
	}
	var out []Case
	seen := map[string]string{}
	for i := range cs {
		if !keep[i] {
			continue
		}
		c := cs[i]
		// A repair can make two cases the same call.
		key := c.Tool + "\x00" + canon(c.Args) + canon(c.Setup)
		if first, dup := seen[key]; dup && c.Scenario != Chain {
			rep.Dropped = append(rep.Dropped, Dropped{Case: c.ID, Tool: c.Tool, Reason: "after repair it makes the same call as " + first})
			rep.Verified--
			if wasRepaired[c.ID] {
				rep.Repaired--
			}
			continue
		}
		seen[key] = c.ID
		out = append(out, c)
	}
	sort.SliceStable(rep.Dropped, func(i, j int) bool { return rep.Dropped[i].Case < rep.Dropped[j].Case })
	return out, nil
}

// mayRun reports whether a case's calls may all be made: the tool's, the
// setup's, the steps' and the cleanup's.
func (g *generator) mayRun(c *Case) bool {
	ok := func(tool string) bool {
		op := g.api.Operation(tool)
		return op != nil && (!op.Mutating() || g.allow(op))
	}
	if !ok(c.Tool) {
		return false
	}
	for _, steps := range [][]Step{c.Setup, c.Steps, c.Cleanup} {
		for _, s := range steps {
			if !ok(s.Tool) {
				return false
			}
		}
	}
	return true
}

// hold probes c and repairs it until its direct call holds or the tries
// run out. It reports whether it held, whether a repair was needed, and
// the last reason it did not.
func (v *verifier) hold(ctx context.Context, tg *toolGen, c *Case) (held, repaired bool, reason string) {
	if v.g.extra[c.Tool] != nil && len(c.Setup) == 1 {
		v.g.ownObject(tg, c, nil)
	}
	for {
		res := v.probe(ctx, c)
		if debugProbes {
			fmt.Fprintf(os.Stderr, "probe %s #%d ok=%v %s args=%s setup=%s\n", c.ID, v.tries[c.ID], res.ok, res.reason, canon(c.Args), canon(c.Setup))
		}
		if res.ok {
			if len(c.Setup) > 1 {
				v.g.extra[c.Tool] = v.g.api.Operation(c.Setup[1].Tool)
			}
			return true, v.tries[c.ID] > 1, ""
		}
		if ctx.Err() != nil || v.tries[c.ID] >= maxProbes || tg == nil || !v.repair(tg, c, res) {
			return false, false, res.reason
		}
	}
}

// probe makes one trial run of c's direct call, with its setup and
// cleanup around it.
func (v *verifier) probe(ctx context.Context, c *Case) probeResult {
	v.tries[c.ID]++
	tag := FreshTag(v.nonce, c.ID, fmt.Sprint("probe", v.tries[c.ID]))
	p, err := v.prep.Prepare(ctx, c, tag)
	for _, call := range p.Calls {
		v.count(call)
	}
	if err != nil {
		p.Cleanup(ctx, v.prep, nil)
		res := probeResult{reason: err.Error(), prepared: p}
		if pe, ok := err.(*PrepareError); ok {
			res.prepErr = pe
		}
		return res
	}
	t, ok := v.g.opts.Catalog.Tool(c.Tool)
	if !ok {
		return probeResult{reason: "the tool is not in the catalog"}
	}
	raw, _ := json.Marshal(p.Args)
	call := t.Run(ctx, string(raw))
	v.count(call)
	p.Cleanup(ctx, v.prep, call)
	res := probeResult{call: call, prepared: p}
	res.ok, res.empty, res.reason = Holds(v.g.api, c, call)
	return res
}

// NewNonce returns n, or a random number when n is 0: what makes the
// fresh values of one run of cases (or of their check) differ from every
// other's. Give a fixed one only against an API that starts afresh each
// time, as the demo's does.
func NewNonce(n uint64) uint64 {
	for n == 0 {
		var b [8]byte
		_, _ = rand.Read(b[:])
		n = binary.LittleEndian.Uint64(b[:])
	}
	return n
}

// Holds reports whether a direct call gives a case a ground truth: it
// failed as a negative case expects, or it succeeded and, where the tool
// is meant to return data, returned some. reason says why not, in the
// API's words where it gave some; empty is set for a success without
// data.
func Holds(api *ir.API, c *Case, call *toolrt.Call) (ok, empty bool, reason string) {
	r := call.Result
	if e := c.Expect; e != nil {
		if r.Status == e.Status && (e.Reason == "" || strings.Contains(strings.ToLower(call.Text), strings.ToLower(e.Reason))) {
			return true, false, ""
		}
		want := fmt.Sprint(e.Status)
		if e.Reason != "" {
			want += fmt.Sprintf(" saying %q", e.Reason)
		}
		return false, false, fmt.Sprintf("the case expects %s, the API answered %s", want, firstLine(call.Text))
	}
	if !r.OK {
		return false, false, firstLine(call.Text)
	}
	if !meantForData(api, c.Tool) {
		return true, false, ""
	}
	if call.Response == nil || len(strings.TrimSpace(string(call.Response.Raw))) == 0 {
		return false, true, fmt.Sprintf("%d with no body, where %s documents one", r.Status, c.Tool)
	}
	if doc, isJSON := decodeJSON(call.Response.Raw); isJSON && EmptyJSON(doc) {
		return false, true, fmt.Sprintf("%d with no data (%s)", r.Status, clipText(strings.TrimSpace(string(call.Response.Raw)), 80))
	}
	return true, false, ""
}

// meantForData reports whether a tool's success response documents a
// body.
func meantForData(api *ir.API, tool string) bool {
	op := api.Operation(tool)
	if op == nil {
		return false
	}
	sr := op.SuccessResponse()
	return sr != nil && (sr.Schema != nil || sr.ContentType != "")
}

// EmptyJSON reports whether a decoded JSON body holds no data: null, [],
// {}, "", or a small wrapper object whose lists are all empty and that
// holds no object ({"items": [], "total": 0}).
func EmptyJSON(doc any) bool {
	switch x := doc.(type) {
	case nil:
		return true
	case string:
		return x == ""
	case []any:
		return len(x) == 0
	case map[string]any:
		if len(x) == 0 {
			return true
		}
		lists := 0
		for _, e := range x {
			switch y := e.(type) {
			case []any:
				lists++
				if len(y) > 0 {
					return false
				}
			case map[string]any:
				return false
			}
		}
		return lists > 0 && len(x) <= 6
	}
	return false
}

func clipText(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && s[n]&0xC0 == 0x80 {
		n--
	}
	return s[:n] + "..."
}

// conflictRE finds an API's way of saying a value is taken.
var conflictRE = regexp.MustCompile(`(?i)\b(already (exists?|taken|used|in use|registered)|exists already|duplicate|must be unique|not unique|is taken|in use)\b`)

// repair changes c after a failed probe; it reports whether it changed
// anything worth another try. What it learns (a field the API keeps
// unique, a value it refuses, a step new objects need) holds for the
// tool's later cases too.
func (v *verifier) repair(tg *toolGen, c *Case, res probeResult) bool {
	g := v.g
	status := 0
	text := res.reason
	if res.call != nil {
		status = res.call.Result.Status
		text = res.call.Text
	}
	if pe := res.prepErr; pe != nil {
		return v.repairSetup(tg, c, pe)
	}
	if res.call == nil {
		return false
	}
	switch {
	case status >= 500 || status == 429 || status == 0:
		// Worth one more try as it is.
		return v.tries[c.ID] < 2
	case status == 401 || status == 403 || status == 407:
		return false
	case res.empty:
		// The first page first; then another draw (another user whose
		// assets to list), the values that found nothing left aside;
		// then fewer filters.
		if toFirstPage(tg, c) {
			return true
		}
		if c.Scenario != Chain && v.tries[c.ID] < 4 && hasHarvested(c) {
			for _, a := range tg.args {
				if a.Required && c.Sources[a.Name].Kind == FromHarvested {
					tg.bad[a.Name+"\x00"+canon(c.Args[a.Name])] = true
				}
			}
			g.rebuild(tg, c, v.tries[c.ID])
			return true
		}
		return v.widen(tg, c)
	}
	made := res.prepared.madeTexts()
	// A value the API keeps unique is taken: make it fresh.
	if tg.op.Mutating() && (status == 409 || status == 422 || status == 400) && conflictRE.MatchString(text) && !mentionsAny(text, made) {
		var add []string
		for _, p := range leafPaths(c.Args, "") {
			s, ok := getPath(c.Args, p).(string)
			if !ok || s == "" || slices.Contains(c.Fresh, p) || c.Sources[topName(p)].Kind == FromSetup || c.Sources[topName(p)].Kind == FromHarvested {
				continue
			}
			if strings.Contains(text, s) || mentions(text, lastName(p)) {
				add = append(add, p)
			}
		}
		if len(add) > 0 {
			c.Fresh = mergeSorted(c.Fresh, add)
			tg.fresh = mergeSorted(tg.fresh, add)
			return true
		}
	}
	// A value the API names is refused: take another.
	if tg.refuse(c.Args, c.Sources, text) {
		g.rebuild(tg, c, v.tries[c.ID])
		return true
	}
	// The new object is not in the state the case needs: bring it there
	// with one of the steps that act on such objects.
	if mentionsAny(text, made) && v.nextAction(tg, c) {
		return true
	}
	if c.Scenario != Chain && v.tries[c.ID] < 3 {
		g.rebuild(tg, c, v.tries[c.ID])
		return true
	}
	return false
}

// repairSetup changes a case whose setup failed: a step that brings the
// object into a state and failed gives way to the next such step; a
// value the API refused gives way to another.
func (v *verifier) repairSetup(tg *toolGen, c *Case, pe *PrepareError) bool {
	g := v.g
	if c.Scenario == Chain && !strings.HasPrefix(pe.Step, "setup ") || pe.Call == nil {
		return false
	}
	tool := strings.TrimPrefix(pe.Step, "setup ")
	refused := false
	if sg := g.setupGen(g.api.Operation(tool)); sg != nil {
		for _, st := range c.Setup {
			if st.Tool == tool {
				refused = sg.refuse(st.Args, nil, pe.Call.Text) || refused
			}
		}
	}
	if !refused && len(c.Setup) > 1 && c.Setup[0].Tool != tool {
		// The extra step does not fit new objects: the next one.
		if g.extra[c.Tool] != nil && g.extra[c.Tool].Name == tool {
			delete(g.extra, c.Tool)
		}
		if !v.nextAction(tg, c) {
			g.ownObject(tg, c, []*ir.Operation{})
		}
		return true
	}
	g.replan(tg, c, v.tries[c.ID])
	return true
}

// nextAction plans c with the next step, not tried yet for it, that acts
// on objects of its kind; it reports whether there was one.
func (v *verifier) nextAction(tg *toolGen, c *Case) bool {
	if len(c.Setup) == 0 || c.Scenario == Chain || v.g.h == nil {
		return false
	}
	cr := v.g.h.creatorFor(tg.op, targetInput(tg.op))
	if cr == nil {
		return false
	}
	tried := v.tried[c.ID]
	if tried == nil {
		tried = map[string]bool{}
		v.tried[c.ID] = tried
	}
	for _, st := range c.Setup[1:] {
		tried[st.Tool] = true
	}
	for _, x := range v.g.h.actionsOn(tg.op, cr) {
		if tried[x.Name] {
			continue
		}
		tried[x.Name] = true
		v.g.ownObject(tg, c, []*ir.Operation{x})
		return true
	}
	return false
}

// madeTexts returns the values this run made (new objects), as text.
func (r *Prepared) madeTexts() []string {
	if r == nil {
		return nil
	}
	var out []string
	for k := range r.made {
		if v, ok := r.values[k]; ok {
			if s, isText := v.(string); isText {
				out = append(out, s)
			} else {
				out = append(out, canon(v))
			}
		}
	}
	return out
}

func mentionsAny(text string, values []string) bool {
	for _, v := range values {
		if len(v) >= 3 && strings.Contains(text, v) {
			return true
		}
	}
	return false
}

// hasHarvested reports whether a case holds a harvested value, which
// another draw may change.
func hasHarvested(c *Case) bool {
	for _, s := range c.Sources {
		if s.Kind == FromHarvested {
			return true
		}
	}
	return false
}

// toFirstPage sets a case's paging arguments that ask for a later page
// to the first; it reports whether it changed any.
func toFirstPage(tg *toolGen, c *Case) bool {
	changed := false
	for _, a := range tg.args {
		v, ok := c.Args[a.Name]
		if !ok || c.Sources[a.Name].Kind == FromUser {
			continue
		}
		if first, ok := firstPage(tg.api, a); ok && canon(first) != canon(v) {
			c.Args[a.Name] = first
			c.Sources[a.Name] = Source{Kind: FromSynthesized}
			changed = true
		}
	}
	return changed
}

// widen changes a read whose answer was empty so that it asks for more:
// paging arguments go first, then the optional arguments that narrow the
// result, last made first. It reports whether it removed anything.
func (v *verifier) widen(tg *toolGen, c *Case) bool {
	var drop string
	for _, a := range tg.args {
		if a.Required || c.Args[a.Name] == nil || c.Sources[a.Name].Kind == FromUser {
			continue
		}
		ws := lowerWords(a.Name)
		if example.Paging(ws[len(ws)-1]) {
			drop = a.Name
			break
		}
		if c.Sources[a.Name].Kind != FromHarvested || drop == "" || c.Sources[drop].Kind == FromHarvested {
			drop = a.Name
		}
	}
	if drop == "" {
		return false
	}
	delete(c.Args, drop)
	delete(c.Sources, drop)
	return true
}

// refuse notes the values of args that an API's refusal names, so that
// the tool's cases stop taking them, and what the refusal says about the
// items they came from (a field's value it quotes: "has role requester";
// a flag it speaks of: "is deactivated" for active), so that values of
// items like them are not taken either. It reports whether it noted
// anything.
func (tg *toolGen) refuse(args map[string]any, src map[string]Source, text string) bool {
	noted := false
	for _, a := range tg.args {
		v, ok := args[a.Name]
		if !ok || !example.Scalar(v) || v == nil || src[a.Name].Kind == FromSetup || src[a.Name].Kind == FromUser {
			continue
		}
		s := fmt.Sprint(v)
		if len(s) < 3 || !strings.Contains(text, s) {
			continue
		}
		key := a.Name + "\x00" + canon(v)
		if !tg.bad[key] {
			tg.bad[key] = true
			noted = true
		}
		for _, c := range tg.harvested[a.Name] {
			if canon(c.value) == canon(v) {
				tg.noteTraits(a.Name, c.item, text)
				break
			}
		}
	}
	return noted
}

// noteTraits records what a refusal says about the item of a refused
// value of input.
func (tg *toolGen) noteTraits(input string, item map[string]any, text string) {
	lower := strings.ToLower(text)
	for _, f := range slices.Sorted(maps.Keys(item)) {
		var hit bool
		switch x := item[f].(type) {
		case string:
			hit = len(x) >= 3 && !strings.ContainsAny(x, " ") && mentions(lower, strings.ToLower(x)) && !strings.Contains(text, f+" "+x+"\"")
		case bool:
			stem := strings.ToLower(f)
			if len(stem) > 5 {
				stem = stem[:5]
			}
			hit = len(stem) >= 4 && strings.Contains(lower, stem)
		}
		if !hit {
			continue
		}
		if tg.badTraits[input] == nil {
			tg.badTraits[input] = map[string]bool{}
		}
		tg.badTraits[input][f+"\x00"+canon(item[f])] = true
	}
}

// badItem reports whether an item shares a trait the API refused for
// input.
func (tg *toolGen) badItem(input string, item map[string]any) bool {
	for t := range tg.badTraits[input] {
		f, v, _ := strings.Cut(t, "\x00")
		if x, ok := item[f]; ok && canon(x) == v {
			return true
		}
	}
	return false
}

// rebuild remakes a case's arguments with another draw, keeping its id,
// scenario and the user's data, and plans its own object again.
func (g *generator) rebuild(tg *toolGen, c *Case, try int) {
	if c.Scenario == Chain {
		return
	}
	nc := tg.build(tg.rng(c.Scenario, "repair", c.ID, try), c.Scenario, false)
	nc.ID, nc.Utterances, nc.Expect = c.ID, c.Utterances, c.Expect
	nc.Fresh = mergeSorted(tg.fresh, nil)
	*c = nc
	g.ownObject(tg, c, nil)
}

// replan plans a case's own object again, with another draw of the setup
// steps' arguments.
func (g *generator) replan(tg *toolGen, c *Case, try int) {
	g.stepTry = try
	defer func() { g.stepTry = 0 }()
	var extra []*ir.Operation
	for _, st := range c.Setup[min(1, len(c.Setup)):] {
		if op := g.api.Operation(st.Tool); op != nil {
			extra = append(extra, op)
		}
	}
	g.ownObject(tg, c, extra)
}

// leafPaths lists the dotted paths of the scalar values of an object, in
// sorted order.
func leafPaths(m map[string]any, prefix string) []string {
	var out []string
	for _, k := range slices.Sorted(maps.Keys(m)) {
		p := prefix + k
		if sub, ok := m[k].(map[string]any); ok {
			out = append(out, leafPaths(sub, p+".")...)
			continue
		}
		if example.Scalar(m[k]) {
			out = append(out, p)
		}
	}
	return out
}

func topName(path string) string {
	top, _, _ := strings.Cut(path, ".")
	return top
}

func lastName(path string) string {
	if i := strings.LastIndexByte(path, '.'); i >= 0 {
		return path[i+1:]
	}
	return path
}
