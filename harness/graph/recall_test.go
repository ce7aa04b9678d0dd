package graph

import (
	"math/rand"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"go.yaml.in/yaml/v4"
)

// A recall sample of a large spec: inputs of consumer operations drawn
// at random by TestSampleRecall and labelled by hand with the
// operations that would rightly produce them (testdata/labels/README.md,
// rule 2), or with why the input needs no producer (rule 1: a new name,
// a value the caller chooses). TestRecall measures the fraction of the
// inputs that need a producer for which inference proposes at least one
// of the labelled ones.
type recallFile struct {
	Spec   string        `yaml:"spec"`
	Seed   int64         `yaml:"seed"`
	Inputs []recallInput `yaml:"inputs"`
}

type recallInput struct {
	Op    string `yaml:"op"`
	Input string `yaml:"input"`
	// Producers are the operations that rightly produce the input;
	// empty with Skip set when it needs none.
	Producers []string `yaml:"producers,omitempty"`
	Skip      string   `yaml:"skip,omitempty"`
	Note      string   `yaml:"note,omitempty"`
}

// TestSampleRecall writes a worksheet of inputs to label: for the spec
// in AGENTREADY_GRAPH_RECALL (a shared:real/x.json path), n (30, or
// AGENTREADY_GRAPH_RECALL_N) path parameters of operations drawn with
// a seed (AGENTREADY_GRAPH_RECALL_SEED, 30), whatever inference makes of
// them: path parameters name what a call works on, so most need a
// producer, and drawing them without asking inference keeps the sample
// blind to what it finds.
func TestSampleRecall(t *testing.T) {
	spec := os.Getenv("AGENTREADY_GRAPH_RECALL")
	if spec == "" {
		t.Skip("set AGENTREADY_GRAPH_RECALL=shared:real/github.json (and AGENTREADY_GRAPH_RECALL_OUT=file)")
	}
	seed, n := envInt(t, "AGENTREADY_GRAPH_RECALL_SEED", 30), int(envInt(t, "AGENTREADY_GRAPH_RECALL_N", 30))
	api := loadAPI(t, specPath(t, spec), nil)
	type pick struct{ op, input string }
	var all []pick
	for _, op := range api.Operations {
		for _, p := range op.Params {
			if p.In == "path" {
				all = append(all, pick{op.Name, p.Name})
			}
		}
	}
	r := rand.New(rand.NewSource(seed))
	f := recallFile{Spec: spec, Seed: seed}
	for i := 0; i < n && len(all) > 0; i++ {
		j := r.Intn(len(all))
		f.Inputs = append(f.Inputs, recallInput{Op: all[j].op, Input: all[j].input})
		all = append(all[:j:j], all[j+1:]...)
	}
	writeWorksheet(t, f, "AGENTREADY_GRAPH_RECALL_OUT")
}

// TestRecall reports, for each recall-*.yaml, the fraction of labelled
// inputs that need a producer for which inference proposes at least one
// labelled producer, and lists the ones it misses.
func TestRecall(t *testing.T) {
	if testing.Short() {
		t.Skip("reads large specs")
	}
	files, _ := filepath.Glob(filepath.Join("testdata", "labels", "recall-*.yaml"))
	if len(files) == 0 {
		t.Skip("no recall samples")
	}
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		var f recallFile
		dec := yaml.NewDecoder(strings.NewReader(string(data)))
		dec.KnownFields(true)
		if err := dec.Decode(&f); err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		api := loadAPI(t, specPath(t, f.Spec), nil)
		g := Infer(api, Options{})
		need, found := 0, 0
		var missed []string
		for _, ri := range f.Inputs {
			if api.Operation(ri.Op) == nil {
				t.Fatalf("%s: %s: no such operation", file, ri.Op)
			}
			switch {
			case ri.Skip != "" && len(ri.Producers) > 0:
				t.Errorf("%s: %s %s: both skipped and labelled", file, ri.Op, ri.Input)
				continue
			case ri.Skip != "":
				continue
			case len(ri.Producers) == 0:
				t.Errorf("%s: %s %s: unlabelled (list its producers or say why it needs none in skip)", file, ri.Op, ri.Input)
				continue
			}
			need++
			if proposesAny(g, ri) {
				found++
			} else {
				missed = append(missed, ri.Op+" "+ri.Input)
			}
		}
		sort.Strings(missed)
		t.Logf("%s: %d of %d inputs that need a producer get a right one: recall %.2f", filepath.Base(file), found, need, float64(found)/float64(max(need, 1)))
		for _, m := range missed {
			t.Logf("  missed: %s", m)
		}
	}
}

// proposesAny reports whether g has an edge from one of the input's
// labelled producers that fills it.
func proposesAny(g *Graph, ri recallInput) bool {
	for _, p := range ri.Producers {
		e := g.Find(p, ri.Op)
		if e == nil {
			continue
		}
		for _, m := range e.Mappings {
			if m.Input == ri.Input {
				return true
			}
		}
	}
	return false
}
