package baseline

import (
	"slices"
	"strings"

	"github.com/agentready/agentready/harness/retrieve"
	"github.com/agentready/agentready/internal/english"
)

// reread checks, once every pass has filled the arguments, that each
// identifier sits in the argument the words around it say, as a model
// rereads its call before sending it. Two identifiers of the same kind the
// passes gave to two arguments are swapped when the cue before one of
// them says the other argument and no cue says they are right: the noun
// right before it ("user 8c1d..." is the user's, the thing of the path's
// /users/{id}), or a preposition the tool's description puts before that
// argument's thing ("Marks an item as played for user": "for 8a7b..." is
// the user's, when it ends its phrase), or the verb right before it, whose
// object is the thing the tool's name ends in ("mark 3c2b... as watched"
// is the item's of MarkPlayedItem). And for a tool that takes a thing's name and its new name
// (name and newName, username and new_username), the value after "to" is
// the new one ("rename library Films to Movies", "change mia_k's username
// to mia_kowalski"), the other the old one.
func (f *filler) reread() {
	f.renewed()
	type held struct {
		p   *param
		tok int
	}
	var hs []held
	for _, p := range f.tool.params {
		v, ok := f.args[p.name]
		if !ok || p.array || len(p.enum) > 0 || len(p.named) > 0 {
			// Values a schema lists say by themselves where they go:
			// "high priority network ticket" is no priority network.
			continue
		}
		if str, _ := v.(string); !idLike(str) {
			continue
		}
		if k := f.tokenOf(v); k >= 0 {
			hs = append(hs, held{p, k})
		}
	}
	for a := 0; a < len(hs); a++ {
		for b := a + 1; b < len(hs); b++ {
			A, B := hs[a], hs[b]
			if A.p.scalarType() != B.p.scalarType() || A.p.format != B.p.format {
				continue
			}
			iA, iB := f.says(A.tok, A.p, B.p), f.says(B.tok, B.p, A.p)
			iOther, jOther := f.says(A.tok, B.p, A.p), f.says(B.tok, A.p, B.p)
			if iA || iB || !iOther && !jOther {
				continue
			}
			va, vb := f.args[A.p.name], f.args[B.p.name]
			if !fits(B.p, va) || !fits(A.p, vb) {
				continue
			}
			f.args[A.p.name], f.args[B.p.name] = vb, va
			hs[a].tok, hs[b].tok = B.tok, A.tok
			f.notes = append(f.notes, A.p.name+" and "+B.p.name+" swapped by the words before them")
		}
	}
}

// renewed puts the value said after "to" in the argument named new plus
// another argument's name, and the old name in that other argument.
func (f *filler) renewed() {
	for _, n := range f.tool.params {
		if len(n.words) < 2 || n.words[0] != "new" || n.array {
			continue
		}
		old := f.tool.sole(func(p *param) bool {
			return slices.Equal(p.words, n.words[1:]) && !p.array && p.scalarType() == n.scalarType()
		})
		if old == nil {
			continue
		}
		to := -1
		for k := 1; k < len(f.u.toks); k++ {
			if f.u.toks[k-1].lower == "to" && !f.u.toks[k-1].clauseEnd {
				if to >= 0 {
					return // two: the request does not say which
				}
				to = k
			}
		}
		if to < 0 {
			return
		}
		raw := f.u.toks[to].raw
		ov, nv := f.args[old.name], f.args[n.name]
		switch {
		case sameValue(ov, raw) && nv != nil:
			f.args[old.name], f.args[n.name] = nv, ov
		case sameValue(ov, raw):
			before := to - 2
			if before < 0 || f.u.toks[before].clauseEnd || !f.plainWord(before) {
				return
			}
			f.args[n.name] = ov
			f.args[old.name] = f.u.toks[before].raw
			f.u.used[before] = true
		default:
			return
		}
		f.notes = append(f.notes, n.name+" takes the value after \"to\"")
	}
}

// sameValue reports whether the argument value v is the token raw.
func sameValue(v any, raw string) bool {
	s, ok := v.(string)
	return ok && strings.EqualFold(s, raw)
}

