package baseline_test

import (
	"testing"

	"github.com/cloudwego/eino/schema"
)

// A number written onto a word ("IPv6", "HTTP/2", "v2") is an integer
// argument's enum value when the word's letters are a word of the
// argument's name or description; a bare number or a word the argument
// does not speak of sets nothing.
func TestEnumNumberWrittenOntoAWord(t *testing.T) {
	prefixes := toolDef(t, "listPrefixes", "List IP prefixes",
		`{"type":"object","properties":{
			"family":{"type":"integer","enum":[4,6],"description":"IP address family"},
			"site":{"type":"string","description":"Site (slug)"}}}`)
	checkArg(t, prefixes, "list the IPv6 prefixes at site ams1", "family", 6.0)
	checkArg(t, prefixes, "which ipv4 prefixes do we have", "family", 4.0)
	checkArg(t, prefixes, "prefixes at site ams6", "family", nil)
	checkArg(t, prefixes, "list the prefixes at site ams1", "family", nil)
	hooks := toolDef(t, "listHooks", "List webhooks",
		`{"type":"object","properties":{
			"version":{"type":"integer","enum":[1,2],"description":"Payload version"}}}`)
	checkArg(t, hooks, "show the v2 webhooks", "version", 2.0)
	checkArg(t, hooks, "show the webhooks of team x2", "version", nil)
}

// A prefix length in CIDR notation ("a /26", "/24 subnets") fills an
// integer argument whose name or description speaks of a prefix or mask
// length; no other integer takes it.
func TestPrefixLengthInCIDRNotation(t *testing.T) {
	prefixes := toolDef(t, "listPrefixes", "List IP prefixes",
		`{"type":"object","properties":{
			"mask_length":{"type":"integer","description":"Prefix length"},
			"limit":{"type":"integer","description":"Number of results to return per page."}}}`)
	checkArg(t, prefixes, "which /26 subnets do we have?", "mask_length", 26.0)
	checkArg(t, prefixes, "list every /24", "mask_length", 24.0)
	checkArg(t, prefixes, "which /26 subnets do we have?", "limit", nil)
	pages := toolDef(t, "listPages", "List pages",
		`{"type":"object","properties":{"limit":{"type":"integer","description":"Number of results"}}}`)
	checkArg(t, pages, "list the pages under /26", "limit", nil)
}

// A request body that is one of several objects is filled as a model
// fills it: with the fields of the branch the request speaks of.
func TestBodyOfSeveralShapes(t *testing.T) {
	rules := toolDef(t, "addOrDeleteRules", "Add or delete rules from the active rule set",
		`{"type":"object","properties":{"body":{"anyOf":[
			{"type":"object","properties":{"add":{"type":"array","items":{"type":"object","properties":{"value":{"type":"string"},"tag":{"type":"string"}},"required":["value"]}}},"required":["add"]},
			{"type":"object","properties":{"delete":{"type":"object","properties":{"ids":{"type":"array","items":{"type":"string"}}}}},"required":["delete"]}]}},
			"required":["body"]}`)
	got := callOf(t, firstCall(t, []*schema.ToolInfo{rules}, "delete the rules with ids 1165037377523306498 and 1165037377523306499"))
	body, _ := got.Args["body"].(map[string]any)
	if _, ok := body["delete"].(map[string]any); !ok {
		t.Errorf("body = %v, want the delete branch (call %s)", got.Args["body"], got)
	}
}
