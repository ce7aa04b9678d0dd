// Package lint reads a spec's tools the way a model and a retriever read
// them, without calling the API or running an agent, and reports what
// predicts an agent's mistakes: tools that are hard to tell apart, one
// value under several parameter names, constraints said only in prose,
// formatted values without an example, required inputs without a
// description, descriptions over the token budget, return shapes that
// differ between similar tools and credentials left for the model to fill.
//
// Every Finding names the rule, the tool, the place in the spec (a JSON
// pointer, and line and column when the spec was read from a file), the
// error class of harness/classify it predicts, what is wrong and the fix.
// Findings come out in a stable order: the same spec gives the same list.
package lint

import (
	"context"
	"io"
	"sort"
	"sync"

	"github.com/agentready/agentready/gen/catalog"
	"github.com/agentready/agentready/gen/finding"
	"github.com/agentready/agentready/gen/ir"
)

// Level is how serious a finding is, in SARIF's words.
type Level = finding.Level

// The levels, most serious first.
const (
	Error   = finding.Error
	Warning = finding.Warning
	Note    = finding.Note
)

// ParseLevel reads "error", "warning" or "note".
func ParseLevel(s string) (Level, bool) { return finding.ParseLevel(s) }

// Finding is one problem found in a spec's tools: the findings type every
// source shares, with Source "lint" and Rule set. Its Class is one of
// harness/classify's classes; its Place the declaration to fix.
type Finding = finding.Finding

// Options tunes the rules; the zero value is the defaults.
type Options struct {
	// DescriptionTokens is the most o200k tokens an operation's own
	// summary and description may take (default DefaultDescriptionTokens).
	DescriptionTokens int
	// Overlays are OpenAPI Overlay documents File applies to the spec
	// first; the lines of findings are then those of the document they
	// make.
	Overlays []string
}

// DefaultDescriptionTokens is the description budget: about the 1,024
// characters OpenAI accepts for a function's description, which other
// clients cut at silently.
const DefaultDescriptionTokens = 256

// pending is a finding before its place is resolved: the pointer is
// computed from the IR, the line and column from the spec.
type pending struct {
	Finding
	at place
}

// place says where in the spec a finding points, for a Locator to
// resolve.
type place struct {
	op   *ir.Operation
	arg  string // a parameter's or a body field's name, empty for the operation
	in   ir.Location
	body bool
	// sub is a key below the operation ("description") when arg is empty.
	sub string
}

// Lint runs every rule over the tools of cat (catalog.Describe of the
// API will do: linting calls nothing) and its API. When loc is not nil, each finding's
// place gets the line and column and the pointer of its declaration;
// otherwise the operation's origin. It stops early, with ctx's error,
// when ctx is cancelled.
func Lint(ctx context.Context, cat *catalog.Bound, loc *Locator, opts Options) ([]Finding, error) {
	if opts.DescriptionTokens <= 0 {
		opts.DescriptionTokens = DefaultDescriptionTokens
	}
	// The rules read the API and write only their own checker: they run
	// side by side.
	checkers := make([]*checker, len(ruleFuncs))
	var wg sync.WaitGroup
	for i, r := range ruleFuncs {
		checkers[i] = &checker{api: cat.API, cat: cat, opts: opts, ctx: ctx}
		wg.Go(func() { r(checkers[i]) })
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	var found []pending
	for _, c := range checkers {
		found = append(found, c.found...)
	}
	out := make([]Finding, len(found))
	for i, p := range found {
		f := p.Finding
		f.Place = p.at.op.Origin
		if loc != nil {
			f.Place = loc.Locate(p.at)
		}
		out[i] = f
	}
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.Tool != b.Tool {
			return a.Tool < b.Tool
		}
		if a.Rule != b.Rule {
			return a.Rule < b.Rule
		}
		if a.Argument != b.Argument {
			return a.Argument < b.Argument
		}
		return a.Message < b.Message
	})
	return out, nil
}

// checker is the state the rules share.
type checker struct {
	api *ir.API
	// cat gives each tool's arguments.
	cat   *catalog.Bound
	opts  Options
	ctx   context.Context
	found []pending
}

// stopped reports, every 64 operations, whether the run was cancelled.
func (c *checker) stopped(i int) bool {
	return i%64 == 0 && c.ctx.Err() != nil
}

// add records a finding of rule r about op (and arg, when set).
func (c *checker) add(r Rule, op *ir.Operation, at place, msg, fix string, related ...string) {
	at.op = op
	c.found = append(c.found, pending{Finding: Finding{
		Source: finding.Lint, Rule: r.ID, Level: r.Level, Tool: op.Name, OperationID: op.ID, Argument: at.arg,
		Class: string(r.Class), Message: msg, Fix: fix, Related: related,
	}, at: at})
}

// Count returns how many findings are at level min or above.
func Count(fs []Finding, min Level) int { return finding.Count(fs, min) }

// WriteSARIF writes findings as a SARIF 2.1.0 log for GitHub code
// scanning, with every lint rule and its help (see finding.WriteSARIF).
func WriteSARIF(w io.Writer, findings []Finding, root string) error {
	return finding.WriteSARIF(w, SARIFDriver(), findings, root)
}

// SARIFDriver names lint and lists its rules for SARIF.
func SARIFDriver() finding.Driver {
	d := finding.Driver{Name: "agentready lint"}
	for _, r := range Rules {
		d.Rules = append(d.Rules, finding.Rule{ID: r.ID, Level: r.Level, Class: string(r.Class), Short: r.Short, Help: r.Help})
	}
	return d
}
