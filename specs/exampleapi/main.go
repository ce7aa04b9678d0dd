// Command exampleapi serves agentready's example IT service desk API on
// 127.0.0.1. Its first line on stdout is "listening on <URL>".
//
//	go run ./specs/exampleapi --addr 127.0.0.1:0
//
// See README.md for the credentials, the flags and what the API is for.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"syscall"

	"github.com/agentready/agentready/specs/exampleapi/server"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Stdout, os.Stderr); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			os.Exit(0)
		}
		fmt.Fprintln(os.Stderr, "exampleapi:", err)
		os.Exit(1)
	}
}

// run parses the flags, starts the server, prints its URL and serves until
// ctx is done.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("exampleapi", flag.ContinueOnError)
	fs.SetOutput(stderr)
	addr := fs.String("addr", "127.0.0.1:8080", "address to listen on; port 0 picks a free port")
	data := fs.String("data", "", "SQLite data file; empty keeps the data in memory")
	seed := fs.Int64("seed", 1, "seed of the generated data (same seed, same data)")
	failEvery := fs.Int("fail-every", server.DefaultFailEvery, "getServiceStats fails with 503 on every Nth call; 0 never fails")
	adminToken := fs.String("token", server.DefaultAdminToken, "bearer token with admin access")
	agentToken := fs.String("agent-token", server.DefaultAgentToken, "bearer token with write access (no deletes); empty disables it")
	readToken := fs.String("readonly-token", server.DefaultReadOnlyToken, "bearer token with read-only access; empty disables it")
	apiKey := fs.String("api-key", server.DefaultAPIKey, "X-API-Key value with write access; empty disables it")
	quiet := fs.Bool("quiet", false, "do not log requests to stderr")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected arguments: %v", fs.Args())
	}
	if *adminToken == "" {
		return errors.New("--token must not be empty")
	}
	opts := server.Options{
		Addr:     *addr,
		DataFile: *data,
		Seed:     *seed,
		Tokens:   map[string]server.Access{*adminToken: server.AccessAdmin},
		APIKeys:  map[string]server.Access{},
		Logger:   slog.New(slog.NewTextHandler(stderr, nil)),
	}
	if *agentToken != "" {
		opts.Tokens[*agentToken] = server.AccessWrite
	}
	if *readToken != "" {
		opts.Tokens[*readToken] = server.AccessRead
	}
	if *apiKey != "" {
		opts.APIKeys[*apiKey] = server.AccessWrite
	}
	opts.FailEvery = *failEvery
	if *failEvery <= 0 {
		opts.FailEvery = -1
	}
	if *quiet {
		opts.Logger = nil
	}
	running, err := server.Start(ctx, opts)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "listening on %s\n", running.URL)
	<-ctx.Done()
	fmt.Fprintln(stderr, "shutting down")
	return running.Close()
}
