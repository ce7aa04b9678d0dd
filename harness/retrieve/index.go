// Package retrieve finds the tools that best match a request, or that are
// most like a given tool, among the tools of one API: the retrieval an
// agent harness needs to give a model the right handful of tools out of
// thousands, and that the offline baseline model uses to pick one.
//
// The index is BM25F (k1 = 1.2, b = 0.75) with two fields, the name and
// the text (and a third, the arguments, when a Doc gives them apart),
// over light tokens: words split at camelCase humps, snake_case and
// kebab-case, lower-cased, without stop words, lightly stemmed (Stem).
// Each field is normalized by its own average length, and a word of the
// name counts NameWeight times as much as one of the text (one of the
// arguments ArgsWeight times), so a request that names a tool's resource
// and verb finds it even among tools whose long descriptions mention
// both.
// Results are ordered by score, then name, then position, so equal
// inputs always give equal answers. Building is linear in the text;
// a query touches only the posting lists of its own words.
package retrieve

import (
	"math"
	"slices"
	"sort"
	"strings"
	"unicode"

	"github.com/agentready/agentready/harness/lexicon"
)

// Doc is one tool to index: its name and what describes it (description,
// argument names and their descriptions; see DocOf). Args is an optional
// third field for a reader that weighs the arguments apart from the
// description (see SplitDocOf); DocOf leaves it empty.
type Doc struct {
	Name string
	Text string
	Args string
	// Method is the tool's HTTP method (GET, POST, ...), "" when unknown.
	// When the index knows it, Search prefers a tool that reads for a
	// request that asks nothing done (see intentOf).
	Method string
	// Path is the tool's path template ("/linode/instances/{linodeId}"),
	// "" when unknown. When the index knows it, Find gives a request
	// that names no identifier the tool that lists what its best tool
	// acts on (withLister).
	Path string
}

// Hit is one tool found, with its BM25 score (higher is better).
type Hit struct {
	Name  string
	Score float64
}

// NameWeight is how many times a word of a tool's name counts, against
// once for a word of its text.
const NameWeight = 3

// ArgsWeight is how much a word of a Doc's Args field counts, against
// once for a word of its text: an argument's description says what the
// tool takes, not what it is for, and a model reads it last.
const ArgsWeight = 0.3

// nFields are the fields of a Doc the index weighs: name, text, args.
const nFields = 3
const (
	k1 = 1.2
	b  = 0.75
	// k3 saturates repeated query words (BM25's query-term weight).
	k3 = 1.2
)

type posting struct {
	doc int32
	tf  float32 // BM25F term frequency: weighted, length-normalized
}

type term struct {
	idf      float64
	postings []posting
}

type termFreq struct {
	term string
	tf   float32
}

// Index is a BM25 index over tool documents. It is safe for concurrent
// use once built.
type Index struct {
	names  []string
	byName map[string]int
	terms  map[string]*term
	// docTerms are each document's terms in first-seen order, for
	// Similar.
	docTerms [][]termFreq
	// named are the terms some document's name uses: the API's own
	// words for what its tools act on.
	named map[string]bool
	// nameTerms are each document's distinct name terms, for the share
	// of its name a request says.
	nameTerms [][]string
	// methods are each document's HTTP method, upper case ("" unknown).
	methods []string
	// paths are each document's path template ("" unknown); listers
	// maps a path to the document that reads it with GET.
	paths   []string
	listers map[string]int
	// vocab is every term, sorted, for the forms of a request's word.
	vocab []string
}

// New indexes docs. Names should be unique; when two docs share a name,
// Similar uses the first.
//
// The name and the text are two fields of BM25F: each word's frequency
// is normalized by its field's length against the field's average, and
// the name's counts NameWeight times.
func New(docs []Doc) *Index { return NewWeighted(docs, nil) }

// WordWeight gives a term's IDF from the number of documents df of the n
// indexed that use it. New weighs a term by these documents alone.
type WordWeight func(term string, df, n int) float64

