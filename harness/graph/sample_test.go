package graph

import (
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"sort"
	"strconv"
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
// while tuning. AGENTREADY_GRAPH_SAMPLE_SPLIT=tune (or heldout) with
// AGENTREADY_GRAPH_SAMPLE_SEED and AGENTREADY_GRAPH_SAMPLE_N draws that
// split alone, with another seed (a fresh held-out sample once the
// rules have changed). AGENTREADY_GRAPH_SAMPLE_BANDS (band names,
// comma-separated: ">=0.90") draws from those bands only.
func TestSampleEdges(t *testing.T) {
	spec := os.Getenv("AGENTREADY_GRAPH_SAMPLE")
	if spec == "" {
		t.Skip("set AGENTREADY_GRAPH_SAMPLE=shared:real/github.json (and AGENTREADY_GRAPH_SAMPLE_OUT=file)")
	}
	seed, n := int64(17), 10
	splits := []string{"heldout", "tune"}
	switch split := os.Getenv("AGENTREADY_GRAPH_SAMPLE_SPLIT"); split {
	case "tune":
		splits = []string{"tune"}
		seed, n = envInt(t, "AGENTREADY_GRAPH_SAMPLE_SEED", 71), int(envInt(t, "AGENTREADY_GRAPH_SAMPLE_N", 20))
	case "heldout":
		splits = []string{"heldout"}
		seed, n = envInt(t, "AGENTREADY_GRAPH_SAMPLE_SEED", 17), int(envInt(t, "AGENTREADY_GRAPH_SAMPLE_N", 10))
	case "":
	default:
		t.Fatalf("AGENTREADY_GRAPH_SAMPLE_SPLIT=%q: want tune or heldout", split)
	}
	only := map[string]bool{}
	if v := os.Getenv("AGENTREADY_GRAPH_SAMPLE_BANDS"); v != "" {
		for _, name := range strings.Split(v, ",") {
			if bandOf(bandMin(t, strings.TrimSpace(name))) == "?" {
				t.Fatalf("AGENTREADY_GRAPH_SAMPLE_BANDS=%q: no band %q", v, name)
			}
			only[strings.TrimSpace(name)] = true
		}
	}
	api := loadAPI(t, specPath(t, spec), nil)
	g := Infer(api, Options{})
	byBand := map[string][]*Edge{}
	for _, e := range g.Edges {
		byBand[bandOf(e.Confidence)] = append(byBand[bandOf(e.Confidence)], e)
	}
	r := rand.New(rand.NewSource(seed))
	f := judgedFile{Spec: spec, Seed: seed}
	for _, split := range splits {
		for _, b := range bands {
			if len(only) > 0 && !only[b.name] {
				continue
			}
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
	writeWorksheet(t, f, "AGENTREADY_GRAPH_SAMPLE_OUT")
}

// bandMin returns the least confidence of the band of that name.
func bandMin(t *testing.T, name string) float64 {
	for _, b := range bands {
		if b.name == name {
			return b.min
		}
	}
	t.Fatalf("no confidence band %q: want one of <0.80, 0.80-0.89, >=0.90", name)
	return 0
}

// writeWorksheet writes v as YAML to the file the environment variable
// out names, or logs it when the variable is not set.
func writeWorksheet(t *testing.T, v any, out string) {
	t.Helper()
	data, err := yaml.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	path := os.Getenv(out)
	if path == "" {
		t.Log(string(data))
		return
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

func envInt(t *testing.T, name string, def int64) int64 {
	v := os.Getenv(name)
	if v == "" {
		return def
	}
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil {
		t.Fatalf("%s=%q: want a whole number", name, v)
	}
	return n
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
		f := readJudged(t, file)
		api := loadAPI(t, specPath(t, f.Spec), nil)
		g := Infer(api, Options{})
		t.Logf("%s: %s has %d edges", filepath.Base(file), f.Spec, len(g.Edges))
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
				if os.Getenv("AGENTREADY_GRAPH_GONE") != "" {
					t.Logf("%s: gone %s %s -> %s %v", filepath.Base(file), je.Label, je.From, je.To, je.Mappings)
				}
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

// readJudged reads a judged-edges file.
func readJudged(t *testing.T, file string) judgedFile {
	t.Helper()
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
	return f
}

// freshSamples are the judged files drawn after the rules and the
// calibration were final: held out, never fitted on. Every other
// judged-*.yaml is the tuning split.
var freshSamples = map[string]bool{
	"judged-github-heldout10.yaml": true,
	"judged-github-top3.yaml":      true,
	"judged-stripe-heldout10.yaml": true,
	"judged-stripe-top2.yaml":      true,
}

// TestCalibration fits the class rates and the calibration bands on the
// tuning split (the judged edges inference still proposes, of every
// judged file but the fresh samples) and checks that ClassRates and
// CalibrationBands are that fit; it then reports precision by class
// and by calibrated band on both splits.
func TestCalibration(t *testing.T) {
	if testing.Short() {
		t.Skip("reads GitHub's and Stripe's specs")
	}
	files, _ := filepath.Glob(filepath.Join("testdata", "labels", "judged-*.yaml"))
	type tally struct{ judged, right int }
	type split struct {
		classes map[EdgeClass]*tally
		bands   map[string]*tally
	}
	splits := map[string]*split{"tune": {map[EdgeClass]*tally{}, map[string]*tally{}}, "heldout": {map[EdgeClass]*tally{}, map[string]*tally{}}}
	graphs := map[string]*Graph{}
	for _, file := range files {
		f := readJudged(t, file)
		g := graphs[f.Spec]
		if g == nil {
			g = Infer(loadAPI(t, specPath(t, f.Spec), nil), Options{})
			graphs[f.Spec] = g
		}
		sp := splits["tune"]
		if freshSamples[filepath.Base(file)] {
			sp = splits["heldout"]
		}
		for _, je := range f.Edges {
			// Only the edges inference still proposes: confidence is
			// the chance that a proposed edge is right.
			e := g.Find(je.From, je.To)
			if je.Label == "" || e == nil {
				continue
			}
			var ins []string
			for _, m := range e.Mappings {
				ins = append(ins, m.Input)
			}
			c := classOf(g.api.Operation(e.From), g.api.Operation(e.To), ins)
			band := ""
			for _, b := range CalibrationBands {
				if conf := round2(e.Confidence); conf >= b.Min && conf < b.Max {
					band = b.Band
				}
			}
			if sp.classes[c] == nil {
				sp.classes[c] = &tally{}
			}
			if sp.bands[band] == nil {
				sp.bands[band] = &tally{}
			}
			for _, tl := range []*tally{sp.classes[c], sp.bands[band]} {
				tl.judged++
				if je.Label == "right" {
					tl.right++
				}
			}
		}
	}
	tune := splits["tune"]
	for _, r := range ClassRates {
		got := tune.classes[r.Class]
		if got == nil {
			got = &tally{}
		}
		rate, lower := fitRate(got.judged, got.right)
		if got.judged != r.Judged || got.right != r.Right || rate != r.Rate || lower != r.Lower {
			t.Errorf("class %s: fitted %d judged, %d right, rate %.2f, lower %.2f; ClassRates says %d, %d, %.2f, %.2f",
				r.Class, got.judged, got.right, rate, lower, r.Judged, r.Right, r.Rate, r.Lower)
		}
	}
	for _, b := range CalibrationBands {
		got := tune.bands[b.Band]
		if got == nil {
			got = &tally{}
		}
		if got.judged != b.Judged || got.right != b.Right {
			t.Errorf("band %s: fitted %d judged, %d right; CalibrationBands says %d, %d", b.Band, got.judged, got.right, b.Judged, b.Right)
		}
	}
	for _, name := range []string{"tune", "heldout"} {
		sp := splits[name]
		for _, r := range ClassRates {
			if c := sp.classes[r.Class]; c != nil {
				t.Logf("%-7s class %-17s %3d judged, %3d right, precision %.2f (rate %.2f)", name, r.Class, c.judged, c.right, float64(c.right)/float64(c.judged), r.Rate)
			}
		}
		for _, b := range CalibrationBands {
			if c := sp.bands[b.Band]; c != nil {
				t.Logf("%-7s calibrated %-9s %3d judged, %3d right, precision %.2f, 95%% interval from %.2f", name, b.Band, c.judged, c.right, float64(c.right)/float64(c.judged), wilsonLower(c.right, c.judged))
			}
		}
	}
}
