package baseline

import (
	"fmt"
	"slices"
	"strings"

	"github.com/agentready/agentready/harness/retrieve"
	"github.com/agentready/agentready/internal/english"
)

// stateValue fills the one argument named value of a tool that sets a
// state its name says as a participle (updateBoardsClosedByIdBoard,
// updateCardsSubscribedByIdCard) when that value is true or false (a
// boolean, or text whose enum or description lists just those): true
// when the request says the state in any form ("close board X"), false
// when a negation comes just before it, as a model reads a switch it is
// asked to flip.
func (f *filler) stateValue() {
	target := f.tool.sole(func(p *param) bool {
		return strings.EqualFold(p.key, "value") && !f.has(p) && !p.array && trueOrFalse(p)
	})
	if target == nil {
		return
	}
	for _, w := range retrieve.Words(f.tool.name) {
		if len(w) <= 4 || !strings.HasSuffix(w, "ed") {
			continue
		}
		st := english.Stem(w)
		for at, uw := range f.u.words {
			if uw.stem != st || f.u.used[uw.tok] {
				continue
			}
			f.setBool(target, !f.u.negatedBefore(at))
			f.u.used[uw.tok] = true
			f.notes = append(f.notes, target.name+" is the state "+w+" said as "+uw.lower)
			return
		}
	}
}

// trueOrFalse reports whether p takes only true or false: a boolean, or
// text whose enum or listed values are those two.
func trueOrFalse(p *param) bool {
	if p.boolean() {
		return true
	}
	values := p.enum
	if len(values) == 0 {
		values = p.named
	}
	if p.scalarType() != "string" || len(values) != 2 {
		return false
	}
	lower := []string{strings.ToLower(values[0]), strings.ToLower(values[1])}
	return slices.Contains(lower, "true") && slices.Contains(lower, "false")
}

// sortedByValue reads "sorted by X" ("ordered by", "sort by", "order
// by") onto a sort argument (its name says sort or order) whose enum
// holds the field X names: the one value most of whose words (of three
// letters or more) are among the up to three words after "by", in the
// same clause ("sorted by last update": updated_at, "ordered by last
// activity": last_activity_at), as a model maps what it is asked to sort
// on to the field that holds it.
func (f *filler) sortedByValue() {
	for i := 0; i+2 < len(f.u.toks); i++ {
		switch f.u.toks[i].lower {
		case "sorted", "ordered", "sort", "order":
		default:
			continue
		}
		if f.u.toks[i].clauseEnd || f.u.toks[i+1].lower != "by" || f.u.toks[i+1].clauseEnd {
			continue
		}
		var said []string
		for k := i + 2; k < len(f.u.toks) && k <= i+4; k++ {
			if f.u.used[k] || f.u.toks[k].quoted {
				break
			}
			said = append(said, english.Stem(f.u.toks[k].lower))
			if f.u.toks[k].clauseEnd {
				break
			}
		}
		for _, p := range f.tool.params {
			if f.has(p) || len(p.enum) < 2 || !p.namesSort() {
				continue
			}
			best, bestScore, tie := "", 0.0, false
			for _, e := range p.enum {
				n, hit := 0, 0
				for _, w := range retrieve.Words(e) {
					if len(w) <= 2 {
						continue
					}
					n++
					if slices.Contains(said, english.Stem(w)) {
						hit++
					}
				}
				if hit == 0 {
					continue
				}
				score := float64(hit) + float64(hit)/float64(n)
				switch {
				case score > bestScore:
					best, bestScore, tie = e, score, false
				case score == bestScore:
					tie = true
				}
			}
			if best != "" && !tie && f.set(p, best) {
				f.notes = append(f.notes, fmt.Sprintf("%s %s: sorted by what it names", p.name, best))
			}
			return
		}
		return
	}
}

// namesSort reports whether p's name says it orders a list: a word sort,
// order, orderby or sortby (sort_by, orderBy, order).
func (p *param) namesSort() bool {
	return slices.ContainsFunc(p.words, func(w string) bool { return w == "sort" || w == "order" || w == "orderby" || w == "sortby" })
}

// sortedBy reads "sorted by X" ("ordered by", "sort by", "order by")
// for the tool's one sort argument (its name says sort or order) that
// takes free text, no enum and no listed values: X, the one word after
// "by" when it is no word of the sentence, no question word ("sorted by
// when they signed up" says no field's name), no number and ends the clause
// or comes before a word of another argument's name ("contacts sorted by
// name (tenant X)": name), as a model writes the field it is
// asked to sort on.
func (f *filler) sortedBy() {
	target := f.tool.sole(func(p *param) bool {
		return !f.has(p) && !p.array && len(p.enum) == 0 && len(p.named) == 0 && p.scalarType() == "string" && !p.ident &&
			p.namesSort()
	})
	if target == nil {
		return
	}
	for i := 0; i+2 < len(f.u.toks); i++ {
		switch f.u.toks[i].lower {
		case "sorted", "ordered", "sort", "order":
		default:
			continue
		}
		k := i + 2
		if f.u.toks[i].clauseEnd || f.u.toks[i+1].lower != "by" || f.u.toks[i+1].clauseEnd || f.u.used[k] || f.u.toks[k].quoted {
			continue
		}
		if _, num := asNumber(f.u.toks[k].raw); num || retrieve.IsStopWord(f.u.toks[k].lower) || requestVerbs[english.Stem(f.u.toks[k].lower)] ||
			questionWords[f.u.toks[k].lower] {
			// "sorted by when they signed up": a clause, not a field.
			return
		}
		if next := k + 1; next < len(f.u.toks) && !f.u.toks[k].clauseEnd && !retrieve.IsStopWord(f.u.toks[next].lower) &&
			!f.tool.argWords[english.Stem(f.u.toks[next].lower)] {
			return // "sorted by due date": more than one word
		}
		if f.set(target, f.u.toks[k].raw) {
			f.u.used[k] = true
			f.notes = append(f.notes, target.name+" is the field after sorted by")
		}
		return
	}
}
