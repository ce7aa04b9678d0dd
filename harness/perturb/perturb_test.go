package perturb

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/cloudwego/eino/schema"

	"github.com/agentready/agentready/gen/toolrt"
	"github.com/agentready/agentready/harness/cases"
)

// toolInfo is a small tool: two required described parameters, an
// optional one with examples, one without a description.
func toolInfo(t *testing.T) *schema.ToolInfo {
	t.Helper()
	js, err := toolrt.SchemaFromJSON([]byte(`{"type":"object","properties":{
		"ticketId":{"type":"string","description":"the ticket to comment on"},
		"author_id":{"type":"string","format":"uuid","description":"the user who writes it"},
		"visibility":{"type":"string","enum":["public","internal"],"description":"who sees it","examples":["public"]},
		"limit":{"type":"integer"}},
		"required":["ticketId","author_id"]}`))
	if err != nil {
		t.Fatal(err)
	}
	return &schema.ToolInfo{Name: "addComment", Desc: "Comment on a ticket.\nExample: {\"ticketId\":\"TCK-1\"}",
		ParamsOneOf: schema.NewParamsOneOfByJSONSchema(js)}
}

// props returns a tool's parameters in order, each as its schema decoded.
func props(t *testing.T, info *schema.ToolInfo) ([]string, map[string]map[string]any) {
	t.Helper()
	d, err := docOf(info)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	out := map[string]map[string]any{}
	for _, p := range d.params() {
		names = append(names, p.name)
		raw, _ := json.Marshal(p.s)
		var m map[string]any
		_ = json.Unmarshal(raw, &m)
		out[p.name] = m
	}
	return names, out
}

var pool = []Described{
	{Tool: "addComment", Param: "ticketId", Text: "the ticket to comment on"},
	{Tool: "listTeams", Param: "region", Text: "the region the team works in"},
	{Tool: "getAsset", Param: "assetId", Text: "the asset's tag, AST- and eight letters"},
}

