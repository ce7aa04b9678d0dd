package gen_test

import (
	"go/ast"
	"go/constant"
	"go/parser"
	"go/token"
	"path/filepath"
	"testing"

	"github.com/agentready/agentready/gen"
	"github.com/agentready/agentready/gen/catalog"
	"github.com/agentready/agentready/gen/describe"
	"github.com/agentready/agentready/internal/modtest"
)

// TestDescriptorTextsAreTheCatalogs checks that the JSON texts a
// generated descriptor holds (Schema, CheckSchema, Examples, Example),
// which the generator writes over several lines so that they read well in
// a diff, are byte for byte the catalog's: what a model reads, and every
// token count or hash of it, is the same from generated code as from a
// catalog built straight from the spec. It evaluates the generated
// constant expressions as the compiler does, on the golden specs, the
// hostile one (backticks, control characters) and the example API, whole
// and split by tag.
func TestDescriptorTextsAreTheCatalogs(t *testing.T) {
	root := modtest.RepoRoot(t)
	specs := append(goldenSpecs(t),
		filepath.Join("testdata", "specs", "hostile30.yaml"),
		filepath.Join(root, "specs", "exampleapi", "openapi.yaml"))
	for _, spec := range specs {
		for _, split := range []bool{false, true} {
			opts := gen.Options{Spec: spec, Package: "p", SplitByTag: split, ImportPath: "example.com/p"}
			res, err := gen.Generate(opts)
			if err != nil {
				t.Fatalf("%s: %v", spec, err)
			}
			api, _, err := gen.Load(opts)
			if err != nil {
				t.Fatal(err)
			}
			want, err := catalog.OperationsWith(api, describe.Options{})
			if err != nil {
				t.Fatal(err)
			}
			got := generatedTexts(t, res)
			checked := 0
			for _, d := range want {
				g := got[d.Name]
				if g == nil {
					t.Errorf("%s: no generated descriptor of %s", spec, d.Name)
					continue
				}
				for field, w := range map[string]string{"Schema": d.Schema, "CheckSchema": d.CheckSchema, "Examples": d.Examples, "Example": d.Example} {
					if g[field] != w {
						t.Errorf("%s (split %v): %s.%s differs from the catalog's:\n got %q\nwant %q", spec, split, d.Name, field, g[field], w)
					}
					if w != "" {
						checked++
					}
				}
			}
			if checked == 0 {
				t.Errorf("%s: no text compared", spec)
			}
		}
	}
}

// generatedTexts evaluates, in the generated files, the string fields of
// every toolrt.Operation literal, by the value of its Name field.
func generatedTexts(t *testing.T, res *gen.Result) map[string]map[string]string {
	t.Helper()
	fset := token.NewFileSet()
	consts := map[string]map[string]ast.Expr{} // package dir -> name -> value
	var lits []struct {
		dir string
		lit *ast.CompositeLit
	}
	for _, f := range res.Files {
		file, err := parser.ParseFile(fset, f.Name, f.Content, 0)
		if err != nil {
			t.Fatalf("%s: %v", f.Name, err)
		}
		dir := filepath.Dir(f.Name)
		if consts[dir] == nil {
			consts[dir] = map[string]ast.Expr{}
		}
		ast.Inspect(file, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.ValueSpec:
				for i, name := range n.Names {
					if i < len(n.Values) {
						consts[dir][name.Name] = n.Values[i]
					}
				}
			case *ast.CompositeLit:
				if sel, ok := n.Type.(*ast.SelectorExpr); ok && sel.Sel.Name == "Operation" {
					lits = append(lits, struct {
						dir string
						lit *ast.CompositeLit
					}{dir, n})
				}
			}
			return true
		})
	}
	out := map[string]map[string]string{}
	for _, l := range lits {
		fields := map[string]string{}
		for _, el := range l.lit.Elts {
			kv, ok := el.(*ast.KeyValueExpr)
			if !ok {
				continue
			}
			key := kv.Key.(*ast.Ident).Name
			switch key {
			case "Name", "Schema", "CheckSchema", "Examples", "Example":
				fields[key] = constant.StringVal(evalString(t, kv.Value, consts[l.dir]))
			}
		}
		out[fields["Name"]] = fields
	}
	return out
}

// evalString evaluates a constant string expression of literals, names of
// constants and +, as the compiler does.
func evalString(t *testing.T, e ast.Expr, consts map[string]ast.Expr) constant.Value {
	t.Helper()
	switch e := e.(type) {
	case *ast.BasicLit:
		v := constant.MakeFromLiteral(e.Value, e.Kind, 0)
		if v.Kind() != constant.String {
			t.Fatalf("not a string literal: %s", e.Value)
		}
		return v
	case *ast.BinaryExpr:
		if e.Op != token.ADD {
			t.Fatalf("unexpected operator %s", e.Op)
		}
		return constant.BinaryOp(evalString(t, e.X, consts), token.ADD, evalString(t, e.Y, consts))
	case *ast.Ident:
		if v, ok := consts[e.Name]; ok {
			return evalString(t, v, consts)
		}
	case *ast.ParenExpr:
		return evalString(t, e.X, consts)
	}
	t.Fatalf("not a constant string expression: %T", e)
	return nil
}
