package lower

import (
	"fmt"
	"strings"

	v2 "github.com/pb33f/libopenapi/datamodel/high/v2"

	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/gen/names"
	"github.com/agentready/agentready/internal/jsonptr"
)

// v2OpNodes returns the method key and value nodes of the i-th operation
// of a path item, for its position in the source.
func v2OpNodes(pi *v2.PathItem, i int) (key, value *yamlNode) {
	low := pi.GoLow()
	if low == nil {
		return nil, nil
	}
	switch methods[i] {
	case "GET":
		return low.Get.KeyNode, low.Get.ValueNode
	case "PUT":
		return low.Put.KeyNode, low.Put.ValueNode
	case "POST":
		return low.Post.KeyNode, low.Post.ValueNode
	case "DELETE":
		return low.Delete.KeyNode, low.Delete.ValueNode
	case "OPTIONS":
		return low.Options.KeyNode, low.Options.ValueNode
	case "HEAD":
		return low.Head.KeyNode, low.Head.ValueNode
	case "PATCH":
		return low.Patch.KeyNode, low.Patch.ValueNode
	}
	return nil, nil
}

func v2Ops(pi *v2.PathItem) []*v2.Operation {
	// The same order as methods; 2.0 has no TRACE.
	return []*v2.Operation{pi.Get, pi.Put, pi.Post, pi.Delete, pi.Options, pi.Head, pi.Patch, nil}
}

// v2Document reads a Swagger 2.0 document's metadata and finds its
// operations.
func (l *lowerer) v2Document() []*rawOp {
	d := l.doc.V2
	if d.Info != nil {
		l.api.Title, l.api.Version, l.api.Description = d.Info.Title, d.Info.Version, d.Info.Description
	}
	if d.Host != "" || d.BasePath != "" {
		scheme := "https"
		if len(d.Schemes) > 0 && !contains(d.Schemes, "https") {
			scheme = d.Schemes[0]
		}
		u := strings.TrimRight(d.BasePath, "/")
		if d.Host != "" {
			u = scheme + "://" + d.Host + u
		}
		l.api.Servers = []string{u}
	}
	var compKeys []string
	if d.Definitions != nil && d.Definitions.Definitions != nil {
		for k := range d.Definitions.Definitions.KeysFromOldest() {
			compKeys = append(compKeys, k)
		}
	}
	l.compNames = componentGoNames("#/definitions/", compKeys)
	if d.SecurityDefinitions != nil && d.SecurityDefinitions.Definitions != nil {
		for name, s := range d.SecurityDefinitions.Definitions.FromOldest() {
			l.schemes[name] = l.v2Scheme(name, s)
		}
	}

	var ops []*rawOp
	if d.Paths == nil || d.Paths.PathItems == nil {
		return ops
	}
	for path, pi := range d.Paths.PathItems.FromOldest() {
		if pi == nil {
			continue
		}
		for i, o := range v2Ops(pi) {
			if o == nil {
				continue
			}
			method := methods[i]
			ref := OperationRef{OperationID: o.OperationId, Method: method, Path: path, Tags: o.Tags, Deprecated: o.Deprecated}
			if l.opts.Select != nil && !l.opts.Select(ref) {
				continue
			}
			pointer := "#/paths/" + jsonptr.Escape(path) + "/" + strings.ToLower(method)
			r := &rawOp{ref: ref, pointer: pointer}
			key, value := v2OpNodes(pi, i)
			r.origin = l.nodeOrigin(key, pointer)
			o, pi := o, pi
			r.lower = func(op *ir.Operation) error {
				if err := l.loadErrorsWithin(key, value); err != nil {
					return err
				}
				return l.v2Operation(op, r, pi, o)
			}
			ops = append(ops, r)
		}
	}
	return ops
}

func (l *lowerer) v2Scheme(name string, s *v2.SecurityScheme) *ir.SecurityScheme {
	out := &ir.SecurityScheme{Name: name, Description: s.Description, EnvVar: l.envVar(name)}
	switch strings.ToLower(s.Type) {
	case "basic":
		out.Kind, out.HTTPScheme = ir.SchemeHTTPBasic, "basic"
	case "apikey":
		out.Kind, out.In, out.ParamName = ir.SchemeAPIKey, ir.Location(strings.ToLower(s.In)), s.Name
	case "oauth2":
		out.Kind = ir.SchemeOAuth2
	default:
		out.Kind = ir.SchemeKind(s.Type)
	}
	return out
}