// NewWeighted is New with each term's IDF given by idf (nil: the indexed
// documents' own), for a reader whose sense of which words matter does
// not come from the handful of documents in front of it
// (lexicon.IDF).
func NewWeighted(docs []Doc, idf WordWeight) *Index {
	ix := &Index{
		names:     make([]string, len(docs)),
		byName:    make(map[string]int, len(docs)),
		terms:     map[string]*term{},
		docTerms:  make([][]termFreq, len(docs)),
		named:     map[string]bool{},
		nameTerms: make([][]string, len(docs)),
		methods:   make([]string, len(docs)),
		paths:     make([]string, len(docs)),
		listers:   map[string]int{},
	}
	type field struct {
		counts map[string]float32
		length float64
	}
	fields := make([][nFields]field, len(docs))
	orders := make([][]string, len(docs))
	var avg [nFields]float64
	var buf []string
	for i, d := range docs {
		ix.names[i] = d.Name
		ix.methods[i] = strings.ToUpper(d.Method)
		ix.paths[i] = d.Path
		if _, dup := ix.listers[d.Path]; !dup && d.Path != "" && ix.methods[i] == "GET" {
			ix.listers[d.Path] = i
		}
		if _, dup := ix.byName[d.Name]; !dup {
			ix.byName[d.Name] = i
		}
		inDoc := map[string]bool{}
		for f, text := range [nFields]string{d.Name, d.Text, d.Args} {
			buf = appendTokens(buf[:0], text)
			if f == 0 && slices.Contains(Words(text), "like") {
				// A name's "like" is its verb (usersIdLike), whatever
				// stop word it is in "I'd like to".
				buf = append(buf, "like")
			}
			counts := make(map[string]float32, len(buf))
			for _, t := range buf {
				if !inDoc[t] {
					inDoc[t] = true
					orders[i] = append(orders[i], t)
				}
				counts[t]++
				if f == 0 {
					ix.named[t] = true
					if counts[t] == 1 {
						ix.nameTerms[i] = append(ix.nameTerms[i], t)
					}
				}
			}
			fields[i][f] = field{counts, float64(len(buf))}
			avg[f] += float64(len(buf))
		}
	}
	for f := range avg {
		if len(docs) > 0 && avg[f] > 0 {
			avg[f] /= float64(len(docs))
		} else {
			avg[f] = 1
		}
	}
	weights := [nFields]float64{NameWeight, 1, ArgsWeight}
	for i := range docs {
		var norms [nFields]float64
		for f := range norms {
			norms[f] = 1 - b + b*fields[i][f].length/avg[f]
		}
		tfs := make([]termFreq, len(orders[i]))
		for j, t := range orders[i] {
			var tf float64
			for f := range norms {
				if c := fields[i][f].counts[t]; c > 0 {
					tf += weights[f] * float64(c) / norms[f]
				}
			}
			// The raw weighted count serves Similar as the query weight.
			raw := NameWeight*fields[i][0].counts[t] + fields[i][1].counts[t] + ArgsWeight*fields[i][2].counts[t]
			tfs[j] = termFreq{t, raw}
			tm := ix.terms[t]
			if tm == nil {
				tm = &term{}
				ix.terms[t] = tm
			}
			tm.postings = append(tm.postings, posting{int32(i), float32(tf)})
		}
		ix.docTerms[i] = tfs
	}
	n := float64(len(docs))
	ix.vocab = make([]string, 0, len(ix.terms))
	for t := range ix.terms {
		ix.vocab = append(ix.vocab, t)
	}
	sort.Strings(ix.vocab)
	for t, tm := range ix.terms {
		if idf != nil {
			tm.idf = idf(t, len(tm.postings), len(docs))
			continue
		}
		df := float64(len(tm.postings))
		tm.idf = math.Log(1 + (n-df+0.5)/(df+0.5))
	}
	return ix
}

// Len is the number of documents indexed.
func (ix *Index) Len() int { return len(ix.names) }

// SynonymWeight is how much a synonym of a request's word counts, against
// once for the word itself, when Search adds it.
const SynonymWeight = 0.5

