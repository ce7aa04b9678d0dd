package lower

import (
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"math"
	"path/filepath"
	"strings"

	"github.com/pb33f/libopenapi/datamodel/high/base"
	"go.yaml.in/yaml/v4"

	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/gen/names"
	"github.com/agentready/agentready/gen/toolrt/argcheck"
	"github.com/agentready/agentready/internal/jsonptr"
)

// typeEntry is a named type being built: the IR type plus how to name it.
type typeEntry struct {
	t *ir.Type
	// component is true for schemas the spec names (a $ref target); they
	// are named first, from their spec name.
	component bool
	// baseName is the wanted Go name of a component; parent and suffix
	// name an inline type after the thing it belongs to (an operation
	// "op:<name>" or a type ID).
	baseName string
	parent   string
	suffix   string
	err      error
}

// place says where a schema sits, to give inline types an ID and a name.
type place struct {
	// id is the JSON pointer (or a stable ID in the same form).
	id string
	// parent names the owner of a type hoisted from here: "op:<tool name>"
	// or a type ID; suffix is appended to the owner's Go name.
	parent, suffix string
}

func (p place) child(seg, suffix string) place {
	return place{id: p.id + "/" + jsonptr.Escape(seg), parent: p.parent, suffix: p.suffix + suffix}
}

// within returns the place for the insides of the named type id.
func within(id string) place { return place{id: id, parent: id} }

// maxSchemaDepth bounds the nesting of inline (not $ref'd) schemas; specs
// never come close, and a bound keeps a pathological file from exhausting
// the stack.
const maxSchemaDepth = 64

// schema lowers a schema proxy found at pl.
func (l *lowerer) schema(p *base.SchemaProxy, pl place) (*ir.Schema, error) {
	return l.schemaDepth(p, pl, 0)
}

func (l *lowerer) schemaDepth(p *base.SchemaProxy, pl place, depth int) (*ir.Schema, error) {
	if p == nil {
		return &ir.Schema{Kind: ir.KindAny}, nil
	}
	if depth > maxSchemaDepth {
		return nil, fmt.Errorf("schema nesting deeper than %d levels at %s", maxSchemaDepth, pl.id)
	}
	if p.IsReference() {
		id, err := l.component(p)
		if err != nil {
			return nil, err
		}
		return &ir.Schema{Ref: id}, nil
	}
	s := p.Schema()
	if s == nil {
		if err := p.GetBuildError(); err != nil {
			return nil, fmt.Errorf("schema at %s cannot be built: %v", pl.id, err)
		}
		return &ir.Schema{Kind: ir.KindAny}, nil
	}
	return l.schemaValue(s, pl, depth)
}

// component returns the type ID of the $ref'd schema p, lowering the target
// the first time it is seen.
func (l *lowerer) component(p *base.SchemaProxy) (string, error) {
	ref := p.GetReference()
	id := l.refID(p, ref)
	if e, ok := l.types[id]; ok {
		return id, e.err
	}
	e := &typeEntry{
		t:         &ir.Type{ID: id, Name: refName(ref)},
		component: true,
		baseName:  l.componentGoName(id, ref),
	}
	l.types[id] = e
	l.order = append(l.order, e)
	s := p.Schema()
	if s == nil {
		e.err = fmt.Errorf("$ref %q cannot be resolved", ref)
		if berr := p.GetBuildError(); berr != nil {
			e.err = fmt.Errorf("$ref %q cannot be resolved: %v", ref, berr)
		}
		return id, e.err
	}
	e.t.Origin = l.nodeOrigin(s.GoLow().RootNode, id)
	lowered, err := l.schemaValue(s, within(id), 0)
	if err != nil {
		e.err = err
		return id, err
	}
	e.t.Schema = lowered
	return id, nil
}

