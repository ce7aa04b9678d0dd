package baseline_test

import "testing"

// A string argument whose description names a timestamp's format (RFC
// 3339, ISO 8601) takes a date said in words as a date-time, by the word
// before it for the end of a range it is; a month or a year said alone
// spans a pair of them from midnight to 23:59:59. A duration written in
// ISO 8601 is no timestamp.
func TestTimestampsByTheirDescribedFormat(t *testing.T) {
	pays := toolDef(t, "listPayments", "Retrieves list of payments",
		`{"type":"object","properties":{
			"begin_time":{"type":"string","description":"timestamp for beginning of reporting period, in RFC 3339 format"},
			"end_time":{"type":"string","description":"timestamp for end of reporting period, in RFC 3339 format"},
			"location_id":{"type":"string"}}}`)
	breaks := toolDef(t, "createBreakType", "Creates a new break type",
		`{"type":"object","properties":{
			"break_name":{"type":"string"},
			"expected_duration":{"type":"string","description":"Format: RFC-3339 P[n]Y[n]M[n]DT[n]H[n]M[n]S. The expected length of this break."}}}`)
	checkArg(t, pays, "payments since March 1st 2025", "begin_time", "2025-03-01T00:00:00Z")
	checkArg(t, pays, "payments since March 1st 2025", "end_time", nil)
	checkArg(t, pays, "payments until March 1st 2025", "end_time", "2025-03-01T00:00:00Z")
	checkArg(t, pays, "payments in March 2025", "begin_time", "2025-03-01T00:00:00Z")
	checkArg(t, pays, "payments in March 2025", "end_time", "2025-03-31T23:59:59Z")
	checkArg(t, pays, "payments during 2024", "begin_time", "2024-01-01T00:00:00Z")
	checkArg(t, pays, "payments during 2024", "end_time", "2024-12-31T23:59:59Z")
	checkArg(t, pays, "payments in 2024 March 3", "end_time", nil)
	checkArg(t, breaks, "new break Lunch on March 1st 2025", "expected_duration", nil)
}

// A sort direction whose description writes only one of ASC and DESC
// ("Default value: ASC") takes the other the same way: "newest first" is
// DESC.
func TestDirectionHalfListed(t *testing.T) {
	roles := toolDef(t, "ListEmployeeRoles", "Provides summary information for all of business's employee roles",
		`{"type":"object","properties":{
			"order":{"type":"string","description":"order in which employees are listed in response, based on their created_at field.Default value: ASC"},
			"limit":{"type":"integer"}}}`)
	checkArg(t, roles, "employee roles, most recently created first", "order", "DESC")
	checkArg(t, roles, "employee roles, oldest first", "order", "ASC")
	checkArg(t, roles, "employee roles", "order", nil)
}

// A length of time said with its unit goes into a string argument whose
// description writes the ISO 8601 form of a duration, as that form.
func TestISODurations(t *testing.T) {
	breaks := toolDef(t, "createBreakType", "Creates a new break type",
		`{"type":"object","properties":{
			"break_name":{"type":"string"},
			"expected_duration":{"type":"string","description":"Format: RFC-3339 P[n]Y[n]M[n]DT[n]H[n]M[n]S. The expected length of this break."}}}`)
	checkArg(t, breaks, "new 30 minute break called Lunch", "expected_duration", "PT30M")
	checkArg(t, breaks, "a break of 2 hours called Nap", "expected_duration", "PT2H")
	checkArg(t, breaks, "a break of 1.5 hours called Nap", "expected_duration", nil)
}

// A top-level argument named date and a bound (dateFrom, date_to) takes
// a date, by the word before it for its end.
func TestDateAndBoundNames(t *testing.T) {
	events := toolDef(t, "getAdminEvents", "Get admin events",
		`{"type":"object","properties":{
			"realm":{"type":"string"},
			"dateFrom":{"type":"string"},
			"dateTo":{"type":"string"}},"required":["realm"]}`)
	checkArg(t, events, "admin events in prod since 2025-03-01", "dateFrom", "2025-03-01")
	checkArg(t, events, "admin events in prod since 2025-03-01", "dateTo", nil)
	checkArg(t, events, "admin events in prod until March 1st 2025", "dateTo", "2025-03-01")
}
