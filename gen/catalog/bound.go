package catalog

import (
	"fmt"
	"sync"

	"github.com/agentready/agentready/gen/describe"
	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/gen/toolrt"
	"github.com/agentready/agentready/gen/toolrt/argcheck"
	"github.com/agentready/agentready/gen/toolschema"
)

// Bound is the contract between gen and the harness: the tools of one
// API, bound to a client, together with the IR they were built from and
// what the harness reads about those tools (their arguments, their
// checkers, the pointers their definitions keep), worked out once by the
// code that built the tools. The harness takes a Bound wherever it needs
// both, so that the tools and what it reads about them cannot come from
// two different specs or two computations.
//
// The toolrt.Catalog is embedded: a Bound's Tools, Tool, Eino and
// UnknownTool are the catalog's, and Catalog is what takes a bare
// toolrt.Catalog (mcpserve, metatools, retrieve). Make one with Bind; a
// Bound written by hand around a catalog without its IR (a generated
// package's) has a nil API, which the harness refuses or, where it can,
// works without (run leaves out the checks against output schemas).
type Bound struct {
	// API is the IR the tools were built from.
	API *ir.API
	*toolrt.Catalog

	// args holds each operation's arguments by tool name (Args).
	args map[string][]toolschema.Arg
	// pointers is Pointers, worked out on first use.
	pointers     map[string]map[string]string
	pointersOnce sync.Once
	// memo is shared by the schemas the Bound builds: a Bound without
	// tools (Describe) builds checkers with it and keeps them in
	// checkers, under mu; Fit fits definitions with it.
	memo *toolschema.Memo
	// shared holds the definitions those checkers compiled, which the
	// tools' schemas repeat.
	shared   *argcheck.Shared
	mu       sync.Mutex
	checkers map[string]builtChecker
}

// Bind builds the tools of api, as a generated package offers them,
// calling the API through client (see New), and returns them with api.
func Bind(api *ir.API, client *toolrt.Client, opts ...toolrt.ToolOption) (*Bound, error) {
	if api == nil {
		return nil, fmt.Errorf("catalog.Bind: no API: load the spec first (gen.Load)")
	}
	cat, err := New(api, client, opts...)
	if err != nil {
		return nil, err
	}
	b := Describe(api)
	b.Catalog = cat
	return b, nil
}

// Describe returns a Bound of api without tools: its Catalog is nil, so
// it calls nothing, and it offers what the harness reads about the tools
// api's operations become (Args, Checker, Pointers) for work that calls
// no API, such as test cases made offline. It costs what it is asked
// for, not the tool definitions' descriptions and token budgets.
func Describe(api *ir.API) *Bound {
	if api == nil {
		return &Bound{}
	}
	b := &Bound{API: api, args: make(map[string][]toolschema.Arg, len(api.Operations)), memo: toolschema.NewMemo(api), shared: argcheck.NewShared()}
	for _, op := range api.Operations {
		b.args[op.Name] = toolschema.Args(api, op)
	}
	return b
}

// Args returns the arguments of the tool named tool as its definition
// presents them, in order (toolschema.Args: parameters, then the body's
// properties or the body; no credentials, no readOnly properties), or nil
// when the API has no such tool. The slice is the Bound's: do not change
// it.
func (b *Bound) Args(tool string) []toolschema.Arg {
	if b.args == nil && b.API != nil {
		// A Bound written by hand: work them out each time.
		if op := b.API.Operation(tool); op != nil {
			return toolschema.Args(b.API, op)
		}
	}
	return b.args[tool]
}

