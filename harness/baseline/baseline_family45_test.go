package baseline

import (
	"fmt"
	"testing"

	"github.com/cloudwego/eino/schema"
)

func namedTool(name, desc string) *schema.ToolInfo {
	return &schema.ToolInfo{Name: name, Desc: desc, ParamsOneOf: schema.NewParamsOneOfByParams(map[string]*schema.ParameterInfo{})}
}

// A word of the request that no tool uses finds the tools that use a
// word of its family ("sort" for getSortableAttributes, "healthy" for
// health), as a model reads them; without the family the request shares
// no word with any tool.
func TestWordFamily(t *testing.T) {
	settings := []*schema.ToolInfo{
		namedTool("getSortableAttributes", "Get the sortable attributes of an index."),
		namedTool("getFilterableAttributes", "Get the filterable attributes of an index."),
		namedTool("getDisplayedAttributes", "Get the displayed attributes of an index."),
		namedTool("getStats", "Get the stats of all indexes."),
	}
	checkPick(t, "which fields can I sort books by", "getSortableAttributes", settings)
	checkPick(t, "which fields can I filter books on", "getFilterableAttributes", settings)
	checkPick(t, "is the server healthy?", "health", append(settings, namedTool("health", "Get the status of the instance.")))
	// A word the tools use itself keeps its own meaning: "sort" where a
	// tool is named for sorting does not reach the sortable ones.
	checkPick(t, "sort the list", "sortList", append(settings, namedTool("sortList", "Sort a list.")))
}

// An acronym the tools use names a kind of thing ("SIMs" where the tools
// speak of SIM cards), not an item to look up; one they do not use stays
// a name.
func TestUsedAcronym(t *testing.T) {
	sims := []*schema.ToolInfo{
		namedTool("SimCardsGet", "Get all SIM cards."),
		namedTool("NumbersGet", "Get all phone numbers."),
	}
	checkPick(t, "all our SIMs", "SimCardsGet", sims)
	k := newToolkit(sims)
	if at := k.read("all the phone numbers of ACME").nameTokens(); len(at) != 1 {
		t.Errorf("ACME: name tokens %v, want one", at)
	}
	if at := k.read("all our SIMs").nameTokens(); len(at) != 0 {
		t.Errorf("SIMs: name tokens %v, want none", at)
	}
	if at := readUtterance("all our SIMs").nameTokens(); len(at) != 1 {
		t.Errorf("SIMs read without tools: name tokens %v, want one", at)
	}
}

// A number said as a count of a tool's things is no identifier of one:
// "the last 5 builds" and "10 most recent builds" give build_num
// nothing, "build 5" gives it 5.
func TestCountIsNoIdentifier(t *testing.T) {
	info := &schema.ToolInfo{Name: "getBuild", Desc: "Get one build.", ParamsOneOf: schema.NewParamsOneOfByParams(map[string]*schema.ParameterInfo{
		"build_num": {Type: schema.Integer, Desc: "The number of the build.", Required: true},
	})}
	k := newToolkit([]*schema.ToolInfo{info})
	tool := k.byName["getBuild"]
	for request, want := range map[string]any{
		"the last 5 builds":      nil,
		"10 most recent builds":  nil,
		"show me build 5":        5,
		"build 12 and its steps": 12,
	} {
		got, ok := fill(tool, k.read(request), nil).args["build_num"]
		if want == nil && ok || want != nil && fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("%q: build_num %v (set %v), want %v", request, got, ok, want)
		}
	}
}
