package judge

import (
	"regexp"
	"slices"
	"strings"

	"github.com/agentready/agentready/gen/describe/prose"
	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/harness/retrieve"
)

// pathPrefix matches the segments of a path that say which API and
// version it is, not what it works on: "api", "apis", "rest", "v1",
// "v1beta1", "2", "3.0".
var pathPrefix = regexp.MustCompile(`^(?:api|apis|rest|v?[0-9]+(?:\.[0-9]+)*(?:(?:alpha|beta)[0-9]*)?)$`)

// Spoken returns, lower-cased, what a tool's path (its literal segments
// after the API and version prefix: "namespaces events" of
// /api/v1/namespaces/{namespace}/events), summary and the first sentence
// of its description say. A word of the tool's name that it does not
// hold is the name's bookkeeping ("core", "v1"): no one asking for the
// tool says it.
func Spoken(op *ir.Operation) string {
	segs := strings.Split(strings.Trim(op.Path, "/"), "/")
	start := 0
	for i, sg := range segs {
		if pathPrefix.MatchString(strings.ToLower(sg)) {
			start = i + 1
		}
	}
	var path []string
	for _, sg := range segs[start:] {
		if !strings.HasPrefix(sg, "{") {
			path = append(path, strings.ToLower(sg))
		}
	}
	return strings.Join(path, " ") + " " + strings.ToLower(prose.Clean(op.Summary)+" "+prose.FirstSentence(prose.Clean(op.Description)))
}

// spokenWordsOf returns the stems of wordsOf(op) less the name's
// bookkeeping (Spoken).
func spokenWordsOf(op *ir.Operation, words toolWords) toolWords {
	toks := retrieve.Tokens(Spoken(op))
	out := toolWords{}
	for w := range words {
		// A word is said whole, or begins a word run together
		// ("pod" of podpresets), or, of four letters or more, is
		// inside one ("role" of clusterroles); "set" of settings is
		// not said by podpresets.
		if slices.ContainsFunc(toks, func(t string) bool {
			return t == w || strings.HasPrefix(t, w) || len(w) >= 4 && strings.Contains(t, w)
		}) {
			out[w] = true
		}
	}
	return out
}

// tellsSpoken reports whether a text that said tells the target from a
// nearby tool (sp splits their spoken words) once the bookkeeping of both names is left out: "a pod"
// for createCoreV1NamespacedPod beside
// createSettingsV1alpha1NamespacedPodPreset, whose only word the target
// has and the other lacks is "core". Two tools whose spoken words are the
// same are not told apart this way.
func tellsSpoken(sp split, said *saidWords) bool {
	t := sp.tally(said)
	return t.own > 0 && (t.ownSaid == t.own || t.ownSaid > t.theirsSaid) || t.own == 0 && t.theirs > 0 && t.theirsSaid == 0
}
