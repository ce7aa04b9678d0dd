package judge

import (
	"bytes"
	"slices"
	"strings"
	"sync"

	"github.com/agentready/agentready/gen/describe/prose"
	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/harness/retrieve"
)

// Nearest is how many of a tool's most similar tools an utterance must
// tell it from: the k that `agentready test` offers a model beside the
// target by default.
const Nearest = 10

// Confusion says that an utterance does not tell its case's tool from a
// nearby one.
type Confusion struct {
	// Tool is the nearby tool.
	Tool string `json:"tool"`
	// Unsaid are the words of the target's name and summary that Tool's
	// lack and the utterance does not say (empty when the target has
	// none: its name and summary say nothing Tool's do not).
	Unsaid []string `json:"unsaid,omitempty"`
	// Blind is set when the target's name and summary have nouns that
	// Tool's lack and the utterance says none of the words that tell
	// them apart: nothing in it points to the target rather than to
	// Tool. Verbs alone do not make it blind: a request to "make them an
	// admin" for user 42 does not say update, and still means it.
	Blind bool `json:"blind,omitempty"`
}

// toolWords is what a tool's name and summary say, as stems (see
// retrieve.Tokens).
type toolWords map[string]bool

// wordsOf returns the stems of an operation's name and summary.
func wordsOf(op *ir.Operation) toolWords {
	out := toolWords{}
	text := op.Name + " " + prose.FirstSentence(prose.Clean(op.Summary))
	if op.Summary == "" {
		text += " " + prose.FirstSentence(prose.Clean(op.Description))
	}
	for _, w := range retrieve.Tokens(text) {
		if !readVerb[w] {
			out[w] = true
		}
	}
	return out
}

// readVerb are the stems of the verbs of tools that read: a request
// tells a list from a get by what it asks for (all users, user 42), not
// by saying "list" or "get".
var readVerb = map[string]bool{}

func init() {
	for _, w := range retrieve.Tokens("get list read show fetch retrieve view describe") {
		readVerb[w] = true
	}
}

// nearTools returns the index of the API's tools for finding a tool's
// nearest ones, built once.
func (j *Judge) nearTools() *retrieve.Index {
	j.nearOnce.Do(func() {
		docs := make([]retrieve.Doc, len(j.api.Operations))
		for i, op := range j.api.Operations {
			var params []string
			for _, p := range op.Params {
				params = append(params, p.Name+" "+p.Description)
			}
			docs[i] = retrieve.Doc{Name: op.Name, Text: op.Summary + "\n" + op.Description + "\n" + strings.Join(params, "\n"),
				Method: op.Method}
		}
		j.near = retrieve.New(docs)
	})
	return j.near
}

// TellApart reports the tools among the Nearest most similar to the
// case's tool (ranked on names, texts and parameters, as `agentready test`
// ranks them) that the utterance does not tell the tool from, nil when it
// tells it from every one. An utterance tells the target T from a tool S
// when it says every word of T's name and summary that S's lack, or more
// of them than of the words of S's that T's lack, or, when T's say
// nothing S's do not, when it says none of S's own words: "Disable the vulnerability
// alerts of repo X" tells disable-vulnerability-alerts from
// disable-private-vulnerability-reporting, "Disable repo X" does not.
// Words are compared as stems, and a word said as part of a value counts
// ("repo-10" says repo).
func (j *Judge) TellApart(tool, text string) []Confusion {
	op := j.api.Operation(tool)
	if op == nil {
		return nil
	}
	heard := j.heard(text)
	defer heard.free()
	target := j.facts(op)
	var out []Confusion
	for i, p := range j.pairs(target) {
		t := p.words.tally(heard)
		if t.ownSaid > t.theirsSaid || t.own > 0 && t.ownSaid == t.own || t.own == 0 && t.theirsSaid == 0 {
			continue
		}
		if tellsSpoken(p.spoken, heard) {
			continue
		}
		unsaid := t.unsaid
		slices.Sort(unsaid)
		out = append(out, Confusion{Tool: target.near[i], Unsaid: unsaid, Blind: p.words.ownNouns > 0 && t.ownSaid == 0})
	}
	return out
}

// Blind returns the first tool among the Nearest to tool that TellApart
// reports Blind for the text, "" when there is none. It answers what
// TellApart's first Blind confusion would, at less cost: a nearby tool
// is Blind only when the target's words that it lacks hold nouns and
// the text says none of them, so a tool with no such neighbour is
// answered without reading the text, and the others stop at the first
// one found.
func (j *Judge) Blind(tool, text string) string {
	op := j.api.Operation(tool)
	if op == nil {
		return ""
	}
	target := j.facts(op)
	ps := j.pairs(target)
	if !target.mayBeBlind {
		return ""
	}
	heard := j.heard(text)
	defer heard.free()
	for i, p := range ps {
		// With nouns of its own, the target has words the other lacks;
		// none of them said, TellApart reports the pair unless the
		// spoken words tell them apart, and Blind it is.
		if p.words.ownNouns == 0 || slices.ContainsFunc(p.words.own, heard.says) || tellsSpoken(p.spoken, heard) {
			continue
		}
		return target.near[i]
	}
	return ""
}

