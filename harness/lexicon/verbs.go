package lexicon

import (
	_ "embed"
	"strconv"
	"strings"
	"sync"
)

//go:generate go run ./wordnet -docfreq docfreq.txt -out verbs.txt

// verbTable is verbs.txt: English verbs' synonyms and direct hypernyms in
// their most frequent senses, derived from WordNet 3.0 (its notice heads
// the file) by the wordnet command.
//
//go:embed verbs.txt
var verbTable string

// VerbSense is one sense of an English verb as WordNet gives it.
type VerbSense struct {
	// Sense is the sense's number, 1 for the most frequent.
	Sense int
	// Tags is how often WordNet's corpus tagged the word in this sense.
	Tags int
	// Synonyms are the sense's other words, Hypernyms the words of the
	// senses it is a kind of ("tear down" is a way to destroy); a
	// phrasal verb's words are joined by "_" ("kick_off").
	Synonyms, Hypernyms []string
	// AsVerb and AsNoun are how often the corpus tagged the word as a
	// verb (in any sense) and as a noun: "branch" is mostly a noun.
	AsVerb, AsNoun int
}

var verbs = sync.OnceValue(func() map[string][]VerbSense {
	out := map[string][]VerbSense{}
	for _, line := range strings.Split(verbTable, "\n") {
		f := strings.Fields(line)
		if len(f) != 6 || f[0] == "#" {
			continue
		}
		s := VerbSense{Synonyms: words(f[3]), Hypernyms: words(f[4])}
		s.Sense, _ = strconv.Atoi(f[1])
		s.Tags, _ = strconv.Atoi(f[2])
		v, n, _ := strings.Cut(f[5], "/")
		s.AsVerb, _ = strconv.Atoi(v)
		s.AsNoun, _ = strconv.Atoi(n)
		out[f[0]] = append(out[f[0]], s)
	}
	return out
})

func words(list string) []string {
	if list == "-" {
		return nil
	}
	return strings.Split(list, ",")
}

// Verb returns the kept senses of the verb written lemma (lower case, a
// phrasal verb's words joined by "_": "kick_off"), most frequent first,
// nil when the table has none.
func Verb(lemma string) []VerbSense { return verbs()[lemma] }
