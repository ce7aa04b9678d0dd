// Package cli is agentready's command line: flags, configuration, output
// and exit codes. The work itself lives in gen and harness; Main is a
// function so tests can run every command in-process.
package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
)

// Exit codes, the same for every command:
//   - 0: done, and every check passed;
//   - 1: done, and a check failed: the CI gate (a regression, a threshold),
//     a tool call that failed (call), warnings under --strict (gen);
//   - 2: not done: bad usage or input, an unusable API or credentials, an
//     interruption.
const (
	exitOK    = 0
	exitGate  = 1
	exitError = 2
	exitUsage = 2
)

// env is what a command sees of the world.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	// onFlags, when set, sees every flag set a command makes (tests walk
	// the commands' flags with it).
	onFlags func(*flag.FlagSet)
}

// command is one subcommand.
type command struct {
	name    string
	summary string
	run     func(e *env, args []string) int
}

func commands() []command {
	return []command{
		{"gen", "generate a Go package of typed tools from an OpenAPI document", runGen},
		{"tools", "list the tools of an OpenAPI document with their token counts", runTools},
		{"call", "validate and invoke one tool; print exactly what an LLM would receive", runCall},
		{"serve", "serve the tools over the Model Context Protocol (stdio or streamable HTTP)", runServe},
		{"graph", "infer, show, approve and check the tool dependency graph", runGraph},
		{"cases", "generate data-aware test cases with natural-language utterances", runCases},
		{"test", "run every case directly and through an agent; classify, report, gate CI", runTest},
		{"report", "write report.html, report.md and junit.xml of a run; compare two runs", runReport},
		{"fuzz", "probe each tool with documented and ruled-out arguments; report where the API disagrees with its spec", runFuzz},
		{"adapt", "propose documentation fixes as Overlay actions from a run; keep those that measurably help", runAdapt},
		{"perturb", "run the cases under the parameter-failure study's 15 perturbations; report each one's drop", runPerturb},
		{"consistency", "run the cases with their values said in synonymous ways; report calls and outputs that differ", runConsistency},
		{"lint", "check a spec statically for what makes agents fail: confusable tools, names, prose-only constraints", runLint},
		{"eval", "score a model on a suite of requests, statically: the call it makes, not the API's answer", runEval},
		{"demo", "the whole loop, offline, against the example API", runDemo},
	}
}

// Main runs agentready with args (without the program name) and returns
// the exit code.
func Main(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	e := &env{stdin: stdin, stdout: stdout, stderr: stderr}
	if len(args) == 0 {
		usage(stderr)
		return exitUsage
	}
	switch args[0] {
	case "help", "-h", "-help", "--help":
		usage(stdout)
		return exitOK
	}
	for _, c := range commands() {
		if c.name == args[0] {
			return c.run(e, args[1:])
		}
	}
	fmt.Fprintf(stderr, "agentready: unknown command %q\n\n", args[0])
	usage(stderr)
	return exitUsage
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "agentready makes REST APIs ready for LLM agents: typed tools from OpenAPI, tested.")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Usage: agentready <command> [flags]")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Commands:")
	cmds := commands()
	width := 0
	for _, c := range cmds {
		width = max(width, len(c.name))
	}
	for _, c := range cmds {
		fmt.Fprintf(w, "  %-*s %s\n", width, c.name, c.summary)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Run `agentready <command> -h` for a command's flags.")
}

// newFlags makes a flag set that reports to e.stderr.
func newFlags(e *env, name, synopsis string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	fs.Usage = func() {
		fmt.Fprintf(e.stderr, "Usage: agentready %s %s\n\nFlags:\n", name, synopsis)
		printFlags(e.stderr, fs)
	}
	if e.onFlags != nil {
		e.onFlags(fs)
	}
	return fs
}

// parseFlags parses args; it returns an exit code when the command should
// stop (-h, or a bad flag).
func parseFlags(fs *flag.FlagSet, args []string) (int, bool) {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return exitOK, false
		}
		return exitUsage, false
	}
	return 0, true
}

// setFlags returns the names of the flags given on the command line.
func setFlags(fs *flag.FlagSet) map[string]bool {
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	return set
}

// usagef prints a usage error of a command and returns exitUsage.
func (e *env) usagef(cmd, format string, args ...any) int {
	fmt.Fprintf(e.stderr, "agentready %s: "+format+"\n", append([]any{cmd}, args...)...)
	return exitUsage
}

// failf prints an error and returns exitError.
func (e *env) failf(format string, args ...any) int {
	fmt.Fprintf(e.stderr, "agentready: "+format+"\n", args...)
	return exitError
}

// listFlag collects a repeatable flag.
type listFlag []string

func (l *listFlag) String() string { return strings.Join(*l, ",") }

func (l *listFlag) Set(v string) error {
	for _, p := range strings.Split(v, ",") {
		if p = strings.TrimSpace(p); p != "" {
			*l = append(*l, p)
		}
	}
	return nil
}

// fileExists reports whether path names a regular file.
func fileExists(path string) bool {
	st, err := os.Stat(path)
	return err == nil && st.Mode().IsRegular()
}

func sortedSet(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
