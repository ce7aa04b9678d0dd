package lower

import (
	"fmt"
	"maps"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/gen/names"
	"github.com/agentready/agentready/internal/jsonptr"
)

// validArg matches the argument names every major LLM API accepts as
// JSON Schema property keys.
var validArg = regexp.MustCompile(`^[a-zA-Z0-9_.-]{1,64}$`)

// argName makes a wire name usable as a tool argument.
func argName(name string) string {
	if validArg.MatchString(name) {
		return name
	}
	n := strings.TrimSuffix(name, "[]")
	var b strings.Builder
	for _, r := range n {
		if r < 128 && (r == '_' || r == '.' || r == '-' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			b.WriteRune(r)
		} else {
			b.WriteByte('_')
		}
	}
	out := strings.Trim(b.String(), "_")
	if out == "" {
		out = "arg"
	}
	if len(out) > 64 {
		out = out[:64]
	}
	return out
}

// finishOperation gives the operation's parameters their argument and Go
// field names, decides whether the body's fields are arguments of their
// own, and records the security schemes in use.
func (l *lowerer) finishOperation(op *ir.Operation) {
	var args, fields names.Scope
	// Arguments: a parameter keeps its name; a second parameter with the
	// same name in another location is prefixed with the location.
	count := map[string]int{}
	for _, p := range op.Params {
		count[argName(p.Name)]++
	}
	for _, p := range op.Params {
		a := argName(p.Name)
		if count[a] > 1 && p.In != ir.InPath && p.In != ir.InQuery {
			a = string(p.In) + "_" + a
		}
		p.Arg = args.UniqueSep(a, "_")
		p.GoName = fields.Unique(names.Exported(p.Name))
	}
	if b := op.Body; b != nil {
		b.GoName = fields.Unique("Body")
		b.Flatten = l.canFlatten(b, &args)
		if b.Flatten {
			for _, p := range l.resolve(b.Schema).Properties {
				args.Reserve(p.Name)
			}
		} else {
			want := "body"
			if args.Taken(want) {
				want = "request_body"
			}
			b.Arg = args.UniqueSep(want, "_")
		}
	}
	if len(op.Security) == 0 {
		l.impliedSecurity(op)
	}
	for _, alt := range op.Security {
		for _, u := range alt {
			l.usedSchemes[u.Scheme] = true
		}
	}
}

// impliedSecurity makes an operation that declares no security but takes,
// as a parameter, the one an API-key scheme of the spec names (Trello
// leaves security off 24 of its 324 operations, each still taking `key`
// and `token`) require that scheme: the credential then comes from the
// client's configuration, as on the API's other operations, instead of
// being a tool argument a model is asked to fill with a secret. When none
// of those parameters is required, the scheme stays optional (an empty
// alternative).
func (l *lowerer) impliedSecurity(op *ir.Operation) {
	if l.apiKeySchemes == nil {
		// The spec's schemes are all read before its operations: list
		// its API-key ones once, in name order, not once per parameter.
		l.apiKeySchemes = []*ir.SecurityScheme{}
		for _, name := range slices.Sorted(maps.Keys(l.schemes)) {
			if s := l.schemes[name]; s.Kind == ir.SchemeAPIKey {
				l.apiKeySchemes = append(l.apiKeySchemes, s)
			}
		}
	}
	var req ir.SecurityRequirement
	required := false
	for _, p := range op.Params {
		if p.In == ir.InPath {
			continue
		}
		for _, s := range l.apiKeySchemes {
			if s.In == p.In && strings.EqualFold(s.ParamName, p.Name) {
				req = append(req, ir.SchemeUse{Scheme: s.Name})
				required = required || p.Required
				if l.impliedBy == nil {
					l.impliedBy = map[string][]string{}
				}
				l.impliedBy[s.Name] = append(l.impliedBy[s.Name], op.Name)
				break
			}
		}
	}
	if len(req) == 0 {
		return
	}
	op.Security = []ir.SecurityRequirement{req}
	if !required {
		op.Security = append(op.Security, ir.SecurityRequirement{})
	}
}