// LearnedWeight is how much a word the learned lexicon pairs with a
// request's word counts (package lexicon), when Search adds it: half a
// synonym.
const LearnedWeight = 0.25

// Search returns the k documents that best match query, best first; only
// documents that share at least one word with it are returned. A word of
// the query that no tool's name uses is searched with its synonyms too
// (see Synonyms), at SynonymWeight: a request says "bill" where the API
// names its tools after invoices. Such a word also searches for the
// words the learned lexicon pairs with it (package lexicon), at
// LearnedWeight. Words the names use are searched as they are, so
// "workspace" stays a workspace where tools say so. A verb and its
// particle are searched as the word they make together ("sign me out":
// logout; see phrasalWords), since the particle is a stop word.
//
// Search compares words only, as a model weighs the handful of tools it
// is given; Find is the retriever that picks that handful from a whole
// API.
func (ix *Index) Search(query string, k int) []Hit {
	if k <= 0 || len(ix.names) == 0 {
		return nil
	}
	q, _ := ix.expand(slices.Concat(Tokens(query), likedWords(query), phraseTokens(query)))
	return ix.score(q, k, -1)
}

// Find is Search as a retriever over a whole API reads a request, to
// find the handful of tools a model is then given (`eval --retrieve`,
// `serve --dynamic`). Beyond Search it
//   - leaves out the request's values (withoutValues): the pieces of
//     an identifier ("6a09cdc3-8948-…": 09, cdc, 8948) and its numbers
//     are no words of what it asks for, and searched they matched the
//     example identifiers and numbers of unrelated tools' documents;
//     an identifier's type prefix ("prj_8kQ2xLmN": prj) stays a word,
//     as the examples of the tools that take such IDs write it;
//   - searches what a verb means with its particle ("get X back":
//     restore; particleVerbs) as a word of the request, and "like" where
//     it orders a like ("like tweet X", not "I'd like to see"), which a
//     tool's name says as its verb (usersIdLike) though it is a stop
//     word (Search reads it so too);
//   - searches each word's other forms too, at FormWeight ("remind"
//     finds reminders), an identifier's type prefix ("sub_1Mow...") as
//     the start of a name's word, what a question word asks for
//     ("who": users, members) and the words for the caller where the
//     request asks who the caller is ("who am I": me, current; see
//     callerWords);
//   - reads what the request asks done (intentOf) and, where the
//     documents give their HTTP method, counts the read verbs of a
//     tool's name (get, list, ...) as said for a request that asks
//     nothing done, whose tools that change something (a method other
//     than GET or HEAD) keep ReadWeight of their score, and the delete
//     verbs for one that says delete, whose DELETE tools it also
//     prefers (DeleteWeight); such a request's read verbs ("show",
//     "list") are searched at ReadVerbWeight only;
//   - costs a tool the share of its name's words the request does not
//     say (CoverWeight), so the plain tool ranks before its qualified
//     variants; a request that gives an identifier (givesValue) says
//     the "id" of a name ("show project 4412": getProjectsId);
//   - for a request that gives no identifier, or names a thing by name,
//     keeps a place for the tool that lists what its best tool acts on
//     (withLister: "reboot the web-01 linode" needs the list of
//     Linodes, which gives the ID), where the documents give paths;
//   - keeps one API version of each tool (oneVersion:
//     listAppsV1NamespacedDeployment, not also its V1beta1 and V1beta2
//     twins), so that ten tools hold ten operations;
//   - and, for a request to delete a thing it names by name ("the
//     droplet called web-03"), keeps NamedReaders of the k for the best
//     tools that read it, among them the one that lists such things
//     and so gives the ID (withReaders).
func (ix *Index) Find(query string, k int) []Hit {
	if k <= 0 || len(ix.names) == 0 {
		return nil
	}
	toks := append(Tokens(withoutValues(query)), likedWords(query)...)
	for _, p := range typePrefixes(query) {
		toks = append(toks, Tokens(p)...)
	}
	q, said := ix.expand(append(append(toks, phraseTokens(query)...), particleMeanings(verbWords(query))...))
	counts := make(map[string]bool, len(q))
	for _, qt := range q {
		counts[qt.term] = true
	}
	for _, qt := range q[:said] {
		for _, f := range ix.forms(qt.term) {
			if !counts[f] {
				counts[f] = true
				q = append(q, termFreq{f, FormWeight * qt.tf})
			}
		}
	}
	for _, p := range typePrefixes(query) {
		for i := sort.SearchStrings(ix.vocab, p); i < len(ix.vocab) && strings.HasPrefix(ix.vocab[i], p); i++ {
			if f := ix.vocab[i]; !counts[f] && ix.named[f] {
				counts[f] = true
				q = append(q, termFreq{f, SynonymWeight})
			}
		}
	}
	for _, s := range callerWords(query) {
		if !counts[s] && ix.terms[s] != nil {
			counts[s] = true
			q = append(q, termFreq{s, SynonymWeight})
		}
	}
	for _, w := range Words(query) {
		for _, s := range questionWords[w] {
			if !counts[s] && ix.terms[s] != nil {
				counts[s] = true
				q = append(q, termFreq{s, SynonymWeight})
			}
		}
	}
	if givesValue(query) {
		counts["id"] = true
	}
	in := intentOf(query)
	if in == asks {
		for i := range q {
			if readStems[q[i].term] {
				q[i].tf *= ReadVerbWeight
			}
		}
	}
	hits := oneVersion(ix.rank(q, min(versionSpread*k, len(ix.names)), func(d int32, score float64) float64 {
		return score * ix.fit(d, in, counts)
	}), k)
	named := namesByName(query)
	if named || !givesValue(query) {
		hits = ix.withLister(hits, k)
	}
	if in != deletes || !named {
		return hits
	}
	return ix.withReaders(hits, q, counts, k)
}

