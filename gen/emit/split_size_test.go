package emit

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/agentready/agentready/gen/ir"
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
