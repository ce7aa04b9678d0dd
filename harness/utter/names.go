package utter

import (
	"hash/fnv"
	"regexp"
	"strings"

	"github.com/agentready/agentready/gen/describe/prose"
	"github.com/agentready/agentready/gen/ir"
)

// namedAs finds, in the first sentence of a type's description, the words
// the spec puts before a resource's noun: "A support ticket." gives
// "support ticket", "An IT team that works on tickets." "IT team". At
// most two words, letters only.
var namedAs = regexp.MustCompile(`^(?:[Aa]n?|[Tt]he)\s+((?:[A-Za-z]+\s+){1,2}?)([A-Za-z]+)\b`)

// fullerName is how the spec itself names a resource at more length,
// from the description of the type named like it ("support ticket" for
// ticket, from Ticket: "A support ticket."); "" when it says nothing
// more.
func fullerName(api *ir.API, resource string) string {
	if resource == "" || strings.Contains(resource, " ") {
		return ""
	}
	for _, t := range api.Types {
		if t.Schema == nil || !strings.EqualFold(t.GoName, resource) {
			continue
		}
		m := namedAs.FindStringSubmatch(prose.FirstSentence(prose.Clean(t.Schema.Description)))
		if m == nil || !strings.EqualFold(m[2], resource) {
			continue
		}
		mods := strings.Fields(m[1])
		for _, w := range mods {
			if strings.EqualFold(w, resource) || stopModifier[strings.ToLower(w)] {
				return ""
			}
		}
		return strings.Join(append(mods, resource), " ")
	}
	return ""
}

// stopModifier are words before a noun that say nothing of what it is
// ("a new ticket", "a single user").
var stopModifier = map[string]bool{"new": true, "single": true, "given": true, "specific": true, "particular": true,
	"page": true, "list": true, "set": true, "short": true, "full": true, "whole": true, "one": true, "each": true}

// chance draws, from the case and a purpose, whether to do something one
// time in n, apart from the phraser's random stream (so that the choice
// changes no other word of the utterance).
func chance(c string, purpose string, n uint64) bool {
	h := fnv.New64a()
	h.Write([]byte(purpose))
	h.Write([]byte{0})
	h.Write([]byte(c))
	return h.Sum64()%n == 0
}
