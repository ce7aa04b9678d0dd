package models

import (
	"strings"

	"github.com/agentready/agentready/harness/retrieve"
	"github.com/cloudwego/eino/schema"
)

// verbClasses group the verbs of requests and of tool names by the action
// they ask for: "show" and "list" both read, "open" and "create" both
// create. A model knows this much English; the baseline needs the table.
var verbClasses = map[string]string{}

func init() {
	for class, words := range map[string]string{
		"read":     "get list show display view see fetch pull look find search check what which who how tell retrieve read describe lookup query browse count details detail overview info information",
		"create":   "create add open new make register raise file post submit start insert",
		"update":   "update change edit modify set rename patch move replace",
		"delete":   "delete remove destroy erase drop purge",
		"assign":   "assign give hand allocate lend",
		"unassign": "unassign",
		"close":    "close resolve",
		"reopen":   "reopen",
		"export":   "export dump download",
		"comment":  "comment reply note",
	} {
		for _, w := range strings.Fields(words) {
			verbClasses[retrieve.Stem(w)] = class
		}
	}
}

// politeness are words a request may start with before its verb.
var politeness = map[string]bool{"please": true, "kindly": true, "can": true, "could": true, "would": true, "will": true,
	"you": true, "i": true, "we": true, "want": true, "wanna": true, "need": true, "like": true, "to": true, "d": true,
	"let": true, "us": true, "me": true, "go": true, "ahead": true, "time": true, "just": true, "and": true, "hey": true, "hi": true, "quickly": true}

// requestAction is the class of the request's verb, the first among its
// first six words: "Show me ..." reads, "Open a ticket ..." creates, "I
// need the details of ..." reads; "" when there is none.
func requestAction(u *utterance) string {
	for i := 0; i+1 < len(u.words); i++ {
		if u.words[i].lower == "get" && u.words[i+1].lower == "rid" {
			return "delete"
		}
	}
	for i, w := range u.words {
		if i >= 6 || w.stem == "" {
			return ""
		}
		if c, ok := verbClasses[w.stem]; ok {
			next := ""
			if i+1 < len(u.words) {
				next = u.words[i+1].lower
			}
			switch {
			case c == "assign" && (next == "me" || next == "us"):
				return "read" // "give me the list ..."
			case w.lower == "set" && next == "up":
				return "create" // "set up a ticket"
			}
			return c
		}
	}
	return ""
}

// toolAction is the class of the first verb in a tool's name.
func toolAction(name string) string {
	for _, w := range retrieve.Words(name) {
		if c, ok := verbClasses[retrieve.Stem(w)]; ok {
			return c
		}
	}
	return ""
}

// pickTool ranks the tools for a request: BM25 over the tools'
// definitions finds the twenty best; then, as a reader would, it prefers
// a tool whose name says what the request says. A tool's final score is
// its BM25 score relative to the best one's (0 to 1), plus 0.5 when the
// verb of its name does what the request's first verb asks (read,
// create, update, ...) or minus 0.4 when it does something else, plus
// the share of its name's other words that the request uses (a word in
// another form, "teams" for getTeam, counts 0.75).
func (k *toolkit) pickTool(request string, u *utterance) ([]retrieve.Hit, string) {
	hits := k.index.Search(request, 20)
	if len(hits) == 0 {
		return nil, ""
	}
	action := requestAction(u)
	said, saidExact := map[string]bool{}, map[string]bool{}
	for _, w := range u.words {
		said[w.stem] = true
		saidExact[w.lower] = true
	}
	top := hits[0].Score
	out := make([]retrieve.Hit, len(hits))
	copy(out, hits)
	for i := range out {
		score := out[i].Score / top
		switch ta := toolAction(out[i].Name); {
		case action == "" || ta == "":
		case ta == action:
			score += 0.5
		default:
			score -= 0.4
		}
		var words int
		var found float64
		verbSeen := false
		for _, w := range retrieve.Words(out[i].Name) {
			st := retrieve.Stem(w)
			if len(w) < 2 || retrieve.IsStopWord(w) {
				continue
			}
			if _, verb := verbClasses[st]; verb && !verbSeen {
				verbSeen = true
				continue
			}
			words++
			switch {
			case saidExact[w]:
				found++
			case said[st]:
				// "teams" for getTeam: the word, not the form
				found += 0.75
			}
		}
		if words > 0 {
			score += found / float64(words)
		}
		out[i].Score = score
	}
	// stable: equal scores keep the index's order
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && out[j].Score > out[j-1].Score; j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out, action
}

// requestText is the text of a user message.
func requestText(m *schema.Message) string {
	if m.Content != "" {
		return m.Content
	}
	var parts []string
	for _, part := range m.UserInputMultiContent {
		if part.Type == schema.ChatMessagePartTypeText {
			parts = append(parts, part.Text)
		}
	}
	return strings.Join(parts, " ")
}
