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
	"github.com/agentready/agentready/harness/graph"
	runner "github.com/agentready/agentready/harness/run"
	einoschema "github.com/cloudwego/eino/schema"
	"github.com/eino-contrib/jsonschema"
)

// toolRow is one line of `agentready tools`.
type toolRow struct {
	Name        string `json:"name"`
	OperationID string `json:"operationId,omitempty"`
	Method      string `json:"method"`
	Path        string `json:"path"`
	// Tokens is what the model pays for the tool in every prompt: name,
	// description and parameter schema.
	Tokens int `json:"tokens"`
	// DescriptionTokens counts the description alone.
	DescriptionTokens int `json:"descriptionTokens"`
	// NaiveTokens is the same definition as most OpenAPI-to-tool
	// converters write it: the spec's summary and description as they
	// are, and the full parameter schema with references inlined.
	NaiveTokens int             `json:"naiveTokens"`
	Description string          `json:"description"`
	Schema      json.RawMessage `json:"schema"`
}

func runTools(e *env, args []string) int {
	fs := newFlags(e, "tools", "[--config agentready.yaml | --spec FILE] [--graph FILE] [--json]")
	var sf specFlags
	sf.register(fs)
	asJSON := fs.Bool("json", false, "print JSON, with each tool's description and schema, instead of a table")
	graphFile := fs.String("graph", "", "the reviewed dependency graph: show its producer hints in the inputs' descriptions, as test does (default: the config's graph:, else "+graph.DefaultFile+" when present)")
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
		return exitError
	}
	hints, ok := e.producerHints(*graphFile, p.cfg.Graph, api)
	if !ok {
		return exitError
	}
	rows := make([]toolRow, len(api.Operations))
	for i, op := range api.Operations {
		name, desc, schema := describe.Definition(api, op)
		if schema, err = hinted(name, schema, hints[name]); err != nil {
			return e.failf("%s: %v", name, err)
		}
		dt := tokens.Count(desc)
		rows[i] = toolRow{
			Name: name, OperationID: op.ID, Method: op.Method, Path: op.Path,
			Tokens: tokens.Count(name) + dt + tokens.Count(string(schema)), DescriptionTokens: dt,
			NaiveTokens: describe.NaiveTokens(api, op), Description: desc, Schema: schema,
		}
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
	fmt.Fprintln(tw, "TOOL\tMETHOD\tPATH\tTOKENS\tNAIVE")
	var ours, naive []int
	for _, r := range rows {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%d\t%d\n", r.Name, r.Method, r.Path, r.Tokens, r.NaiveTokens)
		ours = append(ours, r.Tokens)
		naive = append(naive, r.NaiveTokens)
	}
	if err := tw.Flush(); err != nil {
		return e.failf("%v", err)
	}
	tokenizer := "o200k_base"
	if !tokens.Exact() {
		tokenizer = "an estimate (4 characters a token; the tokenizer did not load)"
	}
	mo, mn := median(ours), median(naive)
	ratio := 0.0
	if mn > 0 {
		ratio = float64(mo) / float64(mn)
	}
	fmt.Fprintf(e.stdout, "\n%d tools; tokens per tool definition (name, description, schema): median %d, total %d; "+
		"the spec's own text as most converters send it: median %d, total %d (ratio of medians %.2f; %s)\n",
		len(rows), mo, sum(ours), mn, sum(naive), ratio, tokenizer)
	return exitOK
}

// hinted is a tool's parameter schema with the producer hints of its
// inputs added, as runner.Shown adds them.
func hinted(name string, schema []byte, hints map[string]string) ([]byte, error) {
	if len(hints) == 0 {
		return schema, nil
	}
	js := new(jsonschema.Schema)
	if err := json.Unmarshal(schema, js); err != nil {
		return nil, err
	}
	shown, err := runner.Shown(map[string]map[string]string{name: hints}, nil)
	if err != nil {
		return nil, err
	}
	info, err := shown(&einoschema.ToolInfo{Name: name, ParamsOneOf: einoschema.NewParamsOneOfByJSONSchema(js)})
	if err != nil {
		return nil, err
	}
	out, err := info.ParamsOneOf.ToJSONSchema()
	if err != nil {
		return nil, err
	}
	return json.Marshal(out)
}

func median(xs []int) int {
	if len(xs) == 0 {
		return 0
	}
	s := append([]int(nil), xs...)
	sort.Ints(s)
	return s[len(s)/2]
}

func sum(xs []int) int {
	t := 0
	for _, x := range xs {
		t += x
	}
	return t
}

func readFile(path string) ([]byte, error) { return os.ReadFile(path) }
