package judge

import (
	"slices"
	"strings"

	"github.com/agentready/agentready/gen/describe/prose"
	"github.com/agentready/agentready/harness/cases"
	"github.com/agentready/agentready/internal/formats"
)

// Naturalness rates how an utterance reads, from 1 (a form read aloud)
// to 5 (as people type a request), by rule. The research rated its
// utterances with a model and found agents flattered by the robotic ones
// (no-error 0.92 at naturalness 2, 0.65 at 5); this rule reads what made
// them robotic:
//
//   - code in the text (a JSON object or list): 1;
//   - a header named ("with the If-Match header set to"): two less;
//   - argument names spelled out as form labels, next to a scaffolding
//     word ("with the priority high", "the status set to open", "as the
//     type", "category: network"): one less when they are a third of the
//     request's values or fewer, two when two thirds or fewer, three
//     above;
//   - five values or more in one request, or more than 30 words: one
//     less;
//   - "with the" twice or more ("... and with the body X, with the
//     visibility Y"): one less;
//   - a UUID, where a person would name the thing: one less.
//
// A name said as people say it ("high priority", "ticket TCK-1042") is
// not a label. The level is at least 1. args are the request's values by
// argument name, as a case holds them.
func Naturalness(args map[string]any, utterance string) int {
	return naturalness(args, readText(utterance))
}

// naturalness is Naturalness of a text already read.
func naturalness(args map[string]any, t *text) int {
	utterance := t.raw
	if len(t.blobs) > 0 {
		return 1
	}
	level := 5
	lower := strings.ToLower(utterance)
	if strings.Contains(lower, " header ") {
		level -= 2
	}
	n, labels := 0, 0
	for name, v := range args {
		if v == nil {
			continue
		}
		n++
		if t.labels(name) {
			labels++
		}
	}
	switch {
	case labels == 0:
	case 3*labels <= n:
		level--
	case 3*labels <= 2*n:
		level -= 2
	default:
		level -= 3
	}
	if n >= 5 || len(strings.Fields(utterance)) > 30 {
		level--
	}
	if strings.Count(lower, "with the ")+strings.Count(lower, "and with ") >= 2 {
		// "... and with the body X, with the visibility Y": a form.
		level--
	}
	for _, w := range t.toks {
		if formats.UUID(w) {
			// People name a thing; a UUID is what a form holds.
			level--
			break
		}
	}
	return max(level, 1)
}

// RateNaturalness sets the naturalness of the case's utterances that have
// none (a model's judge rates those it writes), by Naturalness.
func RateNaturalness(c *cases.Case) {
	for i := range c.Utterances {
		if c.Utterances[i].Naturalness == 0 {
			c.Utterances[i].Naturalness = Naturalness(c.Args, c.Utterances[i].Text)
		}
	}
}

// RateNaturalness is the package's RateNaturalness, reading each text
// once for this judge's Check and it: the texts just judged are rated
// without being read again.
func (j *Judge) RateNaturalness(c *cases.Case) {
	for i := range c.Utterances {
		if c.Utterances[i].Naturalness == 0 {
			c.Utterances[i].Naturalness = naturalness(c.Args, j.read(c.Utterances[i].Text))
		}
	}
}

// labelBefore and labelAfter are the words that make an argument's name a
// form label: "with the priority", "priority set to", "as the type".
var (
	labelBefore = []string{"with", "as", "its", "and"}
	labelAfter  = []string{"set", "to", "of", "equal", "equals", "is", "being", "="}
)

// labels reports whether the text says the argument's name as a form
// label.
func (t *text) labels(name string) bool {
	var ws []string
	for _, w := range prose.Words(name) {
		if w != "id" && w != "ids" {
			ws = append(ws, w)
		}
	}
	if len(ws) == 0 {
		return false
	}
	words := t.words()
	for i := 0; i+len(ws) <= len(words); i++ {
		if !slices.Equal(words[i:i+len(ws)], ws) {
			continue
		}
		end := i + len(ws)
		if end < len(words) && (slices.Contains(labelAfter, words[end]) || words[end] == clause && strings.Contains(t.raw, name+":")) {
			return true
		}
		j := i - 1
		if j >= 0 && words[j] == "the" {
			j--
		}
		if j >= 0 && slices.Contains(labelBefore, words[j]) {
			return true
		}
	}
	return false
}
