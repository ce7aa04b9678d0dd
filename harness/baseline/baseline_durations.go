package baseline

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/agentready/agentready/internal/english"
)

// timeUnit is the unit a word names ("minutes"; "hrs" is not read),
// "" when none.
func timeUnit(w string) string { return english.TimeUnit(w) }

// unitOf is the unit an integer or number argument counts in: a unit
// its name says (sinceSeconds, duration_in_months, a string num_minutes),
// else, for a number, one its description says ("relative time in
// seconds"); "" when none or more than one.
func unitOf(p *param) string {
	typ := p.scalarType()
	if typ != "integer" && typ != "number" && typ != "string" {
		return ""
	}
	for _, w := range p.words {
		if u := timeUnit(w); u != "" {
			return u
		}
	}
	if typ == "string" {
		// A string counts time only when its name says the unit
		// (num_minutes), not when its description speaks of time.
		return ""
	}
	found := ""
	for st := range p.descStems {
		if u := timeUnit(st); u != "" {
			if found != "" && found != u {
				return ""
			}
			found = u
		}
	}
	return found
}

// durations read a length of time said with its unit ("the last 10
// minutes", "for 3 months") into the one empty argument that counts in a
// unit of time, converted to that unit (600 for sinceSeconds); months
// and years only into an argument that counts in months or years. A
// length of time no such argument takes goes nowhere: it is neither a
// count nor an identifier.
func (f *filler) durations() {
	for i, t := range f.u.toks {
		if f.u.used[i] || t.quoted || i+1 >= len(f.u.toks) {
			continue
		}
		n, ok := countAt(f.u, i)
		if !ok && oneOf(f.u, i) {
			// "valid for an hour", "a day": one of the unit.
			n, ok = 1, true
		}
		said := timeUnit(f.u.toks[i+1].raw)
		if !ok || said == "" || f.u.used[i+1] {
			continue
		}
		var target *param
		var unit string
		for _, p := range f.tool.params {
			u := unitOf(p)
			if u == "" && isoDuration(p) {
				u = "iso"
			}
			if u != "" && !f.has(p) {
				if target != nil {
					// Two arguments count time: the words around say
					// which, elsewhere.
					target = nil
					break
				}
				target, unit = p, u
			}
		}
		if target == nil {
			// No argument counts time: a length of time is no count,
			// page size or identifier ("from the last 14 days" gives
			// per_page nothing).
			f.u.used[i], f.u.used[i+1] = true, true
			continue
		}
		if unit == "iso" {
			if v, ok := isoDurationText(n, said); ok && f.set(target, v) {
				f.u.used[i], f.u.used[i+1] = true, true
				f.notes = append(f.notes, fmt.Sprintf("%s %s from %q", target.name, v, t.raw+" "+f.u.toks[i+1].raw))
			}
			continue
		}
		v := n
		if unit != said {
			from, to := english.UnitSeconds(said), english.UnitSeconds(unit)
			if from < 0 || to < 0 {
				f.u.used[i], f.u.used[i+1] = true, true
				continue
			}
			v = n * from / to
			if target.scalarType() == "integer" && v != math.Trunc(v) {
				f.u.used[i], f.u.used[i+1] = true, true
				continue
			}
		}
		var val any = number(target, v)
		if target.scalarType() == "string" {
			val = strconv.FormatFloat(v, 'f', -1, 64)
		}
		if f.set(target, val) {
			f.u.used[i], f.u.used[i+1] = true, true
			f.notes = append(f.notes, fmt.Sprintf("%s %v from %q", target.name, v, t.raw+" "+f.u.toks[i+1].raw))
		}
	}
}

// oneOf reports whether token i is an article or "one" that counts one
// of the unit after it ("for an hour", "one day"), not a rate ("twice a
// day", "once an hour", "per day") nor a part ("half an hour").
func oneOf(u *utterance, i int) bool {
	switch u.toks[i].lower {
	case "a", "an", "one":
	default:
		return false
	}
	if i > 0 {
		switch u.toks[i-1].lower {
		case "once", "twice", "thrice", "times", "per", "half", "quarter", "every", "each":
			return false
		}
	}
	return true
}

// isoDuration reports whether the string argument p takes a length of
// time written in ISO 8601 (PT30M): its description writes the form
// ("Format: RFC-3339 P[n]Y[n]M[n]DT[n]H[n]M[n]S") or names ISO 8601 or
// RFC 3339 for a duration.
func isoDuration(p *param) bool {
	if p.scalarType() != "string" || p.array || len(p.enum) > 0 {
		return false
	}
	if strings.Contains(p.desc, "P[n]") {
		return true
	}
	return reTimestampFormat.MatchString(p.desc) && (slices.Contains(p.words, "duration") || p.descStems[english.Stem("duration")])
}

// isoUnits are the ISO 8601 designators of each unit of time: 30
// minutes is PT30M, 2 days P2D.
var isoUnits = map[string][2]string{"second": {"PT", "S"}, "minute": {"PT", "M"}, "hour": {"PT", "H"},
	"day": {"P", "D"}, "week": {"P", "W"}, "month": {"P", "M"}, "year": {"P", "Y"}}

// isoDurationText writes n of a unit as an ISO 8601 duration; only whole
// numbers.
func isoDurationText(n float64, unit string) (string, bool) {
	d, ok := isoUnits[unit]
	if !ok || n != math.Trunc(n) || n < 0 {
		return "", false
	}
	return d[0] + strconv.FormatFloat(n, 'f', -1, 64) + d[1], true
}
