package cli

import (
	"flag"
	"fmt"

	"github.com/agentready/agentready/gen/finding"
	"github.com/agentready/agentready/harness/report"
)

// formatFlags are the output flags of the commands that print findings
// (lint, fuzz): --format text|json|sarif and its short form --json.
type formatFlags struct {
	format *string
	asJSON *bool
}

// register declares the flags on fs.
func (f *formatFlags) register(fs *flag.FlagSet) {
	f.format = fs.String("format", "text", "output: text (a table), json (an array of findings) or sarif (SARIF 2.1.0 for GitHub code scanning)")
	f.asJSON = fs.Bool("json", false, "same as --format json")
}

// resolve returns the format asked for, or a usage error's exit code
// when the flags disagree or name an unknown format.
func (f *formatFlags) resolve(e *env, cmd string, fs *flag.FlagSet) (string, int, bool) {
	if *f.asJSON {
		if setFlags(fs)["format"] && *f.format != "json" {
			return "", e.usagef(cmd, "--json and --format %s disagree; give one", *f.format), false
		}
		return "json", 0, true
	}
	switch *f.format {
	case "text", "json", "sarif":
		return *f.format, 0, true
	}
	return "", e.usagef(cmd, "--format %q: use text, json or sarif", *f.format), false
}

// findingsFlag is --findings of test and report: files of findings that
// the report shows with each tool's recommendations.
type findingsFlag struct{ files listFlag }

// register declares the flag on fs.
func (f *findingsFlag) register(fs *flag.FlagSet) {
	fs.Var(&f.files, "findings", "files of findings to show with each tool's recommendations: the JSON of lint --json or fuzz --json (comma-separated or repeated); kept in the run directory's "+report.FindingsFile)
}

// read reads the files, so that a bad one stops the command before it
// starts its work.
func (f *findingsFlag) read() ([]finding.Finding, error) {
	if len(f.files) == 0 {
		return nil, nil
	}
	return report.ReadFindings(f.files)
}

// saveFindings adds found to the run directory dir and says how many it
// holds; false after printing the error.
func (e *env) saveFindings(dir string, found []finding.Finding) ([]finding.Finding, bool) {
	if len(found) == 0 {
		return nil, true
	}
	all, err := report.AddFindings(dir, found)
	if err != nil {
		e.failf("--findings: %v", err)
		return nil, false
	}
	fmt.Fprintf(e.stderr, "agentready: %d findings of lint and fuzz in %s\n", len(all), report.FindingsFile)
	return all, true
}
