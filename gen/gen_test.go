package gen_test

import (
	"bytes"
	"flag"
	"fmt"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/agentready/agentready/gen"
	"github.com/agentready/agentready/gen/catalog"
	"github.com/agentready/agentready/gen/emit"
	"github.com/agentready/agentready/gen/toolrt/argcheck"
	"github.com/agentready/agentready/internal/modtest"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

// goldenSpecs are the project's own small specs, one per OpenAPI version,
// that together use every construct the generator handles.
func goldenSpecs(t *testing.T) []string {
	specs, err := filepath.Glob(filepath.Join(modtest.RepoRoot(t), "specs", "golden", "*"))
	if err != nil || len(specs) == 0 {
		t.Fatalf("no golden specs: %v", err)
	}
	return specs
}

func pkgName(spec string) string {
	return strings.TrimSuffix(filepath.Base(spec), filepath.Ext(spec))
}

// TestGolden compares the generated code for specs/golden with the
// committed files in testdata/golden; `go test ./gen -run Golden -update`
// rewrites them. A golden file the generator no longer produces fails the
// test, so stale files cannot hide. The goldens must build and vet as a
// module.
func TestGolden(t *testing.T) {
	mod := modtest.NewModule(t, "golden")
	for _, spec := range goldenSpecs(t) {
		name := pkgName(spec)
		t.Run(name, func(t *testing.T) { checkGolden(t, spec, name, mod) })
	}
	modtest.Go(t, mod, "build", "./...")
	modtest.Go(t, mod, "vet", "./...")
}

// TestGoldenSplit does what TestGolden does for inventory31 split by tag:
// a root with the client and shared types, a package per tag, untagged
// and all, in folders below the root.
func TestGoldenSplit(t *testing.T) {
	mod := modtest.NewModule(t, "golden")
	spec := filepath.Join(modtest.RepoRoot(t), "specs", "golden", "inventory31.yaml")
	checkGoldenWith(t, gen.Options{Spec: spec, Package: "inventory", SplitByTag: true, ImportPath: "golden/inventory"}, "inventory", mod)
	modtest.Go(t, mod, "build", "./...")
	modtest.Go(t, mod, "vet", "./...")
}

// checkGolden generates package name from spec, compares it with
// testdata/golden/<name> (rewriting that with -update), writes it into
// the module mod and returns it.
func checkGolden(t *testing.T, spec, name, mod string) *gen.Result {
	t.Helper()
	return checkGoldenWith(t, gen.Options{Spec: spec, Package: name}, name, mod)
}

// checkGoldenWith is checkGolden with options of the caller's.
func checkGoldenWith(t *testing.T, opts gen.Options, name, mod string) *gen.Result {
	t.Helper()
	res, err := gen.Generate(opts)
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join("testdata", "golden", name)
	if *update {
		if err := gen.Write(dir, res.Files); err != nil {
			t.Fatal(err)
		}
	}
	want := map[string]bool{}
	for _, f := range res.Files {
		want[f.Name] = true
		golden, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(f.Name)))
		if err != nil {
			t.Errorf("%s: no golden file (run go test ./gen -run Golden -update): %v", f.Name, err)
			continue
		}
		if !bytes.Equal(golden, f.Content) {
			t.Errorf("%s differs from the golden file; run go test ./gen -run Golden -update and review the diff", f.Name)
		}
	}
	_ = filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		if !want[filepath.ToSlash(rel)] {
			content, _ := os.ReadFile(path)
			if bytes.HasPrefix(content, []byte("// "+emit.Header)) {
				t.Errorf("%s: stale golden file the generator no longer produces", rel)
			}
		}
		return nil
	})
	if err := gen.Write(filepath.Join(mod, name), res.Files); err != nil {
		t.Fatal(err)
	}
	return res
}

