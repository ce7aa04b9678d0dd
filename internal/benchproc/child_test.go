package benchproc

import (
	"errors"
	"os"
	"os/exec"
	"strings"
	"testing"
)

const testEnv = "BENCHPROC_TEST_JOB"

// TestMain is a child's when testEnv is set: the job "ok" succeeds and
// any other fails.
func TestMain(m *testing.M) {
	Child(testEnv, func(job string) error {
		if job != "ok" {
			return errors.New("no such job")
		}
		return nil
	})
	os.Exit(m.Run())
}

// TestChild runs this test binary as Run does and checks that the child
// does the job before any test, reports its cost in the lines Run reads
// and exits 0, and that a job that fails exits 1 with its error.
func TestChild(t *testing.T) {
	child := func(job string) (string, error) {
		cmd := exec.Command(os.Args[0], "-test.run=^TestChild$", "-test.v")
		cmd.Env = append(os.Environ(), testEnv+"="+job)
		out, err := cmd.CombinedOutput()
		return string(out), err
	}
	out, err := child("ok")
	if err != nil || !strings.Contains(out, "COLD ") || !strings.Contains(out, "CPU ") || strings.Contains(out, "=== RUN") {
		t.Errorf("a child doing its job: %v\n%s", err, out)
	}
	out, err = child("nope")
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 1 || !strings.Contains(out, testEnv+"=nope: no such job") || strings.Contains(out, "COLD ") {
		t.Errorf("a child whose job fails: %v\n%s", err, out)
	}
}