// refID turns a $ref into a type ID that is the same wherever the ref is
// written: refs into the root document keep their pointer
// ("#/components/schemas/Pet"); refs into other files are prefixed with
// the file's path relative to the root document's directory.
func (l *lowerer) refID(p *base.SchemaProxy, ref string) string {
	file, frag, hasFrag := strings.Cut(ref, "#")
	if !hasFrag {
		frag = ""
	}
	from := l.rootAbs
	if low := p.GoLow(); low != nil && low.GetIndex() != nil {
		if abs := low.GetIndex().GetSpecAbsolutePath(); abs != "" && !strings.HasPrefix(abs, "http") {
			from = abs
		}
	}
	target := from
	if file != "" {
		if strings.Contains(file, "://") {
			return ref
		}
		target = filepath.Clean(filepath.Join(filepath.Dir(from), file))
	}
	if target == l.rootAbs {
		return "#" + frag
	}
	rel, err := filepath.Rel(filepath.Dir(l.rootAbs), target)
	if err != nil {
		rel = target
	}
	return filepath.ToSlash(rel) + "#" + frag
}

// refName is the spec's name for a $ref target: the last segment of its
// pointer, or the file's base name for a whole-file ref.
func refName(ref string) string {
	file, frag, _ := strings.Cut(ref, "#")
	segs := strings.Split(strings.Trim(frag, "/"), "/")
	for i := len(segs) - 1; i >= 0; i-- {
		s := jsonptr.Unescape(segs[i])
		switch s {
		case "", "schema", "items", "properties", "content", "application~1json", "application/json",
			"additionalProperties", "allOf", "anyOf", "oneOf":
			continue
		}
		if isDigits(s) {
			continue
		}
		return s
	}
	base := filepath.Base(file)
	return strings.TrimSuffix(base, filepath.Ext(base))
}

func isDigits(s string) bool {
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return s != ""
}

// schemaValue lowers a schema that is not itself a $ref, hoisting it into
// a named type when it needs one.
func (l *lowerer) schemaValue(s *base.Schema, pl place, depth int) (*ir.Schema, error) {
	out, err := l.schemaCore(s, pl, depth)
	if err != nil {
		return nil, err
	}
	return l.maybeHoist(out, pl)
}

// schemaCore lowers the keywords of s, then drops a format its own enum
// values contradict (see fitEnumFormat).
func (l *lowerer) schemaCore(s *base.Schema, pl place, depth int) (*ir.Schema, error) {
	out, err := l.schemaKeywords(s, pl, depth)
	if err != nil {
		return nil, err
	}
	l.fitEnumFormat(out, s, pl)
	return out, nil
}

// fitEnumFormat drops the format of an enum when one of its values is not
// of that format, with a warning at the schema's place: SendGrid's
// send_at is `format: date-time, enum: [now]`. The enum's values are what
// callers send and receive, and a format that refuses one of them would
// make argument checking refuse it, tell the model something false in the
// tool's schema, and give the Go type a form (time.Time, uint8) whose
// constants cannot hold the values. A format the values all fit is kept.
func (l *lowerer) fitEnumFormat(out *ir.Schema, s *base.Schema, pl place) {
	if len(out.Enum) == 0 || out.Format == "" || out.Ref != "" {
		return
	}
	for _, v := range out.Enum {
		if why := formatMisfit(out.Kind, out.Format, v); why != "" {
			var n *yaml.Node
			if low := s.GoLow(); low != nil {
				n = low.RootNode
			}
			l.warnOnceAt(n, pl.id, fmt.Sprintf("enum value %s %s; the format is ignored so that the values stay usable",
				enumValueText(v), why))
			out.Format = ""
			return
		}
	}
}

// intFormatRange is the range of each integer format the emitter maps to
// a sized Go type.
var intFormatRange = map[string][2]float64{
	"int8": {math.MinInt8, math.MaxInt8}, "int16": {math.MinInt16, math.MaxInt16},
	"int32": {math.MinInt32, math.MaxInt32}, "int64": {math.MinInt64, math.MaxInt64},
	"uint8": {0, math.MaxUint8}, "uint16": {0, math.MaxUint16}, "uint32": {0, math.MaxUint32},
	"uint64": {0, math.MaxUint64}, "uint": {0, math.MaxUint64},
}

// formatMisfit says why the enum value v of a schema of kind k is not of
// format, or returns "" when it is: a string as argument checking sees
// it, a number within the range of the sized type the format names.
func formatMisfit(k ir.Kind, format string, v any) string {
	var f float64
	switch x := v.(type) {
	case string:
		if k == ir.KindString && !argcheck.FormatAccepts(format, x) {
			return "is not of format " + format
		}
		return ""
	case int64:
		f = float64(x)
	case float64:
		f = x
	default:
		return ""
	}
	fits := true
	switch k {
	case ir.KindInteger:
		r, sized := intFormatRange[format]
		fits = !sized || f >= r[0] && f <= r[1]
	case ir.KindNumber:
		fits = (format != "float" && format != "float32") || math.Abs(f) <= math.MaxFloat32
	}
	if !fits {
		return "is outside the " + format + " range"
	}
	return ""
}

