package toolrt

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/cloudwego/eino/components/tool"
	"github.com/cloudwego/eino/schema"

	"github.com/agentready/agentready/gen/toolrt/argcheck"
	"github.com/agentready/agentready/gen/toolrt/dialect"
)

// ResultRefused is a call to a tool that changes state, not sent because
// mutations are not allowed.
const ResultRefused ResultKind = "refused"

// Tool is an Operation bound to a Client, ready for an agent: a CloudWeGo
// Eino tool (tool.InvokableTool). Every outcome of a call, whether invalid
// arguments, a refused mutation, an HTTP error or a timeout, becomes text
// the model can read and act on; InvokableRun never returns an error,
// because a tool error ends an Eino ReAct run.
type Tool struct {
	op      *Operation
	client  *Client
	checker *argcheck.Checker
	info    *schema.ToolInfo
	cfg     toolConfig
	// adapted is the schema in the configured dialect, nil without one.
	adapted *dialect.Result
}

// toolConfig is what ToolOptions set.
type toolConfig struct {
	allowMutation func(*Operation) bool
	result        ResultOptions
	dialect       dialect.Dialect
}

// ToolOption configures tools.
type ToolOption func(*toolConfig)

// AllowMutations lets the tools for which allow returns true change state
// (POST, PUT, PATCH, DELETE). By default only GET, HEAD, OPTIONS and TRACE
// operations send requests: a mutating call is refused with a message, so
// that an agent pointed at a real system cannot change it by accident.
func AllowMutations(allow func(op *Operation) bool) ToolOption {
	return func(c *toolConfig) { c.allowMutation = allow }
}

// AllowAllMutations lets every tool change state.
func AllowAllMutations() ToolOption {
	return AllowMutations(func(*Operation) bool { return true })
}

// WithResultOptions sets the token budget and counter of results, and the
// time a call may take.
func WithResultOptions(o ResultOptions) ToolOption {
	return func(c *toolConfig) { c.result = o }
}

// WithDialect shows the model each tool's schema in a provider's dialect
// (gen/toolrt/dialect), so that the provider accepts it: Info carries the
// adapted schema, and the arguments a model writes for it are mapped back
// (dialect.Result.Restore) before they are checked against the tool's own
// schema. A tool the dialect refuses is an error of NewTool. The empty
// dialect shows the schema as it is.
func WithDialect(d dialect.Dialect) ToolOption {
	return func(c *toolConfig) { c.dialect = d }
}

// NewTool binds op to c. It fails when op's Schema, CheckSchema or Example
// is not valid JSON Schema or JSON, or when the dialect set by WithDialect
// refuses the schema. The model is shown Schema (in that dialect);
// arguments are checked against CheckSchema when it is set.
func NewTool(c *Client, op *Operation, opts ...ToolOption) (*Tool, error) {
	if c == nil || op == nil {
		return nil, fmt.Errorf("toolrt: NewTool: nil client or operation")
	}
	var example []byte
	if op.Example != "" {
		example = []byte(op.Example)
	}
	check := op.Schema
	if op.CheckSchema != "" {
		check = op.CheckSchema
	}
	var examples []byte
	if op.Examples != "" {
		examples = []byte(op.Examples)
	}
	checker, err := argcheck.NewCheckerWithExamples(op.Name, []byte(check), example, examples)
	if err != nil {
		return nil, fmt.Errorf("toolrt: tool %s: %w", op.Name, err)
	}
	t := &Tool{op: op, client: c, checker: checker}
	for _, o := range opts {
		o(&t.cfg)
	}
	shown := []byte(op.Schema)
	if t.cfg.dialect != "" {
		res, err := dialect.Adapt(op.Name, shown, t.cfg.dialect)
		if err != nil {
			return nil, fmt.Errorf("toolrt: tool %s: %w", op.Name, err)
		}
		if res.Verdict == dialect.Refused {
			return nil, fmt.Errorf("toolrt: tool %s: dialect %s refuses its schema: %s", op.Name, res.Dialect, res.Reason)
		}
		t.adapted, shown = res, res.Schema
	}
	js, err := SchemaFromJSON(shown)
	if err != nil {
		return nil, fmt.Errorf("toolrt: tool %s: parameter schema: %w", op.Name, err)
	}
	t.info = &schema.ToolInfo{Name: op.Name, Desc: op.Description, ParamsOneOf: schema.NewParamsOneOfByJSONSchema(js)}
	return t, nil
}

