package lexicon

import (
	"slices"
	"strings"
	"testing"
)

// The verb table carries WordNet's notice, stays small, and gives
// phrasal verbs their hypernyms: "kick off" is a way to start, "tear
// down" one to destroy; words English uses mostly as nouns are left out.
func TestVerbs(t *testing.T) {
	if !strings.Contains(verbTable, "WordNet 3.0 Copyright 2006 by Princeton University") {
		t.Error("verbs.txt lacks WordNet's notice")
	}
	if len(verbTable) >= 300_000 {
		t.Errorf("verbs.txt is %d bytes, want < 300 KB", len(verbTable))
	}
	has := func(lemma, want string) {
		t.Helper()
		for _, s := range Verb(lemma) {
			if slices.Contains(s.Synonyms, want) || slices.Contains(s.Hypernyms, want) {
				return
			}
		}
		t.Errorf("Verb(%q) = %+v, want %q among its synonyms or hypernyms", lemma, Verb(lemma), want)
	}
	has("kick_off", "start")
	has("tear_down", "destroy")
	has("void", "cancel")
	if s := Verb("mark"); len(s) == 0 || s[0].Sense != 1 || s[0].Tags == 0 {
		t.Errorf("Verb(mark) = %+v, want its first sense with its tag count", s)
	}
	if s := Verb("branch"); s != nil {
		t.Errorf("Verb(branch) = %+v, want none: mostly a noun", s)
	}
}