// v2Operation lowers one Swagger 2.0 operation.
func (l *lowerer) v2Operation(op *ir.Operation, r *rawOp, pi *v2.PathItem, o *v2.Operation) error {
	op.Summary, op.Description = o.Summary, o.Description
	opPlace := place{id: r.pointer, parent: "op:" + op.Name}
	d := l.doc.V2

	type key struct{ name, in string }
	var params []*v2.Parameter
	index := map[key]int{}
	for _, list := range [][]*v2.Parameter{pi.Parameters, o.Parameters} {
		for _, p := range list {
			if p == nil {
				continue
			}
			k := key{p.Name, strings.ToLower(p.In)}
			if i, ok := index[k]; ok {
				params[i] = p
				continue
			}
			index[k] = len(params)
			params = append(params, p)
		}
	}

	consumes := o.Consumes
	if len(consumes) == 0 {
		consumes = d.Consumes
	}
	var form []*v2.Parameter
	for _, p := range params {
		in := strings.ToLower(p.In)
		switch in {
		case "body":
			mt := pickType(consumes, "application/json")
			body := &ir.Body{ContentType: mt, Required: p.Required != nil && *p.Required, Description: p.Description}
			for _, c := range consumes {
				if c != mt {
					body.Alternatives = append(body.Alternatives, c)
				}
			}
			pl := place{id: opPlace.id + "/parameters/" + jsonptr.Escape(p.Name) + "/schema", parent: opPlace.parent, suffix: "Body"}
			s, err := l.schema(p.Schema, pl)
			if err != nil {
				return fmt.Errorf("body parameter %q: %v", p.Name, err)
			}
			body.Schema = s
			op.Body = body
		case "formdata":
			form = append(form, p)
		case "path", "query", "header":
			if in == "header" && ignoredHeaders[strings.ToLower(p.Name)] {
				continue
			}
			param, err := l.v2Param(p, opPlace)
			if err != nil {
				return err
			}
			op.Params = append(op.Params, param)
		default:
			return fmt.Errorf("parameter %q is in %q, which Swagger 2.0 does not define", p.Name, p.In)
		}
	}
	if len(form) > 0 {
		if op.Body != nil {
			return fmt.Errorf("the operation has both a body parameter and formData parameters; Swagger 2.0 allows only one")
		}
		op.Body = l.v2FormBody(form, consumes, opPlace)
	}
	if err := l.checkPathParams(op, r); err != nil {
		return err
	}

	produces := o.Produces
	if len(produces) == 0 {
		produces = d.Produces
	}
	if o.Responses != nil {
		if err := l.v2Responses(op, o.Responses, produces, opPlace); err != nil {
			return err
		}
	}

	sec, err := l.security(o.Security)
	if err != nil {
		return err
	}
	if sec == nil {
		if sec, err = l.security(d.Security); err != nil {
			return err
		}
	}
	op.Security = normalizeSecurity(sec)
	return nil
}

// pickType chooses a media type from a 2.0 consumes/produces list.
func pickType(types []string, fallback string) string {
	best, rank := fallback, 99
	for _, t := range types {
		if r := mediaRank(t); r < rank {
			best, rank = t, r
		}
	}
	return best
}

// v2Param lowers a path, query or header parameter, whose schema 2.0
// writes inline on the parameter.
func (l *lowerer) v2Param(p *v2.Parameter, opPlace place) (*ir.Param, error) {
	out := &ir.Param{
		Name: p.Name, In: ir.Location(strings.ToLower(p.In)), Required: p.Required != nil && *p.Required,
		Description: p.Description,
	}
	if out.In == ir.InPath {
		out.Required = true
	}
	defaultStyle(out)
	switch format := p.CollectionFormat; {
	case p.Type != "array":
	case format == "multi":
		out.Style, out.Explode = "form", true
	case format == "ssv":
		out.Style, out.Explode = "spaceDelimited", false
	case format == "pipes":
		out.Style, out.Explode = "pipeDelimited", false
	default: // "", csv, tsv
		// csv is the default. tsv has no OpenAPI 3 style; commas are the
		// closest servers accept.
		if out.In == ir.InQuery {
			out.Style, out.Explode = "form", false
		}
	}
	s := l.v2Schema(p.Type, p.Format, p.Items, p.Enum)
	s.Default = nodeValue(p.Default)
	if p.Minimum != nil {
		v := float64(*p.Minimum)
		s.Minimum = &v
		s.ExclusiveMinimum = p.ExclusiveMinimum != nil && *p.ExclusiveMinimum
	}
	if p.Maximum != nil {
		v := float64(*p.Maximum)
		s.Maximum = &v
		s.ExclusiveMaximum = p.ExclusiveMaximum != nil && *p.ExclusiveMaximum
	}
	s.MinLength, s.MaxLength = intPtr(p.MinLength), intPtr(p.MaxLength)
	s.MinItems, s.MaxItems = intPtr(p.MinItems), intPtr(p.MaxItems)
	s.Pattern = p.Pattern
	s.UniqueItems = p.UniqueItems != nil && *p.UniqueItems
	if ex, ok := extension(p, "x-example"); ok {
		out.Example = ex
	}
	pl := opPlace.child("parameters", "").child(p.Name, names.Exported(p.Name))
	hoisted, err := l.maybeHoist(s, pl)
	if err != nil {
		return nil, err
	}
	out.Schema = hoisted
	return out, nil
}

func extension(p *v2.Parameter, name string) (any, bool) {
	if p.Extensions == nil {
		return nil, false
	}
	n, ok := p.Extensions.Get(name)
	if !ok {
		return nil, false
	}
	return nodeValue(n), true
}

func intPtr(p *int) *int64 {
	if p == nil {
		return nil
	}
	v := int64(*p)
	return &v
}

