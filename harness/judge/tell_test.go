package judge_test

import (
	"path/filepath"
	"runtime"
	"testing"

	"github.com/agentready/agentready/gen"
	"github.com/agentready/agentready/gen/catalog"
	"github.com/agentready/agentready/harness/judge"
)

// An utterance that never says what a tool acts on does not tell it from
// the tools that act otherwise on the same item; one that says it does.
func TestTellApart(t *testing.T) {
	_, file, _, _ := runtime.Caller(0)
	api, _, err := gen.Load(gen.Options{Spec: filepath.Join(filepath.Dir(file), "..", "..", "..", "shared", "specs", "real", "github.json")})
	if err != nil {
		t.Fatal(err)
	}
	j := judge.New(catalog.Describe(api))
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
