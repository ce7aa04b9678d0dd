package baseline

import (
	"github.com/agentready/agentready/harness/retrieve"
	"github.com/agentready/agentready/internal/english"
)

// describedNouns gives a plain word to the one argument whose
// description says what it names with the noun said right before the
// word: "commits on branch develop" for ref_name, "The name of a
// repository branch or tag". A model reads the noun as saying what the
// word is, as it does for a name-shaped word ("on branch hotfix-7").
// The argument is a string without enum or pattern, still empty; the
// noun is a word of no argument's name (those are read by named) and
// of none of the tool's topic ("project 4412" names the project), and
// exactly one argument's description says the value is that thing's
// name (valueNouns); the word is a plain word (plainWord) with no
// boundary between the two.
func (f *filler) describedNouns() {
	u := f.u
	for at, w := range u.words {
		if w.stem == "" || u.used[w.tok] || u.toks[w.tok].last != at || u.boundaryAfter(at) ||
			f.tool.topic[w.stem] || f.tool.argWords[w.stem] {
			continue
		}
		ti := w.tok + 1
		if ti >= len(u.toks) || !f.plainWord(ti) {
			continue
		}
		var only *param
		n := 0
		for _, p := range f.tool.params {
			if p.valueNouns[w.stem] {
				n++
				only = p
			}
		}
		if n != 1 || f.has(only) || !only.free() || only.pattern != nil || only.ident || only.scalarType() != "string" || only.array || prose(only) {
			continue
		}
		if f.set(only, u.toks[ti].raw) {
			u.used[ti] = true
			u.used[w.tok] = true
			f.notes = append(f.notes, only.name+" is the "+w.lower+" said")
		}
	}
}

// valueNouns are the stems of the things an argument's description says
// its value names: up to four words after "name of" ("The name of a repository
// branch or tag": repository, branch, tag) and the word before "name"
// ("the branch name"), stop words left out.
func valueNouns(desc string) map[string]bool {
	out := map[string]bool{}
	ws := retrieve.Words(desc)
	for i, w := range ws {
		if w != "name" {
			continue
		}
		if i > 0 && !retrieve.IsStopWord(ws[i-1]) {
			out[english.Stem(ws[i-1])] = true
		}
		if i+1 < len(ws) && ws[i+1] == "of" {
			for _, x := range ws[i+2 : min(i+6, len(ws))] {
				if !retrieve.IsStopWord(x) {
					out[english.Stem(x)] = true
				}
			}
		}
	}
	return out
}
