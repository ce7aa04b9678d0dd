package adapt

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestJudgeKeepsOnlyMeasuredGains holds the keep rule: a gain on the
// tool's own cases with no loss elsewhere; under noise, a significant
// gain, and a loss elsewhere counts only when it is significant.
func TestJudgeKeepsOnlyMeasuredGains(t *testing.T) {
	for _, tc := range []struct {
		name           string
		own, others    Delta
		noisy, keep    bool
		reasonContains string
	}{
		{"gain, deterministic", Delta{Cases: 6, Gained: 2}, Delta{Cases: 10}, false, true, "kept"},
		{"no gain", Delta{Cases: 6}, Delta{Cases: 10}, false, false, "did not improve"},
		{"gain but another case lost", Delta{Cases: 6, Gained: 2}, Delta{Cases: 10, Lost: 1}, false, false, "other cases regressed"},
		{"gain equal to loss", Delta{Cases: 6, Gained: 1, Lost: 1}, Delta{}, false, false, "did not improve"},
		{"small gain under noise", Delta{Cases: 6, Gained: 2, P: 0.5}, Delta{}, true, false, "within noise"},
		{"significant gain, noise elsewhere", Delta{Cases: 30, Gained: 9, P: 0.004}, Delta{Cases: 30, Lost: 1, P: 1}, true, true, "McNemar"},
		{"significant gain, significant loss", Delta{Cases: 30, Gained: 9, P: 0.004}, Delta{Cases: 30, Lost: 8, P: 0.008}, true, false, "regressed"},
		{"no own cases", Delta{}, Delta{Cases: 3, Gained: 3}, false, false, "none of the tool's own cases"},
	} {
		keep, why := judge(tc.own, tc.others, tc.noisy, 0.05)
		if keep != tc.keep || !strings.Contains(why, tc.reasonContains) {
			t.Errorf("%s: keep %v (%s), want %v with %q", tc.name, keep, why, tc.keep, tc.reasonContains)
		}
	}
}

// TestOverlayRoundTripTellsReviewedEdits writes actions, reads them back
// unchanged (adapt's own), then after a reviewer's edit and a reviewed:
// true mark (the reviewer's).
func TestOverlayRoundTripTellsReviewedEdits(t *testing.T) {
	acts := []Action{
		{Tool: "listTickets", Argument: "status", Kind: KindEnum, Target: "$['components']['schemas']['TicketStatus']",
			Update: map[string]any{"enum": []any{"new", "open"}}, Why: "fuzz"},
		{Tool: "getUser", Kind: KindDescription, Target: "$['paths']['/users/{userId}']['get']",
			Update: map[string]any{"description": "Get one user by id."}},
	}
	path := filepath.Join(t.TempDir(), DefaultFile)
	if err := WriteOverlay(path, File{Actions: acts, Comments: []string{"listTickets: no-error 1/4 -> 3/4", ""}, Rejected: []string{"x: no gain"}}); err != nil {
		t.Fatal(err)
	}
	back, err := ReadOverlay(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(back) != 2 || back[0].Kind != KindEnum || back[1].Kind != KindDescription || back[0].Tool != "listTickets" {
		t.Fatalf("read back %+v", back)
	}
	data, _ := os.ReadFile(path)
	text := string(data)
	for _, want := range []string{"# listTickets: no-error 1/4 -> 3/4", "# Tried and not kept", "overlay: 1.0.0"} {
		if !strings.Contains(text, want) {
			t.Errorf("the file lacks %q:\n%s", want, text)
		}
	}
	text = strings.Replace(text, "Get one user by id.", "Get one user by id; the id comes from listUsers.", 1)
	text = strings.Replace(text, "kind: enum", "kind: enum\n      reviewed: true", 1)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	back, err = ReadOverlay(path)
	if err != nil {
		t.Fatal(err)
	}
	if back[0].Kind != KindReviewed || back[1].Kind != KindReviewed {
		t.Errorf("a marked and an edited action should both be the reviewer's: %q %q\n%s", back[0].Kind, back[1].Kind, text)
	}
}

func TestPathTarget(t *testing.T) {
	got, err := pathTarget("#/paths/~1users~1{userId}/get/parameters/2")
	if err != nil || got != "$['paths']['/users/{userId}']['get']['parameters'][2]" {
		t.Errorf("got %q, %v", got, err)
	}
	if _, err := pathTarget("other.yaml#/x"); err == nil {
		t.Error("a pointer into another file is not an overlay target")
	}
}
