package lint

import (
	"fmt"
	"strings"

	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/gen/tokens"
	"github.com/agentready/agentready/gen/toolschema"
)

// checkDocs finds descriptions over the budget, required arguments
// without a description and formatted values without an example.
func checkDocs(c *checker) {
	for i, op := range c.api.Operations {
		if c.stopped(i) {
			return
		}
		text := strings.TrimSpace(op.Summary + "\n" + op.Description)
		if n := tokens.Count(text); n > c.opts.DescriptionTokens {
			sub := "description"
			if op.Description == "" {
				sub = "summary"
			}
			c.add(RuleLongDescription, op, place{sub: sub},
				fmt.Sprintf("the summary and description take %d tokens, over the budget of %d", n, c.opts.DescriptionTokens),
				"say what the tool does in the first sentence, in under "+fmt.Sprint(c.opts.DescriptionTokens)+
					" tokens; move reference material to externalDocs")
		}
		for _, a := range c.cat.Args(op.Name) {
			at := argPlace(a)
			if a.Required && strings.TrimSpace(a.Description) == "" {
				c.add(RuleUndescribedRequired, op, at,
					fmt.Sprintf("required argument %q has no description", a.Name),
					fmt.Sprintf("describe %q: what it is, its format, and which tool or place gives its value", a.Name))
			}
			if why := needsExample(c.api, a); why != "" && !hasExample(c.api, a) {
				c.add(RuleMissingExample, op, at,
					fmt.Sprintf("argument %q is %s and has no example", a.Name, why),
					fmt.Sprintf("add an example to %q (example: on the parameter or its schema) that matches it", a.Name))
			}
		}
	}
}

// argPlace is the place of a tool argument in the spec.
func argPlace(a toolschema.Arg) place {
	if a.Param != nil {
		return place{arg: a.Param.Name, in: a.Param.In}
	}
	return place{arg: a.Name, body: a.Property != nil}
}

// wellKnownFormats are formats models write correctly without an
// example: the JSON Schema and OpenAPI formats everyone uses.
var wellKnownFormats = map[string]bool{
	"date": true, "date-time": true, "time": true, "email": true, "uri": true, "url": true, "uuid": true,
	"int32": true, "int64": true, "float": true, "double": true, "byte": true, "binary": true,
	"password": true, "hostname": true, "ipv4": true, "ipv6": true, "uri-reference": true, "number": true,
	"integer": true, "string": true, "boolean": true,
}

// needsExample says why a model must invent a formatted value for a, or
// "" when it need not: a string with a pattern, or a format that is not
// well known, and no enum.
func needsExample(api *ir.API, a toolschema.Arg) string {
	s := api.Resolve(a.Schema)
	if s != nil && s.Kind == ir.KindArray && s.Items != nil {
		s = api.Resolve(s.Items)
	}
	if s == nil || s.Kind != ir.KindString || len(s.Enum) > 0 {
		return ""
	}
	switch {
	case s.Pattern != "":
		return fmt.Sprintf("a string matching %s", s.Pattern)
	case s.Format != "" && !wellKnownFormats[strings.ToLower(s.Format)]:
		return fmt.Sprintf("a string of format %q", s.Format)
	}
	return ""
}

// hasExample reports whether the spec shows a value for a: an example on
// the parameter, the property or the schema, a default, or one in the
// description's words.
func hasExample(api *ir.API, a toolschema.Arg) bool {
	if a.Example != nil || (a.Param != nil && a.Param.Example != nil) {
		return true
	}
	for _, s := range []*ir.Schema{a.Schema, api.Resolve(a.Schema)} {
		if s != nil && (s.Example != nil || s.Default != nil) {
			return true
		}
		if s != nil && s.Items != nil {
			if it := api.Resolve(s.Items); it != nil && it.Example != nil {
				return true
			}
		}
	}
	d := strings.ToLower(a.Description)
	for _, w := range []string{"e.g.", "example", "for instance", "such as", "like `"} {
		if strings.Contains(d, w) {
			return true
		}
	}
	return false
}
