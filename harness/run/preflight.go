package run

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"sort"
	"strings"

	"github.com/agentready/agentready/gen/catalog"
	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/gen/toolrt"
)

// PreflightError says why the API cannot be tested as configured: no case
// should run, since every one would only measure the configuration.
type PreflightError struct {
	// Call is what was tried: "GET http://127.0.0.1:8080/users (listUsers)".
	Call string
	// Reason is what happened; Fix what to change.
	Reason, Fix string
}

func (e *PreflightError) Error() string {
	return fmt.Sprintf("the API cannot be tested: %s answered %s; %s", e.Call, e.Reason, e.Fix)
}

// Preflight calls one operation of the catalog that only reads and needs
// no arguments (one that needs credentials, when there is one) and
// returns a *PreflightError when its answer shows the run cannot work:
// no answer at the base URL, a refusal of the credentials, a 404 or 405
// for an operation that takes nothing (the base URL's path is wrong), a
// failing API, or a body that is not the JSON the spec (cat.API, which may
// be nil) declares. Other answers pass: the cases will tell. An API with no
// such operation is not checked (nil).
func Preflight(ctx context.Context, cat *catalog.Bound) error {
	api := cat.API
	t := preflightTool(cat.Catalog)
	if t == nil {
		return nil
	}
	op := t.Operation()
	call := t.Run(ctx, "{}")
	if err := ctx.Err(); err != nil {
		return err
	}
	where := fmt.Sprintf("%s %s%s (%s)", op.Method, strings.TrimRight(t.Client().BaseURL(), "/"), op.Path, op.Name)
	r := call.Result
	first := firstLine(call.Text)
	fail := func(fix string) error { return &PreflightError{Call: where, Reason: first, Fix: fix} }
	switch {
	case r.Kind == toolrt.ResultUnreachable || r.Kind == toolrt.ResultTimeout:
		return fail("is the base URL (--base-url, or base_url in the config) right, and is the API up?")
	case r.Kind == toolrt.ResultMisconfigured:
		return fail("fix the tool's configuration")
	case r.Status == http.StatusUnauthorized || r.Status == http.StatusForbidden || r.Status == http.StatusProxyAuthRequired:
		hint := t.Client().CredentialHint(op.Security)
		if hint == "" {
			hint = "the operation declares no credential"
		}
		return fail(hint + ": set a credential the API accepts")
	case r.Status == http.StatusNotFound || r.Status == http.StatusMethodNotAllowed:
		return fail(fmt.Sprintf("an operation that takes no arguments should not answer that: the base URL's path is probably wrong (it is %s)",
			t.Client().BaseURL()))
	case r.Status >= 500 || r.Status == http.StatusTooManyRequests:
		return fail("the API fails even after retries: run again when it answers")
	case r.Kind == toolrt.ResultMalformed || r.OK && declaresJSON(api, op.Name) && r.Kind != toolrt.ResultOKJSON && r.Kind != toolrt.ResultOKEmpty:
		return &PreflightError{Call: where, Reason: fmt.Sprintf("%d with a body that is not the JSON the spec declares (%.120s)", r.Status, first),
			Fix: "is the base URL the API's, and not a web page's?"}
	}
	return nil
}

// preflightTool picks the operation Preflight calls: one that reads and
// takes no required argument, preferring one that needs credentials (so
// that they are checked too), then the shortest path, then the name.
func preflightTool(cat *toolrt.Catalog) *toolrt.Tool {
	var cands []*toolrt.Tool
	for _, t := range cat.Tools {
		op := t.Operation()
		if op.Method != http.MethodGet || op.Server != "" || requires(op) {
			continue
		}
		cands = append(cands, t)
	}
	if len(cands) == 0 {
		return nil
	}
	secured := func(op *toolrt.Operation) int {
		for _, alt := range op.Security {
			if len(alt) == 0 {
				return 1
			}
		}
		if len(op.Security) == 0 {
			return 1
		}
		return 0
	}
	sort.SliceStable(cands, func(i, j int) bool {
		a, b := cands[i].Operation(), cands[j].Operation()
		if secured(a) != secured(b) {
			return secured(a) < secured(b)
		}
		if len(a.Path) != len(b.Path) {
			return len(a.Path) < len(b.Path)
		}
		return a.Name < b.Name
	})
	return cands[0]
}

// requires reports whether an operation needs an argument.
func requires(op *toolrt.Operation) bool {
	for _, p := range op.Params {
		if p.Required || p.In == "path" {
			return true
		}
	}
	return op.Body != nil && op.Body.Required
}

// declaresJSON reports whether the spec says a tool's success answers
// with JSON; false when api is nil or says nothing.
func declaresJSON(api *ir.API, tool string) bool {
	if api == nil {
		return false
	}
	op := api.Operation(tool)
	if op == nil {
		return false
	}
	sr := op.SuccessResponse()
	return sr != nil && strings.Contains(sr.ContentType, "json")
}

// Infrastructure says why a call's outcome is the infrastructure's, not
// the tool's: no answer, a timeout, a rate limit or a gateway's failure
// that the runtime's retries did not get past, or a tool that cannot be
// configured. "" for any other outcome.
func Infrastructure(call *toolrt.Call) string {
	if call == nil {
		return ""
	}
	r := call.Result
	switch {
	case r.Kind == toolrt.ResultUnreachable || r.Kind == toolrt.ResultTimeout || r.Kind == toolrt.ResultMisconfigured:
	case r.Kind == toolrt.ResultHTTPError && (r.Status == 429 || r.Status == 502 || r.Status == 503 || r.Status == 504):
	default:
		return ""
	}
	return call.Tool + ": " + firstLine(call.Text)
}

// ErrInfrastructure is what Run returns (wrapped) when too many cases
// could not run because of the API or the network: the run stopped, and
// Resume continues it.
var ErrInfrastructure = errors.New("too many cases could not run")
