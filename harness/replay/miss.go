package replay

import (
	"bytes"
	"errors"
	"fmt"
	"sort"
	"strings"
)

// ErrNotRecorded is what a *NotRecordedError is (errors.Is).
var ErrNotRecorded = errors.New("not recorded")

// NotRecordedError says that a call to replay was not recorded, and why;
// its message does not name the case (Scope does), so that the reasons of
// many cases group.
type NotRecordedError struct {
	// Scope is the case (and trial) of the call.
	Scope string
	// Reason says what differs from the recording.
	Reason string
	// Tools names the tools whose definitions differ from the recorded
	// ones (changed, added or gone), when that is the reason.
	Tools []string
}

func (e *NotRecordedError) Error() string { return "not recorded: " + e.Reason + "; record again" }

// Permanent says that trying the call again cannot help (the tool
// runtime does not retry it).
func (e *NotRecordedError) Permanent() bool { return true }

// Is makes errors.Is(err, ErrNotRecorded) hold.
func (e *NotRecordedError) Is(target error) bool { return target == ErrNotRecorded }

// miss explains why the seq-th call of scope, req, is not in the
// cassette, by comparing it with the call recorded in its place.
func (c *Cassette) miss(scope string, seq int, req Request) *NotRecordedError {
	e := &NotRecordedError{Scope: scope}
	es := c.x.scopes[scope]
	switch {
	case len(es) == 0:
		e.Reason = "the recording has no model call of this case (it was not in the recorded run)"
		return e
	case seq >= len(es):
		e.Reason = fmt.Sprintf("the case called the model %d times in the recording, and now more", len(es))
		return e
	}
	was := es[seq].Request
	if changed := toolChanges(was.Tools, req.Tools); len(changed) > 0 {
		e.Tools = changed
		e.Reason = fmt.Sprintf("the tool definitions of %s changed since the recording", strings.Join(changed, ", "))
		return e
	}
	for i := range max(len(was.Messages), len(req.Messages)) {
		if i >= len(was.Messages) || i >= len(req.Messages) {
			e.Reason = fmt.Sprintf("the conversation has %d messages where the recording had %d", len(req.Messages), len(was.Messages))
			return e
		}
		a, b := was.Messages[i], req.Messages[i]
		if !sameJSON(a, b) {
			e.Reason = fmt.Sprintf("message %d (%s) differs from the recording: %s", i+1, b.Role, whatChanged(b.Role))
			return e
		}
	}
	e.Reason = fmt.Sprintf("call %d is recorded fewer times than it is made now", seq+1)
	return e
}

// whatChanged says what a message of a role that differs means.
func whatChanged(role string) string {
	switch role {
	case "system":
		return "the system prompt changed"
	case "user":
		return "the user's words changed (another seed, cases or fresh values)"
	case "tool":
		return "a tool answered otherwise (the API's data changed)"
	}
	return "the model's earlier answer differs"
}

// toolChanges names, sorted, the tools defined otherwise in now than in
// was: changed, added or gone.
func toolChanges(was, now []Tool) []string {
	old := map[string]Tool{}
	for _, t := range was {
		old[t.Name] = t
	}
	var out []string
	seen := map[string]bool{}
	for _, t := range now {
		seen[t.Name] = true
		if o, ok := old[t.Name]; !ok || !sameJSON(o, t) {
			out = append(out, t.Name)
		}
	}
	for _, t := range was {
		if !seen[t.Name] {
			out = append(out, t.Name)
		}
	}
	sort.Strings(out)
	return out
}

func sameJSON(a, b any) bool {
	x, err1 := canonical(a)
	y, err2 := canonical(b)
	return err1 == nil && err2 == nil && bytes.Equal(x, y)
}
