package baseline_test

import (
	"testing"

	"github.com/cloudwego/eino/schema"
)

// "open" before a plural names which things are listed ("open issues in
// acme/webapp", "open pull requests"); before an article or a singular
// it still creates ("open an issue").
func TestOpenBeforePluralReads(t *testing.T) {
	list := toolDef(t, "listIssues", "List issues of a repository",
		`{"type":"object","properties":{"repo":{"type":"string"},"state":{"type":"string","enum":["open","closed"]}},"required":["repo"]}`)
	create := toolDef(t, "createIssue", "Create an issue in a repository",
		`{"type":"object","properties":{"repo":{"type":"string"},"title":{"type":"string"}},"required":["repo","title"]}`)
	listPRs := toolDef(t, "listPullRequests", "List pull requests of a repository",
		`{"type":"object","properties":{"repo":{"type":"string"},"state":{"type":"string","enum":["open","closed"]}},"required":["repo"]}`)
	createPR := toolDef(t, "createPullRequest", "Create a pull request",
		`{"type":"object","properties":{"repo":{"type":"string"},"title":{"type":"string"}},"required":["repo","title"]}`)
	for _, c := range []struct {
		tools   []*schema.ToolInfo
		request string
		want    string
	}{
		{[]*schema.ToolInfo{create, list}, "open issues in repo webapp", "listIssues"},
		{[]*schema.ToolInfo{create, list}, "open an issue in repo webapp titled 'Login broken'", "createIssue"},
		{[]*schema.ToolInfo{createPR, listPRs}, "open pull requests of repo webapp", "listPullRequests"},
		{[]*schema.ToolInfo{createPR, listPRs}, "open a pull request in repo webapp titled 'Fix login'", "createPullRequest"},
	} {
		if got := callOf(t, firstCall(t, c.tools, c.request)); got.Tool != c.want {
			t.Errorf("%q: called %s, want %s", c.request, got, c.want)
		}
	}
}

// A description that says which values it recognises lists them even
// when they are joined by "and"; "and" alone lists nothing.
func TestValuesAreAndList(t *testing.T) {
	milestones := toolDef(t, "listMilestones", "Get all of a repository's milestones",
		`{"type":"object","properties":{"repo":{"type":"string"},
			"state":{"type":"string","description":"Milestone state, Recognized values are open, closed and all. Defaults to \"open\""}},"required":["repo"]}`)
	teams := toolDef(t, "listTeams", "List teams",
		`{"type":"object","properties":{"org":{"type":"string"},
			"role":{"type":"string","description":"The role of members, owners and guests in the team"}},"required":["org"]}`)
	for _, c := range []struct {
		tool    *schema.ToolInfo
		request string
		want    string
	}{
		{milestones, "closed milestones of repo webapp", `listMilestones{"repo":"webapp","state":"closed"}`},
		{milestones, "milestones of repo webapp", `listMilestones{"repo":"webapp"}`},
		{teams, "owners of teams in org acme", `listTeams{"org":"acme"}`},
	} {
		if got := callOf(t, firstCall(t, []*schema.ToolInfo{c.tool}, c.request)); got.String() != c.want {
			t.Errorf("%q: called %s, want %s", c.request, got, c.want)
		}
	}
}

// A currency said with an amount ("49.99 euros", "$20") is the ISO code
// an argument named currency asks for, in the case its description
// says; a currency word with no amount, or a currency argument that
// does not say ISO, gets none.
func TestCurrencyOfAnAmount(t *testing.T) {
	pay := toolDef(t, "createPayment", "Create a payment",
		`{"type":"object","properties":{"amount":{"type":"integer"},
			"currency":{"type":"string","description":"Three-letter ISO currency code, in lowercase"}},"required":["amount","currency"]}`)
	upper := toolDef(t, "createPayment", "Create a payment",
		`{"type":"object","properties":{"amount":{"type":"integer"},
			"currency":{"type":"string","description":"ISO 4217 code"}},"required":["amount","currency"]}`)
	free := toolDef(t, "createPayment", "Create a payment",
		`{"type":"object","properties":{"amount":{"type":"integer"},
			"currency":{"type":"string","description":"What the customer pays in"}},"required":["amount","currency"]}`)
	for _, c := range []struct {
		tool    *schema.ToolInfo
		request string
		want    any // nil: left out
	}{
		{pay, "create a payment of 20 euros", "eur"},
		{pay, "create a payment of $20", "usd"},
		{pay, "create a payment of GBP 20", "gbp"},
		{upper, "create a payment of 20 euros", "EUR"},
		{pay, "create a payment of 20, the customer lives in euros land", nil},
		{free, "create a payment of 20 euros", nil},
	} {
		got := callOf(t, firstCall(t, []*schema.ToolInfo{c.tool}, c.request))
		v, ok := got.Args["currency"]
		switch {
		case c.want == nil && ok:
			t.Errorf("%q: currency = %v, want it left out (call %s)", c.request, v, got)
		case c.want != nil && v != c.want:
			t.Errorf("%q: currency = %v, want %v (call %s)", c.request, v, c.want, got)
		}
	}
}

