package baseline

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/cloudwego/eino/schema"
	"github.com/eino-contrib/jsonschema"
)

// jsonTool is a tool definition with its parameters written as JSON
// Schema, as a model receives them.
func jsonTool(t *testing.T, name, desc, params string) *schema.ToolInfo {
	t.Helper()
	var js jsonschema.Schema
	if err := json.Unmarshal([]byte(params), &js); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return &schema.ToolInfo{Name: name, Desc: desc, ParamsOneOf: schema.NewParamsOneOfByJSONSchema(&js)}
}

// fillArgs is what the baseline's passes give tool (one of tools) for
// request.
func fillArgs(t *testing.T, tools []*schema.ToolInfo, tool, request string) map[string]any {
	t.Helper()
	k := newToolkit(tools)
	spec := k.byName[tool]
	if spec == nil {
		t.Fatalf("no tool %s", tool)
	}
	return fill(spec, k.read(request), nil).args
}

// A verb of change the verb table has no class for ("deactivate",
// "reboot", "email") orders something done: the tool that only reads
// the thing loses. Before a plural the word names which things ("deploy
// keys"), and the request reads.
func TestUnknownChangeVerb(t *testing.T) {
	users := []*schema.ToolInfo{
		jsonTool(t, "GetUsersId", "Show User", `{"type":"object","properties":{"id":{"type":"integer","description":"User ID."}},"required":["id"]}`),
		jsonTool(t, "PatchUsersId", "Update User", `{"type":"object","properties":{"id":{"type":"integer","description":"User ID."},"name":{"type":"string"}},"required":["id"]}`),
	}
	checkPick(t, "deactivate user 4412, she left the company", "PatchUsersId", users)
	checkPick(t, "show user 4412", "GetUsersId", users)
	invoices := []*schema.ToolInfo{
		jsonTool(t, "GetInvoices", "List all invoices", `{"type":"object","properties":{"customer":{"type":"string"}}}`),
		jsonTool(t, "PostInvoicesInvoiceSend", "Send an invoice for manual payment", `{"type":"object","properties":{"invoice":{"type":"string"}},"required":["invoice"]}`),
	}
	checkPick(t, "email in_1PqR8sLmN4pR7sXyZ0aBc to the customer", "PostInvoicesInvoiceSend", invoices)
	for request, want := range map[string]string{
		"deactivate user 4412":     "change",
		"reboot db-primary":        "change",
		"deploy keys on acme/web":  "read",
		"email in_1Pq to customer": "change",
		"last 5 builds":            "read",
	} {
		if got, _ := requestVerb(readUtterance(request)); got != want {
			t.Errorf("%q: request verb %q, want %q", request, got, want)
		}
	}
}

// The name of the tool's own object and the container it is in, both
// required: "X in payments" is the namespace payments and the thing X,
// and "the stripe-key secret" names the secret, not its namespace.
func TestNameAndContainer(t *testing.T) {
	params := `{"type":"object","properties":{
		"name":{"type":"string","description":"name of the %s"},
		"namespace":{"type":"string","description":"object name and auth scope, such as for teams and projects"},
		"tailLines":{"type":"integer","description":"If set, the number of lines from the end of the logs to show."}},
		"required":["namespace","name"]}`
	logs := jsonTool(t, "readCoreV1NamespacedPodLog", "read log of the specified Pod", fmt.Sprintf(params, "Pod"))
	secret := jsonTool(t, "deleteCoreV1NamespacedSecret", "delete a Secret", fmt.Sprintf(params, "Secret"))
	for _, c := range []struct {
		tool                  *schema.ToolInfo
		request, name, nsWant string
	}{
		{logs, "last 100 lines of logs from checkout-7d9f8c6b5-x2kqp in payments", "checkout-7d9f8c6b5-x2kqp", "payments"},
		{secret, "drop the stripe-key secret in payments", "stripe-key", "payments"},
	} {
		args := fillArgs(t, []*schema.ToolInfo{c.tool}, c.tool.Name, c.request)
		if args["name"] != c.name || args["namespace"] != c.nsWant {
			t.Errorf("%q: name %v, namespace %v; want %s in %s", c.request, args["name"], args["namespace"], c.name, c.nsWant)
		}
	}
}

