package lint

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/agentready/agentready/gen/ir"
)

// checkProse finds constraints that an argument's description states and
// its schema does not carry.
func checkProse(c *checker) {
	for i, op := range c.api.Operations {
		if c.stopped(i) {
			return
		}
		args := c.cat.Args(op.Name)
		// names maps each argument's lower-case name to its description.
		names := map[string]string{}
		for _, a := range args {
			names[strings.ToLower(a.Name)] = strings.ToLower(a.Description)
		}
		for _, a := range args {
			d := a.Description
			if strings.TrimSpace(d) == "" {
				continue
			}
			s := c.api.Resolve(a.Schema)
			if s == nil {
				continue
			}
			elem := s
			if s.Kind == ir.KindArray && s.Items != nil {
				elem = c.api.Resolve(s.Items)
			}
			at := argPlace(a)
			low := strings.ToLower(d)
			if vals := proseEnum(low, d); len(vals) > 0 && elem != nil && len(elem.Enum) == 0 && elem.Kind != ir.KindBoolean {
				c.add(RuleProseEnum, op, at,
					fmt.Sprintf("the description of %q lists its values (%s) but the schema has no enum", a.Name, strings.Join(vals, ", ")),
					fmt.Sprintf("add enum: [%s] to the schema of %q", strings.Join(vals, ", "), a.Name))
			}
			if hasAny(low, rangeWords) {
				checkProseRange(c, op, at, a.Name, d, s)
			}
			if sep := listSeparator(low); sep != "" && s.Kind == ir.KindString && len(s.Enum) == 0 {
				c.add(RuleProseList, op, at,
					fmt.Sprintf("%q is a string the description calls %s-separated", a.Name, sep),
					fmt.Sprintf("declare %q as an array of strings (style: form, explode: false for commas) so the runtime joins it", a.Name))
			}
			if f := proseFormat(low, d); f != "" && elem != nil && elem.Kind == ir.KindString && elem.Format == "" && elem.Pattern == "" && len(elem.Enum) == 0 {
				c.add(RuleProseFormat, op, at,
					fmt.Sprintf("the description of %q says it is %s but the schema declares no format", a.Name, f),
					fmt.Sprintf("add format: %s to the schema of %q", formatName(f), a.Name))
			}
			if other := proseRelation(low, a.Name, names); other != "" {
				c.add(RuleProseRelation, op, at,
					fmt.Sprintf("the description of %q constrains it against %q, which no schema can check", a.Name, other),
					fmt.Sprintf("state the rule on both %q and %q, with an example pair that satisfies it", a.Name, other))
			}
		}
	}
}

// enumTrigger introduces a list of allowed values; strong triggers take
// plain words, weak ones ("either", "can be") only quoted or `code` values.
var (
	enumStrong = regexp.MustCompile(`(?i)\b(?:one of|possible values(?: are)?|valid values(?: are)?|allowed values(?: are)?|accepted values(?: are)?|supported values(?: are)?|valid options(?: are)?)\s*(?:the following)?\s*:?\s*`)
	enumWeak   = regexp.MustCompile(`(?i)\b(?:either|can be|must be|may be|options are)\s*:?\s*`)
	enumSplit  = regexp.MustCompile(`\s*(?:,\s*(?:or|and)?|\bor\b|\band\b|\|)\s*`)
	enumValue  = regexp.MustCompile("^(?:`([^`]{1,40})`|\"([^\"]{1,40})\"|'([^']{1,40})'|([A-Za-z0-9_.:+-]{1,40}))$")
)

// proseEnum returns the values a description lists as the allowed ones,
// nil when it lists none.
func proseEnum(low, d string) []string {
	if !hasAny(low, enumWords) {
		return nil
	}
	for _, re := range []*regexp.Regexp{enumStrong, enumWeak} {
		for _, loc := range re.FindAllStringIndex(d, -1) {
			if vals := valueList(d[loc[1]:], re == enumWeak); len(vals) >= 2 {
				return vals
			}
		}
	}
	return nil
}