// Adaptation is how the tool's schema was adapted to the dialect set by
// WithDialect (verdict and warnings); nil without one.
func (t *Tool) Adaptation() *dialect.Result { return t.adapted }

// restore maps arguments written for the dialect's schema back to the
// tool's own (dialect.Result.Restore); other text is passed on as it is,
// for the checker to read or refuse.
func (t *Tool) restore(rawArgs string) string {
	if !t.adapted.Changes() {
		return rawArgs
	}
	var args map[string]any
	dec := json.NewDecoder(strings.NewReader(rawArgs))
	dec.UseNumber()
	if dec.Decode(&args) != nil || args == nil || dec.More() {
		return rawArgs
	}
	out, err := json.Marshal(t.adapted.Restore(args))
	if err != nil {
		return rawArgs
	}
	return string(out)
}

// Operation returns the operation the tool calls.
func (t *Tool) Operation() *Operation { return t.op }

// Info describes the tool to a chat model.
func (t *Tool) Info(context.Context) (*schema.ToolInfo, error) { return t.info, nil }

// InvokableRun calls the tool with the model's arguments and returns what
// the model reads; the error is always nil.
func (t *Tool) InvokableRun(ctx context.Context, argumentsInJSON string, _ ...tool.Option) (string, error) {
	return t.Run(ctx, argumentsInJSON).Text, nil
}

// Call is the record of one invocation, for traces and classification.
type Call struct {
	Tool string `json:"tool"`
	// RawArgs are the arguments as the model wrote them.
	RawArgs string `json:"rawArgs"`
	// Args are the arguments sent, after coercion; nil when they were
	// invalid.
	Args      map[string]any      `json:"args,omitempty"`
	Coercions []argcheck.Coercion `json:"coercions,omitempty"`
	// ArgError is set when the arguments were invalid: nothing was sent.
	ArgError *argcheck.Error `json:"argError,omitempty"`
	// Refused is set when the tool would change state and mutations are
	// not allowed: nothing was sent.
	Refused bool `json:"refused,omitempty"`
	// Response is the HTTP response, nil when none came back.
	Response *Response `json:"-"`
	// Err is the error of the request, if any.
	Err error `json:"-"`
	// Result is the shaped outcome of the request; Text is exactly what the
	// model reads (Result.Text, plus any note on coerced arguments).
	Result Result `json:"result"`
	Text   string `json:"text"`
}

// Run validates the arguments, calls the API when allowed and returns the
// record of the call.
func (t *Tool) Run(ctx context.Context, rawArgs string) *Call {
	call := &Call{Tool: t.op.Name, RawArgs: rawArgs}
	checked, coercions, err := t.checker.Check(t.restore(rawArgs))
	call.Coercions = coercions
	if err != nil {
		if ae, ok := err.(*argcheck.Error); ok {
			call.ArgError = ae
		}
		call.Text = err.Error()
		call.Result = Result{Kind: ResultInvalidArgs, Text: call.Text}
		return call
	}
	call.Args = checked
	t.send(ctx, call)
	if len(coercions) > 0 && !call.Refused {
		notes := make([]string, len(coercions))
		for i, c := range coercions {
			notes[i] = c.String()
		}
		call.Text += "\n(Arguments adjusted: " + strings.Join(notes, "; ") + ".)"
	}
	return call
}

