package lower

import (
	"fmt"
	"strings"

	"github.com/pb33f/libopenapi/datamodel/high/base"
	v3 "github.com/pb33f/libopenapi/datamodel/high/v3"
	"github.com/pb33f/libopenapi/orderedmap"

	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/gen/names"
	"github.com/agentready/agentready/internal/jsonptr"
)

// methods lists the HTTP methods of a path item in the order operations are
// taken.
var methods = []string{"GET", "PUT", "POST", "DELETE", "OPTIONS", "HEAD", "PATCH", "TRACE"}

func v3Ops(pi *v3.PathItem) []*v3.Operation {
	return []*v3.Operation{pi.Get, pi.Put, pi.Post, pi.Delete, pi.Options, pi.Head, pi.Patch, pi.Trace}
}

// v3Document reads an OpenAPI 3.x document's metadata and finds its
// operations.
func (l *lowerer) v3Document() []*rawOp {
	d := l.doc.V3
	if d.Info != nil {
		l.api.Title, l.api.Version, l.api.Description = d.Info.Title, d.Info.Version, d.Info.Description
	}
	l.api.Servers = v3Servers(d.Servers)
	var compKeys []string
	if d.Components != nil && d.Components.Schemas != nil {
		for k := range d.Components.Schemas.KeysFromOldest() {
			compKeys = append(compKeys, k)
		}
		if d.Components.SecuritySchemes != nil {
			for name, s := range d.Components.SecuritySchemes.FromOldest() {
				l.schemes[name] = l.v3Scheme(name, s)
			}
		}
	}
	l.compNames = componentGoNames("#/components/schemas/", compKeys)

	if d.Webhooks != nil && d.Webhooks.Len() > 0 {
		l.diags.Warnf(ir.Origin{File: l.file, Pointer: "#/webhooks"}, "",
			"%d webhooks skipped: they are requests the API sends to you, not operations an agent can call", d.Webhooks.Len())
	}
	var ops []*rawOp
	if d.Paths == nil || d.Paths.PathItems == nil {
		return ops
	}
	for path, pi := range d.Paths.PathItems.FromOldest() {
		if pi == nil {
			continue
		}
		for i, o := range v3Ops(pi) {
			if o == nil {
				continue
			}
			method := methods[i]
			ref := OperationRef{OperationID: o.OperationId, Method: method, Path: path, Tags: o.Tags,
				Deprecated: o.Deprecated != nil && *o.Deprecated}
			if l.opts.Select != nil && !l.opts.Select(ref) {
				continue
			}
			pointer := "#/paths/" + jsonptr.Escape(path) + "/" + strings.ToLower(method)
			r := &rawOp{ref: ref, pointer: pointer}
			if low := o.GoLow(); low != nil {
				r.origin = l.nodeOrigin(low.KeyNode, pointer)
			} else {
				r.origin = l.nodeOrigin(nil, pointer)
			}
			o, pi := o, pi
			r.lower = func(op *ir.Operation) error { return l.v3Operation(op, r, pi, o) }
			ops = append(ops, r)
		}
	}
	return ops
}

// v3Servers lists server URLs with variables set to their defaults.
func v3Servers(servers []*v3.Server) []string {
	var out []string
	for _, s := range servers {
		if s == nil || s.URL == "" {
			continue
		}
		u := s.URL
		if s.Variables != nil {
			for name, v := range s.Variables.FromOldest() {
				if v != nil {
					u = strings.ReplaceAll(u, "{"+name+"}", v.Default)
				}
			}
		}
		out = append(out, strings.TrimRight(u, "/"))
	}
	return out
}

func (l *lowerer) v3Scheme(name string, s *v3.SecurityScheme) *ir.SecurityScheme {
	out := &ir.SecurityScheme{Name: name, Description: s.Description, EnvVar: l.envVar(name)}
	switch strings.ToLower(s.Type) {
	case "apikey":
		out.Kind, out.In, out.ParamName = ir.SchemeAPIKey, ir.Location(strings.ToLower(s.In)), s.Name
	case "http":
		switch strings.ToLower(s.Scheme) {
		case "basic":
			out.Kind = ir.SchemeHTTPBasic
		case "bearer":
			out.Kind = ir.SchemeHTTPBearer
		default:
			out.Kind = ir.SchemeHTTPOther
		}
		out.HTTPScheme, out.BearerFormat = strings.ToLower(s.Scheme), s.BearerFormat
	case "oauth2":
		out.Kind = ir.SchemeOAuth2
	case "openidconnect":
		out.Kind = ir.SchemeOpenIDConnect
	case "mutualtls":
		out.Kind = ir.SchemeMutualTLS
	default:
		out.Kind = ir.SchemeKind(s.Type)
	}
	return out
}

