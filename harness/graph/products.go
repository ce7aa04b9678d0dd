package graph

import (
	"regexp"
	"strings"

	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/internal/english"
)

// Kinds from the product a type belongs to. Some APIs name their types
// "product.thing" (Stripe's treasury.outbound_transfer,
// issuing.transaction, identity.verification_session), and one word
// names different things in different products: a Connect transfer is
// not a Treasury outbound transfer, a Treasury transaction is not the
// Issuing one a dispute takes. The consumer says which product it works
// in by its path (/v1/issuing/disputes, /v1/test_helpers/treasury/...)
// or, failing that, by the product of what it returns (/v1/linked_accounts
// lists financial_connections.account, so its session is a Financial
// Connections session).

// products holds, for each product of the API's types, the nouns of the
// types it holds (joined singular words); plain holds the nouns of the
// types outside any product.
type products struct {
	of    map[string]map[string]bool
	plain map[string]bool
}

func buildProducts(api *ir.API) products {
	pr := products{of: map[string]map[string]bool{}, plain: map[string]bool{}}
	for _, t := range api.Types {
		if ns, n, ok := productOf(t.Name); ok && ns != "" {
			if pr.of[ns] == nil {
				pr.of[ns] = map[string]bool{}
			}
			pr.of[ns][n] = true
		} else if ok {
			pr.plain[n] = true
		}
	}
	if len(pr.of) == 0 {
		return products{}
	}
	return pr
}

// productOf splits a type name into its product and the noun of the
// thing: ("treasury", "outboundtransfer") for
// "treasury.outbound_transfer", ("", "transfer") for "transfer". A
// package path ("io.k8s.api.core.v1.Pod") or an empty name is not read.
func productOf(typeName string) (ns, noun string, ok bool) {
	if typeName == "" || strings.Count(typeName, ".") > 1 {
		return "", "", false
	}
	rest := typeName
	if i := strings.Index(typeName, "."); i >= 0 {
		ns, rest = typeName[:i], typeName[i+1:]
		if ns == "" || rest == "" {
			return "", "", false
		}
	}
	var ws []string
	for _, w := range splitWords(rest) {
		ws = append(ws, english.Singular(w))
	}
	return ns, join(ws), len(ws) > 0
}

// wanted returns the product of the thing input in names by noun e:
// the product of a path segment of the consumer (or else of what the
// consumer returns, consumerType) that has a type of that noun, or ""
// for a type of that noun outside any product; false when neither
// says.
func (pr products) wanted(in *input, e noun, consumerType string) (string, bool) {
	if pr.of == nil {
		return "", false
	}
	key := e.key()
	if ns, ok := pr.namedByField(in.name); ok {
		return ns, true
	}
	for _, seg := range strings.Split(strings.Trim(in.op.Path, "/"), "/") {
		if pr.of[seg][key] {
			return seg, true
		}
	}
	if ns, _, ok := productOf(consumerType); ok && ns != "" && pr.of[ns][key] {
		return ns, true
	}
	if pr.plain[key] {
		return "", true
	}
	return "", false
}

// namedByField returns the product an object holding a body field is
// named for: the session of payment_method_data.radar_options.session is
// a Radar session, whatever the consumer's path.
func (pr products) namedByField(name string) (string, bool) {
	parts := strings.Split(name, ".")
	for i := len(parts) - 2; i >= 0; i-- {
		ws := splitWords(strings.TrimSuffix(parts[i], "[*]"))
		for ns := range pr.of {
			nw := splitWords(ns)
			if len(ws) > len(nw) && slicesEqual(ws[:len(nw)], nw) {
				return ns, true
			}
		}
	}
	return "", false
}

// productClash reports whether l, its object's own identifier, is a
// thing of another product than the one input in wants by noun e.
func (x *inferrer) productClash(in *input, e noun, l *leaf, byRole bool) bool {
	if byRole || x.products.of == nil {
		return false
	}
	got, _, ok := productOf(l.obj.typeName)
	if !ok {
		return false
	}
	want, ok := x.products.wanted(in, e, x.returns[in.op])
	if t := x.facts.typeOf[in.picked]; in.picked != "" && t != "" {
		// A field its object's `type` picks names that kind's product.
		want, _, ok = productOf(t)
	}
	return ok && want != got
}

// tokenRE matches descriptions of an input that takes a token made on
// the client ("Either a token, like the ones returned by Stripe.js",
// "You can provide either a token"), not the id of a stored object.
var tokenRE = regexp.MustCompile(`(?i)(^|\bprovide )(either )?an? token\b`)

