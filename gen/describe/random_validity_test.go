package describe_test

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/agentready/agentready/gen/example"
	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/gen/toolschema"
)

// TestRandomValid checks that the arguments gen/example's seeded
// synthesizer (example.Random, which test cases draw on) makes, in every
// mode and for two seeds, satisfy the tool's schema for every operation
// of the specs TestExamplesValid reads, by the same independent
// validator (santhosh-tekuri/jsonschema, formats asserted). Each
// argument is drawn as a case draws it (Random.Arg), required arguments
// always, optional ones every other in Typical mode and all in All mode;
// an argument no value within the caps can meet (example.Unmeetable) is
// left out, and an operation that requires one is skipped.
func TestRandomValid(t *testing.T) {
	total, failed := 0, 0
	forEachTool(t, func(spec string, api *ir.API, op *ir.Operation, sch *jsonschema.Schema, err error) {
		if err != nil {
			return // TestExamplesValid reports it
		}
		args, ok := meetable(api, toolschema.Args(api, op))
		if !ok {
			return
		}
		for _, mode := range []example.Mode{example.RequiredOnly, example.Typical, example.All} {
			key := fmt.Sprintf("%s/%s/%s", spec, op.Name, mode)
			if _, known := knownInvalid[key]; known {
				continue
			}
			for seed := range uint64(2) {
				total++
				r := example.NewRandom(api, rand.New(rand.NewPCG(seed, uint64(len(op.Name)))), 0)
				got := map[string]any{}
				for i, a := range args {
					if a.Required || mode == example.All || mode == example.Typical && i%2 == 0 {
						got[a.Name], _ = r.Arg(a, mode, seed == 0)
					}
				}
				inst, err := roundTrip(got)
				if err != nil {
					t.Errorf("%s seed %d: arguments are not JSON: %v", key, seed, err)
					continue
				}
				if verr := sch.Validate(inst); verr != nil {
					failed++
					if failed <= 30 {
						data, _ := json.Marshal(got)
						t.Errorf("%s seed %d: %s does not satisfy the schema: %v", key, seed, trim(string(data), 400), trim(verr.Error(), 600))
					}
				}
			}
		}
	})
	t.Logf("%d random argument sets checked, %d invalid", total, failed)
	if total == 0 {
		t.Fatal("no operation checked")
	}
}

// meetable returns the arguments a value within the caps can meet; ok is
// false when a required one cannot be.
func meetable(api *ir.API, args []toolschema.Arg) ([]toolschema.Arg, bool) {
	var out []toolschema.Arg
	for _, a := range args {
		switch {
		case example.Unmeetable(api, a.Schema) == "":
			out = append(out, a)
		case a.Required:
			return nil, false
		}
	}
	return out, true
}
