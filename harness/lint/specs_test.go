package lint

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/gen/load"
	"github.com/agentready/agentready/gen/lower"
	"github.com/agentready/agentready/internal/modtest"
)

// sharedSpec returns the path of a spec under ../shared/specs beside the
// repository, skipping the test when the folder is missing and
// AGENTREADY_SKIP_SHARED is set.
func sharedSpec(t testing.TB, rel string) string {
	return filepath.Join(modtest.SharedSpecs(t), filepath.FromSlash(rel))
}

// lintFile lints a spec file with the defaults.
func lintFile(t testing.TB, path string) (*ir.API, []Finding) {
	t.Helper()
	api, fs, _, err := File(context.Background(), path, lower.Options{}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	return api, fs
}

// confusedShare is the share of tools the confusion rule flags.
func confusedShare(api *ir.API, fs []Finding) float64 {
	tools := map[string]bool{}
	for _, f := range fs {
		if f.Rule == RuleConfusable.ID {
			tools[f.Tool] = true
		}
	}
	return float64(len(tools)) / float64(len(api.Operations))
}

// has reports whether fs holds a finding of rule on tool (about arg and
// related to other, when they are set).
func has(fs []Finding, rule, tool, arg, other string) bool {
	for _, f := range fs {
		if f.Rule == rule && f.Tool == tool && (arg == "" || f.Argument == arg) && (other == "" || slices.Contains(f.Related, other)) {
			return true
		}
	}
	return false
}

// TestExampleAPI lints the example API's spec: its planted inter-parameter
// rule and its mixed spellings are found where they are declared, and no
// two of its 28 tools are confusable.
func TestExampleAPI(t *testing.T) {
	path := filepath.Join("..", "..", "specs", "exampleapi", "openapi.yaml")
	api, fs := lintFile(t, path)
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []struct{ rule, tool, arg string }{
		{RuleProseRelation.ID, "listTickets", "created_before"},
		{RuleParamNames.ID, "getTeam", "teamId"},
		{RuleMissingExample.ID, "updateUser", "phone"},
	} {
		if !has(fs, want.rule, want.tool, want.arg, "") {
			t.Errorf("no %s finding on %s.%s", want.rule, want.tool, want.arg)
		}
	}
	for _, f := range fs {
		if f.Rule == RuleConfusable.ID {
			t.Errorf("%s confused with %v: %s", f.Tool, f.Related, f.Message)
		}
		if f.Argument != "" {
			checkPlace(t, string(src), f)
		}
	}
	if len(fs) > len(api.Operations) {
		t.Errorf("%d findings on %d tools of a spec written for agents", len(fs), len(api.Operations))
	}
}

// TestPublicSpecs lints real specs: on each, at most a fifth of the tools
// are flagged confusable, and the near-duplicates each one has are among
// them. GitHub's 1,223 tools get bounded counts of every rule.
func TestPublicSpecs(t *testing.T) {
	for _, tc := range []struct {
		spec string
		// pairs are near-duplicates the spec has: tool, the tool it is
		// confused with.
		pairs [][2]string
		big   bool
	}{
		{"real/github.json", [][2]string{
			{"actions_add-selected-repo-to-org-secret", "dependabot_add-selected-repo-to-org-secret"},
			{"actions_create-or-update-repo-secret", "agents_create-or-update-repo-secret"},
		}, true},
		{"real/stripe.json", [][2]string{
			{"GetAccountsAccountBankAccountsId", "GetAccountsAccountExternalAccountsId"},
			{"DeleteCustomersCustomerCardsId", "DeleteCustomersCustomerSourcesId"},
		}, true},
		{"real/kubernetes-swagger2.json", [][2]string{
			{"createAppsV1beta1NamespacedDeployment", "createExtensionsV1beta1NamespacedDeployment"},
		}, true},
		{"real/jira.json", nil, false},
		{"real/asana.json", nil, false},
		{"real/slack.json", nil, false},
		{"real/spotify.json", nil, false},
	} {
		t.Run(filepath.Base(tc.spec), func(t *testing.T) {
			if tc.big && testing.Short() {
				t.Skip("a large spec; skipped with -short")
			}
			api, fs := lintFile(t, sharedSpec(t, tc.spec))
			share := confusedShare(api, fs)
			t.Logf("%d tools, %d findings, %.1f%% of tools confusable", len(api.Operations), len(fs), 100*share)
			if share > 0.2 {
				t.Errorf("%.1f%% of the tools flagged confusable, more than a fifth", 100*share)
			}
			for _, p := range tc.pairs {
				if !has(fs, RuleConfusable.ID, p[0], "", p[1]) {
					t.Errorf("near-duplicates %s and %s not flagged", p[0], p[1])
				}
			}
			if tc.spec != "real/github.json" {
				return
			}
			count := map[string]int{}
			for _, f := range fs {
				count[f.Rule]++
			}
			// Bounds from a reading of the findings (2026-11): each rule
			// fires, and none floods.
			for rule, bound := range map[string][2]int{
				RuleConfusable.ID:          {50, 500},
				RuleLongDescription.ID:     {10, 200},
				RuleProseRange.ID:          {50, 600},
				RuleProseList.ID:           {10, 150},
				RuleProseEnum.ID:           {5, 100},
				RuleUndescribedRequired.ID: {10, 150},
			} {
				if n := count[rule]; n < bound[0] || n > bound[1] {
					t.Errorf("%s: %d findings, want %d to %d", rule, n, bound[0], bound[1])
				}
			}
		})
	}
}

// TestCancel: a cancelled lint returns at once, before loading, and
// within a second when cancelled while libopenapi reads a big spec.
func TestCancel(t *testing.T) {
	path := sharedSpec(t, "real/jira.json")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, _, err := File(ctx, path, lower.Options{}, Options{}); err == nil {
		t.Fatal("no error from a cancelled lint")
	}
	ctx, cancel = context.WithCancel(context.Background())
	time.AfterFunc(50*time.Millisecond, cancel)
	start := time.Now()
	if _, _, _, err := File(ctx, path, lower.Options{}, Options{}); err == nil {
		t.Fatal("no error from a lint cancelled while loading")
	}
	if d := time.Since(start); d > time.Second+50*time.Millisecond {
		t.Errorf("returned %v after the start, cancelled at 50ms", d)
	}
}

// TestSARIF checks the log against what SARIF 2.1.0 requires and GitHub
// code scanning reads: version, runs[].tool.driver with name and rules
// (id, help), results with ruleId, a known level, message.text and a
// physical location whose uri is relative and whose region starts at a
// positive line.
func TestSARIF(t *testing.T) {
	var ruleCase = ruleCases[len(ruleCases)-1]
	fs := lintText(t, ruleCase.bad)
	if len(fs) == 0 {
		t.Fatal("no findings to write")
	}
	fs[0].Place.File = filepath.Join(t.TempDir(), "api", "openapi.yaml")
	root := filepath.Dir(filepath.Dir(fs[0].Place.File))
	var buf bytes.Buffer
	if err := WriteSARIF(&buf, fs, root); err != nil {
		t.Fatal(err)
	}
	var log map[string]any
	if err := json.Unmarshal(buf.Bytes(), &log); err != nil {
		t.Fatal(err)
	}
	for _, p := range sarifProblems(log) {
		t.Error(p)
	}
	uri := log["runs"].([]any)[0].(map[string]any)["results"].([]any)[0].(map[string]any)["locations"].([]any)[0].(map[string]any)["physicalLocation"].(map[string]any)["artifactLocation"].(map[string]any)["uri"]
	if uri != "api/openapi.yaml" {
		t.Errorf("uri %v, want api/openapi.yaml (relative to the repository root)", uri)
	}
	// The check itself must fail on a log that lacks what is required.
	delete(log["runs"].([]any)[0].(map[string]any)["tool"].(map[string]any)["driver"].(map[string]any), "name")
	if len(sarifProblems(log)) == 0 {
		t.Error("the check accepts a driver without a name")
	}
}

// sarifProblems lists what a decoded SARIF log lacks of the required
// fields.
func sarifProblems(log map[string]any) []string {
	var out []string
	if log["version"] != "2.1.0" {
		out = append(out, "version is not 2.1.0")
	}
	runs, _ := log["runs"].([]any)
	if len(runs) == 0 {
		return append(out, "no runs")
	}
	for _, r := range runs {
		run, _ := r.(map[string]any)
		tool, _ := run["tool"].(map[string]any)
		driver, _ := tool["driver"].(map[string]any)
		if name, _ := driver["name"].(string); name == "" {
			out = append(out, "runs[].tool.driver.name missing")
		}
		ids := map[string]bool{}
		rules, _ := driver["rules"].([]any)
		for _, x := range rules {
			rule, _ := x.(map[string]any)
			id, _ := rule["id"].(string)
			help, _ := rule["help"].(map[string]any)
			if id == "" || help["text"] == "" || help["text"] == nil {
				out = append(out, "a rule without id or help.text")
			}
			ids[id] = true
		}
		results, ok := run["results"].([]any)
		if !ok {
			out = append(out, "runs[].results missing")
		}
		for _, x := range results {
			res, _ := x.(map[string]any)
			id, _ := res["ruleId"].(string)
			if !ids[id] {
				out = append(out, "result ruleId "+id+" is not a rule of the driver")
			}
			switch res["level"] {
			case "error", "warning", "note", "none":
			default:
				out = append(out, "result level not one of error, warning, note, none")
			}
			msg, _ := res["message"].(map[string]any)
			if text, _ := msg["text"].(string); text == "" {
				out = append(out, "result without message.text")
			}
			locs, _ := res["locations"].([]any)
			if len(locs) == 0 {
				out = append(out, "result without locations")
			}
			for _, l := range locs {
				phys, _ := l.(map[string]any)["physicalLocation"].(map[string]any)
				art, _ := phys["artifactLocation"].(map[string]any)
				uri, _ := art["uri"].(string)
				if uri == "" || strings.HasPrefix(uri, "/") || strings.Contains(uri, `\`) {
					out = append(out, "artifactLocation.uri not a relative path with slashes: "+uri)
				}
				if region, ok := phys["region"].(map[string]any); ok {
					if line, _ := region["startLine"].(float64); line < 1 {
						out = append(out, "region.startLine below 1")
					}
				}
			}
		}
	}
	return out
}

// BenchmarkLintGitHub lints GitHub's spec (1,223 operations) from the
// file, and reports beside it what libopenapi alone takes to read and
// build the same document in the same run: the floor under lint.
//
//	go test ./harness/lint -run '^$' -bench LintGitHub -benchtime 3x
func BenchmarkLintGitHub(b *testing.B) {
	path := sharedSpec(b, "real/github.json")
	var floor time.Duration
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		start := time.Now()
		if err := load.Floor(path); err != nil {
			b.Fatal(err)
		}
		floor += time.Since(start)
		b.StartTimer()
		if _, _, _, err := File(context.Background(), path, lower.Options{}, Options{}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(floor.Seconds()/float64(b.N), "libopenapi-s/op")
	b.ReportMetric(b.Elapsed().Seconds()/float64(b.N), "lint-s/op")
}
