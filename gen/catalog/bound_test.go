package catalog_test

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/agentready/agentready/gen"
	"github.com/agentready/agentready/gen/catalog"
	"github.com/agentready/agentready/gen/describe"
	"github.com/agentready/agentready/gen/toolrt"
	"github.com/agentready/agentready/gen/toolrt/argcheck"
	"github.com/agentready/agentready/gen/toolschema"
	"github.com/agentready/agentready/specs/exampleapi/server"
)

// TestBind checks that Bind carries the IR it was given with tools built
// as New builds them, calling the live example API, and that a missing
// IR is a clear error rather than a panic later.
func TestBind(t *testing.T) {
	url, opts := serviceDesk(t)
	api, _, err := gen.Load(*opts)
	if err != nil {
		t.Fatal(err)
	}
	client, err := catalog.NewClient(api, url, toolrt.WithoutEnvironment(), toolrt.WithCredential("bearerAuth", server.DefaultAdminToken))
	if err != nil {
		t.Fatal(err)
	}
	b, err := catalog.Bind(api, client)
	if err != nil {
		t.Fatal(err)
	}
	if b.API != api {
		t.Fatal("Bind does not carry the IR it was given")
	}
	bare, err := catalog.New(api, client)
	if err != nil {
		t.Fatal(err)
	}
	if len(b.Tools) != len(bare.Tools) || len(b.Tools) != len(api.Operations) {
		t.Fatalf("%d bound tools, %d from New, %d operations", len(b.Tools), len(bare.Tools), len(api.Operations))
	}
	for i, tl := range b.Tools {
		if tl.Operation().Name != bare.Tools[i].Operation().Name || api.Operation(tl.Operation().Name) == nil {
			t.Fatalf("tool %d is %s, New's is %s", i, tl.Operation().Name, bare.Tools[i].Operation().Name)
		}
	}
	call := run(t, b.Catalog, "listUsers", `{}`)
	if call.Response == nil || call.Response.StatusCode != 200 {
		t.Fatalf("listUsers through the bound catalog: %s", call.Text)
	}
	if _, err := catalog.Bind(nil, client); err == nil || !strings.Contains(err.Error(), "gen.Load") {
		t.Fatalf("Bind without an IR: %v", err)
	}
}

