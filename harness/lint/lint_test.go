package lint

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentready/agentready/gen/lower"
)

// doc wraps paths (and component schemas) in an OpenAPI 3.0 document.
func doc(paths, schemas string) string {
	s := "openapi: 3.0.3\ninfo: {title: t, version: '1'}\npaths:\n" + paths
	if schemas != "" {
		s += "components:\n  schemas:\n" + schemas
	}
	return s
}

// get is a GET operation at path with its parameters (YAML list items,
// indented by 8) and a response of an object with fields.
func get(path, id, summary, params string) string {
	s := fmt.Sprintf("  %s:\n    get:\n      operationId: %s\n      summary: %s\n", path, id, summary)
	if params != "" {
		s += "      parameters:\n" + params
	}
	return s + "      responses:\n        '200':\n          description: ok\n"
}

// lintText lints a spec held in a string, written to a file so that
// places get lines.
func lintText(t *testing.T, text string) []Finding {
	t.Helper()
	path := filepath.Join(t.TempDir(), "openapi.yaml")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	_, fs, _, err := File(context.Background(), path, lower.Options{}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	return fs
}

func pathParam(name, desc string) string {
	return fmt.Sprintf("        - {name: %s, in: path, required: true, description: %q, schema: {type: string}}\n", name, desc)
}

func queryParam(name, desc, schema string) string {
	return fmt.Sprintf("        - name: %s\n          in: query\n          description: %q\n          schema: %s\n", name, desc, schema)
}

var long = strings.Repeat("This paragraph explains the history of the endpoint and every corner of its behaviour in detail. ", 30)

// thingOps is an item path with a GET that returns a Thing and a PATCH
// that returns the given schema.
func thingOps(patchReturns string) string {
	return `  /things/{id}:
    parameters:
      - {name: id, in: path, required: true, description: The thing's id., schema: {type: string}}
    get:
      operationId: getThing
      summary: Get a thing
      responses:
        '200':
          description: ok
          content: {application/json: {schema: {$ref: '#/components/schemas/Thing'}}}
    patch:
      operationId: updateThing
      summary: Change a thing's colour
      requestBody:
        content: {application/json: {schema: {type: object, properties: {color: {type: string, description: The new colour.}}}}}
      responses:
        '200':
          description: ok
          content: {application/json: {schema: ` + patchReturns + `}}
`
}

const thingSchemas = `    Thing:
      type: object
      properties: {id: {type: string}, name: {type: string}, color: {type: string}, size: {type: integer}}
    Job:
      type: object
      properties: {job_id: {type: string}, status: {type: string}, queued_at: {type: string}}
`

// ruleCases are, per rule, a spec where it must fire on tool and one,
// fixed as the finding says, where it must not.
var ruleCases = []struct {
	rule, tool string
	bad, good  string
}{
	{RuleConfusable.ID, "listOpenTickets",
		doc(get("/tickets/open", "listOpenTickets", "List the tickets of the service desk", "")+
			get("/tickets/all", "listAllTickets", "List the tickets of the service desk", "")+
			get("/teams", "listTeams", "List the teams that handle requests", ""), ""),
		doc(get("/tickets/open", "listOpenTickets", "List the open tickets that still wait for an agent", "")+
			get("/tickets/all", "listAllTickets", "List every ticket ever raised, closed ones included", "")+
			get("/teams", "listTeams", "List the teams that handle requests", ""), "")},
	{RuleCredentialArgument.ID, "listThings",
		doc(get("/things", "listThings", "List the things", queryParam("api_key", "Your API key.", "{type: string}")), ""),
		doc(get("/things", "listThings", "List the things", queryParam("api_key", "Your API key.", "{type: string}")), "") +
			"components:\n  securitySchemes:\n    key: {type: apiKey, in: query, name: api_key}\nsecurity: [{key: []}]\n"},
	{RuleVersions.ID, "listThingsV1",
		doc(get("/v1/things", "listThingsV1", "List the things", "")+get("/v2/things", "listThingsV2", "List the things", "")+
			get("/teams", "listTeams", "List the teams", ""), ""),
		doc(get("/v2/things", "listThingsV2", "List the things", "")+get("/teams", "listTeams", "List the teams", ""), "")},
	{RuleParamNames.ID, "listUserPosts",
		doc(get("/users/{user_id}", "getUser", "Get a user", pathParam("user_id", "The user."))+
			get("/users/{user_id}/friends", "listFriends", "List a user's friends", pathParam("user_id", "The user."))+
			get("/users/{userId}/posts", "listUserPosts", "List a user's posts", pathParam("userId", "The user.")), ""),
		doc(get("/users/{user_id}", "getUser", "Get a user", pathParam("user_id", "The user."))+
			get("/users/{user_id}/friends", "listFriends", "List a user's friends", pathParam("user_id", "The user."))+
			get("/users/{user_id}/posts", "listUserPosts", "List a user's posts", pathParam("user_id", "The user.")), "")},
	{RuleProseEnum.ID, "listIssues",
		doc(get("/issues", "listIssues", "List issues", queryParam("sort", "How to sort, one of: created, updated, comments.", "{type: string}")), ""),
		doc(get("/issues", "listIssues", "List issues", queryParam("sort", "How to sort, one of: created, updated, comments.", "{type: string, enum: [created, updated, comments]}")), "")},
	{RuleProseRange.ID, "listIssues",
		doc(get("/issues", "listIssues", "List issues", queryParam("per_page", "Results per page (max 100).", "{type: integer}")), ""),
		doc(get("/issues", "listIssues", "List issues", queryParam("per_page", "Results per page (max 100).", "{type: integer, maximum: 100}")), "")},
	{RuleProseList.ID, "listIssues",
		doc(get("/issues", "listIssues", "List issues", queryParam("labels", "A comma-separated list of label names.", "{type: string}")), ""),
		doc(get("/issues", "listIssues", "List issues", queryParam("labels", "A comma-separated list of label names.", "{type: array, items: {type: string}}")+
			"          style: form\n          explode: false\n"), "")},
	{RuleProseFormat.ID, "listIssues",
		doc(get("/issues", "listIssues", "List issues", queryParam("since", "Only issues updated after this time, in ISO 8601 format.", "{type: string}")), ""),
		doc(get("/issues", "listIssues", "List issues", queryParam("since", "Only issues updated after this time, in ISO 8601 format.", "{type: string, format: date-time}")), "")},
	{RuleProseRelation.ID, "listIssues",
		doc(get("/issues", "listIssues", "List issues",
			queryParam("created_after", "Only issues created after this time.", "{type: string, format: date-time}")+
				queryParam("created_before", "Only issues created before this time; must be later than `created_after`.", "{type: string, format: date-time}")), ""),
		doc(get("/issues", "listIssues", "List issues",
			queryParam("created_after", "Only issues created after this time; must be earlier than created_before.", "{type: string, format: date-time}")+
				queryParam("created_before", "Only issues created before this time; must be later than `created_after`.", "{type: string, format: date-time}")), "")},
	{RuleMissingExample.ID, "findUser",
		doc(get("/users/search", "findUser", "Find a user by phone", queryParam("phone", "The phone number.", `{type: string, pattern: '^\+[1-9][0-9]{7,14}$'}`)), ""),
		doc(get("/users/search", "findUser", "Find a user by phone", queryParam("phone", "The phone number.", `{type: string, pattern: '^\+[1-9][0-9]{7,14}$', example: '+4915112345678'}`)), "")},
	{RuleLongDescription.ID, "getUser",
		doc(get("/users/{id}", "getUser", "Get a user", pathParam("id", "The user's id."))+"      description: "+long+"\n", ""),
		doc(get("/users/{id}", "getUser", "Get a user", pathParam("id", "The user's id."))+"      description: Returns one user by id.\n", "")},
	{RuleUndescribedRequired.ID, "getUser",
		doc(get("/users/{id}", "getUser", "Get a user", "        - {name: id, in: path, required: true, schema: {type: string}}\n"), ""),
		doc(get("/users/{id}", "getUser", "Get a user", pathParam("id", "The user's id, from listUsers.")), "")},
	{RuleReturnShape.ID, "updateThing",
		doc(thingOps(`{$ref: '#/components/schemas/Job'}`), thingSchemas),
		doc(thingOps(`{$ref: '#/components/schemas/Thing'}`), thingSchemas)},
}

// TestEachRuleFiresAndStaysQuiet lints, per rule, a spec with the defect
// and the same spec fixed as the finding says.
func TestEachRuleFiresAndStaysQuiet(t *testing.T) {
	covered := map[string]bool{}
	for _, tc := range ruleCases {
		covered[tc.rule] = true
		t.Run(tc.rule, func(t *testing.T) {
			bad := lintText(t, tc.bad)
			var hit *Finding
			for i, f := range bad {
				if f.Rule == tc.rule && f.Tool == tc.tool {
					hit = &bad[i]
				}
			}
			if hit == nil {
				t.Fatalf("%s did not fire on %s; findings: %+v", tc.rule, tc.tool, bad)
			}
			if hit.Fix == "" || hit.Message == "" || hit.Class == "" || hit.Place.Pointer == "" || hit.Place.Line == 0 {
				t.Errorf("finding lacks a part: %+v", *hit)
			}
			checkPlace(t, tc.bad, *hit)
			for _, f := range lintText(t, tc.good) {
				if f.Rule == tc.rule {
					t.Errorf("%s fired on the fixed spec: %s: %s", tc.rule, f.Tool, f.Message)
				}
			}
		})
	}
	for _, r := range Rules {
		if !covered[r.ID] {
			t.Errorf("rule %s has no case", r.ID)
		}
	}
}

// checkPlace checks that a finding's line in text is where its argument
// is declared (the line names it), or for tool-level findings, the
// operation.
func checkPlace(t *testing.T, text string, f Finding) {
	t.Helper()
	lines := strings.Split(text, "\n")
	if f.Place.Line < 1 || f.Place.Line > len(lines) {
		t.Fatalf("line %d is outside the spec", f.Place.Line)
	}
	line := lines[f.Place.Line-1]
	want := f.Argument
	if want == "" {
		want = f.Place.Pointer[strings.LastIndex(f.Place.Pointer, "/")+1:]
	}
	if !strings.Contains(line, want) {
		t.Errorf("%s on %s: line %d is %q, which does not declare %q (pointer %s)", f.Rule, f.Tool, f.Place.Line, line, want, f.Place.Pointer)
	}
}

// TestCredentialArguments checks what credential-argument reads as a
// credential and what it leaves alone.
func TestCredentialArguments(t *testing.T) {
	header := func(name, desc string) string {
		return fmt.Sprintf("        - {name: %s, in: header, required: true, description: %q, schema: {type: string}}\n", name, desc)
	}
	bare := func(name string) string {
		return fmt.Sprintf("        - {name: %s, in: query, required: true, schema: {type: string}}\n", name)
	}
	tests := []struct {
		name string
		spec string
		// want maps each tool flagged to a word its message must hold.
		want map[string]string
	}{
		{"an undescribed key every operation takes",
			doc(get("/a", "getA", "Get a", bare("key"))+get("/b", "getB", "Get b", bare("key"))+
				get("/c", "getC", "Get c", bare("key")), ""),
			map[string]string{"getA": "no security scheme", "getB": "no security scheme", "getC": "no security scheme"}},
		{"an API-key header under another spelling",
			doc(get("/a", "getA", "Get a", header("X-API-Key", "Your secret key, granted on sign-up.")), ""),
			map[string]string{"getA": "X-API-Key"}},
		{"a scheme an operation that authenticates otherwise takes as a parameter",
			doc(get("/a", "getA", "Get a", bare("token"))+get("/b", "getB", "Get b", queryParam("token", "Your API token.", "{type: string}"))+
				"      security: [{bearer: []}]\n", "") +
				"components:\n  securitySchemes:\n    tok: {type: apiKey, in: query, name: token}\n    bearer: {type: http, scheme: bearer}\n" +
				"security: [{tok: []}]\n",
			map[string]string{"getB": `security scheme "tok"`}},
		{"values named like credentials that are not",
			doc(get("/objects", "listObjects", "List objects", queryParam("key", "Only the object with this key.", "{type: string}"))+
				get("/a", "getA", "Get a", "")+get("/b", "getB", "Get b", "")+
				get("/clusters", "createCluster", "Create a cache cluster",
					queryParam("AuthToken", "The password of the new cluster, sent as the AUTH token.", "{type: string}"))+
				get("/check", "checkPassword", "Rate a password", queryParam("password", "The password to rate.", "{type: string}")), ""),
			nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := map[string]string{}
			for _, f := range lintText(t, tc.spec) {
				if f.Rule == RuleCredentialArgument.ID {
					got[f.Tool] = f.Message + " / " + f.Fix
				}
			}
			for tool, word := range tc.want {
				if !strings.Contains(got[tool], word) {
					t.Errorf("%s: %q lacks %q", tool, got[tool], word)
				}
			}
			for tool, msg := range got {
				if _, ok := tc.want[tool]; !ok {
					t.Errorf("fired on %s: %s", tool, msg)
				}
			}
		})
	}
}
