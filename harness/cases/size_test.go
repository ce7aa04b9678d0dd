package cases_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentready/agentready/gen"
	"github.com/agentready/agentready/harness/cases"
)

// TestCasesStaySmallOnWideBodies: a body of 300 optional fields, each an
// object of 30 (DocuSign's account settings are like this), flattens into
// hundreds of arguments. A case says at most a dozen optional ones, with
// a bounded amount of values, so that its utterance is something a
// person could type.
func TestCasesStaySmallOnWideBodies(t *testing.T) {
	var b strings.Builder
	b.WriteString("openapi: 3.0.3\ninfo: {title: Wide, version: '1'}\npaths:\n  /settings:\n    put:\n      operationId: putSettings\n")
	b.WriteString("      requestBody:\n        required: true\n        content:\n          application/json:\n            schema: {$ref: '#/components/schemas/Settings'}\n")
	b.WriteString("      responses: {'200': {description: ok}}\ncomponents:\n  schemas:\n    Meta:\n      type: object\n      properties:\n")
	for i := 0; i < 30; i++ {
		fmt.Fprintf(&b, "        note%d: {type: string}\n", i)
	}
	b.WriteString("    Settings:\n      type: object\n      properties:\n")
	for i := 0; i < 300; i++ {
		fmt.Fprintf(&b, "        setting%d: {$ref: '#/components/schemas/Meta'}\n", i)
	}
	spec := filepath.Join(t.TempDir(), "wide.yaml")
	if err := os.WriteFile(spec, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	api, _, err := gen.Load(gen.Options{Spec: spec})
	if err != nil {
		t.Fatal(err)
	}
	cs, _, err := cases.Generate(ctx, api, cases.Options{Seed: 1, PerTool: 6})
	if err != nil {
		t.Fatal(err)
	}
	if len(cs) == 0 {
		t.Fatal("no cases")
	}
	for _, c := range cs {
		raw, _ := json.Marshal(c.Args)
		fields := strings.Count(string(raw), `":`)
		if fields > 12*31 || len(raw) > 32<<10 {
			t.Errorf("case %s has %d fields in %d bytes of arguments", c.ID, fields, len(raw))
		}
	}
}
