package english

import (
	"strings"
	"sync"

	"golang.org/x/text/language"
	"golang.org/x/text/language/display"
)

// Country returns the ISO 3166-1 alpha-2 code of the country a person
// names in English ("canada", "the united kingdom", "uk", "south korea"),
// as lower-case words joined by single spaces without a leading "the";
// ok is false for a name it does not know. The names are CLDR's English
// names (golang.org/x/text), their parts around a parenthesis ("myanmar"
// and "burma"), and the short forms people type (uk, usa, america,
// britain, holland).
func Country(name string) (code string, ok bool) {
	code, ok = countries()[name]
	return code, ok
}

// CountryWords is the most words a name Country knows has.
func CountryWords() int {
	countries()
	return countryWords
}

var (
	countryOnce  sync.Once
	countryCodes map[string]string
	countryWords int
)

// countryAliases are the names people type for a country that CLDR does
// not give it.
var countryAliases = map[string]string{
	"uk": "GB", "u.k.": "GB", "u.k": "GB", "britain": "GB", "great britain": "GB", "england": "GB", "scotland": "GB", "wales": "GB",
	"us": "US", "u.s.": "US", "u.s": "US", "usa": "US", "u.s.a.": "US", "u.s.a": "US", "america": "US", "united states of america": "US", "the states": "US",
	"holland": "NL", "korea": "KR", "czech republic": "CZ", "turkiye": "TR", "türkiye": "TR", "uae": "AE",
	"russian federation": "RU", "ivory coast": "CI", "vatican": "VA",
}

func countries() map[string]string {
	countryOnce.Do(func() {
		countryCodes = map[string]string{}
		add := func(name, code string) {
			name = strings.Join(strings.Fields(strings.ToLower(name)), " ")
			if name == "" {
				return
			}
			if _, taken := countryCodes[name]; !taken {
				countryCodes[name] = code
			}
			countryWords = max(countryWords, len(strings.Fields(name)))
		}
		names := display.English.Regions()
		for a := 'A'; a <= 'Z'; a++ {
			for b := 'A'; b <= 'Z'; b++ {
				code := string([]rune{a, b})
				r, err := language.ParseRegion(code)
				if err != nil || !r.IsCountry() || r.String() != code {
					continue
				}
				if r.Canonicalize() != r {
					// A code no longer in use (BU for Burma).
					continue
				}
				name := names.Name(r)
				outer, inner, paren := strings.Cut(name, "(")
				add(outer, code)
				if paren {
					add(strings.TrimSuffix(inner, ")"), code)
				}
				add(strings.ReplaceAll(outer, "&", "and"), code)
			}
		}
		for name, code := range countryAliases {
			add(name, code)
		}
	})
	return countryCodes
}
