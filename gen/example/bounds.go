package example

import (
	"fmt"
	"math"

	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/gen/toolschema"
)

// The caps on what is synthesized, whatever numbers the spec writes: no
// value built here or by the test-case generator holds more, so that a
// minItems of 900000000 costs no more time or memory than one of 64. A
// constraint beyond them is reported (Unmeetable), not attempted.
const (
	// MaxItems is the most items of one array.
	MaxItems = 64
	// MaxLength is the most characters a string is padded to.
	MaxLength = 4096
	// MaxProperties is the most properties made up to meet minProperties.
	MaxProperties = 64
	// MaxValues is the most values (each string counting one more per 64
	// characters) in one synthesized value: caps of arrays nested in
	// arrays multiply.
	MaxValues = 10_000
	// maxDepth is how deep a value nests.
	maxDepth = 32
)

// Unmeetable says which constraint of s no value within the caps can
// meet, such as "minItems 900000000 is more than the 64 items agentready
// makes"; "" when a value within them can. Only what every valid value
// must hold counts: required properties, the items minItems asks for, the
// cheapest variant of a union. Its cost grows with the size of the spec,
// never with its numbers.
func Unmeetable(api *ir.API, s *ir.Schema) string {
	b := &bounds{api: api, onPath: map[*ir.Schema]bool{}}
	size, why := b.least(s, 0)
	if why == "" && size > MaxValues {
		why = fmt.Sprintf("its least valid value holds about %s values (minItems, minLength and minProperties multiply through nesting), more than the %d agentready makes", count(size), MaxValues)
	}
	return why
}

// bounds computes the least size of a valid value.
type bounds struct {
	api    *ir.API
	onPath map[*ir.Schema]bool
}

// least is the size of the smallest valid value of use, saturating above
// MaxValues, and the constraint that puts it beyond the caps, if any.
func (b *bounds) least(use *ir.Schema, depth int) (int64, string) {
	s := b.api.Resolve(use)
	if s == nil || b.onPath[s] || depth > maxDepth || len(s.Enum) > 0 || use.Nullable || s.Nullable {
		return 1, ""
	}
	b.onPath[s] = true
	defer delete(b.onPath, s)
	switch s.Kind {
	case ir.KindString:
		if n := value(s.MinLength); n > MaxLength {
			return n, fmt.Sprintf("minLength %d is more than the %d characters agentready writes", n, MaxLength)
		}
		return 1 + value(s.MinLength)/64, ""
	case ir.KindArray:
		n := value(s.MinItems)
		if n > MaxItems {
			return n, fmt.Sprintf("minItems %d is more than the %d items agentready makes", n, MaxItems)
		}
		if n == 0 {
			return 1, ""
		}
		item, why := b.least(s.Items, depth+1)
		return saturate(1 + float64(n)*float64(item)), why
	case ir.KindObject:
		return b.object(s, depth)
	case ir.KindUnion:
		return b.union(s, depth)
	}
	return 1, ""
}

func (b *bounds) object(s *ir.Schema, depth int) (int64, string) {
	n := value(s.MinProperties)
	if n > MaxProperties {
		return n, fmt.Sprintf("minProperties %d is more than the %d properties agentready makes", n, MaxProperties)
	}
	size, required := float64(1), int64(0)
	for _, p := range toolschema.InputProperties(s) {
		if !p.Required {
			continue
		}
		required++
		sub, why := b.least(p.Schema, depth+1)
		if why != "" {
			return sub, "property " + p.Name + ": " + why
		}
		size += float64(sub)
	}
	return saturate(size + float64(max(n-required, 0))), ""
}

func (b *bounds) union(s *ir.Schema, depth int) (int64, string) {
	best, first := int64(math.MaxInt64), ""
	for _, v := range s.Variants {
		size, why := b.least(v, depth+1)
		switch {
		case why == "" && size < best:
			best = size
		case why != "" && first == "":
			first = why
		}
	}
	if best == math.MaxInt64 {
		if first == "" {
			return 1, ""
		}
		return 1, "every variant is out of reach; the first: " + first
	}
	return best, ""
}

func value(p *int64) int64 {
	if p == nil || *p < 0 {
		return 0
	}
	return *p
}

// saturate keeps a size from overflowing: anything above MaxValues is as
// bad as MaxValues+1.
func saturate(f float64) int64 {
	if f > MaxValues {
		return MaxValues + 1
	}
	return int64(f)
}

// count reads like "100000+" for a saturated size.
func count(n int64) string {
	if n > MaxValues {
		return fmt.Sprintf("%d+", MaxValues)
	}
	return fmt.Sprint(n)
}
