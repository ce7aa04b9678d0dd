package baseline_test

import "testing"

// A path in a file tree, written with slashes or as a file's name, goes
// to the argument named path; one said after "to" or "into" goes to the
// argument whose name says destination and whose description says path;
// a folder named between "the" and "folder" is a path too. A URL, an
// email or a date is no path.
func TestFilePathsSaidAsWritten(t *testing.T) {
	history := toolDef(t, "HistoryListForFile", "List history for specific file.",
		`{"type":"object","properties":{
			"path":{"type":"string","description":"Path to operate on."},
			"per_page":{"type":"integer"}},"required":["path"]}`)
	copyFile := toolDef(t, "FileActionCopy", "Copy file/folder",
		`{"type":"object","properties":{
			"path":{"type":"string","description":"Path to operate on."},
			"destination":{"type":"string","description":"Copy destination path."}},"required":["path","destination"]}`)
	checkArg(t, history, "who downloaded contracts/Q3-report.pdf", "path", "contracts/Q3-report.pdf")
	checkArg(t, history, "history of plan.docx", "path", "plan.docx")
	checkArg(t, history, "what happened in the Marketing folder", "path", "Marketing")
	checkArg(t, history, "history of https://example.com/a/b", "path", nil)
	checkArg(t, history, "history since 2025/03/01", "path", nil)
	checkArg(t, copyFile, "duplicate templates/nda.docx into legal/nda.docx", "path", "templates/nda.docx")
	checkArg(t, copyFile, "duplicate templates/nda.docx into legal/nda.docx", "destination", "legal/nda.docx")
}

// A destination without a description is where the path goes when the
// tool also takes a path (a form body whose descriptions only restate
// the names).
func TestDestinationBesideAPath(t *testing.T) {
	copyFile := toolDef(t, "FileActionCopy", "Copy file/folder",
		`{"type":"object","properties":{"path":{"type":"string"},"destination":{"type":"string"}},"required":["path","destination"]}`)
	mail := toolDef(t, "forwardMessage", "Forward a message",
		`{"type":"object","properties":{"id":{"type":"string"},"destination":{"type":"string"}},"required":["id","destination"]}`)
	checkArg(t, copyFile, "duplicate templates/nda.docx into legal/nda.docx", "destination", "legal/nda.docx")
	checkArg(t, mail, "forward message 55 to reports/q3.pdf", "destination", nil)
}

// The name said after a thing's noun is the word after "called" or
// "named" when one of them follows the noun, never that word itself.
func TestNameAfterCalled(t *testing.T) {
	breaks := toolDef(t, "CreateBreakType", "Creates a new BreakType",
		`{"type":"object","properties":{
			"break_name":{"type":"string"},
			"location_id":{"type":"string"}},"required":["break_name","location_id"]}`)
	checkArg(t, breaks, "new break called Lunch at location L8GV9J2PB0KQ2", "break_name", "Lunch")
	checkArg(t, breaks, "new break named siesta at location L8GV9J2PB0KQ2", "break_name", "siesta")
}
