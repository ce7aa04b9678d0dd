package config

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// example is the configuration from the design, every key set.
const example = `# agentready.yaml
spec: specs/jira.json           # path, relative to the config file's directory
out: ./jiratools
package: jiratools
base_url: https://example.atlassian.net
strict: false
max_name_length: 64
select:
  include:
    - tags: [issues, projects]
    - operation_ids: ["get*", "search*"]
      methods: [GET]
    - paths: ["/rest/api/3/issue/*"]
  exclude:
    - tags: [deprecated]
    - deprecated: true
graph: agentready.graph.yaml
cases: testdata/agentready/cases.jsonl
auth:
  env_prefix: JIRA
allow_mutations: false
`

func ptr[T any](v T) *T { return &v }

func TestParseExample(t *testing.T) {
	c, err := Parse([]byte(example), "/proj")
	if err != nil {
		t.Fatal(err)
	}
	want := Config{
		Spec:          "/proj/specs/jira.json",
		Out:           "/proj/jiratools",
		Package:       "jiratools",
		BaseURL:       "https://example.atlassian.net",
		MaxNameLength: 64,
		Select: Selection{
			Include: []Rule{
				{Tags: []string{"issues", "projects"}},
				{OperationIDs: []string{"get*", "search*"}, Methods: []string{"GET"}},
				{Paths: []string{"/rest/api/3/issue/*"}},
			},
			Exclude: []Rule{
				{Tags: []string{"deprecated"}},
				{Deprecated: ptr(true)},
			},
		},
		Graph: "/proj/agentready.graph.yaml",
		Cases: "/proj/testdata/agentready/cases.jsonl",
		Auth:  Auth{EnvPrefix: "JIRA"},
		File:  "/proj/agentready.yaml",
		Dir:   "/proj",
	}
	got := *c
	got.pos = nil
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Parse(example) =\n%+v\nwant\n%+v", got, want)
	}
	if err := c.Validate(); err != nil {
		t.Errorf("Validate() = %v", err)
	}
}

func TestParseDefaults(t *testing.T) {
	for _, tc := range []struct {
		name, yaml string
		dir        string
		want       Config
	}{
		{
			name: "minimal",
			yaml: "spec: openapi.yaml\nout: ./jira-tools\n",
			want: Config{Spec: "openapi.yaml", Out: "jira-tools", Package: "jiratools", MaxNameLength: 64, File: "agentready.yaml"},
		},
		{
			name: "explicit values kept",
			yaml: "spec: a.json\nout: gen/x\npackage: mytools\nmax_name_length: 40\nstrict: true\n",
			dir:  "cfg",
			want: Config{Spec: "cfg/a.json", Out: "cfg/gen/x", Package: "mytools", MaxNameLength: 40, Strict: true, File: "cfg/agentready.yaml", Dir: "cfg"},
		},
		{
			name: "nulls are absent",
			yaml: "spec: a.json\nout: x\npackage:\nmax_name_length: ~\nselect:\nauth:\n",
			want: Config{Spec: "a.json", Out: "x", Package: "x", MaxNameLength: 64, File: "agentready.yaml"},
		},
		{
			name: "allow_mutations true",
			yaml: "spec: a.json\nout: x\nallow_mutations: true\n",
			want: Config{Spec: "a.json", Out: "x", Package: "x", MaxNameLength: 64, File: "agentready.yaml", AllowMutations: Mutations{All: true}},
		},
		{
			name: "allow_mutations globs",
			yaml: "spec: a.json\nout: x\nallow_mutations: [create*, updateIssue]\n",
			want: Config{Spec: "a.json", Out: "x", Package: "x", MaxNameLength: 64, File: "agentready.yaml", AllowMutations: Mutations{OperationIDs: []string{"create*", "updateIssue"}}},
		},
		{
			name: "anchors and merge keys",
			yaml: "spec: a.json\nout: x\nselect:\n  include:\n    - &r {tags: [a]}\n    - <<: *r\n      methods: [GET]\n",
			want: Config{Spec: "a.json", Out: "x", Package: "x", MaxNameLength: 64, File: "agentready.yaml", Select: Selection{Include: []Rule{
				{Tags: []string{"a"}},
				{Tags: []string{"a"}, Methods: []string{"GET"}},
			}}},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, err := Parse([]byte(tc.yaml), tc.dir)
			if err != nil {
				t.Fatal(err)
			}
			got := *c
			got.pos = nil
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("got\n%+v\nwant\n%+v", got, tc.want)
			}
		})
	}
}