// enumValueText quotes an enum value for a warning, cut short.
func enumValueText(v any) string {
	if x, ok := v.(string); ok {
		return fmt.Sprintf("%.60q", x)
	}
	return fmt.Sprint(v)
}

// schemaKeywords lowers the keywords of s.
func (l *lowerer) schemaKeywords(s *base.Schema, pl place, depth int) (*ir.Schema, error) {
	out := &ir.Schema{
		Title:         s.Title,
		Description:   s.Description,
		Format:        s.Format,
		Pattern:       s.Pattern,
		MultipleOf:    own(s.MultipleOf),
		Minimum:       own(s.Minimum),
		Maximum:       own(s.Maximum),
		MinLength:     own(s.MinLength),
		MaxLength:     own(s.MaxLength),
		MinItems:      own(s.MinItems),
		MaxItems:      own(s.MaxItems),
		MinProperties: own(s.MinProperties),
		MaxProperties: own(s.MaxProperties),
		UniqueItems:   s.UniqueItems != nil && *s.UniqueItems,
		ReadOnly:      s.ReadOnly != nil && *s.ReadOnly,
		WriteOnly:     s.WriteOnly != nil && *s.WriteOnly,
		Deprecated:    s.Deprecated != nil && *s.Deprecated,
		Nullable:      s.Nullable != nil && *s.Nullable,
	}
	if v := s.ExclusiveMinimum; v != nil {
		if v.IsA() {
			out.ExclusiveMinimum = v.A
		} else {
			b := v.B
			out.Minimum, out.ExclusiveMinimum = &b, true
		}
	}
	if v := s.ExclusiveMaximum; v != nil {
		if v.IsA() {
			out.ExclusiveMaximum = v.A
		} else {
			b := v.B
			out.Maximum, out.ExclusiveMaximum = &b, true
		}
	}
	out.Default = nodeValue(s.Default)
	out.Example = nodeValue(s.Example)
	if out.Example == nil && len(s.Examples) > 0 {
		out.Example = nodeValue(s.Examples[0])
	}
	for _, n := range s.Enum {
		out.Enum = append(out.Enum, nodeValue(n))
	}
	if s.Const != nil {
		out.Enum = []any{nodeValue(s.Const)}
		if d := strings.TrimSpace(firstText(s.Description, s.Title)); d != "" {
			out.EnumDescriptions = []string{d}
		}
	} else {
		out.EnumDescriptions = enumDescriptions(s, out.Enum)
	}

	// The type: 3.1 allows a list, where "null" means nullable.
	var kinds []ir.Kind
	for _, t := range s.Type {
		if t == "null" {
			out.Nullable = true
			continue
		}
		kinds = append(kinds, ir.Kind(t))
	}
	// An enum that lists null makes the schema nullable; the null is not
	// an allowed value of the Go type.
	if i := indexNil(out.Enum); i >= 0 {
		out.Nullable = true
		out.Enum = append(out.Enum[:i:i], out.Enum[i+1:]...)
		if len(out.EnumDescriptions) > i {
			out.EnumDescriptions = append(out.EnumDescriptions[:i:i], out.EnumDescriptions[i+1:]...)
		}
	}

	switch {
	case len(s.AllOf) > 0:
		if err := l.allOf(out, s, pl, depth); err != nil {
			return nil, err
		}
		return out, nil
	case len(s.OneOf) > 0 || len(s.AnyOf) > 0:
		variants, exclusive := s.AnyOf, false
		if len(s.OneOf) > 0 {
			variants, exclusive = s.OneOf, true
		}
		if err := l.union(out, s, variants, exclusive, pl, depth); err != nil {
			return nil, err
		}
		// A union beside properties (a common way to say "one of these
		// shapes plus common fields") keeps the properties: the object
		// wins, the variants are documentation.
		if len(kinds) == 1 && kinds[0] == ir.KindObject && s.Properties != nil && s.Properties.Len() > 0 {
			out.Kind, out.Variants, out.Exclusive, out.Discriminator = ir.KindObject, nil, false, nil
			if err := l.object(out, s, pl, depth); err != nil {
				return nil, err
			}
		}
		return out, nil
	}

	switch {
	case len(kinds) > 1:
		// type: [string, integer]: a union of primitive kinds.
		out.Kind = ir.KindUnion
		for _, k := range kinds {
			v := &ir.Schema{Kind: k}
			if k == ir.KindArray {
				v.Items = &ir.Schema{Kind: ir.KindAny}
			}
			out.Variants = append(out.Variants, v)
		}
	case len(kinds) == 1:
		out.Kind = kinds[0]
	case s.Properties != nil && s.Properties.Len() > 0, s.AdditionalProperties != nil:
		out.Kind = ir.KindObject
	case s.Items != nil:
		out.Kind = ir.KindArray
	case len(out.Enum) > 0:
		out.Kind = kindOfValue(out.Enum[0])
	case len(s.Type) == 1: // only "null"
		out.Kind = ir.KindNull
	default:
		out.Kind = ir.KindAny
	}

	switch out.Kind {
	case ir.KindObject:
		if err := l.object(out, s, pl, depth); err != nil {
			return nil, err
		}
	case ir.KindArray:
		var items *base.SchemaProxy
		if s.Items != nil && s.Items.IsA() {
			items = s.Items.A
		}
		it, err := l.schemaDepth(items, pl.child("items", "Item"), depth+1)
		if err != nil {
			return nil, err
		}
		out.Items = it
	case ir.KindString, ir.KindInteger, ir.KindNumber, ir.KindBoolean, ir.KindAny, ir.KindUnion, ir.KindNull:
	default:
		// An unknown type name ("file" in 2.0 is mapped before this;
		// anything else is a spec error) is treated as any value.
		l.warnOnce(pl.id, fmt.Sprintf("unknown schema type %q, treated as any value", out.Kind))
		out.Kind = ir.KindAny
	}
	return out, nil
}

