package prose

import "testing"

// An argument keeps the form its text names when the shown text lost it:
// Postman's since (ISO 8601 in a second sentence) and isPublic (true and
// false as words); nothing when the text names no form or shown has it.
func TestFormNote(t *testing.T) {
	isArg := func(w string) bool { return w == "certificate" || w == "arg" }
	for _, c := range []struct {
		desc, shown string
		str         bool
		want        string
	}{
		{"Only return APIs that have been updated after this time. Time is represented using the ISO 8601 date and time format.",
			"Only return APIs that have been updated after this time", true, "as ISO 8601"},
		{"Only return APIs with the corresponding privacy state. Public APIs have the isPublic value true; private APIs have the isPublic value false.",
			"Only return APIs with corresponding privacy state", true, "true or false"},
		{"Start of the range, an RFC3339 timestamp.", "Start of the range", true, "as RFC 3339"},
		{"Created after this time, in seconds since the Unix epoch.", "Created after this time", false, "as Unix time"},
		// Shown says it already.
		{"A date in ISO 8601 format.", "A date in ISO 8601 format", true, ""},
		{"Set to true to include archived, false otherwise.", "true to include archived", true, ""},
		// No form named; an integer takes no true or false.
		{"The name of the project.", "The name of the project", true, ""},
		{"Count of items; true and false are not accepted.", "Count of items", false, ""},
		// True and false said of another argument (DocuSign's documentId).
		{"The ID of the document. `combined`: all documents; when `certificate` is **true,** the certificate is included; when **false,** not.",
			"The ID of the document", true, ""},
	} {
		if got := FormNote(c.desc, c.shown, "arg", c.str, 150, isArg); got != c.want {
			t.Errorf("FormNote(%q, %q) = %q, want %q", c.desc, c.shown, got, c.want)
		}
	}
	if got := FormNote("ISO 8601 time.", "time", "arg", true, 5, isArg); got != "" {
		t.Errorf("FormNote over max = %q, want nothing", got)
	}
}
