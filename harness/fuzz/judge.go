package fuzz

import (
	"encoding/json"
	"fmt"
	"net/http"
	"regexp"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/agentready/agentready/gen/finding"
	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/gen/toolrt"
	"github.com/agentready/agentready/gen/toolschema"
)

// judge compares each probe's answer with the documentation.
type judge struct {
	// refs holds each tool's reference answers: whether the API refused
	// its least call and its full call.
	refs  map[string]map[int]bool
	found map[string]*Finding
	order []string
}

func newJudge() *judge {
	return &judge{refs: map[string]map[int]bool{}, found: map[string]*Finding{}}
}

// reState matches refusals about the API's data rather than the shape of
// the call (a made-up id that names nothing, a duplicate): the
// documentation cannot say those in advance.
var reState = regexp.MustCompile(`(?i)not found|does not exist|doesn't exist|does not match any|no such|already exists|is already|is deactivated|is disabled`)

// refusal reports whether status is the API refusing the arguments: a
// bad request, a body or URL too large, an unprocessable entity. Not
// found, conflicts and preconditions are about the data, not the
// documentation; 401 and 403 about the credentials.
func refusal(status int) bool {
	switch status {
	case 400, 413, 414, 422, 431:
		return true
	}
	return false
}

func (j *judge) judge(p *probe, call *toolrt.Call, rep *Report) {
	if call.Refused || call.ArgError != nil {
		return // not sent
	}
	status := call.Result.Status
	refused := refusal(status)
	tool := p.op.Name
	if p.self != refNone {
		if j.refs[tool] == nil {
			j.refs[tool] = map[int]bool{}
		}
		j.refs[tool][p.self] = refused
	}
	if status == 401 || status == 403 {
		rep.Unauthorized++
		return
	}
	args := p.targs
	msg := ""
	if call.Response != nil {
		msg = toolrt.APIMessage(call.Response.Raw)
	}
	switch {
	case status == 0 && call.Result.Kind == toolrt.ResultUnreachable:
		rep.Unreachable++
	case status >= 500 || call.Result.Kind == toolrt.ResultTimeout:
		j.add(p, call, p.arg, ServerError, serverFix(p, status))
	case status >= 200 && status < 300 && !p.valid:
		kind, fix := Unvalidated, unvalidatedFix(p)
		if p.omitted {
			kind, fix = OverRestrictive, fmt.Sprintf("mark %s optional, or make the API refuse a call without it: it answered %d when it was left out", p.arg, status)
		}
		j.add(p, call, p.arg, kind, fix)
	case refused && p.valid && !reState.MatchString(msg):
		arg := namedArgument(args, call, msg, p.arg)
		if arg == "" {
			refRefused, known := j.refs[tool][p.ref]
			switch {
			case p.self != refNone:
				// A reference refused: the call as a whole.
			case p.arg != "" && known && !refRefused:
				arg = p.arg
			default:
				return // refused, but not for what the probe changed
			}
		}
		j.add(p, call, arg, UnderSpecified, learnFix(p, args, arg, msg))
	}
}

// overRestrictive records a value past a documented bound that the API
// took (call) where it refused one far past it (far): the API has a
// bound, looser than the documentation's.
func (j *judge) overRestrictive(p *probe, call, far *toolrt.Call) {
	s := p.api.Resolve(argSchema(p))
	msg := ""
	if far.Response != nil {
		msg = toolrt.APIMessage(far.Response.Raw)
	}
	fix := ""
	if s != nil {
		if bs := learnBounds(s, p.far, msg); len(bs) > 0 {
			fix = p.arg + ": " + strings.Join(bs, "; ")
		}
	}
	if fix == "" {
		fix = fmt.Sprintf("relax the documented bound of %s to what the API takes: it took %s but refused %s", p.arg, valueText(p.args[p.arg]), valueText(p.far))
	}
	j.add(p, call, p.arg, OverRestrictive, fix+fmt.Sprintf(" (the API took %s; it refused %s with %q)", valueText(p.args[p.arg]), valueText(p.far), clip(oneLine(msg), 120)))
}

// argSchema is the schema of the argument p varies, nil if none.
func argSchema(p *probe) *ir.Schema {
	for _, a := range p.targs {
		if a.Name == p.arg {
			return a.Schema
		}
	}
	return nil
}

