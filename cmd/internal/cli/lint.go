package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/agentready/agentready/gen/atomicfile"
	"github.com/agentready/agentready/gen/finding"
	"github.com/agentready/agentready/gen/lower"
	"github.com/agentready/agentready/harness/lint"
)

func runLint(e *env, args []string) int {
	fs := newFlags(e, "lint", "[--config agentready.yaml | --spec FILE] [--tag T] [--op GLOB] [--format text|json|sarif | --json] [--out FILE] [--fail-on error|warning|note|none]")
	var sf specFlags
	sf.register(fs)
	var ff formatFlags
	ff.register(fs)
	out := fs.String("out", "", "write the findings to this file instead of stdout (the summary still goes to stderr)")
	failOn := fs.String("fail-on", "error", "exit 1 when a finding is at this level or above: error, warning, note, or none")
	descTokens := fs.Int("max-description-tokens", lint.DefaultDescriptionTokens, "the most o200k tokens an operation's summary and description may take")
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if fs.NArg() > 0 {
		return e.usagef("lint", "unexpected argument %q", fs.Arg(0))
	}
	format, code, ok := ff.resolve(e, "lint", fs)
	if !ok {
		return code
	}
	var min lint.Level
	if *failOn != "none" {
		var ok bool
		if min, ok = lint.ParseLevel(*failOn); !ok {
			return e.usagef("lint", "--fail-on %q: use error, warning, note or none", *failOn)
		}
	}
	if *descTokens <= 0 {
		return e.usagef("lint", "--max-description-tokens %d: give a positive number of tokens", *descTokens)
	}
	p, err := sf.resolve(setFlags(fs))
	if err != nil {
		return e.failf("%v", err)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	lo := lower.Options{Select: p.opts.Select, MaxNameLength: p.opts.MaxNameLength, EnvPrefix: p.opts.EnvPrefix}
	api, findings, warnings, err := lint.File(ctx, p.opts.Spec, lo, lint.Options{DescriptionTokens: *descTokens, Overlays: p.opts.Overlays})
	e.printWarnings(warnings, p.opts, sf.verbose)
	if err != nil {
		if ctx.Err() != nil {
			return e.failf("lint: interrupted")
		}
		e.reportError(err, p.opts.Spec)
		return exitError
	}
	var buf bytes.Buffer
	switch format {
	case "json":
		enc := json.NewEncoder(&buf)
		enc.SetIndent("", "  ")
		if findings == nil {
			findings = []lint.Finding{}
		}
		err = enc.Encode(findings)
	case "sarif":
		err = lint.WriteSARIF(&buf, findings, finding.RepoRoot(p.opts.Spec))
	default:
		err = writeLintTable(&buf, findings)
	}
	if err != nil {
		return e.failf("%v", err)
	}
	if *out != "" {
		if err := atomicfile.Write(*out, buf.Bytes()); err != nil {
			return e.failf("--out: %v", err)
		}
	} else if _, err := e.stdout.Write(buf.Bytes()); err != nil {
		return e.failf("%v", err)
	}
	summary := lintSummary(findings, len(api.Operations))
	if format == "text" && *out == "" {
		fmt.Fprintln(e.stdout, summary)
	} else {
		fmt.Fprintln(e.stderr, summary)
	}
	if min != "" && lint.Count(findings, min) > 0 {
		return exitGate
	}
	return exitOK
}

// writeLintTable prints each finding as compilers do: the place, the
// level, the rule, the tool (and argument) and what is wrong, then the
// JSON pointer and the fix on lines of their own.
func writeLintTable(w io.Writer, findings []lint.Finding) error {
	for _, f := range findings {
		subject := f.Tool
		if f.Argument != "" {
			subject += "." + f.Argument
		}
		loc := f.Place
		loc.Pointer = ""
		if _, err := fmt.Fprintf(w, "%s: %s [%s] %s: %s (predicts %s)\n    at %s\n    fix: %s\n",
			loc, f.Level, f.Rule, subject, f.Message, f.Class, f.Place.Pointer, f.Fix); err != nil {
			return err
		}
	}
	return nil
}

// lintSummary counts findings by level and the tools the confusion rule
// flags.
func lintSummary(findings []lint.Finding, tools int) string {
	confused := map[string]bool{}
	for _, f := range findings {
		if f.Rule == lint.RuleConfusable.ID {
			confused[f.Tool] = true
		}
	}
	errs := lint.Count(findings, lint.Error)
	warns := lint.Count(findings, lint.Warning) - errs
	notes := len(findings) - errs - warns
	pct := 0.0
	if tools > 0 {
		pct = 100 * float64(len(confused)) / float64(tools)
	}
	return fmt.Sprintf("%d tools: %d findings (%d errors, %d warnings, %d notes); %d tools (%.1f%%) confusable with another",
		tools, len(findings), errs, warns, notes, len(confused), pct)
}
