package cli

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/agentready/agentready/gen/overlay"
	"github.com/agentready/agentready/harness/adapt"
	"github.com/agentready/agentready/harness/classify"
	runner "github.com/agentready/agentready/harness/run"
)

// TestAdaptWinsBackStrippedDocs is issue 21's measurement: the example
// API's spec with every description, summary and example stripped (by
// overlay.StripDocs, through the overlay machinery), the server and the
// cases (made from the original spec) unchanged. It measures the
// baseline's no-error count on the original, on the stripped copy, and on
// the stripped copy with the overlay adapt keeps, and holds adapt to:
// every kept action shows its gain, the adapted copy is no worse than the
// stripped one, and where the original does better, adapt wins back at
// least half of the gap. Run with -v for the numbers.
func TestAdaptWinsBackStrippedDocs(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the example API's cases four times and adapt's trials")
	}
	dir := t.TempDir()
	w, spec := exampleForAdapt(t, dir)
	data, err := os.ReadFile(spec)
	if err != nil {
		t.Fatal(err)
	}
	strip, err := overlay.StripDocs(data)
	if err != nil {
		t.Fatal(err)
	}
	stripFile := filepath.Join(dir, "strip.overlay.yaml")
	if err := overlay.Write(stripFile, strip); err != nil {
		t.Fatal(err)
	}
	// Read-only cases (no --allow-mutations), so that every run meets the
	// API in the same state; no graph, so that the spec alone documents
	// the tools.
	common := []string{"--spec", spec, "--base-url", w.srv.URL, "--cases", w.casesFile, "--nonce", "7"}
	measure := func(name string, overlays ...string) (noError, cases int) {
		t.Helper()
		out := filepath.Join(dir, name)
		args := append([]string{"test", "--out", out}, common...)
		for _, o := range overlays {
			args = append(args, "--overlay", o)
		}
		if code, _, stderr := run(t, args...); code != exitOK && code != exitGate {
			t.Fatalf("%s: code %d\n%s", name, code, stderr)
		}
		recs, err := runner.ReadResults(filepath.Join(out, runner.ResultsFile))
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range recs {
			switch r.Status() {
			case classify.Passed:
				noError++
				cases++
			case classify.Invalid, classify.Skipped:
			default:
				cases++
			}
		}
		return noError, cases
	}
	orig, n := measure("original")
	stripped, n2 := measure("stripped", stripFile)
	if n != n2 {
		t.Fatalf("the original classified %d cases and the stripped copy %d: not the same cases", n, n2)
	}
	ov := filepath.Join(dir, adapt.DefaultFile)
	code, stdout, stderr := run(t, append([]string{"adapt", "--run", filepath.Join(dir, "stripped"), "--overlay", stripFile, "--out", ov}, common...)...)
	if code != exitOK {
		t.Fatalf("adapt: code %d\n%s\n%s", code, stdout, stderr)
	}
	res, err := adapt.Read(filepath.Join(dir, "stripped"))
	if err != nil || res == nil {
		t.Fatalf("adapt.json: %v", err)
	}
	kept := 0
	for _, d := range res.Decisions {
		if !d.Kept {
			continue
		}
		kept++
		if d.Own.After <= d.Own.Before || d.Others.Lost > 0 {
			t.Errorf("kept without a gain: %s", d.Comment())
		}
		t.Logf("kept %s: %s", d.Action.Label(), d.Comment())
	}
	adapted, n3 := measure("adapted", stripFile, ov)
	if n3 != n {
		t.Fatalf("the adapted copy classified %d cases, not %d", n3, n)
	}
	t.Logf("no-error over %d read-only cases: original %d, stripped %d, stripped + adapt (%d actions kept of %d proposed, %d trial runs) %d",
		n, orig, stripped, kept, len(res.Decisions), res.Trials, adapted)
	if adapted < stripped {
		t.Errorf("adapt made the stripped copy worse: %d -> %d", stripped, adapted)
	}
	// The measurement means something only when the descriptions help:
	// the stripped copy must score below the original.
	if orig <= stripped {
		t.Errorf("the stripped copy scores %d, the original %d: the descriptions no longer help the baseline, so adapt's recovery measures nothing", stripped, orig)
	}
	if gap := orig - stripped; gap > 0 && 2*(adapted-stripped) < gap {
		t.Errorf("adapt won back %d of the %d cases the stripped docs lost; want at least half", adapted-stripped, gap)
	}
}
