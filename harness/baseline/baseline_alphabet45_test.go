package baseline_test

import "testing"

// An alphabetical order ("A-Z", "Z-A", "alphabetically") sets the sort
// direction, and the sort field to name when the request names none; it
// is never a name to filter by.
func TestAlphabeticalOrder(t *testing.T) {
	cadences := toolDef(t, "getV2CadencesJson", "List cadences.",
		`{"type":"object","properties":{"name":{"type":"array","items":{"type":"string"}},
		  "sort_by":{"type":"string","description":"Key to sort on, must be one of: created_at, updated_at, name"},
		  "sort_direction":{"type":"string","description":"Direction to sort in, must be one of: ASC, DESC"}}}`)
	checkArg(t, cadences, "cadences sorted by name A-Z", "sort_direction", "ASC")
	checkArg(t, cadences, "cadences sorted by name A-Z", "name", nil)
	checkArg(t, cadences, "cadences Z-A", "sort_direction", "DESC")
	checkArg(t, cadences, "cadences sorted alphabetically", "sort_by", "name")
	checkArg(t, cadences, "cadences in reverse alphabetical order", "sort_direction", "DESC")
	checkArg(t, cadences, "cadences from a to z", "sort_direction", "ASC")
}
