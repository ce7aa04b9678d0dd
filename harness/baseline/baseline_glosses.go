package baseline

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/agentready/agentready/harness/retrieve"
	"github.com/agentready/agentready/internal/english"
)

// gloss is what a description says an accepted value means: "`short_term`
// (approximately last 4 weeks)", "30 => Developer".
type gloss struct {
	value any
	// stems are the gloss's words, stemmed, in order; content marks
	// those that are not stop words.
	stems   []string
	content []bool
	// said is the number of content words.
	said int
}

// glossesOf reads, for each accepted value, the words a description
// gives right after it: in parentheses ("`short_term` (approximately
// last 4 weeks)") or after "=>" or "=" ("30 => Developer", "3=quarter"),
// or after ":" or a dash and a space.
func glossesOf(desc string, values []any) []gloss {
	var out []gloss
	for _, v := range values {
		lit := regexp.QuoteMeta(fmt.Sprint(v))
		re, err := regexp.Compile("(?:^|[\\s,;(])[`'\"]?" + lit + "[`'\"]?(?:\\s*\\(([^)]{1,120})\\)|\\s*=>?\\s*([^,;.()\\n]{1,80})|\\s*(?::|-|–)\\s+([^,;.()\\n]{1,80}))")
		if err != nil {
			continue
		}
		for _, m := range re.FindAllStringSubmatch(desc, -1) {
			text := m[1] + m[2] + m[3]
			g := gloss{value: v}
			for _, w := range retrieve.Words(text) {
				c := !retrieve.IsStopWord(w)
				g.stems = append(g.stems, english.Stem(w))
				g.content = append(g.content, c)
				if c {
					g.said++
				}
			}
			if g.said > 0 {
				out = append(out, g)
			}
		}
	}
	return out
}

// glossed finds accepted values the request names by their gloss: a run
// of the request's words that the gloss says in the same order, with at
// least two words that are not stop words ("last 4 weeks" for
// short_term), or all the content words of a gloss of at most two
// ("as developers" for 30 => Developer, "yearly" for 12=year).
func (f *filler) glossed(p *param) []pair {
	var pairs []pair
	ws := f.u.words
	for _, g := range p.glosses {
		bestFrom, bestTo, best := -1, -1, 0
		for i := range ws {
			for j := range g.stems {
				n, content := 0, 0
				for i+n < len(ws) && j+n < len(g.stems) && (ws[i+n].stem == g.stems[j+n] || periodic(ws[i+n].lower, g.stems[j+n])) {
					if g.content[j+n] {
						content++
					}
					n++
				}
				if content > best {
					bestFrom, bestTo, best = i, i+n-1, content
				}
			}
		}
		if best >= 2 || best > 0 && best == g.said && g.said <= 2 {
			pairs = append(pairs, pair{p: p, tok: ws[bestFrom].tok, lastTok: ws[bestTo].tok, value: g.value,
				affinity: f.affinity(p, bestFrom, bestTo) + 0.01*float64(best), words: [2]int{bestFrom, bestTo}})
		}
	}
	return pairs
}

// periodic reports whether the request's word says the gloss's word
// with -ly, as a period is said of what recurs: "yearly" for year,
// "quarterly" for quarter, "monthly" for month.
func periodic(w, stem string) bool {
	base, ok := strings.CutSuffix(w, "ly")
	return ok && len(base) >= 4 && base == stem
}

// periodNouns finds a value that names a period by its -ly form
// (daily, weekly, monthly, quarterly, yearly) said by the period's noun,
// as people say it: "this week" for weekly, "top topics of the month"
// for monthly; word positions, each one word long. A noun counted by a
// number ("the last 3 months") is a length of time, not the period.
func (u *utterance) periodNouns(value string) []int {
	base, ok := strings.CutSuffix(strings.ToLower(value), "ly")
	if !ok || len(base) < 3 || !english.IsASCIIWord(base) {
		return nil
	}
	if b, ok := strings.CutSuffix(base, "i"); ok {
		base = b + "y" // daily: day
	}
	want := english.Stem(base)
	var out []int
	for i, w := range u.words {
		if w.stem != want || w.lower == value {
			continue
		}
		if i > 0 {
			if _, num := asNumber(u.words[i-1].lower); num || quantityWords[u.words[i-1].lower] {
				continue
			}
		}
		out = append(out, i)
	}
	return out
}

// derivedSuffixes make a word of another class from the same root:
// successful and success, failure and fail.
var derivedSuffixes = []string{"ful", "ur", "ness", "ment"}

// root is a stem without a derivational suffix or a doubled final
// consonant (cancell, cancel), for matching the forms of one word.
func root(stem string) string {
	for _, suf := range derivedSuffixes {
		if r, ok := strings.CutSuffix(stem, suf); ok && len(r) >= 4 {
			stem = r
			break
		}
	}
	if n := len(stem); n >= 5 && stem[n-1] == stem[n-2] && !strings.ContainsRune("aeiou", rune(stem[n-1])) {
		stem = stem[:n-1]
	}
	return stem
}

// derivedForms finds a one-word accepted value said in another form of
// the word ("failed runs" for failure, "successful" for success,
// "cancelled" for canceled): word positions, each one word long.
func (u *utterance) derivedForms(stem string) []int {
	want := root(stem)
	var out []int
	for i, w := range u.words {
		if w.stem != stem && len(w.stem) >= 4 && root(w.stem) == want {
			out = append(out, i)
		}
	}
	return out
}

// enumSynonyms finds a one-word enum value (stem its stem) said by a
// word that means the same (retrieve.Synonyms: "the dashboards I've
// starred" for favourite): word positions of the request's words, other
// than the value's own, that the list pairs with stem. A state
// ("running") is no thing a synonym names ("builds": job run build),
// and a word that names the things the tool lists says no value.
func (f *filler) enumSynonyms(value, stem string) []int {
	if v := strings.ToLower(value); strings.HasSuffix(v, "ing") || strings.HasSuffix(v, "ed") {
		return nil
	}
	var out []int
	for i, w := range f.u.words {
		if w.stem != stem && len(w.stem) >= 3 && !f.tool.objects[w.stem] && slices.Contains(retrieve.Synonyms(w.stem), stem) {
			out = append(out, i)
		}
	}
	return out
}

// clippedForms finds a one-word accepted value said clipped, as people
// shorten a long word to its start ("prod deploys" for production,
// "dev" is too short to tell): word positions of a word of at least four
// letters that starts the value, which runs on for three letters or
// more, and that is a word only as the start of it: no verb the request
// reads.
func (u *utterance) clippedForms(value string) []int {
	value = strings.ToLower(value)
	var out []int
	for i, w := range u.words {
		if len(w.lower) >= 4 && len(value) >= len(w.lower)+3 && strings.HasPrefix(value, w.lower) &&
			english.IsASCIIWord(w.lower) && verbClasses[w.stem] == "" && !retrieve.IsStopWord(w.lower) {
			out = append(out, i)
		}
	}
	return out
}
