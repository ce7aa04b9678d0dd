package baseline

import "testing"

// A word of the verb table right after a preposition is the noun it also
// is: "comments on file 987654" reads, it files nothing; "file a bug"
// still creates.
func TestVerbAfterPrepositionIsNoun(t *testing.T) {
	for text, want := range map[string]string{
		"comments on file 987654":               "read",
		"revision history of file 987654":       "read",
		"is there a watermark on file 987654":   "read",
		"file a bug in acme/webapp":             "create",
		"please file a ticket for the outage":   "create",
		"notes on post 12, then delete post 12": "delete",
	} {
		if got := requestAction(readUtterance(text)); got != want {
			t.Errorf("requestAction(%q) = %q, want %q", text, got, want)
		}
	}
}