func indexNil(vs []any) int {
	for i, v := range vs {
		if v == nil {
			return i
		}
	}
	return -1
}

func kindOfValue(v any) ir.Kind {
	switch v.(type) {
	case string:
		return ir.KindString
	case bool:
		return ir.KindBoolean
	case int64, int:
		return ir.KindInteger
	case float64:
		return ir.KindNumber
	case []any:
		return ir.KindArray
	case map[string]any:
		return ir.KindObject
	}
	return ir.KindAny
}

// object fills in properties and additional properties.
func (l *lowerer) object(out *ir.Schema, s *base.Schema, pl place, depth int) error {
	required := make(map[string]bool, len(s.Required))
	for _, r := range s.Required {
		required[r] = true
	}
	if s.Properties != nil {
		for name, ps := range s.Properties.FromOldest() {
			sch, err := l.schemaDepth(ps, pl.child("properties", "").child(name, names.Exported(name)), depth+1)
			if err != nil {
				return err
			}
			out.Properties = append(out.Properties, &ir.Property{Name: name, Required: required[name], Schema: sch})
		}
	}
	if ap := s.AdditionalProperties; ap != nil {
		switch {
		case ap.IsA() && ap.A != nil:
			v, err := l.schemaDepth(ap.A, pl.child("additionalProperties", "Value"), depth+1)
			if err != nil {
				return err
			}
			out.AdditionalProperties = v
		case ap.IsB() && !ap.B:
			out.ClosedObject = true
		case ap.IsB() && ap.B:
			out.AdditionalProperties = &ir.Schema{Kind: ir.KindAny}
		}
	}
	return nil
}

