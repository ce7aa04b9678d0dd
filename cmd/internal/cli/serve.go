package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentready/agentready/gen/catalog"
	"github.com/agentready/agentready/gen/describe"
	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/gen/toolrt"
	"github.com/agentready/agentready/mcpserve"
)

// serveStopGrace is how long a stopping HTTP server waits for calls in
// flight before it closes their connections: the whole stop stays under a
// second.
const serveStopGrace = 500 * time.Millisecond

func runServe(e *env, args []string) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return serveUntil(ctx, e, args)
}

// serveUntil is serve stopped by ctx rather than by a signal, for tests.
// Being stopped is serve's normal end, not an error: it returns exitOK.
func serveUntil(ctx context.Context, e *env, args []string) int {
	fs := newFlags(e, "serve", "[--config agentready.yaml | --spec FILE] [--base-url URL] [--dynamic] [--http 127.0.0.1:PORT] [flags]")
	var sf specFlags
	sf.register(fs)
	sf.registerBudget(fs)
	dynamic := fs.Bool("dynamic", false, "serve three tools, search_tools, describe_tool and call_tool, over all the selected tools (the whole API unless flags or the config select), instead of one tool per operation")
	addr := fs.String("http", "", "serve MCP's streamable HTTP transport at this address, e.g. 127.0.0.1:8765, instead of stdio")
	remote := fs.Bool("allow-remote", false, "let --http listen on an address other hosts can reach: anyone who reaches it calls the API with your credentials")
	var allow bool
	registerAllowMutations(fs, &allow)
	var graphFile string
	registerGraph(fs, &graphFile)
	var timeout time.Duration
	registerTimeout(fs, &timeout, 30*time.Second)
	var resultTokens int
	registerResultTokens(fs, &resultTokens)
	deprecate(fs, "max-tokens", "result-tokens")
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if err := checkResultTokens(resultTokens); err != nil {
		return e.usagef("serve", "%v", err)
	}
	if fs.NArg() > 0 {
		return e.usagef("serve", "unexpected argument %q (the transport is stdio, or --http ADDR)", fs.Arg(0))
	}
	if *addr != "" {
		if err := checkListenAddr(*addr, *remote); err != nil {
			return e.usagef("serve", "%v", err)
		}
	}
	start := time.Now()
	p, api, ok := e.loadAPI(&sf, setFlags(fs))
	if !ok {
		return exitError
	}
	if len(api.Operations) == 0 {
		return e.failf("%s: no operations to serve (the spec has none, the selection matched none, or all were skipped: see the warnings)", p.opts.Spec)
	}
	hints, ok := e.producerHints(graphFile, p.cfg.Graph, api)
	if !ok {
		return exitError
	}
	for _, op := range api.Operations {
		op.InputHints = hints[op.Name]
	}
	ops, err := catalog.OperationsWith(api, describe.Options{MaxToolTokens: p.opts.MaxToolTokens})
	if err != nil {
		// The others are served, as gen generates them.
		fmt.Fprintf(e.stderr, "warning: %v\n", err)
	}
	client, err := catalog.NewClient(api, p.cfg.BaseURL, toolrt.WithTimeout(timeout))
	if err != nil {
		return e.failf("%v", err)
	}
	cat, err := toolrt.NewCatalog(client, ops, allowWrites(api, p.mayWrite(allow)),
		toolrt.WithResultOptions(toolrt.ResultOptions{MaxTokens: resultTokens, Timeout: timeout}))
	if err != nil {
		return e.failf("%v", err)
	}
	log := slog.New(slog.NewTextHandler(e.stderr, nil))
	srv := mcp.NewServer(&mcp.Implementation{Name: "agentready", Title: api.Title, Version: api.Version}, nil)
	mode := fmt.Sprintf("%d tools", len(cat.Tools))
	if *dynamic {
		err = mcpserve.AddMetaTools(srv, cat, mcpserve.WithLogger(log))
		mode = fmt.Sprintf("%s, %s and %s over %d tools", mcpserve.SearchTools, mcpserve.DescribeTool, mcpserve.CallTool, len(cat.Tools))
	} else {
		err = mcpserve.AddTools(srv, cat, mcpserve.WithLogger(log))
	}
	if err != nil {
		return e.failf("%v", err)
	}
	e.reportCredentials(api)
	if *addr == "" {
		fmt.Fprintf(e.stderr, "agentready serve: %s of %s on stdio (ready in %s)\n", mode, client.BaseURL(), time.Since(start).Round(time.Millisecond))
		err = srv.Run(ctx, &mcp.IOTransport{Reader: io.NopCloser(e.stdin), Writer: nopWriteCloser{e.stdout}})
		if err != nil && ctx.Err() == nil {
			return e.failf("serve: %v", err)
		}
		return exitOK
	}
	return e.serveHTTP(ctx, srv, *addr, fmt.Sprintf("%s of %s", mode, client.BaseURL()), start)
}

