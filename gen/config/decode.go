package config

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"reflect"
	"slices"
	"strings"

	"go.yaml.in/yaml/v4"

	"github.com/agentready/agentready/internal/editdist"
)

// position is a line and column in the file, from 1.
type position struct{ line, col int }

// secretAdvice ends every message about a credential found in the file.
const secretAdvice = "credentials come from the environment, never from this file: remove it (and rotate it if the file was shared) and set it in the environment, named with auth.env_prefix (e.g. JIRA_BEARER_TOKEN)"

// decoder decodes a configuration file in two passes over the same text.
// The first walks the YAML node tree against Config's type, recording
// where each field is and reporting unknown keys (with suggestions),
// values of the wrong kind and secrets; the second is yaml's own strict
// decoding (KnownFields), which fills the Config and is the backstop for
// anything the walk let through.
type decoder struct {
	file     string
	pos      map[string]position // field path -> position of its value
	problems Problems
	bad      []string // field paths with a problem
	// partial is set when yaml stops filling the Config part way (as it
	// does at a duplicate key), so that its missing fields are not worth
	// validating.
	partial bool
}

func newDecoder(file string) *decoder {
	return &decoder{file: file, pos: map[string]position{}}
}

// add records a problem at n (or nowhere, when n is nil).
func (d *decoder) add(n *yaml.Node, field, format string, args ...any) {
	p := &Problem{File: d.file, Field: field, Message: fmt.Sprintf(format, args...)}
	if n != nil {
		p.Line, p.Column = n.Line, n.Column
	}
	d.problems = append(d.problems, p)
	d.bad = append(d.bad, field)
}

// failed reports whether decoding found a problem with field, or with a
// field inside it.
func (d *decoder) failed(field string) bool {
	for _, b := range d.bad {
		if b == field || strings.HasPrefix(b, field+".") || strings.HasPrefix(b, field+"[") {
			return true
		}
	}
	return false
}

// decode fills c from data, recording problems and positions. It returns
// false when the file is not a YAML mapping at all (a syntax error, a
// list, two documents) or could be decoded only in part, so that checking
// its fields would only add noise.
func (d *decoder) decode(data []byte, c *Config) bool {
	root := d.parse(data)
	if root == nil {
		return len(d.problems) == 0
	}
	if root.Kind != yaml.MappingNode {
		d.add(root, "", "expected a mapping of settings (spec, out, ...), got %s", kind(root))
		return false
	}
	d.walk(root, reflect.TypeFor[Config](), "")
	// Strict decoding reports most of the walk's problems again, in
	// yaml's words, at the same positions; loadError drops those.
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(c); err != nil && err != io.EOF {
		d.yamlError(err)
	}
	return !d.partial
}

// parse returns the document's top node, or nil if the file is empty or
// broken (in which case it has recorded why).
func (d *decoder) parse(data []byte) *yaml.Node {
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var doc yaml.Node
	if err := dec.Decode(&doc); err != nil {
		if err != io.EOF {
			d.yamlError(err)
		}
		return nil
	}
	var next yaml.Node
	switch err := dec.Decode(&next); {
	case err == nil:
		d.add(&next, "", "the file holds more than one YAML document (---): keep the whole configuration in one")
		return nil
	case err != io.EOF:
		d.yamlError(err)
		return nil
	}
	if len(doc.Content) == 0 {
		return nil
	}
	return deref(doc.Content[0])
}

// yamlError records an error from the yaml package: a syntax error, or
// what strict decoding found.
func (d *decoder) yamlError(err error) {
	var les *yaml.LoadErrors
	var le *yaml.LoadError
	switch {
	case errors.As(err, &les):
		for _, e := range les.Errors {
			d.loadError(e)
		}
	case errors.As(err, &le):
		d.loadError(le)
	default:
		d.add(nil, "", "%v", err)
	}
}

func (d *decoder) loadError(e *yaml.LoadError) {
	for _, p := range d.problems {
		if p.Line == e.Mark.Line && p.Column == e.Mark.Column {
			return
		}
	}
	msg := e.Message
	if e.ContextMsg != "" && e.ContextMark != e.Mark && e.ContextMark.Line > 0 {
		msg += fmt.Sprintf(" (%s that starts at %d:%d)", e.ContextMsg, e.ContextMark.Line, e.ContextMark.Column)
	}
	var field string
	for f, p := range d.pos {
		if p.line == e.Mark.Line && p.col == e.Mark.Column && len(f) > len(field) {
			field = f
		}
	}
	d.add(&yaml.Node{Line: e.Mark.Line, Column: e.Mark.Column}, field, "%s", msg)
}