func TestLoadResolvesPaths(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "configs", "jira")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	abs := filepath.Join(root, "abs.json")
	file := filepath.Join(dir, "agentready.yaml")
	data := "spec: ../../specs/jira.json\nout: .\ngraph: " + abs + "\ncases: cases/c.jsonl\n"
	if err := os.WriteFile(file, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	c, err := Load(file)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ field, got, want string }{
		{"Spec", c.Spec, filepath.Join(root, "specs", "jira.json")},
		{"Out", c.Out, dir},
		{"Graph", c.Graph, abs},
		{"Cases", c.Cases, filepath.Join(dir, "cases", "c.jsonl")},
		{"Package", c.Package, "jira"}, // base name of out, which is the config's own directory
		{"File", c.File, file},
		{"Dir", c.Dir, dir},
	} {
		if tc.got != tc.want {
			t.Errorf("%s = %q, want %q", tc.field, tc.got, tc.want)
		}
	}

	// A relative path to the file gives paths relative to the working
	// directory.
	t.Chdir(root)
	c, err = Load(filepath.Join("configs", "jira", "agentready.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if want := filepath.Join("specs", "jira.json"); c.Spec != want {
		t.Errorf("Spec = %q, want %q", c.Spec, want)
	}
}

func TestLoadMissingFile(t *testing.T) {
	_, err := Load(filepath.Join(t.TempDir(), "agentready.yaml"))
	if !errors.Is(err, fs.ErrNotExist) || !strings.HasPrefix(err.Error(), "cannot read configuration: open ") {
		t.Errorf("Load(missing) = %v", err)
	}
}

