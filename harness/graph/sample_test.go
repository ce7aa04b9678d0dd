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
// rules have changed).
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

// TestCalibration fits the class rates and the calibration bands on the
// tuning split (and only it; the edges inference still proposes) and checks that ClassRates and
// CalibrationBands are that fit; it then reports precision by
// calibrated band on the held-out split.
func TestCalibration(t *testing.T) {
	if testing.Short() {
		t.Skip("reads GitHub's spec")
	}
	tune := readJudged(t, filepath.Join("testdata", "labels", "judged-github-tune.yaml"))
	api := loadAPI(t, specPath(t, tune.Spec), nil)
	// Only the edges inference still proposes: confidence is the chance
	// that a proposed edge is right.
	g := Infer(api, Options{})
	proposed := func(f judgedFile) judgedFile {
		out := f
		out.Edges = nil
		for _, je := range f.Edges {
			if g.Find(je.From, je.To) != nil {
				out.Edges = append(out.Edges, je)
			}
		}
		return out
	}
	tune = proposed(tune)
	classify := func(je judgedEdge) (EdgeClass, bool) {
		from, to := api.Operation(je.From), api.Operation(je.To)
		if from == nil || to == nil {
			t.Fatalf("%s -> %s: no such operation", je.From, je.To)
		}
		var ins []string
		for _, m := range je.Mappings {
			_, in, _ := strings.Cut(m, " -> ")
			ins = append(ins, in)
		}
		return classOf(from, to, ins), je.Label == "right"
	}
	type tally struct{ judged, right int }
	classes := map[EdgeClass]*tally{}
	for _, je := range tune.Edges {
		c, right := classify(je)
		if classes[c] == nil {
			classes[c] = &tally{}
		}
		classes[c].judged++
		if right {
			classes[c].right++
		}
	}
	for _, r := range ClassRates {
		got := classes[r.Class]
		if got == nil {
			got = &tally{}
		}
		rate := round2(float64(got.right+1) / float64(got.judged+2))
		if got.judged != r.Judged || got.right != r.Right || rate != r.Rate {
			t.Errorf("class %s: fitted %d judged, %d right, rate %.2f; ClassRates says %d, %d, %.2f", r.Class, got.judged, got.right, rate, r.Judged, r.Right, r.Rate)
		}
	}
	bandTally := func(f judgedFile) map[string]*tally {
		out := map[string]*tally{}
		for _, b := range CalibrationBands {
			out[b.Band] = &tally{}
		}
		for _, je := range f.Edges {
			if je.Label == "" {
				continue
			}
			c, right := classify(je)
			conf := round2(calibrate(je.Confidence, c))
			var b *tally
			for _, cb := range CalibrationBands {
				if conf >= cb.Min && conf < cb.Max {
					b = out[cb.Band]
				}
			}
			b.judged++
			if right {
				b.right++
			}
		}
		return out
	}
	fit := bandTally(tune)
	for _, b := range CalibrationBands {
		if got := fit[b.Band]; got.judged != b.Judged || got.right != b.Right {
			t.Errorf("band %s: fitted %d judged, %d right; CalibrationBands says %d, %d", b.Band, got.judged, got.right, b.Judged, b.Right)
		}
	}
	held := proposed(readJudged(t, filepath.Join("testdata", "labels", "judged-github.yaml")))
	for name, f := range map[string]judgedFile{"tune": tune, "heldout": held} {
		bt := bandTally(f)
		for _, b := range CalibrationBands {
			c := bt[b.Band]
			t.Logf("%-7s calibrated %-9s %2d judged, %2d right, precision %.2f", name, b.Band, c.judged, c.right, float64(c.right)/float64(max(c.judged, 1)))
		}
	}
}
