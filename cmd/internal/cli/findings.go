package cli

import (
	"flag"
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
