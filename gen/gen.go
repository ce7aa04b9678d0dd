// Package gen turns an OpenAPI document into a Go package of typed tool
// wrappers: load (libopenapi) -> lower (IR) -> emit (jennifer) -> write.
//
// Each step is a package of its own (gen/load, gen/lower, gen/emit); this
// package runs them in order and writes the result. Nothing here keeps
// state between calls, so Generate may run concurrently.
package gen

import (
	"bytes"
	"fmt"
	"golang.org/x/mod/modfile"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"sort"
	"strings"

	"github.com/agentready/agentready/gen/atomicfile"
	"github.com/agentready/agentready/gen/catalog"
	"github.com/agentready/agentready/gen/describe"
	"github.com/agentready/agentready/gen/diag"
	"github.com/agentready/agentready/gen/emit"
	"github.com/agentready/agentready/gen/example"
	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/gen/load"
	"github.com/agentready/agentready/gen/lower"
	"github.com/agentready/agentready/gen/toolrt"
	"github.com/agentready/agentready/gen/toolschema"
)

// Options say what to generate.
type Options struct {
	// Spec is the path of the OpenAPI document.
	Spec string
	// Overlays are OpenAPI Overlay documents applied to Spec, in order,
	// before anything else reads it.
	Overlays []string
	// Package is the Go package name; Out's base name when empty.
	Package string
	// BaseURL replaces the spec's first server as the client's default.
	BaseURL string
	// Select keeps only the operations it returns true for; all when nil.
	Select func(lower.OperationRef) bool
	// MaxNameLength caps tool names (1-64, default 64).
	MaxNameLength int
	// MaxToolTokens is the token budget of each tool definition
	// (describe.Options.MaxToolTokens: 0 for the default, negative for
	// none).
	MaxToolTokens int
	// EnvPrefix starts the credential variable names; from the API title
	// when empty.
	EnvPrefix string
	// Strict makes every warning an error.
	Strict bool
	// InputHints, when set, is called with the lowered API and returns,
	// per tool and argument, a sentence that says where the argument's
	// value comes from (harness/graph.Hints of the reviewed dependency
	// graph); it ends the argument's description in the tool schema.
	InputHints func(*ir.API) map[string]map[string]string
	// SplitByTag writes a package per tag below the package (see
	// emit.Options.SplitByTag); ImportPath is then the package's import
	// path, which ImportPath(dir) finds from the enclosing go.mod.
	SplitByTag bool
	ImportPath string
	// Loaded, when set, is called once the spec is lowered and the
	// parser's model released, before the code is built. A one-shot
	// command tunes its garbage collector there (internal/oneshot); a
	// library that shares its process leaves it nil.
	Loaded func()
}

// Result is a generated package, not yet written.
type Result struct {
	API   *ir.API
	Files []emit.File
	// Warnings are the parts of the spec that were skipped or adjusted,
	// each with its place in the file.
	Warnings diag.List
}

// bigSpec is the size of a spec from which Load hands the parser's memory
// back before returning (Microsoft Graph is 20-47 MB, GitHub 13 MB).
const bigSpec = 16 << 20

// Load reads a spec and lowers it to the IR, without emitting code: what
// `agentready tools` and the harness need.
func Load(opts Options) (*ir.API, diag.List, error) {
	doc, err := load.File(opts.Spec, opts.Overlays...)
	if err != nil {
		return nil, nil, err
	}
	api, diags := lower.Lower(doc, lower.Options{Select: opts.Select, MaxNameLength: opts.MaxNameLength, EnvPrefix: opts.EnvPrefix})
	warnings := append(doc.Warnings, diags...)
	doc.Close()
	// The parser's model, a few times the size of the IR, is garbage from
	// here on. Left to the collector's pace, the heap goal its last cycle
	// set (twice the model) would let the work that follows grow the
	// process well past the parser's own peak before the model's memory
	// is reused; one collection now costs a mark of the IR alone. A big
	// spec's memory is also handed back to the system.
	if len(doc.Source) >= bigSpec {
		debug.FreeOSMemory()
	} else {
		runtime.GC()
	}
	warnings.Sort()
	if opts.Strict && len(warnings) > 0 {
		return nil, warnings, fmt.Errorf("%d warnings with --strict:\n%w", len(warnings), warnings.Err(true))
	}
	return api, warnings, nil
}

