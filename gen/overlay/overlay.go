// Package overlay applies OpenAPI Overlay documents (1.0.0 and 1.1.0) to a
// spec before it is parsed: the spec stays untouched on disk, and fixes to
// its descriptions, examples and schemas live in files reviewed like code.
//
// The Overlay model, its JSONPath targets and its update/remove/copy
// semantics are github.com/speakeasy-api/openapi/overlay's; this package
// adds what a command line needs around it: every problem named by the
// overlay file, line and column of the action it concerns, and an action
// whose target matches nothing treated as an error, since it almost
// always means the overlay was written for another version of the spec.
package overlay

import (
	"bytes"
	"errors"
	"fmt"
	"os"

	"github.com/speakeasy-api/openapi/overlay"
	"gopkg.in/yaml.v3"

	"github.com/agentready/agentready/gen/diag"
	"github.com/agentready/agentready/gen/ir"
)

// Apply applies the overlay files, in order, to the document data (JSON or
// YAML) read from spec, and returns the resulting document as YAML. Every
// action's target must match at least one node of the document as the
// actions before it left it. The error is a diag.List naming each overlay
// problem's file:line:col, or a diag.Diagnostic for the spec itself.
func Apply(spec string, data []byte, overlays []string) ([]byte, error) {
	var root yaml.Node
	if err := yaml.Unmarshal(data, &root); err != nil {
		return nil, diag.Diagnostic{Severity: diag.Error, Origin: ir.Origin{File: spec},
			Message: "cannot read the spec to apply overlays: " + err.Error()}
	}
	if root.Kind != yaml.DocumentNode || len(root.Content) == 0 || root.Content[0].Kind != yaml.MappingNode {
		return nil, diag.Diagnostic{Severity: diag.Error, Origin: ir.Origin{File: spec},
			Message: "the spec is not a JSON or YAML object, so no overlay can apply to it"}
	}
	for _, path := range overlays {
		if err := applyFile(&root, spec, path); err != nil {
			return nil, err
		}
	}
	blockStyle(&root)
	var buf bytes.Buffer
	enc := yaml.NewEncoder(&buf)
	enc.SetIndent(2)
	if err := enc.Encode(&root); err != nil {
		return nil, fmt.Errorf("%s: writing the document after overlays: %w", spec, err)
	}
	if err := enc.Close(); err != nil {
		return nil, fmt.Errorf("%s: writing the document after overlays: %w", spec, err)
	}
	return buf.Bytes(), nil
}

// blockStyle writes n and everything below it in block style. A JSON
// document parses into flow-style nodes, which would encode as JSON-like
// YAML with YAML-only escapes (\U0001F600) that JSON parsers refuse.
func blockStyle(n *yaml.Node) {
	n.Style &^= yaml.FlowStyle
	for _, c := range n.Content {
		blockStyle(c)
	}
}

// applyFile reads one overlay, checks it, and applies its actions one by
// one, each target checked against the document as it stands.
func applyFile(root *yaml.Node, spec, path string) error {
	o, positions, err := Read(path)
	if err != nil {
		return err
	}
	var probs diag.List
	for i, a := range o.Actions {
		at := positions.action(path, i)
		problem := func(format string, args ...any) {
			probs = append(probs, diag.Diagnostic{Severity: diag.Error, Origin: at, Subject: fmt.Sprintf("action %d", i+1),
				Message: fmt.Sprintf(format, args...),
				Hint:    "targets are JSONPath expressions into the spec: keys with / or { need brackets, e.g. $.paths['/users/{id}'].get.description"})
		}
		target, err := o.NewPath(a.Target, nil)
		if err != nil {
			problem("target %q is not a valid JSONPath: %v", a.Target, err)
			continue
		}
		if len(target.Query(root)) == 0 {
			problem("target %q matches nothing in %s (after the actions before it)", a.Target, spec)
			continue
		}
		if a.Copy != "" && !a.Remove && a.Update.IsZero() {
			from, err := o.NewPath(a.Copy, nil)
			if err != nil {
				problem("copy %q is not a valid JSONPath: %v", a.Copy, err)
				continue
			}
			if n := len(from.Query(root)); n != 1 {
				problem("copy %q matches %d nodes in %s; it must match exactly one", a.Copy, n, spec)
				continue
			}
		}
		one := *o
		one.Actions = []overlay.Action{a}
		if err := one.ApplyTo(root); err != nil {
			problem("%v", err)
		}
	}
	return probs.Err(false)
}

// Read reads and validates an overlay document, keeping where each of its
// actions starts for error messages.
func Read(path string) (*overlay.Overlay, Positions, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, diag.Diagnostic{Severity: diag.Error, Message: "cannot read overlay: " + err.Error()}
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, nil, diag.Diagnostic{Severity: diag.Error, Origin: ir.Origin{File: path},
			Message: "not an Overlay document: " + err.Error(),
			Hint:    "an overlay is YAML or JSON with overlay: 1.0.0, info: {title, version} and actions: [{target, update | remove}]"}
	}
	var o overlay.Overlay
	if err := doc.Decode(&o); err != nil {
		return nil, nil, diag.Diagnostic{Severity: diag.Error, Origin: ir.Origin{File: path},
			Message: "not an Overlay document: " + err.Error(),
			Hint:    "an overlay is YAML or JSON with overlay: 1.0.0, info: {title, version} and actions: [{target, update | remove}]"}
	}
	if err := o.Validate(); err != nil {
		var probs diag.List
		var each overlay.ValidationErrors
		if !errors.As(err, &each) {
			each = overlay.ValidationErrors{err}
		}
		for _, e := range each {
			probs = append(probs, diag.Diagnostic{Severity: diag.Error, Origin: ir.Origin{File: path, Line: 1, Column: 1},
				Message: e.Error()})
		}
		return nil, nil, probs.Err(false)
	}
	return &o, actionPositions(&doc), nil
}

// Positions are where an overlay's actions start, in order.
type Positions [][2]int

// action is the origin of the i-th action of the overlay at path.
func (p Positions) action(path string, i int) ir.Origin {
	if i < len(p) {
		return ir.Origin{File: path, Line: p[i][0], Column: p[i][1], Pointer: fmt.Sprintf("#/actions/%d", i)}
	}
	return ir.Origin{File: path, Pointer: fmt.Sprintf("#/actions/%d", i)}
}

func actionPositions(doc *yaml.Node) Positions {
	if doc.Kind != yaml.DocumentNode || len(doc.Content) == 0 {
		return nil
	}
	m := doc.Content[0]
	if m.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value != "actions" || m.Content[i+1].Kind != yaml.SequenceNode {
			continue
		}
		var out Positions
		for _, a := range m.Content[i+1].Content {
			out = append(out, [2]int{a.Line, a.Column})
		}
		return out
	}
	return nil
}
