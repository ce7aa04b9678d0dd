package cases

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"regexp"
	"strconv"
	"strings"

	"github.com/agentready/agentready/gen/catalog"
	"github.com/agentready/agentready/gen/example"
	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/gen/toolrt"
)

// Preparer readies cases for runs against one API: before a run it makes
// the case's own objects (Case.Setup), its fresh values (Case.Fresh) and,
// for a chain case, finds what its steps point at now; after the run it
// removes what the run made (Case.Cleanup). The direct call and the
// agent's run of a case are prepared apart, so each works on its own
// objects and neither sees what the other changed.
type Preparer struct {
	// Catalog holds the tools the calls are made with and their IR
	// (catalog.Bind).
	Catalog *catalog.Bound
}

// Prepared is one run's version of a case.
type Prepared struct {
	// Args are the case's arguments for this run.
	Args map[string]any
	// Calls are the calls made to prepare the run and to clean up after
	// it, in order.
	Calls []*toolrt.Call

	c *Case
	// values maps the JSON text of a value the case records to the value
	// of this run; texts are the same pairs for strings, longest first,
	// for rewriting utterances.
	values map[string]any
	texts  [][2]string
	// made holds the JSON text of the recorded values this run made
	// (setup feeds, yields): cleanup steps need them.
	made map[string]bool
}

// PrepareError says why a run of a case could not be prepared: a setup
// call failed, or a chain step no longer finds its item.
type PrepareError struct {
	// Step names the call: "setup createTicket", "step listUsers".
	Step string
	// Call is the failed call, when one was made.
	Call   *toolrt.Call
	Reason string
}

func (e *PrepareError) Error() string { return e.Step + ": " + e.Reason }

// Prepare readies one run of c. tag makes the run's fresh values unique:
// give every run and leg its own (FreshTag). The error is a
// *PrepareError, or ctx's.
func (p *Preparer) Prepare(ctx context.Context, c *Case, tag string) (*Prepared, error) {
	r := &Prepared{c: c, values: map[string]any{}, made: map[string]bool{}}
	if err := r.freshen(p.Catalog, c.Tool, c.Args, c.Fresh, tag); err != nil {
		return r, err
	}
	for i, st := range c.Setup {
		if err := ctx.Err(); err != nil {
			return r, err
		}
		if err := r.freshen(p.Catalog, st.Tool, st.Args, st.Fresh, fmt.Sprintf("%s%d", tag, i+1)); err != nil {
			return r, err
		}
		call, err := r.call(ctx, p, st, "setup")
		if err != nil {
			return r, err
		}
		if err := r.feed(st, call, "setup "+st.Tool, true, false); err != nil {
			return r, err
		}
	}
	if c.Scenario == Chain && len(c.Steps) > 1 {
		for _, st := range c.Steps[:len(c.Steps)-1] {
			if err := ctx.Err(); err != nil {
				return r, err
			}
			call, err := r.call(ctx, p, st, "step")
			if err != nil {
				return r, err
			}
			if err := r.feed(st, call, "step "+st.Tool, false, true); err != nil {
				return r, err
			}
		}
	}
	r.Args, _ = r.apply(c.Args).(map[string]any)
	if r.Args == nil {
		r.Args = map[string]any{}
	}
	return r, nil
}

// call makes one step's call with this run's values.
func (r *Prepared) call(ctx context.Context, p *Preparer, st Step, what string) (*toolrt.Call, error) {
	name := what + " " + st.Tool
	t, ok := p.Catalog.Tool(st.Tool)
	if !ok {
		return nil, &PrepareError{Step: name, Reason: "the tool is not in the catalog"}
	}
	raw, err := json.Marshal(r.apply(st.Args))
	if err != nil {
		return nil, &PrepareError{Step: name, Reason: err.Error()}
	}
	call := t.Run(ctx, string(raw))
	r.Calls = append(r.Calls, call)
	if err := ctx.Err(); err != nil {
		return call, err
	}
	if !call.Result.OK {
		return call, &PrepareError{Step: name, Call: call, Reason: firstLine(call.Text)}
	}
	return call, nil
}

// feed takes the values a step's response gives. made says they are new
// objects of this run, which cleanup may remove. keep says a value the
// response no longer gives keeps the value recorded (a chain's item that
// is still there but no longer on the step's page: the direct call tells
// whether it is); otherwise it is an error, as is a missing value of a
// setup step, save a header, which the API may not send.
func (r *Prepared) feed(st Step, call *toolrt.Call, name string, made, keep bool) error {
	for _, f := range st.Feeds {
		v, ok := FeedValue(call.Response, f)
		if !ok && (keep || strings.HasPrefix(f.Path, "header:")) {
			continue
		}
		if !ok {
			reason := fmt.Sprintf("its response has no value at %s", f.Path)
			if f.Label != nil {
				reason = fmt.Sprintf("its response no longer has the item whose %s is %q", f.Label.Field, f.Label.Value)
			}
			return &PrepareError{Step: name, Call: call, Reason: reason}
		}
		r.set(f.Value, v)
		if made {
			r.made[canon(f.Value)] = true
		}
	}
	return nil
}

