package prose

import (
	"regexp"
	"strings"
)

// Example is a value a spec text gives as an example of an argument:
// "e.g. `7:days`", "for example 'ASC'", "Example: `filters[]=os:windows`".
type Example struct {
	// Value is the value as the argument takes it, without the query
	// string around it ("7:days" for `timeframe[]=7:days`).
	Value string
	// Key is the name the query string gave it ("timeframe[]"), or ""
	// when the example is a bare value.
	Key string
}

var (
	// exampleCue opens examples: "e.g.", "for example", "example:",
	// "such as".
	exampleCue = regexp.MustCompile(`(?i)(?:\be\.\s?g\.|\bfor example\b|\bexamples?\s*:|\bsuch as\b)`)
	// keyed is one query-string pair: "timeframe[]=7:days", "sort=asc".
	keyed = regexp.MustCompile(`^([A-Za-z_][A-Za-z0-9_.\-]*(?:\[[A-Za-z0-9_]*\])?)=(.*)$`)
	// escape is one percent-escaped character ("%2F"): how a character
	// of a value is written, not a value.
	escape = regexp.MustCompile(`^%[0-9A-Fa-f]{2}$`)
	// typeName is a capitalized word in backticks ("`Card`"): in a text
	// with two or more, they name object types ("not a `Source` (e.g.,
	// `Card`)"), not values.
	typeName = regexp.MustCompile("`[A-Z][a-z]+`")
)

// maxExample is the longest example value kept; a longer one is a
// document or a sentence, not a value a model copies the form of.
const maxExample = 40

// Examples returns the example values desc (spec text, markup and all)
// gives in backticks or quotes right after "e.g.", "for example",
// "example:" or "such as", in order and each once. A list continues the
// cue ("e.g. `asc`, `desc`", a bulleted "Example:" list); a query string
// is split into its values ("`a[]=1&a[]=2`", "`a=1 or a=2`"), each with
// its key. Text in quotes that is prose ("such as 'the name of it'") is no
// example. It depends on desc alone, so it can be worked out once per text.
func Examples(desc string) []Example {
	if !strings.ContainsAny(desc, "`'\"") {
		return nil
	}
	var out []Example
	seen := map[Example]bool{}
	types := map[string]bool{}
	if m := typeName.FindAllString(desc, -1); len(m) >= 2 {
		for _, t := range m {
			types[strings.Trim(t, "`")] = true
		}
	}
	for _, loc := range exampleCue.FindAllStringIndex(desc, -1) {
		rest := desc[loc[1]:]
		for {
			rest = strings.TrimLeft(rest, " \t\r\n,:*-(")
			if w, after, ok := strings.Cut(rest, " "); ok && (w == "or" || w == "and") {
				rest = strings.TrimLeft(after, " ")
			}
			if rest == "" || !strings.ContainsRune("`'\"", rune(rest[0])) {
				break
			}
			end := strings.IndexByte(rest[1:], rest[0])
			if end < 0 {
				break
			}
			item := rest[1 : 1+end]
			rest = rest[2+end:]
			for _, e := range exampleItem(item) {
				if !seen[e] && !(e.Key == "" && types[e.Value]) && !escape.MatchString(e.Value) {
					seen[e] = true
					out = append(out, e)
				}
			}
		}
	}
	return out
}

// exampleItem splits the text of one quoted example into its values: a
// bare value, or the pairs of a query string joined by "&", "or", "and"
// or commas. Quoted words with a space that are not such pairs are prose
// and give none.
func exampleItem(item string) []Example {
	fields := strings.Fields(item)
	var pieces []string
	for _, f := range fields {
		f = strings.Trim(f, ",;")
		if f == "or" || f == "and" || f == "" {
			continue
		}
		pieces = append(pieces, strings.Split(f, "&")...)
	}
	var out []Example
	for _, p := range pieces {
		e := Example{Value: p}
		if m := keyed.FindStringSubmatch(p); m != nil {
			e = Example{Value: m[2], Key: m[1]}
		} else if len(fields) > 1 {
			// "the name of the user": words, not a value.
			return nil
		}
		if e.Value == "" || len(e.Value) > maxExample || !strings.ContainsFunc(e.Value, isAlnum) {
			continue
		}
		out = append(out, e)
	}
	return out
}

func isAlnum(r rune) bool {
	return r < 128 && wordByte(byte(r)) && r != '_'
}

// ExampleNote is the examples of an argument's text that shown (the text
// already written for it) lacks, as "e.g. 24:hours, 7:days", at most max
// bytes and four values. An example written with another argument's key
// (`target_energy=0.6` for target_danceability), one that is the name
// of an argument (isArg, or name itself), and a URL where the argument
// is not one (a link to documentation) are left out.
func ExampleNote(examples []Example, shown, name string, max int, isArg func(string) bool) string {
	const most = 4
	note := ""
	n := 0
	// Values with commas ("10000,10001") are told apart by semicolons.
	sep := ", "
	for _, e := range examples {
		if strings.ContainsAny(e.Value, ", ") {
			sep = "; "
		}
	}
	for _, e := range examples {
		v := e.Value
		switch {
		case e.Key != "" && !sameName(e.Key, name):
			continue
		case e.Key == "" && (v == name || isArg != nil && isArg(v)):
			continue
		case isURL(v) && !urlName(name):
			continue
		case containsWord(shown, v) || note != "" && containsWord(note, v):
			continue
		}
		next := "e.g. " + v
		if note != "" {
			next = note + sep + v
		}
		if len(next) > max {
			break
		}
		note = next
		if n++; n == most {
			break
		}
	}
	return note
}

// sameName reports whether a query-string key names the argument name:
// equal letters and digits, case aside ("timeframe[]" for timeframe,
// "page[size]" for page_size).
func sameName(key, name string) bool {
	norm := func(s string) string {
		var b strings.Builder
		for i := 0; i < len(s); i++ {
			if c := s[i]; wordByte(c) && c != '_' {
				b.WriteByte(c | 0x20)
			}
		}
		return b.String()
	}
	k := norm(key)
	return k != "" && k == norm(name)
}

func isURL(v string) bool {
	return strings.HasPrefix(v, "http://") || strings.HasPrefix(v, "https://") || strings.HasPrefix(v, "www.")
}

// urlName reports whether an argument's name says it takes a URL.
func urlName(name string) bool {
	low := strings.ToLower(name)
	for _, w := range []string{"url", "uri", "link", "href", "webhook", "callback", "redirect", "endpoint", "domain", "host", "origin", "site"} {
		if strings.Contains(low, w) {
			return true
		}
	}
	return false
}