// allOf merges the parts of an allOf into out: properties, required marks
// and constraints are combined, so `allOf: [$ref: Base, {properties}]`
// becomes one object. A lone part (allOf used to annotate a $ref) stays a
// reference.
func (l *lowerer) allOf(out *ir.Schema, s *base.Schema, pl place, depth int) error {
	own := *s
	own.AllOf = nil
	hasOwn := (own.Properties != nil && own.Properties.Len() > 0) || own.AdditionalProperties != nil ||
		own.Items != nil || len(own.OneOf) > 0 || len(own.AnyOf) > 0
	if len(s.AllOf) == 1 && !hasOwn {
		part, err := l.schemaDepth(s.AllOf[0], pl.child("allOf", "").child("0", ""), depth+1)
		if err != nil {
			return err
		}
		annotate(out, part)
		return nil
	}
	merged := &ir.Schema{}
	for i, p := range s.AllOf {
		// Parts are merged into this schema, so what they hoist is named
		// after it: Dog's breed is DogBreed, not DogAllOf2Breed.
		part, err := l.schemaDepth(p, pl.child("allOf", "").child(fmt.Sprint(i), ""), depth+1)
		if err != nil {
			return err
		}
		l.mergeInto(merged, part, map[string]bool{})
	}
	if hasOwn {
		// The schema's own keywords beside allOf, lowered in place (not
		// hoisted: they are part of this schema).
		ownLowered, err := l.schemaCore(&own, pl, depth+1)
		if err != nil {
			return err
		}
		l.mergeInto(merged, ownLowered, map[string]bool{})
	}
	// A part may require a property another part declares
	// (allOf: [$ref: Pet, {required: [kind]}]).
	required := append([]string(nil), s.Required...)
	for _, p := range s.AllOf {
		if p != nil && !p.IsReference() {
			if ps := p.Schema(); ps != nil {
				required = append(required, ps.Required...)
			}
		}
	}
	for _, name := range required {
		if prop := merged.Property(name); prop != nil {
			prop.Required = true
		}
	}
	if merged.Kind == "" {
		merged.Kind = ir.KindAny
	}
	keep := *out
	*out = *merged
	// The allOf schema's own annotations win over its parts'.
	if keep.Description != "" {
		out.Description = keep.Description
	}
	if keep.Title != "" {
		out.Title = keep.Title
	}
	out.Nullable = out.Nullable || keep.Nullable
	out.ReadOnly = out.ReadOnly || keep.ReadOnly
	out.WriteOnly = out.WriteOnly || keep.WriteOnly
	out.Deprecated = out.Deprecated || keep.Deprecated
	if keep.Default != nil {
		out.Default = keep.Default
	}
	if keep.Example != nil {
		out.Example = keep.Example
	}
	if len(keep.Enum) > 0 {
		out.Enum, out.EnumDescriptions = keep.Enum, keep.EnumDescriptions
	}
	return nil
}

// annotate makes out a use of part, keeping out's own annotations.
func annotate(out, part *ir.Schema) {
	desc, title, nullable, def, ex := out.Description, out.Title, out.Nullable, out.Default, out.Example
	ro, wo, dep := out.ReadOnly, out.WriteOnly, out.Deprecated
	*out = *part
	if desc != "" {
		out.Description = desc
	}
	if title != "" && out.Ref == "" {
		out.Title = title
	}
	out.Nullable = out.Nullable || nullable
	out.ReadOnly = out.ReadOnly || ro
	out.WriteOnly = out.WriteOnly || wo
	out.Deprecated = out.Deprecated || dep
	if def != nil {
		out.Default = def
	}
	if ex != nil {
		out.Example = ex
	}
}

