// Package cases generates the test cases of an API's tools and reads and
// writes the file that holds them (testdata/agentready/cases.jsonl).
//
// A case is one call of one tool: the arguments, where each value came
// from, the utterances a user might say to ask for it (filled in by
// harness/utter), and, for a multi-step case, the chain of calls that
// finds the values it needs. The test runner replays the arguments
// directly (the ground truth) and gives the utterances to an agent.
//
// Generate builds, for every tool, cases in three scenarios (only the
// required arguments; all of them; the required ones plus a seeded subset
// of the optional ones that respects the constraints between arguments),
// plus multi-step cases along the dependency graph and one multi-turn
// (ask) case, whose first message leaves out a required value that a
// simulated user gives when the agent asks for it. Values honour each
// argument's type, format, enum, range, pattern and length; they come from
// the user's data, from real responses of the API (data-aware values,
// harvested by calling the producer tools the approved graph names), from
// the spec's examples and defaults, or are synthesized, and they vary from
// case to case. Everything is seeded: the same spec, API state, options
// and seed give the same file, byte for byte.
//
// The file is JSON Lines, one case per line, keys in a fixed order:
//
//	{"id":"getUser/required/03","tool":"getUser","scenario":"required",
//	 "args":{"userId":"0b6f..."},
//	 "sources":{"userId":{"kind":"harvested","tool":"listUsers","path":"$.items[2].id"}},
//	 "utterances":[{"text":"Show me the user 0b6f...","generator":"template:get/2"}],
//	 "mutating":false}
//
// An ask case adds, after its utterances, what its first message leaves
// out and what the simulated user answers when asked:
//
//	{"id":"getUser/ask/00","tool":"getUser","scenario":"ask",...,
//	 "utterances":[{"text":"Show me the user.","generator":"template:get/1"}],
//	 "withheld":[{"arg":"userId","reply":"It's 0b6f...."}],"mutating":false}
package cases

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	"github.com/agentready/agentready/gen/atomicfile"
	"github.com/agentready/agentready/gen/example"
	"github.com/agentready/agentready/harness/jsonl"
)

// Scenario says how a case chose its arguments.
type Scenario string

// The scenarios.
const (
	// Required cases hold the required arguments only (and what the
	// constraints between arguments add, such as the one field an update
	// body needs at least).
	Required Scenario = "required"
	// Subset cases hold the required arguments plus a seeded subset of the
	// optional ones that respects the constraints between them.
	Subset Scenario = "subset"
	// All cases hold every argument the constraints allow together.
	All Scenario = "all"
	// Chain cases need a chain of calls: the values of their inputs are
	// found by calling other tools first (Case.Steps), and their
	// utterances name what a person knows (a name, a title) instead of
	// the identifier.
	Chain Scenario = "chain"
	// Ask cases are multi-turn: a required case whose utterance leaves out
	// one value a user would know and say (Case.Withheld). A good agent
	// asks for it; the simulated user then answers with the case's reply,
	// and the agent makes the call.
	Ask Scenario = "ask"
)

// Case is one test case: one call of one tool.
type Case struct {
	// ID is stable and unique in the file: "tool/scenario/NN".
	ID       string   `json:"id"`
	Tool     string   `json:"tool"`
	Scenario Scenario `json:"scenario"`
	// Args are the tool arguments, as the tool's JSON Schema takes them.
	Args map[string]any `json:"args"`
	// Sources says where each top-level argument's value came from.
	Sources map[string]Source `json:"sources"`
	// Utterances are what a user might say to get this call made. In an
	// ask case they leave out the Withheld values.
	Utterances []Utterance `json:"utterances,omitempty"`
	// Withheld are, in an ask case, the arguments the first message does
	// not give, each with what the simulated user says when the agent
	// asks ("It's TCK-1042."): the run sends every reply, in one user
	// message, when the agent's run ends with text while they are unsaid,
	// with this run's values in place of the recorded ones. Empty in a
	// single-turn case.
	Withheld []Withheld `json:"withheld,omitempty"`
	// Steps are the calls of a chain case, in order: the producers, then
	// the tool itself (whose Args are the case's Args). Empty for the
	// other scenarios.
	Steps []Step `json:"steps,omitempty"`
	// Setup are calls the harness makes before each run of the case, the
	// direct call and the agent's run each getting their own: they make
	// the object the case changes (createTicket before closeTicket), so
	// that no two runs, and no other case, share it. The values their
	// feeds give replace, in that run, the values recorded here wherever
	// the case's arguments and utterances hold them.
	Setup []Step `json:"setup,omitempty"`
	// Yields are the values the case's own call makes (the id of what it
	// creates), read from its response, so that Cleanup can remove it.
	Yields []Feed `json:"yields,omitempty"`
	// Cleanup are calls made after each run to remove what Setup and the
	// case's own call made, where the API has a way; a call that needs a
	// value the run did not make is left out.
	Cleanup []Step `json:"cleanup,omitempty"`
	// Fresh are the arguments (dotted paths into the arguments) whose
	// values must be new on every run because the API keeps them unique
	// (an email, a serial number): each run sends a value of the same
	// form that no run sent before, in the arguments and the utterance.
	Fresh []string `json:"fresh,omitempty"`
	// Expect marks a deliberate negative case: its direct call is meant
	// to fail as described, and a run holds it to that.
	Expect *Expect `json:"expect,omitempty"`
	// Mutating is true when the tool changes state (any method but GET,
	// HEAD, OPTIONS and TRACE): running the case needs mutations allowed.
	Mutating bool `json:"mutating"`
}

