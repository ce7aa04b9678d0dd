package cases

import (
	"github.com/agentready/agentready/gen/toolrt"
	"math/rand/v2"
	"regexp"
	"strings"
	"sync"

	"github.com/agentready/agentready/gen/describe/prose"
	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/gen/toolschema"
)

// constraints are the relations between one tool's arguments that a case
// respects. OpenAPI has no way to state them, so they are read from what
// specs do say:
//
//   - exclusive pairs, from a description that says an argument "cannot
//     be combined with" (or "is mutually exclusive with", "must not be used
//     with") another: never sent together;
//   - ordered pairs, from names that bound a range (created_after and
//     created_before, min_price and max_price, start and end) or a
//     description that says one "must be later than" another: when both
//     are sent the lower bound comes first;
//   - opaque tokens (a cursor, a page token): they only make sense as a
//     value an earlier response handed out, so they are left out unless
//     the user's data or a producer supplies one; so is an optional
//     Idempotency-Key header, which the runtime makes for each call;
//   - inputs nobody asks for in words (see unasked): left out of subset
//     and all cases;
//   - a flattened body's minProperties: at least that many body fields.
type constraints struct {
	exclusive [][2]string
	ordered   [][2]string
	opaque    map[string]bool
	// unasked says, by argument, why a person would not ask for it.
	unasked  map[string]string
	bodyArgs map[string]bool
	bodyMin  int
}

var (
	excludeRE = regexp.MustCompile(`(?i)\b(cannot|can't|can not|must not|may not|should not|not to) be (combined|used|sent|given|set|specified)( together)? with\b|\bmutually exclusive\b|\bnot together with\b|\bonly one of\b`)
	laterRE   = regexp.MustCompile(`(?i)\b(later|greater|larger|higher) than\b`)
	earlierRE = regexp.MustCompile(`(?i)\b(earlier|less|smaller|lower) than\b`)
	afterRE   = regexp.MustCompile(`(?i)\bafter\b`)
	beforeRE  = regexp.MustCompile(`(?i)\bbefore\b`)
)

// rangeWords pair the words that name the low and high end of a range.
var rangeWords = map[string]string{
	"after": "before", "from": "to", "since": "until", "start": "end", "begin": "end",
	"min": "max", "minimum": "maximum", "lower": "upper", "earliest": "latest", "gte": "lte", "gt": "lt",
}

// opaqueNames are the argument names (words joined by _) of continuation
// tokens.
var opaqueNames = map[string]bool{
	"cursor": true, "page_token": true, "pagetoken": true, "next_token": true, "next_page_token": true,
	"continuation": true, "continuation_token": true, "marker": true, "scroll_id": true, "next_cursor": true,
	"after_cursor": true, "before_cursor": true, "resume_token": true,
}

func lowerWords(name string) []string {
	ws := prose.Words(name)
	for i := range ws {
		ws[i] = strings.ToLower(ws[i])
	}
	return ws
}

func constraintsOf(api *ir.API, op *ir.Operation, args []toolschema.Arg, memo *descMemo) *constraints {
	c := &constraints{opaque: map[string]bool{}, unasked: map[string]string{}, bodyArgs: map[string]bool{}}
	names := map[string]bool{}
	for _, a := range args {
		names[a.Name] = true
		if a.Property != nil {
			c.bodyArgs[a.Name] = true
		}
		if opaqueNames[strings.Join(lowerWords(a.Name), "_")] {
			c.opaque[a.Name] = true
		}
		if a.Param != nil && a.Param.In == ir.InHeader && !a.Required && strings.EqualFold(a.Param.Name, toolrt.IdempotencyHeader) {
			// The runtime makes a key of each call's own; nobody asks
			// for one in words.
			c.opaque[a.Name] = true
		}
		if why := unasked(api, a); why != "" {
			c.unasked[a.Name] = why
		}
	}
	if op.Body != nil && op.Body.Flatten {
		if s := api.Resolve(op.Body.Schema); s != nil && s.MinProperties != nil {
			c.bodyMin = int(*s.MinProperties)
		}
	}
	addPair := func(list *[][2]string, a, b string) {
		for _, p := range *list {
			if p == [2]string{a, b} || list == &c.exclusive && p == [2]string{b, a} {
				return
			}
		}
		*list = append(*list, [2]string{a, b})
	}
	for _, a := range args {
		for _, sr := range memo.rels(a.Description) {
			sent, rel := sr.sent, sr.rel
			for _, b := range args {
				if b.Name == a.Name || !mentions(sent, b.Name) {
					continue
				}
				switch rel {
				case "exclusive":
					addPair(&c.exclusive, a.Name, b.Name)
				case "after":
					addPair(&c.ordered, b.Name, a.Name)
				case "before":
					addPair(&c.ordered, a.Name, b.Name)
				}
			}
		}
	}
	// Range bounds by name: the same words with the low word in place of
	// the high one.
	for _, a := range args {
		ws := lowerWords(a.Name)
		for i, w := range ws {
			hi, ok := rangeWords[w]
			if !ok {
				continue
			}
			other := append(append(append([]string{}, ws[:i]...), hi), ws[i+1:]...)
			for _, b := range args {
				if b.Name != a.Name && strings.Join(lowerWords(b.Name), " ") == strings.Join(other, " ") {
					addPair(&c.ordered, a.Name, b.Name)
				}
			}
		}
	}
	return c
}

