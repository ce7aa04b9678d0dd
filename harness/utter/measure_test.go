package utter

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/agentready/agentready/gen"
	"github.com/agentready/agentready/gen/catalog"
	"github.com/agentready/agentready/harness/cases"
	"github.com/agentready/agentready/harness/judge"
)

// minFirstPass is the least fraction of a spec's cases that must have an
// utterance whose first phrasing passes the judge.
const minFirstPass = 0.98

// extraSpecsEnv names more specs to measure, separated by the list
// separator (":" on Unix).
const extraSpecsEnv = "AGENTREADY_EXTRA_SPECS"

// goPrinted matches what Go prints for values a person would not type.
var goPrinted = regexp.MustCompile(`map\[|\[\]interface|&\{|<nil>`)

// TestFirstPhrasingsPassTheJudge generates the cases of every spec in
// ../shared/specs (real and examples) as `agentready cases --offline`
// does, writes their utterances, and measures how many cases have an
// utterance whose first phrasing passes the judge, and what rewriting and
// dropping leave. Specs named in AGENTREADY_EXTRA_SPECS are measured the
// same way.
func TestFirstPhrasingsPassTheJudge(t *testing.T) {
	if testing.Short() {
		t.Skip("walks every shared spec; slow")
	}
	var specs []string
	shared := repoFile(t, "../shared/specs")
	if _, err := os.Stat(shared); err == nil {
		for _, pattern := range []string{"real/*.json", "examples/*/*.json", "examples/*/*.yaml"} {
			m, _ := filepath.Glob(filepath.Join(shared, pattern))
			specs = append(specs, m...)
		}
	} else if os.Getenv("AGENTREADY_SKIP_SHARED") == "" {
		t.Fatalf("%s is missing (set AGENTREADY_SKIP_SHARED=1 to skip)", shared)
	}
	specs = append(specs, repoFile(t, "specs/exampleapi/openapi.yaml"))
	if extra := os.Getenv(extraSpecsEnv); extra != "" {
		specs = append(specs, filepath.SplitList(extra)...)
	}
	for _, spec := range specs {
		name := strings.TrimSuffix(filepath.Base(spec), filepath.Ext(spec))
		if dir := filepath.Base(filepath.Dir(spec)); dir != "real" {
			name = dir + "/" + name
		}
		t.Run(name, func(t *testing.T) { measure(t, spec) })
	}
}

func measure(t *testing.T, spec string) {
	api, _, err := gen.Load(gen.Options{Spec: spec})
	if err != nil {
		t.Skipf("does not load: %v", err)
	}
	cs, _, err := cases.Generate(ctx, api, cases.Options{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if len(cs) == 0 {
		t.Skip("no cases")
	}
	tm, err := NewTemplates(TemplateOptions{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	described := catalog.Describe(api)
	j := judge.New(described)
	first, shown := 0, 0
	for i := range cs {
		us, err := tm.Utter(ctx, described, &cs[i])
		if err != nil {
			t.Fatal(err)
		}
		ok := false
		for _, u := range us {
			if goPrinted.MatchString(u.Text) {
				t.Errorf("%s: Go syntax in %q", cs[i].ID, u.Text)
			}
			v := j.Check(&cs[i], &u)
			ok = ok || v.OK()
			if !v.OK() && shown < 3 && testing.Verbose() {
				shown++
				t.Logf("%s: %q: %s", cs[i].ID, u.Text, v)
			}
		}
		if ok {
			first++
		}
	}
	kept, st, err := Annotate(ctx, described, cs, tm)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range kept {
		for _, u := range c.Utterances {
			if goPrinted.MatchString(u.Text) {
				t.Errorf("%s: Go syntax in %q", c.ID, u.Text)
			}
		}
	}
	rate := float64(first) / float64(len(cs))
	t.Logf("%d cases: first phrasing passes for %d (%.1f%%); after judging: %s; %d cases kept",
		len(cs), first, 100*rate, st, len(kept))
	if rate < minFirstPass {
		t.Errorf("only %.1f%% of the cases have a first phrasing that passes the judge (want %.0f%%)", 100*rate, 100*minFirstPass)
	}
}