// warnImplied says, once per scheme, which operations impliedSecurity
// made require it.
func (l *lowerer) warnImplied() {
	for _, name := range slices.Sorted(maps.Keys(l.impliedBy)) {
		ops := l.impliedBy[name]
		sort.Strings(ops)
		list := "operation " + ops[0] + " declares"
		switch {
		case len(ops) > 3:
			list = fmt.Sprintf("operations %s and %d more declare", strings.Join(ops[:3], ", "), len(ops)-3)
		case len(ops) > 1:
			list = "operations " + strings.Join(ops, ", ") + " declare"
		}
		s := l.schemes[name]
		ptr := "#/components/securitySchemes/" + jsonptr.Escape(name)
		if l.doc.V2 != nil {
			ptr = "#/securityDefinitions/" + jsonptr.Escape(name)
		}
		l.warnOnce(ptr, fmt.Sprintf("%s no security but take %s parameter %q of API-key scheme %q: "+
			"agentready makes them require the scheme, so tools send the credential and no model is asked for it; "+
			"add the scheme to their security in the spec to silence this", list, s.In, s.ParamName, name))
	}
}

// canFlatten reports whether a body's properties can be tool arguments of
// their own: a JSON or form object with declared properties, no free-form
// extra keys, and names that collide with no parameter.
func (l *lowerer) canFlatten(b *ir.Body, args *names.Scope) bool {
	if mediaRank(b.ContentType) > 3 {
		return false
	}
	s := l.resolve(b.Schema)
	if s == nil || !s.IsObject() || s.AdditionalProperties != nil {
		return false
	}
	for _, p := range s.Properties {
		if !validArg.MatchString(p.Name) || args.Taken(p.Name) {
			return false
		}
	}
	return true
}

// resolve follows Refs through the types built so far.
func (l *lowerer) resolve(s *ir.Schema) *ir.Schema {
	for i := 0; s != nil && s.Ref != "" && i < 64; i++ {
		e := l.types[s.Ref]
		if e == nil {
			return nil
		}
		s = e.t.Schema
	}
	return s
}

// keepReachableTypes keeps the types that the kept operations reach, in a
// walk that follows Refs once each.
func (l *lowerer) keepReachableTypes() {
	seen := map[string]bool{}
	var walk func(s *ir.Schema)
	walk = func(s *ir.Schema) {
		if s == nil {
			return
		}
		if s.Ref != "" {
			if seen[s.Ref] {
				return
			}
			seen[s.Ref] = true
			if e := l.types[s.Ref]; e != nil {
				walk(e.t.Schema)
			}
			return
		}
		walk(s.Items)
		walk(s.AdditionalProperties)
		for _, p := range s.Properties {
			walk(p.Schema)
		}
		for _, v := range s.Variants {
			walk(v)
		}
	}
	for _, op := range l.api.Operations {
		for _, p := range op.Params {
			walk(p.Schema)
		}
		if op.Body != nil {
			walk(op.Body.Schema)
		}
		for _, r := range op.Responses {
			walk(r.Schema)
		}
	}
	for _, e := range l.order {
		if seen[e.t.ID] && e.err == nil && e.t.Schema != nil {
			l.api.Types = append(l.api.Types, e.t)
		}
	}
	// Discriminator mappings may name types no property reaches; keep
	// only mappings to kept types.
	for _, t := range l.api.Types {
		if d := t.Schema.Discriminator; d != nil {
			for k, id := range d.Mapping {
				if !seen[id] {
					delete(d.Mapping, k)
				}
			}
		}
	}
}

