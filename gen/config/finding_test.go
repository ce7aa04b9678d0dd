package config

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/agentready/agentready/gen/finding"
)

// TestProblemsAreFindings checks that configuration problems read as
// findings of source config, placed at file:line:col with the field path
// as a JSON pointer, and that a findings file of them can be read back.
func TestProblemsAreFindings(t *testing.T) {
	_, err := Parse([]byte("spec: a.json\nout: x\nselect:\n  include:\n    - methods: [FETCH]\n"), "conf")
	var ps Problems
	if !errors.As(err, &ps) || len(ps) != 1 {
		t.Fatalf("err = %v, want one problem", err)
	}
	fs := ps.Findings()
	f := fs[0]
	if f.Source != finding.Config || f.Level != finding.Error || f.Tool != "" {
		t.Errorf("finding = %+v", f)
	}
	if got, want := f.Place.String(), "conf/agentready.yaml:5:17 (#/select/include/0/methods/0)"; got != want {
		t.Errorf("place %q, want %q", got, want)
	}
	if want := ps[0].Field + ": " + ps[0].Message; f.Message != want {
		t.Errorf("message %q, want %q", f.Message, want)
	}
	data, err := json.Marshal(fs)
	if err != nil {
		t.Fatal(err)
	}
	if back, err := finding.Parse(data); err != nil || back[0].Place != f.Place {
		t.Errorf("Parse = %+v, %v", back, err)
	}
	// A problem without a file is the default file's.
	if got := (&Problem{Field: "spec", Message: "m"}).Finding().Place.String(); got != "agentready.yaml (#/spec)" {
		t.Errorf("place %q", got)
	}
}
