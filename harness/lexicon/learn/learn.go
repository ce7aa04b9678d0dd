// Package learn learns the table of package lexicon from a directory of
// OpenAPI documents; the learnlexicon command runs it.
package learn

import (
	"bufio"
	"cmp"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/agentready/agentready/harness/lexicon"
	"github.com/agentready/agentready/harness/retrieve"
	"github.com/agentready/agentready/internal/english"
)

// Settings are the learner's thresholds; Defaults are those the
// committed table was made with.
type Settings struct {
	// MinProviders is how many providers (the directory's first path
	// element: stripe.com, azure.com) must use a pair before it counts,
	// so that no one vendor's vocabulary becomes English.
	MinProviders int
	// MinOps is how many operations must use a pair.
	MinOps int
	// MinNPMI is the least normalised PMI a pair must reach (-1 to 1).
	MinNPMI float64
	// PerWord is how many associates a word keeps at most, best first.
	PerWord int
	// TextWords is how many words of an operation's summary and
	// description are read (the first sentence or two say what it does).
	TextWords int
}

// Defaults are the settings the committed table was learned with.
var Defaults = Settings{MinProviders: 3, MinOps: 5, MinNPMI: 0.25, PerWord: 5, TextWords: 40}

// Operation is what the learner reads of one operation.
type Operation struct {
	Provider    string
	ID          string
	Path        string
	Summary     string
	Description string
}

// methods are the operation keys of a path item.
var methods = []string{"get", "put", "post", "delete", "patch", "head", "options", "trace"}

// ReadDir reads the operations of every JSON document under dir, in
// file name order, skipping the documents skip says to (the APIs an
// evaluation is measured on). A document that is not JSON or has no
// paths is an error naming it.
func ReadDir(dir string, skip func(rel string) bool) ([]Operation, int, error) {
	var files []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() || !strings.HasSuffix(path, ".json") {
			return nil
		}
		rel, _ := filepath.Rel(dir, path)
		rel = filepath.ToSlash(rel)
		if !skip(rel) {
			files = append(files, rel)
		}
		return nil
	})
	if err != nil {
		return nil, 0, err
	}
	slices.Sort(files)
	var ops []Operation
	for _, rel := range files {
		data, err := os.ReadFile(filepath.Join(dir, rel))
		if err != nil {
			return nil, 0, err
		}
		got, err := operations(data, provider(rel))
		if err != nil {
			return nil, 0, fmt.Errorf("%s: %w", rel, err)
		}
		ops = append(ops, got...)
	}
	return ops, len(files), nil
}

// provider is the first element of a document's path in the directory,
// less ".json": "azure.com" for azure.com/network.json.
func provider(rel string) string {
	first, _, _ := strings.Cut(rel, "/")
	return strings.TrimSuffix(first, ".json")
}