// What a value written with 's is said to have is the head of the words
// after it ("artist X's most popular songs": songs), and a tool names it
// by a synonym too (tracks).
func TestPossessedHeadBySynonym(t *testing.T) {
	id := `{"type":"object","properties":{"id":{"type":"string","description":"The Spotify ID of the artist."}},"required":["id"]}`
	artists := []*schema.ToolInfo{
		jsonTool(t, "get-an-artist", "Get an artist's catalog information.", id),
		jsonTool(t, "get-an-artists-top-tracks", "Get an artist's top tracks by country.", id),
	}
	checkPick(t, "artist 0OdUWJ0sBjDrqHygGUXeCF's most popular songs", "get-an-artists-top-tracks", artists)
	if got := readUtterance("artist 0OdUWJ0sBjDrqHygGUXeCF's most popular songs").possessedThing(); got != "songs" {
		t.Errorf("possessedThing = %q, want songs", got)
	}
}

// A task tool as Asana writes it: dates with a format, an enum whose
// values include "new", a name and notes.
func taskTools(t *testing.T) []*schema.ToolInfo {
	data := `"data":{"type":"object","properties":{
		"name":{"type":"string"},
		"notes":{"type":"string","description":"Free-form textual information associated with task"},
		"assignee_status":{"type":"string","enum":["today","upcoming","later","new","inbox"]},
		"due_at":{"type":["string","null"],"format":"date","description":"UTC date and time on which this task is due, or null if the task has no due time"},
		"due_on":{"type":["string","null"],"format":"date","description":"localized date on which this task is due, or null if the task has no due date"},
		"workspace":{"type":"string"}}}`
	return []*schema.ToolInfo{
		jsonTool(t, "createTask", "Create a task", `{"type":"object","properties":{`+data+`}}`),
		jsonTool(t, "updateTask", "Update a task", `{"type":"object","properties":{"task_gid":{"type":"string","description":"task to operate on"},`+data+`},"required":["task_gid"]}`),
	}
}

// A new task's quoted name goes into its name, "new" sets no status,
// a day goes to the date field before the date-and-time one, and a
// date never takes a word its description happens to say ("is due, or
// null").
func TestNewTaskValues(t *testing.T) {
	tools := taskTools(t)
	args := fillArgs(t, tools, "createTask", "new task 'Renew SSL cert' in workspace 1199887766554433, due 2026-12-01")
	if args["data.name"] != "Renew SSL cert" || args["data.due_on"] != "2026-12-01" || args["data.assignee_status"] != nil || args["data.due_at"] != nil {
		t.Errorf("createTask args = %v, want name 'Renew SSL cert', due_on 2026-12-01 and no status or due_at", args)
	}
	args = fillArgs(t, tools, "updateTask", "push the due date of 1204417891234567 to dec 15 2026")
	for _, f := range []string{"data.due_on", "data.due_at"} {
		if v, ok := args[f]; ok && v != "2026-12-15" {
			t.Errorf("updateTask %s = %v, want 2026-12-15 or nothing", f, v)
		}
	}
}

// The verb that orders a thing made says its name follows, as "a new"
// does: "add customer Dana Ruiz".
func TestNameAfterCreateVerb(t *testing.T) {
	customers := jsonTool(t, "PostCustomers", "Create a customer", `{"type":"object","properties":{
		"email":{"type":"string","description":"Customer's email address."},
		"name":{"type":"string","description":"The customer's full name or business name."}}}`)
	args := fillArgs(t, []*schema.ToolInfo{customers}, "PostCustomers", "add customer Dana Ruiz, dana@ruiz.co")
	if args["name"] != "Dana Ruiz" || args["email"] != "dana@ruiz.co" {
		t.Errorf("args = %v, want name Dana Ruiz and email dana@ruiz.co", args)
	}
}

// "deactivated" undoes what "active" says, and a switch said as written
// wins over one that shares only the stem ("blocked": is_blocked, not
// is_blocking).
func TestSwitchForms(t *testing.T) {
	products := jsonTool(t, "GetProducts", "List all products", `{"type":"object","properties":{
		"active":{"type":"boolean","description":"Only return products that are active or inactive."}}}`)
	if args := fillArgs(t, []*schema.ToolInfo{products}, "GetProducts", "products we deactivated"); args["active"] != false {
		t.Errorf("products we deactivated: active = %v, want false", args["active"])
	}
	if args := fillArgs(t, []*schema.ToolInfo{products}, "GetProducts", "the details of each product"); args["active"] != nil {
		t.Errorf("the details of each product: active = %v, want nothing", args["active"])
	}
	search := jsonTool(t, "searchTasksForWorkspace", "Search tasks in a workspace", `{"type":"object","properties":{
		"workspace_gid":{"type":"string"},
		"is_blocking":{"type":"boolean","description":"Filter to incomplete tasks with dependents"},
		"is_blocked":{"type":"boolean","description":"Filter to tasks with incomplete dependencies"}},"required":["workspace_gid"]}`)
	args := fillArgs(t, []*schema.ToolInfo{search}, "searchTasksForWorkspace", "blocked tasks in workspace 1199887766554433")
	if args["is_blocked"] != true || args["is_blocking"] != nil {
		t.Errorf("blocked tasks: %v, want is_blocked alone", args)
	}
}