// v2Schema builds the schema of a non-body 2.0 parameter or items object.
func (l *lowerer) v2Schema(typ, format string, items *v2.Items, enum []*yamlNode) *ir.Schema {
	s := &ir.Schema{Kind: ir.Kind(typ), Format: format}
	switch typ {
	case "file":
		s.Kind, s.Format = ir.KindString, "binary"
	case "":
		s.Kind = ir.KindString
	}
	for _, e := range enum {
		s.Enum = append(s.Enum, nodeValue(e))
	}
	if s.Kind == ir.KindArray {
		if items == nil {
			s.Items = &ir.Schema{Kind: ir.KindString}
		} else {
			s.Items = l.v2ItemsSchema(items, 0)
		}
	}
	return s
}

func (l *lowerer) v2ItemsSchema(it *v2.Items, depth int) *ir.Schema {
	if depth > maxSchemaDepth {
		return &ir.Schema{Kind: ir.KindAny}
	}
	s := l.v2Schema(it.Type, it.Format, nil, it.Enum)
	if s.Kind == ir.KindArray {
		if it.Items != nil {
			s.Items = l.v2ItemsSchema(it.Items, depth+1)
		} else {
			s.Items = &ir.Schema{Kind: ir.KindString}
		}
	}
	s.Default = nodeValue(it.Default)
	if low := it.GoLow(); low != nil {
		if !low.Minimum.IsEmpty() {
			v := float64(it.Minimum)
			s.Minimum, s.ExclusiveMinimum = &v, it.ExclusiveMinimum
		}
		if !low.Maximum.IsEmpty() {
			v := float64(it.Maximum)
			s.Maximum, s.ExclusiveMaximum = &v, it.ExclusiveMaximum
		}
		if !low.MinLength.IsEmpty() {
			v := int64(it.MinLength)
			s.MinLength = &v
		}
		if !low.MaxLength.IsEmpty() {
			v := int64(it.MaxLength)
			s.MaxLength = &v
		}
	}
	s.Pattern = it.Pattern
	return s
}

// v2FormBody turns formData parameters into an object body: multipart
// when a file is among them or the operation consumes only multipart,
// URL-encoded otherwise.
func (l *lowerer) v2FormBody(form []*v2.Parameter, consumes []string, opPlace place) *ir.Body {
	mt := "application/x-www-form-urlencoded"
	hasFile := false
	for _, p := range form {
		if p.Type == "file" {
			hasFile = true
		}
	}
	if hasFile || (contains(consumes, "multipart/form-data") && !contains(consumes, mt)) {
		mt = "multipart/form-data"
	}
	obj := &ir.Schema{Kind: ir.KindObject}
	body := &ir.Body{ContentType: mt}
	for _, p := range form {
		s := l.v2Schema(p.Type, p.Format, p.Items, p.Enum)
		s.Description = p.Description
		s.Default = nodeValue(p.Default)
		s.Pattern = p.Pattern
		req := p.Required != nil && *p.Required
		body.Required = body.Required || req
		obj.Properties = append(obj.Properties, &ir.Property{Name: p.Name, Required: req, Schema: s})
		if p.CollectionFormat == "multi" {
			if body.Encoding == nil {
				body.Encoding = map[string]ir.Encoding{}
			}
			t := true
			body.Encoding[p.Name] = ir.Encoding{Style: "form", Explode: &t}
		}
	}
	pl := place{id: opPlace.id + "/parameters/formData", parent: opPlace.parent, suffix: "Body"}
	body.Schema, _ = l.maybeHoist(obj, pl)
	return body
}

// v2Responses lowers 2.0 responses (schema on the response, media type
// from produces).
func (l *lowerer) v2Responses(op *ir.Operation, rs *v2.Responses, produces []string, opPlace place) error {
	type entry struct {
		code string
		r    *v2.Response
	}
	var all []entry
	if rs.Codes != nil {
		for code, r := range rs.Codes.FromOldest() {
			all = append(all, entry{code, r})
		}
	}
	if rs.Default != nil {
		all = append(all, entry{"default", rs.Default})
	}
	success := successCode(func(yield func(string) bool) {
		for _, e := range all {
			if !yield(e.code) {
				return
			}
		}
	})
	mt := pickType(produces, "application/json")
	for _, e := range all {
		if e.r == nil {
			continue
		}
		resp := &ir.Response{Status: strings.ToUpper(e.code), Description: e.r.Description}
		if e.code == "default" {
			resp.Status = "default"
		}
		if e.r.Schema != nil {
			resp.ContentType = mt
			if e.code == success {
				pl := place{id: opPlace.id + "/responses/" + e.code + "/schema", parent: opPlace.parent, suffix: "Result"}
				s, err := l.schema(e.r.Schema, pl)
				if err != nil {
					return fmt.Errorf("response %s: %v", e.code, err)
				}
				resp.Schema = s
				if e.r.Examples != nil && e.r.Examples.Values != nil {
					if n, ok := e.r.Examples.Values.Get(mt); ok {
						resp.Example = nodeValue(n)
					}
				}
			}
		}
		op.Responses = append(op.Responses, resp)
		if e.code == success {
			op.Success = resp.Status
		}
	}
	return nil
}
