// Package catalog turns an API's IR into the tool descriptors of
// gen/toolrt: for each operation, what the model reads (name, description,
// parameter schema, an example) and how arguments become a request.
//
// It is the one place that mapping is made. The emitter renders its
// output as Go literals in generated packages, and the command line and
// the harness use it to build a toolrt.Catalog straight from a spec, so a
// generated package and a spec-built catalog behave alike by
// construction.
package catalog

import (
	"encoding/json"
	"fmt"
	"net/url"
	"runtime"
	"strings"

	"golang.org/x/sync/errgroup"

	"github.com/agentready/agentready/gen/describe"
	"github.com/agentready/agentready/gen/example"
	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/gen/toolrt"
	"github.com/agentready/agentready/gen/toolschema"
)

// Operations returns the descriptor of every operation of api, in the
// API's order (sorted by tool name). An operation whose schema cannot be
// built is left out and named in the error, which lists them all; the
// others are still returned.
func Operations(api *ir.API) ([]*toolrt.Operation, error) {
	return OperationsWith(api, describe.Options{})
}

// OperationsWith is Operations with each definition fitted to opts' token
// budget (describe.Fit).
func OperationsWith(api *ir.API, opts describe.Options) ([]*toolrt.Operation, error) {
	// Fitting counts tokens, most of the work: operations are described
	// on every CPU, and collected in order.
	if opts.Memo == nil {
		opts.Memo = toolschema.NewMemo(api)
	}
	descs := make([]*toolrt.Operation, len(api.Operations))
	errs := make([]error, len(api.Operations))
	var g errgroup.Group
	g.SetLimit(max(1, runtime.GOMAXPROCS(0)))
	for i, op := range api.Operations {
		g.Go(func() error {
			descs[i], errs[i] = OperationWith(api, op, opts)
			return nil
		})
	}
	_ = g.Wait()
	out := make([]*toolrt.Operation, 0, len(descs))
	var problems []string
	for i, d := range descs {
		if errs[i] != nil {
			problems = append(problems, errs[i].Error())
			continue
		}
		out = append(out, d)
	}
	if len(problems) > 0 {
		return out, fmt.Errorf("%d operations have no tool:\n%s", len(problems), strings.Join(problems, "\n"))
	}
	return out, nil
}

// Operation returns the descriptor of one operation, fitted to the
// default token budget.
func Operation(api *ir.API, op *ir.Operation) (*toolrt.Operation, error) {
	return OperationWith(api, op, describe.Options{})
}

// OperationWith returns the descriptor of one operation, its definition
// fitted to opts' token budget: the model reads the fitted schema, and
// arguments are checked against the full one (toolrt.Operation's
// CheckSchema, set when the fitted one was cut, and written without
// descriptions, which checking does not read).
func OperationWith(api *ir.API, op *ir.Operation, opts describe.Options) (*toolrt.Operation, error) {
	fit := describe.Fit(api, op, opts)
	if fit.Err != nil {
		return nil, fmt.Errorf("%s (%s %s): parameter schema: %w", op.Name, op.Method, op.Path, fit.Err)
	}
	ex, err := Example(api, op)
	if err != nil {
		return nil, fmt.Errorf("%s (%s %s): example: %w", op.Name, op.Method, op.Path, err)
	}
	d := Request(op)
	d.Description, d.Schema, d.Example = fit.Description, string(fit.Schema), string(ex)
	// Arguments are checked against the full schema with the examples
	// corrective messages show: where the fitted schema was cut, that
	// whole schema, without text, which checking does not read; else the
	// definition itself, with the examples beside it.
	// The examples alone do not need the check schema written out.
	if fit.Cut != "" {
		check, _, err := CheckSchema(api, op, opts.Memo)
		if err != nil {
			return nil, fmt.Errorf("%s (%s %s): parameter schema: %w", op.Name, op.Method, op.Path, err)
		}
		d.CheckSchema = string(check)
	} else {
		examples, err := toolschema.CheckingExamples(api, op, checkOptions(api, opts.Memo))
		if err != nil {
			return nil, fmt.Errorf("%s (%s %s): parameter schema: %w", op.Name, op.Method, op.Path, err)
		}
		d.Examples = string(examples)
	}
	if b := op.Body; b != nil && b.Flatten {
		d.Body.Arg = ""
		for _, prop := range toolschema.InputProperties(api.Resolve(b.Schema)) {
			d.Body.Fields = append(d.Body.Fields, prop.Name)
		}
	}
	return d, nil
}

// Example returns the example arguments of op's tool
// (toolrt.Operation.Example): gen/example's typical value of each.
func Example(api *ir.API, op *ir.Operation) ([]byte, error) {
	return json.Marshal(example.Build(api, op, example.Typical))
}