// serveHTTP serves srv on MCP's streamable HTTP transport at addr, path
// /mcp, until ctx is done.
func (e *env) serveHTTP(ctx context.Context, srv *mcp.Server, addr, what string, start time.Time) int {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return e.failf("serve: %v", err)
	}
	mux := http.NewServeMux()
	mux.Handle("/mcp", mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return srv }, nil))
	hs := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	served := make(chan error, 1)
	go func() { served <- hs.Serve(ln) }()
	fmt.Fprintf(e.stderr, "agentready serve: %s at http://%s/mcp (ready in %s)\n", what, ln.Addr(), time.Since(start).Round(time.Millisecond))
	select {
	case err := <-served:
		return e.failf("serve: %v", err)
	case <-ctx.Done():
	}
	grace, cancel := context.WithTimeout(context.Background(), serveStopGrace)
	defer cancel()
	if err := hs.Shutdown(grace); err != nil {
		// Streams still open (a client's standing GET): cut them.
		_ = hs.Close()
	}
	if err := <-served; err != nil && !errors.Is(err, http.ErrServerClosed) {
		return e.failf("serve: %v", err)
	}
	return exitOK
}

// checkListenAddr accepts a loopback address, and any other only when
// remote is set: whoever reaches the server calls the API with the
// credentials of the user who started it.
func checkListenAddr(addr string, remote bool) error {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("--http %s: %v (want HOST:PORT, e.g. 127.0.0.1:8765)", addr, err)
	}
	if host == "localhost" {
		return nil
	}
	if ip := net.ParseIP(host); ip != nil && ip.IsLoopback() {
		return nil
	}
	if remote {
		return nil
	}
	if host == "" {
		host = "every interface"
	}
	return fmt.Errorf("--http %s listens on %s, which other hosts can reach, and every caller would use your API credentials: "+
		"listen on 127.0.0.1 (e.g. --http 127.0.0.1:8765), or pass --allow-remote if that is what you want", addr, host)
}

// reportCredentials says, for each security scheme, whether its
// environment variable is set; it never prints a value.
func (e *env) reportCredentials(api *ir.API) {
	var missing []string
	for _, s := range api.SecuritySchemes {
		if s.EnvVar == "" {
			continue
		}
		if v, ok := os.LookupEnv(s.EnvVar); !ok || v == "" {
			missing = append(missing, fmt.Sprintf("%s (%s)", s.EnvVar, s.Name))
		}
	}
	if len(missing) > 0 {
		fmt.Fprintf(e.stderr, "agentready serve: no credential in %s: calls that need one will be refused by the API\n", strings.Join(missing, ", "))
	}
}

// nopWriteCloser lets the command's stdout carry the protocol without
// closing it.
type nopWriteCloser struct{ io.Writer }

func (nopWriteCloser) Close() error { return nil }
