package cases

import (
	"regexp"
	"slices"

	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/gen/toolschema"
)

// Unasked inputs are the optional ones a person does not ask for in
// words: they steer how the call travels or how its answer is laid out,
// not which things it is about. Subset and all cases leave them out (to
// their defaults, as a required case does); filters, sorts, limits,
// page sizes and the values of the thing stay. They are read from the
// argument's name words, schema and description, for any spec:
//
//   - a continuation cursor or token (a string the description calls a
//     cursor, a page, offset or continue token, or that brings "more
//     results"): only a value an earlier response handed out means
//     anything;
//   - an output layout switch ("pretty" output) and a field mask or
//     expansion (a "fields", "mask" or "expand" input that chooses what
//     the response holds);
//   - a streaming flag (a boolean that watches for changes or asks for a
//     stream of events);
//   - a consistency token (a resource version, an HTTP If-* header);
//   - a timeout of the request (a parameter, not a field of the thing);
//   - a dry run (validate only);
//   - anything the spec marks deprecated.
var (
	cursorRE    = regexp.MustCompile(`(?i)\bcursor\b|\b(page|pagination|offset|continue|continuation|next) token\b|\bretrieving more results\b`)
	prettyRE    = regexp.MustCompile(`(?i)\bpretty\b`)
	responseRE  = regexp.MustCompile(`(?i)\b(response|returned|return|include|expand(ed)?)\b`)
	streamRE    = regexp.MustCompile(`(?i)\bwatch (for )?(changes|events)\b|\bstream of\b|\bwatch events\b`)
	deprecateRE = regexp.MustCompile(`(?i)(^|\.\s+)deprecated\b`)
)

// unasked says why a person would not ask for the optional argument a,
// or "" when they might.
func unasked(api *ir.API, a toolschema.Arg) string {
	if a.Required {
		return ""
	}
	ws := lowerWords(a.Name)
	s := api.Resolve(a.Schema)
	var typ ir.Kind
	if s != nil {
		typ = s.Kind
	}
	has := func(w ...string) bool {
		for i := 0; i+len(w) <= len(ws); i++ {
			if slices.Equal(ws[i:i+len(w)], w) {
				return true
			}
		}
		return false
	}
	last := ""
	if len(ws) > 0 {
		last = ws[len(ws)-1]
	}
	desc := a.Description
	switch {
	case a.Param != nil && a.Param.Deprecated, s != nil && s.Deprecated, deprecateRE.MatchString(desc):
		return "deprecated"
	case typ == ir.KindString && cursorRE.MatchString(desc):
		return "a continuation cursor"
	case has("pretty") || prettyRE.MatchString(desc) && (typ == ir.KindBoolean || typ == ir.KindString) && len(ws) <= 2:
		return "an output layout switch"
	case (last == "fields" || last == "mask" || has("expand")) && responseRE.MatchString(desc):
		return "a field mask"
	case typ == ir.KindBoolean && (has("watch") || streamRE.MatchString(desc)):
		return "a streaming flag"
	case has("resource", "version"):
		return "a consistency token"
	case a.Param != nil && a.Param.In == ir.InHeader && len(ws) > 1 && ws[0] == "if":
		return "a consistency token"
	case a.Param != nil && has("timeout"):
		return "a timeout of the request"
	case has("dry", "run") || has("validate", "only"):
		return "a dry run"
	}
	return ""
}