// takesToken reports whether an input's description says it takes a
// token.
func takesToken(desc string) bool {
	return tokenRE.MatchString(strings.TrimSpace(markdownLink.ReplaceAllString(desc, "$1")))
}

// tokenClash reports whether the input takes a token and l's object is
// no token: a customer's bank account id is not the token an account's
// bank_account takes.
func tokenClash(in *input, l *leaf) bool {
	if !in.token {
		return false
	}
	for _, n := range l.obj.names {
		if len(n.words) > 0 && n.words[len(n.words)-1] == "token" {
			return false
		}
	}
	return true
}

// globalIDClash reports whether l is a global node id (GitHub's
// node_id, the GraphQL id every object also carries) and the input
// wants something else: a commit's node_id is not its SHA.
func globalIDClash(in *input, l *leaf) bool {
	if l.attr != attrID || len(l.entity) != 1 || l.entity[0] != "node" {
		return false
	}
	for _, e := range in.entities {
		if e.key() == "node" {
			return false
		}
	}
	return true
}

// productSiblings reports whether two named types both belong to
// products: each is a kind of its own, whatever their shapes (Stripe's
// treasury.received_credit has every property of
// treasury.received_debit and is no debit).
func productSiblings(a, b string) bool {
	nsA, _, okA := productOf(a)
	nsB, _, okB := productOf(b)
	return okA && okB && nsA != "" && nsB != ""
}

// otherSpecies reports whether a head-noun match of input in's noun e
// with a producer's noun n pairs two different kinds of one thing:
//   - e is a resource of the API of its own and n only its head (a
//     bank_accounts resource: a bank account is not an account; a
//     component's lead account, no resource, is a user's account);
//   - both are resources of their own and n names a kind of e (the
//     connected account on_behalf_of takes is no bank account);
//   - the input's path names it more closely than e does and n is
//     another kind of it, or only its head while the closer name is a
//     resource of its own (the rate_id of /exchange_rates/{rate_id} is
//     an exchange rate, not a shipping or a tax rate; the item of
//     /subscription_items/{item} is a subscription item, not a line
//     item of type "item"; the transaction of
//     /customers/{c}/cash_balance_transactions/{transaction} is no
//     Issuing transaction); not when the consumer returns a thing of
//     noun n (/linked_accounts/{account} returns a Financial
//     Connections account).
func (x *inferrer) otherSpecies(in *input, e, n noun) bool {
	if len(e.words) > len(n.words) && endsWith(e.words, n.words) && x.vocab.paths[e.key()] {
		return true
	}
	if len(n.words) < len(e.words) || !endsWith(n.words, e.words) {
		return false
	}
	if x.returnedNoun(in.op) == n.key() {
		return false // the consumer returns that very kind
	}
	closer := in.entities
	if pl, ok := placeOf(in.op.Path, in.param); ok {
		closer = append(closer[:len(closer):len(closer)], noun{words: singulars(splitWords(pl.collection))})
	}
	other := false
	for _, f := range closer {
		if len(f.words) <= len(e.words) || !endsWith(f.words, e.words) {
			continue
		}
		if endsWith(n.words, f.words) && qualifiedBy(n.words[:len(n.words)-len(f.words)], in.op.Path) {
			return false // n is the kind the path names
		}
		other = other || len(n.words) > len(e.words) || x.vocab.paths[f.key()]
	}
	return other || len(n.words) > len(e.words) && x.vocab.paths[e.key()] && x.vocab.paths[n.key()]
}

// qualifiedBy reports whether every word of extra names a resource of
// the path: a customer cash balance transaction is the cash balance
// transaction of /customers/{customer}/cash_balance_transactions, and
// not the balance transaction of /customers/{customer}/balance_transactions.
func qualifiedBy(extra []string, path string) bool {
	words := map[string]bool{}
	for _, ws := range pathNouns(path) {
		for _, w := range ws {
			words[w] = true
		}
	}
	for _, w := range extra {
		if !words[w] {
			return false
		}
	}
	return true
}

// returnedNoun is the noun of the type op returns, outside its product
// ("account" for financial_connections.account), cached.
func (x *inferrer) returnedNoun(op *ir.Operation) string {
	if n, ok := x.returnNoun[op]; ok {
		return n
	}
	_, n, _ := productOf(x.returns[op])
	if x.returnNoun == nil {
		x.returnNoun = map[*ir.Operation]string{}
	}
	x.returnNoun[op] = n
	return n
}