// valueList reads "a, b or c" at the start of s, up to the end of the
// sentence; quoted says every value must be in quotes or backticks.
func valueList(s string, quoted bool) []string {
	end := len(s)
	if i := strings.IndexAny(s, "\n;()"); i >= 0 {
		end = i
	}
	if i := sentenceEnd.FindStringIndex(s[:end]); i != nil {
		end = i[0]
	}
	s = strings.TrimSpace(s[:end])
	var vals []string
	for _, piece := range enumSplit.Split(s, -1) {
		piece = strings.TrimSpace(piece)
		if piece == "" {
			continue
		}
		m := enumValue.FindStringSubmatch(piece)
		if m == nil {
			return nil
		}
		if m[4] != "" {
			if quoted || stopValue[strings.ToLower(m[4])] {
				return nil
			}
			vals = append(vals, m[4])
			continue
		}
		vals = append(vals, m[1]+m[2]+m[3])
	}
	if len(vals) > 20 {
		return nil
	}
	return vals
}

// stopValue are words that end a sentence rather than name a value.
var stopValue = map[string]bool{"the": true, "a": true, "an": true, "it": true, "this": true, "both": true, "none": true, "more": true, "etc": true, "these": true, "following": true}

var sentenceEnd = regexp.MustCompile(`\.(?:\s|$)`)

var (
	maxRe     = regexp.MustCompile(`(?i)\b(?:at most|maximum(?: of| is| value is)?|max\.?|up to|no more than|not more than|cannot exceed|must not exceed|less than or equal to|limit(?:ed)? (?:of|to|is))\s*:?\s*(\d[\d,]*)(\s*characters?)?(\s*(?:hours?|days?|minutes?|seconds?|weeks?|months?|years?|mb|kb|gb|bytes?))?`)
	minRe     = regexp.MustCompile(`(?i)\b(?:at least|minimum(?: of| is| value is)?|min\.?|no less than|greater than or equal to)\s*:?\s*(\d[\d,]*)(\s*characters?)?`)
	betweenRe = regexp.MustCompile(`(?i)\bbetween\s+(\d[\d,]*)\s+and\s+(\d[\d,]*)(\s*characters?)?`)
	listRe    = regexp.MustCompile(`(?i)\b(comma|space|semicolon|pipe)[- ]?(?:separated|delimited)`)
)

// listSeparator returns the separator ("comma") a lower-case
// description says a list is joined with, "" when it says none.
func listSeparator(low string) string {
	if !strings.Contains(low, "separated") && !strings.Contains(low, "delimited") {
		return ""
	}
	if m := listRe.FindStringSubmatch(low); m != nil {
		return m[1]
	}
	return ""
}

// checkProseRange reports a minimum or maximum the description gives and
// the schema s does not carry: a bound on the value for numbers, on the
// length for strings (only when the text says characters), on the count
// for arrays.
func checkProseRange(c *checker, op *ir.Operation, at place, name, d string, s *ir.Schema) {
	type bound struct {
		max  bool
		n    string
		char bool
	}
	var bs []bound
	if m := betweenRe.FindStringSubmatch(d); m != nil {
		bs = append(bs, bound{false, m[1], m[3] != ""}, bound{true, m[2], m[3] != ""})
	}
	if m := maxRe.FindStringSubmatch(d); m != nil && m[3] == "" {
		// "up to 48 hours" bounds a time the schema's number may not
		// count in; leave units to the reader.
		bs = append(bs, bound{true, m[1], m[2] != ""})
	}
	if m := minRe.FindStringSubmatch(d); m != nil {
		bs = append(bs, bound{false, m[1], m[2] != ""})
	}
	done := map[bool]bool{}
	for _, b := range bs {
		if done[b.max] {
			continue
		}
		n, err := strconv.ParseInt(strings.ReplaceAll(b.n, ",", ""), 10, 64)
		if err != nil {
			continue
		}
		var key string
		var has bool
		switch {
		case s.Kind == ir.KindInteger || s.Kind == ir.KindNumber:
			key, has = "minimum", s.Minimum != nil
			if b.max {
				key, has = "maximum", s.Maximum != nil
			}
		case s.Kind == ir.KindString && b.char:
			key, has = "minLength", s.MinLength != nil
			if b.max {
				key, has = "maxLength", s.MaxLength != nil
			}
		case s.Kind == ir.KindArray:
			key, has = "minItems", s.MinItems != nil
			if b.max {
				key, has = "maxItems", s.MaxItems != nil
			}
		default:
			continue
		}
		if has || len(s.Enum) > 0 {
			continue
		}
		done[b.max] = true
		c.add(RuleProseRange, op, at,
			fmt.Sprintf("the description of %q gives %s %d but the schema has no %s", name, key, n, key),
			fmt.Sprintf("add %s: %d to the schema of %q", key, n, name))
	}
}

