package graph

import (
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
}

func buildTypeFacts(api *ir.API) typeFacts {
	f := typeFacts{kind: map[string]string{}, optionalID: map[string]bool{}}
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

// previews reports whether the producer returns a preview rather than
// a resource: a GET at a literal beside a collection's parameter
// (/v1/invoices/upcoming beside /v1/invoices/{invoice}) whose object's
// id may be absent, so it has none to give.
func (x *inferrer) previews(p *producer, l *leaf) bool {
	if p.op.Method != "GET" || l.obj.path != "$" || l.field != "id" || !x.facts.optionalID[l.obj.typeName] {
		return false
	}
	shape := pathShape(p.op.Path)
	last := len(shape) - 1
	return last >= 1 && !isParam(shape[last]) && x.gotByParam[strings.Join(shape[:last], "/")]
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
	segs := strings.Split(strings.Trim(in.op.Path, "/"), "/")
	last := segs[len(segs)-1]
	if isParam(last) || join(singulars(splitWords(lastName(in.name)))) != join(singulars(splitWords(last))) {
		return false
	}
	get := x.getOf[in.op.Path]
	if get == nil || x.returns[get] == "" {
		return false
	}
	return join(typeNoun(x.returns[get])) != join(typeNoun(l.obj.typeName))
}
