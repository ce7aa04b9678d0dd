// Package benchproc runs a benchmark's job once in a fresh process, as a
// user's command runs, and reads back what it cost: peak resident set,
// CPU seconds and wall seconds. In-process iterations run warm (the heap
// earlier benchmarks grew is already mapped) and in-process heap samples
// count the garbage of earlier iterations; a child process has neither.
//
// The child is the test binary itself, re-run with an environment
// variable that names the job: the package's TestMain calls Child first,
// which, in the child only, does the job, prints its cost and exits before
// any test runs; Run in the parent parses what it printed.
//
// CPU seconds (user and system, all threads) are the measure to compare
// on a machine shared with other work: wall seconds there say as much
// about the neighbours as about the job.
package benchproc

import (
	"fmt"
	"os"
	"os/exec"
	"sort"
	"strings"
	"syscall"
	"testing"
	"time"
)

// Cost is what one run of a job took.
type Cost struct {
	// PeakMiB is the peak resident set in MiB (0 where the system does
	// not say).
	PeakMiB float64
	// CPU is user plus system CPU seconds; Wall is the job's seconds.
	CPU, Wall float64
}

// Child is what a package's TestMain calls before its tests run. In a
// child process Run started for env, it does the job env names with do,
// prints what it cost (Report) and exits: 0 when do succeeds, 1 with do's
// error on stderr when not. In any other process it returns at once.
func Child(env string, do func(job string) error) {
	job, ok := os.LookupEnv(env)
	if !ok {
		return
	}
	start := time.Now()
	if err := do(job); err != nil {
		fmt.Fprintf(os.Stderr, "%s=%s: %v\n", env, job, err)
		os.Exit(1)
	}
	Report(start)
	os.Exit(0)
}

// Report prints the cost of the job this process did since start, for Run
// to read (Child calls it).
func Report(start time.Time) {
	fmt.Println("COLD", time.Since(start).Seconds())
	if cpu := CPUSeconds(); cpu >= 0 {
		fmt.Println("CPU", cpu)
	}
	// The peak resident set of this process; after exec, unlike the
	// rusage a parent reads from wait4, it does not inherit the parent's.
	status, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return
	}
	for _, line := range strings.Split(string(status), "\n") {
		if strings.HasPrefix(line, "VmHWM:") {
			fmt.Println("PEAK", strings.TrimSpace(strings.TrimPrefix(line, "VmHWM:")))
		}
	}
}

// CPUSeconds is the user and system CPU time this process has used so
// far, all threads, or -1 where the system does not say.
func CPUSeconds() float64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return -1
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()).Seconds()
}

// Run re-runs the test binary with env=job set, which its TestMain hands
// to Child, and returns the cost the child reported. Should the binary
// not call Child, it runs no test and reports nothing.
func Run(b *testing.B, env, job string) Cost {
	b.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$", "-test.bench=^$", "-test.count=1")
	cmd.Env = append(os.Environ(), env+"="+job)
	out, err := cmd.CombinedOutput()
	if err != nil {
		b.Fatalf("child %s: %v\n%s", job, err, out)
	}
	var c Cost
	for _, line := range strings.Split(string(out), "\n") {
		var kb float64
		if _, err := fmt.Sscanf(line, "PEAK %f kB", &kb); err == nil {
			c.PeakMiB = kb / 1024
		}
		_, _ = fmt.Sscanf(line, "COLD %g", &c.Wall)
		_, _ = fmt.Sscanf(line, "CPU %g", &c.CPU)
	}
	return c
}

// ReportMetrics reports c on b: peak-RSS-MiB, cpu-s and cold-s.
func (c Cost) ReportMetrics(b *testing.B) {
	b.ReportMetric(c.PeakMiB, "peak-RSS-MiB")
	b.ReportMetric(c.CPU, "cpu-s")
	b.ReportMetric(c.Wall, "cold-s")
}

// Median returns the median of each field of costs (the mean of the two
// middle values for an even count), or the zero Cost for none. On a
// machine shared with other work a single cold run can take twice its
// usual wall time; the median of a few, taken in turns with what it is
// compared to, does not.
func Median(costs []Cost) Cost {
	field := func(get func(Cost) float64) float64 {
		if len(costs) == 0 {
			return 0
		}
		v := make([]float64, len(costs))
		for i, c := range costs {
			v[i] = get(c)
		}
		sort.Float64s(v)
		n := len(v)
		if n%2 == 1 {
			return v[n/2]
		}
		return (v[n/2-1] + v[n/2]) / 2
	}
	return Cost{
		PeakMiB: field(func(c Cost) float64 { return c.PeakMiB }),
		CPU:     field(func(c Cost) float64 { return c.CPU }),
		Wall:    field(func(c Cost) float64 { return c.Wall }),
	}
}
