package baseline_test

import "testing"

// A country named after a place word goes to an argument that takes
// countries as ISO codes, as the code; one whose enum lacks it, or an
// argument that takes free text, gets nothing from this reading.
func TestCountryNames(t *testing.T) {
	institutions := toolDef(t, "institutionsGet", "Get details of all supported institutions.",
		`{"type":"object","properties":{"count":{"type":"integer"},
		  "country_codes":{"type":"array","items":{"type":"string","enum":["US","GB","CA","DE"]}}}}`)
	checkArg(t, institutions, "first 50 banks plaid supports in the UK", "country_codes", []any{"GB"})
	checkArg(t, institutions, "institutions in canada", "country_codes", []any{"CA"})
	checkArg(t, institutions, "institutions in japan", "country_codes", nil)
	checkArg(t, institutions, "institutions in the US", "country_codes", []any{"US"})
	checkArg(t, institutions, "find institutions for us", "country_codes", nil)
	tracks := toolDef(t, "getTopTracks", "Get an artist's top tracks.",
		`{"type":"object","properties":{"market":{"type":"string","description":"An ISO 3166-1 alpha-2 country code."}}}`)
	checkArg(t, tracks, "top tracks of 0TnOYISbd1XYRBk9myaseg in South Korea", "market", "KR")
	people := toolDef(t, "listPeople", "List people.",
		`{"type":"object","properties":{"country":{"type":"string","description":"The country people live in."}}}`)
	checkArg(t, people, "contacts in Germany", "country", "Germany")
}