// nameTypes gives every kept type, every operation's input and response
// type and every enum constant a Go name unique in the package. Order
// decides who gets a contested name: component schemas first (their names
// are the spec's own), then operation types, then inline types, then enum
// constants; within each group a stable order, so names do not change
// from run to run.
func (l *lowerer) nameTypes() {
	var scope names.Scope
	scope.Reserve(reservedTypes...)
	byEntry := map[*ir.Type]*typeEntry{}
	for _, e := range l.order {
		byEntry[e.t] = e
	}
	var comps, inline []*typeEntry
	for _, t := range l.api.Types {
		e := byEntry[t]
		if e.component {
			comps = append(comps, e)
		} else {
			inline = append(inline, e)
		}
	}
	sort.Slice(comps, func(i, j int) bool {
		if comps[i].baseName != comps[j].baseName {
			return comps[i].baseName < comps[j].baseName
		}
		return comps[i].t.ID < comps[j].t.ID
	})
	for _, e := range comps {
		e.t.GoName = scope.Unique(e.baseName)
	}
	opGo := map[string]string{}
	for _, op := range l.api.Operations {
		opGo["op:"+op.Name] = op.GoName
		if len(op.Params) > 0 || op.Body != nil {
			op.InputType = scope.Unique(op.GoName + "Input")
		}
		op.ResponseType = scope.Unique(op.GoName + "Response")
	}
	sort.Slice(inline, func(i, j int) bool { return inline[i].t.ID < inline[j].t.ID })
	for _, e := range inline {
		parent := opGo[e.parent]
		if parent == "" {
			if pe := l.types[e.parent]; pe != nil {
				parent = pe.t.GoName
			}
		}
		if parent == "" {
			parent = "Inline"
		}
		e.t.GoName = scope.Unique(parent + e.suffix)
	}
	sort.Slice(l.api.Types, func(i, j int) bool { return l.api.Types[i].GoName < l.api.Types[j].GoName })
	for _, t := range l.api.Types {
		s := t.Schema
		if len(s.Enum) > 0 && (s.Kind == ir.KindString || s.Kind == ir.KindInteger || s.Kind == ir.KindNumber) {
			t.EnumNames = make([]string, len(s.Enum))
			for i, v := range s.Enum {
				t.EnumNames[i] = scope.Unique(t.GoName + enumSuffix(v))
			}
		}
		nameProperties(s)
	}
}

// enumSuffix turns an enum value into the end of a constant name:
// "in_progress" -> "InProgress", 2 -> "2", "" -> "Empty", "-1" -> "Minus1".
func enumSuffix(v any) string {
	s := fmt.Sprint(v)
	if s == "" {
		return "Empty"
	}
	e := names.Exported(s)
	if strings.HasPrefix(e, "N") && len(s) > 0 && s[0] >= '0' && s[0] <= '9' {
		// Numbers read fine after the type name: PriorityN1 -> Priority1.
		return e[1:]
	}
	return e
}

// nameProperties gives an object's properties unique Go field names.
func nameProperties(s *ir.Schema) {
	if s == nil || len(s.Properties) == 0 {
		return
	}
	var scope names.Scope
	if s.AdditionalProperties != nil {
		scope.Reserve("AdditionalProperties")
	}
	for _, p := range s.Properties {
		p.GoName = scope.Unique(names.Exported(p.Name))
	}
}

// componentGoNames works out the Go names of all of a spec's component
// schemas at once, so a schema's Go name does not depend on which
// operations are selected. Dotted names (Java or Kubernetes style,
// "io.k8s.api.core.v1.Pod") use the shortest suffix of dotted segments
// that is unique: "Pod", but "V1beta1CronJob" beside "V2alpha1CronJob".
func componentGoNames(prefix string, keys []string) map[string]string {
	segs := make([][]string, len(keys))
	take := make([]int, len(keys))
	for i, k := range keys {
		segs[i] = strings.Split(k, ".")
		take[i] = 1
	}
	want := func(i int) string {
		s := segs[i]
		return names.Exported(strings.Join(s[len(s)-take[i]:], "."))
	}
	for round := 0; round < 32; round++ {
		groups := map[string][]int{}
		for i := range keys {
			groups[want(i)] = append(groups[want(i)], i)
		}
		changed := false
		for _, g := range groups {
			if len(g) < 2 {
				continue
			}
			for _, i := range g {
				if take[i] < len(segs[i]) {
					take[i]++
					changed = true
				}
			}
		}
		if !changed {
			break
		}
	}
	out := make(map[string]string, len(keys))
	for i, k := range keys {
		out[prefix+jsonptr.Escape(k)] = want(i)
	}
	return out
}

// componentGoName is the wanted Go name of the component type id.
func (l *lowerer) componentGoName(id, ref string) string {
	if n, ok := l.compNames[id]; ok {
		return n
	}
	return names.Exported(refName(ref))
}
