package classify

import (
	"encoding/json"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"

	"github.com/agentready/agentready/gen/describe/prose"
	"github.com/agentready/agentready/harness/cases"
)

// askPhrases are the words that make a text a request for a value even
// without a question mark ("Please provide the ticket ID.").
var askPhrases = []string{
	"please provide", "please give", "please specify", "please tell me", "please share", "please confirm", "please send",
	"please let me know", "could you provide", "could you give", "could you specify", "could you tell me", "could you share",
	"could you confirm", "can you provide", "can you give", "can you specify", "can you tell me", "can you share",
	"can you confirm", "let me know", "i need to know", "i need the", "i'll need the", "i will need the",
	"which one", "provide the", "specify the",
}

// Asks reports whether an agent's text answer asks the user something:
// a sentence of it ends with "?" (quotation marks and brackets aside), or
// it holds one of the phrases that ask for a value ("please provide",
// "could you tell me", "let me know", "I need the", "which one"), in any
// case.
func Asks(text string) bool {
	t := strings.TrimSpace(ownWords(text))
	if t == "" {
		return false
	}
	for i, r := range t {
		if r != '?' {
			continue
		}
		if rest := t[i+1:]; rest == "" || strings.ContainsRune(" \t\n\"'”’)]*", []rune(rest)[0]) {
			return true
		}
	}
	low := strings.ToLower(t)
	for _, p := range askPhrases {
		if strings.Contains(low, p) {
			return true
		}
	}
	return false
}

// statusLine starts a tool result quoted in an answer ("200 OK").
var statusLine = regexp.MustCompile(`^\d{3} [A-Z]`)

// ownWords is the part of an answer in the agent's own words: the lines
// before the first one that starts quoted data (a JSON document, a code
// fence, an HTTP status line), whose text may hold anything, questions
// included.
func ownWords(text string) string {
	lines := strings.Split(text, "\n")
	for i, line := range lines {
		l := strings.TrimSpace(line)
		if strings.HasPrefix(l, "{") || strings.HasPrefix(l, "[") || strings.HasPrefix(l, "```") || statusLine.MatchString(l) {
			return strings.Join(lines[:i], "\n")
		}
	}
	return text
}

// dialogueState walks an agent's conversation in an ask case.
type dialogueState struct {
	// users counts the user messages so far (the first is the request);
	// calls the tool results so far, which number the calls.
	users, calls int
	// replyAt is the number of calls made before the user's first reply,
	// -1 while there is none.
	replyAt int
	// others are the calls of tools other than the target and the case's
	// steps made since the request, before the user's first reply;
	// target whether the target was called then.
	others []string
	target bool
}

// dialogue labels what the agent did wrong in its conversation with the
// user: calls of the target that guessed a value the user had not given
// yet, and questions for values the user had given. It returns how many
// calls were made before the user's first reply (all of them when there
// was none).
func (c *Classifier) dialogue(l *labeler, tc *cases.Case, agent *Trace) int {
	st := dialogueState{replyAt: -1}
	for _, m := range agent.Messages {
		switch m.Role {
		case "user":
			st.users++
			if st.users == 2 {
				st.replyAt = st.calls
			}
		case "tool":
			st.calls++
		case "assistant":
			if len(m.ToolCalls) > 0 {
				c.guesses(l, tc, m.ToolCalls, st.users > 1)
				if st.users == 1 {
					st.note(tc, m.ToolCalls)
				}
			} else if Asks(m.Content) {
				c.askedGiven(l, tc, m.Content, st.users > 1)
			} else if st.users == 1 {
				answeredOtherwise(l, tc, &st)
			}
		}
	}
	if st.replyAt < 0 {
		return len(agent.Calls)
	}
	return st.replyAt
}

// note records, before the user's first reply, which tools the calls of
// one assistant message used: the target, or others that are not a step
// of the case.
func (st *dialogueState) note(tc *cases.Case, calls []ToolCall) {
	for _, call := range calls {
		switch {
		case call.Name == tc.Tool:
			st.target = true
		case !slices.ContainsFunc(tc.Steps, func(s cases.Step) bool { return s.Tool == call.Name }) && !slices.Contains(st.others, call.Name):
			st.others = append(st.others, call.Name)
		}
	}
}

// answeredOtherwise labels an ask case whose agent, before the user said
// the withheld value, ended its turn with an answer (a text that does
// not ask) from other tools than the target: it answered a question
// that was not asked instead of asking for what the request left out.
// A lookup that a step of the case makes is not such an answer.
func answeredOtherwise(l *labeler, tc *cases.Case, st *dialogueState) {
	if st.target || len(st.others) == 0 || len(tc.Withheld) == 0 {
		return
	}
	var params, quoted []string
	for _, w := range tc.Withheld {
		params = append(params, w.Arg)
		quoted = append(quoted, "`"+w.Arg+"`")
	}
	l.add(GuessedInsteadOfAsking, tc.Tool, params,
		"Before the user said which %s they meant, the agent answered with %s instead of asking for it (%s needs it).",
		joinWords(quoted, 3), joinWords(st.others, 3), tc.Tool)
	st.others = nil
}