// An order the verb table has no class for may need a list first (the
// promotion code's ID by its code), and deletes nothing unless it says
// so: the list keeps its place, the delete loses.
func TestUnknownChangeVerbKeepsListsAndSparesDeletes(t *testing.T) {
	coupons := []*schema.ToolInfo{
		jsonTool(t, "GetCouponsCoupon", "Retrieve a coupon", `{"type":"object","properties":{"coupon":{"type":"string","description":"The coupon's ID."}},"required":["coupon"]}`),
		jsonTool(t, "GetCoupons", "List coupons", `{"type":"object","properties":{"name":{"type":"string","description":"Only return coupons with this name."}}}`),
	}
	k := newToolkit(coupons)
	hits, _, _ := k.pickTool("deactivate coupon SUMMER25", k.read("deactivate coupon SUMMER25"))
	scores := map[string]float64{}
	for _, h := range hits {
		scores[h.Name] = h.Score
	}
	hits, _, _ = k.pickTool("coupon SUMMER25", k.read("coupon SUMMER25"))
	for _, h := range hits {
		if h.Name == "GetCoupons" && scores["GetCoupons"] < h.Score-0.5 {
			t.Errorf("GetCoupons scores %.2f for the change, %.2f for the read: the list should keep its place", scores["GetCoupons"], h.Score)
		}
		if h.Name == "GetCouponsCoupon" && scores["GetCouponsCoupon"] > h.Score-0.8 {
			t.Errorf("GetCouponsCoupon scores %.2f for the change, %.2f for the read: the one thing's read should lose", scores["GetCouponsCoupon"], h.Score)
		}
	}
	coupon := `{"type":"object","properties":{"coupon":{"type":"string","description":"The coupon's ID."}},"required":["coupon"]}`
	checkPick(t, "deactivate coupon SUMMER25", "updateCoupon", []*schema.ToolInfo{
		jsonTool(t, "deleteCoupon", "Delete a coupon", coupon),
		jsonTool(t, "updateCoupon", "Update a coupon", coupon),
	})
}

// A type written as the API names its types, one token before the things
// listed ("invoice.payment_failed events"), goes to the one argument for
// the things' type, the one that takes one value before the list.
func TestTypeNameBeforeThings(t *testing.T) {
	events := jsonTool(t, "GetEvents", "List events", `{"type":"object","properties":{
		"types":{"type":"array","items":{"type":"string"},"description":"array of up to 20 strings containing specific event names"},
		"type":{"type":"string","description":"A string containing a specific event name."}}}`)
	args := fillArgs(t, []*schema.ToolInfo{events}, "GetEvents", "recent invoice.payment_failed events")
	if args["type"] != "invoice.payment_failed" || args["types"] != nil {
		t.Errorf("args = %v, want type invoice.payment_failed alone", args)
	}
}

// A new name ends where another order starts: "rename X to Road Trip and
// let friends add songs" names it Road Trip.
func TestRenameStopsAtNextOrder(t *testing.T) {
	details := jsonTool(t, "change-playlist-details", "Change a playlist's name and public/private state.", `{"type":"object","properties":{
		"playlist_id":{"type":"string"},
		"name":{"type":"string","description":"The new name for the playlist"}},"required":["playlist_id"]}`)
	for request, want := range map[string]string{
		"rename playlist 37i9dQZF1DXcBWIGoYBM5M to Road Trip and let friends add songs": "Road Trip",
		"rename playlist 37i9dQZF1DXcBWIGoYBM5M to Rock and Roll":                       "Rock and Roll",
	} {
		if got := fillArgs(t, []*schema.ToolInfo{details}, "change-playlist-details", request)["name"]; got != want {
			t.Errorf("%q: name %v, want %s", request, got, want)
		}
	}
}