// set records that value old of the case is v in this run.
func (r *Prepared) set(old, v any) {
	k := canon(old)
	r.values[k] = v
	os, ok := old.(string)
	if !ok || os == "" || k == canon(v) {
		return
	}
	ns, isText := v.(string)
	if !isText {
		ns = canon(v)
	}
	r.texts = append(r.texts, [2]string{os, ns})
	for i := len(r.texts) - 1; i > 0 && len(r.texts[i][0]) > len(r.texts[i-1][0]); i-- {
		r.texts[i], r.texts[i-1] = r.texts[i-1], r.texts[i]
	}
}

// apply returns v with every value this run replaces replaced; v is not
// changed.
func (r *Prepared) apply(v any) any {
	switch x := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[k] = r.apply(e)
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = r.apply(e)
		}
		return out
	}
	if nv, ok := r.values[canon(v)]; ok {
		return nv
	}
	return v
}

// Utterance returns what the case says, with the values of this run in
// place of those the case records.
func (r *Prepared) Utterance(text string) string {
	return replaceValues(text, r.texts)
}

// replaceValues replaces each pair's old text with its new one where it
// stands as a value of its own, not inside a longer word or number, in
// one pass: a replacement is never replaced again (a fresh ETag "1" must
// not land inside the ticket TCK-1681 written just before). At each
// place the longest old text wins; pairs are sorted longest first.
func replaceValues(text string, pairs [][2]string) string {
	var b strings.Builder
	for i := 0; i < len(text); {
		done := false
		for _, pr := range pairs {
			old := pr[0]
			if old == "" || !strings.HasPrefix(text[i:], old) {
				continue
			}
			j := i + len(old)
			if i > 0 && wordByte(text[i-1]) && wordByte(old[0]) || j < len(text) && wordByte(text[j]) && wordByte(old[len(old)-1]) {
				continue
			}
			b.WriteString(pr[1])
			i, done = j, true
			break
		}
		if !done {
			b.WriteByte(text[i])
			i++
		}
	}
	return b.String()
}

// Cleanup makes the case's cleanup calls. own is the run's call of the
// case's tool (nil when it made none), whose response gives Case.Yields;
// a cleanup step that needs a value this run did not make is left out.
// Failures are kept in Calls and otherwise ignored: cleanup does what it
// can.
func (r *Prepared) Cleanup(ctx context.Context, p *Preparer, own *toolrt.Call) {
	if own != nil && own.Result.OK {
		for _, f := range r.c.Yields {
			if v, ok := FeedValue(own.Response, f); ok {
				r.set(f.Value, v)
				r.made[canon(f.Value)] = true
			}
		}
	}
	for _, st := range r.c.Cleanup {
		if ctx.Err() != nil {
			return
		}
		if !r.madeAll(st.Args) {
			continue
		}
		_, _ = r.call(ctx, p, st, "cleanup")
	}
}

// madeAll reports whether every value of args that a setup step or the
// case's own call gives was made by this run, and at least one was.
func (r *Prepared) madeAll(args map[string]any) bool {
	made := false
	for _, v := range args {
		k := canon(v)
		if r.recorded(k) {
			if !r.made[k] {
				return false
			}
			made = true
		}
	}
	return made
}

// recorded reports whether the JSON text k is a value a setup feed or a
// yield of the case records.
func (r *Prepared) recorded(k string) bool {
	for _, st := range r.c.Setup {
		for _, f := range st.Feeds {
			if canon(f.Value) == k {
				return true
			}
		}
	}
	for _, f := range r.c.Yields {
		if canon(f.Value) == k {
			return true
		}
	}
	return false
}

// FeedValue reads a feed's value from a response: at its JSON path (the
// item with the feed's label, when it has one and no pick, wherever that
// item now stands in its list), or from a response header for
// "header:NAME".
func FeedValue(resp *toolrt.Response, f Feed) (any, bool) {
	if resp == nil {
		return nil, false
	}
	if name, ok := strings.CutPrefix(f.Path, "header:"); ok {
		v := resp.Header.Get(name)
		return v, v != ""
	}
	doc, ok := decodeJSON(resp.Raw)
	if !ok {
		return nil, false
	}
	if f.Label != nil && f.Pick == "" {
		if v, ok := byLabel(doc, f); ok {
			return v, true
		}
		return nil, false
	}
	// A picked item ("the latest ticket of ...") is the one at its place
	// in the list as it is now, whatever its label: the utterance says
	// the place, not the name.
	hits, err := evalPath(doc, f.Path)
	if err != nil || len(hits) == 0 || hits[0].value == nil {
		return nil, false
	}
	return hits[0].value, true
}

