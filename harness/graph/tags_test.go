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
		{ID: "credit_note", Name: "credit_note", Schema: resource("credit_note", true)},
		{ID: "release", Name: "release", Schema: resource("release", true)},
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
		{"GetCreditNotesId", "GET", "/v1/credit_notes/{id}"},
		{"GetCreditNotesPreview", "GET", "/v1/credit_notes/preview"},
		{"GetRelease", "GET", "/repos/{owner}/{repo}/releases/{release_id}"},
		{"GetLatestRelease", "GET", "/repos/{owner}/{repo}/releases/latest"},
	})
	ops["GetCreditNotesPreview"].Description = "<p>Get a preview of a credit note without creating it.</p>"
	ops["GetLatestRelease"].Summary = "Get the latest release"
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
		{"GetCreditNotesPreview", "credit_note", "$", true},  // the description says it is a preview
		{"GetLatestRelease", "release", "$", false},          // a literal beside the items that is a real one
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

// TestPickedKindClash: a body field its object's `type` picks by name
// takes the id of the thing whose `object` is that name, whatever the
// operation's product.
func TestPickedKindClash(t *testing.T) {
	str := &ir.Schema{Kind: ir.KindString}
	kind := func(v string) *ir.Schema {
		return &ir.Schema{Kind: ir.KindObject, Properties: []*ir.Property{
			{Name: "id", Required: true, Schema: str},
			{Name: "object", Required: true, Schema: &ir.Schema{Kind: ir.KindString, Enum: []any{v}}},
		}}
	}
	api := &ir.API{Types: []*ir.Type{
		{ID: "account", Name: "account", Schema: kind("account")},
		{ID: "fc_account", Name: "financial_connections.account", Schema: kind("financial_connections.account")},
		{ID: "invoice", Name: "invoice", Schema: kind("invoice")},
	}}
	holder := &ir.Schema{Kind: ir.KindObject, Properties: []*ir.Property{
		{Name: "account", Schema: str},
		{Name: "customer", Schema: str},
		{Name: "label", Schema: str},
		{Name: "type", Schema: &ir.Schema{Kind: ir.KindString, Enum: []any{"account", "customer"}}},
	}}
	picks := pickedKinds(api, holder)
	if !picks["account"] || !picks["customer"] || picks["label"] || picks["type"] {
		t.Errorf("pickedKinds = %v, want account and customer", picks)
	}
	x := &inferrer{api: api, facts: buildTypeFacts(api)}
	for _, c := range []struct {
		picked, typeName, field, attr string
		want                          bool
	}{
		{"account", "financial_connections.account", "id", attrID, true},   // another product's account
		{"account", "account", "id", attrID, false},                        // the account the type names
		{"account", "invoice", "account_name", attrName, true},             // a name, not the account's id
		{"", "financial_connections.account", "id", attrID, false},         // a field nothing picks
		{"customer", "financial_connections.account", "id", attrID, false}, // no type says it is a customer
	} {
		in := &input{name: "account_holder." + c.picked, loc: "body", picked: c.picked}
		l := &leaf{field: c.field, attr: c.attr, obj: &object{typeName: c.typeName, path: "$", primary: true}}
		if got := x.pickedKindClash(in, l); got != c.want {
			t.Errorf("%q from %s.%s: pickedKindClash = %v, want %v", c.picked, c.typeName, c.field, got, c.want)
		}
	}
}

// TestNewOwnName: a create's own identifying field is new, not the same
// field of the things it creates, listed.
func TestNewOwnName(t *testing.T) {
	api := &ir.API{}
	ops := addOps(api, [][3]string{
		{"GetApplePayDomains", "GET", "/v1/apple_pay/domains"},
		{"PostApplePayDomains", "POST", "/v1/apple_pay/domains"},
		{"PostApplePayDomainsDomain", "POST", "/v1/apple_pay/domains/{domain}"},
		{"GetPrices", "GET", "/v1/prices"},
		{"PostPrices", "POST", "/v1/prices"},
	})
	x := &inferrer{api: api, returns: map[*ir.Operation]string{
		ops["GetApplePayDomains"]: "apple_pay_domain", ops["PostApplePayDomains"]: "apple_pay_domain",
		ops["PostApplePayDomainsDomain"]: "apple_pay_domain", ops["GetPrices"]: "price", ops["PostPrices"]: "price",
	}}
	domain := &object{typeName: "apple_pay_domain", path: "$.data[*]", primary: true, names: []noun{{words: []string{"apple", "pay", "domain"}}}}
	price := &object{typeName: "price", path: "$.data[*]", primary: true, names: []noun{{words: []string{"price"}}}}
	for _, c := range []struct {
		name, producer, consumer, in string
		l                            *leaf
		want                         bool
	}{
		{"a registered domain's name for a new one", "GetApplePayDomains", "PostApplePayDomains", "domain_name",
			&leaf{field: "domain_name", entity: []string{"domain"}, attr: attrName, obj: domain}, true},
		{"an update is no create", "GetApplePayDomains", "PostApplePayDomainsDomain", "domain_name",
			&leaf{field: "domain_name", entity: []string{"domain"}, attr: attrName, obj: domain}, false},
		{"a listed price's product is a reference, not its own name", "GetPrices", "PostPrices", "product",
			&leaf{field: "product", entity: []string{"product"}, obj: price}, false},
	} {
		in := &input{op: ops[c.consumer], name: c.in, loc: "body"}
		if got := x.newOwnName(&producer{op: ops[c.producer]}, in, c.l); got != c.want {
			t.Errorf("%s: newOwnName = %v, want %v", c.name, got, c.want)
		}
	}
}