// add records a finding on arg, or counts it again.
func (j *judge) add(p *probe, call *toolrt.Call, arg string, kind Kind, fix string) {
	key := p.op.Name + "\x00" + arg + "\x00" + string(kind)
	if f := j.found[key]; f != nil {
		f.Calls++
		return
	}
	v, present := p.args[arg]
	r := ruleOf(kind)
	f := &Finding{
		Finding: finding.Finding{
			Source: finding.Fuzz, Kind: kind, Level: r.Level, Class: r.Class,
			Tool: p.op.Name, OperationID: p.op.ID, Argument: arg,
			Evidence: evidence(p.tool, call), Fix: p.tool.Redact(fix), Place: p.op.Origin,
		},
		Value: shorten(v), Omitted: arg != "" && !present, Probe: p.what,
		Args: shortenArgs(p.args), Status: call.Result.Status, Calls: 1,
	}
	if arg != p.arg && p.arg != "" {
		f.Probe = p.what + " of " + p.arg
	}
	f.Message = p.tool.Redact(message(f))
	j.found[key] = f
	j.order = append(j.order, key)
}

// findings returns the findings sorted by tool, argument and kind.
func (j *judge) findings() []Finding {
	out := make([]Finding, 0, len(j.order))
	for _, k := range j.order {
		out = append(out, *j.found[k])
	}
	sort.SliceStable(out, func(a, b int) bool {
		x, y := out[a], out[b]
		if x.Tool != y.Tool {
			return x.Tool < y.Tool
		}
		if x.Argument != y.Argument {
			return x.Argument < y.Argument
		}
		return x.Kind < y.Kind
	})
	return out
}

// namedArgument is the argument the API's answer names: a field of the
// error body that holds an argument's name (parameter, field, param,
// name, loc, pointer), else one the message quotes. Among several, the
// probe's own argument wins. "" when the answer names none, or lists
// more than two in its message.
func namedArgument(args []toolschema.Arg, call *toolrt.Call, msg, probed string) string {
	byWire := wireNames(args)
	var named []string
	if call.Response != nil {
		var body any
		if json.Unmarshal(call.Response.Raw, &body) == nil {
			collectNames(body, byWire, &named, 0)
		}
	}
	if len(named) == 0 {
		named = mentionedArgs(byWire, msg, false)
		if len(mentionedArgs(byWire, msg, true)) > 2 {
			// A list of arguments ("send at least one of: title,
			// status, ...") is about the call, not one of them.
			return ""
		}
	}
	for _, n := range named {
		if n == probed {
			return n
		}
	}
	if len(named) > 0 {
		return named[0]
	}
	return ""
}

// wireNames maps the names an API may use for each argument (its
// parameter's or property's name, and its own) to the argument's name.
func wireNames(args []toolschema.Arg) map[string]string {
	byWire := map[string]string{}
	for _, a := range args {
		byWire[a.Name] = a.Name
		if a.Param != nil {
			byWire[a.Param.Name] = a.Name
		}
		if a.Property != nil {
			byWire[a.Property.Name] = a.Name
		}
	}
	return byWire
}

// mentionedArgs lists the arguments msg names (mentions), longest names
// first.
func mentionedArgs(byWire map[string]string, msg string, loose bool) []string {
	wires := make([]string, 0, len(byWire))
	for w := range byWire {
		wires = append(wires, w)
	}
	sort.Slice(wires, func(a, b int) bool {
		if len(wires[a]) != len(wires[b]) {
			return len(wires[a]) > len(wires[b])
		}
		return wires[a] < wires[b]
	})
	var out []string
	for _, w := range wires {
		if mentions(msg, w, loose) {
			out = append(out, byWire[w])
		}
	}
	return out
}

