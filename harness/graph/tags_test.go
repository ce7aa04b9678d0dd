package graph

import (
	"testing"

	"github.com/agentready/agentready/gen/ir"
)

// tagAPI is a slice of Stripe's shape: resources that name their own
// kind in `object`, and an invoice whose id is absent on the preview.
func tagAPI() (*ir.API, map[string]*ir.Operation) {
	str := &ir.Schema{Kind: ir.KindString}
	resource := func(kind string, idRequired bool) *ir.Schema {
		return &ir.Schema{Kind: ir.KindObject, Properties: []*ir.Property{
			{Name: "id", Required: idRequired, Schema: str},
			{Name: "object", Required: true, Schema: &ir.Schema{Kind: ir.KindString, Enum: []any{kind}}},
		}}
	}
	api := &ir.API{Types: []*ir.Type{
		{ID: "refund", Name: "refund", Schema: resource("refund", true)},
		{ID: "fee_refund", Name: "fee_refund", Schema: resource("fee_refund", true)},
		{ID: "invoice", Name: "invoice", Schema: resource("invoice", false)},
		{ID: "plain", Name: "plain", Schema: &ir.Schema{Kind: ir.KindObject, Properties: []*ir.Property{{Name: "id", Schema: str}}}},
	}}
	ops := addOps(api, [][3]string{
		{"GetRefundsRefund", "GET", "/v1/refunds/{refund}"},
		{"PostRefundsRefundCancel", "POST", "/v1/refunds/{refund}/cancel"},
		{"GetFeeRefund", "GET", "/v1/application_fees/{fee}/refunds/{id}"},
		{"GetInvoicesInvoice", "GET", "/v1/invoices/{invoice}"},
		{"GetInvoicesUpcoming", "GET", "/v1/invoices/upcoming"},
		{"GetInvoicesSearch", "GET", "/v1/invoices/search"},
		{"GetInvoices", "GET", "/v1/invoices"},
	})
	return api, ops
}

// addOps adds operations, each {name, method, path}, to the API and
// returns them by name.
func addOps(api *ir.API, specs [][3]string) map[string]*ir.Operation {
	ops := map[string]*ir.Operation{}
	for _, o := range specs {
		op := &ir.Operation{Name: o[0], Method: o[1], Path: o[2]}
		ops[o[0]] = op
		api.Operations = append(api.Operations, op)
	}
	return ops
}

func TestSelfKindClash(t *testing.T) {
	api, ops := tagAPI()
	x := &inferrer{api: api, facts: buildTypeFacts(api), returns: map[*ir.Operation]string{
		ops["GetRefundsRefund"]: "refund", ops["GetFeeRefund"]: "fee_refund", ops["GetInvoicesInvoice"]: "invoice",
	}}
	x.getOf, x.gotByParam = getsByPath(api)
	for _, c := range []struct {
		consumer, param, loc, producerType string
		want                               bool
	}{
		{"GetFeeRefund", "id", "path", "refund", true},                    // a charge refund is no fee refund
		{"PostRefundsRefundCancel", "refund", "path", "fee_refund", true}, // nor the other way round
		{"PostRefundsRefundCancel", "refund", "path", "refund", false},    // the same kind
		{"GetFeeRefund", "id", "path", "plain", false},                    // a type that does not say its kind
		{"GetFeeRefund", "id", "body", "refund", false},                   // only path inputs index a resource
	} {
		in := &input{op: ops[c.consumer], param: c.param, name: c.param, loc: c.loc}
		l := &leaf{field: "id", obj: &object{typeName: c.producerType, path: "$", primary: true}}
		if got := x.selfKindClash(in, l); got != c.want {
			t.Errorf("%s %s from a %s: selfKindClash = %v, want %v", c.consumer, c.param, c.producerType, got, c.want)
		}
	}
}

func TestPreviews(t *testing.T) {
	api, ops := tagAPI()
	x := &inferrer{api: api, facts: buildTypeFacts(api)}
	x.getOf, x.gotByParam = getsByPath(api)
	for _, c := range []struct {
		producer, typeName, objPath string
		want                        bool
	}{
		{"GetInvoicesUpcoming", "invoice", "$", true},        // a preview: no id to give
		{"GetInvoicesSearch", "invoice", "$.data[*]", false}, // search hits are invoices that exist
		{"GetInvoices", "invoice", "$.data[*]", false},       // the collection itself
		{"GetInvoicesUpcoming", "refund", "$", false},        // an id that is always there
	} {
		p := &producer{op: ops[c.producer]}
		l := &leaf{field: "id", obj: &object{typeName: c.typeName, path: c.objPath, primary: true}}
		if got := x.previews(p, l); got != c.want {
			t.Errorf("%s of %s at %s: previews = %v, want %v", c.producer, c.typeName, c.objPath, got, c.want)
		}
	}
}

func TestSearchWritesThrough(t *testing.T) {
	search := &producer{op: &ir.Operation{Method: "GET", Path: "/search/repositories"}}
	own := &producer{op: &ir.Operation{Method: "GET", Path: "/user/repos"}}
	for _, c := range []struct {
		p            *producer
		method, path string
		loc          string
		want         bool
	}{
		{search, "DELETE", "/repos/{owner}/{repo}/actions/variables/{name}", "path", true}, // inside a searched repository
		{search, "POST", "/orgs/{org}/teams", "path", true},                                // inside a searched organisation
		{search, "GET", "/repos/{owner}/{repo}", "path", false},                            // a read
		{search, "PUT", "/playlists/{playlist_id}/followers", "path", false},               // the found thing itself
		{search, "POST", "/repos/{owner}/{repo}/forks", "body", false},                     // not a path key
		{own, "DELETE", "/repos/{owner}/{repo}/actions/variables/{name}", "path", false},   // one's own repositories
	} {
		in := &input{op: &ir.Operation{Method: c.method, Path: c.path}, loc: c.loc}
		if got := writesThrough(c.p, in); got != c.want {
			t.Errorf("%s %s %s from %s: writesThrough = %v, want %v", c.method, c.path, c.loc, c.p.op.Path, got, c.want)
		}
	}
}