// Generate loads, lowers and emits the package for opts.
func Generate(opts Options) (*Result, error) {
	if opts.Package == "" {
		return nil, fmt.Errorf("no package name: set --package (or package: in the config)")
	}
	api, warnings, err := Load(opts)
	if err != nil {
		if warnings != nil {
			return &Result{Warnings: warnings}, err
		}
		return nil, err
	}
	if opts.Loaded != nil {
		opts.Loaded()
	}
	if len(api.Operations) == 0 {
		return &Result{API: api, Warnings: warnings},
			fmt.Errorf("%s: no operations to generate (the spec has none, the selection matched none, or all were skipped: see the warnings)", opts.Spec)
	}
	if opts.InputHints != nil {
		hints := opts.InputHints(api)
		for _, op := range api.Operations {
			op.InputHints = hints[op.Name]
		}
	}
	for _, op := range api.Operations {
		for _, a := range toolschema.Args(api, op) {
			if why := example.Unmeetable(api, a.Schema); why != "" {
				left := "its example leaves the argument out"
				if a.Required {
					left = "it has no example"
				}
				warnings.Warnf(op.Origin, "", "%s: argument %s: %s; %s (a model may still send it, and the tool checks it)", op.Name, a.Name, why, left)
			}
		}
	}
	// The tool descriptors are built while emit renders the named types,
	// which do not need them; emit waits for them in Tools.
	var catErr error
	built := make(chan struct{})
	tools := map[string]*toolrt.Operation{}
	go func() {
		defer close(built)
		descriptors, err := catalog.OperationsWith(api, describe.Options{MaxToolTokens: opts.MaxToolTokens})
		for _, d := range descriptors {
			tools[d.Name] = d
		}
		catErr = err
	}()
	files, skipped, err := emit.Emit(api, emit.Options{
		Package: opts.Package, Source: filepath.Base(opts.Spec), BaseURL: opts.BaseURL,
		SplitByTag: opts.SplitByTag, ImportPath: opts.ImportPath,
		Tools: func() map[string]*toolrt.Operation { <-built; return tools },
	})
	<-built
	if catErr != nil {
		warnings.Warnf(ir.Origin{File: opts.Spec}, "", "%v (their typed methods are still generated)", catErr)
	}
	for _, s := range skipped {
		warnings.Warnf(ir.Origin{File: opts.Spec}, "", "%s", s)
	}
	res := &Result{API: api, Files: files, Warnings: warnings}
	if err != nil {
		return res, err
	}
	if late := len(skipped); opts.Strict && (late > 0 || catErr != nil) {
		if catErr != nil {
			late++
		}
		return res, fmt.Errorf("%d warnings with --strict:\n%w", late, warnings.Err(true))
	}
	return res, nil
}

// Write puts the files in dir, creating it (and the sub-packages' folders
// of a split output) if needed. Files whose content is unchanged are not
// rewritten (so build caches and timestamps stay put), and generated files
// from an earlier run that are no longer produced are removed: in dir, in
// the folders written to, and in sub-packages an earlier split run left
// (their doc.go carries emit.PartDirective), whose folders go when empty.
// A file without agentready's header is never touched: if a new file
// would overwrite one, Write fails instead.
func Write(dir string, files []emit.File) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	want := make(map[string]bool, len(files))
	dirs := map[string]bool{dir: true}
	for _, f := range files {
		path := filepath.Join(dir, filepath.FromSlash(f.Name))
		want[path] = true
		if sub := filepath.Dir(path); !dirs[sub] {
			if err := os.MkdirAll(sub, 0o755); err != nil {
				return err
			}
			dirs[sub] = true
		}
		old, err := os.ReadFile(path)
		switch {
		case err == nil && bytes.Equal(old, f.Content):
			continue
		case err == nil && !isGenerated(old):
			return fmt.Errorf("%s exists and was not generated by agentready; move it, or generate into another directory", path)
		case err != nil && !os.IsNotExist(err):
			return err
		}
		if err := atomicfile.Write(path, f.Content); err != nil {
			return err
		}
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	var parts []string
	for _, e := range entries {
		sub := filepath.Join(dir, e.Name())
		if e.IsDir() && !dirs[sub] && isPart(sub) {
			parts = append(parts, sub)
			dirs[sub] = true
		}
	}
	var stale []string
	for d := range dirs {
		entries, err := os.ReadDir(d)
		if err != nil {
			return err
		}
		for _, e := range entries {
			path := filepath.Join(d, e.Name())
			if e.IsDir() || want[path] || !(strings.HasSuffix(e.Name(), ".go") || strings.HasSuffix(e.Name(), ".go.broken")) {
				continue
			}
			b, err := os.ReadFile(path)
			if err == nil && isGenerated(b) {
				stale = append(stale, path)
			}
		}
	}
	sort.Strings(stale)
	for _, p := range stale {
		if err := os.Remove(p); err != nil {
			return err
		}
	}
	for _, p := range parts {
		// Only an empty folder goes: a user's file in it stays, with it.
		_ = os.Remove(p)
	}
	return nil
}

// isPart reports whether dir holds a sub-package of a split output: its
// doc.go is generated and carries emit.PartDirective.
func isPart(dir string) bool {
	b, err := os.ReadFile(filepath.Join(dir, "doc.go"))
	return err == nil && isGenerated(b) && bytes.Contains(b, []byte("\n"+emit.PartDirective+"\n"))
}

// ImportPath returns the import path of the package in dir, from the
// go.mod of the module that holds it (dir itself or a parent), or an error
// that says there is none.
func ImportPath(dir string) (string, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	for d := abs; ; d = filepath.Dir(d) {
		b, err := os.ReadFile(filepath.Join(d, "go.mod"))
		if err == nil {
			mod := modfile.ModulePath(b)
			if mod == "" {
				return "", fmt.Errorf("%s has no module line", filepath.Join(d, "go.mod"))
			}
			rel, err := filepath.Rel(d, abs)
			if err != nil {
				return "", err
			}
			if rel == "." {
				return mod, nil
			}
			return path.Join(mod, filepath.ToSlash(rel)), nil
		}
		if filepath.Dir(d) == d {
			return "", fmt.Errorf("%s is not inside a Go module (no go.mod in it or above it): set the package's import path", dir)
		}
	}
}

func isGenerated(content []byte) bool {
	return bytes.HasPrefix(content, []byte("// "+emit.Header))
}