var formatRes = []struct {
	re   *regexp.Regexp
	what string
}{
	{regexp.MustCompile(`(?i)\bYYYY-MM-DD[T ]HH`), "a date-time"},
	{regexp.MustCompile(`(?i)\bISO[ -]?8601\b|\bRFC[ -]?3339\b`), "an ISO 8601 timestamp"},
	{regexp.MustCompile(`(?i)\bYYYY-MM-DD\b`), "a date (YYYY-MM-DD)"},
	{regexp.MustCompile(`(?i)\b(?:must|should) be an? (?:valid )?(?:URL|URI)\b`), "a URL"},
	{regexp.MustCompile(`(?i)\b(?:must|should) be an? (?:valid )?e-?mail(?: address)?\b`), "an email address"},
	{regexp.MustCompile(`(?i)\b(?:must|should) be an? (?:valid )?UUID\b|\bUUID format\b`), "a UUID"},
}

// proseFormat returns the format a description names, "" when none.
func proseFormat(low, d string) string {
	if !hasAny(low, formatWords) {
		return ""
	}
	for _, f := range formatRes {
		if f.re.MatchString(d) {
			return f.what
		}
	}
	return ""
}

// formatName is the JSON Schema format of what proseFormat found.
func formatName(what string) string {
	switch {
	case strings.Contains(what, "date-time"), strings.Contains(what, "timestamp"):
		return "date-time"
	case strings.Contains(what, "date"):
		return "date"
	case strings.Contains(what, "URL"):
		return "uri"
	case strings.Contains(what, "email"):
		return "email"
	case strings.Contains(what, "UUID"):
		return "uuid"
	}
	return what
}

var relationRe = regexp.MustCompile("(?i)\\b(?:later|earlier|greater|less|larger|smaller|more|fewer|before|after|sooner)(?: than)?(?: or equal to)?(?: the)?\\s+`?([A-Za-z_][A-Za-z0-9_.-]*)`?|\\b(?:cannot|can't|must not) be (?:used|combined|given|set) (?:with|together with|alongside)\\s+`?([A-Za-z_][A-Za-z0-9_.-]*)`?|\\bmutually exclusive with\\s+`?([A-Za-z_][A-Za-z0-9_.-]*)`?")

// proseRelation returns the other argument a description constrains its
// own (self) against, "" when it names none of names (argument names to
// their descriptions) or when the other's description states the rule
// too, naming self.
func proseRelation(low, self string, names map[string]string) string {
	if !hasAny(low, relationWords) {
		return ""
	}
	for _, m := range relationRe.FindAllStringSubmatch(low, -1) {
		other := strings.ToLower(strings.TrimRight(m[1]+m[2]+m[3], "."))
		otherDesc, ok := names[other]
		if ok && other != strings.ToLower(self) && !strings.Contains(otherDesc, strings.ToLower(self)) {
			return other
		}
	}
	return ""
}

// The words without which a rule's expressions cannot match: checking
// them first spares the regular expressions most descriptions.
var (
	enumWords     = []string{"one of", "values", "either", "can be", "must be", "may be", "options"}
	rangeWords    = []string{"most", "max", "up to", "more than", "exceed", "less than", "limit", "least", "min", "between", "greater than"}
	formatWords   = []string{"yyyy", "iso", "rfc", "url", "uri", "mail", "uuid"}
	relationWords = []string{"than", "cannot", "can't", "must not", "exclusive"}
)

// hasAny reports whether s contains one of words.
func hasAny(s string, words []string) bool {
	for _, w := range words {
		if strings.Contains(s, w) {
			return true
		}
	}
	return false
}
