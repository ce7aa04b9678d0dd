package baseline_test

import (
	"testing"

	"github.com/cloudwego/eino/schema"
)

// Values a model reads without being told the argument's name: a date a
// description formats as YYYY-MM-DD, at its end of a range; an IP
// address for an argument named ip; "50 a page" as a page size; the
// same email for every email argument a tool requires, and for one
// described as "user ID or email address"; a region's code after "in"
// or "into"; "called" for a label; "rename X to Y"; the name after the
// thing's noun ("pool transactional" for pool_name); "starting with" for
// a prefix.
func TestArgs18Rules(t *testing.T) {
	stats := toolDef(t, "getStats", "Retrieve global email statistics.",
		`{"type":"object","properties":{
			"limit":{"type":"integer","description":"The number of results to return."},
			"start_date":{"type":"string","description":"The starting date of the statistics to retrieve. Must follow format YYYY-MM-DD."},
			"end_date":{"type":"string","description":"The end date of the statistics to retrieve. Defaults to today. Must follow format YYYY-MM-DD."}},
			"required":["start_date"]}`)
	// As a tool listing shows it when descriptions are cut to fit: the
	// name and the example say date.
	bare := toolDef(t, "getGeoStats", "Retrieve email statistics by country.\nExample: {\"start_date\":\"2024-01-15\"}",
		`{"type":"object","properties":{"start_date":{"type":"string"},"end_date":{"type":"string"}},"required":["start_date"]}`)
	warmup := toolDef(t, "startWarmup", "Start warming up an IP address.",
		`{"type":"object","properties":{"ip":{"type":"string","description":"The IP address that you want to begin warming up."}}}`)
	volumes := toolDef(t, "getVolumes", "Volumes List.",
		`{"type":"object","properties":{"page":{"type":"integer"},"page_size":{"type":"integer"}}}`)
	spam := toolDef(t, "getSpamReports", "Retrieve all spam reports.",
		`{"type":"object","properties":{"limit":{"type":"integer"},"offset":{"type":"integer"}}}`)
	bounce := toolDef(t, "deleteBounce", "Delete a bounce.",
		`{"type":"object","properties":{"email":{"type":"string"},
			"email_address":{"type":"string","description":"The email address you would like to remove from the bounce list."}},
			"required":["email","email_address"]}`)
	member := toolDef(t, "addGroupMember", "Add a member to a group.",
		`{"type":"object","properties":{"group_id":{"type":"string"},
			"user_key":{"type":"string","description":"The user ID or email address of the member."}},
			"required":["group_id","user_key"]}`)
	volume := toolDef(t, "createVolume", "Volume Create.",
		`{"type":"object","properties":{"label":{"type":"string","description":"The Volume's label."},
			"region":{"type":"string","description":"The Region to deploy this Volume in."},
			"size":{"type":"integer","description":"The initial size of this volume, in GB."}},"required":["label"]}`)
	tag := toolDef(t, "createTag", "New Tag Create.",
		`{"type":"object","properties":{"label":{"type":"string","description":"The new Tag."}},"required":["label"]}`)
	list := toolDef(t, "updateList", "Update List.",
		`{"type":"object","properties":{"id":{"type":"string"},"name":{"type":"string","description":"Your name for your list."}},"required":["id"]}`)
	pool := toolDef(t, "getPool", "Retrieve all the IPs in a specified pool.",
		`{"type":"object","properties":{"pool_name":{"type":"string","description":"The name of the IP pool that you want to retrieve the IP addresses for."}},"required":["pool_name"]}`)
	user := toolDef(t, "getUser", "User View.",
		`{"type":"object","properties":{"username":{"type":"string","description":"The username to look up."}},"required":["username"]}`)
	categories := toolDef(t, "getCategories", "Retrieve all categories.",
		`{"type":"object","properties":{"category":{"type":"string","description":"Allows you to perform a prefix search on this particular category."}}}`)
	memberships := toolDef(t, "get_groups_id_memberships", "List members of group.",
		`{"type":"object","properties":{"group_id":{"type":"string","description":"The ID of the group."},
			"limit":{"type":"integer"},"page":{"type":"integer"}},"required":["group_id"]}`)
	link := toolDef(t, "get_web_links_id", "Get web link.",
		`{"type":"object","properties":{"web_link_id":{"type":"string","description":"The ID of the web link."}},"required":["web_link_id"]}`)
	linodeType := toolDef(t, "getLinodeType", "Type View.",
		`{"type":"object","properties":{"typeId":{"type":"string","description":"The ID of the Linode Type to look up."}},"required":["typeId"]}`)
	snapshot := toolDef(t, "volumeSnapshots_create", "Create Snapshot from a Volume.",
		`{"type":"object","properties":{"volume_id":{"type":"string","format":"uuid"},"name":{"type":"string","description":"A human-readable name for the volume snapshot."},
			"tags":{"type":"array","items":{"type":"string"}}},"required":["volume_id","name"]}`)
	users := toolDef(t, "getUsers", "List users.",
		`{"type":"object","properties":{"projectKey":{"type":"string","description":"The project key"},
			"environmentKey":{"type":"string","description":"The environment key"},"limit":{"type":"integer"}},
			"required":["projectKey","environmentKey"]}`)
	reply := toolDef(t, "createTicketReply", "Reply Create.\nExample: {\"ticketId\":11223344,\"description\":\"Thank you for your help.\"}",
		`{"type":"object","properties":{"ticketId":{"type":"integer"},"description":{"type":"string","description":"The content of your reply."}},
			"required":["ticketId","description"]}`)
	for _, c := range []struct {
		tool    *schema.ToolInfo
		request string
		arg     string
		want    any // nil: the argument must be absent
	}{
		{stats, "email stats since 2024-03-01", "start_date", "2024-03-01"},
		{stats, "email stats since 2024-03-01", "end_date", nil},
		{stats, "email stats from 2024-03-01 until 2024-03-31", "end_date", "2024-03-31"},
		{stats, "email stats from March 1st 2024", "start_date", "2024-03-01"},
		{bare, "geo stats since 2024-01-01", "start_date", "2024-01-01"},
		{bare, "geo stats since 2024-01-01", "end_date", nil},
		{warmup, "start warming up 198.51.100.23", "ip", "198.51.100.23"},
		{warmup, "start warming up version 1.2", "ip", nil},
		{volumes, "volumes, 50 a page", "page_size", 50.0},
		{volumes, "volumes, 50 a page", "page", nil},
		{volumes, "volumes, page 3", "page", 3.0},
		{spam, "show the spam reports, 50 of them", "limit", 50.0},
		{bounce, "remove bob@example.com from the bounce list", "email", "bob@example.com"},
		{bounce, "remove bob@example.com from the bounce list", "email_address", "bob@example.com"},
		{member, "add jane@example.com to group 0af3c2", "user_key", "jane@example.com"},
		{volume, "make a 20 GB volume pgdata in us-east", "region", "us-east"},
		{volume, "make a volume called pgdata in nyc1", "region", "nyc1"},
		{volume, "make a volume called pgdata in us-east", "label", "pgdata"},
		{volume, "make a volume called pgdata in 2024", "region", nil},
		{volume, "make a volume called pgdata, it came up in the stand-up today", "region", nil},
		{volume, "make a volume called pgdata in stand-up", "region", nil},
		{tag, "new tag called staging", "label", "staging"},
		{volume, "make a 20 GB volume pgdata in us-east", "label", "pgdata"},
		{volume, "make a 20 GB volume", "label", nil},
		{volume, "make a volume backup copy", "label", nil},
		{list, "rename list 9c2b-11 to Newsletter", "name", "Newsletter"},
		{list, "rename list 9c2b-11 to Newsletter", "id", "9c2b-11"},
		{snapshot, "snapshot volume 7724db7c-e098-11e5-b522-000f53304e51 as nightly-0301", "name", "nightly-0301"},
		{snapshot, "snapshot volume 7724db7c-e098-11e5-b522-000f53304e51 as soon as possible", "name", nil},
		{pool, "which IPs are in pool transactional?", "pool_name", "transactional"},
		{user, "who is user dana", "username", "dana"},
		{user, "show the user list", "username", nil},
		{categories, "categories starting with promo", "category", "promo"},
		{users, "users in webshop production, 100 at most", "projectKey", "webshop"},
		{users, "users in webshop production, 100 at most", "environmentKey", "production"},
		{users, "users in webshop", "projectKey", nil},
		{users, "users in webshop production staging", "projectKey", nil},
		{reply, "reply to ticket 99812: still seeing packet loss", "description", "still seeing packet loss"},
		{memberships, "who is in team 777?", "group_id", "777"},
		{link, "show bookmark 4455", "web_link_id", "4455"},
		{linodeType, "show linode 4411", "typeId", nil},
		{memberships, "who is in team 777, page 2", "group_id", "777"},
		{memberships, "who is in team 777 or 778", "group_id", nil},
		{memberships, "show 5 members of the team", "group_id", nil},
		{memberships, "who is in team 777 users", "group_id", nil},
	} {
		checkArg(t, c.tool, c.request, c.arg, c.want)
	}
}