// descMemo keeps the sentences of argument descriptions that relate
// their argument to others (constraintsOf), by description, for the
// tools of one API: their arguments repeat them (DocuSign's 401 tools
// share their bodies' fields), and each is read once. A nil descMemo
// keeps nothing. It is safe for concurrent use.
type descMemo struct {
	sentences sync.Map // description -> []sentenceRel
}

// sentenceRel is a sentence of a description that relates its argument
// to others (rel: exclusive, after or before).
type sentenceRel struct{ sent, rel string }

// rels returns the sentences of desc that relate its argument to others,
// in order, each with how: a comparative ("later than") says more than a
// plain "after"; the first that matches decides.
func (m *descMemo) rels(desc string) []sentenceRel {
	if m != nil {
		if v, ok := m.sentences.Load(desc); ok {
			return v.([]sentenceRel)
		}
	}
	var out []sentenceRel
	for _, sent := range prose.Sentences(desc) {
		var rel string
		switch {
		case excludeRE.MatchString(sent):
			rel = "exclusive"
		case laterRE.MatchString(sent):
			rel = "after"
		case earlierRE.MatchString(sent):
			rel = "before"
		case afterRE.MatchString(sent):
			rel = "after"
		case beforeRE.MatchString(sent):
			rel = "before"
		default:
			continue
		}
		out = append(out, sentenceRel{sent, rel})
	}
	if m != nil {
		m.sentences.Store(desc, out)
	}
	return out
}

// mentions reports whether text names the argument as a word of its own.
func mentions(text, name string) bool {
	i := 0
	for {
		j := strings.Index(text[i:], name)
		if j < 0 {
			return false
		}
		j += i
		before := j == 0 || !wordByte(text[j-1])
		after := j+len(name) == len(text) || !wordByte(text[j+len(name)])
		if before && after {
			return true
		}
		i = j + 1
	}
}

func wordByte(b byte) bool {
	return b == '_' || b == '-' || b >= '0' && b <= '9' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z'
}

// choose returns which arguments a case of the scenario sends: the
// required ones and the user's, plus the optional ones the scenario picks,
// with the exclusive pairs resolved and the body's minimum met. forced
// are arguments the case must send (the user's data).
// maxOptionalArgs is the most optional arguments a case gives: a person
// asks for a dozen things at most, and some bodies flatten into hundreds
// of arguments (DocuSign's account settings).
const maxOptionalArgs = 12

func (c *constraints) choose(rng *rand.Rand, args []toolschema.Arg, sc Scenario, forced map[string]bool) map[string]bool {
	in := map[string]bool{}
	var optional []string
	for _, a := range args {
		switch {
		case a.Required || forced[a.Name]:
			in[a.Name] = true
		case c.opaque[a.Name], c.unasked[a.Name] != "":
		default:
			optional = append(optional, a.Name)
		}
	}
	switch sc {
	case All:
		// Every optional argument, up to what one request says: the
		// first maxOptionalArgs, in the spec's order.
		for _, n := range optional[:min(len(optional), maxOptionalArgs)] {
			in[n] = true
		}
	case Subset:
		if len(optional) > 0 {
			// At least one optional argument and, when there are several,
			// not all of them: a subset that differs from both other
			// scenarios.
			k := min(1+rng.IntN(max(1, len(optional)-1)), maxOptionalArgs)
			for _, i := range rng.Perm(len(optional))[:k] {
				in[optional[i]] = true
			}
		}
	}
	fixed := func(n string) bool {
		for _, a := range args {
			if a.Name == n {
				return a.Required || forced[n]
			}
		}
		return false
	}
	for _, p := range c.exclusive {
		if !in[p[0]] || !in[p[1]] {
			continue
		}
		switch {
		case fixed(p[0]) && fixed(p[1]):
		case fixed(p[0]):
			delete(in, p[1])
		case fixed(p[1]):
			delete(in, p[0])
		default:
			delete(in, p[rng.IntN(2)])
		}
	}
	if c.bodyMin > 0 {
		n := 0
		var spare []string
		for _, a := range args {
			if !c.bodyArgs[a.Name] {
				continue
			}
			if in[a.Name] {
				n++
			} else if !c.opaque[a.Name] && c.unasked[a.Name] == "" && !c.excluded(a.Name, in) {
				spare = append(spare, a.Name)
			}
		}
		for _, i := range rng.Perm(len(spare)) {
			if n >= c.bodyMin {
				break
			}
			in[spare[i]] = true
			n++
		}
	}
	return in
}

// excluded reports whether sending name would break an exclusive pair
// with an argument already in.
func (c *constraints) excluded(name string, in map[string]bool) bool {
	for _, p := range c.exclusive {
		if p[0] == name && in[p[1]] || p[1] == name && in[p[0]] {
			return true
		}
	}
	return false
}

// order swaps the values of ordered pairs that are out of order; it
// leaves values alone that it cannot compare or that the user gave.
func (c *constraints) order(args map[string]any, src map[string]Source) {
	for _, p := range c.ordered {
		lo, okLo := args[p[0]]
		hi, okHi := args[p[1]]
		if !okLo || !okHi || src[p[0]].Kind == FromUser || src[p[1]].Kind == FromUser {
			continue
		}
		if less(hi, lo) {
			args[p[0]], args[p[1]] = hi, lo
			src[p[0]], src[p[1]] = src[p[1]], src[p[0]]
		}
	}
}

func less(a, b any) bool {
	switch x := a.(type) {
	case float64:
		y, ok := b.(float64)
		return ok && x < y
	case string:
		y, ok := b.(string)
		return ok && x < y
	}
	return false
}
