package argcheck

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// The checker is our own rather than santhosh-tekuri/jsonschema/v6 (which
// the tests use as the reference validator). These measure why: the
// library validates, but a model's arguments need safe coercion ("25"
// for an integer, a JSON string holding an array) before they are judged,
// and corrective text that names the accepted values and shows a valid
// call. TestLibraryDoesNotCoerce pins the first; the benchmarks compare
// speed on the same schema and arguments (go test ./gen/toolrt/argcheck
// -run '^$' -bench 'ArgCheck$|Library').

// compileWithLibrary compiles schema with the library, draft 2020-12,
// formats asserted as our checker asserts them.
func compileWithLibrary(schema string) (*jsonschema.Schema, error) {
	doc, err := jsonschema.UnmarshalJSON(strings.NewReader(schema))
	if err != nil {
		return nil, err
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	c.AssertFormat()
	if err := c.AddResource("args.json", doc); err != nil {
		return nil, err
	}
	return c.Compile("args.json")
}

// libraryOnly are argsTestSchema's properties the library cannot compile
// as real specs write them: an OpenAPI 3.0 boolean exclusiveMinimum, and
// ECMA-262 patterns Go's regexp does not take (a lookahead, \u escapes).
var libraryOnly = []string{"old", "nox", "uni"}

// library compiles argsTestSchema without libraryOnly's properties.
func library(tb testing.TB) *jsonschema.Schema {
	tb.Helper()
	var doc map[string]any
	if err := json.Unmarshal([]byte(argsTestSchema), &doc); err != nil {
		tb.Fatal(err)
	}
	for _, name := range libraryOnly {
		delete(doc["properties"].(map[string]any), name)
	}
	trimmed, _ := json.Marshal(doc)
	s, err := compileWithLibrary(string(trimmed))
	if err != nil {
		tb.Fatal(err)
	}
	return s
}

// TestLibraryRefusesSpecSchemas: the schema Check compiles (warning only
// where a pattern cannot be enforced) the library refuses whole, for each
// of libraryOnly's properties; a tool would be lost, not checked.
func TestLibraryRefusesSpecSchemas(t *testing.T) {
	_, err := compileWithLibrary(argsTestSchema)
	if err == nil {
		t.Fatal("the library compiled the schema; see whether it can replace our checker")
	}
	for _, name := range libraryOnly {
		if !strings.Contains(err.Error(), "/properties/"+name) {
			t.Errorf("the library's refusal does not name %s:\n%v", name, err)
		}
	}
	mustChecker(t, argsTestSchema)
}

func decodeInstance(tb testing.TB, raw string) any {
	tb.Helper()
	v, err := jsonschema.UnmarshalJSON(strings.NewReader(raw))
	if err != nil {
		tb.Fatal(err)
	}
	return v
}

// TestLibraryDoesNotCoerce: a typical model call with two values in the
// wrong JSON type ("25" for an integer limit, an array sent as a string)
// is refused by the library and accepted by Check with the coercions
// named; after Check's coercions the library accepts it too, so the two
// agree on what is valid.
func TestLibraryDoesNotCoerce(t *testing.T) {
	s := library(t)
	if err := s.Validate(decodeInstance(t, benchArgs)); err == nil {
		t.Fatal("the library accepted the uncoerced call; the reason for our own checker is gone")
	}
	c := mustChecker(t, argsTestSchema)
	args, coercions, err := c.Check(benchArgs)
	if err != nil || len(coercions) == 0 {
		t.Fatalf("Check: %v, coercions %v", err, coercions)
	}
	var buf bytes.Buffer
	if err := json.NewEncoder(&buf).Encode(args); err != nil {
		t.Fatal(err)
	}
	if err := s.Validate(decodeInstance(t, buf.String())); err != nil {
		t.Errorf("the library refuses what Check accepted after coercion: %v", err)
	}
}

// BenchmarkLibraryValidate is the library on the call BenchmarkArgCheck
// checks, after coercion (it does not coerce), decoding included.
func BenchmarkLibraryValidate(b *testing.B) {
	s := library(b)
	args, _, err := mustChecker(b, argsTestSchema).Check(benchArgs)
	if err != nil {
		b.Fatal(err)
	}
	raw, _ := json.Marshal(args)
	b.ReportAllocs()
	for b.Loop() {
		v, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
		if err != nil {
			b.Fatal(err)
		}
		if err := s.Validate(v); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkLibraryValidateErrors is the library on BenchmarkArgCheckErrors'
// call, its error text included.
func BenchmarkLibraryValidateErrors(b *testing.B) {
	s := library(b)
	raw := []byte(`{"status":"opened","limit":500,"userid":"x","nox":"xy"}`)
	b.ReportAllocs()
	for b.Loop() {
		v, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
		if err != nil {
			b.Fatal(err)
		}
		err = s.Validate(v)
		if err == nil {
			b.Fatal("no error")
		}
		_ = err.Error()
	}
}