// deref follows aliases to the node they name.
func deref(n *yaml.Node) *yaml.Node {
	for n != nil && n.Kind == yaml.AliasNode && n.Alias != nil {
		n = n.Alias
	}
	return n
}

func isNull(n *yaml.Node) bool {
	return n.Kind == yaml.ScalarNode && n.ShortTag() == "!!null"
}

// kind names a node's kind as a user would.
func kind(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	}
	if looksLikeToken(n.Value) {
		return "a value that looks like a credential"
	}
	return fmt.Sprintf("%q", n.Value)
}

// walk checks the node n, found at field path, against the Go type t.
func (d *decoder) walk(n *yaml.Node, t reflect.Type, path string) {
	n = deref(n)
	if path != "" {
		d.pos[path] = position{n.Line, n.Column}
	}
	if isNull(n) {
		return
	}
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch {
	case t == reflect.TypeFor[Mutations]():
		if n.Kind == yaml.ScalarNode && n.ShortTag() == "!!bool" {
			return
		}
		if n.Kind != yaml.SequenceNode {
			d.add(n, path, "expected true, false or a list of operationId globs, got %s", kind(n))
			return
		}
		d.walk(n, reflect.TypeFor[[]string](), path)
	case t.Kind() == reflect.Struct:
		if n.Kind != yaml.MappingNode {
			d.add(n, path, "expected a mapping, got %s", kind(n))
			return
		}
		d.walkMapping(n, t, path)
	case t.Kind() == reflect.Slice:
		if n.Kind != yaml.SequenceNode {
			d.add(n, path, "expected a list, got %s (write [%s] for a list of one)", kind(n), n.Value)
			return
		}
		for i, e := range n.Content {
			d.walk(e, t.Elem(), fmt.Sprintf("%s[%d]", path, i))
		}
	case t.Kind() == reflect.Map && t.Key().Kind() == reflect.String:
		if n.Kind != yaml.MappingNode {
			d.add(n, path, "expected a mapping, got %s", kind(n))
			return
		}
		for i := 0; i+1 < len(n.Content); i += 2 {
			d.walk(n.Content[i+1], t.Elem(), joinField(path, n.Content[i].Value))
		}
	case t.Kind() == reflect.Float64:
		if n.Kind != yaml.ScalarNode || (n.ShortTag() != "!!int" && n.ShortTag() != "!!float") {
			d.add(n, path, "expected a number, got %s", kind(n))
		}
	case t.Kind() == reflect.String:
		if n.Kind != yaml.ScalarNode {
			d.add(n, path, "expected a string, got %s", kind(n))
		} else if looksLikeToken(n.Value) {
			d.add(n, path, "holds what looks like a credential; %s", secretAdvice)
		}
	case t.Kind() == reflect.Int:
		if n.Kind != yaml.ScalarNode || n.ShortTag() != "!!int" {
			d.add(n, path, "expected a whole number, got %s", kind(n))
		}
	case t.Kind() == reflect.Bool:
		if n.Kind != yaml.ScalarNode || n.ShortTag() != "!!bool" {
			d.add(n, path, "expected true or false, got %s", kind(n))
		}
	}
}

// walkMapping checks a mapping's keys against the yaml names of struct
// type t's fields.
func (d *decoder) walkMapping(n *yaml.Node, t reflect.Type, path string) {
	fields := yamlFields(t)
	seen := map[string]int{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if line, dup := seen[k.Value]; dup {
			d.add(k, joinField(path, k.Value), "is given twice (first at line %d): keep one", line)
			d.partial = true
			continue
		}
		seen[k.Value] = k.Line
		if k.ShortTag() == "!!merge" {
			// "<<: *defaults" merges a mapping (or a list of them).
			v = deref(v)
			if v.Kind == yaml.SequenceNode {
				for _, m := range v.Content {
					d.walk(m, t, path)
				}
			} else {
				d.walk(v, t, path)
			}
			continue
		}
		f, ok := fields[k.Value]
		if !ok {
			d.unknownKey(k, v, path, fields)
			continue
		}
		d.walk(v, f.Type, joinField(path, k.Value))
	}
}