// Checker returns the checker the tool named tool checks its arguments
// with (toolrt.Tool.Checker). A Bound made by Describe has no tools: it
// builds the checker a tool would have from the operation's check schema
// (CheckSchema, with its examples and Example), once, and keeps it. It is safe to call
// from several goroutines.
func (b *Bound) Checker(tool string) (*argcheck.Checker, error) {
	if b.Catalog != nil {
		if t, ok := b.Tool(tool); ok {
			return t.Checker(), nil
		}
		return nil, fmt.Errorf("the catalog has no tool %q", tool)
	}
	if b.API == nil {
		return nil, fmt.Errorf("catalog: a Bound with neither tools nor API has no checker for %q", tool)
	}
	op := b.API.Operation(tool)
	if op == nil {
		return nil, fmt.Errorf("the API has no tool %q", tool)
	}
	b.mu.Lock()
	c, ok := b.checkers[tool]
	b.mu.Unlock()
	if ok {
		return c.checker, c.err
	}
	ck, err := checker(b.API, op, b.memo, b.shared)
	b.mu.Lock()
	if b.checkers == nil {
		b.checkers = map[string]builtChecker{}
	}
	b.checkers[tool] = builtChecker{ck, err}
	b.mu.Unlock()
	return ck, err
}

// NewChecker returns the checker Checker returns, but a Bound without
// tools builds it without keeping it (one Checker built is returned as
// it is): for a caller that uses each tool's checker once and lets it
// go, so that the checkers of every tool are not all held at once
// (DocuSign's 402 were most of the peak of cases made offline).
func (b *Bound) NewChecker(tool string) (*argcheck.Checker, error) {
	if b.Catalog != nil || b.API == nil || b.API.Operation(tool) == nil {
		return b.Checker(tool)
	}
	b.mu.Lock()
	c, ok := b.checkers[tool]
	b.mu.Unlock()
	if ok {
		return c.checker, c.err
	}
	return checker(b.API, b.API.Operation(tool), b.memo, b.shared)
}

// builtChecker is a checker a Bound without tools built, or why it could
// not.
type builtChecker struct {
	checker *argcheck.Checker
	err     error
}

// Pointers returns, by tool name and argument, the sentence of the
// argument's description the tool's definition keeps as a pointer to the
// value's source (toolschema.Pointers), worked out once.
func (b *Bound) Pointers() map[string]map[string]string {
	b.pointersOnce.Do(func() {
		if b.API != nil {
			b.pointers = toolschema.Pointers(b.API)
		}
	})
	return b.pointers
}

// checker builds the checker of op's arguments as toolrt.NewTool builds
// a tool's: from its check schema, with the examples its messages show.
// The check schema has each of those examples at its node already (the
// object CheckSchema returns beside it lists exactly those:
// TestCheckSchemaExamplesAreWhereWritten), so that object, which a
// checker would be given only to place nothing, is neither written nor
// read: on DocuSign it is 25 MB of JSON over the API's 402 tools.
func checker(api *ir.API, op *ir.Operation, memo *toolschema.Memo, shared *argcheck.Shared) (*argcheck.Checker, error) {
	opts := checkOptions(api, memo)
	opts.ForChecking = true
	schema, err := toolschema.Build(api, op, opts)
	if err != nil {
		return nil, fmt.Errorf("%s: parameter schema: %w", op.Name, err)
	}
	ex, err := Example(api, op)
	if err != nil {
		return nil, fmt.Errorf("%s: example: %w", op.Name, err)
	}
	c, err := shared.NewCheckerValid(op.Name, schema, ex, nil) // toolschema wrote it
	if err != nil {
		return nil, fmt.Errorf("%s: %w", op.Name, err)
	}
	return c, nil
}

// Fit returns the definition of the tool named tool fitted to opts'
// token budget (describe.Fit), building its schemas with the Bound's
// memo when opts has none, so that fitting every tool of the API shares
// what their schemas have in common. A tool the API does not have gives
// a Fitted whose Err says so.
func (b *Bound) Fit(tool string, opts describe.Options) describe.Fitted {
	var op *ir.Operation
	if b.API != nil {
		op = b.API.Operation(tool)
	}
	if op == nil {
		return describe.Fitted{Name: tool, Err: fmt.Errorf("the API has no tool %q", tool)}
	}
	if opts.Memo == nil {
		opts.Memo = b.memo
	}
	return describe.Fit(b.API, op, opts)
}
