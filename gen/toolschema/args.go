package toolschema

import (
	"strings"

	"github.com/agentready/agentready/gen/ir"
)

// Arg is one top-level argument of a tool: a parameter, a property of a
// flattened body, or the whole body.
type Arg struct {
	// Name is the key in the arguments object (Param.Arg, the body
	// property's name, or Body.Arg).
	Name     string
	Required bool
	// Schema is the argument's schema as the IR declares it (it may be a
	// Ref; use api.Resolve).
	Schema *ir.Schema
	// Description is the spec's text for the argument: the parameter's or
	// the property's description, else its schema's.
	Description string
	// Param is the parameter the argument carries, nil for body
	// arguments; Property is the flattened body property, nil otherwise.
	Param    *ir.Param
	Property *ir.Property
	// Example is the spec's example for the argument itself (a parameter
	// example, or the value of the property in the body's example), nil
	// when there is none. Schema examples are not copied here.
	Example any
}

// Args lists the tool arguments of op in their order: parameters (path
// first, as the IR keeps them), then the body's properties or the body.
// Properties the spec marks readOnly are not inputs and are left out, and
// so are credentials (see Credential): the tool runtime sends those from
// its configuration, and a model cannot know them.
//
// A flattened body property is required when the body schema requires
// it, even when the spec leaves the body itself optional: strictly those
// properties only bind when a body is sent, which a flat argument list
// cannot say, but specs that declare required fields in an optional body
// (Slack's chat.update, Spotify's playlist edits) mean them, and a tool
// that hides them lets a model call it without the channel to post to.
func Args(api *ir.API, op *ir.Operation) []Arg {
	out := make([]Arg, 0, len(op.Params)+4)
	for _, p := range op.Params {
		if Credential(api, op, p.Name, p.In, p.Description) {
			continue
		}
		d := p.Description
		if d == "" {
			d = schemaDescription(api, p.Schema)
		}
		out = append(out, Arg{Name: p.Arg, Required: p.Required || p.In == ir.InPath, Schema: p.Schema,
			Description: d, Param: p, Example: p.Example})
	}
	b := op.Body
	if b == nil {
		return out
	}
	if !b.Flatten {
		if s := api.Resolve(b.Schema); !b.Required && s != nil && s.Kind == ir.KindObject && s.ClosedObject && len(InputProperties(s)) == 0 {
			// A body that can hold nothing (Stripe declares one on GET
			// and DELETE) is no argument.
			return out
		}
		d := b.Description
		if d == "" {
			d = schemaDescription(api, b.Schema)
		}
		return append(out, Arg{Name: b.Arg, Required: b.Required, Schema: b.Schema, Description: d, Example: b.Example})
	}
	bodyEx, _ := b.Example.(map[string]any)
	for _, p := range InputProperties(api.Resolve(b.Schema)) {
		if Credential(api, op, p.Name, "", schemaDescription(api, p.Schema)) {
			continue
		}
		var ex any
		if bodyEx != nil {
			ex = bodyEx[p.Name]
		}
		out = append(out, Arg{Name: p.Name, Required: p.Required, Schema: p.Schema,
			Description: schemaDescription(api, p.Schema), Property: p, Example: ex})
	}
	return out
}

// Credential reports whether a parameter (in is its location) or a
// flattened body field (in is "") of op carries a credential: an
// Authorization header, the parameter of an API-key scheme op uses, or,
// in an operation that authenticates, a field named token, access_token or
// api_key whose description speaks of authentication (Slack declares its
// token so beside its OAuth scheme).
func Credential(api *ir.API, op *ir.Operation, name string, in ir.Location, desc string) bool {
	if in == ir.InHeader && strings.EqualFold(name, "Authorization") {
		return true
	}
	if len(op.Security) == 0 {
		return false
	}
	for _, alt := range op.Security {
		for _, u := range alt {
			for _, sc := range api.SecuritySchemes {
				if sc.Name == u.Scheme && sc.Kind == ir.SchemeAPIKey && sc.In == in && strings.EqualFold(sc.ParamName, name) {
					return true
				}
			}
		}
	}
	switch strings.ToLower(name) {
	case "token", "access_token", "api_key", "apikey", "api-key", "auth_token":
		d := strings.ToLower(desc)
		return strings.Contains(d, "auth") || strings.Contains(d, "credential")
	}
	return false
}

// InputProperties returns the properties of object schema s that a caller
// sends: all but those marked readOnly.
func InputProperties(s *ir.Schema) []*ir.Property {
	if s == nil {
		return nil
	}
	n := 0
	for _, p := range s.Properties {
		if p.Schema == nil || !p.Schema.ReadOnly {
			n++
		}
	}
	if n == len(s.Properties) {
		return s.Properties
	}
	out := make([]*ir.Property, 0, n)
	for _, p := range s.Properties {
		if p.Schema == nil || !p.Schema.ReadOnly {
			out = append(out, p)
		}
	}
	return out
}

// schemaDescription is the description of a use of a schema: its own, or
// the named type's.
func schemaDescription(api *ir.API, s *ir.Schema) string {
	if s == nil {
		return ""
	}
	if s.Description != "" {
		return s.Description
	}
	if r := api.Resolve(s); r != nil {
		if r.Description != "" {
			return r.Description
		}
		return r.Title
	}
	return ""
}
