// Package config reads agentready.yaml, the file that says which OpenAPI
// document to generate tools from, where the generated package goes and
// which operations it ships:
//
//	spec: specs/jira.json
//	out: ./jiratools
//	select:
//	  include:
//	    - tags: [issues, projects]
//	  exclude:
//	    - deprecated: true
//
// Load and Parse decode the file strictly (an unknown key is an error, with
// a suggestion when it looks like a misspelt one), resolve its paths
// against the file's directory, fill in defaults and validate the result,
// reporting every problem at once with its line, column and field path.
// Credentials never belong in the file: a key such as token or password
// holding a value is rejected with advice to use the environment.
//
// The file's JSON Schema, for editor completion, is JSONSchema.
package config

import (
	"fmt"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"unicode"

	"go.yaml.in/yaml/v4"

	"github.com/agentready/agentready/gen/finding"
	"github.com/agentready/agentready/gen/yamlpos"
)

// DefaultFile is the configuration file's conventional name.
const DefaultFile = "agentready.yaml"

// DefaultMaxNameLength is max_name_length when the file leaves it out: 64
// characters is the longest tool name OpenAI's and Anthropic's APIs accept.
const DefaultMaxNameLength = 64

// Config is the content of agentready.yaml. Load and Parse return it with
// relative paths resolved and defaults filled in; a Config built in code
// should be checked with Validate.
type Config struct {
	// Spec is the OpenAPI 2.0, 3.0 or 3.1 document (JSON or YAML) to
	// generate from: required, a local file (specs are never fetched). The
	// file gives it relative to its own directory; Load and Parse join it
	// to that directory.
	Spec string `yaml:"spec"`
	// Overlays are OpenAPI Overlay documents (1.0.0 or 1.1.0) applied to
	// Spec, in order, before anything reads it, resolved like Spec;
	// optional. Each action's target must match.
	Overlays []string `yaml:"overlays,omitempty"`
	// Out is the directory the generated package is written to: required,
	// resolved like Spec.
	Out string `yaml:"out"`
	// Package is the generated package's Go name. When the file leaves it
	// out it is DefaultPackage(Out), e.g. "jiratools" for ./jiratools.
	Package string `yaml:"package,omitempty"`
	// BaseURL, when set, is the absolute http(s) URL the tools call,
	// overriding the spec's servers.
	BaseURL string `yaml:"base_url,omitempty"`
	// SplitByTag writes the package as one package per tag below Out
	// (gen --split-by-tag): programs compile only the tags they import.
	SplitByTag bool `yaml:"split_by_tag,omitempty"`
	// ImportPath is Out's Go import path, which a split package's tag
	// packages import; when the file leaves it out, gen reads it from the
	// go.mod that holds Out.
	ImportPath string `yaml:"import_path,omitempty"`
	// Strict turns generation warnings (a skipped operation, an unused
	// select rule) into errors.
	Strict bool `yaml:"strict,omitempty"`
	// MaxNameLength caps tool names, 1 to 64; DefaultMaxNameLength when
	// the file leaves it out. Longer names are shortened, keeping them
	// unique.
	MaxNameLength int `yaml:"max_name_length,omitempty"`
	// MaxToolTokens is the token budget of each tool definition (name,
	// description and parameter schema, o200k tokens): deep optional
	// structure is summarized to fit it (gen/describe.Fit). Absent or 0
	// means describe.DefaultMaxToolTokens (2,000); -1 sets no budget.
	MaxToolTokens int `yaml:"max_tool_tokens,omitempty"`
	// Select chooses the operations that become tools; all of them when
	// it has no rules.
	Select Selection `yaml:"select,omitempty"`
	// Graph is the file describing how tools' outputs feed other tools'
	// inputs (agentready graph), resolved like Spec; optional.
	Graph string `yaml:"graph,omitempty"`
	// Cases is the JSON Lines file of test cases (agentready cases and
	// agentready test), resolved like Spec; optional.
	Cases string `yaml:"cases,omitempty"`
	// Auth says where the generated tools find credentials.
	Auth Auth `yaml:"auth,omitempty"`
	// Prices are what each model's tokens cost, in US dollars per
	// million, by the --model value that names it ("openai:gpt-4o"):
	// agentready test reports the cost of a run with them and stops at
	// --max-cost. None are built in. Optional.
	Prices map[string]Price `yaml:"prices,omitempty"`
	// AllowMutations says which operations that change state an agent
	// may call.
	AllowMutations Mutations `yaml:"allow_mutations,omitempty"`

	// File names the configuration file in problems: the path given to
	// Load, or DefaultFile in Dir for Parse. Empty means DefaultFile.
	File string `yaml:"-"`
	// Dir is the directory the file's relative paths were resolved
	// against.
	Dir string `yaml:"-"`

	// pos is where each field's value was in File, by field path such as
	// "select.include[1].methods[0]"; nil for a Config built in code.
	pos map[string]finding.Place
}

