package prose

import "strings"

// maxEnumMeaning is the most bytes one value's meaning keeps.
const maxEnumMeaning = 60

// EnumMeanings writes what a spec says each enum value means, briefly,
// for an argument's description: "disabled: temporarily disabled;
// canceled: permanently disabled". values and meanings are in the same
// order ("" for a value without one). A meaning is its text's first
// sentence without articles or final period, less the words every
// meaning of the enum starts with ("The account number is ...") and a
// leading verb of being, cut to maxEnumMeaning bytes. A meaning is left
// out when it says nothing beyond its value, the argument's name and
// context (the tool's purpose): "active: The account number is active",
// "pending_reviewing: The Card Dispute is pending review". The whole is
// at most max bytes: values past that are cut, marked with "; …". It is
// "" when no meaning is worth its tokens, or fewer than two values are.
func EnumMeanings(values, meanings []string, name, context string, max int) string {
	if len(values) < 2 || len(meanings) != len(values) {
		return ""
	}
	briefs := make([]string, len(values))
	for i, m := range meanings {
		briefs[i] = strings.TrimRight(FirstSentence(Clean(m)), " .")
	}
	known := KnownWords(name, context)
	briefs = dropSharedStart(briefs, known)
	var b strings.Builder
	for i, m := range briefs {
		m = strings.TrimRight(DropArticles(dropBeing(m)), " .")
		if m == "" || saysOnlyValue(m, values[i], known) {
			continue
		}
		// A meaning's own "; " would read as the next value's.
		entry := values[i] + ": " + Truncate(strings.ReplaceAll(m, "; ", ", "), maxEnumMeaning)
		sep := ""
		if b.Len() > 0 {
			sep = "; "
		}
		if b.Len()+len(sep)+len(entry) > max {
			if b.Len() == 0 || b.Len()+len("; …") > max {
				return b.String()
			}
			b.WriteString("; …")
			return b.String()
		}
		b.WriteString(sep + entry)
	}
	return b.String()
}

// saysOnlyValue reports whether meaning m says nothing beyond value and
// the known words: each of its words other than filler is a word of one
// of them in some form.
func saysOnlyValue(m, value string, known Known) bool {
	own := KnownWords(value)
	for _, w := range Words(m) {
		if !filler[w] && !being[w] && !own.has(w) && !known.has(w) {
			return false
		}
	}
	return true
}

// dropSharedStart removes the words every non-empty text of texts starts
// with, when there are at least two such texts, something is left of
// each, and the reader has those words already (each is filler, a verb
// of being or a known word: the subject the argument is about): "The Card Dispute is pending review", "The Card Dispute has been
// rejected" -> "is pending review", "has been rejected".
func dropSharedStart(texts []string, known Known) []string {
	var split [][]string
	for _, t := range texts {
		if t != "" {
			split = append(split, strings.Fields(t))
		}
	}
	if len(split) < 2 {
		return texts
	}
	n := 0
	for ; ; n++ {
		same := true
		for _, ws := range split {
			if n >= len(ws)-1 || !strings.EqualFold(ws[n], split[0][n]) {
				same = false
				break
			}
		}
		if !same {
			break
		}
	}
	if n == 0 {
		return texts
	}
	for _, w := range Words(strings.Join(split[0][:n], " ")) {
		if !filler[w] && !being[w] && !known.has(w) {
			return texts
		}
	}
	out := make([]string, len(texts))
	for i, t := range texts {
		if t != "" {
			out[i] = strings.Join(strings.Fields(t)[n:], " ")
		}
	}
	return out
}

// being are the verbs a meaning left without its subject starts with.
var being = map[string]bool{"is": true, "are": true, "was": true, "were": true, "has": true, "have": true, "been": true, "be": true}

// dropBeing removes the verbs of being a text starts with.
func dropBeing(s string) string {
	ws := strings.Fields(s)
	i := 0
	for i < len(ws)-1 && being[strings.ToLower(ws[i])] {
		i++
	}
	return strings.Join(ws[i:], " ")
}