// RunUnchecked sends rawArgs, one JSON object, as it is: no check against
// the schema, no coercion. It is for probes of the API's own validation
// (harness/fuzz sends values the documentation rules out, to see whether
// the API refuses them); an agent's calls go through Run, which checks
// them. Everything else is as Run does it: a mutating call is refused
// unless allowed, and credentials are scrubbed from the result. Text
// that is not one JSON object is refused as invalid arguments.
func (t *Tool) RunUnchecked(ctx context.Context, rawArgs string) *Call {
	call := &Call{Tool: t.op.Name, RawArgs: rawArgs}
	v, err := argcheck.Decode(strings.TrimSpace(rawArgs))
	obj, isObject := v.(map[string]any)
	if err != nil || !isObject {
		call.Text = fmt.Sprintf("Invalid arguments for %s: RunUnchecked takes one JSON object", t.op.Name)
		call.Result = Result{Kind: ResultInvalidArgs, Text: call.Text}
		return call
	}
	call.Args = obj
	t.send(ctx, call)
	return call
}

// send makes the request of call.Args, unless the tool may not change
// state, and records the outcome in call.
func (t *Tool) send(ctx context.Context, call *Call) {
	if t.op.Mutating() && (t.cfg.allowMutation == nil || !t.cfg.allowMutation(t.op)) {
		call.Refused = true
		call.Text = fmt.Sprintf("Not called: %s changes data (%s %s) and this session may only read. "+
			"Do not retry it; tell the user what you would have done. "+
			"(The tool builder can allow it with allow_mutations in agentready.yaml or toolrt.AllowMutations.)",
			t.op.Name, t.op.Method, t.op.Path)
		call.Result = Result{Kind: ResultRefused, Text: call.Text}
		return
	}
	if d := t.cfg.result.Timeout; d > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, d)
		defer cancel()
	}
	resp, err := t.client.Call(ctx, t.op, call.Args)
	call.Response, call.Err = resp, err
	call.Result = NewResult(resp, err, t.cfg.result)
	// An API that echoes a credential ("invalid key sk_live_...") must not
	// hand it to the model, nor to whatever logs what the model read.
	call.Result.Text = t.client.scrub(call.Result.Text)
	call.Text = call.Result.Text
}

// Redact removes the client's credentials from s, as Run does from what
// the API answers: for text a caller shows from a call's raw response.
func (t *Tool) Redact(s string) string { return t.client.scrub(s) }

// Checker returns the tool's argument checker: what Run checks
// arguments against.
func (t *Tool) Checker() *argcheck.Checker { return t.checker }

// Catalog is the tools of one API: what an agent is given and what the
// test harness runs.
type Catalog struct {
	// Tools are sorted by name.
	Tools  []*Tool
	byName map[string]*Tool
}

// NewCatalog binds every operation to c.
func NewCatalog(c *Client, ops []*Operation, opts ...ToolOption) (*Catalog, error) {
	cat := &Catalog{byName: make(map[string]*Tool, len(ops))}
	var problems []string
	for _, op := range ops {
		t, err := NewTool(c, op, opts...)
		if err != nil {
			problems = append(problems, err.Error())
			continue
		}
		if cat.byName[op.Name] != nil {
			problems = append(problems, fmt.Sprintf("toolrt: two tools are named %q", op.Name))
			continue
		}
		cat.byName[op.Name] = t
		cat.Tools = append(cat.Tools, t)
	}
	if len(problems) > 0 {
		return nil, fmt.Errorf("%s", strings.Join(problems, "\n"))
	}
	sort.Slice(cat.Tools, func(i, j int) bool { return cat.Tools[i].op.Name < cat.Tools[j].op.Name })
	return cat, nil
}

// Tool returns the tool with the given name and true, or nil and false
// when the catalog has none of that name.
func (c *Catalog) Tool(name string) (*Tool, bool) {
	t, ok := c.byName[name]
	return t, ok
}

// Eino returns the tools as Eino tools, for a ChatModel's WithTools or a
// ReAct agent's ToolsConfig.
func (c *Catalog) Eino() []tool.BaseTool {
	out := make([]tool.BaseTool, len(c.Tools))
	for i, t := range c.Tools {
		out[i] = t
	}
	return out
}
