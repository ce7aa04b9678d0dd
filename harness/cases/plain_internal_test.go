package cases

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/agentready/agentready/gen"
	"github.com/agentready/agentready/gen/example"
	"github.com/agentready/agentready/gen/toolschema"
)

const plainSpec = `openapi: 3.0.3
info: {title: Shop, version: "1"}
paths:
  /customers/{customer}:
    get:
      operationId: getCustomer
      parameters:
        - {name: customer, in: path, required: true, schema: {type: string}}
        - {name: id, in: query, schema: {type: string}}
        - {name: ending_before, in: query, schema: {type: string}}
        - {name: cluster_name, in: query, schema: {type: string, maxLength: 8}}
        - {name: code, in: query, schema: {type: string, pattern: "^[A-Z]{4}[0-9]{3}$"}}
        - {name: state, in: query, schema: {type: string, enum: [state-open, closed]}}
      responses:
        "200":
          description: ok
          content:
            application/json:
              schema: {$ref: "#/components/schemas/Customer"}
components:
  schemas:
    Customer:
      type: object
      properties:
        id: {type: string, example: cus_NffrFeUfNV2Hib}
`

// Synthesized strings that carry their argument's name ("customer-71")
// become values shaped like the API's own: an identifier behind the
// prefix the spec's examples give the thing, an opaque token, a match of
// the pattern, a plain name within the length bound. Enum values and
// strings that do not echo stay, and equal seeds give equal values.
func TestPlainValuesDoNotEchoTheName(t *testing.T) {
	path := filepath.Join(t.TempDir(), "shop.yaml")
	if err := os.WriteFile(path, []byte(plainSpec), 0o644); err != nil {
		t.Fatal(err)
	}
	api, _, err := gen.Load(gen.Options{Spec: path})
	if err != nil {
		t.Fatal(err)
	}
	tg := &toolGen{api: api, prefixes: idPrefixes(api)}
	if got := tg.prefixes["customer"]; got != "cus_" {
		t.Fatalf("prefix of customers = %q, want cus_ (from the example of Customer.id)", got)
	}
	args := map[string]toolschema.Arg{}
	for _, p := range api.Operations[0].Params {
		args[p.Name] = toolschema.Arg{Name: p.Name, Schema: p.Schema}
	}
	run := func(seed uint64, name string, v any) any {
		rng := rand.New(rand.NewPCG(seed, 1))
		return tg.plain(example.NewRandom(api, rng, 0), rng, args[name], v)
	}
	for _, tc := range []struct {
		name, in string
		want     *regexp.Regexp
	}{
		{"customer", "customer-71", regexp.MustCompile(`^cus_[A-Za-z0-9]{14}$`)},
		{"ending_before", "ending-before-4", regexp.MustCompile(`^[A-Za-z0-9]{14}$`)},
		{"cluster_name", "cluster-", regexp.MustCompile(`^.{1,8}$`)},
		{"code", "CODE123", regexp.MustCompile(`^[A-Z]{4}[0-9]{3}$`)},
		{"state", "state-open", regexp.MustCompile(`^state-open$`)},
		{"customer", "cus_abc", regexp.MustCompile(`^cus_abc$`)},
		{"id", "id-51", regexp.MustCompile(`^[A-Za-z0-9]{14}$`)},
	} {
		got, ok := run(7, tc.name, tc.in).(string)
		if !ok || !tc.want.MatchString(got) {
			t.Errorf("%s %q became %v, want a match of %s", tc.name, tc.in, got, tc.want)
			continue
		}
		if got != tc.in && echoes(tc.name, got) {
			t.Errorf("%s %q became %q, which still says the name", tc.name, tc.in, got)
		}
		if !example.Valid(api, args[tc.name].Schema, got) {
			t.Errorf("%s %q became %q, which its schema refuses", tc.name, tc.in, got)
		}
		if again := run(7, tc.name, tc.in); again != got {
			t.Errorf("%s: seed 7 gave %q, then %q", tc.name, got, again)
		}
	}
	if a, b := run(1, "customer", "customer-71"), run(2, "customer", "customer-71"); a == b {
		t.Errorf("seeds 1 and 2 both gave %q", a)
	}
}