// CheckSchema returns op's schema for argument checking: complete, no
// text (which checking does not read), and at each scalar where a
// corrective message can show an example, gen/example's value for it
// (example.ForMessage) unless the schema's default or first enum value
// is that value already. It also returns those examples as
// toolrt.Operation.Examples holds them: a JSON object from the JSON
// pointer of each schema node that has an "example" to that example, nil
// when none has. Their pointers hold in the definition the model reads
// too when that was not cut, which has the same nodes.
func CheckSchema(api *ir.API, op *ir.Operation, memo *toolschema.Memo) (schema, examples []byte, err error) {
	return toolschema.BuildChecking(api, op, checkOptions(api, memo))
}

// checkOptions are the options of an operation's check schema.
func checkOptions(api *ir.API, memo *toolschema.Memo) toolschema.Options {
	return toolschema.Options{Memo: memo, Example: example.ForMessage(api)}
}

// Request returns the part of an operation's descriptor that builds its
// HTTP request: name, method, path, server, security, parameters and
// body (whose argument is the body's own, as if it were not flattened).
// Generated typed methods build their requests from it, as the tools do.
func Request(op *ir.Operation) *toolrt.Operation {
	d := &toolrt.Operation{
		Name:     op.Name,
		Method:   op.Method,
		Path:     op.Path,
		Security: Security(op.Security),
	}
	if len(op.Servers) > 0 {
		d.Server = op.Servers[0]
	}
	for _, p := range op.Params {
		tp := toolrt.Param{
			Name: p.Name, In: string(p.In), Style: p.Style, Explode: p.Explode,
			JSON: strings.Contains(p.ContentType, "json"), Required: p.Required,
		}
		if p.Arg != p.Name {
			tp.Arg = p.Arg
		}
		d.Params = append(d.Params, tp)
	}
	if b := op.Body; b != nil {
		d.Body = &toolrt.Body{ContentType: b.ContentType, Arg: b.Arg, Required: b.Required, Encoding: FormEncoding(b.Encoding)}
	}
	return d
}

// Security converts an operation's security requirements.
func Security(reqs []ir.SecurityRequirement) toolrt.Security {
	if len(reqs) == 0 {
		return nil
	}
	out := make(toolrt.Security, len(reqs))
	for i, alt := range reqs {
		r := toolrt.Requirement{}
		for _, u := range alt {
			r = append(r, u.Scheme)
		}
		out[i] = r
	}
	return out
}

// FormEncoding converts the per-property encodings of a form body, with
// OpenAPI's defaults applied: style form, and explode true for form.
// Properties without a style or explode of their own are left out.
func FormEncoding(enc map[string]ir.Encoding) map[string]toolrt.FormEncoding {
	var out map[string]toolrt.FormEncoding
	for prop, e := range enc {
		if e.Style == "" && e.Explode == nil {
			continue
		}
		style := e.Style
		if style == "" {
			style = "form"
		}
		explode := style == "form"
		if e.Explode != nil {
			explode = *e.Explode
		}
		if out == nil {
			out = map[string]toolrt.FormEncoding{}
		}
		out[prop] = toolrt.FormEncoding{Style: style, Explode: explode}
	}
	return out
}

// SchemeKinds maps IR scheme kinds to toolrt's.
var SchemeKinds = map[ir.SchemeKind]string{
	ir.SchemeAPIKey: toolrt.APIKey, ir.SchemeHTTPBasic: toolrt.BasicAuth, ir.SchemeHTTPBearer: toolrt.BearerAuth,
	ir.SchemeOAuth2: toolrt.OAuth2, ir.SchemeOpenIDConnect: toolrt.OpenIDConnect, ir.SchemeMutualTLS: toolrt.MutualTLS,
	ir.SchemeHTTPOther: toolrt.OtherHTTPAuth,
}

// Schemes converts the API's security schemes.
func Schemes(api *ir.API) []toolrt.SecurityScheme {
	out := make([]toolrt.SecurityScheme, len(api.SecuritySchemes))
	for i, s := range api.SecuritySchemes {
		out[i] = toolrt.SecurityScheme{
			Name: s.Name, Kind: SchemeKinds[s.Kind], In: string(s.In), ParamName: s.ParamName,
			HTTPScheme: s.HTTPScheme, EnvVar: s.EnvVar,
		}
	}
	return out
}

// NewClient returns a toolrt client for api at baseURL (the spec's first
// server when empty), authenticating as the spec's security schemes say.
func NewClient(api *ir.API, baseURL string, opts ...toolrt.Option) (*toolrt.Client, error) {
	if baseURL == "" && len(api.Servers) > 0 {
		baseURL = api.Servers[0]
	}
	if u, err := url.Parse(baseURL); err == nil && baseURL != "" && u.Host == "" {
		return nil, fmt.Errorf("the spec's server %q has no host: pass the API's full URL (--base-url)", baseURL)
	}
	return toolrt.NewClient(baseURL, Schemes(api), opts...)
}

// New builds a catalog straight from the IR: the same tools a generated
// package offers, calling the API through the same runtime.
func New(api *ir.API, client *toolrt.Client, opts ...toolrt.ToolOption) (*toolrt.Catalog, error) {
	ops, err := Operations(api)
	if err != nil {
		return nil, err
	}
	return toolrt.NewCatalog(client, ops, opts...)
}
