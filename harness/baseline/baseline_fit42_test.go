package baseline

import (
	"testing"

	"github.com/agentready/agentready/internal/english"
)

// A name word most tools share counts half said and qualifies nothing
// when the request does not say it; an argument the request filled that
// stands for it (nodeBalancerId for the Node of getNodeBalancer) must not
// make it a qualifier that costs the tool: filling never lowers a cover.
func TestFilledCommonWordQualifiesNothing(t *testing.T) {
	s := said{stems: map[string]bool{}, exact: map[string]bool{}, syn: map[string]bool{}, learned: map[string]bool{},
		whose: map[string]bool{}, action: "read", common: map[string]bool{english.Stem("node"): true}}
	for _, w := range []string{"load", "balancer", "details"} {
		s.stems[english.Stem(w)], s.exact[w] = true, true
	}
	filled := map[string]bool{english.Stem("node"): true, english.Stem("balancer"): true}
	for _, name := range []string{"getNodeBalancer", "getRepositoriesWorkspaceRepoSlugDefaultReviewers"} {
		if before, after := s.nameCover(name, nil), s.nameCover(name, filled); after < before {
			t.Errorf("cover of %s fell from %.2f to %.2f once its argument was filled", name, before, after)
		}
	}
}
