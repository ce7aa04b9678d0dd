package emit

import (
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/gen/toolrt"
)

// TestTypeFilesBalancedBySize checks that long enums (Stripe's merchant
// categories, repeated in many request bodies) are spread over files of
// about typeFileBytes, not packed typesPerFile to a file, and that every
// type is still declared once.
func TestTypeFilesBalancedBySize(t *testing.T) {
	api := &ir.API{Title: "Sizes"}
	for i := range 40 {
		name := fmt.Sprintf("SpendingControlsCategoriesItem%d", i)
		typ := &ir.Type{ID: name, GoName: name, Schema: &ir.Schema{Kind: ir.KindString}}
		for j := range 300 {
			v := fmt.Sprintf("merchant_category_%03d", j)
			typ.Schema.Enum = append(typ.Schema.Enum, v)
			typ.EnumNames = append(typ.EnumNames, fmt.Sprintf("%sMerchantCategory%03d", name, j))
		}
		api.Types = append(api.Types, typ)
	}
	for i := range 200 {
		name := fmt.Sprintf("Small%d", i)
		api.Types = append(api.Types, &ir.Type{ID: name, GoName: name, Schema: &ir.Schema{Kind: ir.KindObject,
			Properties: []*ir.Property{{Name: "id", GoName: "ID", Schema: &ir.Schema{Kind: ir.KindString}}}}})
	}
	files, _, err := Emit(api, Options{Package: "p"})
	if err != nil {
		t.Fatal(err)
	}
	decl := regexp.MustCompile(`(?m)^type (\w+) `)
	declared := map[string]int{}
	typeFiles := 0
	for _, f := range files {
		if !strings.HasPrefix(f.Name, "types") {
			continue
		}
		typeFiles++
		types := decl.FindAllSubmatch(f.Content, -1)
		for _, m := range types {
			declared[string(m[1])]++
		}
		if len(f.Content) > 2*typeFileBytes && len(types) > 1 {
			t.Errorf("%s: %d bytes in %d types; want at most %d bytes unless it holds one type", f.Name, len(f.Content), len(types), 2*typeFileBytes)
		}
	}
	for _, typ := range api.Types {
		if declared[typ.GoName] != 1 {
			t.Errorf("%s declared %d times, want once", typ.GoName, declared[typ.GoName])
		}
	}
	// 240 types fit two files by count; their bytes need many more.
	if typeFiles < 10 {
		t.Errorf("%d types files; want the enums spread over at least 10", typeFiles)
	}
}

// TestSharedSchemasOnce checks that a schema several tools hold is
// declared once, that the tools name it, and that large shared schemas are
// spread over files of about typeFileBytes.
func TestSharedSchemasOnce(t *testing.T) {
	api := &ir.API{Title: "Shared"}
	tools := map[string]*toolrt.Operation{}
	desc := func(n int) string { return strings.Repeat(fmt.Sprint(n), 100<<10) }
	big := func(n int) string {
		return `{"type":"object","properties":{"q":{"type":"string","description":"` + desc(n) + `"}}}`
	}
	for i := range 80 {
		op := &ir.Operation{Name: fmt.Sprintf("op%02d", i), GoName: fmt.Sprintf("Op%02d", i), ResponseType: fmt.Sprintf("Op%02dResponse", i), Method: "GET", Path: fmt.Sprintf("/things/%d", i)}
		api.Operations = append(api.Operations, op)
		schema := big(i % 2)
		if i == 79 {
			schema = `{"type":"object","properties":{}}`
		}
		tools[op.Name] = &toolrt.Operation{Name: op.Name, Method: op.Method, Path: op.Path, Schema: schema}
	}
	files, _, err := Emit(api, Options{Package: "p", Tools: func() map[string]*toolrt.Operation { return tools }})
	if err != nil {
		t.Fatal(err)
	}
	all := map[string]string{}
	for _, f := range files {
		all[f.Name] = string(f.Content)
	}
	if len(all["schemas.go"]) == 0 || len(all["schemas_2.go"]) == 0 {
		t.Fatalf("want the two shared schemas in schemas.go and schemas_2.go, got files %v", slices.Sorted(maps.Keys(all)))
	}
	var text string
	for _, c := range all {
		text += c
	}
	// The schema is written over several lines (jsonLit); its long
	// description, which no line break cuts, shows each copy.
	for _, want := range []string{desc(0), desc(1)} {
		if n := strings.Count(text, want); n != 1 {
			t.Errorf("a shared schema is written %d times, want once", n)
		}
	}
	// op00-op78 alternate between the two; op79 has a schema of its own.
	for ref, want := range map[string]int{"schemaOp00": 40, "schemaOp01": 39} {
		if n := len(regexp.MustCompile(`Schema:\s+`+ref+`,`).FindAllString(text, -1)); n != want {
			t.Errorf("%d descriptors name %s, want %d", n, ref, want)
		}
	}
	if !regexp.MustCompile("Schema:\\s+`\\{\"type\":\"object\",\"properties\":\\{\\}\\}`").MatchString(text) {
		t.Errorf("a schema only one tool holds is not written in its descriptor")
	}
}
