package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"text/tabwriter"
	"time"

	"github.com/agentready/agentready/gen/catalog"
	"github.com/agentready/agentready/gen/finding"
	"github.com/agentready/agentready/gen/toolrt"
	"github.com/agentready/agentready/harness/fuzz"
)

func runFuzz(e *env, args []string) int {
	fs := newFlags(e, "fuzz", "[--config agentready.yaml | --spec FILE] [--base-url URL] [--tools a,b] [--budget-calls N] [--budget-time D] [--seed N] [--format text|json|sarif | --json]")
	var sf specFlags
	sf.register(fs)
	var allow bool
	registerAllowMutations(fs, &allow)
	budgetCalls := fs.Int("budget-calls", fuzz.DefaultMaxCalls, "make at most this many calls")
	budgetTime := fs.Duration("budget-time", fuzz.DefaultMaxTime, "stop after this long, reporting what was found")
	var timeout time.Duration
	registerTimeout(fs, &timeout, fuzz.DefaultCallTimeout)
	var seed uint64
	registerSeed(fs, &seed)
	var ff formatFlags
	ff.register(fs)
	var tools listFlag
	fs.Var(&tools, "tools", "only these tools (names or operationIds, comma-separated)")
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if fs.NArg() > 0 {
		return e.usagef("fuzz", "unexpected argument %q (tools are chosen with --tools)", fs.Arg(0))
	}
	format, code, ok := ff.resolve(e, "fuzz", fs)
	if !ok {
		return code
	}
	if *budgetCalls < 1 || *budgetTime <= 0 || timeout <= 0 {
		return e.usagef("fuzz", "--budget-calls, --budget-time and --timeout must be positive")
	}
	p, api, ok := e.loadAPI(&sf, setFlags(fs))
	if !ok {
		return exitError
	}
	// Each probe is sent once: a retry would hide the API's first answer.
	client, err := catalog.NewClient(api, p.cfg.BaseURL, toolrt.WithHTTPClient(&http.Client{Timeout: timeout}),
		toolrt.WithRetry(toolrt.RetryPolicy{Attempts: 1}))
	if err != nil {
		return e.failf("%v", err)
	}
	mayWrite := p.mayWrite(allow)
	cat, err := catalog.Bind(api, client, allowWrites(api, mayWrite))
	if err != nil {
		return e.failf("%v", err)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	rep, err := fuzz.Run(ctx, cat, fuzz.Options{
		Seed: seed, MaxCalls: *budgetCalls, MaxTime: *budgetTime, CallTimeout: timeout,
		AllowMutation: mayWrite, Tools: tools,
	})
	if err != nil {
		return e.failf("%v", err)
	}
	switch format {
	case "json", "sarif":
		var err error
		if format == "json" {
			findings := rep.Findings
			if findings == nil {
				findings = []fuzz.Finding{}
			}
			enc := json.NewEncoder(e.stdout)
			enc.SetIndent("", "  ")
			err = enc.Encode(findings)
		} else {
			err = finding.WriteSARIF(e.stdout, fuzz.SARIFDriver(), fuzz.Common(rep.Findings), finding.RepoRoot(p.opts.Spec))
		}
		if err != nil {
			return e.failf("%v", err)
		}
		e.fuzzSummary(e.stderr, rep)
	default:
		e.fuzzTable(rep)
		e.fuzzSummary(e.stdout, rep)
	}
	switch {
	case rep.Stopped == "interrupted":
		return exitError
	case len(rep.Findings) > 0:
		return exitGate
	}
	return exitOK
}

// fuzzTable prints the findings, then each one's fix and evidence.
func (e *env) fuzzTable(rep *fuzz.Report) {
	if len(rep.Findings) == 0 {
		return
	}
	tw := tabwriter.NewWriter(e.stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "#\tTOOL\tARGUMENT\tKIND\tVALUE\tSTATUS\tPROBE")
	for i, f := range rep.Findings {
		arg, value := f.Argument, shortJSON(f.Value)
		if arg == "" {
			arg = "(the call)"
		}
		if f.Omitted {
			value = "(left out)"
		}
		status := fmt.Sprint(f.Status)
		if f.Status == 0 {
			status = "none"
		}
		fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%s\t%s\t%s\n", i+1, f.Tool, arg, f.Kind, value, status, f.Probe)
	}
	tw.Flush()
	fmt.Fprintln(e.stdout)
	for i, f := range rep.Findings {
		fmt.Fprintf(e.stdout, "%d. fix: %s\n   API: %s\n", i+1, f.Fix, f.Evidence)
	}
	fmt.Fprintln(e.stdout)
}

// fuzzSummary prints the metrics: unique findings by kind, calls, calls
// per unique finding, time, and why fuzzing stopped early.
func (e *env) fuzzSummary(w interface{ Write([]byte) (int, error) }, rep *fuzz.Report) {
	kinds := map[fuzz.Kind]int{}
	for _, f := range rep.Findings {
		kinds[f.Kind]++
	}
	var parts []string
	for _, k := range []fuzz.Kind{fuzz.UnderSpecified, fuzz.OverRestrictive, fuzz.Unvalidated, fuzz.ServerError} {
		if kinds[k] > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", kinds[k], k))
		}
	}
	by := ""
	if len(parts) > 0 {
		by = " (" + strings.Join(parts, ", ") + ")"
	}
	perFinding := "-"
	if n := len(rep.Findings); n > 0 {
		perFinding = fmt.Sprintf("%.1f", float64(rep.Calls)/float64(n))
	}
	fmt.Fprintf(w, "%d unique findings%s on %d tools; %d calls, %s calls per unique finding, %s\n",
		len(rep.Findings), by, rep.Tools, rep.Calls, perFinding, rep.Elapsed.Round(time.Millisecond))
	if len(rep.Skipped) > 0 {
		fmt.Fprintf(w, "%d tools skipped (%s)\n", len(rep.Skipped), skippedWhy(rep.Skipped))
	}
	if rep.Unauthorized > 0 {
		fmt.Fprintf(w, "%d calls were refused as unauthorized (401/403): check the credential variables, the same as agentready call reads\n", rep.Unauthorized)
	}
	if rep.Unreachable > 0 {
		fmt.Fprintf(w, "%d calls found no server: check --base-url and that the API is up\n", rep.Unreachable)
	}
	if rep.Stopped != "" {
		fmt.Fprintf(w, "stopped early: %s; what was found so far is above\n", rep.Stopped)
	}
}

// skippedWhy counts the skipped tools by reason.
func skippedWhy(skipped map[string]string) string {
	mutating, other := 0, 0
	for _, why := range skipped {
		if strings.HasPrefix(why, "changes state") {
			mutating++
		} else {
			other++
		}
	}
	var out []string
	if mutating > 0 {
		out = append(out, fmt.Sprintf("%d change state: --allow-mutations fuzzes them", mutating))
	}
	if other > 0 {
		out = append(out, fmt.Sprintf("%d have no valid arguments to start from", other))
	}
	return strings.Join(out, "; ")
}

// shortJSON is v as JSON, cut to a table cell.
func shortJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	s := string(b)
	if r := []rune(s); len(r) > 32 {
		s = string(r[:31]) + "…"
	}
	return s
}
