package run

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/cloudwego/eino/schema"
	"github.com/eino-contrib/jsonschema"
)

// toolInfo is a tool's info with the parameters schema raw.
func toolInfo(t *testing.T, name, desc, raw string) *schema.ToolInfo {
	t.Helper()
	js := new(jsonschema.Schema)
	if err := json.Unmarshal([]byte(raw), js); err != nil {
		t.Fatal(err)
	}
	return &schema.ToolInfo{Name: name, Desc: desc, ParamsOneOf: schema.NewParamsOneOfByJSONSchema(js)}
}

// shownAs is what f shows of info: its description and its parameters
// schema as JSON.
func shownAs(t *testing.T, f func(*schema.ToolInfo) (*schema.ToolInfo, error), info *schema.ToolInfo) (desc, params string) {
	t.Helper()
	out, err := f(info)
	if err != nil {
		t.Fatal(err)
	}
	s, _ := out.ParamsOneOf.ToJSONSchema()
	b, _ := json.Marshal(s)
	return out.Desc, string(b)
}

func TestAblation(t *testing.T) {
	raw := `{"type":"object","properties":{"status":{"type":"string","description":"ticket state","enum":["open","closed"]},` +
		`"limit":{"type":"integer","minimum":1,"maximum":100,"default":20},"format":{"type":"string","pattern":"^[a-z]+$"}},"required":["status"]}`
	info := toolInfo(t, "listTickets", "List tickets.\nExample: {\"status\":\"open\"}", raw)
	shown := func(parts ...string) (string, string) {
		t.Helper()
		f, err := Ablation(parts)
		if err != nil {
			t.Fatal(err)
		}
		return shownAs(t, f, info)
	}
	desc, sch := shown(AblateExample)
	if desc != "List tickets." || !strings.Contains(sch, `"enum"`) {
		t.Errorf("example: %q %s", desc, sch)
	}
	desc, sch = shown(AblateConstraints)
	for _, gone := range []string{"enum", "minimum", "maximum", "default", "pattern"} {
		if strings.Contains(sch, `"`+gone+`"`) {
			t.Errorf("constraints: %s still has %s", sch, gone)
		}
	}
	if !strings.Contains(desc, "Example") || !strings.Contains(sch, `"format":{"type":"string"}`) || !strings.Contains(sch, `"required":["status"]`) || !strings.Contains(sch, "ticket state") {
		t.Errorf("constraints removed more than constraints: %q %s", desc, sch)
	}
	if _, sch = shown(AblateMeanings); strings.Contains(sch, "ticket state") || !strings.Contains(sch, `"enum"`) {
		t.Errorf("meanings: %s", sch)
	}
	if _, err := Ablation([]string{"examples"}); err == nil || !strings.Contains(err.Error(), "use example") {
		t.Errorf("unknown part: %v", err)
	}
	if f, err := Ablation(nil); f != nil || err != nil {
		t.Errorf("no parts: %v %v", f != nil, err)
	}
	s, _ := info.ParamsOneOf.ToJSONSchema()
	if b, _ := json.Marshal(s); !strings.Contains(string(b), `"enum"`) {
		t.Error("the original tool info was changed")
	}
}

func TestShownAddsHints(t *testing.T) {
	raw := `{"type":"object","properties":{"requester_id":{"type":"string","description":"Who asks"},` +
		`"body":{"type":"object","properties":{"owner.id":{"type":"string"}}}},"required":["requester_id"]}`
	info := toolInfo(t, "createTicket", "Create a ticket.\nExample: {}", raw)
	hints := map[string]map[string]string{"createTicket": {
		"requester_id":  "Find it with listUsers (`items[].id`).",
		"body.owner.id": "Find it with listTeams (`items[].id`).",
		"missing":       "Find it with nothing.",
	}}
	params := func(f func(*schema.ToolInfo) (*schema.ToolInfo, error)) string {
		t.Helper()
		_, sch := shownAs(t, f, info)
		return sch
	}
	f, err := Shown(hints, nil)
	if err != nil || f == nil {
		t.Fatalf("Shown: %v", err)
	}
	sch := params(f)
	for _, want := range []string{`"Who asks. Find it with listUsers (`, `"owner.id":{"description":"Find it with listTeams (`} {
		if !strings.Contains(sch, want) {
			t.Errorf("no %s in %s", want, sch)
		}
	}
	if strings.Index(sch, `"requester_id"`) > strings.Index(sch, `"body"`) {
		t.Errorf("the properties lost their order: %s", sch)
	}
	if strings.Contains(sch, "nothing") || !strings.Contains(sch, `"required":["requester_id"]`) {
		t.Errorf("hints changed more than descriptions: %s", sch)
	}
	f, _ = Shown(hints, []string{AblateHints, AblateMeanings})
	if sch = params(f); strings.Contains(sch, "Find it") || strings.Contains(sch, "Who asks") {
		t.Errorf("hints and meanings ablated: %s", sch)
	}
	if f, _ = Shown(hints, []string{AblateHints}); f != nil {
		t.Error("hints ablated and nothing else: want no rewrite")
	}
	if s, _ := info.ParamsOneOf.ToJSONSchema(); s.Properties.Len() != 2 {
		t.Error("the original tool info was changed")
	} else if b, _ := json.Marshal(s); strings.Contains(string(b), "Find it") {
		t.Error("the original tool info was changed")
	}
}

// A graph's hint takes the place of the spec's own pointer sentence for
// the same input instead of following it, so the model reads one source.
func TestShownOverReplacesSpecPointers(t *testing.T) {
	raw := `{"type":"object","properties":{"userId":{"type":"string","description":"user's id, UUID. Find it with listUsers (filter by email or q)."},` +
		`"teamId":{"type":"string","description":"team. Find it with listTeams."}}}`
	info := toolInfo(t, "listUserAssets", "", raw)
	hints := map[string]map[string]string{"listUserAssets": {"userId": "Find it with listUsers (`items[].id`)."}}
	pointers := map[string]map[string]string{"listUserAssets": {
		"userId": "Find it with listUsers (filter by email or q).",
		"teamId": "Find it with listTeams.",
	}}
	f, err := ShownOver(hints, pointers, nil)
	if err != nil {
		t.Fatal(err)
	}
	_, got := shownAs(t, f, info)
	for _, want := range []string{`"user's id, UUID. Find it with listUsers (` + "`items[].id`" + `)."`, `"team. Find it with listTeams."`} {
		if !strings.Contains(got, want) {
			t.Errorf("no %s in %s", want, got)
		}
	}
	if strings.Contains(got, "filter by email") {
		t.Errorf("the spec's pointer stayed beside the graph's hint: %s", got)
	}
}
