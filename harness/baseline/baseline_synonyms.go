package baseline

import (
	"strings"

	"github.com/agentready/agentready/harness/retrieve"
)

// expandQuery is the request as the BM25 search reads it: without the
// name it gives a thing (quoted text, a capitalised name: "team Service
// Desk" is about teams, not about tools whose text says "service"), plus
// the words that mean what its words mean (retrieve.Synonyms);
// identifiers are left alone.
func expandQuery(u *utterance) string {
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
		for _, s := range retrieve.Synonyms(w.stem) {
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