// mergeInto adds part to dst for allOf. References are followed (with a
// guard against cycles) because the parts' properties become dst's own.
func (l *lowerer) mergeInto(dst, part *ir.Schema, seen map[string]bool) {
	if part.Ref != "" {
		if seen[part.Ref] {
			return
		}
		seen[part.Ref] = true
		e := l.types[part.Ref]
		if e == nil || e.t.Schema == nil {
			// The target is still being lowered (an allOf cycle): nothing
			// more can be merged from it.
			if dst.Kind == "" {
				dst.Kind = ir.KindObject
			}
			return
		}
		l.mergeInto(dst, e.t.Schema, seen)
		return
	}
	if dst.Kind == "" || dst.Kind == ir.KindAny {
		dst.Kind = part.Kind
	} else if part.Kind != "" && part.Kind != ir.KindAny && part.Kind != dst.Kind {
		// Contradictory parts: an object wins (it carries the fields).
		if part.Kind == ir.KindObject {
			dst.Kind = ir.KindObject
		}
	}
	if dst.Format == "" {
		dst.Format = part.Format
	}
	if dst.Description == "" {
		dst.Description = part.Description
	}
	if dst.Title == "" {
		dst.Title = part.Title
	}
	if len(dst.Enum) == 0 {
		dst.Enum, dst.EnumDescriptions = part.Enum, part.EnumDescriptions
	}
	if dst.Default == nil {
		dst.Default = part.Default
	}
	if dst.Example == nil {
		dst.Example = part.Example
	}
	if dst.Items == nil {
		dst.Items = part.Items
	}
	if dst.AdditionalProperties == nil {
		dst.AdditionalProperties = part.AdditionalProperties
	}
	if len(dst.Variants) == 0 && len(part.Variants) > 0 {
		dst.Variants, dst.Exclusive, dst.Discriminator = part.Variants, part.Exclusive, part.Discriminator
	}
	dst.Minimum = firstNonNil(dst.Minimum, part.Minimum)
	dst.Maximum = firstNonNil(dst.Maximum, part.Maximum)
	dst.MinLength = firstNonNil(dst.MinLength, part.MinLength)
	dst.MaxLength = firstNonNil(dst.MaxLength, part.MaxLength)
	dst.MinItems = firstNonNil(dst.MinItems, part.MinItems)
	dst.MaxItems = firstNonNil(dst.MaxItems, part.MaxItems)
	if dst.Pattern == "" {
		dst.Pattern = part.Pattern
	}
	dst.Nullable = dst.Nullable || part.Nullable
	for _, p := range part.Properties {
		if existing := dst.Property(p.Name); existing != nil {
			existing.Required = existing.Required || p.Required
			// A later part refines the property (often only its
			// description); keep the more specific schema.
			if p.Schema != nil && (existing.Schema == nil || existing.Schema.Kind == ir.KindAny && existing.Schema.Ref == "") {
				existing.Schema = p.Schema
			}
			continue
		}
		cp := *p
		dst.Properties = append(dst.Properties, &cp)
	}
}

// own returns a copy of *p. libopenapi's pointers point into its
// low-level model: an IR that kept one would keep the whole parse tree
// (YAML nodes, the index) alive as long as the IR, several times its
// size.
func own[T any](p *T) *T {
	if p == nil {
		return nil
	}
	v := *p
	return &v
}

func firstNonNil[T any](a, b *T) *T {
	if a != nil {
		return a
	}
	return b
}

// union lowers oneOf/anyOf. A null variant makes the schema nullable; a
// single remaining variant makes it a plain use of that variant; variants
// that are all the same primitive collapse into it. Inline variants are
// hoisted into named types only once the union is known to stay a union.
func (l *lowerer) union(out *ir.Schema, s *base.Schema, variants []*base.SchemaProxy, exclusive bool, pl place, depth int) error {
	kw := "anyOf"
	if exclusive {
		kw = "oneOf"
	}
	var vs []*ir.Schema
	var places []place
	for i, p := range variants {
		vpl := pl.child(kw, "").child(fmt.Sprint(i), fmt.Sprintf("Variant%d", i+1))
		var v *ir.Schema
		var err error
		if p != nil && !p.IsReference() && p.Schema() != nil {
			v, err = l.schemaCore(p.Schema(), vpl, depth+1)
		} else {
			v, err = l.schemaDepth(p, vpl, depth+1)
		}
		if err != nil {
			return err
		}
		if v.Ref == "" && v.Kind == ir.KindNull {
			out.Nullable = true
			continue
		}
		vs = append(vs, v)
		places = append(places, vpl)
	}
	if k, ok := samePrimitive(vs); ok {
		// anyOf [{type: string, enum: [...]}, {type: string}] is a string:
		// a union would only make callers pick between identical types.
		merged := &ir.Schema{Kind: k}
		described := false
		for _, v := range vs {
			if len(v.Enum) == 0 {
				merged.Enum, described = nil, false
				break
			}
			merged.Enum = append(merged.Enum, v.Enum...)
			for i := range v.Enum {
				d := ""
				if i < len(v.EnumDescriptions) {
					d = v.EnumDescriptions[i]
				}
				described = described || d != ""
				merged.EnumDescriptions = append(merged.EnumDescriptions, d)
			}
		}
		if !described {
			merged.EnumDescriptions = nil
		}
		vs = []*ir.Schema{merged}
	}
	switch len(vs) {
	case 0:
		out.Kind = ir.KindAny
		return nil
	case 1:
		annotate(out, vs[0])
		return nil
	}
	for i, v := range vs {
		h, err := l.maybeHoist(v, places[i])
		if err != nil {
			return err
		}
		vs[i] = h
	}
	out.Kind = ir.KindUnion
	out.Variants = vs
	out.Exclusive = exclusive
	if d := s.Discriminator; d != nil && d.PropertyName != "" {
		out.Discriminator = &ir.Discriminator{Property: d.PropertyName}
		if d.Mapping != nil && d.Mapping.Len() > 0 {
			out.Discriminator.Mapping = make(map[string]string, d.Mapping.Len())
			for k, ref := range d.Mapping.FromOldest() {
				if !strings.Contains(ref, "#") && !strings.Contains(ref, "/") {
					ref = l.componentPrefix() + ref
				}
				out.Discriminator.Mapping[k] = ref
			}
		}
	}
	return nil
}