// Auth says where the generated tools find credentials. Credentials
// themselves always come from the environment, never from this file.
type Auth struct {
	// EnvPrefix prefixes the environment variables the tools read
	// credentials from: JIRA gives JIRA_BEARER_TOKEN and the like. Letters,
	// digits and underscores, not starting with a digit or ending with an
	// underscore (the underscore is added). Optional.
	EnvPrefix string `yaml:"env_prefix,omitempty"`
}

// Load reads the configuration file at path. It resolves the file's
// relative paths against its directory, fills in defaults and validates
// the result: the error, if any, is a Problems listing everything wrong,
// each as "path:line:col: field: message" where the position is known.
func Load(path string) (*Config, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("cannot read configuration: %w", err)
	}
	return parse(data, filepath.Dir(path), path)
}

// Parse is Load for a configuration held in memory: dir is the directory
// its relative paths resolve against ("" or "." for the working
// directory), and problems name the file as DefaultFile in dir.
func Parse(data []byte, dir string) (*Config, error) {
	return parse(data, dir, filepath.Join(dir, DefaultFile))
}

func parse(data []byte, dir, file string) (*Config, error) {
	c := &Config{File: file, Dir: dir, MaxNameLength: DefaultMaxNameLength}
	d := decode(data, file, c)
	probs := problems(d.Problems)
	if !d.Complete {
		probs.sort()
		return nil, probs
	}
	c.pos = d.Positions
	c.resolve()
	if c.Package == "" && c.Out != "" && !d.Failed("out") {
		c.Package = DefaultPackage(c.Out)
	}
	for _, p := range c.validate() {
		// A field the decoder already found wrong (a list where a number
		// belongs) is not reported a second time for its zero value.
		if !d.Failed(p.Field) {
			probs = append(probs, p)
		}
	}
	if len(probs) > 0 {
		probs.sort()
		return nil, probs
	}
	return c, nil
}

// resolve joins the file's relative paths to Dir. URLs are left alone for
// Validate to reject.
func (c *Config) resolve() {
	paths := []*string{&c.Spec, &c.Out, &c.Graph, &c.Cases}
	for i := range c.Overlays {
		paths = append(paths, &c.Overlays[i])
	}
	for _, p := range paths {
		if *p != "" && !filepath.IsAbs(*p) && !isURL(*p) {
			*p = filepath.Join(c.Dir, *p)
		}
	}
}

func isURL(s string) bool { return strings.Contains(s, "://") }

// DefaultPackage derives a package name from an output directory: its base
// name (of the absolute path, for "." and the like), lower-cased, with
// everything but ASCII letters and digits dropped. A name that would be
// empty becomes "tools", one starting with a digit is prefixed with
// "tools", and a Go keyword or "main" gets a "pkg" suffix: ./jira-tools
// gives "jiratools", ./2fa "tools2fa", ./type "typepkg".
func DefaultPackage(out string) string {
	base := filepath.Base(out)
	if base == "." || base == ".." || base == string(filepath.Separator) {
		if abs, err := filepath.Abs(out); err == nil {
			base = filepath.Base(abs)
		}
	}
	var b strings.Builder
	for _, r := range strings.ToLower(base) {
		if r < unicode.MaxASCII && (unicode.IsLetter(r) || unicode.IsDigit(r)) {
			b.WriteRune(r)
		}
	}
	name := b.String()
	switch {
	case name == "":
		return "tools"
	case name[0] >= '0' && name[0] <= '9':
		return "tools" + name
	case token.IsKeyword(name) || name == "main":
		return name + "pkg"
	}
	return name
}

// Price is what a model's tokens cost, in US dollars per million.
type Price struct {
	Input  float64 `yaml:"input"`
	Output float64 `yaml:"output"`
}

// Mutations says which operations that change state (POST, PUT, PATCH,
// DELETE) an agent may call. In the file it is a bool (allow all or none)
// or a list of operationId globs; absent means none.
type Mutations struct {
	// All allows every mutating operation (allow_mutations: true).
	All bool
	// OperationIDs allows the mutating operations whose operationId
	// matches one of these globs (path.Match semantics).
	OperationIDs []string
}

// Allows reports whether the mutating operation operationID may be called.
func (m Mutations) Allows(operationID string) bool {
	return m.All || anyString(m.OperationIDs, func(g string) bool { return globMatch(g, operationID) })
}

// IsZero reports whether m allows nothing, which omitempty omits.
func (m Mutations) IsZero() bool { return !m.All && m.OperationIDs == nil }

// UnmarshalYAML reads true, false or a list of operationId globs.
func (m *Mutations) UnmarshalYAML(n *yaml.Node) error {
	n = yamlpos.Deref(n)
	switch {
	case n.Kind == yaml.ScalarNode && n.ShortTag() == "!!bool":
		*m = Mutations{}
		return n.Decode(&m.All)
	case n.Kind == yaml.SequenceNode:
		*m = Mutations{OperationIDs: []string{}}
		return n.Decode(&m.OperationIDs)
	}
	return fmt.Errorf("allow_mutations must be true, false or a list of operationId globs")
}

// MarshalYAML writes m as the file does: a bool or a list of globs.
func (m Mutations) MarshalYAML() (any, error) {
	if m.OperationIDs != nil && !m.All {
		return m.OperationIDs, nil
	}
	return m.All, nil
}
