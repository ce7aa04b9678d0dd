package judge_test

import (
	"path/filepath"
	"runtime"
	"testing"

	"github.com/agentready/agentready/gen"
	"github.com/agentready/agentready/gen/catalog"
	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/harness/judge"
)

// githubJudge returns GitHub's API and a judge of its cases.
func githubJudge(t *testing.T) (*ir.API, *judge.Judge) {
	t.Helper()
	_, file, _, _ := runtime.Caller(0)
	api, _, err := gen.Load(gen.Options{Spec: filepath.Join(filepath.Dir(file), "..", "..", "..", "shared", "specs", "real", "github.json")})
	if err != nil {
		t.Fatal(err)
	}
	return api, judge.New(catalog.Describe(api))
}

// An utterance that never says what a tool acts on does not tell it from
// the tools that act otherwise on the same item; one that says it does.
func TestTellApart(t *testing.T) {
	_, j := githubJudge(t)
	const tool, near = "repos_disable-vulnerability-alerts", "repos_disable-private-vulnerability-reporting"
	confused := func(text string) bool {
		for _, c := range j.TellApart(tool, text) {
			if c.Tool == near {
				return true
			}
		}
		return false
	}
	if !confused("Disable repo billing-api in owner acme.") {
		t.Errorf("%q: told apart from %s", "Disable repo billing-api in owner acme.", near)
	}
	if confused("Disable the vulnerability alerts of repo acme/billing-api.") {
		t.Errorf("the vulnerability alerts: not told apart from %s: %v", near, j.TellApart(tool, "Disable the vulnerability alerts of repo acme/billing-api."))
	}
	if got := j.TellApart("noSuchTool", "anything"); got != nil {
		t.Errorf("unknown tool: %v, want none", got)
	}
}

// Blind names the tool TellApart's first Blind confusion names, for each
// tool of an API and texts that say its words, other tools' words or
// none of them.
func TestBlindIsTellApartsFirstBlind(t *testing.T) {
	api, j := githubJudge(t)
	blind := 0
	for i, op := range api.Operations {
		other := api.Operations[(i*7+3)%len(api.Operations)]
		for _, text := range []string{
			"Do it for repo billing-api in owner acme.",
			op.Summary + " for repo acme/billing-api.",
			other.Summary + ", please.",
			"Show me " + other.Name,
		} {
			want := ""
			for _, c := range j.TellApart(op.Name, text) {
				if c.Blind {
					want = c.Tool
					break
				}
			}
			if got := j.Blind(op.Name, text); got != want {
				t.Errorf("Blind(%s, %q) = %q, TellApart's first blind is %q", op.Name, text, got, want)
			}
			if want != "" {
				blind++
			}
		}
	}
	if blind == 0 {
		t.Error("no text was blind to a nearby tool: the test tells nothing")
	}
	if got := j.Blind("noSuchTool", "anything"); got != "" {
		t.Errorf("unknown tool: %q, want none", got)
	}
}
