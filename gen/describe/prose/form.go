package prose

import (
	"regexp"
	"strings"
)

// formNames are the forms of a value a spec text names in words, each
// with how a note says it: a date and time standard, a count of seconds
// since 1970, or the two words of a boolean written as a string.
var formNames = []struct {
	re   *regexp.Regexp
	note string
}{
	{regexp.MustCompile(`(?i)\biso[ -]?8601\b`), "as ISO 8601"},
	{regexp.MustCompile(`(?i)\brfc[ -]?3339\b`), "as RFC 3339"},
	{regexp.MustCompile(`(?i)\b(?:unix|epoch)[ -]?(?:time ?stamps?|times?|seconds)\b|\bseconds since (?:the )?(?:unix )?epoch\b`), "as Unix time"},
}

// boolWords finds "true" and "false" as words.
var (
	trueWord  = regexp.MustCompile(`(?i)\btrue\b`)
	falseWord = regexp.MustCompile(`(?i)\bfalse\b`)
)

// FormNote is what an argument's text says of the form of its values
// that shown (the text already written for it) lacks: a date and time
// standard ("as ISO 8601", "as RFC 3339"), Unix time ("as Unix time"),
// or, for a string argument whose text names both, "true or false"
// ("Public APIs have the isPublic value true; private APIs have the
// isPublic value false"). It is for an argument whose schema shows
// nothing of that form (no enum or format), and "" when the text names
// none, or shown says it already, or it is longer than max. A text that
// names another argument of the tool (isArg, in backticks: "when
// `certificate` is true") may say true and false of that one, and gets
// no "true or false".
func FormNote(desc, shown, name string, str bool, max int, isArg func(string) bool) string {
	// Most texts name no form: spare them the regular expressions.
	if !strings.Contains(desc, "8601") && !strings.Contains(desc, "3339") && !strings.Contains(desc, "nix") &&
		!strings.Contains(desc, "poch") && !(str && strings.Contains(desc, "rue") && strings.Contains(desc, "alse")) {
		return ""
	}
	var parts []string
	low := strings.ToLower(shown)
	for _, f := range formNames {
		if f.re.MatchString(desc) && !f.re.MatchString(shown) {
			parts = append(parts, f.note)
			break
		}
	}
	if str && trueWord.MatchString(desc) && falseWord.MatchString(desc) && !strings.Contains(low, "true") && !namesOther(desc, name, isArg) {
		parts = append(parts, "true or false")
	}
	note := strings.Join(parts, ", ")
	if len(note) > max {
		return ""
	}
	return note
}

// namesOther reports whether desc names, in backticks, an argument of the
// tool other than name.
func namesOther(desc, name string, isArg func(string) bool) bool {
	if isArg == nil || !strings.Contains(desc, "`") {
		return false
	}
	for _, m := range backticked.FindAllStringSubmatch(desc, -1) {
		if w := strings.Trim(m[1], `"'.,;:`); w != name && isArg(w) {
			return true
		}
	}
	return false
}