// Withheld is one value an ask case's first message leaves out.
type Withheld struct {
	// Arg is the argument's dotted path in Case.Args ("ticketId",
	// "body.title").
	Arg string `json:"arg"`
	// Reply is what the simulated user says to give the value, written
	// by harness/utter; empty until then (a run then says the value
	// plainly).
	Reply string `json:"reply"`
}

// Expect is how the direct call of a negative case is meant to fail.
type Expect struct {
	// Status is the HTTP status the API is meant to answer (404, 409).
	Status int `json:"status"`
	// Reason is text the API's answer is meant to contain, compared
	// without regard to case; empty matches any.
	Reason string `json:"reason,omitempty"`
}

// SourceKind says where a value came from.
type SourceKind string

// The kinds of source.
const (
	// FromExample is an example the spec gives (the parameter's, the
	// schema's or the body example's field).
	FromExample SourceKind = "example"
	// FromDefault is the schema's default.
	FromDefault SourceKind = "default"
	// FromSynthesized is made from the schema: an enum value, a value of
	// the format, a string matching the pattern, a number in the range.
	FromSynthesized SourceKind = "synthesized"
	// FromUser is the user's test data (--data), kept as it is.
	FromUser SourceKind = "user"
	// FromHarvested is a real value taken from a producer tool's response
	// (Source.Tool, at Source.Path).
	FromHarvested SourceKind = "harvested"
	// FromSetup is made anew before each run by the case's setup (the
	// object Source.Tool creates, at Source.Path of its response); the
	// case records the value of the run that made the case.
	FromSetup SourceKind = "setup"
)

// Source is where one argument's value came from.
type Source struct {
	Kind SourceKind `json:"kind"`
	// Tool and Path are set for harvested values: the producer tool and
	// the JSON path of the value in its response, with the index of the
	// item used ("$.items[2].id").
	Tool string `json:"tool,omitempty"`
	Path string `json:"path,omitempty"`
}

// Utterance is one thing a user might say to ask for a case's call.
type Utterance struct {
	Text string `json:"text"`
	// Generator names what wrote it: "template:get/2" for the
	// deterministic phrasing (the template file's intent and variant;
	// "template:get/2+context-after/1" when words of context were added),
	// or "llm:<model>" for a language model.
	Generator string `json:"generator"`
	// Accuracy ("accurate", "partial", "inaccurate") and Naturalness (1
	// to 5) are the judge's ratings, when a judge rated the utterance.
	Accuracy    string `json:"accuracy,omitempty"`
	Naturalness int    `json:"naturalness,omitempty"`
	// Forms records, by argument path ("include_archived", "body.status",
	// "tags[1]"), the words that stand for a value the text does not give
	// as it is: "including archived ones" for true, "open" for "opened".
	// The judge (harness/judge) checks that they are in the text and can
	// stand for the value.
	Forms map[string]string `json:"forms,omitempty"`
}

// Step is one call of a chain case, or of a case's setup or cleanup.
type Step struct {
	Tool string         `json:"tool"`
	Args map[string]any `json:"args"`
	// Feeds are the values this step's response gives later steps.
	Feeds []Feed `json:"feeds,omitempty"`
	// Fresh are the arguments of the step that must be new on every run,
	// as Case.Fresh.
	Fresh []string `json:"fresh,omitempty"`
}

