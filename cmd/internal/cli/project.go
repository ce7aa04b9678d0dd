package cli

import (
	"flag"
	"fmt"
	"os"

	"github.com/agentready/agentready/gen"
	"github.com/agentready/agentready/gen/config"
	"github.com/agentready/agentready/gen/diag"
	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/gen/load"
	"github.com/agentready/agentready/gen/lower"
	"github.com/agentready/agentready/gen/overlay"
	"github.com/agentready/agentready/gen/toolrt"
)

// specFlags are the flags every command that reads a spec shares: the
// config file, or the spec and selection given directly.
type specFlags struct {
	config        string
	spec          string
	overlays      listFlag
	baseURL       string
	strict        bool
	maxNameLength int
	maxToolTokens int
	includeTags   listFlag
	excludeTags   listFlag
	includeOps    listFlag
	methods       listFlag
	verbose       bool
	// gateStrict is set where --strict is the CI gate's, not the spec's.
	gateStrict bool
}

// register adds the flags to fs. The commands that run cases pass
// withoutStrict: there --strict is the gate's (any drop is a regression,
// as issue 14 spells it), and the config file's strict: still applies.
func (s *specFlags) register(fs *flag.FlagSet, withoutStrict ...bool) {
	s.gateStrict = len(withoutStrict) > 0 && withoutStrict[0]
	registerConfig(fs, &s.config)
	fs.StringVar(&s.spec, "spec", "", "OpenAPI 2.0/3.0/3.1 document, JSON or YAML")
	fs.Var(&s.overlays, "overlay", "OpenAPI Overlay document to apply to the spec first (repeatable, in order; after the config's overlays:)")
	fs.StringVar(&s.baseURL, "base-url", "", "the API's URL, instead of the spec's first server")
	if len(withoutStrict) == 0 || !withoutStrict[0] {
		fs.BoolVar(&s.strict, "strict", false, "fail on warnings (skipped operations, unused selection rules)")
	}
	fs.IntVar(&s.maxNameLength, "max-name-length", 0, "cap tool names at this many characters (1-64, default 64)")
	fs.Var(&s.includeTags, "tag", "only operations with this tag (repeatable, comma-separated)")
	fs.Var(&s.excludeTags, "exclude-tag", "leave out operations with this tag (repeatable)")
	fs.Var(&s.includeOps, "op", "only operations whose operationId matches this glob (repeatable)")
	fs.Var(&s.methods, "method", "only operations with this HTTP method (repeatable)")
	fs.BoolVar(&s.verbose, "v", false, "print every warning, with the lines of the spec around it")
}

// registerBudget adds --max-tool-tokens, for the commands that write or
// list tool definitions.
func (s *specFlags) registerBudget(fs *flag.FlagSet) {
	fs.IntVar(&s.maxToolTokens, "max-tool-tokens", 0, "fit each tool definition in this many o200k tokens by summarizing deep optional structure; -1 for no limit (default 2000)")
}

// project is the resolved configuration of one run.
type project struct {
	cfg  *config.Config
	opts gen.Options
}

