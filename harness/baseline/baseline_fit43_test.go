package baseline

import (
	"testing"

	"github.com/cloudwego/eino/schema"
)

// collectionTools are a media server's new collection, which takes an
// optional list of item ids, and the tool that adds items to one
// collection, which requires that collection's id.
func collectionTools() []*schema.ToolInfo {
	ids := func(req bool) *schema.ParameterInfo {
		return &schema.ParameterInfo{Type: schema.Array, Required: req, ElemInfo: &schema.ParameterInfo{Type: schema.String},
			Desc: "Item Ids to add to the collection."}
	}
	return []*schema.ToolInfo{
		{Name: "CreateCollection", Desc: "Creates a new collection.",
			ParamsOneOf: schema.NewParamsOneOfByParams(map[string]*schema.ParameterInfo{
				"name": {Type: schema.String, Desc: "The name of the collection."}, "ids": ids(false),
				"parentId": {Type: schema.String, Desc: "Create the collection within a specific folder."}})},
		{Name: "AddToCollection", Desc: "Adds items to a collection.",
			ParamsOneOf: schema.NewParamsOneOfByParams(map[string]*schema.ParameterInfo{
				"collectionId": {Type: schema.String, Required: true, Desc: "The collection id."}, "ids": ids(true)})},
	}
}

// One thing named by its id is no filter of many: a tool that would put
// the id alone in an optional list of ids, where another tool requires
// it as the one id it takes, loses oneOfManyWeight; with no such other
// tool, nothing.
func TestOneThingIsNotAFilterOfMany(t *testing.T) {
	const coll = "9b8a7c6d-5e4f-4321-a0b9-c8d7e6f5a4b3"
	request := "add 3c2b1a09-8f7e-4d6c-b5a4-938271605f4e to collection " + coll
	k := newToolkit(collectionTools())
	_, _, filled := k.pickTool(request, readUtterance(request))
	create := k.byName["CreateCollection"]
	f := filled["CreateCollection"]
	if f == nil {
		t.Fatal("CreateCollection was not filled")
	}
	if ids, ok := f.args["ids"].([]any); !ok || len(ids) != 1 || ids[0] != coll {
		t.Skipf("CreateCollection's ids are %v, not the collection alone", f.args["ids"])
	}
	if !oneOfMany(create, f, map[string]bool{coll: true}) {
		t.Errorf("the collection's id alone in CreateCollection's ids, required by AddToCollection, is not one of many")
	}
	if oneOfMany(create, f, map[string]bool{}) {
		t.Errorf("with no tool requiring it, an id alone in a list of ids is still one of many")
	}
	checkPick(t, request, "AddToCollection", collectionTools())
}
