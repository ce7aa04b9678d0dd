package baseline

import (
	"strings"

	"github.com/agentready/agentready/harness/retrieve"
)

// expandQuery is the request as the BM25 search reads it: without the
// name it gives a thing (quoted text, a capitalised name: "team Service
// Desk" is about teams, not about tools whose text says "service"), plus
// the words that mean what its words mean (retrieve.Synonyms) for the
// words the tools do not use themselves (see toolkit.synonyms);
// identifiers are left alone.
func (k *toolkit) expandQuery(u *utterance) string {
	var extra []string
	seen := map[string]bool{}
	name := map[int]bool{}
	for _, tok := range u.nameTokens() {
		name[tok] = true
	}
	var kept []string
	for i, t := range u.toks {
		if !name[i] {
			kept = append(kept, t.raw)
		}
	}
	text := strings.Join(kept, " ")
	for _, w := range u.words {
		if u.valueToken(w.tok) || name[w.tok] {
			continue
		}
		for _, s := range k.synonyms(w.stem) {
			if !seen[s] {
				seen[s] = true
				extra = append(extra, s)
			}
		}
	}
	if len(extra) == 0 {
		return text
	}
	return text + " " + strings.Join(extra, " ")
}

// synonyms are the stems of the words that mean what the word with stem
// st means, when no tool's name or purpose (its description's first
// sentence) uses st itself: a model maps "bill" onto invoice for an API
// that speaks only of invoices, but reads "workspace" as workspace where
// the tools say workspace, not as another word for team.
func (k *toolkit) synonyms(st string) []string {
	if k.vocab[st] {
		return nil
	}
	return retrieve.Synonyms(st)
}