// resolve merges the config file (if any) with the flags; flags win.
func (s *specFlags) resolve(set map[string]bool) (*project, error) {
	cfg := &config.Config{MaxNameLength: config.DefaultMaxNameLength}
	path := s.config
	if path == "" && s.spec == "" && fileExists(config.DefaultFile) {
		path = config.DefaultFile
	}
	if path != "" {
		c, err := config.Load(path)
		if err != nil {
			return nil, err
		}
		cfg = c
	}
	if s.spec != "" {
		cfg.Spec = s.spec
	}
	cfg.Overlays = append(cfg.Overlays, s.overlays...)
	if cfg.Spec == "" {
		return nil, fmt.Errorf("no spec: pass --spec FILE, or --config FILE with a spec: entry (or run where %s is)", config.DefaultFile)
	}
	if set["base-url"] {
		cfg.BaseURL = s.baseURL
	}
	if set["strict"] && !s.gateStrict {
		cfg.Strict = s.strict
	}
	if set["max-name-length"] {
		if s.maxNameLength < 1 || s.maxNameLength > 64 {
			return nil, fmt.Errorf("--max-name-length %d: must be 1 to 64", s.maxNameLength)
		}
		cfg.MaxNameLength = s.maxNameLength
	}
	if set["max-tool-tokens"] {
		if s.maxToolTokens < -1 || s.maxToolTokens == 0 {
			return nil, fmt.Errorf("--max-tool-tokens %d: use a positive budget, or -1 for none", s.maxToolTokens)
		}
		cfg.MaxToolTokens = s.maxToolTokens
	}
	if len(s.includeTags)+len(s.includeOps)+len(s.methods) > 0 {
		cfg.Select.Include = append(cfg.Select.Include, config.Rule{Tags: s.includeTags, OperationIDs: s.includeOps, Methods: s.methods})
	}
	if len(s.excludeTags) > 0 {
		cfg.Select.Exclude = append(cfg.Select.Exclude, config.Rule{Tags: s.excludeTags})
	}
	sel := cfg.Select
	p := &project{cfg: cfg, opts: gen.Options{
		Spec:          cfg.Spec,
		Overlays:      cfg.Overlays,
		Package:       cfg.Package,
		BaseURL:       cfg.BaseURL,
		MaxNameLength: cfg.MaxNameLength,
		MaxToolTokens: cfg.MaxToolTokens,
		EnvPrefix:     cfg.Auth.EnvPrefix,
		Strict:        cfg.Strict,
	}}
	if len(sel.Include)+len(sel.Exclude) > 0 {
		p.opts.Select = func(op lower.OperationRef) bool {
			return sel.Match(config.OperationRef{OperationID: op.OperationID, Method: op.Method, Path: op.Path, Tags: op.Tags, Deprecated: op.Deprecated})
		}
	}
	return p, nil
}

// printWarnings reports warnings: a count and the first few, or all of
// them with source lines when verbose. With overlays, lines are those of
// the document the overlays make, and the snippets show that document.
func (e *env) printWarnings(ws diag.List, opts gen.Options, verbose bool) {
	if len(ws) == 0 {
		return
	}
	const shown = 10
	var src []byte
	if verbose {
		src, _ = os.ReadFile(opts.Spec)
		if len(opts.Overlays) > 0 && len(src) > 0 {
			src, _ = overlay.Apply(opts.Spec, src, opts.Overlays)
		}
	}
	for i, w := range ws {
		if !verbose && i == shown {
			fmt.Fprintf(e.stderr, "... and %d more warnings (-v shows all)\n", len(ws)-shown)
			break
		}
		fmt.Fprintf(e.stderr, "%s: %s\n", w.Severity, w.Error())
		if verbose && w.Origin.Line > 0 && len(src) > 0 {
			fmt.Fprint(e.stderr, load.Snippet(src, w.Origin.Line, w.Origin.Column))
		}
	}
}

// mayWrite says which operations that change state may be called: all of
// them when the command's --allow-mutations flag is set, else those the
// config's allow_mutations names (by operationId or tool name).
func (p *project) mayWrite(flag bool) func(op *ir.Operation) bool {
	return func(op *ir.Operation) bool {
		return flag || p.cfg.AllowMutations.Allows(op.ID) || p.cfg.AllowMutations.Allows(op.Name)
	}
}

// allowWrites is the tool option that lets exactly the operations mayWrite
// allows change state.
func allowWrites(api *ir.API, mayWrite func(*ir.Operation) bool) toolrt.ToolOption {
	return toolrt.AllowMutations(func(op *toolrt.Operation) bool {
		irOp := api.Operation(op.Name)
		return irOp != nil && mayWrite(irOp)
	})
}
