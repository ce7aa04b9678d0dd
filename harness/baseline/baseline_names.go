package baseline

import (
	"regexp"
	"strings"

	"github.com/agentready/agentready/harness/retrieve"
	"github.com/agentready/agentready/internal/english"
)

// reNameOf reads what a "name" argument names from its description:
// "name of the Pod", "The name of the ConfigMap".
var reNameOf = regexp.MustCompile(`(?i)^\s*(?:the\s+)?name\s+of\s+the\s+([A-Za-z][A-Za-z0-9]*)`)

// namesObject reports whether p is a top-level argument called "name"
// that identifies the object the tool acts on, as an id does: required,
// or described as "name of the X". Kubernetes names every object so
// (readCoreV1NamespacedPod takes the pod's name). A body field called
// name, or the name a create tool takes, is what a new object will be
// called, free text, and is left alone.
func (t *toolSpec) namesObject(p *param) bool {
	if len(p.path) > 1 || len(p.words) != 1 || p.words[0] != "name" || toolAction(t.name, t.desc) == "create" {
		return false
	}
	return p.required || reNameOf.MatchString(p.desc)
}

// objectNouns are the ways a request may name the object whose name p
// is, as stems of words written together: the object the description
// names ("name of the Pod"), else the last one to three words of the
// tool's name ("service", "claim", "volumeclaim", "configmap" and "map"
// for ...ConfigMap), less the tool's verb; issues/get-label's name is a
// label's, not an issue's.
func (t *toolSpec) objectNouns(p *param) map[string]bool {
	words := retrieve.Words(t.name)
	if m := reNameOf.FindStringSubmatch(p.desc); m != nil {
		words = retrieve.Words(m[1])
	} else if len(words) > 0 {
		if _, verb := verbClasses[english.Stem(words[0])]; verb {
			words = words[1:]
		}
	}
	out := map[string]bool{}
	add := func(words []string) {
		joined := ""
		for i := len(words) - 1; i >= 0 && i >= len(words)-3; i-- {
			joined = words[i] + joined
			out[english.Stem(joined)] = true
		}
	}
	add(words)
	if m := reSpecified.FindStringSubmatch(t.desc); m != nil {
		// "read log of the specified Pod": the name is the pod's.
		add(retrieve.Words(m[1]))
	}
	return out
}

// reSpecified reads the object a tool's description says it acts on:
// "read log of (the) specified Pod".
var reSpecified = regexp.MustCompile(`(?i)\bspecified\s+([A-Za-z][A-Za-z0-9]*)`)

// objectNames gives an argument that names the tool's object the token
// said right after the object's noun: "pod web-7f9c", "configmap
// app-settings", "persistent volume claim data-postgres-0". The token
// must read as a name, not a word: it has a digit, a dash, a dot or an
// underscore, or it is quoted ("the pod 'api'"); "the pod in namespace
// shop" names no pod.
func (f *filler) objectNames() {
	for _, p := range f.tool.params {
		if !f.tool.namesObject(p) || f.has(p) {
			continue
		}
		nouns := f.tool.objectNouns(p)
		for i, t := range f.u.toks {
			if f.u.used[i] || t.first == 0 || !nameShaped(t) || f.u.boundaryAfter(t.first-1) || !f.saysObject(t.first-1, nouns) {
				continue
			}
			if f.set(p, t.raw) {
				f.u.used[i] = true
				f.ownNoun[p.name] = true
				f.notes = append(f.notes, p.name+" is what follows "+f.u.words[t.first-1].lower)
			}
			break
		}
		if !f.has(p) {
			f.nameBefore(p, nouns)
		}
	}
}

// nameBefore gives p the one word said between "the" and the object's
// noun: "the checkout service". A word a request uses for something else
// (a verb, a stop word, an argument's name) is not a name.
func (f *filler) nameBefore(p *param, nouns map[string]bool) {
	u := f.u
	for w := 2; w < len(u.words); w++ {
		if !f.saysObject(w, nouns) || u.words[w-2].lower != "the" || u.boundaryAfter(w-1) {
			continue
		}
		cand := u.words[w-1]
		tok := u.toks[cand.tok]
		if f.u.used[cand.tok] || cand.stem == "" || tok.first != tok.last || retrieve.IsStopWord(cand.lower) ||
			requestVerbs[cand.stem] || f.tool.argWords[cand.stem] || f.tool.topic[cand.stem] || politeness[cand.lower] {
			continue
		}
		if f.set(p, tok.raw) {
			u.used[cand.tok] = true
			f.notes = append(f.notes, p.name+" is the word before "+u.words[w].lower)
		}
		return
	}
}

// saysObject reports whether the one to three words ending at word end,
// written together, are one of nouns; a comma may follow them ("stop
// the checkout service, then ...").
func (f *filler) saysObject(end int, nouns map[string]bool) bool {
	if end < 0 {
		return false
	}
	joined := ""
	for k := end; k >= 0 && end-k < 3; k-- {
		if k < end && f.u.boundaryAfter(k) || f.u.words[k].stem == "" {
			break
		}
		joined = f.u.words[k].lower + joined
		if nouns[english.Stem(joined)] {
			return true
		}
	}
	return false
}

// nameShaped reports whether a token reads as an object's name rather
// than a word of the sentence or a number: it has a letter, and a digit,
// a dash, a dot or an underscore.
func nameShaped(t token) bool {
	if t.quoted {
		return t.raw != ""
	}
	return strings.ContainsAny(t.raw, "0123456789-._") && strings.IndexFunc(t.raw, isLetter) >= 0 &&
		!strings.HasSuffix(t.raw, ".")
}

func isLetter(r rune) bool { return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' }

// compoundName reports whether a token is a name made of words and
// digits joined by dashes, dots or underscores ("worker-3",
// "data-postgres-0"): a value, though no part mixes letters and digits
// as an identifier's does.
func compoundName(raw string) bool {
	return strings.ContainsAny(raw, "-_.") && strings.IndexFunc(raw, isLetter) >= 0 &&
		strings.ContainsAny(raw, "0123456789") && !strings.HasSuffix(raw, ".")
}
