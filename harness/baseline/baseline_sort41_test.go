package baseline_test

import (
	"testing"

	"github.com/cloudwego/eino/schema"
)

// sortCase is one request and the call it must make.
type sortCase struct{ request, want string }

// checkSorts runs each request against the one tool and compares calls.
func checkSorts(t *testing.T, tool *schema.ToolInfo, cases []sortCase) {
	t.Helper()
	for _, c := range cases {
		got := callOf(t, firstCall(t, []*schema.ToolInfo{tool}, c.request))
		if got.String() != c.want {
			t.Errorf("%q: called %s, want %s", c.request, got, c.want)
		}
	}
}

// "Newest first" with a sort field beside the direction sorts by when a
// thing was made when the field lists several times (date, not
// modified_time), and by the time the phrase names when it names one
// ("most recently modified first").
func TestNewestSortsByCreationTime(t *testing.T) {
	list := toolDef(t, "list_album_photos", "List the photos of an album",
		`{"type":"object","properties":{"album_id":{"type":"integer"},
			"sort":{"type":"string","enum":["alphabetical","comments","date","modified_time","plays"]},
			"direction":{"type":"string","enum":["asc","desc"]}}}`)
	checkSorts(t, list, []sortCase{
		{"photos in album 77, newest first", `list_album_photos{"album_id":77,"direction":"desc","sort":"date"}`},
		{"photos in album 77, most recently modified first", `list_album_photos{"album_id":77,"direction":"desc","sort":"modified_time"}`},
	})
}

// An argument named asc that only takes true is turned on by "oldest
// first" and left out by "newest first", the order it gives unset.
func TestOldestFirstTurnsOnAscFlag(t *testing.T) {
	list := toolDef(t, "list_members", "List the members of a forum",
		`{"type":"object","properties":{
			"order":{"type":"string","enum":["joined","seen","posts"]},
			"asc":{"type":"string","enum":["true"]}}}`)
	checkSorts(t, list, []sortCase{
		{"members, oldest first", `list_members{"asc":"true"}`},
		{"members, newest first", `list_members{}`},
	})
}

// An order phrase around a field already taken signs it: "latest due
// date first" is -dueDate on an enum that writes descending with a minus.
func TestOrderPhraseSignsTakenField(t *testing.T) {
	list := toolDef(t, "list_milestones", "List milestones",
		`{"type":"object","properties":{
			"orderBy":{"type":"string","enum":["name","-name","dueDate","-dueDate","sequence","-sequence"]}}}`)
	checkSorts(t, list, []sortCase{
		{"milestones, latest due date first", `list_milestones{"orderBy":"-dueDate"}`},
		{"milestones, earliest due date first", `list_milestones{"orderBy":"dueDate"}`},
	})
}

// "Newest first" picks the value of a sort enum that says both field and
// way: recency beside relevancy, date_desc beside date_asc.
func TestNewestPicksCombinedSortValue(t *testing.T) {
	search := toolDef(t, "search_posts", "Search posts",
		`{"type":"object","properties":{"query":{"type":"string"},
			"sort_order":{"type":"string","enum":["recency","relevancy"]}}}`)
	checkSorts(t, search, []sortCase{{"search posts for 'golang', newest first", `search_posts{"query":"golang","sort_order":"recency"}`}})
	list := toolDef(t, "list_invoices", "List invoices",
		`{"type":"object","properties":{
			"sort":{"type":"string","enum":["date_asc","date_desc","total_asc","total_desc"]}}}`)
	checkSorts(t, list, []sortCase{
		{"invoices, oldest first", `list_invoices{"sort":"date_asc"}`},
		{"invoices, newest first", `list_invoices{"sort":"date_desc"}`},
	})
}

// "Sorted by last activity" takes the sort enum's value whose words it
// says (last_activity_at), not a word of it as free text.
func TestSortedByNamesEnumValue(t *testing.T) {
	list := toolDef(t, "list_workspaces", "List workspaces",
		`{"type":"object","properties":{
			"order_by":{"type":"string","enum":["id","name","created_at","updated_at","last_activity_at"]},
			"sort":{"type":"string","enum":["asc","desc"]}}}`)
	checkSorts(t, list, []sortCase{
		{"workspaces ordered by last activity", `list_workspaces{"order_by":"last_activity_at"}`},
		{"workspaces sorted by last update", `list_workspaces{"order_by":"updated_at"}`},
	})
}
