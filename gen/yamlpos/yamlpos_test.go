package yamlpos

import (
	"go.yaml.in/yaml/v4"
	"strings"
	"testing"
	"time"
)

type server struct {
	Name    string   `yaml:"name" yamlpos:"required"`
	Port    int      `yaml:"port"`
	Weight  float64  `yaml:"weight"`
	Enabled bool     `yaml:"enabled"`
	Tags    []string `yaml:"tags"`
}

type file struct {
	BaseURL string            `yaml:"base_url"`
	Servers []server          `yaml:"servers"`
	Labels  map[string]string `yaml:"labels"`
	Skip    string            `yaml:"-"`
}

// decode decodes src into a file and returns the problems, sorted, one a
// line.
func decode(t *testing.T, src string, opts Options) (*file, *Result, string) {
	t.Helper()
	var f file
	opts.File = "f.yaml"
	r := Decode([]byte(src), &f, opts)
	r.Problems.Sort()
	lines := make([]string, len(r.Problems))
	for i, p := range r.Problems {
		lines[i] = p.Error()
	}
	return &f, r, strings.Join(lines, "\n")
}

func TestDecodeReportsEveryProblemWithItsPlace(t *testing.T) {
	src := `baseUrl: http://x
servers:
  - name: a
    port: eighty
    weight: [1]
    enabled: yes
    tags: prod
  - port: 2
    name: b
    name: c
  - just a string
labels: {a: [1]}
skip: 1
`
	_, r, got := decode(t, src, Options{})
	for _, want := range []string{
		`f.yaml:1:1: unknown key "baseUrl" (did you mean "base_url"?)`,
		`f.yaml:4:11: servers[0].port: expected a whole number, got "eighty"`,
		`f.yaml:5:13: servers[0].weight: expected a number, got a list`,
		`f.yaml:6:14: servers[0].enabled: expected true or false, got "yes"`,
		`f.yaml:7:11: servers[0].tags: expected a list, got "prod" (write [prod] for a list of one)`,
		`f.yaml:10:5: servers[1].name: is given twice (first at line 9): keep one`,
		`f.yaml:11:5: servers[2]: expected a mapping, got "just a string"`,
		`f.yaml:12:13: labels.a: expected a string, got a list`,
		`f.yaml:13:1: unknown key "skip" (known keys: base_url, labels, servers)`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("problems lack %q:\n%s", want, got)
		}
	}
	if r.Complete {
		t.Error("a key given twice leaves the decoding complete")
	}
	if !r.Failed("servers") || !r.Failed("servers[0]") || r.Failed("base_url") {
		t.Errorf("Failed: servers %v, servers[0] %v, base_url %v", r.Failed("servers"), r.Failed("servers[0]"), r.Failed("base_url"))
	}
}

func TestDecodeFillsAndLocates(t *testing.T) {
	// A merged mapping gives the first server its port and tags.
	src := "servers:\n  - name: a\n    <<: {port: 8080, tags: [x]}\n  - {name: b, weight: 0.5}\nlabels:\n  env: prod\n"
	f, r, got := decode(t, src, Options{})
	if got != "" || !r.Complete {
		t.Fatalf("problems in a good file (complete %v):\n%s", r.Complete, got)
	}
	if len(f.Servers) != 2 || f.Servers[0].Port != 8080 || f.Servers[0].Tags[0] != "x" || f.Servers[1].Weight != 0.5 || f.Labels["env"] != "prod" {
		t.Errorf("decoded %+v", f)
	}
	for field, want := range map[string][2]int{"servers[1].weight": {4, 23}, "labels.env": {6, 8}, "servers[0]": {2, 5}, "servers[0].tags": {3, 28}} {
		if at := r.Positions[field]; at.Line != want[0] || at.Column != want[1] || at.File != "f.yaml" {
			t.Errorf("%s at %v, want %d:%d", field, at, want[0], want[1])
		}
	}
}

func TestDecodeRequiredKeys(t *testing.T) {
	_, _, got := decode(t, "servers:\n  - port: 1\n", Options{})
	if got != "f.yaml:2:5: servers[0]: name is missing" {
		t.Errorf("got %q", got)
	}
}

func TestDecodeDocuments(t *testing.T) {
	for src, want := range map[string]string{
		"":                         "",
		"~\n":                      "",
		"- a\n":                    `f.yaml:1:1: expected a mapping, got a list`,
		"base_url: a\n---\nb: 1\n": "f.yaml:2:1: the file holds more than one YAML document (---): keep the whole settings in one",
		"servers: [\n":             "f.yaml:2:1: did not find expected node content",
	} {
		_, r, got := decode(t, src, Options{Document: "settings"})
		if !strings.HasPrefix(got, want) || (want == "") != (got == "") {
			t.Errorf("%q: got %q, want %q", src, got, want)
		}
		if r.Complete != (want == "") {
			t.Errorf("%q: complete %v", src, r.Complete)
		}
	}
}

func TestDecodeRedactsAndHooks(t *testing.T) {
	const token = "ghp_abcdefghijklmnopqrstuvwxyz"
	redact := func(v string) bool { return strings.HasPrefix(v, "ghp_") }
	_, _, got := decode(t, "servers: "+token+"\nlabels: "+token+"\n", Options{Redact: redact})
	if strings.Contains(got, token) || !strings.Contains(got, "servers: expected a list, got a value that looks like a credential") {
		t.Errorf("a credential is quoted or not described:\n%s", got)
	}
	opts := Options{
		UnknownKey: func(d *Decoder, k, v *yaml.Node, field string, known []string) bool {
			d.Add(k, Join(field, k.Value), "not here (%s)", KeyHint(k.Value, known))
			return true
		},
	}
	_, _, got = decode(t, "servers:\n  - {name: a, prot: 1}\n", opts)
	if got != `f.yaml:2:15: servers[0].prot: not here (did you mean "port"?)` {
		t.Errorf("UnknownKey hook: %q", got)
	}
}

// TestDecodeBoundsAliases: a file of a few hundred bytes whose aliases
// name one list a million times is refused quickly, not walked.
func TestDecodeBoundsAliases(t *testing.T) {
	var b strings.Builder
	b.WriteString("servers:\n  - &srv {name: x, tags: [&t y" + strings.Repeat(", *t", 999) + "]}\n")
	for range 1000 {
		b.WriteString("  - *srv\n")
	}
	start := time.Now()
	_, r, got := decode(t, b.String(), Options{})
	if r.Complete || !strings.Contains(got, "aliases (*name) repeat the file's nodes") {
		t.Errorf("complete %v, problems:\n%.500s", r.Complete, got)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("took %v", d)
	}
}
