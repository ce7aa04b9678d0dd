package graph

import (
	"testing"

	"github.com/agentready/agentready/gen/ir"
)

func TestGivesBackKey(t *testing.T) {
	get := func(path string, r *input) *producer {
		return &producer{op: &ir.Operation{Method: "GET", Path: path}, requires: []*input{r}}
	}
	top := &object{primary: true, path: "$"}
	id := &leaf{path: "$.id", field: "id", attr: attrID, obj: top, kind: ir.KindString}
	intID := &leaf{path: "$.id", field: "id", attr: attrID, obj: top, kind: ir.KindInteger}
	for _, c := range []struct {
		name string
		p    *producer
		l    *leaf
		want bool
	}{
		{"token param gives its own id back", get("/v1/shipping_rates/{shipping_rate_token}",
			&input{loc: "path", param: "shipping_rate_token", kind: ir.KindString}), id, true},
		{"exposed id param", get("/v1/subscriptions/{subscription_exposed_id}",
			&input{loc: "path", param: "subscription_exposed_id", kind: ir.KindString, attrs: []string{attrID}}), id, true},
		{"a read by name gives the uid", get("/repos/{owner}/{repo}",
			&input{loc: "path", param: "repo", kind: ir.KindString}), intID, false},
		{"a read by name, string uid", get("/pods/{name}",
			&input{loc: "path", param: "name", kind: ir.KindString, attrs: []string{attrName}}), id, false},
		{"a list gives new ids", get("/v1/customers/{customer}/tax_ids",
			&input{loc: "path", param: "customer", kind: ir.KindString}), id, false},
	} {
		if got := (&inferrer{}).givesBackKey(c.p, c.l); got != c.want {
			t.Errorf("%s: givesBackKey = %v, want %v", c.name, got, c.want)
		}
	}
}

// TestActionGivesBackKey: an action on one resource (a literal after its
// parameter that nothing reads) returns that resource, so its id is the
// key the action needed; a sub-collection's create or an action that
// returns another kind makes something new.
func TestActionGivesBackKey(t *testing.T) {
	obj := &ir.Schema{Kind: ir.KindObject}
	ref := func(id string) *ir.Schema { return &ir.Schema{Ref: id} }
	api := &ir.API{Types: []*ir.Type{
		{ID: "bank_account", Name: "bank_account", Schema: obj},
		{ID: "customer", Name: "customer", Schema: obj},
		{ID: "refund", Name: "refund", Schema: obj},
		{ID: "cash_txn", Name: "customer_cash_balance_transaction", Schema: obj},
		{ID: "payment_source", Name: "payment_source", Schema: &ir.Schema{Kind: ir.KindUnion,
			Variants: []*ir.Schema{ref("customer"), ref("bank_account")}}},
	}}
	ops := addOps(api, [][3]string{
		{"GetSource", "GET", "/v1/customers/{customer}/sources/{id}"},
		{"VerifySource", "POST", "/v1/customers/{customer}/sources/{id}/verify"},
		{"GetCustomer", "GET", "/v1/customers/{customer}"},
		{"FundCashBalance", "POST", "/v1/customers/{customer}/fund_cash_balance"},
		{"GetRefunds", "GET", "/v1/charges/{charge}/refunds"},
		{"PostRefunds", "POST", "/v1/charges/{charge}/refunds"},
		{"GetCharge", "GET", "/v1/charges/{charge}"},
	})
	returns := map[string]string{"GetSource": "payment_source", "GetCustomer": "customer", "GetRefunds": "refund", "GetCharge": "customer"}
	for name, id := range returns {
		ops[name].Success = "200"
		ops[name].Responses = []*ir.Response{{Status: "200", ContentType: "application/json", Schema: ref(id)}}
	}
	x := &inferrer{api: api}
	x.getOf, x.gotByParam = getsByPath(api)
	for _, c := range []struct {
		producer, param, typeName string
		want                      bool
	}{
		{"VerifySource", "id", "bank_account", true},                                // verifying gives back the source it needed
		{"FundCashBalance", "customer", "customer_cash_balance_transaction", false}, // a new transaction of another kind
		{"PostRefunds", "charge", "customer", false},                                // a sub-collection's create
		{"VerifySource", "id", "refund", false},                                     // a kind the source is not
	} {
		p := &producer{op: ops[c.producer], requires: []*input{{loc: "path", param: c.param, kind: ir.KindString}}}
		l := &leaf{path: "$.id", field: "id", attr: attrID, kind: ir.KindString, obj: &object{primary: true, path: "$", typeName: c.typeName}}
		if got := x.givesBackKey(p, l); got != c.want {
			t.Errorf("%s giving a %s: givesBackKey = %v, want %v", c.producer, c.typeName, got, c.want)
		}
	}
}

