package baseline_test

import "testing"

// A date said in words with a time of day ("june 28 2024 at 5pm UTC")
// goes to an argument that takes a Unix timestamp as the seconds since
// 1970, and the frame of an order ("remind me to") is no part of the
// text sent.
func TestUnixTimestampAndOrderFrame(t *testing.T) {
	remind := toolDef(t, "reminders_add", "Creates a reminder.\nExample: {\"text\":\"Pay rent\",\"time\":\"1719594000\"}",
		`{"type":"object","required":["text","time"],"properties":{
		  "text":{"type":"string","description":"content of reminder"},
		  "time":{"type":"string","description":"When this reminder should happen: Unix timestamp (up to five years from now)"}}}`)
	for request, want := range map[string]string{
		"remind me to submit expenses on june 28 2024 at 5pm UTC":   "1719594000",
		"remind me to submit expenses on june 28 2024 at 5:30 pm":   "1719595800",
		"remind me to submit expenses on 28 June 2024 at 17:00 UTC": "1719594000",
		"remind me to submit expenses on june 28 2024 at noon":      "1719576000",
		"remind me to submit expenses on june 28 2024":              "1719532800",
	} {
		checkArg(t, remind, request, "time", want)
	}
	checkArg(t, remind, "remind me to submit expenses on june 28 2024 at 5pm UTC", "text", "submit expenses")
	deadline := toolDef(t, "setDeadline", "Set a deadline.",
		`{"type":"object","properties":{"due":{"type":"integer","description":"Seconds since the epoch"}}}`)
	checkArg(t, deadline, "set the deadline to march 1 2026", "due", float64(1772323200))
}
