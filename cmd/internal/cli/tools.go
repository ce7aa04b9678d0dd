package cli

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"runtime"
	"sort"
	"strconv"
	"sync"
	"text/tabwriter"

	einoschema "github.com/cloudwego/eino/schema"
	"github.com/eino-contrib/jsonschema"
	"golang.org/x/sync/errgroup"

	"github.com/agentready/agentready/gen/catalog"
	"github.com/agentready/agentready/gen/describe"
	"github.com/agentready/agentready/gen/tokens"
	"github.com/agentready/agentready/gen/toolrt/dialect"
	runner "github.com/agentready/agentready/harness/run"
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
	NaiveTokens int `json:"naiveTokens"`
	// NaiveEstimated is set when NaiveTokens was estimated from the
	// first describe.NaiveSampleBytes of a larger schema.
	NaiveEstimated bool `json:"naiveEstimated,omitempty"`
	// Cut says how the schema was cut to fit the token budget, empty
	// when it was not; Summarized lists the optional objects written
	// without their fields (the model is told they take JSON per the
	// API's schema; arguments are still checked against all of it).
	Cut        string   `json:"cut,omitempty"`
	Summarized []string `json:"summarized,omitempty"`
	// OverBudget is set when the definition is over the budget even
	// after every cut: its required inputs are kept whole.
	OverBudget  bool            `json:"overBudget,omitempty"`
	Description string          `json:"description"`
	Schema      json.RawMessage `json:"schema"`
	// Dialect, with --dialect, is what the dialect makes of the tool;
	// Schema is then the schema in the dialect (the original when it is
	// accepted as is, none when it is refused).
	Dialect *dialect.Result `json:"dialect,omitempty"`
}

func runTools(e *env, args []string) int {
	fs := newFlags(e, "tools", "[--config agentready.yaml | --spec FILE] [--graph FILE] [--dialect D] [--json]")
	var sf specFlags
	sf.register(fs)
	sf.registerBudget(fs)
	asJSON := fs.Bool("json", false, "print JSON, with each tool's description and schema, instead of a table")
	var graphFile string
	registerGraph(fs, &graphFile)
	dialectName := fs.String("dialect", "", "show what a provider's schema rules make of each tool: openai-strict, openai, gemini or anthropic (accepted as is, after adaptation, or refused, with every change)")
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	var d dialect.Dialect
	if *dialectName != "" {
		var err error
		if d, err = dialect.Parse(*dialectName); err != nil {
			return e.failf("--dialect: %v", err)
		}
	}
	p, api, ok := e.loadAPI(&sf, setFlags(fs))
	if !ok {
		return exitError
	}
	hints, ok := e.producerHints(graphFile, p.cfg.Graph, api)
	if !ok {
		return exitError
	}
	rows, err := toolRows(catalog.Describe(api), hints, describe.Options{MaxToolTokens: p.opts.MaxToolTokens})
	if err != nil {
		return e.failf("%v", err)
	}
	if d != "" {
		return e.toolsDialect(rows, d, *asJSON)
	}
	if *asJSON {
		return e.printRows(rows)
	}
	tw := tabwriter.NewWriter(e.stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "TOOL\tMETHOD\tPATH\tTOKENS\tNAIVE\tCUT")
	var ours, naive []int
	cut, over := 0, 0
	for _, r := range rows {
		mark := ""
		if r.Cut != "" {
			cut++
			mark = fmt.Sprintf("%d objects summarized (%s)", len(r.Summarized), r.Cut)
		}
		if r.OverBudget {
			over++
			mark = "OVER BUDGET: required inputs kept whole; " + mark
		}
		naiveText := strconv.Itoa(r.NaiveTokens)
		if r.NaiveEstimated {
			naiveText = "~" + naiveText
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%d\t%s\t%s\n", r.Name, r.Method, r.Path, r.Tokens, naiveText, mark)
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
	if cut > 0 {
		fmt.Fprintf(e.stdout, "%d definitions were cut to fit the budget of %d tokens (--max-tool-tokens; --json lists what each left out)", cut, budgetOf(p.opts.MaxToolTokens))
		if over > 0 {
			fmt.Fprintf(e.stdout, "; %d are still over it, their required inputs alone being larger", over)
		}
		fmt.Fprintln(e.stdout)
	}
	return exitOK
}

// printRows prints the rows as indented JSON.
func (e *env) printRows(rows []toolRow) int {
	enc := json.NewEncoder(e.stdout)
	enc.SetIndent("", "  ")
	if err := enc.Encode(rows); err != nil {
		return e.failf("%v", err)
	}
	return exitOK
}

func budgetOf(n int) int {
	if n == 0 {
		return describe.DefaultMaxToolTokens
	}
	return n
}

// toolRows builds the rows of every operation, on every CPU: counting
// tokens is most of the work, and many operations share a schema
// (Kubernetes' namespaced and cluster-wide variants), so each distinct
// text is counted once.
func toolRows(cat *catalog.Bound, hints map[string]map[string]string, opts describe.Options) ([]toolRow, error) {
	api := cat.API
	rows := make([]toolRow, len(api.Operations))
	errs := make([]error, len(api.Operations))
	var counts sync.Map // text -> int
	count := func(s string) int {
		if len(s) > maxRememberedText {
			return tokens.Count(s)
		}
		if v, ok := counts.Load(s); ok {
			return v.(int)
		}
		n := tokens.Count(s)
		counts.Store(s, n)
		return n
	}
	var pointers map[string]map[string]string
	if len(hints) > 0 {
		pointers = cat.Pointers()
	}
	var g errgroup.Group
	g.SetLimit(max(1, runtime.GOMAXPROCS(0)))
	for i, op := range api.Operations {
		g.Go(func() error {
			f := cat.Fit(op.Name, opts)
			schema, err := hinted(f.Name, f.Schema, hints[f.Name], pointers[f.Name])
			if err != nil {
				errs[i] = fmt.Errorf("%s: %v", f.Name, err)
				return nil
			}
			// Fit's count holds for the schema it fitted; hints make
			// another one.
			n := f.Tokens
			if n == 0 || len(hints[f.Name]) > 0 {
				n = count(f.Name) + count(f.Description) + count(string(schema))
			}
			naive, estimated := describe.NaiveTokens(api, op)
			rows[i] = toolRow{
				Name: f.Name, OperationID: op.ID, Method: op.Method, Path: op.Path,
				Tokens: n, DescriptionTokens: count(f.Description),
				NaiveTokens:    naive,
				NaiveEstimated: estimated,
				Cut:            f.Cut, Summarized: f.Summarized, OverBudget: f.Over,
				Description: f.Description, Schema: schema,
			}
			return nil
		})
	}
	_ = g.Wait()
	return rows, errors.Join(errs...)
}

// maxRememberedText is the longest text whose count toolRows remembers:
// longer ones are rarely shared, and remembering them would keep them all
// in memory.
const maxRememberedText = 64 << 10

// hinted is a tool's parameter schema with the producer hints of its
// inputs added in place of the spec's own pointers, as runner.ShownOver
// adds them.
func hinted(name string, schema []byte, hints, pointers map[string]string) ([]byte, error) {
	if len(hints) == 0 {
		return schema, nil
	}
	js := new(jsonschema.Schema)
	if err := json.Unmarshal(schema, js); err != nil {
		return nil, err
	}
	shown, err := runner.ShownOver(map[string]map[string]string{name: hints}, map[string]map[string]string{name: pointers}, nil)
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
