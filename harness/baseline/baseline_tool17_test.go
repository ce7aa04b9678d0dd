package baseline

import (
	"strings"
	"testing"

	"github.com/cloudwego/eino/schema"
)

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

// A model knows the other names of common things: the recycle bin is the
// trash, a revision a version, a speaker a webinar's panelist, a delegate
// an assistant, an employee a user, a bookmark a saved link; the request
// is searched for them when no tool says its own word.
func TestCommonOtherNames(t *testing.T) {
	k := newToolkit(nil)
	for text, want := range map[string]string{
		"show the recycle bin":            "trash",
		"revision history of file 987654": "version",
		"the speakers of webinar 855":     "panelist",
		"who are the delegates of jdoe":   "assist",
		"find employees named smith":      "user",
		"show bookmark 4455":              "link",
	} {
		if q := k.expandQuery(readUtterance(text)); !strings.Contains(q, want) {
			t.Errorf("expandQuery(%q) = %q, want %q in it", text, q, want)
		}
	}
}

// A request's phrasing names a thing without its word: "what's in folder
// 12345" its items, "who has access to folder 12345" its collaborators,
// "who signed up for webinar 855" its registrants; a plain request names
// nothing this way.
func TestPhraseThings(t *testing.T) {
	for text, want := range map[string]string{
		"what's in folder 12345?":          "item",
		"what is inside folder 12345":      "content",
		"who has access to folder 12345":   "collabor",
		"who can edit doc 77":              "permiss",
		"who signed up for webinar 855":    "registr",
		"who has role r-2 right now?":      "member",
		"show the members of folder 12345": "",
	} {
		got := strings.Join(readUtterance(text).phraseThings(), " ")
		if want == "" && got != "" || !strings.Contains(got, want) {
			t.Errorf("phraseThings(%q) = %q, want %q in it", text, got, want)
		}
	}
}

// A verb of two words with its object between them says its action:
// "take the watermark off folder 12345" deletes, "get file 987654 back"
// restores; "get file 987654" still reads, and "take" alone says nothing.
func TestSplitVerbs(t *testing.T) {
	for text, want := range map[string]string{
		"take the watermark off folder 12345":     "delete",
		"please take label 7 off issue 3":         "delete",
		"get file 987654 back out of the bin":     "restore",
		"bring back the deleted recordings of 81": "restore",
		"get file 987654":                         "read",
		"restore file 987654":                     "restore",
	} {
		if got := requestAction(readUtterance(text)); got != want {
			t.Errorf("requestAction(%q) = %q, want %q", text, got, want)
		}
	}
}

// A word the tools do not use, written as two words they do, is read as
// those two ("blocklist": the blocked list); a word the tools use, or
// one with a part they do not, is left alone.
func TestCompoundParts(t *testing.T) {
	k := newToolkit([]*schema.ToolInfo{
		{Name: "listBlockedList", Desc: "List blocked lists."},
		{Name: "listPhoneSites", Desc: "List phone sites."},
	})
	for text, want := range map[string]string{
		"show the phone blocklist": "block list",
		"show the phone sites":     "",
		"show the phone sitemap":   "",
	} {
		var got []string
		for _, w := range readUtterance(text).words {
			got = append(got, k.compoundParts(w)...)
		}
		if strings.Join(got, " ") != want {
			t.Errorf("compoundParts(%q) = %q, want %q", text, got, want)
		}
	}
	if got := strings.Join(readUtterance("who am I logged in as?").phraseThings(), " "); !strings.Contains(got, "user") {
		t.Errorf(`phraseThings("who am I logged in as?") = %q, want user`, got)
	}
}
