package baseline

import "testing"

// A name word the request says only through the learned lexicon counts,
// weakly: "installments of podcast X" says episodes (get-a-shows-episodes)
// more than nothing, less than the word itself, and not at all when a
// tool's name or first sentence uses the request's word.
func TestLearnedWordCountsWeakly(t *testing.T) {
	k := newToolkit(nil)
	u := readUtterance("latest installments of podcast 38bS44xjbVVZ3No3ByF1dJ")
	s := k.saidWords(u, requestAction(u))
	learned := s.nameCover("get-a-shows-episodes", nil)
	u2 := readUtterance("latest episodes of show 38bS44xjbVVZ3No3ByF1dJ")
	exact := k.saidWords(u2, requestAction(u2)).nameCover("get-a-shows-episodes", nil)
	none := s.nameCover("get-a-shows-trailers", nil)
	if !(none < learned && learned < exact) {
		t.Errorf("nameCover: unrelated %.2f, learned %.2f, said %.2f; want them in that order", none, learned, exact)
	}
	k.vocab = map[string]bool{"podcast": true}
	if got := k.saidWords(u, requestAction(u)).nameCover("get-a-shows-episodes", nil); got != none {
		t.Errorf("with podcast in the tools' own words, nameCover = %.2f, want %.2f as for an unrelated name", got, none)
	}
}