// guesses labels calls of the target made before the user's reply that
// hold a value for a withheld argument.
func (c *Classifier) guesses(l *labeler, tc *cases.Case, calls []ToolCall, replied bool) {
	if replied || len(tc.Withheld) == 0 {
		return
	}
	for _, call := range calls {
		if call.Name != tc.Tool {
			continue
		}
		var args map[string]any
		if json.Unmarshal([]byte(call.Args), &args) != nil {
			continue
		}
		for _, w := range tc.Withheld {
			v := cases.PathValue(args, w.Arg)
			if v == nil || empty(v) {
				continue
			}
			l.add(GuessedInsteadOfAsking, tc.Tool, []string{w.Arg},
				"Before the user said which `%s` they meant, the agent called %s(%s) with `%s` = %s, a value the user never gave.",
				w.Arg, call.Name, clip(canonArgs(call.Args), 160), w.Arg, valueText(v))
		}
	}
}

// askedGiven labels a question that names an argument whose value the
// user's messages had given: every argument but the withheld ones, and
// those too once the user has replied. A question that also quotes the
// value checks it rather than asks for it.
func (c *Classifier) askedGiven(l *labeler, tc *cases.Case, question string, replied bool) {
	withheld := map[string]bool{}
	if !replied {
		for _, w := range tc.Withheld {
			withheld[w.Arg] = true
		}
	}
	schemas := c.argSchemas(tc.Tool)
	cm := comparer{api: c.api}
	low := strings.ToLower(question)
	for _, k := range slices.Sorted(maps.Keys(tc.Args)) {
		v := tc.Args[k]
		if withheld[k] || cm.isDefault(schemas[k], v) || !namesArg(question, k) {
			continue
		}
		if s := strings.ToLower(canonValue(v)); s != "" && strings.Contains(low, s) {
			continue
		}
		if by := namedBy(tc, k); by != nil {
			l.add(AskedForGiven, tc.Tool, []string{k}, "The agent asked %s although the user had named it: `%s` = %s is the id of %s, which %s gives.",
				quote(question, 160), k, valueText(v), by.item, by.tool)
			continue
		}
		l.add(AskedForGiven, tc.Tool, []string{k}, "The agent asked %s although the user had already given `%s` = %s.",
			quote(question, 160), k, valueText(v))
	}
}

// naming is how a multi-step case's request names an argument's value:
// the item ("the item whose name is \"Ada\"", "the first item") and the
// step that gives it.
type naming struct{ item, tool string }

// namedBy is how the request of a multi-step case names the value of
// the target's argument k, given by a step's answer; "" when no step
// gives it.
func namedBy(tc *cases.Case, k string) *naming {
	for _, s := range tc.Steps {
		for _, f := range s.Feeds {
			if f.To != tc.Tool || f.Input != k {
				continue
			}
			if item := feedItem(f); item != "" {
				return &naming{item, s.Tool}
			}
		}
	}
	return nil
}

// feedItem says which item a step's answer gives a value from, as the
// request named it: "the first item" for a place, else "the item whose
// title is \"X\"";
// "" when the request does not name it.
func feedItem(f cases.Feed) string {
	switch {
	case f.Pick != "":
		return fmt.Sprintf("the %s item", f.Pick)
	case f.Label != nil:
		return fmt.Sprintf("the item whose %s is %s", f.Label.Field, valueText(f.Label.Value))
	}
	return ""
}

// idWords end the names of identifier arguments ("ticketId").
var idWords = map[string]bool{"id": true, "ids": true, "key": true, "uuid": true, "number": true, "code": true}

// namesArg reports whether text names an argument by its name's words:
// "ticket id" for ticketId, "priority"; for an identifier also its
// entity after "which" or "what", or before an identifier word ("which
// ticket", "the ticket number"). A name whose words are single letters
// ("q") is never named.
func namesArg(text, arg string) bool {
	name := prose.Words(arg)
	if len(name) == 0 || len(strings.Join(name, "")) < 2 {
		return false
	}
	ws := prose.Words(text)
	if indexWords(ws, name) >= 0 {
		return true
	}
	if len(name) < 2 || !idWords[name[len(name)-1]] {
		return false
	}
	ent := name[:len(name)-1]
	for i := 0; i+len(ent) <= len(ws); i++ {
		if !slices.Equal(ws[i:i+len(ent)], ent) {
			continue
		}
		before := i > 0 && (ws[i-1] == "which" || ws[i-1] == "what")
		after := i+len(ent) < len(ws) && (idWords[ws[i+len(ent)]] || ws[i+len(ent)] == "identifier")
		if before || after {
			return true
		}
	}
	return false
}

// indexWords returns where the words of needle start in ws, or -1.
func indexWords(ws, needle []string) int {
	for i := 0; i+len(needle) <= len(ws); i++ {
		if slices.Equal(ws[i:i+len(needle)], needle) {
			return i
		}
	}
	return -1
}

// forgiveGuessed takes the withheld arguments the agent guessed out of
// the value mismatches of its final call when that call was made before
// the user's reply: the guess is the mistake, labelled once.
func (l *labeler) forgiveGuessed(finalBeforeReply bool) {
	g := l.byClass[GuessedInsteadOfAsking]
	vm := l.byClass[ParameterValueMismatch]
	if g == nil || vm == nil || !finalBeforeReply {
		return
	}
	var keep []string
	for _, p := range vm.Params {
		if !contains(g.Params, topName(p)) && !contains(g.Params, p) {
			keep = append(keep, p)
		}
	}
	if len(keep) == 0 {
		delete(l.byClass, ParameterValueMismatch)
		delete(l.count, ParameterValueMismatch)
		return
	}
	vm.Params = keep
}