func bindDoc(t *testing.T, code string, seed int64) *schema.ToolInfo {
	t.Helper()
	ps, err := Select([]string{code})
	if err != nil {
		t.Fatal(err)
	}
	out, err := ps[0].Bind(seed, pool).Shown(toolInfo(t))
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestToolDocPerturbations(t *testing.T) {
	original := toolInfo(t)
	_, before := props(t, original)

	_, rd := props(t, bindDoc(t, "RD", 1))
	if rd["ticketId"]["description"] != nil || rd["author_id"]["description"] != nil || rd["visibility"]["description"] != "who sees it" {
		t.Errorf("RD: %v", rd)
	}

	re := bindDoc(t, "RE", 1)
	if _, p := props(t, re); strings.Contains(re.Desc, "Example") || p["visibility"]["examples"] != nil || re.Desc != "Comment on a ticket." {
		t.Errorf("RE: desc %q, visibility %v", re.Desc, p["visibility"])
	}

	_, wd := props(t, bindDoc(t, "WD", 1))
	for name, p := range wd {
		d, _ := p["description"].(string)
		if d == "" || d == "the ticket to comment on" || d == before[name]["description"] {
			t.Errorf("WD: %s has %q, want another tool's description", name, d)
		}
	}

	_, wt := props(t, bindDoc(t, "WT", 1))
	for name, p := range wt {
		if p["type"] == before[name]["type"] || p["type"] == nil {
			t.Errorf("WT: %s is still of type %v", name, p["type"])
		}
	}

	_, sd := props(t, bindDoc(t, "SD", 1))
	var moved []string
	for name := range before {
		if sd[name]["description"] != before[name]["description"] {
			moved = append(moved, name)
		}
	}
	if len(moved) != 2 || sd[moved[0]]["description"] != before[moved[1]]["description"] || sd[moved[1]]["description"] != before[moved[0]]["description"] {
		t.Errorf("SD changed %v: %v", moved, sd)
	}

	order, co := props(t, bindDoc(t, "CO", 1))
	if strings.Join(order, ",") == "ticketId,author_id,visibility,limit" || len(co) != 4 {
		t.Errorf("CO kept the order or lost a parameter: %v", order)
	}
	// The tool the perturbations were given is untouched.
	if names, after := props(t, original); strings.Join(names, ",") != "ticketId,author_id,visibility,limit" || after["ticketId"]["description"] != "the ticket to comment on" {
		t.Errorf("the original changed: %v %v", names, after)
	}
}

func TestDeterministic(t *testing.T) {
	c := &cases.Case{ID: "c1", Args: map[string]any{"ticketId": "TCK-1078", "per_page": 25.0}}
	text := "Show 25 comments of TCK-1078."
	for _, p := range All() {
		h1, h2 := p.Bind(7, pool), p.Bind(7, pool)
		switch p.Source {
		case ToolDoc:
			a, _ := h1.Shown(toolInfo(t))
			b, _ := h2.Shown(toolInfo(t))
			ja, _ := json.Marshal(a)
			jb, _ := json.Marshal(b)
			if string(ja) != string(jb) {
				t.Errorf("%s: two applications with one seed differ", p.Code)
			}
		case Request:
			a, _ := h1.Request(c, text)
			if b, _ := h2.Request(c, text); a != b || a == text {
				t.Errorf("%s: %q and %q (from %q)", p.Code, a, b, text)
			}
		case ToolReturn:
			answer := `200 OK` + "\n" + `{"id":"TCK-1","requester_id":"u1"}`
			if a, b := h1.Returned("getTicket", answer), h2.Returned("getTicket", answer); a != b {
				t.Errorf("%s: %q and %q", p.Code, a, b)
			}
		}
	}
	// Another seed orders the parameters otherwise, for some seed.
	first, _ := props(t, bindDoc(t, "CO", 1))
	differs := false
	for seed := int64(2); seed < 20 && !differs; seed++ {
		other, _ := props(t, bindDoc(t, "CO", seed))
		differs = strings.Join(other, ",") != strings.Join(first, ",")
	}
	if !differs {
		t.Error("CO orders the parameters alike under every seed")
	}
}

func TestRequestPerturbations(t *testing.T) {
	args := map[string]any{"ticketId": "TCK-1078", "author_id": "d5860e20-3caa-46b9-ac24-92604738b040", "body": "Sorted, thanks."}
	text := "Create a comment on ticket TCK-1078 from author d5860e20-3caa-46b9-ac24-92604738b040 and saying “Sorted, thanks.”"
	if got, unsaid := RemoveFirstValue(text, args, nil); got != "Create a comment on ticket from author d5860e20-3caa-46b9-ac24-92604738b040 and saying “Sorted, thanks.”" ||
		len(unsaid) != 1 || unsaid[0] != "ticketId" {
		t.Errorf("RP_F: %q, unsaid %v", got, unsaid)
	}
	if got, unsaid := RemoveLastValue(text, args, nil); got != "Create a comment on ticket TCK-1078 from author d5860e20-3caa-46b9-ac24-92604738b040 and saying" ||
		len(unsaid) != 1 || unsaid[0] != "body" {
		t.Errorf("RP_L: %q, unsaid %v", got, unsaid)
	}
	// A value at depth is named by its path.
	if _, unsaid := RemoveFirstValue("Tag it urgent", map[string]any{"body": map[string]any{"tags": []any{"urgent"}}}, nil); len(unsaid) != 1 || unsaid[0] != "body.tags" {
		t.Errorf("RP_F at depth: unsaid %v", unsaid)
	}
	// A value inside another is not a mention of its own: 10 is not in
	// TCK-1078.
	if ms := mentions("Page 10 of TCK-1078", map[string]any{"ticketId": "TCK-1078", "page": 10.0}); len(ms) != 2 || ms[0].start != 5 {
		t.Errorf("mentions: %+v", ms)
	}
	if got, unsaid := RemoveFirstValue("List my tickets.", args, nil); got != "List my tickets." || unsaid != nil {
		t.Errorf("RP_F of a request without values: %q %v", got, unsaid)
	}

	cp, _ := ComplicateValues("Show 25 tickets created after 2026-03-01 for ana@example.com", map[string]any{
		"per_page": 25.0, "created_after": "2026-03-01", "email": "ana@example.com"}, nil)
	if cp != "Show twenty-five tickets created after March 1, 2026 for ana at example dot com" {
		t.Errorf("CP: %q", cp)
	}
	if got := numberWords(1234); got != "one thousand two hundred and thirty-four" {
		t.Errorf("numberWords: %q", got)
	}

	an, _ := AddNoise(text, args, rngFor(1, "AN", "c1"))
	if !strings.HasPrefix(an, text+" (I also have ") {
		t.Fatalf("AN: %q", an)
	}
	noise := strings.TrimPrefix(an, text)
	if strings.Contains(noise, "TCK-1078") || strings.Contains(noise, "d5860e20-3caa-46b9-ac24-92604738b040") || !strings.Contains(noise, "TCK-") {
		t.Errorf("AN added %q: want values like the request's, not the same", noise)
	}
}

func TestReturnPerturbations(t *testing.T) {
	answer := "200 OK (2 items)\n" + `{"id":"TCK-1","requester_id":"u1","serial_number":"S<1>","items":[{"id":"a","tagIds":["t1","t2"]}],"n":1.50,"ok":true,"x":null}`
	valid := func(code, s string) map[string]any {
		head, body, _ := strings.Cut(s, "\n")
		if head != "200 OK (2 items)" {
			t.Errorf("%s lost the status line: %q", code, head)
		}
		var m map[string]any
		if err := json.Unmarshal([]byte(body), &m); err != nil {
			t.Errorf("%s: not JSON: %v: %s", code, err, body)
		}
		return m
	}
	fk := FuzzKeys(answer, nil)
	if want := "200 OK (2 items)\n" + `{"Object_1":"TCK-1","Object_2":"u1","Object_3":"S<1>","Object_4":[{"Object_1":"a","Object_5":["t1","t2"]}],"Object_6":1.50,"Object_7":true,"Object_8":null}`; fk != want {
		t.Errorf("FK:\n%s\nwant\n%s", fk, want)
	}
	valid("FK", fk)
	ap := valid("AP", PrefixIDs(answer, nil))
	item := ap["items"].([]any)[0].(map[string]any)
	if ap["id"] != "ID_TCK-1" || ap["requester_id"] != "ID_u1" || ap["serial_number"] != "S<1>" || item["id"] != "ID_a" || item["tagIds"].([]any)[1] != "ID_t2" {
		t.Errorf("AP: %v", ap)
	}
	ck := valid("CK", CamelKeys(answer, nil))
	if ck["requesterId"] != "u1" || ck["serialNumber"] != "S<1>" || ck["id"] != "TCK-1" {
		t.Errorf("CK: %v", ck)
	}
	uk := valid("UK", SnakeKeys(answer, nil))
	if uk["items"].([]any)[0].(map[string]any)["tag_ids"] == nil || uk["serial_number"] != "S<1>" {
		t.Errorf("UK: %v", uk)
	}
	cf := CorruptJSON(answer, nil)
	if !strings.HasSuffix(cf, `"x":null...`) || !strings.HasPrefix(cf, "200 OK (2 items)\n") || json.Valid([]byte(strings.SplitN(cf, "\n", 2)[1])) {
		t.Errorf("CF: %q", cf)
	}
	// An answer that is not JSON reads the same, but for CF.
	text := "404 Not Found: no ticket TCK-9"
	if FuzzKeys(text, nil) != text || PrefixIDs(text, nil) != text || CamelKeys(text, nil) != text {
		t.Error("a text answer was rewritten")
	}
}

func TestSelect(t *testing.T) {
	ps, err := Select([]string{"wt", " RD", "CF"})
	if err != nil || len(ps) != 3 || ps[0].Code != "RD" || ps[1].Code != "WT" || ps[2].Code != "CF" {
		t.Fatalf("Select: %v %v", ps, err)
	}
	if _, err := Select([]string{"RX"}); err == nil || !strings.Contains(err.Error(), `no perturbation "RX": use some of RD, RE, WD`) {
		t.Errorf("Select(RX): %v", err)
	}
	if all, _ := Select(nil); len(all) != 15 {
		t.Errorf("Select(nil): %d", len(all))
	}
	for _, p := range All() {
		n := 0
		for _, set := range []bool{p.doc != nil, p.request != nil, p.result != nil} {
			if set {
				n++
			}
		}
		if n != 1 || p.About == "" || p.Name == "" {
			t.Errorf("%s: %d functions, about %q", p.Code, n, p.About)
		}
	}
}