// A name of words joined by dashes said right before an argument's
// one-word name is its value ("the feature-x branch"), as "high
// priority" is; a plain word that the request uses otherwise is not.
func TestDashedNameBeforeItsNoun(t *testing.T) {
	del := toolDef(t, "deleteBranch", "Delete a branch of a repository",
		`{"type":"object","properties":{"repo":{"type":"string"},"branch":{"type":"string","description":"branch to delete"}},"required":["repo","branch"]}`)
	for request, want := range map[string]string{
		"delete the feature-x branch in repo webapp, it's merged": `deleteBranch{"branch":"feature-x","repo":"webapp"}`,
		"delete branch old-ui in repo webapp":                     `deleteBranch{"branch":"old-ui","repo":"webapp"}`,
	} {
		if got := callOf(t, firstCall(t, []*schema.ToolInfo{del}, request)); got.String() != want {
			t.Errorf("%q: called %s, want %s", request, got, want)
		}
	}
}

// A length of time that no argument counts in is no count and no
// identifier: "from the last 14 days" gives per_page and id nothing,
// while "the last 10 minutes" still fills an argument that counts time.
func TestLengthOfTimeIsNoCount(t *testing.T) {
	issues := toolDef(t, "listIssues", "List issues of a repository",
		`{"type":"object","properties":{"repo":{"type":"string"},"per_page":{"type":"integer","description":"The number of results per page"},
			"state":{"type":"string","enum":["open","closed"]}},"required":["repo"]}`)
	runs := toolDef(t, "getRun", "Get a workflow run",
		`{"type":"object","properties":{"id":{"type":"integer","description":"The run's ID"}},"required":["id"]}`)
	logs := toolDef(t, "readPodLog", "read log of the specified Pod",
		`{"type":"object","properties":{"name":{"type":"string"},
			"sinceSeconds":{"type":"integer","description":"relative time in seconds before the current time from which to show logs"}},"required":["name"]}`)
	for _, c := range []struct {
		tool    *schema.ToolInfo
		request string
		want    string
	}{
		{issues, "closed issues in repo webapp from the last 14 days", `listIssues{"repo":"webapp","state":"closed"}`},
		{issues, "14 closed issues in repo webapp", `listIssues{"per_page":14,"repo":"webapp","state":"closed"}`},
		{runs, "the workflow run that failed in the last 14 days", "null"}, // no call: it asks for the id
		{logs, "logs of pod checkout-7b9 from the last 10 minutes", `readPodLog{"name":"checkout-7b9","sinceSeconds":600}`},
	} {
		if got := callOf(t, firstCall(t, []*schema.ToolInfo{c.tool}, c.request)); got.String() != c.want {
			t.Errorf("%q: called %s, want %s", c.request, got, c.want)
		}
	}
}

// Quoted text goes to an argument whose description lists its values
// only when it is one of them: "search messages for 'outage' sorted by
// newest" searches for outage and sorts by nothing it was not given.
func TestQuotedTextIsNoListedValue(t *testing.T) {
	search := toolDef(t, "searchMessages", "Searches for messages matching a query",
		`{"type":"object","properties":{
			"query":{"type":"string","description":"Search query"},
			"sort":{"type":"string","description":"Return matches sorted by either score or timestamp"}},
			"required":["query"]}`)
	for request, want := range map[string]string{
		"search messages for 'outage' sorted by newest": `searchMessages{"query":"outage"}`,
		"search messages for 'outage', sort 'score'":    `searchMessages{"query":"outage","sort":"score"}`,
	} {
		if got := callOf(t, firstCall(t, []*schema.ToolInfo{search}, request)); got.String() != want {
			t.Errorf("%q: called %s, want %s", request, got, want)
		}
	}
}