// heard returns the words the text says: retrieve.Tokens of the text,
// each stem's synonyms and verb class added once (a text that quotes a
// JSON body repeats its keys and values). A quoted value starts and
// ends where words end, so its tokens are read once for all the texts
// that quote it. free gives the result back.
func (j *Judge) heard(text string) *saidWords {
	heard := newSaidWords()
	for _, p := range j.read(text).parts {
		if p.blob != nil {
			for _, w := range p.blob.tokens() {
				heard.hear(w)
			}
			continue
		}
		for w := range retrieve.EachToken(p.words) {
			heard.hear(w)
		}
	}
	return heard
}

// pair is what tells a tool from one of its nearest, whatever the text:
// the split of their words and of their spoken words.
type pair struct {
	words, spoken split
}

// pairs returns the splits of target from each of its nearest tools,
// worked out the first time: every utterance of the tool's cases asks
// the same of them.
func (j *Judge) pairs(target *toolFacts) []pair {
	target.pairsOnce.Do(func() {
		verbs := map[string]bool{target.verb: true}
		target.pairs = make([]pair, len(target.near))
		for i, name := range target.near {
			other := j.facts(j.api.Operation(name))
			verbs[other.verb] = true
			target.pairs[i] = pair{words: splitOf(target.words, other.words, verbs), spoken: splitOf(target.spoken, other.spoken, nil)}
			target.mayBeBlind = target.mayBeBlind || target.pairs[i].words.ownNouns > 0
		}
	})
	return target.pairs
}

// toolFacts is what TellApart reads of a tool, read once per judge.
type toolFacts struct {
	// words and spoken are wordsOf and spokenWordsOf.
	words, spoken toolWords
	// verb is leadVerb.
	verb string
	// near are the Nearest most similar tools the API has.
	near []string
	// pairs are what tells the tool from each of near (Judge.pairs).
	pairsOnce sync.Once
	pairs     []pair
	// mayBeBlind is set when a pair's target words hold nouns: only
	// then can a text be Blind to one of near.
	mayBeBlind bool
}

// facts returns what TellApart reads of op, reading it the first time.
func (j *Judge) facts(op *ir.Operation) *toolFacts {
	if f, ok := j.tools.Load(op); ok {
		return f.(*toolFacts)
	}
	f := &toolFacts{words: wordsOf(op), verb: leadVerb(op)}
	f.spoken = spokenWordsOf(op, f.words)
	for _, h := range j.nearTools().Similar(op.Name, Nearest) {
		if j.api.Operation(h.Name) != nil {
			f.near = append(f.near, h.Name)
		}
	}
	got, _ := j.tools.LoadOrStore(op, f)
	return got.(*toolFacts)
}

// verbGroups are verbs that ask for the same operation: a request says
// "open a ticket" or "pull up the ticket" for createTicket or getTicket.
var verbGroups = []string{
	"create add new make open insert post register set",
	"get show fetch pull look view retrieve read detail describe",
	"list see show browse",
	"update change edit modify set patch replace",
	"delete remove drop destroy purge rid",
	"search find query look",
}

// verbClass maps a verb's stem to the stems of its group's other verbs.
var verbClass = map[string][]string{}

func init() {
	for _, g := range verbGroups {
		ws := retrieve.Tokens(g)
		for _, a := range ws {
			for _, b := range ws {
				if a != b {
					verbClass[a] = append(verbClass[a], b)
				}
			}
		}
	}
}

// leadVerb returns the stem of the first word of a tool's name after its
// group ("disable" for repos/disable-vulnerability-alerts), the verb of
// most names.
func leadVerb(op *ir.Operation) string {
	ws := retrieve.Tokens(op.Name)
	if len(ws) > 1 && len(op.Tags) > 0 && slices.ContainsFunc(op.Tags, func(t string) bool {
		tw := retrieve.Tokens(t)
		return len(tw) > 0 && tw[0] == ws[0]
	}) {
		ws = ws[1:]
	}
	if len(ws) == 0 {
		return ""
	}
	return ws[0]
}

// prefixWord reports whether a set holds a word of which the other is a
// prefix of at least three letters ("repo" and "repository", "org" and
// "organization").
func prefixWord(w string, set map[string]bool) bool {
	for x := range set {
		a, b := w, x
		if len(a) > len(b) {
			a, b = b, a
		}
		if len(a) >= 3 && strings.HasPrefix(b, a) {
			return true
		}
	}
	return false
}

// tally counts, of a target's words and a nearby tool's, those the other
// lacks (own, theirs), how many of each the text said, and how many of
// the target's own are nouns (not a verb of either tool, nor of a verb
// group); unsaid lists the target's own the text did not say.
type tally struct {
	own, theirs, ownSaid, theirsSaid, ownNouns int
	unsaid                                     []string
}

