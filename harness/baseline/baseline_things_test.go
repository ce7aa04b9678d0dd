package baseline_test

import (
	"testing"

	"github.com/cloudwego/eino/schema"
)

// A thing named with its noun fills the argument that identifies it:
// the name right after the noun ("project storefront"), or between "the"
// and the noun ("the acme team"), the noun read from the argument's name
// (teamId) or, for an argument named only idOrName, from its
// description or the tool's ("project by id or name"). The request's
// verb ("nuke") is never that name.
func TestThingNames(t *testing.T) {
	envs := toolDef(t, "filterProjectEnvs", "Retrieve environment variables of project by id or name",
		`{"type":"object","properties":{
			"idOrName":{"type":"string"},
			"gitBranch":{"type":"string","description":"If defined, git branch of environment variable to filter results"}},
			"required":["idOrName"]}`)
	del := toolDef(t, "deleteProject", "Delete Project. Delete specific project by passing either project id or name in URL",
		`{"type":"object","properties":{"idOrName":{"type":"string"}},"required":["idOrName"]}`)
	deploys := toolDef(t, "getDeployments", "List deployments",
		`{"type":"object","properties":{
			"target":{"type":"string","enum":["production","preview"],"description":"Filter deployments based on the environment."},
			"teamId":{"type":"string","description":"The Team identifier or slug to perform the request on behalf of."}}}`)
	members := toolDef(t, "getTeamMembers", "List team members",
		`{"type":"object","properties":{
			"role":{"type":"string","enum":["OWNER","MEMBER","DEVELOPER","VIEWER"]},
			"teamId":{"type":"string"}},"required":["teamId"]}`)
	for _, c := range []struct {
		tool         *schema.ToolInfo
		request, arg string
		want         any
	}{
		{envs, "env vars of project storefront", "idOrName", "storefront"},
		{envs, "show env vars of the storefront project", "idOrName", "storefront"},
		{del, "nuke project old-blog", "idOrName", "old-blog"},
		{del, "nuke project oldblog", "idOrName", "oldblog"},
		{deploys, "preview deployments of the acme team", "teamId", "acme"},
		{deploys, "preview deployments of team acme-eu", "teamId", "acme-eu"},
		{members, "owners of the acme team", "teamId", "acme"},
		{members, "owners of the acme team", "role", "OWNER"},
		{members, "who is in team acme", "teamId", "acme"},
	} {
		checkArg(t, c.tool, c.request, c.arg, c.want)
	}
}

// An enum value said clipped to its start, as people shorten long
// words, is that value; a word that is the request's verb, or shorter
// than four letters, or one the value does not run on past by three
// letters, is not.
func TestClippedEnumValues(t *testing.T) {
	deploys := toolDef(t, "getDeployments", "List deployments",
		`{"type":"object","properties":{
			"target":{"type":"string","enum":["production","preview"]},
			"state":{"type":"string","enum":["READY","ERROR"]}}}`)
	checkArg(t, deploys, "prod deployments only", "target", "production")
	checkArg(t, deploys, "pre deployments", "target", nil)
	checkArg(t, deploys, "read deployments", "state", nil)
}

// An identifier goes to the argument of the thing its type prefix
// writes short ("dpl_" keeps letters of deployment in order) and of the
// noun said clipped right before it ("deploy dpl_7Hx2Ka9"); a prefix that
// writes no word of the argument's or the tool's name denies it.
func TestAbbreviatedIDs(t *testing.T) {
	builds := toolDef(t, "listDeploymentBuilds", "List Deployment Builds",
		`{"type":"object","properties":{"deploymentId":{"type":"string"},"teamId":{"type":"string"}},"required":["deploymentId"]}`)
	checks := toolDef(t, "getAllChecks", "Retrieve a list of all checks",
		`{"type":"object","properties":{"deploymentId":{"type":"string"}},"required":["deploymentId"]}`)
	checkArg(t, builds, "builds of deploy dpl_7Hx2Ka9", "deploymentId", "dpl_7Hx2Ka9")
	checkArg(t, builds, "builds of deploy dpl_7Hx2Ka9", "teamId", nil)
	checkArg(t, checks, "checks for dpl_7Hx2Ka9", "deploymentId", "dpl_7Hx2Ka9")
	checkArg(t, checks, "checks for zzq_7Hx2Ka9", "deploymentId", nil)
}

// A domain name goes to the argument that takes one: by its format, by
// a name that says domain, or as the name of a tool about domains; a
// file name is no domain, and an argument that says neither takes none.
func TestDomainNames(t *testing.T) {
	records := toolDef(t, "getRecords", "List existing DNS records",
		`{"type":"object","properties":{"domain":{"type":"string"},"limit":{"type":"number"}},"required":["domain"]}`)
	status := toolDef(t, "checkDomainStatus", "Check a Domain Availability",
		`{"type":"object","properties":{"name":{"type":"string","description":"The name of the domain"}},"required":["name"]}`)
	host := toolDef(t, "getSite", "Get a site",
		`{"type":"object","properties":{"host":{"type":"string","format":"hostname"}}}`)
	users := toolDef(t, "listUsers", "List users",
		`{"type":"object","properties":{"team":{"type":"string"}}}`)
	checkArg(t, records, "dns records for acme.dev", "domain", "acme.dev")
	checkArg(t, records, "dns records for README.md", "domain", nil)
	checkArg(t, status, "is shiny-app.com available?", "name", "shiny-app.com")
	checkArg(t, host, "the site at shop.acme.co.uk", "host", "shop.acme.co.uk")
	checkArg(t, users, "users of acme.dev", "team", nil)
}

// A tool with a domain's argument and a record's name gives the domain to
// the domain's argument, not the name.
func TestDomainNameNotRecordName(t *testing.T) {
	records := toolDef(t, "domains_list_records", "List all domain records",
		`{"type":"object","properties":{"domain_name":{"type":"string"},"name":{"type":"string","description":"A fully qualified record name."}},"required":["domain_name"]}`)
	checkArg(t, records, "records of example.com", "domain_name", "example.com")
	checkArg(t, records, "records of example.com", "name", nil)
}