func TestLoadNamesFileInProblems(t *testing.T) {
	t.Chdir(t.TempDir())
	if err := os.WriteFile("my.yaml", []byte("spec: a.json\nout: x\nmax_name_length: 65\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := Load("my.yaml")
	if want := "my.yaml:3:18: max_name_length: 65 is out of range (1..64)"; err == nil || err.Error() != want {
		t.Errorf("Load = %v, want %s", err, want)
	}
}

func TestDefaultPackage(t *testing.T) {
	for out, want := range map[string]string{
		"./jiratools":       "jiratools",
		"gen/jira-tools":    "jiratools",
		"Jira_Tools.v2":     "jiratoolsv2",
		"./2fa":             "tools2fa",
		"type":              "typepkg",
		"main":              "mainpkg",
		"---":               "tools",
		"/srv/outil-généré": "outilgnr",
	} {
		if got := DefaultPackage(out); got != want {
			t.Errorf("DefaultPackage(%q) = %q, want %q", out, got, want)
		}
	}
	// "." is named for the directory it stands for.
	dir := filepath.Join(t.TempDir(), "petstore")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	if got := DefaultPackage("."); got != "petstore" {
		t.Errorf(`DefaultPackage(".") = %q, want "petstore"`, got)
	}
}

// TestProblems checks the exact message of every problem Parse reports,
// and that it reports all of them at once.
func TestProblems(t *testing.T) {
	const ok = "spec: a.json\nout: x\n"
	for _, tc := range []struct {
		name, yaml string
		want       []string
	}{
		{
			name: "empty file",
			yaml: "",
			want: []string{
				"agentready.yaml: spec: is required: the path of the OpenAPI document, relative to this file",
				"agentready.yaml: out: is required: the directory to write the generated package to, relative to this file",
			},
		},
		{
			name: "empty spec",
			yaml: "spec: \"\"\nout: x\n",
			want: []string{"agentready.yaml:1:7: spec: is required: the path of the OpenAPI document, relative to this file"},
		},
		{
			name: "URLs",
			yaml: "spec: https://example.com/openapi.json\nout: x\ncases: http://example.com/c.jsonl\n",
			want: []string{
				`agentready.yaml:1:7: spec: "https://example.com/openapi.json" is a URL: agentready works offline and reads local files only; download it and give its path`,
				`agentready.yaml:3:8: cases: "http://example.com/c.jsonl" is a URL: agentready works offline and reads local files only; download it and give its path`,
			},
		},
		{
			name: "package names",
			yaml: ok + "package: jira-tools\n",
			want: []string{`agentready.yaml:3:10: package: "jira-tools" is not a Go identifier (use letters, digits and _, not starting with a digit), e.g. "jiratools"`},
		},
		{
			name: "package starting with a digit",
			yaml: ok + "package: 1password\n",
			want: []string{`agentready.yaml:3:10: package: "1password" is not a Go identifier (use letters, digits and _, not starting with a digit), e.g. "tools1password"`},
		},
		{
			name: "package keyword",
			yaml: ok + "package: type\n",
			want: []string{`agentready.yaml:3:10: package: "type" is a Go keyword: choose another name, e.g. "typepkg"`},
		},
		{
			name: "package blank",
			yaml: ok + "package: _\n",
			want: []string{`agentready.yaml:3:10: package: "_" cannot name a package`},
		},
		{
			name: "package main",
			yaml: ok + "package: main\n",
			want: []string{`agentready.yaml:3:10: package: "main" names a command, not a package of tools: choose another name`},
		},
		{
			name: "max_name_length too small",
			yaml: ok + "max_name_length: 0\n",
			want: []string{"agentready.yaml:3:18: max_name_length: 0 is out of range (1..64)"},
		},
		{
			name: "max_name_length too large",
			yaml: ok + "max_name_length: 128\n",
			want: []string{"agentready.yaml:3:18: max_name_length: 128 is out of range (1..64)"},
		},
		{
			name: "base_url not absolute",
			yaml: ok + "base_url: example.com/api\n",
			want: []string{`agentready.yaml:3:11: base_url: "example.com/api" is not an absolute http or https URL, e.g. https://api.example.com`},
		},
		{
			name: "base_url other scheme",
			yaml: ok + "base_url: ftp://example.com\n",
			want: []string{`agentready.yaml:3:11: base_url: "ftp://example.com" is not an absolute http or https URL, e.g. https://api.example.com`},
		},
		{
			name: "base_url with a password",
			yaml: ok + "base_url: https://me:hunter2@example.com\n",
			want: []string{"agentready.yaml:3:11: base_url: holds a credential (a password or a secret query parameter); " + secretAdvice},
		},
		{
			name: "base_url with a secret query parameter",
			yaml: ok + "base_url: https://example.com/api?api_key=abc\n",
			want: []string{"agentready.yaml:3:11: base_url: holds a credential (a password or a secret query parameter); " + secretAdvice},
		},
		{
			name: "env_prefix",
			yaml: ok + "auth:\n  env_prefix: jira-cloud\n",
			want: []string{`agentready.yaml:4:15: auth.env_prefix: "jira-cloud" is not a valid environment variable prefix (use letters, digits and _, not starting with a digit)`},
		},
		{
			name: "env_prefix trailing underscore",
			yaml: ok + "auth: {env_prefix: JIRA_}\n",
			want: []string{`agentready.yaml:3:20: auth.env_prefix: "JIRA_" must not end with _ (it is added: JIRA gives JIRA_BEARER_TOKEN)`},
		},
		{
			name: "select rules",
			yaml: ok + `select:
  include:
    - tags: [issues, ""]
    - methods: [GET, FETCH]
      operation_ids: ["get[", "ok*"]
    - paths: ["rest/*", "/a/b**", "/a/[", "/a/**/b"]
    - {}
  exclude:
    - tags: []
    - {}
`,
			want: []string{
				`agentready.yaml:5:22: select.include[0].tags[1]: must not be empty`,
				`agentready.yaml:6:22: select.include[1].methods[1]: "FETCH" is not an HTTP method (use GET, PUT, POST, DELETE, OPTIONS, HEAD, PATCH, TRACE)`,
				`agentready.yaml:7:23: select.include[1].operation_ids[0]: "get[" is not a valid glob (use * for any characters, ? for one, [a-z] for a class; escape a literal *, ?, [ or \ with \)`,
				`agentready.yaml:8:15: select.include[2].paths[0]: "rest/*" must start with / (it is matched against path templates such as /pets/{petId})`,
				`agentready.yaml:8:25: select.include[2].paths[1]: "/a/b**" is not a valid path glob: ** must be a whole segment, as in /a/**/b (use * within a segment)`,
				`agentready.yaml:8:35: select.include[2].paths[2]: "/a/[" is not a valid path glob (use * for any characters within a segment, ? for one, ** for any number of segments)`,
				`agentready.yaml:9:7: select.include[3]: the rule has no conditions, so it matches every operation (give tags, operation_ids, methods, paths or deprecated)`,
				`agentready.yaml:11:13: select.exclude[0].tags: is empty: give at least one value or leave tags out`,
				`agentready.yaml:12:7: select.exclude[1]: the rule has no conditions, so it excludes every operation (give tags, operation_ids, methods, paths or deprecated)`,
			},
		},
		{
			name: "allow_mutations glob",
			yaml: ok + "allow_mutations: [create*, \"\", \"a\\\\\"]\n",
			want: []string{
				`agentready.yaml:3:28: allow_mutations[1]: must not be empty`,
				`agentready.yaml:3:32: allow_mutations[2]: "a\\" is not a valid glob (use * for any characters, ? for one, [a-z] for a class; escape a literal *, ?, [ or \ with \)`,
			},
		},
		{
			name: "every problem at once",
			yaml: "out: x\npackage: func\nmax_name_length: -1\nselect:\n  include:\n    - methods: [FETCH]\n",
			want: []string{
				"agentready.yaml: spec: is required: the path of the OpenAPI document, relative to this file",
				`agentready.yaml:2:10: package: "func" is a Go keyword: choose another name, e.g. "funcpkg"`,
				"agentready.yaml:3:18: max_name_length: -1 is out of range (1..64)",
				`agentready.yaml:6:17: select.include[0].methods[0]: "FETCH" is not an HTTP method (use GET, PUT, POST, DELETE, OPTIONS, HEAD, PATCH, TRACE)`,
			},
		},
		{
			name: "unknown keys",
			yaml: ok + "baseUrl: https://x\nsurprise: 1\nselect:\n  include:\n    - tagz: [x]\n  exclud: []\n",
			want: []string{
				`agentready.yaml:3:1: unknown key "baseUrl" (did you mean "base_url"?)`,
				`agentready.yaml:4:1: unknown key "surprise" (known keys: allow_mutations, auth, base_url, cases, graph, import_path, max_name_length, max_tool_tokens, out, overlays, package, prices, select, spec, split_by_tag, strict)`,
				`agentready.yaml:7:7: select.include[0]: unknown key "tagz" (did you mean "tags"?)`,
				`agentready.yaml:8:3: select: unknown key "exclud" (did you mean "exclude"?)`,
			},
		},
		{
			name: "duplicate key",
			yaml: ok + "spec: b.json\n",
			want: []string{"agentready.yaml:3:1: spec: is given twice (first at line 1): keep one"},
		},
		{
			name: "wrong kinds",
			yaml: ok + "max_name_length: abc\nstrict: yes\nselect: [a]\nauth: {env_prefix: [A]}\nallow_mutations: some\n",
			want: []string{
				`agentready.yaml:3:18: max_name_length: expected a whole number, got "abc"`,
				`agentready.yaml:4:9: strict: expected true or false, got "yes"`,
				`agentready.yaml:5:9: select: expected a mapping, got a list`,
				`agentready.yaml:6:20: auth.env_prefix: expected a string, got a list`,
				`agentready.yaml:7:18: allow_mutations: expected true, false or a list of operationId globs, got "some"`,
			},
		},
		{
			name: "a scalar for a list",
			yaml: ok + "select:\n  include:\n    - tags: issues\n",
			want: []string{`agentready.yaml:5:13: select.include[0].tags: expected a list, got "issues" (write [issues] for a list of one)`},
		},
		{
			name: "secret keys",
			yaml: ok + "auth:\n  env_prefix: JIRA\n  token: abc123\n  api_key: ${JIRA_KEY}\npassword: hunter2\n",
			want: []string{
				"agentready.yaml:5:3: auth.token: holds a literal credential; " + secretAdvice,
				`agentready.yaml:6:3: auth: unknown key "api_key" (credentials come from the environment: set auth.env_prefix)`,
				"agentready.yaml:7:1: password: holds a literal credential; " + secretAdvice,
			},
		},
		{
			name: "token pasted into a field",
			yaml: ok + "auth:\n  env_prefix: ghp_0123456789abcdefghijklmnopqrstuvwxyz\n",
			want: []string{"agentready.yaml:4:15: auth.env_prefix: holds what looks like a credential; " + secretAdvice},
		},
		{
			name: "token under an unknown key",
			yaml: ok + "jira: xoxb-0123456789-abcdefghijklmnop\n",
			want: []string{"agentready.yaml:3:1: jira: holds what looks like a credential; " + secretAdvice},
		},
		{
			name: "syntax error",
			yaml: "spec: [a.json\nout: x\n",
			want: []string{`agentready.yaml:2:4: did not find expected ',' or ']' (while parsing a flow sequence that starts at 1:7)`},
		},
		{
			name: "bad indentation",
			yaml: "spec: a.json\n  out: x\n",
			want: []string{"agentready.yaml:2:6: mapping values are not allowed in this context"},
		},
		{
			name: "tab",
			yaml: "\tspec: a.json\n",
			want: []string{"agentready.yaml:1:1: found character that cannot start any token"},
		},
		{
			name: "not a mapping",
			yaml: "- spec: a.json\n",
			want: []string{"agentready.yaml:1:1: expected a mapping of settings (spec, out, ...), got a list"},
		},
		{
			name: "two documents",
			yaml: ok + "---\nspec: b.json\n",
			want: []string{"agentready.yaml:3:1: the file holds more than one YAML document (---): keep the whole configuration in one"},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, err := Parse([]byte(tc.yaml), "")
			if err == nil {
				t.Fatalf("Parse succeeded: %+v", c)
			}
			if c != nil {
				t.Errorf("Parse returned a Config with its error")
			}
			var ps Problems
			if !errors.As(err, &ps) {
				t.Fatalf("error %T is not Problems: %v", err, err)
			}
			got := strings.Split(err.Error(), "\n")
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("got:\n%s\nwant:\n%s", err, strings.Join(tc.want, "\n"))
			}
		})
	}
}