// TestHostileText generates testdata/specs/hostile30.yaml, whose titles,
// summaries, descriptions, parameter and property descriptions and enum
// values hold comment delimiters, directives, backticks, control and
// formatting characters and very long words, and checks that every
// comment in the output is a plain // line (no block comment opened, no
// directive written), that the output matches its golden files
// (`go test ./gen -run 'Golden|Hostile' -update` rewrites them) and that
// it builds and vets.
func TestHostileText(t *testing.T) {
	mod := modtest.NewModule(t, "hostile")
	res := checkGolden(t, filepath.Join("testdata", "specs", "hostile30.yaml"), "hostile30", mod)
	for _, f := range res.Files {
		if !utf8.Valid(f.Content) {
			t.Errorf("%s is not valid UTF-8", f.Name)
		}
		file, err := parser.ParseFile(token.NewFileSet(), f.Name, f.Content, parser.ParseComments)
		if err != nil {
			t.Errorf("%s does not parse: %v", f.Name, err)
			continue
		}
		for _, g := range file.Comments {
			for _, c := range g.List {
				switch {
				case !strings.HasPrefix(c.Text, "//"):
					t.Errorf("%s: block comment %q", f.Name, c.Text)
				case strings.HasPrefix(c.Text, "//go:"), strings.HasPrefix(c.Text, "//line "), strings.HasPrefix(c.Text, "//export "):
					t.Errorf("%s: spec text became the directive %q", f.Name, c.Text)
				case strings.ContainsFunc(c.Text, func(r rune) bool { return r == '\uFEFF' || unicode.IsControl(r) }):
					t.Errorf("%s: control character in comment %q", f.Name, c.Text)
				}
			}
		}
	}
	modtest.Go(t, mod, "build", "./...")
	modtest.Go(t, mod, "vet", "./...")
}

// TestDeterministic checks that generating twice gives byte-identical
// output (maps, parallel rendering and naming must not leak order).
func TestDeterministic(t *testing.T) {
	for _, spec := range goldenSpecs(t) {
		a, err := gen.Generate(gen.Options{Spec: spec, Package: "p"})
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < 3; i++ {
			b, err := gen.Generate(gen.Options{Spec: spec, Package: "p"})
			if err != nil {
				t.Fatal(err)
			}
			if len(a.Files) != len(b.Files) {
				t.Fatalf("%s: %d files, then %d", spec, len(a.Files), len(b.Files))
			}
			for j := range a.Files {
				if a.Files[j].Name != b.Files[j].Name || !bytes.Equal(a.Files[j].Content, b.Files[j].Content) {
					t.Fatalf("%s: %s differs between runs", spec, a.Files[j].Name)
				}
			}
		}
	}
}