// mentions reports whether msg names w: in quotes ("q", 'q', `q`,
// "q=..."), or, for a name no prose word is (one with "_" or an inner
// capital: due_at, userId), anywhere between non-word characters; when
// loose, any name anywhere between non-word characters.
func mentions(msg, w string, loose bool) bool {
	if w == "" {
		return false
	}
	for _, q := range []string{`"` + w + `"`, "'" + w + "'", "`" + w + "`", `"` + w + `=`} {
		if strings.Contains(msg, q) {
			return true
		}
	}
	if !loose && !strings.Contains(w, "_") && strings.ToLower(w[1:]) == w[1:] {
		return false
	}
	for i := 0; ; {
		j := strings.Index(msg[i:], w)
		if j < 0 {
			return false
		}
		at, end := i+j, i+j+len(w)
		if (at == 0 || !wordByte(msg[at-1])) && (end == len(msg) || !wordByte(msg[end])) {
			return true
		}
		i = at + 1
	}
}

func wordByte(b byte) bool {
	return b == '_' || b >= '0' && b <= '9' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z'
}

// nameKeys are the keys of error bodies that name the offending input.
var nameKeys = map[string]bool{"parameter": true, "param": true, "field": true, "name": true, "argument": true,
	"loc": true, "pointer": true, "property": true, "path": true}

// collectNames appends the argument names that v's name keys hold.
func collectNames(v any, byWire map[string]string, out *[]string, depth int) {
	if depth > 8 {
		return
	}
	switch x := v.(type) {
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			if nameKeys[strings.ToLower(k)] {
				for _, s := range nameStrings(x[k]) {
					if n, ok := byWire[strings.TrimPrefix(strings.TrimPrefix(s, "/"), "body/")]; ok {
						*out = append(*out, n)
					}
				}
			}
			collectNames(x[k], byWire, out, depth+1)
		}
	case []any:
		for _, e := range x {
			collectNames(e, byWire, out, depth+1)
		}
	}
}

// nameStrings is a name key's value as strings: one string, or the
// strings of a list (FastAPI's loc: ["query", "limit"]).
func nameStrings(v any) []string {
	switch x := v.(type) {
	case string:
		return []string{x}
	case []any:
		var out []string
		for _, e := range x {
			if s, ok := e.(string); ok {
				out = append(out, s)
			}
		}
		return out
	}
	return nil
}

// evidence is the start of the API's answer: the status and the body,
// credentials removed, on one line; without an answer, why.
func evidence(t *toolrt.Tool, call *toolrt.Call) string {
	text := call.Result.Text
	if r := call.Response; r != nil && r.StatusCode != 0 {
		text = fmt.Sprintf("%d %s: %s", r.StatusCode, http.StatusText(r.StatusCode), t.Redact(string(r.Raw)))
	}
	return clip(strings.Join(strings.Fields(text), " "), 240)
}

// clip cuts s to n runes, marking the cut.
func clip(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n]) + "…"
}

// shorten returns v with a long string replaced by its start and length.
func shorten(v any) any {
	s, ok := v.(string)
	if !ok || utf8.RuneCountInString(s) <= 80 {
		return v
	}
	return fmt.Sprintf("%s… (%d characters)", string([]rune(s)[:40]), utf8.RuneCountInString(s))
}

func shortenArgs(args map[string]any) map[string]any {
	out := make(map[string]any, len(args))
	for k, v := range args {
		out[k] = shorten(v)
	}
	return out
}

func orWhole(arg string) string {
	if arg == "" {
		return "the call"
	}
	return arg
}

func quoteList(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = fmt.Sprintf("%q", n)
	}
	return strings.Join(q, ", ")
}

// message says in one sentence what the call showed: what the
// documentation says of the argument, and what the API did.
func message(f *Finding) string {
	subject := "the call"
	if f.Argument != "" {
		subject = f.Argument
		if f.Omitted {
			subject += " left out"
		} else {
			subject += " = " + valueText(f.Value)
		}
	}
	answer := fmt.Sprintf("answered %d", f.Status)
	if f.Status == 0 {
		answer = "did not answer"
	}
	switch f.Kind {
	case UnderSpecified:
		return fmt.Sprintf("the documentation allows %s (probe: %s), but the API refused it: it %s", subject, f.Probe, answer)
	case Unvalidated:
		return fmt.Sprintf("the documentation rules out %s (probe: %s), but the API took it: it %s", subject, f.Probe, answer)
	case OverRestrictive:
		return fmt.Sprintf("the documentation rules out %s (probe: %s), but the API needs no such limit: it %s", subject, f.Probe, answer)
	}
	return fmt.Sprintf("the API failed on %s (probe: %s): it %s", subject, f.Probe, answer)
}