// TestUnknownKeyLine checks that an unknown key is an error naming its
// line, with no other noise.
func TestUnknownKeyLine(t *testing.T) {
	_, err := Parse([]byte("spec: a.json\nout: x\n\n# comment\nmax_name_lenght: 40\n"), "")
	const want = `agentready.yaml:5:1: unknown key "max_name_lenght" (did you mean "max_name_length"?)`
	if err == nil || err.Error() != want {
		t.Fatalf("got %v, want %s", err, want)
	}
	var p *Problem
	if !errors.As(err, &p) || p.Line != 5 || p.Column != 1 || p.Field != "" {
		t.Errorf("errors.As(*Problem) = %+v", p)
	}
}

func TestValidateBuiltConfig(t *testing.T) {
	c := &Config{Spec: "a.json", Out: "x", Package: "x", MaxNameLength: 64}
	if err := c.Validate(); err != nil {
		t.Fatal(err)
	}
	c.Select.Include = []Rule{{Methods: []string{"FETCH"}}}
	c.MaxNameLength = 0
	c.Package = ""
	err := c.Validate()
	want := strings.Join([]string{
		"agentready.yaml: package: is required (DefaultPackage(out) derives one)",
		"agentready.yaml: max_name_length: 0 is out of range (1..64)",
		`agentready.yaml: select.include[0].methods[0]: "FETCH" is not an HTTP method (use GET, PUT, POST, DELETE, OPTIONS, HEAD, PATCH, TRACE)`,
	}, "\n")
	if err == nil || err.Error() != want {
		t.Errorf("Validate() =\n%v\nwant\n%s", err, want)
	}
	if got := len(err.(Problems)); got != 3 {
		t.Errorf("%d problems, want 3", got)
	}
}

