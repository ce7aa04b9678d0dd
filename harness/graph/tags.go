package graph

import (
	"regexp"
	"strings"

	"github.com/agentready/agentready/gen/ir"
)

// Kinds an object says of itself, and objects without an identifier.
// Some APIs put a one-valued `object` field on every resource (Stripe's
// "refund", "fee_refund", "balance_transaction",
// "customer_balance_transaction"): the resource names its own kind, so
// an application fee refund never identifies a charge refund, however
// alike their collections are named. And some operations return a
// resource that is not yet one: Stripe's /v1/invoices/upcoming previews
// the next invoice, which has no id until it is created.

// kindField is the property a resource names its own kind by.
const kindField = "object"

// typeFacts holds, by type name, the kind each self-naming type says it
// is and whether its identifier may be absent.
type typeFacts struct {
	kind       map[string]string
	optionalID map[string]bool
	// typeOf holds, by kind, the type that says it is that kind.
	typeOf map[string]string
}

func buildTypeFacts(api *ir.API) typeFacts {
	f := typeFacts{kind: map[string]string{}, optionalID: map[string]bool{}, typeOf: map[string]string{}}
	for _, t := range api.Types {
		if t.Name == "" || t.Schema == nil {
			continue
		}
		for _, p := range t.Schema.Properties {
			switch p.Name {
			case kindField:
				if s := api.Resolve(p.Schema); s != nil && len(s.Enum) == 1 {
					if v, ok := s.Enum[0].(string); ok {
						f.kind[t.Name] = v
						f.typeOf[v] = t.Name
					}
				}
			case "id":
				f.optionalID[t.Name] = !p.Required
			}
		}
	}
	return f
}

// selfKindClash reports whether the producer's object says it is
// another kind than the resource a path input indexes (the type the
// GET of that resource returns): a refund's id for
// /v1/application_fees/{fee}/refunds/{id}, which holds fee refunds.
func (x *inferrer) selfKindClash(in *input, l *leaf) bool {
	if in.loc != "path" {
		return false
	}
	got := x.facts.kind[l.obj.typeName]
	if got == "" {
		return false
	}
	i := strings.Index(in.op.Path, "{"+in.param+"}")
	if i < 0 {
		return false
	}
	get := x.getOf[in.op.Path[:i+len(in.param)+2]]
	if get == nil {
		return false
	}
	want := x.facts.kind[x.returns[get]]
	return want != "" && want != got
}

// pickedKindClash reports whether l, its object's own id, is of another
// kind than the one a picked body field names, or is a name and not an
// id at all: `account_holder.account`
// with `type` "account" takes the id of the resource whose `object` is
// "account" (a Connect account), not a "financial_connections.account",
// though the operation lives in Financial Connections and both are
// accounts.
func (x *inferrer) pickedKindClash(in *input, l *leaf) bool {
	if in.picked == "" || x.facts.typeOf[in.picked] == "" {
		return false
	}
	if l.attr == attrName {
		// It takes that thing's id: an invoice's account_name is not one.
		return true
	}
	if l.attr != attrID || len(l.entity) > 0 {
		return false
	}
	got := x.facts.kind[l.obj.typeName]
	return got != "" && got != in.picked
}

// previews reports whether the producer returns a preview rather than
// a resource: a GET at a literal beside a collection's parameter
// (/v1/invoices/upcoming beside /v1/invoices/{invoice},
// /v1/credit_notes/preview beside /v1/credit_notes/{id}) whose object
// is not yet created, so its id names nothing a later call can use. The
// spec says so either in the schema (the id may be absent) or in the
// operation's own words ("Get a preview of a credit note without
// creating it", "you can preview the upcoming invoice").
func (x *inferrer) previews(p *producer, l *leaf) bool {
	if p.op.Method != "GET" || l.obj.path != "$" || l.field != "id" {
		return false
	}
	if !x.facts.optionalID[l.obj.typeName] && !saysPreview(p.op) {
		return false
	}
	shape := pathShape(p.op.Path)
	last := len(shape) - 1
	return last >= 1 && !isParam(shape[last]) && x.gotByParam[strings.Join(shape[:last], "/")]
}

// previewRE matches an operation's own words for showing a resource
// before, or without, creating it.
var previewRE = regexp.MustCompile(`(?i)\bpreviews?\b|without creating`)

// saysPreview reports whether the operation's summary or first sentence
// says it previews what it returns.
func saysPreview(op *ir.Operation) bool {
	return previewRE.MatchString(op.Summary + " " + firstSentence(op.Description))
}

// getsByPath indexes the API's GET operations by path, and records the
// collections (path shapes) whose items a GET reads by a parameter.
func getsByPath(api *ir.API) (gets map[string]*ir.Operation, byParam map[string]bool) {
	gets, byParam = map[string]*ir.Operation{}, map[string]bool{}
	for _, op := range api.Operations {
		if op.Method != "GET" {
			continue
		}
		gets[op.Path] = op
		if shape := pathShape(op.Path); len(shape) > 1 && isParam(shape[len(shape)-1]) {
			byParam[strings.Join(shape[:len(shape)-1], "/")] = true
		}
	}
	return gets, byParam
}

// collectionKindClash reports whether the producer's object is another
// kind than the collection a body or query input sets: the input is
// named for the consumer's last path segment (`labels` of PUT
// .../actions/runners/{runner_id}/labels), so it holds items of that
// collection, and the GET of the same path says their kind (runner
// labels). An issue's or a repository's labels are another kind
// (`label`, not `runner-label`), though named alike; the same kind
// under other names (`nullable-label`) is not.
func (x *inferrer) collectionKindClash(in *input, l *leaf) bool {
	if in.loc == "path" || l.obj.typeName == "" {
		return false
	}
	if !in.named().collection {
		return false
	}
	get := x.getOf[in.op.Path]
	if get == nil || x.returns[get] == "" {
		return false
	}
	return join(typeNoun(x.returns[get])) != join(typeNoun(l.obj.typeName))
}
