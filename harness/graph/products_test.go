package graph

import (
	"testing"

	"github.com/agentready/agentready/gen/ir"
)

func TestProductOf(t *testing.T) {
	for _, tc := range []struct {
		in       string
		ns, noun string
		ok       bool
	}{
		{"treasury.outbound_transfer", "treasury", "outboundtransfer", true},
		{"transfer", "", "transfer", true},
		{"financial_connections.sessions", "financial_connections", "session", true},
		{"io.k8s.api.core.v1.Pod", "", "", false},
		{"", "", "", false},
		{".x", "", "", false},
	} {
		ns, noun, ok := productOf(tc.in)
		if ns != tc.ns || noun != tc.noun || ok != tc.ok {
			t.Errorf("productOf(%q) = %q, %q, %v; want %q, %q, %v", tc.in, ns, noun, ok, tc.ns, tc.noun, tc.ok)
		}
	}
}

func TestProductWanted(t *testing.T) {
	api := &ir.API{Types: []*ir.Type{{Name: "transfer"}, {Name: "treasury.outbound_transfer"},
		{Name: "issuing.transaction"}, {Name: "treasury.transaction"}, {Name: "financial_connections.session"}}}
	pr := buildProducts(api)
	for _, tc := range []struct {
		path, word, returns, want string
		ok                        bool
	}{
		{"/v1/test_helpers/treasury/outbound_transfers/{outbound_transfer}/fail", "outboundtransfer", "", "treasury", true},
		{"/v1/issuing/disputes", "transaction", "issuing.dispute", "issuing", true},
		{"/v1/linked_accounts", "session", "financial_connections.account", "financial_connections", true},
		{"/v1/transfers/{transfer}", "transfer", "transfer", "", true},
		{"/v1/charges", "charge", "charge", "", false},
	} {
		in := &input{op: &ir.Operation{Path: tc.path}}
		got, ok := pr.wanted(in, noun{words: []string{tc.word}}, tc.returns)
		if got != tc.want || ok != tc.ok {
			t.Errorf("wanted(%s, %s) = %q, %v; want %q, %v", tc.path, tc.word, got, ok, tc.want, tc.ok)
		}
	}
	if buildProducts(&ir.API{Types: []*ir.Type{{Name: "simple-user"}}}).of != nil {
		t.Error("an API without products got some")
	}
}

func TestTakesToken(t *testing.T) {
	for desc, want := range map[string]bool{
		"Either a token, like the ones returned by [Stripe.js](https://stripe.com/docs/js), or a dictionary": true,
		"A token, like the ones returned by Stripe.js.":                                                      true,
		"A card or bank account to attach. You can provide either a token, like the ones returned by":        true,
		"An [account token](https://stripe.com/docs/api#create_account_token), used to securely provide":     false,
		"The ID of a source to transfer funds from.":                                                         false,
		"An optional token used to create the source.":                                                       false,
	} {
		if got := takesToken(desc); got != want {
			t.Errorf("takesToken(%q) = %v, want %v", desc, got, want)
		}
	}
}

func TestNamedByField(t *testing.T) {
	pr := buildProducts(&ir.API{Types: []*ir.Type{{Name: "radar.early_fraud_warning"},
		{Name: "financial_connections.account"}, {Name: "session"}}})
	for name, want := range map[string]string{
		"payment_method_data.radar_options.session":         "radar",
		"radar_options.session":                             "radar",
		"us_bank_account.financial_connections_account":     "",
		"payment_method_options.financial_connections.x_id": "",
		"session":       "",
		"radar.session": "",
	} {
		got, ok := pr.namedByField(name)
		if got != want || ok != (want != "") {
			t.Errorf("namedByField(%q) = %q, %v; want %q", name, got, ok, want)
		}
	}
}

func TestOtherSpecies(t *testing.T) {
	x := &inferrer{
		vocab: vocabulary{paths: map[string]bool{"account": true, "bankaccount": true, "externalaccount": true,
			"subscriptionitem": true, "cashbalancetransaction": true, "balancetransaction": true,
			"transaction": true, "linkedaccount": true, "exchangerate": true, "customer": true}},
		returns: map[*ir.Operation]string{},
	}
	in := func(path, param, entity string, returns string) *input {
		op := &ir.Operation{Path: path}
		x.returns[op] = returns
		return &input{op: op, param: param, name: param, loc: "path", entities: []noun{{words: splitWords(entity)}}}
	}
	n := func(s string) noun { return noun{words: splitWords(s)} }
	for _, tc := range []struct {
		in    *input
		e, n  string
		other bool
	}{
		// The path names it closer and a resource of its own: a line
		// item of type "item" is no subscription item.
		{in("/v1/subscription_items/{item}", "item", "item", "subscription_item"), "item", "item", true},
		{in("/v1/subscription_items/{item}", "item", "item", "subscription_item"), "item", "subscription_item", false},
		{in("/v1/customers/{customer}/cash_balance_transactions/{transaction}", "transaction", "transaction", ""), "transaction", "transaction", true},
		{in("/v1/customers/{customer}/cash_balance_transactions/{transaction}", "transaction", "transaction", ""), "transaction", "customer_cash_balance_transaction", false},
		{in("/v1/customers/{customer}/balance_transactions/{transaction}", "transaction", "transaction", ""), "transaction", "customer_cash_balance_transaction", true},
		// Both resources of their own: a bank account is not the
		// connected account on_behalf_of takes, nor the reverse.
		{in("/v1/charges", "on_behalf_of", "account", ""), "account", "bank_account", true},
		{in("/v1/accounts/{account}/external_accounts/{id}", "id", "external_account", ""), "external_account", "account", true},
		// The consumer returns that very kind.
		{in("/v1/linked_accounts/{account}", "account", "account", "financial_connections.account"), "account", "account", false},
		{in("/v1/accounts/{account}", "account", "account", "account"), "account", "account", false},
	} {
		if got := x.otherSpecies(tc.in, n(tc.e), n(tc.n)); got != tc.other {
			t.Errorf("otherSpecies(%s %s, %s, %s) = %v, want %v", tc.in.op.Path, tc.in.param, tc.e, tc.n, got, tc.other)
		}
	}
}

func TestOneOfResources(t *testing.T) {
	obj := func(props ...string) *ir.Schema {
		s := &ir.Schema{Kind: ir.KindObject}
		for _, p := range props {
			s.Properties = append(s.Properties, &ir.Property{Name: p, Schema: &ir.Schema{Kind: ir.KindString}})
		}
		return s
	}
	api := &ir.API{Types: []*ir.Type{
		{ID: "account", Name: "account", Schema: obj("id", "email")},
		{ID: "card", Name: "card", Schema: obj("id", "last4")},
		{ID: "private-user", Name: "private-user", Schema: obj("id", "login")},
		{ID: "public-user", Name: "public-user", Schema: obj("id", "login")},
	}}
	union := func(refs ...string) *ir.Schema {
		s := &ir.Schema{Kind: ir.KindUnion}
		for _, r := range refs {
			s.Variants = append(s.Variants, &ir.Schema{Ref: r})
		}
		return s
	}
	for _, tc := range []struct {
		s    *ir.Schema
		want bool
	}{
		{union("account", "card"), true},
		{union("private-user", "public-user"), false},
		{union("account"), false},
		{&ir.Schema{Ref: "card"}, false},
	} {
		if got := oneOfResources(api, tc.s); got != tc.want {
			t.Errorf("oneOfResources(%v) = %v, want %v", tc.s.Variants, got, tc.want)
		}
	}
}