// operations decodes the paths of one OpenAPI document.
func operations(data []byte, prov string) ([]Operation, error) {
	var doc struct {
		Paths map[string]json.RawMessage `json:"paths"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		return nil, err
	}
	paths := make([]string, 0, len(doc.Paths))
	for p := range doc.Paths {
		if !strings.HasPrefix(p, "x-") {
			// Extensions ("x-...") are not paths.
			paths = append(paths, p)
		}
	}
	slices.Sort(paths)
	var out []Operation
	for _, p := range paths {
		var item map[string]json.RawMessage
		if err := json.Unmarshal(doc.Paths[p], &item); err != nil {
			return nil, fmt.Errorf("path %s: %w", p, err)
		}
		for _, m := range methods {
			raw, ok := item[m]
			if !ok {
				continue
			}
			var op struct {
				OperationID string `json:"operationId"`
				Summary     string `json:"summary"`
				Description string `json:"description"`
			}
			if err := json.Unmarshal(raw, &op); err != nil {
				return nil, fmt.Errorf("%s %s: %w", m, p, err)
			}
			out = append(out, Operation{Provider: prov, ID: op.OperationID, Path: p, Summary: op.Summary, Description: op.Description})
		}
	}
	return out, nil
}

// Pair is one learned association.
type Pair = lexicon.Pair

// Learn finds, for every word of summaries and descriptions, the other
// words of operation names (operationId and the path's literal segments)
// that go with it: "Removes a user from a conversation" for
// conversations.kick pairs remove with kick, "the invoice of a billing
// period" bill with invoice. An operation counts a pair (t, n) when t is
// in its text and n, another word, in its name; a pair is kept when
// MinOps operations of MinProviders providers count it and its
// normalised PMI over the operations reaches MinNPMI. Words are stemmed
// (english.Stem) and stop words, numbers and one-letter words left out.
// The result holds both directions (kick with remove, remove with kick),
// each word's PerWord best, sorted by word then score; it depends only
// on the operations, not on their order.
func Learn(ops []Operation, s Settings) []Pair {
	type key struct{ t, n string }
	type count struct {
		ops   int
		provs map[string]bool
	}
	pairs := map[key]*count{}
	textN, nameN := map[string]int{}, map[string]int{}
	total := 0
	for _, op := range ops {
		name := stems(op.ID + " " + literalPath(op.Path))
		text := stems(firstWords(op.Summary+". "+op.Description, s.TextWords))
		if len(name) == 0 || len(text) == 0 {
			continue
		}
		total++
		for t := range text {
			textN[t]++
		}
		for n := range name {
			nameN[n]++
		}
		for t := range text {
			for n := range name {
				if t == n || related(t, n) {
					continue
				}
				c := pairs[key{t, n}]
				if c == nil {
					c = &count{provs: map[string]bool{}}
					pairs[key{t, n}] = c
				}
				c.ops++
				if len(c.provs) < s.MinProviders {
					c.provs[op.Provider] = true
				}
			}
		}
	}
	best := map[string]map[string]float64{}
	add := func(a, b string, v float64) {
		if best[a] == nil {
			best[a] = map[string]float64{}
		}
		if v > best[a][b] {
			best[a][b] = v
		}
	}
	for k, c := range pairs {
		if c.ops < s.MinOps || len(c.provs) < s.MinProviders {
			continue
		}
		p := float64(c.ops) / float64(total)
		pmi := math.Log(p / (float64(textN[k.t]) / float64(total) * float64(nameN[k.n]) / float64(total)))
		npmi := pmi / -math.Log(p)
		if npmi < s.MinNPMI {
			continue
		}
		add(k.t, k.n, npmi)
		add(k.n, k.t, npmi)
	}
	var out []Pair
	for a, bs := range best {
		var row []Pair
		for b, v := range bs {
			row = append(row, Pair{A: a, B: b, NPMI: math.Round(v*1000) / 1000})
		}
		slices.SortFunc(row, func(x, y Pair) int {
			if c := cmp.Compare(y.NPMI, x.NPMI); c != 0 {
				return c
			}
			return strings.Compare(x.B, y.B)
		})
		out = append(out, row[:min(len(row), s.PerWord)]...)
	}
	slices.SortStableFunc(out, func(x, y Pair) int { return strings.Compare(x.A, y.A) })
	return out
}

// related reports whether two stems are forms of one word, which the
// baseline already meets ("remind" and "reminder").
func related(a, b string) bool {
	if len(a) > len(b) {
		a, b = b, a
	}
	return len(a) >= 4 && strings.HasPrefix(b, a)
}

// literalPath is the path without its parameters: "/repos/{owner}/pulls"
// is "repos pulls".
func literalPath(p string) string {
	var keep []string
	for _, seg := range strings.Split(p, "/") {
		if !strings.Contains(seg, "{") {
			keep = append(keep, seg)
		}
	}
	return strings.Join(keep, " ")
}

// firstWords is the text up to its n-th word.
func firstWords(s string, n int) string {
	f := strings.Fields(s)
	return strings.Join(f[:min(len(f), n)], " ")
}

// stems are the stems of the words of s that can say a topic: no stop
// words, numbers, one- or two-letter words, words with letters outside
// a to z (english.Stem leaves them as they are).
func stems(s string) map[string]bool {
	out := map[string]bool{}
	for _, w := range retrieve.Words(s) {
		if len(w) < 3 || retrieve.IsStopWord(w) || !english.IsASCIIWord(w) {
			continue
		}
		out[english.Stem(w)] = true
	}
	return out
}

// excludedProviders are the directory's providers whose APIs the
// hand-written and own evaluation suites cover: GitHub, Stripe, Slack,
// Asana, Spotify, Kubernetes, Hetzner, Netlify, Gitea, Box, Zoom,
// DigitalOcean, LaunchDarkly, Linode, SendGrid, Bitbucket, Mailchimp, Vercel, Docker, GitLab, Trello, Xero, Discourse, Keycloak, Jellyfin, Files.com, InfluxDB, Square, Meraki, Mux, Vimeo, Postman, Apache Airflow, Telnyx, Twitter, Increase, ShipEngine, Snyk, Mastodon, SalesLoft, Airbyte, VictorOps, Meilisearch, DRACOON, Plaid, CircleCI, Flat and Jira (also
// published as atlassian.com/jira.json). The example API of the demo is
// agentready's own (specs/exampleapi) and is not in the directory.
var excludedProviders = map[string]bool{
	"github.com": true, "stripe.com": true, "slack.com": true, "asana.com": true, "spotify.com": true,
	"kubernetes.io": true, "hetzner.cloud": true, "netlify.com": true, "gitea.io": true, "jira.local": true,
	"box.com": true, "zoom.us": true, "digitalocean.com": true, "launchdarkly.com": true,
	"linode.com": true, "sendgrid.com": true,
	"bitbucket.org": true, "mailchimp.com": true, "vercel.com": true, "docker.com": true,
	"gitlab.com": true, "trello.com": true, "xero.com": true, "discourse.local": true, "keycloak.local": true,
	"jellyfin.local": true,
	"files.com":      true, "influxdata.com": true, "squareup.com": true, "meraki.com": true, "mux.com": true, "vimeo.com": true,
	"getpostman.com": true, "apache.org": true, "telnyx.com": true, "twitter.com": true, "increase.com": true, "shipengine.com": true, "snyk.io": true,
	"mastodon.local": true, "salesloft.com": true, "airbyte.local": true,
	"victorops.com": true, "meilisearch.com": true, "dracoon.team": true,
	"plaid.com": true, "circleci.com": true, "flat.io": true,
}

// Excluded reports whether the document at rel (a path inside the
// directory's api folder) is one of an API the suites measure on.
func Excluded(rel string) bool {
	return excludedProviders[provider(rel)] || rel == "atlassian.com/jira.json"
}

// Header is the table's header: where it was learned from and how.
func Header(version string, docs, ops int, s Settings) string {
	return fmt.Sprintf(`Word associations for the agentready baseline (package lexicon), learned by
harness/lexicon/learn/learnlexicon from %s:
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

// DocFreq counts, for every stem, the operations whose name (operationId
// and the path's literal segments), summary or description use it, with
// the number of operations counted: how common a word is in what APIs say
// of their operations, the weight a reader gives it whatever tools it is
// shown. Operations with no word are not counted.
func DocFreq(ops []Operation) (map[string]int, int) {
	df := map[string]int{}
	total := 0
	for _, op := range ops {
		words := stems(op.ID + " " + literalPath(op.Path) + " " + op.Summary + ". " + op.Description)
		if len(words) == 0 {
			continue
		}
		total++
		for w := range words {
			df[w]++
		}
	}
	return df, total
}

// WriteDocFreq writes the stems of df used by at least minDF operations,
// one "stem count" line each in stem order, after header as comment lines
// and a line "* total".
func WriteDocFreq(w io.Writer, df map[string]int, total, minDF int, header string) error {
	bw := bufio.NewWriter(w)
	for _, line := range strings.Split(header, "\n") {
		fmt.Fprintf(bw, "# %s\n", line)
	}
	fmt.Fprintf(bw, "* %d\n", total)
	keys := make([]string, 0, len(df))
	for k, n := range df {
		if n >= minDF {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	for _, k := range keys {
		fmt.Fprintf(bw, "%s %d\n", k, df[k])
	}
	return bw.Flush()
}