// fits reports whether v may go in p: its pattern, if any, takes it.
func fits(p *param, v any) bool {
	s, ok := v.(string)
	return !ok || p.pattern == nil || p.pattern.MatchString(s)
}

// tokenOf is the one token of the request written as v, or -1.
func (f *filler) tokenOf(v any) int {
	var raw string
	switch x := v.(type) {
	case string:
		raw = x
	default:
		return -1
	}
	at := -1
	for k, t := range f.u.toks {
		if strings.EqualFold(t.raw, raw) {
			if at >= 0 {
				return -1
			}
			at = k
		}
	}
	return at
}

// says reports whether the words right before token k name p's thing and
// not other's: the noun before it (past "the" or "a"), or a preposition
// the tool's description says before p's thing.
func (f *filler) says(k int, p, other *param) bool {
	w := f.u.toks[k].first - 1
	for w >= 0 && (f.u.words[w].lower == "the" || f.u.words[w].lower == "a" || f.u.words[w].lower == "an") && !f.u.boundaryAfter(w) {
		w--
	}
	if w < 0 || f.u.boundaryAfter(w) {
		return false
	}
	st := f.u.words[w].stem
	if st == "" {
		return false
	}
	if f.thingNamed(st, p) && !f.thingNamed(st, other) {
		return true
	}
	if w == 0 || requestVerbs[st] || verbClasses[st] != "" {
		// "mark 3c2b... as watched": the verb's object is the thing
		// the tool acts on, the item of MarkPlayedItem; not when the
		// name ends in its verb (conversations_kick kicks a user out
		// of a conversation).
		ws := retrieve.Words(f.tool.name)
		if f.tool.object == "" || len(ws) == 0 || english.Stem(ws[len(ws)-1]) != f.tool.object {
			return false
		}
		return f.thingNamed(f.tool.object, p) && !f.thingNamed(f.tool.object, other)
	}
	if !retrieve.IsStopWord(f.u.words[w].lower) || !f.endsPhrase(k) {
		// "users in webshop production": two values after one
		// preposition, whose thing it introduces is not said.
		return false
	}
	after := f.tool.describedAfter(f.u.words[w].lower)
	return after != "" && f.thingNamed(after, p) && !f.thingNamed(after, other)
}

// endsPhrase reports whether token k ends its phrase: the request or a
// clause ends after it, or a stop word follows.
func (f *filler) endsPhrase(k int) bool {
	t := f.u.toks[k]
	return k+1 >= len(f.u.toks) || t.clauseEnd || retrieve.IsStopWord(f.u.toks[k+1].lower)
}

// thingNamed reports whether the stem st names the thing p identifies:
// a word of its name (past id), the path's noun before a bare id, or a
// synonym of one.
func (f *filler) thingNamed(st string, p *param) bool {
	things := slices.Clone(p.stems)
	if pt := f.tool.pathThing(p); pt != "" {
		things = append(things, pt)
	}
	for _, s := range append([]string{st}, retrieve.Synonyms(st)...) {
		if slices.Contains(things, s) && !idWords[s] {
			return true
		}
	}
	return false
}

// describedAfter is the stem of the noun the tool's description's first
// sentence says right after the preposition prep ("for user", "to a
// group"), "" when it says none or more than one.
func (t *toolSpec) describedAfter(prep string) string {
	first := t.desc
	if i := strings.IndexAny(first, ".\n"); i >= 0 {
		first = first[:i]
	}
	ws := strings.Fields(strings.ToLower(first))
	found := ""
	for i := 0; i+1 < len(ws); i++ {
		if ws[i] != prep {
			continue
		}
		n := i + 1
		if (ws[n] == "the" || ws[n] == "a" || ws[n] == "an") && n+1 < len(ws) {
			n++
		}
		st := english.Stem(strings.Trim(ws[n], ".,;:()'\""))
		if st == "" || found != "" && found != st {
			return ""
		}
		found = st
	}
	return found
}