func TestMutations(t *testing.T) {
	m := Mutations{OperationIDs: []string{"create*", "updateIssue"}}
	for id, want := range map[string]bool{"createIssue": true, "updateIssue": true, "deleteIssue": false, "update": false} {
		if got := m.Allows(id); got != want {
			t.Errorf("Allows(%q) = %t", id, got)
		}
	}
	if !(Mutations{All: true}).Allows("anything") || (Mutations{}).Allows("anything") {
		t.Error("All is not honoured")
	}
	if !(Mutations{}).IsZero() || (Mutations{OperationIDs: []string{}}).IsZero() {
		t.Error("IsZero")
	}
	for _, tc := range []struct {
		m    Mutations
		want any
	}{{Mutations{}, false}, {Mutations{All: true}, true}, {m, m.OperationIDs}} {
		got, err := tc.m.MarshalYAML()
		if err != nil || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("MarshalYAML(%+v) = %v, %v", tc.m, got, err)
		}
	}
}

func TestProblemError(t *testing.T) {
	for _, tc := range []struct {
		p    Problem
		want string
	}{
		{Problem{File: "a.yaml", Line: 3, Column: 5, Field: "out", Message: "m"}, "a.yaml:3:5: out: m"},
		{Problem{File: "a.yaml", Line: 3, Message: "m"}, "a.yaml:3: m"},
		{Problem{Field: "spec", Message: "m"}, "agentready.yaml: spec: m"},
	} {
		if got := tc.p.Error(); got != tc.want {
			t.Errorf("%+v.Error() = %q, want %q", tc.p, got, tc.want)
		}
	}
}

