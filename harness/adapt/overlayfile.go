package adapt

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/speakeasy-api/openapi/overlay"
	"gopkg.in/yaml.v3"

	"github.com/agentready/agentready/gen/atomicfile"
	genoverlay "github.com/agentready/agentready/gen/overlay"
)

// DefaultFile is the overlay adapt writes by default.
const DefaultFile = "agentready.overlay.yaml"

// marker is the extension adapt puts on each action it writes, to know
// it again: a reviewer's edit changes the fingerprint, and a reviewer
// who sets reviewed: true freezes the action as written.
const marker = "x-agentready"

// File is an overlay as adapt writes it: the actions, each with the
// comment above it, and the proposals that were tried and rejected, and
// those dropped untried, listed as comments at the end.
type File struct {
	Actions  []Action
	Comments []string
	Rejected []string
	Dropped  []string
}

// WriteOverlay writes f as an Overlay 1.0.0 document at path.
func WriteOverlay(path string, f File) error {
	var acts yaml.Node
	acts.Kind = yaml.SequenceNode
	for i, a := range f.Actions {
		n, err := actionNode(a)
		if err != nil {
			return fmt.Errorf("%s: action %d (%s): %w", path, i+1, a.Label(), err)
		}
		if i < len(f.Comments) && f.Comments[i] != "" {
			n.HeadComment = f.Comments[i]
		}
		acts.Content = append(acts.Content, n)
	}
	doc := mapping(
		"overlay", str("1.0.0"),
		"info", mapping("title", str("agentready adapt: documentation fixes measured on agent runs"), "version", str("1")),
		"actions", &acts)
	var foot strings.Builder
	list := func(head string, lines []string) {
		if len(lines) == 0 {
			return
		}
		foot.WriteString(head + "\n")
		for _, r := range lines {
			foot.WriteString("  - " + strings.ReplaceAll(r, "\n", " ") + "\n")
		}
	}
	list("Tried and not kept (adapt re-proposes these on its next run):", f.Rejected)
	list("Not tried, "+NotVisible+" (the definitions the agent is shown are the same with and without them):", f.Dropped)
	doc.FootComment = strings.TrimRight(foot.String(), "\n")
	var buf bytes.Buffer
	enc := yaml.NewEncoder(&buf)
	enc.SetIndent(2)
	if err := enc.Encode(&yaml.Node{Kind: yaml.DocumentNode, Content: []*yaml.Node{doc}}); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if err := enc.Close(); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return atomicfile.Write(path, buf.Bytes())
}

func actionNode(a Action) (*yaml.Node, error) {
	n := mapping("target", str(a.Target))
	if a.Why != "" {
		n.Content = append(n.Content, str("description"), str(a.Why))
	}
	switch {
	case a.Remove:
		n.Content = append(n.Content, str("remove"), &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!bool", Value: "true"})
	case a.Copy != "":
		n.Content = append(n.Content, str("copy"), str(a.Copy))
	default:
		var u yaml.Node
		if err := u.Encode(a.Update); err != nil {
			return nil, err
		}
		n.Content = append(n.Content, str("update"), &u)
	}
	if a.Kind != KindReviewed {
		m := mapping("tool", str(a.Tool), "kind", str(a.Kind), "fingerprint", str(a.Fingerprint()))
		if a.Argument != "" {
			m.Content = append(m.Content, str("argument"), str(a.Argument))
		}
		n.Content = append(n.Content, str(marker), m)
	}
	return n, nil
}

func mapping(kv ...any) *yaml.Node {
	n := &yaml.Node{Kind: yaml.MappingNode}
	for i := 0; i+1 < len(kv); i += 2 {
		n.Content = append(n.Content, str(kv[i].(string)), kv[i+1].(*yaml.Node))
	}
	return n
}

func str(s string) *yaml.Node { return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: s} }

// ReadOverlay reads an overlay adapt wrote before, perhaps edited since.
// Every action comes back to be kept as written; those a reviewer
// changed, wrote or marked reviewed: true have Kind KindReviewed. The
// errors name the file and action, as --overlay's do.
func ReadOverlay(path string) ([]Action, error) {
	o, _, err := genoverlay.Read(path)
	if err != nil {
		return nil, err
	}
	var out []Action
	for i, oa := range o.Actions {
		a, err := fromOverlay(oa)
		if err != nil {
			return nil, fmt.Errorf("%s: action %d: %w", path, i+1, err)
		}
		out = append(out, a)
	}
	return out, nil
}

func fromOverlay(oa overlay.Action) (Action, error) {
	a := Action{Target: oa.Target, Why: oa.Description, Remove: oa.Remove, Copy: oa.Copy, Kind: KindReviewed}
	if !oa.Update.IsZero() {
		if err := oa.Update.Decode(&a.Update); err != nil {
			return a, fmt.Errorf("its update is not a mapping adapt can keep: %w", err)
		}
	}
	m, _ := oa.Extensions[marker].(map[string]any)
	if m == nil {
		return a, nil
	}
	a.Tool, _ = m["tool"].(string)
	a.Argument, _ = m["argument"].(string)
	kind, _ := m["kind"].(string)
	fp, _ := m["fingerprint"].(string)
	reviewed, _ := m["reviewed"].(bool)
	if kind != "" && !reviewed && !a.Remove && a.Copy == "" && fp == a.withKind(kind).Fingerprint() {
		a.Kind = kind
	}
	return a, nil
}

func (a Action) withKind(k string) Action { a.Kind = k; return a }