// security converts security requirements; nil means "not declared here".
func (l *lowerer) security(reqs []*base.SecurityRequirement) ([]ir.SecurityRequirement, error) {
	if reqs == nil {
		return nil, nil
	}
	out := []ir.SecurityRequirement{}
	for _, r := range reqs {
		if r == nil || r.Requirements == nil || r.Requirements.Len() == 0 {
			// An empty requirement makes authentication optional: the
			// operation can be called without credentials.
			out = append(out, ir.SecurityRequirement{})
			continue
		}
		var req ir.SecurityRequirement
		for name, scopes := range r.Requirements.FromOldest() {
			if _, ok := l.schemes[name]; !ok {
				l.warnOnce("#/components/securitySchemes/"+jsonptr.Escape(name),
					fmt.Sprintf("security requirement names scheme %q, which the spec does not define; operations are generated without it", name))
				continue
			}
			req = append(req, ir.SchemeUse{Scheme: name, Scopes: scopes})
		}
		out = append(out, req)
	}
	return out, nil
}

// v3Operation lowers one 3.x operation.
func (l *lowerer) v3Operation(op *ir.Operation, r *rawOp, pi *v3.PathItem, o *v3.Operation) error {
	op.Summary, op.Description = o.Summary, o.Description
	opPlace := place{id: r.pointer, parent: "op:" + op.Name}
	if low := o.GoLow(); low != nil {
		if err := l.loadErrorsWithin(low.KeyNode, low.RootNode); err != nil {
			return err
		}
	}

	// Parameters: the path item's, overridden by the operation's with the
	// same name and location.
	type key struct{ name, in string }
	var params []*v3.Parameter
	index := map[key]int{}
	for _, list := range [][]*v3.Parameter{pi.Parameters, o.Parameters} {
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
	for _, p := range params {
		param, err := l.v3Param(op, p, opPlace)
		if err != nil {
			return err
		}
		if param != nil {
			op.Params = append(op.Params, param)
		}
	}
	if err := l.checkPathParams(op, r); err != nil {
		return err
	}

	if rb := o.RequestBody; rb != nil && rb.Content != nil && rb.Content.Len() > 0 {
		body, err := l.v3Body(op, rb, opPlace)
		if err != nil {
			return err
		}
		op.Body = body
	}

	if o.Responses != nil {
		if err := l.v3Responses(op, o.Responses, opPlace); err != nil {
			return err
		}
	}

	sec, err := l.security(o.Security)
	if err != nil {
		return err
	}
	if sec == nil {
		sec, err = l.security(l.doc.V3.Security)
		if err != nil {
			return err
		}
	}
	op.Security = normalizeSecurity(sec)
	switch {
	case len(o.Servers) > 0:
		op.Servers = v3Servers(o.Servers)
	case len(pi.Servers) > 0:
		op.Servers = v3Servers(pi.Servers)
	}
	return nil
}

// normalizeSecurity drops an empty alternative when it is the only one (no
// auth at all) and records the schemes in use.
func normalizeSecurity(reqs []ir.SecurityRequirement) []ir.SecurityRequirement {
	var out []ir.SecurityRequirement
	for _, r := range reqs {
		if len(r) == 0 && len(reqs) == 1 {
			return nil
		}
		out = append(out, r)
	}
	return out
}

// ignoredHeaders are header parameters OpenAPI says to ignore: the client
// sets them itself.
var ignoredHeaders = map[string]bool{"accept": true, "content-type": true, "authorization": true}

// v3Param lowers one parameter; it returns nil for parameters that are
// deliberately dropped.
func (l *lowerer) v3Param(op *ir.Operation, p *v3.Parameter, opPlace place) (*ir.Param, error) {
	in := ir.Location(strings.ToLower(p.In))
	switch in {
	case ir.InPath, ir.InQuery, ir.InHeader, ir.InCookie:
	default:
		return nil, fmt.Errorf("parameter %q is in %q, which agentready does not support (use path, query, header or cookie)", p.Name, p.In)
	}
	if p.Name == "" {
		return nil, fmt.Errorf("a %s parameter has no name", in)
	}
	if in == ir.InHeader && ignoredHeaders[strings.ToLower(p.Name)] {
		return nil, nil
	}
	out := &ir.Param{
		Name: p.Name, In: in, Style: p.Style, Required: p.Required != nil && *p.Required,
		Deprecated: p.Deprecated, Description: p.Description, AllowReserved: p.AllowReserved,
	}
	if in == ir.InPath {
		out.Required = true
	}
	defaultStyle(out)
	if p.Explode != nil {
		out.Explode = *p.Explode
	}
	pl := opPlace.child("parameters", "").child(p.Name, names.Exported(p.Name))
	switch {
	case p.Schema != nil:
		s, err := l.schema(p.Schema, pl.child("schema", ""))
		if err != nil {
			return nil, fmt.Errorf("parameter %q: %v", p.Name, err)
		}
		out.Schema = s
	case p.Content != nil && p.Content.Len() > 0:
		mt, media := pickMedia(p.Content)
		out.ContentType = mt
		s, err := l.schema(media.Schema, pl.child("content", "").child(mt, "").child("schema", ""))
		if err != nil {
			return nil, fmt.Errorf("parameter %q: %v", p.Name, err)
		}
		out.Schema = s
	default:
		out.Schema = &ir.Schema{Kind: ir.KindString}
	}
	out.Example = nodeValue(p.Example)
	if out.Example == nil {
		out.Example = firstExample(p.Examples)
	}
	return out, nil
}

// defaultStyle fills in the OpenAPI default style and explode for p's
// location.
func defaultStyle(p *ir.Param) {
	if p.Style == "" {
		switch p.In {
		case ir.InQuery, ir.InCookie:
			p.Style = "form"
		default:
			p.Style = "simple"
		}
	}
	p.Explode = p.Style == "form"
}

func firstExample(m *orderedmap.Map[string, *base.Example]) any {
	if m == nil {
		return nil
	}
	for _, e := range m.FromOldest() {
		if e != nil && e.Value != nil {
			return nodeValue(e.Value)
		}
	}
	return nil
}

// pickMedia chooses the media type a tool uses: JSON first, then forms,
// then text, then anything.
func pickMedia(content *orderedmap.Map[string, *v3.MediaType]) (string, *v3.MediaType) {
	best, bestRank := "", 99
	var bestMedia *v3.MediaType
	for mt, m := range content.FromOldest() {
		if r := mediaRank(mt); r < bestRank {
			best, bestRank, bestMedia = mt, r, m
		}
	}
	if bestMedia == nil {
		bestMedia = &v3.MediaType{}
	}
	return best, bestMedia
}

func mediaRank(mt string) int {
	mt = strings.ToLower(strings.TrimSpace(strings.Split(mt, ";")[0]))
	switch {
	case mt == "application/json":
		return 0
	case strings.HasSuffix(mt, "+json") || strings.HasSuffix(mt, "/json"):
		return 1
	case mt == "application/x-www-form-urlencoded":
		return 2
	case mt == "multipart/form-data":
		return 3
	case strings.HasPrefix(mt, "text/plain"):
		return 4
	case mt == "*/*" || mt == "application/*":
		return 5
	case mt == "application/octet-stream":
		return 6
	case strings.Contains(mt, "json"):
		return 7
	}
	return 8
}

// v3Body lowers a request body.
func (l *lowerer) v3Body(op *ir.Operation, rb *v3.RequestBody, opPlace place) (*ir.Body, error) {
	mt, media := pickMedia(rb.Content)
	body := &ir.Body{ContentType: mt, Required: rb.Required != nil && *rb.Required, Description: rb.Description}
	for other := range rb.Content.KeysFromOldest() {
		if other != mt {
			body.Alternatives = append(body.Alternatives, other)
		}
	}
	pl := place{id: opPlace.id + "/requestBody/content/" + jsonptr.Escape(mt) + "/schema", parent: opPlace.parent, suffix: "Body"}
	s, err := l.schema(media.Schema, pl)
	if err != nil {
		return nil, fmt.Errorf("request body: %v", err)
	}
	if media.Schema == nil {
		s = bodyWithoutSchema(mt)
	}
	body.Schema = s
	if media.Encoding != nil && media.Encoding.Len() > 0 {
		body.Encoding = map[string]ir.Encoding{}
		for prop, enc := range media.Encoding.FromOldest() {
			if enc == nil {
				continue
			}
			body.Encoding[prop] = ir.Encoding{ContentType: enc.ContentType, Style: enc.Style, Explode: own(enc.Explode)}
		}
	}
	body.Example = nodeValue(media.Example)
	if body.Example == nil {
		body.Example = firstExample(media.Examples)
	}
	return body, nil
}

// bodyWithoutSchema is the schema of a body whose media type has none:
// bytes for binary types, text for text, any JSON otherwise.
func bodyWithoutSchema(mt string) *ir.Schema {
	switch r := mediaRank(mt); {
	case r <= 1:
		return &ir.Schema{Kind: ir.KindAny}
	case r == 2 || r == 3:
		return &ir.Schema{Kind: ir.KindObject, AdditionalProperties: &ir.Schema{Kind: ir.KindAny}}
	case r == 4:
		return &ir.Schema{Kind: ir.KindString}
	}
	return &ir.Schema{Kind: ir.KindString, Format: "binary"}
}

// v3Responses lowers the responses; only the success response's schema is
// lowered, since that is what callers decode.
func (l *lowerer) v3Responses(op *ir.Operation, rs *v3.Responses, opPlace place) error {
	type entry struct {
		code string
		r    *v3.Response
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
	for _, e := range all {
		if e.r == nil {
			continue
		}
		resp := &ir.Response{Status: strings.ToUpper(e.code), Description: e.r.Description}
		if e.code == "default" {
			resp.Status = "default"
		}
		if e.r.Content != nil && e.r.Content.Len() > 0 {
			mt, media := pickMedia(e.r.Content)
			resp.ContentType = mt
			if e.code == success {
				pl := place{id: opPlace.id + "/responses/" + e.code + "/content/" + jsonptr.Escape(mt) + "/schema", parent: opPlace.parent, suffix: "Result"}
				if media.Schema != nil {
					s, err := l.schema(media.Schema, pl)
					if err != nil {
						return fmt.Errorf("response %s: %v", e.code, err)
					}
					resp.Schema = s
				} else if mediaRank(mt) <= 1 {
					resp.Schema = &ir.Schema{Kind: ir.KindAny}
				}
				resp.Example = nodeValue(media.Example)
				if resp.Example == nil {
					resp.Example = firstExample(media.Examples)
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

// successCode picks the response a successful call returns: the lowest
// explicit 2xx, else 2XX. Without either there is none.
func successCode(codes func(func(string) bool)) string {
	best := ""
	for c := range codes {
		uc := strings.ToUpper(c)
		switch {
		case len(c) == 3 && c[0] == '2' && isDigits(c):
			if best == "" || best == "2XX" || c < best {
				best = c
			}
		case uc == "2XX" && best == "":
			best = c
		}
	}
	return best
}

// checkPathParams makes the path template and the path parameters agree:
// a template variable without a parameter gets a required string
// parameter (with a warning, the spec is wrong but the call is clear); a
// path parameter the template does not use is dropped.
func (l *lowerer) checkPathParams(op *ir.Operation, r *rawOp) error {
	vars := pathVars(op.Path)
	declared := map[string]bool{}
	kept := op.Params[:0]
	for _, p := range op.Params {
		if p.In == ir.InPath {
			if !contains(vars, p.Name) {
				l.diags.Warnf(r.origin, subject(r), "path parameter %q does not appear in the path; it is ignored", p.Name)
				continue
			}
			declared[p.Name] = true
		}
		kept = append(kept, p)
	}
	op.Params = kept
	for _, v := range vars {
		if declared[v] {
			continue
		}
		l.diags.Warnf(r.origin, subject(r), "path variable {%s} has no parameter; treating it as a required string", v)
		op.Params = append(op.Params, &ir.Param{Name: v, In: ir.InPath, Style: "simple", Required: true, Schema: &ir.Schema{Kind: ir.KindString}})
	}
	// Path parameters first, in template order, then the rest as declared.
	var path, rest []*ir.Param
	for _, p := range op.Params {
		if p.In == ir.InPath {
			path = append(path, p)
		} else {
			rest = append(rest, p)
		}
	}
	orderBy(path, vars)
	op.Params = append(path, rest...)
	return nil
}

func orderBy(ps []*ir.Param, order []string) {
	pos := map[string]int{}
	for i, v := range order {
		pos[v] = i
	}
	for i := 1; i < len(ps); i++ {
		for j := i; j > 0 && pos[ps[j].Name] < pos[ps[j-1].Name]; j-- {
			ps[j], ps[j-1] = ps[j-1], ps[j]
		}
	}
}

// pathVars lists the {variables} of a path template in order.
func pathVars(path string) []string {
	var out []string
	for {
		i := strings.IndexByte(path, '{')
		if i < 0 {
			return out
		}
		j := strings.IndexByte(path[i:], '}')
		if j < 0 {
			return out
		}
		out = append(out, path[i+1:i+j])
		path = path[i+j+1:]
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
