package finding

import (
	"strings"
	"testing"
)

func TestParseFillsSourceAndRefusesWhatIsNotFindings(t *testing.T) {
	fs, err := Parse([]byte(`[
		{"rule":"prose-enum","level":"warning","tool":"listTickets","argument":"sort","class":"parameter_value_mismatch","message":"m","fix":"f","place":{"file":"a.yaml","line":3,"column":5,"pointer":"#/paths"}},
		{"tool":"searchTickets","argument":"limit","kind":"under-specified","value":500,"evidence":"400 Bad Request","fix":"limit: maximum: 50","calls":2},
		{"source":"perturb","tool":"getUser","message":"m"}
	]`))
	if err != nil {
		t.Fatal(err)
	}
	want := []Source{Lint, Fuzz, Perturb}
	for i, f := range fs {
		if f.Source != want[i] {
			t.Errorf("finding %d: source %q, want %q", i, f.Source, want[i])
		}
	}
	if fs[0].Place.String() != "a.yaml:3:5 (#/paths)" || fs[0].ID() != "prose-enum" || fs[1].ID() != "under-specified" {
		t.Errorf("place %q, ids %q %q", fs[0].Place, fs[0].ID(), fs[1].ID())
	}
	for _, bad := range []struct{ in, want string }{
		{`{"tool":"x"}`, "not a JSON array"},
		{`[{"tool":"x"}, {"rule":"r"}]`, "finding 1 has no tool"},
		{`[{"tool":`, "not a JSON array"},
	} {
		if _, err := Parse([]byte(bad.in)); err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("%s: error %v, want %q", bad.in, err, bad.want)
		}
	}
}

func TestLevels(t *testing.T) {
	fs := []Finding{{Level: Error}, {Level: Warning}, {Level: Note}, {Level: Warning}}
	if Count(fs, Error) != 1 || Count(fs, Warning) != 3 || Count(fs, Note) != 4 {
		t.Errorf("counts %d %d %d", Count(fs, Error), Count(fs, Warning), Count(fs, Note))
	}
	if _, ok := ParseLevel("fatal"); ok {
		t.Error("fatal is not a level")
	}
}