func joinField(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

// unknownKey reports a key the configuration does not have: as a secret
// when it is named like one and holds a value, else with the key it was
// probably meant to be.
func (d *decoder) unknownKey(k, v *yaml.Node, path string, fields map[string]reflect.StructField) {
	v = deref(v)
	if v.Kind == yaml.ScalarNode && looksLikeToken(v.Value) {
		d.add(k, joinField(path, k.Value), "holds what looks like a credential; %s", secretAdvice)
		return
	}
	if secretKey(k.Value) {
		if v.Kind == yaml.ScalarNode && !isNull(v) && v.Value != "" && !strings.HasPrefix(v.Value, "$") {
			d.add(k, joinField(path, k.Value), "holds a literal credential; %s", secretAdvice)
		} else {
			d.add(k, path, "unknown key %q (credentials come from the environment: set auth.env_prefix)", k.Value)
		}
		return
	}
	names := make([]string, 0, len(fields))
	for name := range fields {
		names = append(names, name)
	}
	slices.Sort(names)
	if s := suggest(k.Value, names); s != "" {
		d.add(k, path, "unknown key %q (did you mean %q?)", k.Value, s)
	} else {
		d.add(k, path, "unknown key %q (known keys: %s)", k.Value, strings.Join(names, ", "))
	}
}

// yamlFields maps the yaml names of struct type t's fields to the fields.
func yamlFields(t reflect.Type) map[string]reflect.StructField {
	fields := map[string]reflect.StructField{}
	for f := range fieldsOf(t) {
		fields[f.name] = f.StructField
	}
	return fields
}

type yamlField struct {
	reflect.StructField
	name string
}

// fieldsOf yields the exported fields of struct type t that yaml decodes,
// with their yaml names.
func fieldsOf(t reflect.Type) func(func(yamlField) bool) {
	return func(yield func(yamlField) bool) {
		for f := range t.Fields() {
			tag := f.Tag.Get("yaml")
			if !f.IsExported() || tag == "-" {
				continue
			}
			name, _, _ := strings.Cut(tag, ",")
			if name == "" {
				name = strings.ToLower(f.Name)
			}
			if !yield(yamlField{f, name}) {
				return
			}
		}
	}
}

// suggest returns the name in known that key was most likely meant to be,
// or "": one that differs only in case and separators (baseUrl for
// base_url), or by at most two edits.
func suggest(key string, known []string) string {
	norm := func(s string) string {
		return strings.NewReplacer("_", "", "-", "", " ", "").Replace(strings.ToLower(s))
	}
	best, bestDist := "", 3
	for _, name := range known {
		if norm(name) == norm(key) {
			return name
		}
		if dist := editdist.Distance(norm(key), norm(name)); dist < bestDist {
			best, bestDist = name, dist
		}
	}
	return best
}

// secretKey reports whether a key is named like a credential: token,
// password, secret, api_key and the like, alone or at the end of a name
// (bearer_token, client-secret, jiraApiKey).
func secretKey(key string) bool {
	k := strings.NewReplacer("_", "", "-", "", ".", "").Replace(strings.ToLower(key))
	for _, w := range []string{"token", "password", "passwd", "secret", "apikey", "privatekey", "credential", "credentials"} {
		if strings.HasSuffix(k, w) {
			return true
		}
	}
	return false
}

// looksLikeToken reports whether a value has the shape of a well-known kind
// of credential (a GitHub, GitLab, Slack, OpenAI, Stripe, AWS, Google or
// Atlassian token, or a JWT), so that one pasted into the wrong field is
// caught too. Only long values without spaces qualify.
func looksLikeToken(v string) bool {
	if len(v) < 20 || strings.ContainsAny(v, " \t\n") {
		return false
	}
	for _, p := range []string{"ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_", "glpat-", "xoxb-", "xoxp-", "xoxa-", "xapp-", "sk-", "sk_live_", "rk_live_", "AKIA", "ASIA", "AIza", "ATATT"} {
		if strings.HasPrefix(v, p) {
			return true
		}
	}
	return strings.HasPrefix(v, "eyJ") && strings.Count(v, ".") == 2
}