func TestOtherScopeFilter(t *testing.T) {
	in := func(path, loc string) *input {
		return &input{op: &ir.Operation{Method: "GET", Path: path}, loc: loc}
	}
	for _, c := range []struct {
		producer string
		in       *input
		want     bool
	}{
		{"/repos/{owner}/{repo}/actions/runners", in("/orgs/{org}/actions/runners", "query"), true},
		{"/orgs/{org}/actions/runners", in("/orgs/{org}/actions/runners", "query"), false},
		{"/enterprises/{e}/actions/runners", in("/orgs/{org}/actions/runners", "query"), true},
		{"/repos/{owner}/{repo}/actions/runners", in("/orgs/{org}/actions/runners/{runner_id}", "path"), false},
		{"/repos/{owner}/{repo}/labels", in("/orgs/{org}/issues", "query"), false},
	} {
		if got := otherScopeFilter(c.producer, c.in); got != c.want {
			t.Errorf("%s for %s: otherScopeFilter = %v, want %v", c.producer, c.in.op.Path, got, c.want)
		}
	}
}

func TestOutsiders(t *testing.T) {
	for _, c := range []struct {
		producer, consumer string
		want               bool
	}{
		{"/orgs/{org}/outside_collaborators", "/orgs/{org}/teams/{team_slug}/memberships/{username}", true},
		{"/orgs/{org}/outside_collaborators", "/orgs/{org}/members/{username}", true},
		{"/orgs/{org}/outside_collaborators", "/users/{username}/gists", false},
		{"/orgs/{org}/members", "/orgs/{org}/teams/{team_slug}/memberships/{username}", false},
		// Blocking a user removes them: a blocked user is no member.
		{"/orgs/{org}/blocks", "/orgs/{org}/teams/{team_slug}/memberships/{username}", true},
		{"/user/blocks", "/teams/{team_id}/members/{username}", true},
		{"/orgs/{org}/blocks", "/orgs/{org}/blocks/{username}", false},
	} {
		in := &input{op: &ir.Operation{Path: c.consumer}, loc: "path"}
		if got := outsiders(c.producer, in); got != c.want {
			t.Errorf("%s for %s: outsiders = %v, want %v", c.producer, c.consumer, got, c.want)
		}
	}
}

func TestCredentialInput(t *testing.T) {
	for _, c := range []struct {
		desc string
		want bool
	}{
		{"The username to use when authenticating with the private registry.", true},
		{"Username used to log in to the registry.", true},
		{"The handle for the GitHub user account.", false},
		{"The login of the user to authenticate as an admin.", false},
	} {
		if got := credentialRE.MatchString(c.desc); got != c.want {
			t.Errorf("%q: credential = %v, want %v", c.desc, got, c.want)
		}
	}
}

func TestTextExample(t *testing.T) {
	for _, c := range []struct {
		example any
		want    bool
	}{
		{"1.2.3", true},
		{"octocat", true},
		{"42", false},
		{42, false},
		{nil, false},
	} {
		if got := textExample(&ir.Schema{Example: c.example}); got != c.want {
			t.Errorf("example %v: textExample = %v, want %v", c.example, got, c.want)
		}
		in := &input{textExample: textExample(&ir.Schema{Example: c.example}), kind: ir.KindString}
		id := &leaf{kind: ir.KindInteger}
		if got := typeScore(in, id) == 0; got != c.want {
			t.Errorf("example %v: an integer field ruled out = %v, want %v", c.example, got, c.want)
		}
	}
}

