package graph

import (
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"go.yaml.in/yaml/v4"
)

// Judged edges of a large spec, drawn at random within confidence bands
// by TestSampleEdges and judged by hand: right, weak (type-compatible,
// but nobody would chain them) or wrong. See testdata/labels/README.md.
type judgedFile struct {
	Spec  string       `yaml:"spec"`
	Seed  int64        `yaml:"seed"`
	Edges []judgedEdge `yaml:"edges"`
}

type judgedEdge struct {
	Split      string   `yaml:"split"` // "heldout" or "tune"
	From       string   `yaml:"from"`
	To         string   `yaml:"to"`
	Mappings   []string `yaml:"mappings"` // "output -> input"
	Confidence float64  `yaml:"confidence"`
	Label      string   `yaml:"label"` // right, weak, wrong; empty until judged
	Note       string   `yaml:"note,omitempty"`
}

// bands are the confidence bands edges are drawn from.
var bands = []struct {
	name     string
	min, max float64
}{{"<0.80", 0, 0.8}, {"0.80-0.89", 0.8, 0.9}, {">=0.90", 0.9, 1.01}}

func bandOf(c float64) string {
	for _, b := range bands {
		if c >= b.min && c < b.max {
			return b.name
		}
	}
	return "?"
}

// TestSampleEdges writes a worksheet of edges to judge: for the spec in
// AGENTREADY_GRAPH_SAMPLE (a shared:real/x.json path), n edges of each
// band for the held-out split, then n for the tuning split, drawn with
// a fixed seed; the held-out split is judged first and not looked at
// while tuning.
func TestSampleEdges(t *testing.T) {
	spec := os.Getenv("AGENTREADY_GRAPH_SAMPLE")
	if spec == "" {
		t.Skip("set AGENTREADY_GRAPH_SAMPLE=shared:real/github.json (and AGENTREADY_GRAPH_SAMPLE_OUT=file)")
	}
	const seed, n = 17, 10
	api := loadAPI(t, specPath(t, spec), nil)
	g := Infer(api, Options{})
	byBand := map[string][]*Edge{}
	for _, e := range g.Edges {
		byBand[bandOf(e.Confidence)] = append(byBand[bandOf(e.Confidence)], e)
	}
	r := rand.New(rand.NewSource(seed))
	f := judgedFile{Spec: spec, Seed: seed}
	for _, split := range []string{"heldout", "tune"} {
		for _, b := range bands {
			es := byBand[b.name]
			for i := 0; i < n && len(es) > 0; i++ {
				j := r.Intn(len(es))
				e := es[j]
				es = append(es[:j:j], es[j+1:]...)
				je := judgedEdge{Split: split, From: e.From, To: e.To, Confidence: e.Confidence}
				for _, m := range e.Mappings {
					je.Mappings = append(je.Mappings, m.Output+" -> "+m.Input)
				}
				f.Edges = append(f.Edges, je)
			}
			byBand[b.name] = es
		}
	}
	data, err := yaml.Marshal(f)
	if err != nil {
		t.Fatal(err)
	}
	out := os.Getenv("AGENTREADY_GRAPH_SAMPLE_OUT")
	if out == "" {
		t.Log(string(data))
		return
	}
	if err := os.WriteFile(out, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestJudgedEdges reports precision on the judged edges of large specs,
// by split and band (weak counts as wrong), for the edges that the
// current inference still proposes; edges it no longer proposes are
// counted apart (a judged wrong edge gone is a fix).
func TestJudgedEdges(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("testdata", "labels", "judged-*.yaml"))
	if len(files) == 0 {
		t.Skip("no judged edges")
	}
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		var f judgedFile
		dec := yaml.NewDecoder(strings.NewReader(string(data)))
		dec.KnownFields(true)
		if err := dec.Decode(&f); err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		api := loadAPI(t, specPath(t, f.Spec), nil)
		g := Infer(api, Options{})
		type tally struct{ right, weak, wrong, gone, unjudged int }
		counts := map[string]*tally{}
		for _, je := range f.Edges {
			k := je.Split + " " + bandOf(je.Confidence)
			if counts[k] == nil {
				counts[k] = &tally{}
			}
			c := counts[k]
			switch {
			case je.Label == "":
				c.unjudged++
			case g.Find(je.From, je.To) == nil:
				c.gone++
			case je.Label == "right":
				c.right++
			case je.Label == "weak":
				c.weak++
			case je.Label == "wrong":
				c.wrong++
			default:
				t.Errorf("%s: %s -> %s: label %q, want right, weak or wrong", file, je.From, je.To, je.Label)
			}
		}
		var keys []string
		for k := range counts {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			c := counts[k]
			n := c.right + c.weak + c.wrong
			p := 0.0
			if n > 0 {
				p = float64(c.right) / float64(n)
			}
			t.Log(fmt.Sprintf("%s %-18s precision %.2f (right %d weak %d wrong %d; %d no longer proposed, %d unjudged)",
				filepath.Base(file), k, p, c.right, c.weak, c.wrong, c.gone, c.unjudged))
		}
	}
}
