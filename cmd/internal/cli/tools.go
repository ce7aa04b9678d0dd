package cli

import (
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"text/tabwriter"

	"github.com/agentready/agentready/gen"
	"github.com/agentready/agentready/gen/describe"
	"github.com/agentready/agentready/gen/tokens"
)

// toolRow is one line of `agentready tools`.
type toolRow struct {
	Name        string `json:"name"`
	OperationID string `json:"operationId,omitempty"`
	Method      string `json:"method"`
	Path        string `json:"path"`
	Tokens      int    `json:"tokens"`
	Description string `json:"description"`
}

func runTools(e *env, args []string) int {
	fs := newFlags(e, "tools", "[--config agentready.yaml | --spec FILE] [--json]")
	var sf specFlags
	sf.register(fs)
	asJSON := fs.Bool("json", false, "print JSON instead of a table")
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	p, err := sf.resolve(setFlags(fs))
	if err != nil {
		return e.failf("%v", err)
	}
	api, warnings, err := gen.Load(p.opts)
	e.printWarnings(warnings, p.opts.Spec, sf.verbose)
	if err != nil {
		e.reportError(err, p.opts.Spec)
		return exitFail
	}
	rows := make([]toolRow, len(api.Operations))
	for i, op := range api.Operations {
		d := describe.Description(api, op)
		rows[i] = toolRow{Name: op.Name, OperationID: op.ID, Method: op.Method, Path: op.Path, Tokens: tokens.Count(d), Description: d}
	}
	if *asJSON {
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(rows); err != nil {
			return e.failf("%v", err)
		}
		return exitOK
	}
	tw := tabwriter.NewWriter(e.stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "TOOL\tMETHOD\tPATH\tTOKENS")
	total := 0
	counts := make([]int, len(rows))
	for i, r := range rows {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%d\n", r.Name, r.Method, r.Path, r.Tokens)
		total += r.Tokens
		counts[i] = r.Tokens
	}
	if err := tw.Flush(); err != nil {
		return e.failf("%v", err)
	}
	sort.Ints(counts)
	median := 0
	if len(counts) > 0 {
		median = counts[len(counts)/2]
	}
	tokenizer := "o200k_base"
	if !tokens.Exact() {
		tokenizer = "an estimate (4 characters a token; the tokenizer did not load)"
	}
	fmt.Fprintf(e.stdout, "\n%d tools; description tokens: median %d, total %d (%s)\n", len(rows), median, total, tokenizer)
	return exitOK
}

func readFile(path string) ([]byte, error) { return os.ReadFile(path) }
