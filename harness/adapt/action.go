// Package adapt proposes fixes to a spec's documentation as OpenAPI
// Overlay actions, one fix each, from what went wrong in a run (per tool
// and error class) and from lint's and fuzz's findings, and keeps an
// action only when re-running the cases it can affect shows that it
// helped: the tool's own cases improved and no other case got worse.
//
// Proposals are deterministic: a description that says what the tool
// does and what sets it apart from the tool the agent picked instead;
// enums, patterns, formats and required-ness the API's own error
// messages taught fuzz; examples from values that worked in the cases'
// direct calls (the ground truth); producer hints from the reviewed
// graph. A Writer (an LLM, see harness/models) may write the
// descriptions instead.
//
// The result is an overlay file for review (each kept action with a
// comment saying what it fixed and its measured before and after, the
// rejected ones listed below), and adapt.json in the run directory.
package adapt

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/agentready/agentready/internal/jsonptr"
)

// The kinds of action.
const (
	KindDescription = "description"
	KindExample     = "example"
	KindEnum        = "enum"
	KindPattern     = "pattern"
	KindFormat      = "format"
	KindRequired    = "required"
	KindHint        = "hint"
	// KindReviewed is an action a reviewer wrote or changed: kept as
	// written.
	KindReviewed = "reviewed"
)

// Action is one proposed fix: one Overlay action (a JSONPath target and
// the keys to set there), with what it is meant to fix.
type Action struct {
	// Tool is the tool it is for; Argument the argument, when it is about
	// one.
	Tool     string `json:"tool"`
	Argument string `json:"argument,omitempty"`
	Kind     string `json:"kind"`
	// Target is the JSONPath of the node the update merges into.
	Target string         `json:"target"`
	Update map[string]any `json:"update,omitempty"`
	// Remove and Copy are the Overlay's other verbs, kept for actions a
	// reviewer wrote; adapt proposes updates only.
	Remove bool   `json:"remove,omitempty"`
	Copy   string `json:"copy,omitempty"`
	// Why says what the action should fix and where the fix comes from
	// (the failing classes, the finding, the direct call).
	Why string `json:"why"`
	// Classes are the error classes it addresses (harness/classify).
	Classes []string `json:"classes,omitempty"`
}

// Fingerprint identifies the action's target and update as adapt wrote
// them: a reviewer's edit changes it.
func (a Action) Fingerprint() string {
	b, _ := json.Marshal(struct {
		T string         `json:"t"`
		U map[string]any `json:"u"`
	}{a.Target, a.Update})
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:6])
}

// Key is what makes two proposals the same fix: the target and the keys
// it sets.
func (a Action) Key() string {
	keys := make([]string, 0, len(a.Update))
	for k := range a.Update {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return a.Target + " " + strings.Join(keys, ",")
}

// Label is a short name for messages: "closeTicket.resolution example".
func (a Action) Label() string {
	s := a.Tool
	if a.Argument != "" {
		s += "." + a.Argument
	}
	return s + " " + a.Kind
}

// pathTarget writes a JSON pointer ("#/paths/~1a~1{id}/get/parameters/0")
// as a JSONPath target ("$.paths['/a/{id}'].get.parameters[0]").
func pathTarget(ptr string) (string, error) {
	rest, ok := strings.CutPrefix(ptr, "#")
	if !ok {
		return "", fmt.Errorf("%q is not a local JSON pointer", ptr)
	}
	var b strings.Builder
	b.WriteString("$")
	for _, seg := range strings.Split(strings.TrimPrefix(rest, "/"), "/") {
		if seg == "" {
			continue
		}
		seg = jsonptr.Unescape(seg)
		if isIndex(seg) {
			b.WriteString("[" + seg + "]")
			continue
		}
		b.WriteString("['" + strings.ReplaceAll(seg, "'", `\'`) + "']")
	}
	return b.String(), nil
}

func isIndex(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}