// byLabel finds the value of a labelled feed: the item of the list its
// path goes through whose label field still has the label's value.
func byLabel(doc any, f Feed) (any, bool) {
	list, rest, ok1 := splitItem(f.Path)
	llist, lrest, ok2 := splitItem(f.Label.Path)
	if !ok1 || !ok2 || list != llist {
		return nil, false
	}
	hits, err := evalPath(doc, list+"[*]"+lrest)
	if err != nil {
		return nil, false
	}
	for _, h := range hits {
		if s, ok := h.value.(string); !ok || s != f.Label.Value {
			continue
		}
		item := strings.TrimSuffix(h.path, lrest)
		vs, err := evalPath(doc, item+rest)
		if err == nil && len(vs) > 0 && vs[0].value != nil {
			return vs[0].value, true
		}
	}
	return nil, false
}

// lastIndex finds the last list index of a concrete JSON path.
var lastIndex = regexp.MustCompile(`\[[0-9]+\]`)

// splitItem splits a concrete path at its last list index: the list's
// path and the path inside the item ("$.items[2].id" -> "$.items",
// ".id").
func splitItem(path string) (list, rest string, ok bool) {
	locs := lastIndex.FindAllStringIndex(path, -1)
	if len(locs) == 0 {
		return "", "", false
	}
	l := locs[len(locs)-1]
	return path[:l[0]], path[l[1]:], true
}

func decodeJSON(raw []byte) (any, bool) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var doc any
	if dec.Decode(&doc) != nil {
		return nil, false
	}
	return example.Normalize(doc), true
}

// freshen gives the arguments at paths new values for this run.
func (r *Prepared) freshen(cat *catalog.Bound, tool string, args map[string]any, paths []string, tag string) error {
	api := cat.API
	op := api.Operation(tool)
	for _, path := range paths {
		old, ok := getPath(args, path).(string)
		if !ok || op == nil {
			continue
		}
		if _, done := r.values[canon(old)]; done {
			continue
		}
		nv, ok := FreshValue(api, inputSchema(cat, op, path), old, tag)
		if !ok {
			return &PrepareError{Step: "fresh " + tool + "." + path,
				Reason: fmt.Sprintf("no new value of the form of %q fits the schema", old)}
		}
		r.set(old, nv)
	}
	return nil
}

// getPath returns the value at a dotted path inside args, or nil.
func getPath(args map[string]any, path string) any {
	var v any = args
	for _, p := range strings.Split(path, ".") {
		m, ok := v.(map[string]any)
		if !ok {
			return nil
		}
		v = m[p]
	}
	return v
}

// FreshTag returns the tag of one run's fresh values: different for every
// nonce, case and leg.
func FreshTag(nonce uint64, caseID, leg string) string {
	h := fnv.New64a()
	fmt.Fprintf(h, "%d\x00%s\x00%s", nonce, caseID, leg)
	s := strconv.FormatUint(h.Sum64(), 36)
	for len(s) < 6 {
		s = "0" + s
	}
	return s[:6]
}

// FreshValue returns a value of the same form as old that holds tag, so
// that it differs from every value made with another tag, and that the
// schema s accepts: an email keeps its domain ("ada.okafor.k3x9p2@..."),
// other text gains the tag ("billing-api-k3x9p2") or, where the pattern or
// length allows no more, has its end rewritten from the tag with each
// letter and digit kept of its kind ("SN48213XY" -> "SN40339ZC").
func FreshValue(api *ir.API, s *ir.Schema, old, tag string) (string, bool) {
	var cands []string
	if at := strings.LastIndexByte(old, '@'); at > 0 {
		cands = append(cands, old[:at]+"."+tag+old[at:], old[:at]+tag+old[at:])
	}
	cands = append(cands, old+"-"+tag, old+tag, kindLike(old, tag), strings.ToUpper(old+"-"+tag))
	for _, c := range cands {
		if c != old && (s == nil || example.Valid(api, s, c)) {
			return c, true
		}
	}
	return "", false
}

// kindLike rewrites the end of old with tag, keeping each character's
// kind: digits stay digits, capitals capitals, small letters small.
func kindLike(old, tag string) string {
	b := []byte(old)
	t := []byte(tag)
	j := len(t) - 1
	for i := len(b) - 1; i >= 0 && j >= 0; i-- {
		c := t[j]
		var d byte
		if c >= '0' && c <= '9' {
			d = c - '0'
		} else {
			d = c - 'a' + 10
		}
		switch {
		case b[i] >= '0' && b[i] <= '9':
			b[i] = '0' + d%10
		case b[i] >= 'A' && b[i] <= 'Z':
			b[i] = 'A' + d%26
		case b[i] >= 'a' && b[i] <= 'z':
			b[i] = 'a' + d%26
		default:
			continue
		}
		j--
	}
	return string(b)
}
