package baseline

import (
	"slices"
	"testing"

	"github.com/cloudwego/eino/schema"
	"github.com/eino-contrib/jsonschema"
)

// A camel-case name that starts with id names the thing it identifies
// after it (idList is the list's id), as list_id does; idOrName, identity
// and idle do not.
func TestIDFirstNames(t *testing.T) {
	for name, want := range map[string][]string{
		"idList": {"list"}, "idBoard": {"board"}, "idsMembers": {"member"},
		"idOrName": {"id", "or", "nam"}, "identity": {"identity"}, "idle": {"idl"},
	} {
		p := readParam(name, &jsonschema.Schema{Type: "string"})
		if !slices.Equal(p.stems, want) {
			t.Errorf("readParam(%q).stems = %v, want %v", name, p.stems, want)
		}
		if byID := len(want) == 1 && name != "identity" && name != "idle"; p.ident != byID {
			t.Errorf("readParam(%q).ident = %v, want %v", name, p.ident, byID)
		}
	}
}

// trelloTools are tools named as Trello names them, without
// descriptions: the ids are idCard and idList, and a card takes a "list"
// flag documented as " true or false".
func trelloTools() []*schema.ToolInfo {
	id := func(name string) *schema.ParameterInfo {
		return &schema.ParameterInfo{Type: schema.String, Desc: name, Required: true}
	}
	flag := &schema.ParameterInfo{Type: schema.String, Desc: " true or false"}
	fields := &schema.ParameterInfo{Type: schema.String, Desc: "all or a comma-separated list of: closed, idBoard, name, pos or subscribed"}
	return []*schema.ToolInfo{
		{Name: "getCardsByIdCard", ParamsOneOf: schema.NewParamsOneOfByParams(map[string]*schema.ParameterInfo{"idCard": id("card id or shortlink"), "list": flag})},
		{Name: "getListsCardsByIdList", ParamsOneOf: schema.NewParamsOneOfByParams(map[string]*schema.ParameterInfo{"idList": id("idList")})},
		{Name: "getCardsListByIdCard", ParamsOneOf: schema.NewParamsOneOfByParams(map[string]*schema.ParameterInfo{"idCard": id("card id or shortlink"), "fields": fields})},
		{Name: "getListsByIdList", ParamsOneOf: schema.NewParamsOneOfByParams(map[string]*schema.ParameterInfo{"idList": id("idList"), "fields": fields})},
	}
}

// A value said right after the noun of a thing ("card Xq3pL9aB") is
// that thing's: a tool that could only put it in another thing's id
// (idList) has it misplaced, and one that identifies the thing is
// preferred; a word before the noun that names the argument's thing
// keeps it ("recording file rec-5b" is a recording's).
func TestValueOfAnotherThing(t *testing.T) {
	tools := trelloTools()
	k := newToolkit(tools)
	request := "show card Xq3pL9aB"
	u := readUtterance(request)
	lists := k.byName["getListsCardsByIdList"]
	if got := k.misplaced(lists, fill(lists, u, nil), u); !slices.Equal(got, []string{"idList"}) {
		t.Errorf("misplaced(getListsCardsByIdList, %q) = %v, want [idList]", request, got)
	}
	checkPick(t, request, "getCardsByIdCard", tools)
	checkPick(t, "cards in list 60d5ec49a1b2c3d4e5f60718", "getListsCardsByIdList", tools)

	rec := []*schema.ToolInfo{
		{Name: "recordingDeleteOne", ParamsOneOf: schema.NewParamsOneOfByParams(map[string]*schema.ParameterInfo{
			"recordingId": {Type: schema.String, Required: true}, "meetingId": {Type: schema.String, Required: true}})},
		{Name: "fileGet", ParamsOneOf: schema.NewParamsOneOfByParams(map[string]*schema.ParameterInfo{"fileId": {Type: schema.String, Required: true}})},
	}
	k = newToolkit(rec)
	request = "delete just the recording file rec-5b of meeting 81234567890"
	u = readUtterance(request)
	one := k.byName["recordingDeleteOne"]
	if got := k.misplaced(one, fill(one, u, nil), u); len(got) > 0 {
		t.Errorf("misplaced(recordingDeleteOne, %q) = %v, want none", request, got)
	}
}

// An identifier is no value of an argument whose description lists the
// values it takes ("One of: ...", "all or a comma-separated list of:",
// " true or false"); a description that lists kinds of things
// ("Channel, private group, or IM channel") still takes one.
func TestIdentifierNotAListedValue(t *testing.T) {
	tools := trelloTools()
	k := newToolkit(tools)
	u := readUtterance("first cards in list 60d5ec49a1b2c3d4e5f60718")
	f := fill(k.byName["getCardsByIdCard"], u, nil)
	if v, ok := f.args["list"]; ok {
		t.Errorf("getCardsByIdCard's list flag took %v", v)
	}
	u = readUtterance("the list of card Xq3pL9aB")
	f = fill(k.byName["getCardsListByIdCard"], u, nil)
	if v, ok := f.args["fields"]; ok {
		t.Errorf("getCardsListByIdCard's fields took %v", v)
	}
	post := &schema.ToolInfo{Name: "chat_postMessage", ParamsOneOf: schema.NewParamsOneOfByParams(map[string]*schema.ParameterInfo{
		"channel": {Type: schema.String, Desc: "Channel, private group, or IM channel to send message to", Required: true},
		"text":    {Type: schema.String, Desc: "The message text"}})}
	u = readUtterance("post 'deploy done' in C024BE91L")
	if f := fill(readTool(post), u, nil); f.args["channel"] != "C024BE91L" {
		t.Errorf("chat_postMessage's channel = %v, want C024BE91L", f.args["channel"])
	}
}
