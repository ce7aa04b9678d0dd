package baseline

import (
	"regexp"
	"slices"
	"strings"

	"github.com/agentready/agentready/internal/english"
)

// countries gives an argument that takes a country's ISO code (country,
// country_codes, Spotify's market: takesCountryCode) the code of the
// country the request names after a place word, as a model knows them:
// "banks in the UK" is GB, "stats for canada" CA. A code the argument's
// enum does not list is left out.
func (f *filler) countries() {
	var target *param
	for _, p := range f.tool.params {
		if !f.has(p) && p.takesCountryCode() {
			target = p
			break
		}
	}
	if target == nil {
		return
	}
	for i := 1; i < len(f.u.toks); i++ {
		if prev := f.u.toks[i-1]; !countryPlaceWords[prev.lower] && !(prev.lower == "the" && i > 1 && countryPlaceWords[f.u.toks[i-2].lower]) ||
			prev.clauseEnd {
			continue
		}
		code, n := f.u.countryAt(i)
		if n == 0 {
			continue
		}
		if len(target.enum) > 0 && !slices.ContainsFunc(target.enum, func(e string) bool { return strings.EqualFold(e, code) }) {
			return
		}
		var v any = code
		if target.array {
			v = []any{code}
		}
		if f.set(target, v) {
			for k := i; k < i+n; k++ {
				f.u.used[k] = true
			}
		}
		return
	}
}

// countryPlaceWords are the words before a country that say a place:
// "in Canada", "from the UK", "for germany".
var countryPlaceWords = map[string]bool{"in": true, "from": true, "for": true, "at": true, "across": true, "within": true}

// countryAt returns the code of the country named by the tokens from i
// on ("united kingdom", "canada") and how many tokens the name takes; 0
// when none starts there. The longest name wins, and no token of it may
// be claimed already, quoted or a value.
func (u *utterance) countryAt(i int) (string, int) {
	for n := min(english.CountryWords(), len(u.toks)-i); n >= 1; n-- {
		words := make([]string, 0, n)
		ok := true
		for k := i; k < i+n; k++ {
			t := u.toks[k]
			if u.used[k] || t.quoted || idLike(t.raw) || k < i+n-1 && t.clauseEnd {
				ok = false
				break
			}
			words = append(words, t.lower)
		}
		if !ok {
			continue
		}
		name := strings.Join(words, " ")
		if name == "us" && u.toks[i].raw != "US" {
			// "for us" is the people asking, "in the US" the country.
			continue
		}
		if code, found := english.Country(name); found {
			return code, n
		}
	}
	return "", 0
}

// takesCountryCode reports whether p takes countries as ISO codes: its
// name or description speaks of a country, and its enum lists two-letter
// codes, its example is one, or its description says the code's standard
// ("An ISO 3166-1 alpha-2 country code").
func (p *param) takesCountryCode() bool {
	if typ := p.scalarType(); typ != "string" || p.format != "" {
		return false
	}
	country := slices.ContainsFunc(p.words, func(w string) bool { return w == "country" || w == "countries" }) ||
		reCountryCode.MatchString(p.desc)
	if !country {
		return false
	}
	if len(p.enum) > 0 {
		return !slices.ContainsFunc(p.enum, func(e string) bool { return !reTwoCapitals.MatchString(e) })
	}
	if s, ok := p.example.(string); ok && reTwoCapitals.MatchString(s) {
		return true
	}
	if list, ok := p.example.([]any); ok && len(list) > 0 {
		if s, ok := list[0].(string); ok && reTwoCapitals.MatchString(s) {
			return true
		}
	}
	return reCountryCode.MatchString(p.desc)
}

var (
	reTwoCapitals = regexp.MustCompile(`^[A-Z]{2}$`)
	// reCountryCode finds a description's word for a country's code.
	reCountryCode = regexp.MustCompile(`(?i)\bISO[ -]?3166|\balpha-?2\b|\b(?:two|2)[ -]letter country\b|\bcountry codes?\b`)
)
