package learn

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/agentready/agentready/harness/lexicon"
)

var update = flag.Bool("update", false, "rewrite testdata/fixture.txt")

// fixtureSettings are Defaults scaled to the fixture's nine operations.
var fixtureSettings = Settings{MinProviders: 3, MinOps: 3, MinNPMI: 0.25, PerWord: 5, TextWords: 40}

// TestLearnReproducesFixture runs the learner over a small directory of
// three providers (and an excluded GitHub document) and compares the
// table with testdata/fixture.txt: the learner is deterministic, pairs
// bill with invoice and kick with remove, which three providers say in
// other words, and learns nothing from an excluded API or from words only
// one provider uses.
func TestLearnReproducesFixture(t *testing.T) {
	ops, docs, err := ReadDir(filepath.Join("testdata", "api"), Excluded)
	if err != nil {
		t.Fatal(err)
	}
	if docs != 3 || len(ops) != 9 {
		t.Fatalf("read %d documents, %d operations; want 3 and 9 (GitHub's is excluded)", docs, len(ops))
	}
	var got bytes.Buffer
	if err := Write(&got, Learn(ops, fixtureSettings), Header("the fixture", docs, len(ops), fixtureSettings)); err != nil {
		t.Fatal(err)
	}
	golden := filepath.Join("testdata", "fixture.txt")
	if *update {
		if err := os.WriteFile(golden, got.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if got.String() != string(want) {
		t.Errorf("the learned table differs from %s (go test -update rewrites it):\n%s", golden, got.String())
	}
	pairs, err := lexicon.Read(&got)
	if err != nil {
		t.Fatal(err)
	}
	has := func(a, b string) bool {
		return slices.ContainsFunc(pairs, func(p Pair) bool { return p.A == a && p.B == b })
	}
	for _, p := range [][2]string{{"bill", "invoic"}, {"invoic", "bill"}, {"remov", "kick"}, {"kick", "remov"}} {
		if !has(p[0], p[1]) {
			t.Errorf("%s is not paired with %s", p[0], p[1])
		}
	}
	for _, p := range pairs {
		if p.A == "secret" || p.B == "secret" || p.A == "temperatur" || p.B == "temperatur" {
			t.Errorf("learned %v from an excluded API or from two providers", p)
		}
	}
	// The order of the operations does not matter.
	slices.Reverse(ops)
	var again bytes.Buffer
	_ = Write(&again, Learn(ops, fixtureSettings), Header("the fixture", docs, len(ops), fixtureSettings))
	if again.String() != string(want) {
		t.Error("the table depends on the order of the operations")
	}
}

// TestReadDirNamesBadDocument checks that a document that is not JSON is
// an error naming it, not a panic or a silent skip.
func TestReadDirNamesBadDocument(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "broken.com.json"), []byte(`{"paths": [`), 0o644); err != nil {
		t.Fatal(err)
	}
	_, _, err := ReadDir(dir, Excluded)
	if err == nil || !strings.Contains(err.Error(), "broken.com.json") {
		t.Fatalf("err = %v, want one naming broken.com.json", err)
	}
	if err := os.WriteFile(filepath.Join(dir, "broken.com.json"), []byte(`{"paths": {"/a": {"get": 3}}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, _, err = ReadDir(dir, Excluded); err == nil || !strings.Contains(err.Error(), "get /a") {
		t.Fatalf("err = %v, want one naming get /a", err)
	}
}
