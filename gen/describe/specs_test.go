package describe_test

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/agentready/agentready/gen"
	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/internal/modtest"
)

// realSpecs are the real APIs under ../shared/specs/real that the token
// goals are measured on.
var realSpecs = []string{"asana", "github", "jira", "kubernetes-swagger2", "slack", "spotify", "stripe"}

// loads caches loaded specs by path: each is loaded once per test binary
// (GitHub's 12 MB spec takes seconds).
var loads sync.Map // path -> *loadResult

type loadResult struct {
	once sync.Once
	api  *ir.API
	err  error
}

func loadSpec(t testing.TB, path string) *ir.API {
	t.Helper()
	v, _ := loads.LoadOrStore(path, &loadResult{})
	r := v.(*loadResult)
	r.once.Do(func() { r.api, _, r.err = gen.Load(gen.Options{Spec: path}) })
	if r.err != nil {
		t.Fatalf("%s: %v", path, r.err)
	}
	return r.api
}

// realSpecPaths returns the real specs' paths, loading them all in
// parallel on first use. With -short the test is skipped: loading them
// takes about 15 seconds.
func realSpecPaths(t testing.TB) []string {
	t.Helper()
	if testing.Short() {
		t.Skip("loads the real specs; skipped with -short")
	}
	dir := filepath.Join(modtest.SharedSpecs(t), "real")
	paths := make([]string, len(realSpecs))
	var wg sync.WaitGroup
	for i, name := range realSpecs {
		paths[i] = filepath.Join(dir, name+".json")
		wg.Add(1)
		go func(p string) {
			defer wg.Done()
			v, _ := loads.LoadOrStore(p, &loadResult{})
			r := v.(*loadResult)
			r.once.Do(func() { r.api, _, r.err = gen.Load(gen.Options{Spec: p}) })
		}(paths[i])
	}
	wg.Wait()
	return paths
}

// goldenSpecPaths returns the project's own example specs.
func goldenSpecPaths(t testing.TB) []string {
	t.Helper()
	dir := filepath.Join(modtest.RepoRoot(t), "specs", "golden")
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range entries {
		switch filepath.Ext(e.Name()) {
		case ".yaml", ".yml", ".json":
			out = append(out, filepath.Join(dir, e.Name()))
		}
	}
	sort.Strings(out)
	return out
}

// allSpecPaths returns the golden specs and, without -short, the real
// specs and the shared edge-case documents.
func allSpecPaths(t testing.TB) []string {
	t.Helper()
	paths := goldenSpecPaths(t)
	if testing.Short() {
		return paths
	}
	paths = append(paths, realSpecPaths(t)...)
	return append(paths, exampleSpecPaths(t)...)
}

// exampleSpecPaths returns the shared edge-case documents:
// ../shared/specs/examples/{2.0,3.0,3.1}.
func exampleSpecPaths(t testing.TB) []string {
	t.Helper()
	var out []string
	for _, v := range []string{"2.0", "3.0", "3.1"} {
		dir := filepath.Join(modtest.SharedSpecs(t), "examples", v)
		entries, err := os.ReadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			if ext := filepath.Ext(e.Name()); ext == ".json" || ext == ".yaml" || ext == ".yml" {
				out = append(out, filepath.Join(dir, e.Name()))
			}
		}
	}
	sort.Strings(out)
	return out
}

// extraSpecsEnv names the environment variable that lists further specs
// for the checks over every spec, separated by the path list separator
// (":" on Unix): AGENTREADY_EXTRA_SPECS=/path/a.json:/path/b.json.
const extraSpecsEnv = "AGENTREADY_EXTRA_SPECS"

// extraSpecPaths returns the specs listed in AGENTREADY_EXTRA_SPECS, or
// none when it is unset.
func extraSpecPaths() []string {
	var out []string
	for _, p := range filepath.SplitList(os.Getenv(extraSpecsEnv)) {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

func specName(path string) string {
	b := filepath.Base(path)
	return b[:len(b)-len(filepath.Ext(b))]
}

func median(xs []int) int {
	if len(xs) == 0 {
		return 0
	}
	s := append([]int(nil), xs...)
	sort.Ints(s)
	return s[len(s)/2]
}

func percentile(xs []int, p float64) int {
	if len(xs) == 0 {
		return 0
	}
	s := append([]int(nil), xs...)
	sort.Ints(s)
	i := int(float64(len(s)-1) * p)
	return s[i]
}
