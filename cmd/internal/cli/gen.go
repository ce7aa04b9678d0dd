package cli

import (
	"cmp"
	"errors"
	"fmt"
	"path/filepath"
	"time"

	"github.com/agentready/agentready/gen"
	"github.com/agentready/agentready/gen/config"
	"github.com/agentready/agentready/gen/diag"
	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/gen/load"
	"github.com/agentready/agentready/harness/graph"
	"github.com/agentready/agentready/internal/oneshot"
)

func runGen(e *env, args []string) int {
	fs := newFlags(e, "gen", "[--config agentready.yaml | --spec FILE --out DIR [--package NAME]] [flags]")
	var sf specFlags
	sf.register(fs)
	sf.registerBudget(fs)
	out := fs.String("out", "", "directory to write the package to")
	pkg := fs.String("package", "", "Go package name (default: the out directory's name)")
	split := fs.Bool("split-by-tag", false, "write one package per tag below --out (with the client and shared types in --out, every tool in its all/ package), so programs compile only the tags they import")
	importPath := fs.String("import-path", "", "with --split-by-tag: the Go import path of --out (default: from the go.mod that holds it)")
	graphFile := fs.String("graph", "", "the reviewed dependency graph: each input an approved read-only producer fills says so in its description (default: the config's graph:, when set)")
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(e.stderr, "agentready gen: unexpected argument %q\n", fs.Arg(0))
		return exitUsage
	}
	set := setFlags(fs)
	p, err := sf.resolve(set)
	if err != nil {
		return e.failf("%v", err)
	}
	if *out != "" {
		p.cfg.Out = *out
	}
	if p.cfg.Out == "" {
		return e.failf("no output directory: pass --out DIR (or out: in the config)")
	}
	switch {
	case *pkg != "":
		p.opts.Package = *pkg
	case set["out"] || p.opts.Package == "":
		p.opts.Package = config.DefaultPackage(p.cfg.Out)
	}
	if set["split-by-tag"] {
		p.cfg.SplitByTag = *split
	}
	if *importPath != "" {
		p.cfg.ImportPath = *importPath
	}
	if p.cfg.SplitByTag {
		p.opts.SplitByTag = true
		p.opts.ImportPath = p.cfg.ImportPath
		if p.opts.ImportPath == "" {
			ip, err := gen.ImportPath(p.cfg.Out)
			if err != nil {
				return e.failf("--split-by-tag: %v, with --import-path (or import_path: in the config)", err)
			}
			p.opts.ImportPath = ip
		}
	}
	if path := cmp.Or(*graphFile, p.cfg.Graph); path != "" {
		g, ok := e.loadGraph(path)
		if !ok {
			return exitError
		}
		p.opts.InputHints = func(api *ir.API) map[string]map[string]string {
			if graph.Foreign(g, api) {
				fmt.Fprintf(e.stderr, "warning: %s; no producer hints written\n", foreignGraph(path, g))
				return nil
			}
			printProblems(e.stderr, graph.Check(g, api), path)
			return graph.Hints(g, api)
		}
	}
	start := time.Now()
	// The collector's pace after parsing is gen's own: it is put back
	// when the command ends, for a process that goes on.
	defer oneshot.Saved()()
	p.opts.Loaded = oneshot.AfterLoad
	res, err := gen.Generate(p.opts)
	if res != nil {
		e.printWarnings(res.Warnings, p.opts, sf.verbose)
	}
	if err != nil {
		e.reportError(err, p.opts.Spec)
		if res != nil && len(res.Files) > 0 {
			// Keep what was generated (including unformatted files) for
			// diagnosis, but say the run failed.
			_ = gen.Write(p.cfg.Out, res.Files)
		}
		return exitError
	}
	if err := gen.Write(p.cfg.Out, res.Files); err != nil {
		return e.failf("%v", err)
	}
	fmt.Fprintf(e.stdout, "agentready: wrote package %s to %s: %d tools, %d types, %d files (%s)\n",
		p.opts.Package, filepath.Clean(p.cfg.Out), len(res.API.Operations), len(res.API.Types), len(res.Files),
		time.Since(start).Round(time.Millisecond))
	if n := len(res.Warnings); n > 0 {
		fmt.Fprintf(e.stdout, "agentready: %d warnings (see above; --strict makes them errors)\n", n)
	}
	return exitOK
}

// reportError prints an error; a diagnostic with a position also gets the
// lines of the spec around it.
func (e *env) reportError(err error, spec string) {
	fmt.Fprintf(e.stderr, "agentready: %v\n", err)
	var d diag.Diagnostic
	if errors.As(err, &d) && d.Origin.Line > 0 {
		if doc, _ := readFile(spec); len(doc) > 0 {
			fmt.Fprint(e.stderr, load.Snippet(doc, d.Origin.Line, d.Origin.Column))
		}
	}
}
