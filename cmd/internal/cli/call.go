package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/agentready/agentready/gen/catalog"
	"github.com/agentready/agentready/gen/toolrt"
)

func runCall(e *env, args []string) int {
	fs := newFlags(e, "call", "[--config agentready.yaml | --spec FILE] [--base-url URL] [flags] TOOL ['JSON-ARGS']")
	var sf specFlags
	sf.register(fs)
	var allow bool
	registerAllowMutations(fs, &allow)
	asJSON := fs.Bool("json", false, "print the whole record of the call as JSON, not only what the model reads")
	var timeout time.Duration
	registerTimeout(fs, &timeout, 30*time.Second)
	var resultTokens int
	registerResultTokens(fs, &resultTokens)
	deprecate(fs, "max-tokens", "result-tokens")
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if err := checkResultTokens(resultTokens); err != nil {
		return e.usagef("call", "%v", err)
	}
	if fs.NArg() < 1 || fs.NArg() > 2 {
		fmt.Fprintln(e.stderr, "agentready call: want a tool name and, optionally, its arguments as one JSON object, e.g.")
		fmt.Fprintln(e.stderr, `  agentready call --spec api.yaml --base-url http://127.0.0.1:8080 getUser '{"userId":"u-1"}'`)
		return exitUsage
	}
	name, rawArgs := fs.Arg(0), fs.Arg(1)
	p, api, ok := e.loadAPI(&sf, setFlags(fs))
	if !ok {
		return exitError
	}
	irOp := api.Operation(name)
	if irOp == nil {
		return e.failf("%s has no tool %q (agentready tools --spec %s lists them)", p.opts.Spec, name, p.opts.Spec)
	}
	op, err := catalog.Operation(api, irOp)
	if err != nil {
		return e.failf("%v", err)
	}
	client, err := catalog.NewClient(api, p.cfg.BaseURL, toolrt.WithTimeout(timeout))
	if err != nil {
		return e.failf("%v", err)
	}
	var opts []toolrt.ToolOption
	if p.mayWrite(allow)(irOp) {
		opts = append(opts, toolrt.AllowAllMutations())
	}
	opts = append(opts, toolrt.WithResultOptions(toolrt.ResultOptions{MaxTokens: resultTokens}))
	t, err := toolrt.NewTool(client, op, opts...)
	if err != nil {
		return e.failf("%v", err)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	call := t.Run(ctx, rawArgs)
	if *asJSON {
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(call); err != nil {
			return e.failf("%v", err)
		}
	} else {
		fmt.Fprintln(e.stdout, call.Text)
	}
	if !call.Result.OK {
		return exitGate
	}
	return exitOK
}