// saidWords are the words a text said (with their synonyms and verb
// classes), and whether it says each word asked of it so far: TellApart
// asks the same words of one text for each of the nearest tools.
type saidWords struct {
	words map[string]saidAs
	// joined holds the keys of words, each after a NUL, for finding a
	// word that holds another in one search instead of one a word.
	joined []byte
	asked  map[string]bool
	// needle is near's search, a NUL and the word asked.
	needle []byte
}

// saidPool keeps the saidWords of texts read before, cleared, so that
// TellApart's maps keep the room they grew to (each of DocuSign's
// 27,000 texts would grow its own, a JSON body's thousands of words).
var saidPool = sync.Pool{New: func() any {
	return &saidWords{words: map[string]saidAs{}, asked: map[string]bool{}}
}}

// newSaidWords returns an empty saidWords; free gives it back.
func newSaidWords() *saidWords { return saidPool.Get().(*saidWords) }

// free empties s and gives it back to newSaidWords; s is not used after.
func (s *saidWords) free() {
	clear(s.words)
	clear(s.asked)
	s.joined = s.joined[:0]
	saidPool.Put(s)
}

// saidAs is how a text says a word: not at all, as a synonym or verb of
// the group of one of its words, or as one of its words.
type saidAs uint8

const (
	unsaid saidAs = iota
	saidNear
	saidToken
)

// hear records that the text says the token w, with its synonyms and
// verb class.
func (s *saidWords) hear(w string) {
	if s.words[w] == saidToken {
		return
	}
	s.add(w, saidToken)
	for _, x := range retrieve.Synonyms(w) {
		s.add(x, saidNear)
	}
	for _, x := range verbClass[w] {
		s.add(x, saidNear)
	}
}

// tokens returns the distinct retrieve.Tokens of a quoted value, read
// the first time.
func (b *blob) tokens() []string {
	b.stemsOnce.Do(func() {
		seen := map[string]bool{}
		for w := range retrieve.EachToken(b.raw) {
			if !seen[w] {
				seen[w] = true
				b.stems = append(b.stems, w)
			}
		}
	})
	return b.stems
}

// add records that the text says w, as how says: saidToken once w's
// synonyms and verb class are added too.
func (s *saidWords) add(w string, how saidAs) {
	was := s.words[w]
	if was == unsaid {
		s.joined = append(s.joined, 0)
		s.joined = append(s.joined, w...)
	}
	if how > was {
		s.words[w] = how
	}
}

// says reports whether the text says w, as a word or near one (near).
func (s *saidWords) says(w string) bool {
	if s.words[w] != unsaid {
		return true
	}
	v, ok := s.asked[w]
	if !ok {
		v = s.near(w)
		s.asked[w] = v
	}
	return v
}

// near reports whether the text says a word that w is a prefix of, or
// one of at least three letters that is a prefix of w, as prefixWord
// does, or a word that holds w when w has five letters or more
// ("podsecuritypolicy" says security; but "unassign" is not "assign" in
// a tool's name). w is not a word of the text (says asked first), so a
// word that starts with or holds w is longer than w.
func (s *saidWords) near(w string) bool {
	for k := 3; k < len(w); k++ {
		if s.words[w[:k]] != unsaid {
			return true
		}
	}
	s.needle = append(append(s.needle[:0], 0), w...)
	return len(w) >= 3 && bytes.Contains(s.joined, s.needle) || len(w) >= 5 && bytes.Contains(s.joined, s.needle[1:])
}

// split is how the words of a target and a nearby tool part, whatever
// the text: the target's words the other lacks (own), the other's the
// target lacks (theirs), and how many of own are nouns (not a verb of
// verbs, nor of a verb group).
type split struct {
	own, theirs []string
	ownNouns    int
}

// splitOf parts the words of a target and a nearby tool.
func splitOf(target, near toolWords, verbs map[string]bool) split {
	var s split
	for w := range target {
		if near[w] || prefixWord(w, near) {
			continue
		}
		s.own = append(s.own, w)
		if !verbs[w] && verbClass[w] == nil {
			s.ownNouns++
		}
	}
	for w := range near {
		if target[w] || prefixWord(w, target) {
			continue
		}
		s.theirs = append(s.theirs, w)
	}
	slices.Sort(s.own)
	slices.Sort(s.theirs)
	return s
}

// tally counts how many of a split's words a text said.
func (s split) tally(said *saidWords) tally {
	t := tally{own: len(s.own), theirs: len(s.theirs), ownNouns: s.ownNouns}
	for _, w := range s.own {
		if said.says(w) {
			t.ownSaid++
		} else {
			t.unsaid = append(t.unsaid, w)
		}
	}
	for _, w := range s.theirs {
		if said.says(w) {
			t.theirsSaid++
		}
	}
	return t
}
