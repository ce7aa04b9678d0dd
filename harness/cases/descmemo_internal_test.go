package cases

import (
	"slices"
	"testing"
)

// A description's relating sentences are read once per descMemo, and
// are those read without one.
func TestDescMemoReadsOnce(t *testing.T) {
	const desc = "The newest date. Must be later than from_date. Cannot be combined with page."
	want := []sentenceRel{{"Must be later than from_date.", "after"}, {"Cannot be combined with page.", "exclusive"}}
	var none *descMemo
	if got := none.rels(desc); !slices.Equal(got, want) {
		t.Fatalf("without a memo: %v, want %v", got, want)
	}
	m := &descMemo{}
	first := m.rels(desc)
	if !slices.Equal(first, want) {
		t.Fatalf("first read: %v, want %v", first, want)
	}
	if again := m.rels(desc); &again[0] != &first[0] {
		t.Error("the second read read the description again")
	}
}
