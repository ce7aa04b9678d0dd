package cli

import (
	"bytes"
	"flag"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// commandFlagSets returns the flag sets of every command and graph
// subcommand, built as Main builds them (each command run with -h).
func commandFlagSets(t *testing.T) []*flag.FlagSet {
	t.Helper()
	var sets []*flag.FlagSet
	e := &env{stdin: strings.NewReader(""), stdout: io.Discard, stderr: io.Discard,
		onFlags: func(fs *flag.FlagSet) { sets = append(sets, fs) }}
	for _, c := range commands() {
		if c.name != "graph" {
			c.run(e, []string{"-h"})
			continue
		}
		for _, sub := range graphCommands {
			c.run(e, []string{sub.name, "-h"})
		}
	}
	if want := len(commands()) - 1 + len(graphCommands); len(sets) != want {
		t.Fatalf("built %d flag sets, want one per command and graph subcommand (%d)", len(sets), want)
	}
	return sets
}

// flagExceptions are the flags several commands declare that may differ
// in default or help text, each with its reason. A command of "*" excuses
// the flag everywhere.
var flagExceptions = []struct{ flag, command, reason string }{
	{"out", "*", "where the command writes its result; what it writes (a package, a cases file, a run, an overlay, findings, a graph) is the command's"},
	{"json", "*", "prints the command's own result as JSON, and says what that is"},
	{"format", "*", "graph show draws the graph (text, mermaid, dot); lint and fuzz print findings (text, json, sarif)"},
	{"model", "*", "the model plays a different part, with its own default: the agent (baseline), the writer of utterances (none: templates), the proposer of edges (none), adapt's trials (the run's)"},
	{"record", "*", "the commands that run cases record into the run's directory (a switch); cases and graph infer have no run directory and take DIR"},
	{"min-confidence", "*", "graph infer prunes what it writes, from a default; show, approve and reject filter only when it is given"},
	{"only", "*", "each study has its own kinds: perturbations, phrasings"},
	{"example-dir", "*", "each study writes the example to its own directory, so that one does not overwrite the other"},
	{"against", "*", "test gates its new run against the baseline; report compares two runs instead of writing the reports; eval pairs its requests with an earlier eval --json"},
	{"all-above", "*", "the verb of graph approve or reject is in the text"},
	{"all-below", "*", "the verb of graph approve or reject is in the text"},
	{"pattern", "*", "the verb of graph approve or reject is in the text"},
	{"cases", "eval", "eval scores a cases file instead of --utterances, so it has no default file"},
	{"utterances", "*", "eval reads a suite of requests from the file (the spelling issue 15 gives); cases takes how many utterances to write"},
	{"timeout", "fuzz", "fuzz makes many calls within --budget-time: a shorter bound per call (fuzz.DefaultCallTimeout)"},
	{"strict", "test", "the CI gate's any-drop rule, as issue 14 spells it; elsewhere --strict fails on spec warnings"},
	{"strict", "report", "report --against compares as test's gate does: any drop is a regression"},
	{"graph", "gen", "gen reads no graph unless named (flag or config), so that generated code depends only on what was named"},
}

// TestSharedFlagsAgree checks that a flag declared by several commands
// has one default and one help text, but for the exceptions above; and
// that no exception is stale.
func TestSharedFlagsAgree(t *testing.T) {
	type use struct {
		cmd string
		f   *flag.Flag
	}
	byName := map[string][]use{}
	for _, fs := range commandFlagSets(t) {
		fs.VisitAll(func(f *flag.Flag) {
			if _, old := f.Value.(*aliasFlag); !old {
				byName[f.Name] = append(byName[f.Name], use{fs.Name(), f})
			}
		})
	}
	excused := func(name, cmd string) bool {
		for _, x := range flagExceptions {
			if x.flag == name && (x.command == "*" || x.command == cmd) {
				return true
			}
		}
		return false
	}
	names := make([]string, 0, len(byName))
	for n := range byName {
		names = append(names, n)
	}
	sort.Strings(names)
	needed := map[string]bool{}
	for _, name := range names {
		var ref *use
		for i, u := range byName[name] {
			if excused(name, u.cmd) {
				continue
			}
			if ref == nil {
				ref = &byName[name][i]
				continue
			}
			if u.f.DefValue != ref.f.DefValue {
				t.Errorf("--%s: default %q in %s, %q in %s", name, u.f.DefValue, u.cmd, ref.f.DefValue, ref.cmd)
			}
			if u.f.Usage != ref.f.Usage {
				t.Errorf("--%s: help differs:\n  %s: %s\n  %s: %s", name, u.cmd, u.f.Usage, ref.cmd, ref.f.Usage)
			}
		}
		// An exception is needed when, without it, the flag would differ.
		for _, x := range flagExceptions {
			if x.flag != name {
				continue
			}
			us := byName[name]
			for _, u := range us {
				for _, v := range us {
					if (x.command == "*" || x.command == u.cmd) && (u.f.DefValue != v.f.DefValue || u.f.Usage != v.f.Usage) {
						needed[x.flag+" "+x.command] = true
					}
				}
			}
		}
	}
	for _, x := range flagExceptions {
		if !needed[x.flag+" "+x.command] {
			t.Errorf("exception for --%s in %s is stale: the flag agrees everywhere now; remove it", x.flag, x.command)
		}
	}
}

// TestDeprecatedSpellings checks every old spelling: it sets the new
// flag, says so in one line on stderr (short forms such as -o quietly),
// and is left out of the help.
func TestDeprecatedSpellings(t *testing.T) {
	for _, tc := range []struct {
		cmd      []string
		old, new string
		value    string // "" for a switch
		quiet    bool   // a short form: no note
	}{
		{[]string{"graph", "show"}, "-g", "graph", "g.yaml", false},
		{[]string{"graph", "approve"}, "-g", "graph", "g.yaml", false},
		{[]string{"graph", "reject"}, "-g", "graph", "g.yaml", false},
		{[]string{"graph", "check"}, "-g", "graph", "g.yaml", false},
		{[]string{"graph", "plan"}, "-g", "graph", "g.yaml", false},
		{[]string{"graph", "infer"}, "-o", "out", "g.yaml", true},
		{[]string{"cases"}, "-o", "out", "cases.jsonl", true},
		{[]string{"call"}, "--max-tokens", "result-tokens", "300", false},
		{[]string{"serve"}, "--max-tokens", "result-tokens", "300", false},
	} {
		name := strings.Join(tc.cmd, " ")
		t.Run(name+" "+tc.old, func(t *testing.T) {
			var sets []*flag.FlagSet
			var stderr bytes.Buffer
			e := &env{stdin: strings.NewReader(""), stdout: io.Discard, stderr: &stderr,
				onFlags: func(fs *flag.FlagSet) { sets = append(sets, fs) }}
			args := []string{tc.old, tc.value, tc.old, tc.value, "-h"}
			want := tc.value
			if tc.value == "" {
				args, want = []string{tc.old, tc.old, "-h"}, "true"
			}
			var code int
			for _, c := range commands() {
				if c.name == tc.cmd[0] {
					code = c.run(e, append(tc.cmd[1:], args...))
				}
			}
			if code != exitOK || len(sets) != 1 {
				t.Fatalf("code %d, %d flag sets\n%s", code, len(sets), stderr.String())
			}
			if got := sets[0].Lookup(tc.new).Value.String(); got != want {
				t.Errorf("%s set --%s to %q, want %q", tc.old, tc.new, got, want)
			}
			note := "agentready " + name + ": " + tc.old + " is deprecated; use --" + tc.new + "\n"
			want1 := 1
			if tc.quiet {
				want1 = 0
			}
			if n := strings.Count(stderr.String(), note); n != want1 {
				t.Errorf("stderr has the note %q %d times, want %d:\n%s", note, n, want1, stderr.String())
			}
			help := strings.TrimPrefix(stderr.String(), note)
			if strings.Contains(help, "  "+tc.old+" ") || strings.Contains(help, "  "+tc.old+"\n") || strings.Contains(help, "deprecated") || strings.Contains(help, "short for") {
				t.Errorf("the help shows %s:\n%s", tc.old, help)
			}
			if !strings.Contains(help, "  --"+tc.new) && !strings.Contains(help, "  -"+tc.new) {
				t.Errorf("the help lacks --%s:\n%s", tc.new, help)
			}
		})
	}
}

// TestDeprecatedSpellingsRun runs real commands with the old spellings:
// they do what the new ones do.
func TestDeprecatedSpellingsRun(t *testing.T) {
	spec := repoFile(t, "specs/exampleapi/openapi.yaml")
	dir := t.TempDir()
	file := filepath.Join(dir, "agentready.graph.yaml")
	code, _, errOut := run(t, "graph", "infer", "--spec", spec, "-o", file)
	if code != exitOK || !fileExists(file) {
		t.Fatalf("graph infer -o: code %d\n%s", code, errOut)
	}
	if strings.Contains(errOut, "deprecated") {
		t.Errorf("graph infer -o, the short form issue 6 documents, got a deprecation note:\n%s", errOut)
	}
	code, oldOut, errOut := run(t, "graph", "show", "-g", file)
	if code != exitOK || errOut != "agentready graph show: -g is deprecated; use --graph\n" {
		t.Fatalf("graph show -g: code %d, stderr %q", code, errOut)
	}
	code, newOut, errOut := run(t, "graph", "show", "--graph", file)
	if code != exitOK || errOut != "" || newOut != oldOut || !strings.Contains(newOut, "listUsers") {
		t.Errorf("graph show --graph: code %d, stderr %q; stdout differs from -g's: %v", code, errOut, newOut != oldOut)
	}

	casesFile := filepath.Join(dir, "cases.jsonl")
	code, _, errOut = run(t, "cases", "--spec", spec, "--offline", "--per-tool", "1", "-o", casesFile)
	if code != exitOK || strings.Contains(errOut, "deprecated") {
		t.Fatalf("cases -o: code %d\n%s", code, errOut)
	}
	if st, err := os.Stat(casesFile); err != nil || st.Size() == 0 {
		t.Errorf("cases -o wrote no cases: %v", err)
	}
}