// versionSpread is how many times k tools Find ranks before it keeps
// one version of each (oneVersion).
const versionSpread = 3

// oneVersion keeps, of hits (best first), the first k whose names differ
// in more than an API version: listAppsV1NamespacedDeployment and
// listAppsV1beta2NamespacedDeployment are one operation to a reader, and
// Kubernetes' ten best for "show me the checkout deployment" were all
// versions of the lists, none the read asked for. Equal scores rank the
// stable version first (V1 before V1beta1, by name).
func oneVersion(hits []Hit, k int) []Hit {
	out := make([]Hit, 0, k)
	seen := make(map[string]bool, len(hits))
	for _, h := range hits {
		if len(out) == k {
			break
		}
		key := versionless(h.Name)
		if seen[key] {
			continue
		}
		seen[key] = true
		out = append(out, h)
	}
	return out
}

// versionless is a tool's name without the API versions it says (V1,
// V1beta1, v2alpha1: the words v, a number, then alpha or beta and a
// number), its words joined by spaces.
func versionless(name string) string {
	ws := Words(name)
	out := ws[:0:0]
	for i := 0; i < len(ws); i++ {
		if ws[i] == "v" && i+1 < len(ws) && isDigits(ws[i+1]) {
			i++
			if i+1 < len(ws) && (ws[i+1] == "alpha" || ws[i+1] == "beta") {
				i++
				if i+1 < len(ws) && isDigits(ws[i+1]) {
					i++
				}
			}
			continue
		}
		out = append(out, ws[i])
	}
	return strings.Join(out, " ")
}

func isDigits(s string) bool {
	return s != "" && strings.Trim(s, "0123456789") == ""
}

// ReadVerbWeight is how much a read verb ("show", "list") of a request
// that asks nothing done counts as a word searched: it says the request
// reads, which fit weighs from the tool's name and method, and searched
// at full weight it found the tools whose texts use the word in another
// sense (a TV show).
const ReadVerbWeight = 0.25

// NamedReaders is how many of the k tools Find gives a request to
// delete a thing it names by name (namesByName) are kept for the best
// tools that read what it names: "delete the droplet called web-03"
// takes the droplet's ID, which only the tool that lists droplets
// gives, so a model given the ten needs that one among them.
const NamedReaders = 2