// samePrimitive reports whether all variants are inline schemas of one
// primitive kind with no format.
func samePrimitive(vs []*ir.Schema) (ir.Kind, bool) {
	if len(vs) < 2 {
		return "", false
	}
	k := vs[0].Kind
	for _, v := range vs {
		if v.Ref != "" || v.Kind != k || v.Format != "" {
			return "", false
		}
	}
	switch k {
	case ir.KindString, ir.KindInteger, ir.KindNumber, ir.KindBoolean:
		return k, true
	}
	return "", false
}

// componentPrefix is where this spec version keeps named schemas.
func (l *lowerer) componentPrefix() string {
	if l.doc.V2 != nil {
		return "#/definitions/"
	}
	return "#/components/schemas/"
}

// maybeHoist turns an inline schema that needs a Go type of its own (an
// object with properties, an enum, a union) into a named type and returns
// a reference to it. Schemas at a component's top level are already named.
func (l *lowerer) maybeHoist(s *ir.Schema, pl place) (*ir.Schema, error) {
	if pl.id == pl.parent {
		// The top of a named type: it is the type's schema.
		return s, nil
	}
	if s.Ref != "" || !needsType(s) {
		return s, nil
	}
	id := pl.id
	if e, ok := l.types[id]; ok {
		// The same inline schema reached twice (an op lowered twice never
		// happens; allOf merging may revisit): reuse.
		return &ir.Schema{Ref: e.t.ID}, nil
	}
	// Use-site annotations stay with the use.
	ref := &ir.Schema{Ref: id, Description: s.Description, Nullable: s.Nullable, ReadOnly: s.ReadOnly,
		WriteOnly: s.WriteOnly, Deprecated: s.Deprecated}
	key, keyed := shapeOf(s)
	if e, ok := l.shapes[key]; keyed && ok {
		// The same inline schema written again elsewhere (Stripe repeats
		// its 300 merchant categories in dozens of request bodies): one
		// Go type serves every place.
		ref.Ref = e.t.ID
		return ref, nil
	}
	e := &typeEntry{t: &ir.Type{ID: id, Schema: s}, parent: pl.parent, suffix: pl.suffix}
	if e.suffix == "" {
		e.suffix = "Value"
	}
	l.types[id] = e
	l.order = append(l.order, e)
	if keyed {
		l.shapes[key] = e
		l.shapeLog = append(l.shapeLog, key)
	}
	return ref, nil
}

// shape identifies an inline schema by everything it says: two inline
// schemas of the same shape become one Go type.
type shape [sha256.Size]byte

// shapeOf returns the shape of the lowered inline schema s. Nested inline
// types are Refs by now, already merged, so equal schemas give equal
// encodings. ok is false for a schema JSON cannot encode (a NaN in an
// enum), which then keeps a type of its own.
func shapeOf(s *ir.Schema) (key shape, ok bool) {
	b, err := json.Marshal(s)
	if err != nil {
		return key, false
	}
	return sha256.Sum256(b), true
}

// needsType reports whether an inline schema becomes a named Go type.
func needsType(s *ir.Schema) bool {
	switch {
	case s.Kind == ir.KindObject && len(s.Properties) > 0:
		return true
	case len(s.Enum) > 0 && (s.Kind == ir.KindString || s.Kind == ir.KindInteger || s.Kind == ir.KindNumber):
		return true
	case s.Kind == ir.KindUnion:
		return true
	}
	return false
}
