package fuzz

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/agentready/agentready/gen/example"
	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/gen/toolschema"
)

// What API error messages say, in the words they commonly use.
var (
	reRequired = regexp.MustCompile(`(?i)\b(is required|are required|required parameter|missing)\b`)
	reEnum     = regexp.MustCompile(`(?i)(?:one of|allowed values(?: are)?|valid values(?: are)?|possible values(?: are)?|must be either)[:\s]+(.+?)(?:;|\.\s|\.$|\(|\bgot\b|\bbut\b|$)`)
	reBetween  = regexp.MustCompile(`(?i)between\s+(-?\d+(?:\.\d+)?)\s+and\s+(-?\d+(?:\.\d+)?)\s*(characters|chars|letters|bytes|items|values|elements|entries)?`)
	reAtMost   = regexp.MustCompile(`(?i)(?:at most|no more than|not exceed|not be greater than|up to|maximum(?: length)?(?: is| of)?|less than or equal to|<=)\s*(-?\d+(?:\.\d+)?)\s*(characters|chars|letters|bytes|items|values|elements|entries)?`)
	reAtLeast  = regexp.MustCompile(`(?i)(?:at least|no less than|not be less than|minimum(?: length)?(?: is| of)?|greater than or equal to|>=)\s*(-?\d+(?:\.\d+)?)\s*(characters|chars|letters|bytes|items|values|elements|entries)?`)
	rePattern  = regexp.MustCompile(`(?i)must match (?:the pattern |pattern |regex )?(\S+)`)
	reTooLong  = regexp.MustCompile(`(?i)\btoo long\b`)
	// formatWords name a format where the message gives no example.
	formatWords = []struct {
		re     *regexp.Regexp
		format string
	}{
		{regexp.MustCompile(`(?i)RFC ?3339|ISO ?8601|date-time|datetime|timestamp`), "date-time"},
		{regexp.MustCompile(`(?i)\bUUID\b`), "uuid"},
		{regexp.MustCompile(`(?i)\be-?mail address\b`), "email"},
		{regexp.MustCompile(`(?i)\b(URL|URI)\b`), "uri"},
		{regexp.MustCompile(`(?i)\bdate\b`), "date"},
	}
	// tokenCut splits a message into the words that may be examples.
	tokenCut = regexp.MustCompile("[\\s\"'`(),;\\[\\]]+")
)

// formatsByExample are the formats recognised from an example value in a
// message ("must be a date like 2026-03-14"), most specific first.
var formatsByExample = []string{"date-time", "date", "uuid", "email", "ipv4", "ipv6", "uri"}

// learnFix is the documentation fix a refusal of a valid call suggests
// for arg, learned from the API's message msg where it says what it
// wants, compared with what the documentation says now.
func learnFix(p *probe, args []toolschema.Arg, arg, msg string) string {
	var a *toolschema.Arg
	for i := range args {
		if args[i].Name == arg {
			a = &args[i]
		}
	}
	if a == nil {
		return fmt.Sprintf("say in the tool's description what the API needs: it refused the documented arguments (%s)", clip(oneLine(msg), 160))
	}
	s := p.api.Resolve(a.Schema)
	if s == nil {
		s = &ir.Schema{}
	}
	sent, present := p.args[arg]
	var fixes []string
	if !present && reRequired.MatchString(msg) {
		fixes = append(fixes, "mark it required (the API refuses a call without it)")
	}
	if vals := learnEnum(msg); len(vals) > 1 && !sameEnum(s.Enum, vals) {
		fixes = append(fixes, "enum: ["+strings.Join(vals, ", ")+"]")
	}
	fixes = append(fixes, learnBounds(s, sent, msg)...)
	if m := rePattern.FindStringSubmatch(msg); m != nil && m[1] != s.Pattern {
		fixes = append(fixes, "pattern: "+m[1])
	}
	if f := learnFormat(msg, sent); f != "" && f != s.Format && s.Kind == ir.KindString && len(s.Enum) == 0 {
		fixes = append(fixes, "format: "+f+was(s.Format != "", "format "+s.Format))
	}
	if len(fixes) == 0 && present && reTooLong.MatchString(msg) {
		if str, ok := sent.(string); ok {
			fixes = append(fixes, fmt.Sprintf("maxLength below %d (the API's limit; it refused %d characters)", len([]rune(str)), len([]rune(str))))
		}
	}
	if len(fixes) == 0 {
		for _, other := range mentionedArgs(wireNames(args), msg, false) {
			if other != arg {
				return fmt.Sprintf("%s: document how it depends on %s, in the schema where it can say it (dependentRequired, a oneOf) and in both descriptions; the API said %q",
					arg, other, clip(oneLine(msg), 160))
			}
		}
		what := "leaving it out"
		if present {
			what = valueText(sent)
		}
		return fmt.Sprintf("document what %s takes: the API refused %s (%s), which the documentation allows; it said %q",
			arg, what, p.what, clip(oneLine(msg), 160))
	}
	return arg + ": " + strings.Join(fixes, "; ")
}