// TestSharedSpecs generates a package for every document under
// ../shared/specs (real APIs and the 2.0/3.0/3.1 edge cases) and builds and
// vets them all as one module.
func TestSharedSpecs(t *testing.T) {
	if testing.Short() {
		t.Skip("builds about 70 packages; skipped with -short")
	}
	root := modtest.SharedSpecs(t)
	var specs []string
	err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		ext := filepath.Ext(path)
		if !d.IsDir() && (ext == ".json" || ext == ".yaml" || ext == ".yml") {
			specs = append(specs, path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(specs)
	if len(specs) < 60 {
		t.Fatalf("found only %d specs under %s", len(specs), root)
	}
	mod := modtest.NewModule(t, "shared")
	generated := 0
	for i, spec := range specs {
		rel, _ := filepath.Rel(root, spec)
		pkg := fmt.Sprintf("p%03d", i)
		res, err := gen.Generate(gen.Options{Spec: spec, Package: pkg})
		if err != nil {
			// A document without operations (webhooks only) is the one
			// acceptable refusal, and it must say so.
			if strings.Contains(err.Error(), "no operations to generate") {
				t.Logf("%s: %v", rel, err)
				continue
			}
			t.Errorf("%s: %v", rel, err)
			continue
		}
		if err := gen.Write(filepath.Join(mod, pkg), res.Files); err != nil {
			t.Fatal(err)
		}
		generated++
	}
	t.Logf("generated %d of %d documents", generated, len(specs))
	modtest.Go(t, mod, "build", "./...")
	modtest.Go(t, mod, "vet", "./...")
}

// TestWrite checks that Write replaces generated files, removes stale ones
// and never touches files it did not generate.
func TestWrite(t *testing.T) {
	dir := t.TempDir()
	gen1 := []emit.File{
		{Name: "a.go", Content: []byte("// " + emit.Header + "\n\npackage p\n")},
		{Name: "b.go", Content: []byte("// " + emit.Header + "\n\npackage p\n\nconst B = 1\n")},
	}
	if err := gen.Write(dir, gen1); err != nil {
		t.Fatal(err)
	}
	user := filepath.Join(dir, "extra.go")
	if err := os.WriteFile(user, []byte("package p\n\n// hand-written\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	gen2 := gen1[:1]
	if err := gen.Write(dir, gen2); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "b.go")); !os.IsNotExist(err) {
		t.Errorf("stale generated b.go was not removed (err %v)", err)
	}
	if _, err := os.Stat(user); err != nil {
		t.Errorf("hand-written extra.go was removed: %v", err)
	}
	clash := []emit.File{{Name: "extra.go", Content: []byte("// " + emit.Header + "\n\npackage p\n")}}
	err := gen.Write(dir, clash)
	if err == nil || !strings.Contains(err.Error(), "was not generated by agentready") {
		t.Errorf("overwriting a hand-written file: got %v, want a refusal", err)
	}
	got, _ := os.ReadFile(user)
	if !strings.Contains(string(got), "hand-written") {
		t.Error("hand-written file was overwritten")
	}
}

// TestWriteSplit: a split output's folders are created; a tag's package a
// later run no longer produces goes, folder and all, unless a user's file
// is in it; a generated package in a sub-folder that is not part of the
// split stays; going back to one package removes every tag's package.
func TestWriteSplit(t *testing.T) {
	dir := t.TempDir()
	file := func(name, pkg string, part bool) emit.File {
		body := "// " + emit.Header + "\n\n"
		if part {
			body += "// Package " + pkg + " is a tag's.\n//\n" + emit.PartDirective + "\n"
		}
		return emit.File{Name: name, Content: []byte(body + "package " + pkg + "\n")}
	}
	split := []emit.File{
		file("client.go", "p", false),
		file("issues/doc.go", "issues", true), file("issues/tools.go", "issues", false),
		file("pulls/doc.go", "pulls", true), file("pulls/tools.go", "pulls", false),
		file("repos/doc.go", "repos", true),
	}
	if err := gen.Write(dir, split); err != nil {
		t.Fatal(err)
	}
	// Another generated package that lives below this one, and a user's
	// file in a tag's folder.
	other := filepath.Join(dir, "v2")
	if err := gen.Write(other, []emit.File{file("doc.go", "v2", false)}); err != nil {
		t.Fatal(err)
	}
	mine := filepath.Join(dir, "repos", "mine.go")
	if err := os.WriteFile(mine, []byte("package repos\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// The pulls tag is gone, and so is the repos tag.
	if err := gen.Write(dir, split[:3]); err != nil {
		t.Fatal(err)
	}
	exists := func(path string) bool { _, err := os.Stat(filepath.Join(dir, path)); return err == nil }
	if exists("pulls") {
		t.Error("the pulls package a later run no longer produces is still there")
	}
	if exists("repos/doc.go") || !exists("repos/mine.go") {
		t.Error("in repos, the generated doc.go should go and the user's mine.go stay")
	}
	if !exists("v2/doc.go") {
		t.Error("a generated package below that is not a tag's was removed")
	}
	// Back to one package.
	if err := gen.Write(dir, []emit.File{file("client.go", "p", false)}); err != nil {
		t.Fatal(err)
	}
	if exists("issues") {
		t.Error("going back to one package left the issues package")
	}
	if !exists("v2/doc.go") || !exists("repos/mine.go") {
		t.Error("going back to one package removed what is not generated for it")
	}
}

// TestSplitPlacesTypesWhereTheyAreUsed: in the split golden, a type the
// operations of one tag use is declared in that tag's package, one that
// several tags use in the root, and nothing but Client is declared twice.
func TestSplitPlacesTypesWhereTheyAreUsed(t *testing.T) {
	spec := filepath.Join(modtest.RepoRoot(t), "specs", "golden", "inventory31.yaml")
	res, err := gen.Generate(gen.Options{Spec: spec, Package: "inventory", SplitByTag: true, ImportPath: "x/inventory"})
	if err != nil {
		t.Fatal(err)
	}
	declared := map[string]string{}
	for _, f := range res.Files {
		dir := path.Dir(f.Name)
		for _, line := range strings.Split(string(f.Content), "\n") {
			name, ok := strings.CutPrefix(line, "type ")
			if !ok {
				continue
			}
			name, _, _ = strings.Cut(name, " ")
			if name == "Client" {
				continue // each package has its own
			}
			if prev, dup := declared[name]; dup {
				t.Errorf("type %s declared in %s and in %s", name, prev, dir)
			}
			declared[name] = dir
		}
	}
	for name, want := range map[string]string{
		"Item": ".", "Status": ".", // items and events use them
		"NewItem": "items", "Event": "events", "LoginBody": "untagged",
		"GetItemInput": "items",
	} {
		if declared[name] != want {
			t.Errorf("type %s is declared in %q, want %q", name, declared[name], want)
		}
	}
}

// TestEnumFormats generates testdata/specs/enumformat30.yaml, whose enums
// carry formats that name another Go type (date-time, date, byte, binary,
// sized integers) or that their own values contradict (SendGrid's
// `format: date-time, enum: [now]`). Every contradicted format is dropped
// with a warning at its line; the package matches its goldens, builds and
// vets; and the tool's schema and argument checking accept every enum
// value.
func TestEnumFormats(t *testing.T) {
	mod := modtest.NewModule(t, "enumformat")
	res := checkGolden(t, filepath.Join("testdata", "specs", "enumformat30.yaml"), "enumformat30", mod)

	want := map[string]string{
		"#/paths/~1sends/post/parameters/when/schema":   `"now" is not of format date-time`,
		"#/paths/~1sends/post/parameters/id/schema":     `"any" is not of format uuid`,
		"#/paths/~1sends/post/parameters/count/schema":  `"all" is not of format int64`,
		"#/components/schemas/SendAt":                   `"now" is not of format date-time`,
		"#/components/schemas/Send/properties/started":  `"now" is not of format date-time`,
		"#/components/schemas/Send/properties/level":    `-1 is outside the uint8 range`,
		"#/components/schemas/Send/properties/ratio":    `1e+39 is outside the float range`,
		"#/components/schemas/Send/properties/combined": `"later" is not of format date-time`,
	}
	for _, d := range res.Warnings {
		w, ok := want[d.Origin.Pointer]
		if !ok || !strings.Contains(d.Message, w) || d.Origin.Line == 0 {
			t.Errorf("unexpected warning (want one per contradicted format, with its line): %+v", d)
		}
		delete(want, d.Origin.Pointer)
	}
	for p, w := range want {
		t.Errorf("no warning at %s (%s)", p, w)
	}

	ops, err := catalog.Operations(res.API)
	if err != nil || len(ops) != 1 {
		t.Fatalf("catalog: %d operations, %v", len(ops), err)
	}
	op := ops[0]
	if strings.Contains(op.Schema, `"date-time"`) || !strings.Contains(op.Schema, `"format":"date"`) {
		t.Errorf("the tool schema keeps a contradicted format or drops a fitting one:\n%s", op.Schema)
	}
	checker, err := argcheck.NewChecker(op.Name, []byte(op.Schema), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, args := range []string{
		`{"when":"now","send_at":"now","started":"now","id":"any","count":"all","level":-1,"combined":"later","since":"2024-01-01","ratio":1e39}`,
		`{"when":"now","send_at":"now","started":"2024-01-15T09:30:00Z","count":"1","level":300,"small":2,"payload":"aGVsbG8=","attachment":"none"}`,
	} {
		if _, _, err := checker.Check(args); err != nil {
			t.Errorf("argument checking refuses enum values %s: %v", args, err)
		}
	}
	modtest.Go(t, mod, "build", "./...")
	modtest.Go(t, mod, "vet", "./...")
}

// TestLoadKeepsNoParseTree: the IR must not point into libopenapi's model
// (a pointer to one of its fields keeps the whole YAML tree and index
// alive), and closing the document must release libopenapi's global
// caches. On GitHub's spec the model takes about 200 MiB and the IR
// under 20.
func TestLoadKeepsNoParseTree(t *testing.T) {
	path := filepath.Join(modtest.SharedSpecs(t), "real", "github.json")
	heap := func() uint64 {
		runtime.GC()
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return m.HeapAlloc
	}
	before := heap()
	api, _, err := gen.Load(gen.Options{Spec: path})
	if err != nil {
		t.Fatal(err)
	}
	after := heap()
	runtime.KeepAlive(api)
	kept := after - min(before, after)
	if kept > 60<<20 {
		t.Errorf("the IR of GitHub's spec keeps %d MiB alive; the IR alone is under 20", kept>>20)
	}
}