// withReaders puts in hits, ranked for query terms q (terms: those
// with their forms, synonyms and meanings), the NamedReaders best
// reading tools (GET or HEAD), read as a request that asks, that hits
// lacks, each in place of the last tool of hits that does not read.
func (ix *Index) withReaders(hits []Hit, q []termFreq, terms map[string]bool, k int) []Hit {
	in := map[string]bool{}
	for _, h := range hits {
		in[h.Name] = true
	}
	reads := ix.rank(q, k, func(d int32, score float64) float64 {
		if !ix.reads(d) {
			return 0
		}
		return score * ix.fit(d, asks, terms)
	})
	out := slices.Clone(hits)
	added := 0
	for _, h := range reads {
		if added == NamedReaders || h.Score <= 0 {
			break
		}
		if in[h.Name] {
			continue
		}
		if len(out) == k {
			last := len(out) - 1
			for last >= 0 && ix.reads(int32(ix.byName[out[last].Name])) {
				last--
			}
			if last < 0 {
				break
			}
			out = slices.Delete(out, last, last+1)
		}
		out = append(out, h)
		added++
	}
	return out
}

// reads reports whether document d is a tool that reads (GET or HEAD).
func (ix *Index) reads(d int32) bool {
	m := ix.methods[d]
	return m == "GET" || m == "HEAD"
}

// namesByName reports whether query names a thing by its name rather
// than its identifier: a quoted name ('staging-web', "Weekly sync") or
// one after "called" or "named".
func namesByName(query string) bool {
	for _, w := range Words(query) {
		if w == "called" || w == "named" {
			return true
		}
	}
	for i := 0; i < len(query); i++ {
		c := query[i]
		if c != '\'' && c != '"' || i > 0 && !strings.ContainsRune(" (:", rune(query[i-1])) {
			continue
		}
		j := strings.IndexByte(query[i+1:], c)
		if j <= 0 {
			continue
		}
		end := i + 1 + j
		if end+1 == len(query) || !unicode.IsLetter(rune(query[end+1])) {
			return true
		}
	}
	return false
}

// expand weighs the query tokens toks, adds the synonyms and learned
// associates of those no name uses, and returns the query terms with how
// many of them, first, are the request's own.
func (ix *Index) expand(toks []string) ([]termFreq, int) {
	counts := map[string]float32{}
	var q []termFreq
	for _, t := range toks {
		if _, seen := counts[t]; !seen {
			q = append(q, termFreq{t, 0})
		}
		counts[t]++
	}
	for i := range q {
		q[i].tf = counts[q[i].term]
	}
	said := len(q)
	for _, qt := range q[:said] {
		if ix.named[qt.term] {
			continue
		}
		for _, s := range synonyms[qt.term] {
			if _, seen := counts[s]; !seen && ix.terms[s] != nil {
				counts[s] = 0
				q = append(q, termFreq{s, SynonymWeight * qt.tf})
			}
		}
		for _, s := range lexicon.Associates(qt.term) {
			if _, seen := counts[s]; !seen && ix.terms[s] != nil {
				counts[s] = 0
				q = append(q, termFreq{s, LearnedWeight * qt.tf})
			}
		}
	}
	return q, said
}

// Similar returns the k documents most like the one named name, best
// first, leaving that document out; nil when no document has that name.
func (ix *Index) Similar(name string, k int) []Hit {
	i, ok := ix.byName[name]
	if !ok || k <= 0 {
		return nil
	}
	return ix.score(ix.docTerms[i], k, i)
}

// score runs the query terms q over the index and keeps the k best
// documents, leaving out document skip (and others of the same name).
func (ix *Index) score(q []termFreq, k, skip int) []Hit {
	return ix.rankSkip(q, k, skip, nil)
}

// rank is score with adjust applied to each document's score.
func (ix *Index) rank(q []termFreq, k int, adjust func(d int32, score float64) float64) []Hit {
	return ix.rankSkip(q, k, -1, adjust)
}

