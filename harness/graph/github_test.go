package graph

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/internal/modtest"
)

// githubShape counts the structural mistakes issue 17 found in GitHub's
// graph: each is a property any right graph has, whatever its labels.
type githubShape struct {
	edges int
	// halfKey: edges filling exactly one of owner and repo of a call
	// whose path needs both, from a producer that needs neither.
	halfKey int
	// crossAlert: alert_number edges between alert types
	// (code-scanning, secret-scanning, dependabot).
	crossAlert int
	// crossStore: secret_name edges between secret stores (actions,
	// agents, codespaces, dependabot, environments); a private
	// registry's secret_name is in no store and not counted.
	crossStore int
	// oneFieldTwoInputs: edges mapping one output field to two inputs
	// that name different things (team_id and parent_team_id);
	// sameNameTwoInputs those naming one thing (repositories and
	// repository_ids), which are allowed.
	oneFieldTwoInputs, sameNameTwoInputs int
	// headBase: the inputs of pulls_create among head and base that
	// have a producer of branches.
	headBase int
	// repoNames: producers of pulls_create's head_repo and
	// teams_create's repo_names ("org/repo"), and how many of them map a
	// full_name.
	repoNames, fullNames int
	patterns             int
	patterns95           int
	// scopeless: edges filling a path input scoped by owner and repo
	// (issue_number) from a producer that neither needs nor gives them.
	scopeless int
	// crossNamespace: hook_id edges between a repository's webhooks and
	// an organisation's; notSelf: edges giving a change "for the
	// authenticated user" a login from elsewhere than GET /user.
	crossNamespace, notSelf int
}

func measureGitHub(api *ir.API, g *Graph) githubShape {
	s := githubShape{edges: len(g.Edges)}
	for _, e := range g.Edges {
		from, to := api.Operation(e.From), api.Operation(e.To)
		ins := map[string]bool{}
		outs := map[string]string{}
		for _, m := range e.Mappings {
			ins[m.Input] = true
			if other, ok := outs[m.Output]; ok {
				if sameThing(&input{name: other}, &input{name: m.Input}) {
					s.sameNameTwoInputs++
				} else {
					s.oneFieldTwoInputs++
				}
			}
			outs[m.Output] = m.Input
		}
		if strings.Contains(to.Path, "/{owner}/{repo}") && ins["owner"] != ins["repo"] &&
			!strings.Contains(from.Path, "{owner}") && !strings.Contains(from.Path, "{repo}") {
			s.halfKey++
		}
		if strings.Contains(to.Path, "/{owner}/{repo}/") && !ins["owner"] && len(ins) > 0 && !strings.Contains(from.Path, "{owner}") {
			for in := range ins {
				if strings.Contains(to.Path, "/{"+in+"}") && in != "repo" {
					s.scopeless++
					break
				}
			}
		}
		if ins["hook_id"] && strings.Split(from.Path, "/")[1] != strings.Split(to.Path, "/")[1] {
			s.crossNamespace++
		}
		if ins["username"] && strings.HasSuffix(to.Name, "-for-authenticated-user") && to.Method != "GET" && from.Path != "/user" {
			s.notSelf++
		}
		if ins["alert_number"] && segmentKind(from.Path, alertKinds) != segmentKind(to.Path, alertKinds) {
			s.crossAlert++
		}
		if a, b := secretStore(from.Path), secretStore(to.Path); ins["secret_name"] && a != "" && b != "" && a != b {
			s.crossStore++
		}
		for _, m := range e.Mappings {
			if e.To == "pulls_create" && m.Input == "head_repo" || e.To == "teams_create" && m.Input == "repo_names" {
				s.repoNames++
				if strings.HasSuffix(m.Output, ".full_name") {
					s.fullNames++
				}
			}
		}
		if e.To == "pulls_create" && strings.Contains(from.Path, "/branches") {
			for _, in := range []string{"head", "base"} {
				if ins[in] {
					s.headBase++
				}
			}
		}
	}
	ps := Patterns(g.Edges)
	s.patterns = len(ps)
	s.patterns95 = PatternsToCover(ps, 0.95)
	return s
}

var alertKinds = []string{"code-scanning", "secret-scanning", "dependabot"}

func segmentKind(path string, kinds []string) string {
	for _, seg := range strings.Split(path, "/") {
		for _, k := range kinds {
			if seg == k {
				return k
			}
		}
	}
	return ""
}

// secretStore returns the segment before /secrets (or
// /organization-secrets) in a path.
func secretStore(path string) string {
	segs := strings.Split(path, "/")
	for i, seg := range segs {
		if (seg == "secrets" || seg == "organization-secrets") && i > 0 {
			if strings.HasPrefix(segs[i-1], "{") && i > 1 {
				return segs[i-2]
			}
			return segs[i-1]
		}
	}
	return ""
}

// TestGitHubStructure infers GitHub's whole graph and checks the
// properties issue 17 asks for: whole keys, kinds that match, one field
// for one input, branches for a pull request's head and base, few
// pattern decisions, and inference that does not blow up.
func TestGitHubStructure(t *testing.T) {
	if testing.Short() {
		t.Skip("infers GitHub's whole graph")
	}
	api := loadAPI(t, filepath.Join(modtest.SharedSpecs(t), "real", "github.json"), nil)
	start := time.Now()
	g := Infer(api, Options{})
	took := time.Since(start)
	s := measureGitHub(api, g)
	t.Logf("GitHub: %d edges in %s; half-key %d, scopeless %d, cross-alert %d, cross-store %d, cross-namespace %d, not self %d, one field two inputs %d (%d naming one thing), head/base %d, full names %d of %d; %d patterns, %d settle 95%%",
		s.edges, took.Round(time.Millisecond), s.halfKey, s.scopeless, s.crossAlert, s.crossStore, s.crossNamespace, s.notSelf, s.oneFieldTwoInputs, s.sameNameTwoInputs, s.headBase, s.fullNames, s.repoNames, s.patterns, s.patterns95)
	if s.halfKey > 0 {
		t.Errorf("%d edges fill one of owner and repo of a call that needs both", s.halfKey)
	}
	if s.crossAlert > 0 || s.crossStore > 0 {
		t.Errorf("%d alert_number edges across alert types, %d secret_name edges across stores", s.crossAlert, s.crossStore)
	}
	if s.scopeless > 0 {
		t.Errorf("%d edges fill an identifier scoped by owner and repo without them", s.scopeless)
	}
	if s.crossNamespace > 0 || s.notSelf > 0 {
		t.Errorf("%d hook_id edges between repository and organisation webhooks, %d logins for the authenticated user's own changes not from GET /user", s.crossNamespace, s.notSelf)
	}
	if s.oneFieldTwoInputs > 0 {
		t.Errorf("%d edges map one output field to two inputs", s.oneFieldTwoInputs)
	}
	if s.headBase < 2 {
		t.Errorf("pulls_create: %d of head and base have a producer of branches, want 2", s.headBase)
	}
	if s.repoNames == 0 || s.fullNames != s.repoNames {
		t.Errorf("%d of %d producers of head_repo and repo_names (org/repo) map a full_name", s.fullNames, s.repoNames)
	}
	if s.patterns95 > 1000 {
		t.Errorf("%d pattern decisions settle 95%% of the edges, want at most 1000", s.patterns95)
	}
	// The goal is under 5s (measured with the CLI); the test allows for
	// a loaded machine and catches only a blow-up.
	if took > 15*time.Second {
		t.Errorf("inference took %s, want under 5s", took)
	}
}
