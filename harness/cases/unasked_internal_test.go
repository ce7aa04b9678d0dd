package cases

import (
	"testing"

	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/gen/toolschema"
)

// Inputs that steer how a call travels are unasked; filters, limits,
// sorts and the values of the thing are not, whatever their names share
// with the unasked ones.
func TestUnasked(t *testing.T) {
	api := &ir.API{}
	str := &ir.Schema{Kind: ir.KindString}
	boolean := &ir.Schema{Kind: ir.KindBoolean}
	integer := &ir.Schema{Kind: ir.KindInteger}
	query := func(name string, s *ir.Schema, desc string) toolschema.Arg {
		return toolschema.Arg{Name: name, Schema: s, Description: desc, Param: &ir.Param{Name: name, In: ir.InQuery}}
	}
	body := func(name string, s *ir.Schema, desc string) toolschema.Arg {
		return toolschema.Arg{Name: name, Schema: s, Description: desc, Property: &ir.Property{Name: name}}
	}
	header := toolschema.Arg{Name: "If-None-Match", Schema: str, Param: &ir.Param{Name: "If-None-Match", In: ir.InHeader}}
	deprecated := query("legacy", boolean, "Whether to use the old layout.")
	deprecated.Param.Deprecated = true
	for _, tc := range []struct {
		arg  toolschema.Arg
		want bool
	}{
		{query("starting_after", str, "A cursor for use in pagination."), true},
		{query("continue", str, "The continue option should be set when retrieving more results from the server."), true},
		{query("offset", str, "An offset to the next page returned by the API. A pagination request will return an offset token."), true},
		{query("pretty", str, "If 'true', then the output is pretty printed."), true},
		{query("opt_pretty", boolean, "Provides pretty output."), true},
		{query("opt_fields", str, "Properties to include in the response."), true},
		{query("expand", str, "Use expand to include additional information in the response."), true},
		{query("watch", boolean, "Watch for changes to the described resources and return them as a stream of add, update, and remove notifications."), true},
		{query("resourceVersion", str, "Shows changes that occur after that particular version of a resource."), true},
		{query("timeoutSeconds", integer, "Timeout for the list/watch call."), true},
		{query("dryRun", str, "When present, indicates that modifications should not be persisted."), true},
		{query("exact", boolean, "Should the export be exact. Deprecated. Planned for removal."), true},
		{deprecated, true},
		{header, true},
		// What a person asks for.
		{query("limit", integer, "The number of results to return; use the continue token for more."), false},
		{query("offset", integer, "The index of the first item to return."), false},
		{query("labelSelector", str, "A selector to restrict the list of returned objects by their labels."), false},
		{query("state", str, "Either open or closed."), false},
		{query("sort", str, "What to sort results by."), false},
		{body("timeout_minutes", integer, "How long the job may run."), false},
		{body("fields", str, "Custom fields of the ticket."), false},
		{query("follow_redirects", boolean, "Whether to follow redirects."), false},
	} {
		got := unasked(api, tc.arg)
		if (got != "") != tc.want {
			t.Errorf("%s: unasked = %q, want unasked %v", tc.arg.Name, got, tc.want)
		}
	}
	req := query("cursor", str, "A cursor.")
	req.Required = true
	if got := unasked(api, req); got != "" {
		t.Errorf("a required input is asked for, got %q", got)
	}
}