func (ix *Index) rankSkip(q []termFreq, k, skip int, adjust func(d int32, score float64) float64) []Hit {
	scores := make([]float64, len(ix.names))
	touched := make([]int32, 0, 64)
	for _, qt := range q {
		tm := ix.terms[qt.term]
		if tm == nil {
			continue
		}
		qw := float64(qt.tf) * (k3 + 1) / (float64(qt.tf) + k3)
		w := tm.idf * qw
		for _, p := range tm.postings {
			tf := float64(p.tf)
			if scores[p.doc] == 0 {
				touched = append(touched, p.doc)
			}
			scores[p.doc] += w * tf * (k1 + 1) / (tf + k1)
		}
	}
	skipName := ""
	if skip >= 0 {
		skipName = ix.names[skip]
	}
	h := topK{k: k, names: ix.names}
	for _, d := range touched {
		if scores[d] <= 0 || (skip >= 0 && ix.names[d] == skipName) {
			continue
		}
		sc := scores[d]
		if adjust != nil {
			sc = adjust(d, sc)
		}
		h.push(cand{doc: d, score: sc})
	}
	return h.hits()
}

type cand struct {
	doc   int32
	score float64
}

// topK keeps the k best candidates in a min-heap whose root is the worst
// kept: lower score, then later name, then later position.
type topK struct {
	k     int
	names []string
	heap  []cand
}

// better reports whether a ranks before b.
func (t *topK) better(a, b cand) bool {
	if a.score != b.score {
		return a.score > b.score
	}
	if na, nb := t.names[a.doc], t.names[b.doc]; na != nb {
		return na < nb
	}
	return a.doc < b.doc
}

func (t *topK) push(c cand) {
	if len(t.heap) < t.k {
		t.heap = append(t.heap, c)
		t.up(len(t.heap) - 1)
		return
	}
	if !t.better(c, t.heap[0]) {
		return
	}
	t.heap[0] = c
	t.down(0)
}

func (t *topK) up(i int) {
	for i > 0 {
		p := (i - 1) / 2
		if !t.better(t.heap[p], t.heap[i]) {
			break
		}
		t.heap[p], t.heap[i] = t.heap[i], t.heap[p]
		i = p
	}
}

func (t *topK) down(i int) {
	n := len(t.heap)
	for {
		worst := i
		for _, c := range []int{2*i + 1, 2*i + 2} {
			if c < n && t.better(t.heap[worst], t.heap[c]) {
				worst = c
			}
		}
		if worst == i {
			return
		}
		t.heap[i], t.heap[worst] = t.heap[worst], t.heap[i]
		i = worst
	}
}

func (t *topK) hits() []Hit {
	sort.Slice(t.heap, func(i, j int) bool { return t.better(t.heap[i], t.heap[j]) })
	out := make([]Hit, len(t.heap))
	for i, c := range t.heap {
		out[i] = Hit{Name: t.names[c.doc], Score: c.score}
	}
	return out
}

// withLister puts in hits, when its best tool acts on one thing of a
// collection (its path ends in a parameter, or one follows it:
// /linode/instances/{linodeId}/reboot), the tool that lists that
// collection (GET /linode/instances) in place of the last of hits: a
// request that does not give the thing's identifier ("reboot the web-01
// linode") needs the list to find it first.
func (ix *Index) withLister(hits []Hit, k int) []Hit {
	if len(hits) == 0 {
		return hits
	}
	path := ix.paths[ix.byName[hits[0].Name]]
	i := strings.LastIndex(path, "/{")
	if i <= 0 {
		return hits
	}
	d, ok := ix.listers[path[:i]]
	if !ok {
		return hits
	}
	name := ix.names[d]
	if slices.ContainsFunc(hits, func(h Hit) bool { return h.Name == name }) {
		return hits
	}
	out := slices.Clone(hits)
	if len(out) == k {
		out = out[:k-1]
	}
	return append(out, Hit{Name: name, Score: out[len(out)-1].Score})
}