// A key=value pair after a word of selecting goes to the argument that
// selects by it: "pods labelled app=checkout" is a label selector, not a
// field selector nor a namespace.
func TestKeyValueSelectors(t *testing.T) {
	pods := jsonTool(t, "listCoreV1NamespacedPod", "list or watch objects of kind Pod", `{"type":"object","properties":{
		"namespace":{"type":"string","description":"object name and auth scope, such as for teams and projects"},
		"labelSelector":{"type":"string","description":"A selector to restrict the list of returned objects by their labels."},
		"fieldSelector":{"type":"string","description":"A selector to restrict the list of returned objects by their fields."}},"required":["namespace"]}`)
	for request, want := range map[string]map[string]any{
		"pods labelled app=checkout in payments":           {"labelSelector": "app=checkout", "namespace": "payments"},
		"pods in payments with label tier=web":             {"labelSelector": "tier=web", "namespace": "payments"},
		"pods in payments with field status.phase=Running": {"fieldSelector": "status.phase=Running", "namespace": "payments"},
	} {
		args := fillArgs(t, []*schema.ToolInfo{pods}, "listCoreV1NamespacedPod", request)
		for k, v := range want {
			if args[k] != v {
				t.Errorf("%q: %s = %v, want %v (args %v)", request, k, args[k], v, args)
			}
		}
	}
}

// "newest created first" where the direction is a switch for ascending
// (sort_ascending, false by default) still names the field to sort on.
func TestTimeFieldWithAscendingSwitch(t *testing.T) {
	search := jsonTool(t, "searchTasksForWorkspace", "Search tasks in a workspace", `{"type":"object","properties":{
		"workspace_gid":{"type":"string"},
		"text":{"type":"string","description":"Performs full-text search on both task name and description"},
		"sort_by":{"type":"string","enum":["due_date","created_at","completed_at","likes","modified_at"],"description":"One of due_date, created_at, completed_at, likes, or modified_at, defaults to modified_at"},
		"sort_ascending":{"type":"boolean","description":"Default false"}},"required":["workspace_gid"]}`)
	args := fillArgs(t, []*schema.ToolInfo{search}, "searchTasksForWorkspace", "search 1199887766554433 for tasks mentioning invoice, newest created first")
	if args["sort_by"] != "created_at" || args["sort_ascending"] != nil {
		t.Errorf("args = %v, want sort_by created_at and no sort_ascending", args)
	}
}

// The values a shortened description lists after "values", with what
// each means, are values the request can name by that meaning.
func TestValuesListedWithMeanings(t *testing.T) {
	top := jsonTool(t, "get-users-top-artists-and-tracks", "Get User's Top Items", `{"type":"object","properties":{
		"type":{"type":"string","enum":["artists","tracks"]},
		"time_range":{"type":"string","description":"Over what time frame affinities are computed. values long_term (calculated from several years), medium_term (approximately last 6 months), short_term (approximately last 4 weeks)","default":"medium_term"},
		"limit":{"type":"integer"}},"required":["type"]}`)
	args := fillArgs(t, []*schema.ToolInfo{top}, top.Name, "my top 10 tracks of the last 4 weeks or so")
	if args["time_range"] != "short_term" || args["type"] != "tracks" {
		t.Errorf("args = %v, want time_range short_term for tracks", args)
	}
}

// An enum value said by a word that means the same is said ("the
// dashboards I've starred": favourite); a state is not ("builds" says
// no running), nor are the things the tool lists.
func TestEnumBySynonym(t *testing.T) {
	dashboards := jsonTool(t, "getAllDashboards", "Get all dashboards", `{"type":"object","properties":{
		"filter":{"type":"string","enum":["my","favourite"]},
		"maxResults":{"type":"integer"}}}`)
	if args := fillArgs(t, []*schema.ToolInfo{dashboards}, dashboards.Name, "show the dashboards i've starred"); args["filter"] != "favourite" {
		t.Errorf("dashboards i've starred: filter = %v, want favourite", args["filter"])
	}
	builds := jsonTool(t, "getProjectBuilds", "Recent builds for a single project", `{"type":"object","properties":{
		"project":{"type":"string"},
		"filter":{"type":"string","enum":["completed","successful","failed","running"]},
		"limit":{"type":"integer"}},"required":["project"]}`)
	if args := fillArgs(t, []*schema.ToolInfo{builds}, builds.Name, "last 5 builds of billing-api"); args["filter"] != nil {
		t.Errorf("last 5 builds: filter = %v, want nothing", args["filter"])
	}
}
