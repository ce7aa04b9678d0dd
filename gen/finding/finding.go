// Package finding is the one shape of a problem agentready reports about a
// spec's tools, whoever finds it: lint reads the spec, fuzz calls the API,
// perturb and classify watch agents, graph check and config validation
// read files. Each finding says where it came from (Source), which rule
// or kind of problem it is, how serious it is (Level), the tool and
// argument, the error class of harness/classify it predicts or shows,
// what is wrong, what shows it (Evidence), the fix, and the place to make
// the fix (file:line:col and a JSON pointer).
//
// The report, SARIF output and adapt read findings of every source alike.
// The package is a leaf under gen/ so that gen's own checks (config,
// diagnostics) can produce findings too: it imports only the standard
// library, and every package may import it.
package finding

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"
)

// Source says which part of agentready found a problem.
type Source string

// The sources.
const (
	Lint    Source = "lint"
	Fuzz    Source = "fuzz"
	Perturb Source = "perturb"
	// Consistency is harness/consistency: synonymous requests that gave
	// different calls and outputs.
	Consistency Source = "consistency"
	Classify    Source = "classify"
	Graph       Source = "graph"
	Config      Source = "config"
	// Gen is loading and lowering the spec (gen/diag's diagnostics).
	Gen Source = "gen"
)

// Level is how serious a finding is, in SARIF's words.
type Level string

// The levels, most serious first.
const (
	Error   Level = "error"
	Warning Level = "warning"
	Note    Level = "note"
)

// rank orders levels: higher is more serious.
func (l Level) rank() int {
	switch l {
	case Error:
		return 3
	case Warning:
		return 2
	case Note:
		return 1
	}
	return 0
}

// AtLeast reports whether l is as serious as min or more.
func (l Level) AtLeast(min Level) bool { return l.rank() >= min.rank() }

// ParseLevel reads "error", "warning" or "note".
func ParseLevel(s string) (Level, bool) {
	switch l := Level(s); l {
	case Error, Warning, Note:
		return l, true
	}
	return "", false
}

// Place is where something is declared in a source document: the file,
// line and column (1-based; 0 when not known) and the JSON pointer.
type Place struct {
	File   string `json:"file,omitempty"`
	Line   int    `json:"line,omitempty"`
	Column int    `json:"column,omitempty"`
	// Pointer is the JSON pointer, e.g. "#/paths/~1pets/get".
	Pointer string `json:"pointer,omitempty"`
}

// String formats the place as "file:line:col" and, when known, the JSON
// pointer, so that editors and humans can both find it.
func (p Place) String() string {
	var b strings.Builder
	b.WriteString(p.File)
	if p.Line > 0 {
		fmt.Fprintf(&b, ":%d:%d", p.Line, p.Column)
	}
	if p.Pointer != "" {
		if b.Len() > 0 {
			b.WriteString(" ")
		}
		b.WriteString("(" + p.Pointer + ")")
	}
	return b.String()
}

// Finding is one problem with one tool (or a pair of tools), from any
// source. Producers may embed it in a type of their own with more detail
// (fuzz adds the call it made); readers need only these fields.
type Finding struct {
	// Source is what found it. Files written before the field existed
	// lack it: Read fills it in from Rule (lint) or Kind (fuzz).
	Source Source `json:"source"`
	// Rule is the id of the lint rule (or the check) that found it;
	// Kind the kind of a fuzz finding. A finding has one or the other.
	Rule  string `json:"rule,omitempty"`
	Kind  string `json:"kind,omitempty"`
	Level Level  `json:"level"`
	// Tool is the tool name; OperationID the spec's operationId (empty
	// when the spec has none).
	Tool        string `json:"tool"`
	OperationID string `json:"operationId,omitempty"`
	// Argument is the tool argument, as the tool names it; empty when the
	// finding is about the tool as a whole.
	Argument string `json:"argument"`
	// Class is the error class of harness/classify's taxonomy the
	// problem predicts (lint) or shows (fuzz, classify).
	Class string `json:"class"`
	// Message says what is wrong; Evidence what shows it (the API's
	// answer, a trace), when there is more to show than the message.
	Message  string `json:"message"`
	Evidence string `json:"evidence"`
	// Fix is the change that removes the problem.
	Fix string `json:"fix"`
	// Place is where to make the fix.
	Place Place `json:"place"`
	// Related names other tools involved (the tool it is confused with,
	// the tools that use another name for the same value).
	Related []string `json:"related,omitempty"`
}

// ID is the rule or kind: what SARIF calls the finding's rule.
func (f *Finding) ID() string {
	if f.Rule != "" {
		return f.Rule
	}
	return f.Kind
}

// Subject is the tool, with the argument after a dot when there is one:
// "getUser.userId".
func (f *Finding) Subject() string {
	if f.Argument == "" {
		return f.Tool
	}
	return f.Tool + "." + f.Argument
}

// Count returns how many findings are at level min or above.
func Count(fs []Finding, min Level) int {
	n := 0
	for _, f := range fs {
		if f.Level.AtLeast(min) {
			n++
		}
	}
	return n
}

// Read reads a file of findings: one JSON array, as `agentready lint
// --json` and `agentready fuzz --json` write it. Findings without a
// source get one from their rule (lint) or kind (fuzz); a finding
// without a tool is an error that names its index (unless it has a file:
// a problem with a configuration file or the spec as a whole, such as
// config's and gen's), as is a file that is not an array.
func Read(path string) ([]Finding, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("findings: %w", err)
	}
	fs, err := Parse(data)
	if err != nil {
		return nil, fmt.Errorf("findings: %s: %w", path, err)
	}
	return fs, nil
}

// Parse reads findings from one JSON array (see Read).
func Parse(data []byte) ([]Finding, error) {
	var fs []Finding
	if err := json.Unmarshal(data, &fs); err != nil {
		var typeErr *json.UnmarshalTypeError
		if errors.As(err, &typeErr) && typeErr.Field == "" {
			return nil, errors.New("not a JSON array of findings: give the output of agentready lint --json or agentready fuzz --json")
		}
		return nil, fmt.Errorf("not a JSON array of findings (%v): give the output of agentready lint --json or agentready fuzz --json", err)
	}
	for i := range fs {
		f := &fs[i]
		if f.Tool == "" && f.Place.File == "" {
			return nil, fmt.Errorf("finding %d has no tool: each finding needs at least \"tool\" (or, for a problem with a file as a whole, \"place\")", i)
		}
		if f.Source == "" {
			switch {
			case f.Rule != "":
				f.Source = Lint
			case f.Kind != "":
				f.Source = Fuzz
			}
		}
	}
	return fs, nil
}
