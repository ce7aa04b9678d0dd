package dialect

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// TestGolden adapts testdata/tool.json, a schema with one of each thing
// a dialect may not take, to every dialect and compares the schema and
// the warnings with testdata/golden/DIALECT.txt (go test -update rewrites
// them). Each adapted schema must also pass Check.
func TestGolden(t *testing.T) {
	schema, err := os.ReadFile(filepath.Join("testdata", "tool.json"))
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range Dialects() {
		t.Run(string(d), func(t *testing.T) {
			res, err := Adapt("getThing", bytes.TrimSpace(schema), d)
			if err != nil {
				t.Fatal(err)
			}
			if vs, _ := Check(res.Schema, d); len(vs) > 0 {
				t.Errorf("the adapted schema breaks the rules: %v", vs)
			}
			var b strings.Builder
			b.WriteString("verdict: " + string(res.Verdict) + "\n")
			var pretty bytes.Buffer
			if err := json.Indent(&pretty, res.Schema, "", "  "); err != nil {
				t.Fatal(err)
			}
			b.WriteString(pretty.String() + "\n")
			for _, w := range res.Warnings {
				b.WriteString(w.String() + "\n")
			}
			path := filepath.Join("testdata", "golden", string(d)+".txt")
			if *update {
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test -update)", err)
			}
			if b.String() != string(want) {
				t.Errorf("%s differs (go test -update rewrites it):\n%s", path, b.String())
			}
		})
	}
}