func TestAddsExisting(t *testing.T) {
	transfer := &ir.Operation{Method: "POST", Path: "/repos/{owner}/{repo}/transfer"}
	desc := "ID of the team or teams to add to the repository."
	for _, c := range []struct {
		producer string
		desc     string
		want     bool
	}{
		{"/repos/{owner}/{repo}/teams", desc, true},
		{"/orgs/{org}/teams", desc, false},
		{"/repos/{owner}/{repo}/teams", "IDs of the teams.", false},
		{"/repos/{owner}/{repo}/teams/{team}/x", desc, false},
	} {
		in := &input{op: transfer, loc: "body", adds: addsRE.MatchString(c.desc)}
		if got := addsExisting(&ir.Operation{Method: "GET", Path: c.producer}, in); got != c.want {
			t.Errorf("%s with %q: addsExisting = %v, want %v", c.producer, c.desc, got, c.want)
		}
	}
}

func TestListsOfAResourceNamedForItsKind(t *testing.T) {
	users := &ir.Schema{Kind: ir.KindArray, Items: &ir.Schema{Kind: ir.KindObject,
		Properties: []*ir.Property{{Name: "login", Schema: &ir.Schema{Kind: ir.KindString}}}}}
	obj := func(idField string) *ir.Schema {
		return &ir.Schema{Kind: ir.KindObject, Properties: []*ir.Property{
			{Name: idField, Schema: &ir.Schema{Kind: ir.KindString}},
			{Name: "collaborating_users", Schema: users},
		}}
	}
	w := &walker{api: &ir.API{}}
	for _, c := range []struct {
		field string
		lists int
	}{
		{"ghsa_id", 0},     // an advisory: its collaborators are its own
		{"id", 0},          // a resource
		{"total_count", 1}, // a page of users
	} {
		if got := len(w.lists(obj(c.field), 0)); got != c.lists {
			t.Errorf("object with %s: %d lists, want %d", c.field, got, c.lists)
		}
	}
}

func TestFilterKindClash(t *testing.T) {
	obj := &ir.Schema{Kind: ir.KindObject, Properties: []*ir.Property{{Name: "id", Schema: &ir.Schema{Kind: ir.KindString}}}}
	source := &ir.Schema{Kind: ir.KindUnion, Variants: []*ir.Schema{{Kind: ir.KindString}, {Ref: "charge"}, {Ref: "transfer"}}}
	only := &ir.Schema{Kind: ir.KindUnion, Variants: []*ir.Schema{{Kind: ir.KindString}, {Ref: "customer"}}}
	api := &ir.API{Types: []*ir.Type{
		{ID: "charge", Name: "charge", Schema: obj},
		{ID: "transfer", Name: "transfer", Schema: obj},
		{ID: "source", Name: "source", Schema: obj},
		{ID: "customer", Name: "customer", Schema: obj},
		{ID: "balance_transaction", Name: "balance_transaction", Schema: &ir.Schema{Kind: ir.KindObject,
			Properties: []*ir.Property{{Name: "source", Schema: source}, {Name: "customer", Schema: only}}}},
	}}
	list := &ir.Operation{Method: "GET", Path: "/v1/balance_transactions"}
	x := &inferrer{api: api, returns: map[*ir.Operation]string{list: "balance_transaction"}}
	for _, c := range []struct {
		input, producerType string
		want                bool
	}{
		{"source", "source", true},    // a payment Source is none of the kinds
		{"source", "charge", false},   // a charge is one
		{"source", "", false},         // an unnamed type says nothing
		{"customer", "source", false}, // one kind only: the noun rules decide
	} {
		in := &input{op: list, name: c.input, loc: "query"}
		l := &leaf{obj: &object{typeName: c.producerType}}
		if got := x.filterKindClash(in, l); got != c.want {
			t.Errorf("%s from a %q: filterKindClash = %v, want %v", c.input, c.producerType, got, c.want)
		}
	}
}

func TestOpposed(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want bool
	}{
		{"repository_ids_to_add", "repository_ids_to_remove", true},
		{"include_repos", "exclude_repos", true},
		{"assignee", "requester", false},
		{"add_labels", "add_labels", false},
	} {
		if got := opposed(c.a, c.b); got != c.want {
			t.Errorf("opposed(%q, %q) = %v, want %v", c.a, c.b, got, c.want)
		}
	}
}