// learnEnum returns the values of a "must be one of a, b, c" message.
func learnEnum(msg string) []string {
	m := reEnum.FindStringSubmatch(msg)
	if m == nil {
		return nil
	}
	list := strings.NewReplacer(" or ", ",", "|", ",", " and ", ",").Replace(m[1])
	var out []string
	for _, v := range strings.Split(list, ",") {
		v = strings.Trim(strings.TrimSpace(v), "\"'`[]{}")
		if v == "" {
			continue
		}
		if len(v) > 64 || strings.Contains(v, " ") {
			return nil // prose, not a list of values
		}
		out = append(out, v)
	}
	return out
}

func sameEnum(doc []any, learned []string) bool {
	if len(doc) != len(learned) {
		return false
	}
	have := map[string]bool{}
	for _, d := range doc {
		have[fmt.Sprint(d)] = true
	}
	for _, l := range learned {
		if !have[l] {
			return false
		}
	}
	return true
}

// learnBounds returns the range, length or item bounds the message
// states that differ from the schema's: "between 1 and 100" is
// minimum/maximum for a number, minLength/maxLength for text ("100
// characters", or a string argument).
func learnBounds(s *ir.Schema, sent any, msg string) []string {
	type bound struct {
		n    float64
		unit string
	}
	var lo, hi *bound
	if m := reBetween.FindStringSubmatch(msg); m != nil {
		a, _ := strconv.ParseFloat(m[1], 64)
		b, _ := strconv.ParseFloat(m[2], 64)
		lo, hi = &bound{a, m[3]}, &bound{b, m[3]}
	} else {
		if m := reAtMost.FindStringSubmatch(msg); m != nil {
			n, _ := strconv.ParseFloat(m[1], 64)
			hi = &bound{n, m[2]}
		}
		if m := reAtLeast.FindStringSubmatch(msg); m != nil {
			n, _ := strconv.ParseFloat(m[1], 64)
			lo = &bound{n, m[2]}
		}
	}
	kind := func(b *bound) string {
		switch strings.ToLower(b.unit) {
		case "characters", "chars", "letters", "bytes":
			return "length"
		case "items", "values", "elements", "entries":
			return "items"
		}
		switch sent.(type) {
		case string:
			if s.Kind == ir.KindString {
				return "length"
			}
		case []any:
			return "items"
		}
		return "number"
	}
	var out []string
	for _, side := range []struct {
		b        *bound
		low      bool
		num, len string
		items    string
	}{{lo, true, "minimum", "minLength", "minItems"}, {hi, false, "maximum", "maxLength", "maxItems"}} {
		if side.b == nil {
			continue
		}
		var name string
		var doc *float64
		switch kind(side.b) {
		case "length":
			name, doc = side.len, intPtr(s.MinLength)
			if !side.low {
				doc = intPtr(s.MaxLength)
			}
		case "items":
			name, doc = side.items, intPtr(s.MinItems)
			if !side.low {
				doc = intPtr(s.MaxItems)
			}
		default:
			name, doc = side.num, s.Minimum
			if !side.low {
				doc = s.Maximum
			}
		}
		if doc != nil && *doc == side.b.n {
			continue
		}
		out = append(out, name+": "+strconv.FormatFloat(side.b.n, 'f', -1, 64)+was(doc != nil, name+" "+fmtNum(doc)))
	}
	return out
}

// learnFormat is the format the message asks for: the format of an
// example value it quotes (other than the value sent), else the one its
// words name; "" when it names none.
func learnFormat(msg string, sent any) string {
	sentText, _ := sent.(string)
	for _, tok := range tokenCut.Split(msg, -1) {
		tok = strings.TrimRight(tok, ".:")
		if tok == "" || tok == sentText {
			continue
		}
		for _, f := range formatsByExample {
			if (f != "uri" || strings.Contains(tok, "://")) && example.FormatOK(f, tok) && !digitsOnly(tok) {
				return f
			}
		}
	}
	for _, w := range formatWords {
		if w.re.MatchString(msg) {
			return w.format
		}
	}
	return ""
}

// unvalidatedFix is the fix for an invalid value the API took.
func unvalidatedFix(p *probe) string {
	return fmt.Sprintf("the API took %s for %s (%s), which the documentation rules out: make the API refuse it, or document what it accepts",
		valueText(p.args[p.arg]), orWhole(p.arg), p.what)
}

// serverFix is the fix for a failure of the API.
func serverFix(p *probe, status int) string {
	what := "failed (" + strconv.Itoa(status) + ")"
	if status == 0 {
		what = "gave no answer in time"
	}
	if p.arg == "" {
		return fmt.Sprintf("the API %s on a documented call (%s): fix the server, or document what makes it fail", what, p.what)
	}
	value := valueText(p.args[p.arg])
	if p.omitted {
		value = "nothing"
	}
	return fmt.Sprintf("the API %s on %s = %s (%s): fix the server, or document the constraint that avoids it", what, p.arg, value, p.what)
}

func valueText(v any) string { return clip(jsonText(shorten(v)), 80) }

func was(ok bool, s string) string {
	if !ok {
		return ""
	}
	return " (the documentation says " + s + ")"
}

func intPtr(p *int64) *float64 {
	if p == nil {
		return nil
	}
	f := float64(*p)
	return &f
}

func fmtNum(p *float64) string {
	if p == nil {
		return ""
	}
	return strconv.FormatFloat(*p, 'f', -1, 64)
}

func digitsOnly(s string) bool {
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }
