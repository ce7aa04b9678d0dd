package baseline_test

import "testing"

// A limit typed as text that no description explains is a count by its
// name: "first 50 documents" puts 50 in it, as a model does; one whose
// description says something else is left alone.
func TestCountByName(t *testing.T) {
	docs := toolDef(t, "getDocuments", "Get documents\nExample: {}",
		`{"type":"object","properties":{"limit":{"type":"string"},"offset":{"type":"string"},"fields":{"type":"string"}}}`)
	checkArg(t, docs, "first 50 documents in books", "limit", "50")
	described := toolDef(t, "getDocuments", "Get documents\nExample: {}",
		`{"type":"object","properties":{"limit":{"type":"string","description":"A cursor: the last document's id"}}}`)
	checkArg(t, described, "first 50 documents in books", "limit", nil)
}