// TestBoundArgsAndCheckers checks what the harness reads about the tools
// against the tools themselves: a Bound's arguments of each tool are the
// properties of the schema the model is shown, in order, with the same
// required ones; its checker is the tool's own; and a Bound without tools
// (Describe) has the same arguments and a checker that judges arguments
// as the tool does, for every tool of the example API.
func TestBoundArgsAndCheckers(t *testing.T) {
	url, opts := serviceDesk(t)
	api, _, err := gen.Load(*opts)
	if err != nil {
		t.Fatal(err)
	}
	client, err := catalog.NewClient(api, url, toolrt.WithoutEnvironment())
	if err != nil {
		t.Fatal(err)
	}
	b, err := catalog.Bind(api, client)
	if err != nil {
		t.Fatal(err)
	}
	d := catalog.Describe(api)
	for _, tl := range b.Tools {
		name := tl.Operation().Name
		var shown struct {
			Properties orderedKeys `json:"properties"`
			Required   []string    `json:"required"`
		}
		if err := json.Unmarshal([]byte(tl.Operation().Schema), &shown); err != nil {
			t.Fatal(err)
		}
		var names, required []string
		for _, a := range b.Args(name) {
			names = append(names, a.Name)
			if a.Required {
				required = append(required, a.Name)
			}
		}
		if !slices.Equal(names, shown.Properties) || !slices.Equal(required, shown.Required) {
			t.Errorf("%s: Args %v (required %v), the tool shows %v (required %v)", name, names, required, shown.Properties, shown.Required)
		}
		if dn := d.Args(name); len(dn) != len(names) {
			t.Errorf("%s: Describe has %d arguments, Bind %d", name, len(dn), len(names))
		}
		ck, err := b.Checker(name)
		if err != nil || ck != tl.Checker() {
			t.Errorf("%s: Checker is not the tool's (%v)", name, err)
		}
		if nck, err := b.NewChecker(name); err != nil || nck != ck {
			t.Errorf("%s: NewChecker is not the tool's (%v)", name, err)
		}
		// NewChecker of a Bound without tools builds one it does not
		// keep; once Checker kept one, that one.
		fresh := catalog.Describe(api)
		nck, err := fresh.NewChecker(name)
		if err != nil {
			t.Fatalf("%s: NewChecker: %v", name, err)
		}
		if again, _ := fresh.NewChecker(name); again == nck {
			t.Errorf("%s: NewChecker kept its checker", name)
		}
		dck, err := d.Checker(name)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if again, _ := d.Checker(name); again != dck {
			t.Errorf("%s: Describe builds its checker again", name)
		}
		if kept, _ := d.NewChecker(name); kept != dck {
			t.Errorf("%s: NewChecker builds a checker Checker kept", name)
		}
		for _, args := range []string{`{}`, `{"id":"x"}`, `{"limit":"nope"}`, tl.Operation().Example} {
			_, _, want := ck.Check(args)
			for what, c := range map[string]*argcheck.Checker{"Describe's checker": dck, "NewChecker's": nck} {
				_, _, got := c.Check(args)
				if (want == nil) != (got == nil) || want != nil && want.Error() != got.Error() {
					t.Errorf("%s %s: %s says %v, the tool's %v", name, args, what, got, want)
				}
			}
		}
	}
	if _, err := b.Checker("noSuchTool"); err == nil {
		t.Error("a checker for a tool that does not exist")
	}
	if _, err := d.Checker("noSuchTool"); err == nil {
		t.Error("Describe: a checker for a tool that does not exist")
	}
	if _, err := d.NewChecker("noSuchTool"); err == nil {
		t.Error("Describe: NewChecker for a tool that does not exist")
	}
}

// orderedKeys decodes a JSON object into its keys, in order.
type orderedKeys []string

func (k *orderedKeys) UnmarshalJSON(data []byte) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	if _, err := dec.Token(); err != nil {
		return err
	}
	for dec.More() {
		key, err := dec.Token()
		if err != nil {
			return err
		}
		*k = append(*k, key.(string))
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			return err
		}
	}
	return nil
}

// TestBoundFit checks that a Bound fits each tool's definition as
// describe.Fit does, with its own memo or the one the options bring, at
// a budget that cuts some tools and at none, and that a tool the API
// does not have is an error rather than a panic.
func TestBoundFit(t *testing.T) {
	_, opts := serviceDesk(t)
	api, _, err := gen.Load(*opts)
	if err != nil {
		t.Fatal(err)
	}
	d := catalog.Describe(api)
	cut := 0
	for _, o := range []describe.Options{{MaxToolTokens: -1}, {MaxToolTokens: 150}, {MaxToolTokens: 150, Memo: toolschema.NewMemo(api)}} {
		for _, op := range api.Operations {
			got, want := d.Fit(op.Name, o), describe.Fit(api, op, describe.Options{MaxToolTokens: o.MaxToolTokens})
			if got.Cut != "" {
				cut++
			}
			if got.Description != want.Description || !bytes.Equal(got.Schema, want.Schema) || got.Tokens != want.Tokens || got.Cut != want.Cut || (got.Err == nil) != (want.Err == nil) {
				t.Errorf("%s at %d tokens: Fit gives %q %s (%d, cut %q), describe.Fit %q %s (%d, cut %q)", op.Name, o.MaxToolTokens,
					got.Description, got.Schema, got.Tokens, got.Cut, want.Description, want.Schema, want.Tokens, want.Cut)
			}
		}
	}
	if cut == 0 {
		t.Error("no definition was cut at 150 tokens: the budget tests nothing")
	}
	if f := d.Fit("noSuchTool", describe.Options{}); f.Err == nil || f.Name != "noSuchTool" {
		t.Errorf("Fit of a tool the API lacks: %+v", f)
	}
}
