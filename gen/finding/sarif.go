package finding

import (
	"cmp"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// SARIF 2.1.0, the parts GitHub code scanning reads.
type (
	sarifLog struct {
		Schema  string     `json:"$schema"`
		Version string     `json:"version"`
		Runs    []sarifRun `json:"runs"`
	}
	sarifRun struct {
		Tool    sarifTool     `json:"tool"`
		Results []sarifResult `json:"results"`
	}
	sarifTool struct {
		Driver sarifDriver `json:"driver"`
	}
	sarifDriver struct {
		Name           string      `json:"name"`
		InformationURI string      `json:"informationUri,omitempty"`
		Rules          []sarifRule `json:"rules"`
	}
	sarifRule struct {
		ID                   string            `json:"id"`
		Name                 string            `json:"name"`
		ShortDescription     sarifText         `json:"shortDescription"`
		FullDescription      sarifText         `json:"fullDescription"`
		Help                 sarifText         `json:"help"`
		DefaultConfiguration sarifRuleConfig   `json:"defaultConfiguration"`
		Properties           map[string]string `json:"properties,omitempty"`
	}
	sarifRuleConfig struct {
		Level string `json:"level"`
	}
	sarifText struct {
		Text string `json:"text"`
	}
	sarifResult struct {
		RuleID     string            `json:"ruleId"`
		RuleIndex  int               `json:"ruleIndex"`
		Level      string            `json:"level"`
		Message    sarifText         `json:"message"`
		Locations  []sarifLocation   `json:"locations"`
		Properties map[string]string `json:"properties,omitempty"`
		// PartialFingerprints keep a finding's identity across runs, so
		// code scanning does not reopen it when lines move: the rule, the
		// tool (for a finding about no tool, the pointer or else the
		// message), the argument and the related tools.
		PartialFingerprints map[string]string `json:"partialFingerprints"`
	}
	sarifLocation struct {
		PhysicalLocation sarifPhysical `json:"physicalLocation"`
	}
	sarifPhysical struct {
		ArtifactLocation sarifArtifact `json:"artifactLocation"`
		Region           *sarifRegion  `json:"region,omitempty"`
	}
	sarifArtifact struct {
		URI string `json:"uri"`
	}
	sarifRegion struct {
		StartLine   int `json:"startLine"`
		StartColumn int `json:"startColumn,omitempty"`
	}
)

// Rule describes one rule (or kind) of findings for SARIF's rule list:
// its id, the level of its findings, the error class they predict, a
// one-line title and a help text that says why it matters and how to fix
// it.
type Rule struct {
	ID    string
	Level Level
	Class string
	Short string
	Help  string
}

// Driver names the tool that found the findings (e.g. "agentready lint")
// and lists the rules they may cite.
type Driver struct {
	Name  string
	Rules []Rule
}

// WriteSARIF writes findings as a SARIF 2.1.0 log that GitHub code
// scanning accepts: every rule of d with its help, and each finding with
// its level, message (what is wrong, then the fix) and place. File paths
// are made relative to root (the repository's top directory; see
// RepoRoot) with forward slashes, as code scanning wants them. A finding
// whose rule d does not list gets a rule of its own, so that the log
// stays valid.
func WriteSARIF(w io.Writer, d Driver, findings []Finding, root string) error {
	rules := make([]sarifRule, 0, len(d.Rules))
	index := map[string]int{}
	addRule := func(r Rule) {
		index[r.ID] = len(rules)
		rules = append(rules, sarifRule{
			ID: r.ID, Name: ruleName(r.ID),
			ShortDescription:     sarifText{r.Short},
			FullDescription:      sarifText{r.Help},
			Help:                 sarifText{r.Help},
			DefaultConfiguration: sarifRuleConfig{string(r.Level)},
			Properties:           map[string]string{"errorClass": r.Class},
		})
	}
	for _, r := range d.Rules {
		addRule(r)
	}
	results := make([]sarifResult, 0, len(findings))
	for _, f := range findings {
		id := f.ID()
		if _, ok := index[id]; !ok {
			addRule(Rule{ID: id, Level: f.Level, Class: f.Class, Short: id, Help: f.Fix})
		}
		phys := sarifPhysical{ArtifactLocation: sarifArtifact{URI: relativeURI(f.Place.File, root)}}
		if f.Place.Line > 0 {
			phys.Region = &sarifRegion{StartLine: f.Place.Line, StartColumn: f.Place.Column}
		}
		props := map[string]string{"tool": f.Tool, "errorClass": f.Class, "pointer": f.Place.Pointer}
		if f.Source != "" {
			props["source"] = string(f.Source)
		}
		if f.OperationID != "" {
			props["operationId"] = f.OperationID
		}
		if f.Argument != "" {
			props["argument"] = f.Argument
		}
		msg := strings.TrimSuffix(f.Message, ".") + "."
		if f.Tool != "" {
			msg = f.Tool + ": " + msg
		}
		if f.Fix != "" {
			msg += " Fix: " + strings.TrimSuffix(f.Fix, ".") + "."
		}
		results = append(results, sarifResult{
			RuleID: id, RuleIndex: index[id], Level: string(f.Level),
			Message:             sarifText{msg},
			Locations:           []sarifLocation{{phys}},
			Properties:          props,
			PartialFingerprints: map[string]string{"agentreadyFinding/v1": id + "/" + cmp.Or(f.Tool, f.Place.Pointer, f.Message) + "/" + f.Argument + "/" + strings.Join(f.Related, ",")},
		})
	}
	log := sarifLog{
		Schema:  "https://json.schemastore.org/sarif-2.1.0.json",
		Version: "2.1.0",
		Runs: []sarifRun{{
			Tool:    sarifTool{sarifDriver{Name: d.Name, InformationURI: "https://github.com/agentready/agentready", Rules: rules}},
			Results: results,
		}},
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(log)
}

// ruleName turns a rule id into SARIF's PascalCase name.
func ruleName(id string) string {
	var b strings.Builder
	for _, p := range strings.Split(id, "-") {
		if p != "" {
			b.WriteString(strings.ToUpper(p[:1]) + p[1:])
		}
	}
	return b.String()
}

// relativeURI is file relative to root, with forward slashes; file
// itself (slashed) when it is not below root.
func relativeURI(file, root string) string {
	abs, err := filepath.Abs(file)
	if err == nil && root != "" {
		if rel, err := filepath.Rel(root, abs); err == nil && !strings.HasPrefix(rel, "..") {
			return filepath.ToSlash(rel)
		}
	}
	return filepath.ToSlash(file)
}

// RepoRoot returns the top directory of the git work tree that holds
// path (the nearest parent with a .git entry), or the current directory
// when there is none: the root code scanning resolves SARIF paths
// against.
func RepoRoot(path string) string {
	dir, err := filepath.Abs(filepath.Dir(path))
	if err == nil {
		for d := dir; ; d = filepath.Dir(d) {
			if _, err := os.Stat(filepath.Join(d, ".git")); err == nil {
				return d
			}
			if filepath.Dir(d) == d {
				break
			}
		}
	}
	wd, _ := os.Getwd()
	return wd
}