func TestSuggest(t *testing.T) {
	names := []string{"base_url", "max_name_length", "operation_ids", "tags"}
	for key, want := range map[string]string{
		"baseURL":         "base_url",
		"base-url":        "base_url",
		"operationIds":    "operation_ids",
		"operation_id":    "operation_ids",
		"tag":             "tags",
		"maxNameLength":   "max_name_length",
		"completely_else": "",
	} {
		if got := suggest(key, names); got != want {
			t.Errorf("suggest(%q) = %q, want %q", key, got, want)
		}
	}
}

func TestSecretDetection(t *testing.T) {
	for key, want := range map[string]bool{
		"token": true, "password": true, "secret": true, "api_key": true, "apiKey": true, "API-KEY": true,
		"bearer_token": true, "client_secret": true, "jira_password": true, "private_key": true,
		"tokens": false, "max_tokens": false, "env_prefix": false, "tags": false, "spec": false,
	} {
		if got := secretKey(key); got != want {
			t.Errorf("secretKey(%q) = %t", key, got)
		}
	}
	for val, want := range map[string]bool{
		"ghp_0123456789abcdefghijklmnopqrstuvwxyz": true,
		"sk-proj-0123456789abcdefghij":             true,
		"AKIAIOSFODNN7EXAMPLE":                     true,
		"eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig": true,
		"ghp_short":                         false,
		"JIRA":                              false,
		"skeleton-key-for-all-the-doors":    false,
		"sk- with spaces in it, a sentence": false,
	} {
		if got := looksLikeToken(val); got != want {
			t.Errorf("looksLikeToken(%q) = %t", val, got)
		}
	}
}

func TestPrices(t *testing.T) {
	c, err := Parse([]byte("spec: a.json\nout: ./p\nprices:\n  openai:gpt-4o: {input: 2.5, output: 10}\n  anthropic:claude-sonnet-4-5: {input: 3, output: 15}\n"), t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if p := c.Prices["openai:gpt-4o"]; p.Input != 2.5 || p.Output != 10 || c.Prices["anthropic:claude-sonnet-4-5"].Output != 15 {
		t.Errorf("prices: %+v", c.Prices)
	}
	_, err = Parse([]byte("spec: a.json\nout: ./p\nprices:\n  gpt-4o: {input: 2.5, output: 10}\n  openai:o3: {input: -1, output: ten}\n"), t.TempDir())
	for _, want := range []string{`agentready.yaml:4:11: prices.gpt-4o: "gpt-4o" does not name a model as --model does`, "prices.openai:o3.output: expected a number"} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("error %v lacks %q", err, want)
		}
	}
}
