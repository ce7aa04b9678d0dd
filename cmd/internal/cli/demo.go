package cli

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"
	"time"

	"github.com/agentready/agentready/gen"
	"github.com/agentready/agentready/gen/catalog"
	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/gen/toolrt"
	"github.com/agentready/agentready/harness/cases"
	"github.com/agentready/agentready/harness/graph"
	"github.com/agentready/agentready/harness/report"
	"github.com/agentready/agentready/harness/utter"
	"github.com/agentready/agentready/specs/exampleapi/server"
)

// demoNonce fixes the fresh values of the demo's cases and runs.
const demoNonce = 0x64656d6f

// runDemo runs the whole loop offline against the example API: start the
// server, generate the tools, infer and approve the graph, make cases,
// test them with an agent, report.
func runDemo(e *env, args []string) int {
	fs := newFlags(e, "demo", "[--dir DIR] [--per-tool N] [--model baseline] [flags]")
	dir := fs.String("dir", "agentready-demo", "where the demo writes the spec, package, graph, cases and run")
	var perTool int
	registerPerTool(fs, &perTool)
	var ts testSettings
	ts.register(fs)
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(e.stderr, "agentready demo: unexpected argument %q\n", fs.Arg(0))
		return exitUsage
	}
	if err := ts.check(); err != nil {
		return e.usagef("demo", "%v", err)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	start := time.Now()
	step := func(format string, a ...any) {
		fmt.Fprintf(e.stdout, "[%5.1fs] "+format+"\n", append([]any{time.Since(start).Seconds()}, a...)...)
	}

	w, err := startExample(ctx, *dir, perTool, ts.seed, true, e.stdout, step)
	if err != nil {
		return e.failf("%v", err)
	}
	defer w.srv.Close()
	api, srv, cs, casesFile, g, everything := w.api, w.srv, w.cases, w.casesFile, w.graph, w.everything

	// 5. Every case, directly and through the agent.
	if ts.out == "" {
		name := "demo"
		if ts.replay != "" {
			name = "replay" // not over the run it replays
		}
		ts.out = filepath.Join(*dir, "runs", name)
		if err := os.RemoveAll(ts.out); err != nil {
			return e.failf("%v", err)
		}
	}
	job := &testJob{api: api, baseURL: srv.URL, cases: cs, file: casesFile, mayWrite: everything, settings: ts, nonce: demoNonce + 1, graph: g,
		clientOp: exampleClient()}
	runDir, sum, info, err := job.execute(ctx, nil)
	if err != nil {
		return e.failf("%v", err)
	}
	step("ran %d cases directly and through a ReAct agent (model %s)", sum.Total, info.Name)
	code := e.finishRun(runDir, sum, info, nil, report.JUnitTools)
	step("done")
	return code
}

// example is the example API started in this process, with its spec,
// its approved dependency graph and the demo's cases.
type example struct {
	srv        *server.Running
	api        *ir.API
	graph      *graph.Graph
	cases      []cases.Case
	casesFile  string
	everything func(*ir.Operation) bool
}

// exampleClient are the client options of a run against the example API:
// its admin token, and nothing from the environment.
func exampleClient() []toolrt.Option {
	return []toolrt.Option{toolrt.WithCredential("bearerAuth", server.DefaultAdminToken), toolrt.WithoutEnvironment()}
}

// startExample starts the example API and makes the demo's cases in dir:
// the spec, the package of tools (when pkg is set), the graph approved as
// inferred and data-aware cases with utterances. step reports each stage,
// and out gets the cases' verification. The caller closes the server.
func startExample(ctx context.Context, dir string, perTool int, seed int64, pkg bool, out io.Writer, step func(string, ...any)) (w *example, err error) {
	// 1. The example API, in this process, on a free port of 127.0.0.1.
	// Its clock stands still at the seed data's "now", so that every run of
	// the demo gives the same responses, and the same results.
	// The IDs it makes come from a seeded source and the fresh values of
	// cases from a fixed nonce, for the same reason: the server starts
	// afresh, so nothing from an earlier demo can collide with them.
	srv, err := server.Start(ctx, server.Options{Addr: "127.0.0.1:0", Now: func() time.Time { return server.SeedEpoch },
		IDs: rand.NewChaCha8([32]byte{byte(seed), byte(seed >> 8), 'd', 'e', 'm', 'o'})})
	if err != nil {
		return nil, fmt.Errorf("starting the example API: %v", err)
	}
	defer func() {
		if err != nil {
			srv.Close()
		}
	}()
	step("example API (IT service desk) listening on %s", srv.URL)

	// 2. Its spec, and the generated package of tools.
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	spec := filepath.Join(dir, "openapi.yaml")
	if err := os.WriteFile(spec, server.Spec(), 0o644); err != nil {
		return nil, err
	}
	res, err := gen.Generate(gen.Options{Spec: spec, Package: "servicedesk"})
	if err != nil {
		return nil, fmt.Errorf("generating: %v", err)
	}
	api := res.API
	if pkg {
		pkgDir := filepath.Join(dir, "servicedesk")
		if err := gen.Write(pkgDir, res.Files); err != nil {
			return nil, err
		}
		step("generated %d tools into %s (package servicedesk)", len(api.Operations), pkgDir)
	}

	// 3. The dependency graph, approved as inferred (a tool builder would
	// review it first).
	g := graph.Infer(api, graph.Options{})
	approved := g.SetStatusAbove(0, graph.Approved)
	graphFile := filepath.Join(dir, graph.DefaultFile)
	if err := g.Save(graphFile); err != nil {
		return nil, err
	}
	step("inferred %d dependency edges, approved them all: %s", approved, graphFile)

	// 4. Data-aware cases with utterances. The demo's server is its own,
	// so producers that change state may run.
	everything := func(*ir.Operation) bool { return true }
	client, err := catalog.NewClient(api, srv.URL, exampleClient()...)
	if err != nil {
		return nil, err
	}
	cat, err := catalog.Bind(api, client, toolrt.AllowAllMutations())
	if err != nil {
		return nil, err
	}
	cs, rep, err := cases.Generate(ctx, api, cases.Options{PerTool: perTool, Seed: uint64(seed), Graph: g, Catalog: cat, AllowMutations: everything, Verify: true,
		Nonce: demoNonce})
	if err != nil {
		return nil, fmt.Errorf("cases: %v", err)
	}
	tmpl, err := utter.NewTemplates(utter.TemplateOptions{Seed: uint64(seed), PerCase: 1})
	if err != nil {
		return nil, err
	}
	cs, judged, err := utter.Annotate(ctx, cat, cs, tmpl)
	if err != nil {
		return nil, fmt.Errorf("utterances: %v", err)
	}
	casesFile := filepath.Join(dir, "cases.jsonl")
	if err := cases.Write(casesFile, cs); err != nil {
		return nil, err
	}
	step("made %d cases (real values for %d tools from %d producer calls; utterances: %s): %s", len(cs), len(rep.Harvested), rep.Calls, judged, casesFile)
	printVerification(out, rep, "         ")

	return &example{srv: srv, api: api, graph: g, cases: cs, casesFile: casesFile, everything: everything}, nil
}
