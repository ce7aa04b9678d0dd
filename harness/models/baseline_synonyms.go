package models

import (
	"strings"

	"github.com/agentready/agentready/harness/retrieve"
)

// expandQuery adds to a request the words that mean what its words mean
// (retrieve.Synonyms), for the BM25 search; identifiers are left alone.
func expandQuery(u *utterance) string {
	var extra []string
	seen := map[string]bool{}
	for _, w := range u.words {
		if u.valueToken(w.tok) {
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
		return u.text
	}
	return u.text + " " + strings.Join(extra, " ")
}