// Feed is one value a step's response gives a later step.
type Feed struct {
	// Path is the JSON path of the value in the response, with the index
	// of the item used ("$.items[2].id"), or "header:NAME" for a response
	// header (the ETag an If-Match argument needs).
	Path string `json:"path"`
	// To and Input are the tool and argument the value goes to.
	To    string `json:"to"`
	Input string `json:"input"`
	Value any    `json:"value"`
	// Label is what a person knows the item by (its name, title or
	// email), which utterances say instead of the identifier; nil when
	// the item has none.
	Label *Label `json:"label,omitempty"`
	// Pick says which item the path takes, in words a user would use:
	// "first", "latest" (the first of a list sorted newest first); empty
	// when the item is named by Label.
	Pick string `json:"pick,omitempty"`
}

// Label is a human-meaningful field of the item a value was taken from.
type Label struct {
	// Field is the property's name ("name", "title", "email") and Path
	// its JSON path in the response.
	Field string `json:"field"`
	Path  string `json:"path"`
	Value string `json:"value"`
}

// Marshal returns the case as one line of the file, without the newline:
// keys in a fixed order (object keys sorted), HTML characters unescaped.
func Marshal(c *Case) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	cc := *c
	if cc.Args == nil {
		cc.Args = map[string]any{}
	}
	if cc.Sources == nil {
		cc.Sources = map[string]Source{}
	}
	if err := enc.Encode(&cc); err != nil {
		return nil, fmt.Errorf("case %s: %w", c.ID, err)
	}
	return bytes.TrimRight(buf.Bytes(), "\n"), nil
}

// Encode returns the file's content for cases, one line each, in the
// order given.
func Encode(cs []Case) ([]byte, error) {
	var buf bytes.Buffer
	for i := range cs {
		line, err := Marshal(&cs[i])
		if err != nil {
			return nil, err
		}
		buf.Write(line)
		buf.WriteByte('\n')
	}
	return buf.Bytes(), nil
}

// Write writes cases to path as JSON Lines, atomically (a temporary file
// renamed into place), creating the directory when needed.
func Write(path string, cs []Case) error {
	data, err := Encode(cs)
	if err != nil {
		return err
	}
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	return atomicfile.Write(path, data)
}

// Read reads a cases file. Blank lines and lines starting with # or //
// are skipped; an error names the line.
func Read(path string) ([]Case, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return Decode(data, path)
}

// Decode parses the content of a cases file; name is used in errors.
func Decode(data []byte, name string) ([]Case, error) {
	var out []Case
	seen := map[string]int{}
	err := jsonl.Decode(data, name, jsonl.Options{Comments: []string{"#", "//"}, Strict: true, MaxLine: 64 << 20}, func(n int, c *Case) error {
		if c.ID == "" || c.Tool == "" {
			return fmt.Errorf("a case needs an id and a tool")
		}
		if prev, dup := seen[c.ID]; dup {
			return fmt.Errorf("case id %q is also on line %d", c.ID, prev)
		}
		seen[c.ID] = n
		if c.Args == nil {
			c.Args = map[string]any{}
		}
		normalizeNumbers(c.Args)
		for _, steps := range [][]Step{c.Steps, c.Setup, c.Cleanup} {
			for i := range steps {
				normalizeNumbers(steps[i].Args)
			}
		}
		if c.Expect != nil && (c.Expect.Status < 100 || c.Expect.Status > 599) {
			return fmt.Errorf("case %s expects status %d, which is not an HTTP status", c.ID, c.Expect.Status)
		}
		for _, w := range c.Withheld {
			if getPath(c.Args, w.Arg) == nil {
				return fmt.Errorf("case %s withholds %q, which its arguments do not hold", c.ID, w.Arg)
			}
		}
		out = append(out, *c)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// normalizeNumbers turns the numbers of a map's values into float64
// where that loses nothing (json.Number from decoding, integers from YAML
// examples), so that read and generated cases hold the same values;
// integers beyond float64's precision stay json.Number. Nested objects
// and lists are copied, never changed in place: they may be the spec's.
func normalizeNumbers(m map[string]any) {
	for k, v := range m {
		m[k] = example.Normalize(v)
	}
}
