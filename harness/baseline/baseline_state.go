package baseline

import (
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
	var target *param
	for _, p := range f.tool.params {
		if !strings.EqualFold(p.key, "value") || f.has(p) || p.array || !trueOrFalse(p) {
			continue
		}
		if target != nil {
			return
		}
		target = p
	}
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
