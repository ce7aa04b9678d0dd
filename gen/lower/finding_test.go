package lower_test

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/agentready/agentready/gen/finding"
)

// TestDiagnosticsAreFindings checks that a skipped operation's warning
// reads as a finding of source gen, at the operation's line, column and
// pointer, and survives the findings file and SARIF.
func TestDiagnosticsAreFindings(t *testing.T) {
	_, diags := lower31(t, "paths:\n  /bad: {get: {operationId: broken, parameters: [{name: q, in: querystring, schema: {type: string}}], responses: {'200': {description: ok}}}}\n")
	fs := diags.Findings()
	var f *finding.Finding
	for i := range fs {
		if strings.Contains(fs[i].Message, "operation broken (GET /bad): skipped:") {
			f = &fs[i]
		}
	}
	if f == nil {
		t.Fatalf("no finding for the skipped operation in %+v", fs)
	}
	if f.Source != finding.Gen || f.Level != finding.Warning || f.Place.Pointer != "#/paths/~1bad/get" || f.Place.Line != 4 || !strings.HasSuffix(f.Place.File, "spec.yaml") {
		t.Errorf("finding = %+v", *f)
	}
	data, err := json.Marshal(fs)
	if err != nil {
		t.Fatal(err)
	}
	back, err := finding.Parse(data)
	if err != nil || len(back) != len(fs) || back[0].Place != fs[0].Place {
		t.Fatalf("Parse = %+v, %v", back, err)
	}
	var sarif bytes.Buffer
	if err := finding.WriteSARIF(&sarif, finding.Driver{Name: "agentready gen"}, fs, ""); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(sarif.String(), `"startLine": 4`) || strings.Contains(sarif.String(), `"gen///"`) {
		t.Errorf("SARIF:\n%s", sarif.String())
	}
}
