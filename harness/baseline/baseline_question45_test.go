package baseline

import (
	"testing"

	"github.com/cloudwego/eino/schema"
)

// A question asks to read: a tool that changes something costs more for
// "what's the jql behind the 'Hot bugs' filter" than for the same words
// said as a statement, which may still be a terse order; a tool named
// for what it reads (a plural noun) costs no more.
func TestQuestionChangesNothing(t *testing.T) {
	tools := []*schema.ToolInfo{
		{Name: "createFilter", Desc: "Create filter. filter is shared according to default share scope\nExample: {\"name\":\"All Open Bugs\"}",
			ParamsOneOf: schema.NewParamsOneOfByParams(map[string]*schema.ParameterInfo{
				"name": {Type: schema.String, Required: true}, "jql": {Type: schema.String}})},
		{Name: "getFiltersPaginated", Desc: "Search for filters. Returns paginated list of filters",
			ParamsOneOf: schema.NewParamsOneOfByParams(map[string]*schema.ParameterInfo{
				"filterName": {Type: schema.String, Desc: "String used to perform case-insensitive partial match with name"}})},
	}
	k := newToolkit(tools)
	gap := func(request string) float64 {
		hits, _, _ := k.pickTool(request, k.read(request))
		score := map[string]float64{}
		for _, h := range hits {
			score[h.Name] = h.Score
		}
		return score["createFilter"] - score["getFiltersPaginated"]
	}
	question, statement := gap("what's the jql behind the 'Hot bugs' filter?"), gap("the jql behind the 'Hot bugs' filter")
	if question > statement-0.5 {
		t.Errorf("createFilter leads by %.2f for the question, %.2f for the statement: want the question to cost it more", question, statement)
	}
	if !pluralNamed("ContainerChanges") || pluralNamed("createFilter") {
		t.Errorf("pluralNamed: ContainerChanges %v, createFilter %v", pluralNamed("ContainerChanges"), pluralNamed("createFilter"))
	}
}
