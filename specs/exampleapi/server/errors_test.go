package server

import (
	"fmt"
	"net/url"
	"strings"
	"testing"
	"time"
)

type obj = map[string]any

// TestBadRequests sends invalid requests: each gets the documented 4xx
// status with a JSON error naming the problem, never a 500. specOK says
// whether the spec itself accepts the request: false when the spec's
// schemas already rule it out, true when only the server can tell (an id
// that does not exist, a state conflict, credentials).
func TestBadRequests(t *testing.T) {
	run := start(t, Options{FailEvery: -1})
	c := newClient(t, run.URL)
	f := loadFixtures(t, c)
	R, A, T := str(f.requester, "id"), str(f.agent, "id"), str(f.team, "id")
	OT, CT := str(f.openTicket, "id"), str(f.closedTicket, "id")
	OA, SA, RA := str(f.ownedAsset, "id"), str(f.stockAsset, "id"), str(f.retiredAsset, "id")
	owner := str(f.ownedAsset, "owner")
	unknown := exampleUUID
	cursor := str(c.call("GET", "/search/tickets?q=vpn&limit=1", nil).want(t, 200).obj(), "next_cursor")
	ticket := func(kv ...any) obj {
		m := obj{"title": "Printer on floor 2 is jammed", "requester_id": R}
		for i := 0; i+1 < len(kv); i += 2 {
			if kv[i+1] == "DELETE" {
				delete(m, kv[i].(string))
			} else {
				m[kv[i].(string)] = kv[i+1]
			}
		}
		return m
	}
	asset := func(kv ...any) obj {
		m := obj{"type": "monitor", "model": "U2723QE", "manufacturer": "Dell", "serial_number": "CN0ABC1234",
			"location": "Berlin", "purchased_at": "2026-01-15"}
		for i := 0; i+1 < len(kv); i += 2 {
			m[kv[i].(string)] = kv[i+1]
		}
		return m
	}
	past := time.Now().Add(-time.Hour).UTC().Format(time.RFC3339)
	tomorrow := time.Now().Add(24 * time.Hour).UTC().Format(time.DateOnly)
	closedVersion := fmt.Sprint(num(f.closedTicket, "version"))
	big := `{"title":"` + strings.Repeat("a", DefaultMaxBodyBytes) + `","requester_id":"` + R + `"}`

	cases := []struct {
		name         string
		as           string // "" admin; "none", "readonly", "agent", "apikey", "badkey"
		method, path string
		body         any
		headers      []string
		status       int
		code, param  string
		specOK       bool
		msg          string // a part of the message
	}{
		// Path ids.
		{"unknown user", "", "GET", "/users/" + unknown, nil, nil, 404, "not_found", "userId", true, "listUsers"},
		{"user id not a UUID", "", "GET", "/users/abc", nil, nil, 400, "invalid_parameter", "userId", false, "UUID"},
		{"upper-case user id", "", "GET", "/users/" + strings.ToUpper(R), nil, nil, 400, "invalid_parameter", "userId", false, "lower-case"},
		{"email as user id", "", "GET", "/users/" + url.PathEscape(str(f.requester, "email")), nil, nil, 400, "invalid_parameter", "userId", false, "listUsers"},
		{"unknown ticket", "", "GET", "/tickets/TCK-999999", nil, nil, 404, "not_found", "ticketId", true, "searchTickets"},
		{"ticket number without prefix", "", "GET", "/tickets/1042", nil, nil, 400, "invalid_parameter", "ticketId", false, "TCK-1042"},
		{"unknown asset", "", "GET", "/assets/AST-ZZZZZZZZ", nil, nil, 404, "not_found", "assetId", true, "listAssets"},
		{"team slug as id", "", "GET", "/teams/network-ops", nil, nil, 400, "invalid_parameter", "teamId", false, "not the slug"},
		{"unknown team", "", "GET", "/teams/tm_zzzzzzzzzz", nil, nil, 404, "not_found", "teamId", true, "listTeams"},
		{"tickets of unknown user", "", "GET", "/users/" + unknown + "/tickets", nil, nil, 404, "not_found", "userId", true, ""},
		{"assets of unknown user", "", "GET", "/users/" + unknown + "/assets", nil, nil, 404, "not_found", "userId", true, ""},
		{"members of unknown team", "", "GET", "/teams/tm_zzzzzzzzzz/members", nil, nil, 404, "not_found", "teamId", true, ""},
		{"comments of unknown ticket", "", "GET", "/tickets/TCK-999999/comments", nil, nil, 404, "not_found", "ticketId", true, ""},
		{"update unknown user", "", "PATCH", "/users/" + unknown, obj{"title": "CFO"}, nil, 404, "not_found", "userId", true, ""},
		{"assign unknown asset", "", "POST", "/assets/AST-ZZZZZZZZ/assign", obj{"user_id": R}, nil, 404, "not_found", "assetId", true, ""},
		{"delete unknown ticket", "", "DELETE", "/tickets/TCK-999999", nil, nil, 404, "not_found", "ticketId", true, ""},

		// Query parameters.
		{"page not an integer", "", "GET", "/tickets?page=abc", nil, nil, 400, "invalid_parameter", "page", false, "integer"},
		{"per_page too big", "", "GET", "/tickets?per_page=101", nil, nil, 400, "invalid_parameter", "per_page", false, "between 1 and 100"},
		{"page zero", "", "GET", "/users?page=0", nil, nil, 400, "invalid_parameter", "page", false, ""},
		{"status in the wrong case", "", "GET", "/tickets?status=Open", nil, nil, 400, "invalid_parameter", "status", false, `did you mean "open"`},
		{"comma-separated statuses", "", "GET", "/tickets?status=open,new", nil, nil, 400, "invalid_parameter", "status", false, "status=a&status=b"},
		{"tag pattern", "", "GET", "/tickets?tags=VPN", nil, nil, 400, "invalid_parameter", "tags", false, "must match"},
		{"too many tags", "", "GET", "/tickets?tags=a&tags=b&tags=c&tags=d&tags=e&tags=f", nil, nil, 400, "invalid_parameter", "tags", false, "at most 5"},
		{"date-time format", "", "GET", "/tickets?created_after=yesterday", nil, nil, 400, "invalid_parameter", "created_after", false, "RFC 3339"},
		{"assignee and unassigned", "", "GET", "/tickets?unassigned=true&assignee_id=" + A, nil, nil, 400, "invalid_parameter", "unassigned", true, "cannot be combined"},
		{"dates out of order", "", "GET", "/tickets?created_after=2026-05-01T00:00:00Z&created_before=2026-04-01T00:00:00Z", nil, nil, 400, "invalid_parameter", "created_before", true, "later than"},
		{"unknown query parameter", "", "GET", "/tickets?assigned_to=me", nil, nil, 400, "invalid_parameter", "assigned_to", false, "this operation accepts"},
		{"email format", "", "GET", "/users?email=not-an-email", nil, nil, 400, "invalid_parameter", "email", false, "email address"},
		{"boolean", "", "GET", "/users?active=yes", nil, nil, 400, "invalid_parameter", "active", false, "true or false"},
		{"parameter given twice", "", "GET", "/users?page=1&page=2", nil, nil, 400, "invalid_parameter", "page", false, "once"},
		{"sort enum", "", "GET", "/users?sort=email", nil, nil, 400, "invalid_parameter", "sort", false, "must be one of"},
		{"team slug in filter", "", "GET", "/users?team_id=network-ops", nil, nil, 400, "invalid_parameter", "team_id", false, ""},
		{"limit zero", "", "GET", "/assets?limit=0", nil, nil, 400, "invalid_parameter", "limit", false, ""},
		{"negative offset", "", "GET", "/assets?offset=-1", nil, nil, 400, "invalid_parameter", "offset", false, ""},
		{"date format", "", "GET", "/assets?purchased_after=2025-13-01", nil, nil, 400, "invalid_parameter", "purchased_after", false, "date like"},
		{"owner not a UUID", "", "GET", "/assets?owner=jane", nil, nil, 400, "invalid_parameter", "owner", false, "UUID"},
		{"export boolean", "", "GET", "/exports/tickets?include_comments=maybe", nil, nil, 400, "invalid_parameter", "include_comments", false, ""},
		{"health takes no parameters", "none", "GET", "/health?verbose=1", nil, nil, 400, "invalid_parameter", "verbose", false, "accepts: none"},
		{"getTicket takes no parameters", "", "GET", "/tickets/" + OT + "?expand=comments", nil, nil, 400, "invalid_parameter", "expand", false, ""},
		{"search without q", "", "GET", "/search/tickets", nil, nil, 400, "missing_parameter", "q", false, "required"},
		{"search q too short", "", "GET", "/search/tickets?q=a", nil, nil, 400, "invalid_parameter", "q", false, "at least 2"},
		{"search q without words", "", "GET", "/search/tickets?q=%21%21", nil, nil, 400, "invalid_parameter", "q", true, "at least one word"},
		{"search cursor garbage", "", "GET", "/search/tickets?q=vpn&cursor=page2", nil, nil, 400, "invalid_parameter", "cursor", true, "next_cursor"},
		{"search cursor of another query", "", "GET", "/search/tickets?q=printer&cursor=" + url.QueryEscape(cursor), nil, nil, 400, "invalid_parameter", "cursor", true, "different search"},
		{"search limit", "", "GET", "/search/tickets?q=vpn&limit=51", nil, nil, 400, "invalid_parameter", "limit", false, ""},
		{"relationship enum", "", "GET", "/users/" + R + "/tickets?relationship=owner", nil, nil, 400, "invalid_parameter", "relationship", false, ""},
		{"order enum", "", "GET", "/tickets/" + OT + "/comments?order=newest", nil, nil, 400, "invalid_parameter", "order", false, ""},

		// Request bodies.
		{"missing title", "", "POST", "/tickets", ticket("title", "DELETE"), nil, 400, "missing_parameter", "title", false, "required"},
		{"missing requester_id", "", "POST", "/tickets", ticket("requester_id", "DELETE"), nil, 400, "missing_parameter", "requester_id", false, "required"},
		{"title too short", "", "POST", "/tickets", ticket("title", "Help"), nil, 400, "invalid_parameter", "title", false, "at least 5"},
		{"requester by email", "", "POST", "/tickets", ticket("requester_id", str(f.requester, "email")), nil, 400, "invalid_parameter", "requester_id", false, "listUsers"},
		{"unknown requester", "", "POST", "/tickets", ticket("requester_id", unknown), nil, 422, "unprocessable_entity", "requester_id", true, "listUsers"},
		{"priority case", "", "POST", "/tickets", ticket("priority", "URGENT"), nil, 400, "invalid_parameter", "priority", false, `did you mean "urgent"`},
		{"tags not an array", "", "POST", "/tickets", ticket("tags", "vpn"), nil, 400, "invalid_parameter", "tags", false, "must be a array"},
		{"tag pattern in body", "", "POST", "/tickets", ticket("tags", []string{"Needs Review"}), nil, 400, "invalid_parameter", "tags", false, "item 0"},
		{"tag not a string", "", "POST", "/tickets", ticket("tags", []any{1}), nil, 400, "invalid_parameter", "tags", false, "array of strings"},
		{"due_at in the past", "", "POST", "/tickets", ticket("due_at", past), nil, 422, "unprocessable_entity", "due_at", true, "in the past"},
		{"due_at format", "", "POST", "/tickets", ticket("due_at", "tomorrow"), nil, 400, "invalid_parameter", "due_at", false, "RFC 3339"},
		{"unknown body field", "", "POST", "/tickets", ticket("assignee", A), nil, 400, "invalid_parameter", "assignee", false, "allowed fields"},
		{"malformed JSON", "", "POST", "/tickets", `{"title": "Printer jam",`, nil, 400, "invalid_body", "", false, "malformed JSON"},
		{"empty body", "", "POST", "/tickets", "", nil, 400, "invalid_body", "", false, "required"},
		{"array body", "", "POST", "/tickets", `[{"title":"Printer jam"}]`, nil, 400, "invalid_body", "", false, "JSON object"},
		{"null body", "", "POST", "/tickets", "null", nil, 400, "invalid_body", "", false, "JSON object"},
		{"title of the wrong type", "", "POST", "/tickets", ticket("title", 42), nil, 400, "invalid_parameter", "title", false, "must be a string; got number"},
		{"title null", "", "POST", "/tickets", ticket("title", nil), nil, 400, "invalid_parameter", "title", false, "not null"},
		{"bad Idempotency-Key", "", "POST", "/tickets", ticket(), []string{"Idempotency-Key", "k!"}, 400, "invalid_parameter", "Idempotency-Key", false, "8 to 64"},
		{"unknown team in body", "", "POST", "/tickets", ticket("team_id", "tm_zzzzzzzzzz"), nil, 422, "unprocessable_entity", "team_id", true, "listTeams"},
		{"team slug in body", "", "POST", "/tickets", ticket("team_id", "network-ops"), nil, 400, "invalid_parameter", "team_id", false, ""},
		{"body too large", "", "POST", "/tickets", big, nil, 413, "payload_too_large", "", false, "exceeds"},
		{"duplicate email", "", "POST", "/users", obj{"name": "Copy", "email": str(f.requester, "email"), "department": "Sales"}, nil, 409, "conflict", "email", true, "already exists"},
		{"email format in body", "", "POST", "/users", obj{"name": "X", "email": "jane@", "department": "Sales"}, nil, 400, "invalid_parameter", "email", false, "email address"},
		{"missing department", "", "POST", "/users", obj{"name": "X", "email": "x@globex.example"}, nil, 400, "missing_parameter", "department", false, ""},
		{"department case", "", "POST", "/users", obj{"name": "X", "email": "x@globex.example", "department": "finance"}, nil, 400, "invalid_parameter", "department", false, `did you mean "Finance"`},
		{"phone pattern", "", "POST", "/users", obj{"name": "X", "email": "x@globex.example", "department": "Sales", "phone": "030 1234"}, nil, 400, "invalid_parameter", "phone", false, ""},
		{"unknown manager", "", "POST", "/users", obj{"name": "X", "email": "x@globex.example", "department": "Sales", "manager_id": unknown}, nil, 422, "unprocessable_entity", "manager_id", true, ""},
		{"empty update", "", "PATCH", "/users/" + R, obj{}, nil, 400, "invalid_body", "", false, "no fields"},
		{"own manager", "", "PATCH", "/users/" + R, obj{"manager_id": R}, nil, 422, "unprocessable_entity", "manager_id", true, "own manager"},
		{"unknown team in update", "", "PATCH", "/users/" + R, obj{"team_id": "tm_zzzzzzzzzz"}, nil, 422, "unprocessable_entity", "team_id", true, ""},
		{"name null", "", "PATCH", "/users/" + R, obj{"name": nil}, nil, 400, "invalid_parameter", "name", false, "not null"},
		{"email of another user", "", "PATCH", "/users/" + R, obj{"email": str(f.agent, "email")}, nil, 409, "conflict", "email", true, ""},
		{"missing If-Match", "", "PATCH", "/tickets/" + OT, obj{"priority": "low"}, nil, 400, "missing_parameter", "If-Match", false, "getTicket"},
		{"garbage If-Match", "", "PATCH", "/tickets/" + OT, obj{"priority": "low"}, []string{"If-Match", "latest"}, 400, "invalid_parameter", "If-Match", false, "version number"},
		{"stale If-Match", "", "PATCH", "/tickets/" + OT, obj{"priority": "low"}, []string{"If-Match", `"999"`}, 412, "precondition_failed", "If-Match", true, "has changed"},
		{"close with updateTicket", "", "PATCH", "/tickets/" + OT, obj{"status": "closed"}, []string{"If-Match", `"1"`}, 422, "unprocessable_entity", "status", false, "closeTicket"},
		{"update a closed ticket", "", "PATCH", "/tickets/" + CT, obj{"priority": "low"}, []string{"If-Match", closedVersion}, 409, "conflict", "", true, "reopenTicket"},
		{"empty ticket update", "", "PATCH", "/tickets/" + OT, obj{}, []string{"If-Match", "1"}, 400, "invalid_body", "", false, "no fields"},
		{"assign to a requester", "", "POST", "/tickets/" + OT + "/assign", obj{"assignee_id": R}, nil, 422, "unprocessable_entity", "assignee_id", true, "role=agent"},
		{"assign without assignee", "", "POST", "/tickets/" + OT + "/assign", obj{"team_id": T}, nil, 400, "missing_parameter", "assignee_id", false, ""},
		{"assign a closed ticket", "", "POST", "/tickets/" + CT + "/assign", obj{"assignee_id": A}, nil, 409, "conflict", "", true, "reopen"},
		{"assign with null team", "", "POST", "/tickets/" + OT + "/assign", obj{"assignee_id": A, "team_id": nil}, nil, 400, "invalid_parameter", "team_id", false, ""},
		{"close a closed ticket", "", "POST", "/tickets/" + CT + "/close", obj{"resolution_code": "fixed"}, nil, 409, "conflict", "", true, "already closed"},
		{"resolution code enum", "", "POST", "/tickets/" + OT + "/close", obj{"resolution_code": "solved"}, nil, 400, "invalid_parameter", "resolution_code", false, "must be one of"},
		{"close without body", "", "POST", "/tickets/" + OT + "/close", nil, nil, 400, "invalid_body", "", false, "resolution_code"},
		{"reopen an open ticket", "", "POST", "/tickets/" + OT + "/reopen", nil, nil, 409, "conflict", "", true, "only resolved or closed"},
		{"empty reopen reason", "", "POST", "/tickets/" + CT + "/reopen", obj{"reason": ""}, nil, 400, "invalid_parameter", "reason", false, "empty"},
		{"comment on a closed ticket", "", "POST", "/tickets/" + CT + "/comments", obj{"author_id": R, "body": "Hello?"}, nil, 409, "conflict", "", true, "reopen"},
		{"internal note by a requester", "", "POST", "/tickets/" + OT + "/comments", obj{"author_id": R, "body": "psst", "visibility": "internal"}, nil, 422, "unprocessable_entity", "visibility", true, "agents and admins"},
		{"comment without body", "", "POST", "/tickets/" + OT + "/comments", obj{"author_id": R}, nil, 400, "missing_parameter", "body", false, ""},
		{"comment by unknown author", "", "POST", "/tickets/" + OT + "/comments", obj{"author_id": unknown, "body": "Hi"}, nil, 422, "unprocessable_entity", "author_id", true, ""},
		{"comment too long", "", "POST", "/tickets/" + OT + "/comments", obj{"author_id": R, "body": strings.Repeat("x", 5001)}, nil, 400, "invalid_parameter", "body", false, "at most 5000"},
		{"duplicate serial", "", "POST", "/assets", asset("serial_number", str(f.stockAsset, "serial_number")), nil, 409, "conflict", "serial_number", true, "already exists"},
		{"purchase in the future", "", "POST", "/assets", asset("purchased_at", tomorrow), nil, 422, "unprocessable_entity", "purchased_at", true, "future"},
		{"warranty before purchase", "", "POST", "/assets", asset("warranty_expires", "2025-01-01"), nil, 422, "unprocessable_entity", "warranty_expires", true, "after"},
		{"negative cost", "", "POST", "/assets", asset("purchase_cost", -1), nil, 400, "invalid_parameter", "purchase_cost", false, "between 0"},
		{"date format in body", "", "POST", "/assets", asset("purchased_at", "01/15/2026"), nil, 400, "invalid_parameter", "purchased_at", false, "date like"},
		{"asset type enum", "", "POST", "/assets", asset("type", "server"), nil, 400, "invalid_parameter", "type", false, ""},
		{"serial pattern", "", "POST", "/assets", asset("serial_number", "cn0abc1234"), nil, 400, "invalid_parameter", "serial_number", false, "must match"},
		{"assign a retired asset", "", "POST", "/assets/" + RA + "/assign", obj{"user_id": R}, nil, 409, "conflict", "", true, "retired"},
		{"assign to the owner", "", "POST", "/assets/" + OA + "/assign", obj{"user_id": owner}, nil, 409, "conflict", "user_id", true, "already assigned"},
		{"assign to unknown user", "", "POST", "/assets/" + SA + "/assign", obj{"user_id": unknown}, nil, 422, "unprocessable_entity", "user_id", true, ""},
		{"asset owner field", "", "POST", "/assets/" + SA + "/assign", obj{"owner": R}, nil, 400, "invalid_parameter", "owner", false, "user_id"},
		{"unassign a stock asset", "", "POST", "/assets/" + SA + "/unassign", nil, nil, 409, "conflict", "", true, "not assigned"},
		{"empty location", "", "POST", "/assets/" + OA + "/unassign", obj{"location": ""}, nil, 400, "invalid_parameter", "location", false, ""},

		// Credentials.
		{"no credentials", "none", "GET", "/tickets", nil, nil, 401, "unauthorized", "", true, "missing credentials"},
		{"wrong token", "bad", "GET", "/tickets", nil, nil, 401, "unauthorized", "", true, "not valid"},
		{"basic auth", "none", "GET", "/users", nil, []string{"Authorization", "Basic ZGVtbzpkZW1v"}, 401, "unauthorized", "", true, "Bearer"},
		{"empty bearer", "none", "GET", "/users", nil, []string{"Authorization", "Bearer "}, 401, "unauthorized", "", true, "empty"},
		{"wrong API key", "badkey", "GET", "/stats", nil, nil, 401, "unauthorized", "", true, "X-API-Key"},
		{"no credentials on a write", "none", "POST", "/tickets", ticket(), nil, 401, "unauthorized", "", true, ""},
		{"read-only token writes", "readonly", "POST", "/tickets", ticket(), nil, 403, "forbidden", "", true, "requires write access"},
		{"read-only token updates", "readonly", "PATCH", "/users/" + R, obj{"title": "X"}, nil, 403, "forbidden", "", true, ""},
		{"read-only token deletes", "readonly", "DELETE", "/tickets/" + OT, nil, nil, 403, "forbidden", "", true, "admin"},
		{"agent token deletes", "agent", "DELETE", "/tickets/" + OT, nil, nil, 403, "forbidden", "", true, "requires admin access"},
		{"API key deletes", "apikey", "DELETE", "/tickets/" + OT, nil, nil, 403, "forbidden", "", true, "write access"},

		// Routing: not operations of the spec.
		{"unknown path", "", "GET", "/tickets/" + OT + "/history", nil, nil, 404, "unknown_route", "", false, "no operation"},
		{"trailing slash", "", "GET", "/users/", nil, nil, 404, "unknown_route", "", false, ""},
		{"wrong method", "", "PUT", "/tickets/" + OT, obj{"title": "Hello there"}, nil, 405, "method_not_allowed", "", false, "allowed methods"},
	}
	clients := map[string]*client{
		"": c, "none": c.as(""), "readonly": c.as(DefaultReadOnlyToken), "agent": c.as(DefaultAgentToken),
		"bad": c.as("not-a-token"), "apikey": c.withKey(DefaultAPIKey), "badkey": c.withKey("not-a-key"),
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := clients[tc.as].call(tc.method, tc.path, tc.body, tc.headers...)
			code, msg, param := r.errorOf()
			if r.status != tc.status || code != tc.code {
				t.Fatalf("%s: %d %s, want %d %s: %s", r.req, r.status, code, tc.status, tc.code, truncate(r.body))
			}
			if param != tc.param {
				t.Errorf("error.parameter is %q, want %q", param, tc.param)
			}
			if len(msg) < 15 || !strings.Contains(msg, tc.msg) {
				t.Errorf("message %q does not contain %q", msg, tc.msg)
			}
			for _, leak := range []string{"sql", "SQL", "panic", "goroutine", ".go:"} {
				if strings.Contains(msg, leak) {
					t.Errorf("message %q leaks %q", msg, leak)
				}
			}
			if e, _ := r.obj()["error"].(map[string]any); str(e, "request_id") != r.header.Get("X-Request-Id") {
				t.Errorf("error.request_id %q, X-Request-Id %q", str(e, "request_id"), r.header.Get("X-Request-Id"))
			}
			if r.op != nil && (r.specErr == nil) != tc.specOK {
				t.Errorf("the spec accepts the request: %v, want %v (%v)", r.specErr == nil, tc.specOK, r.specErr)
			}
		})
	}
	if got := c.call("PUT", "/tickets/"+OT, nil).header.Get("Allow"); got != "DELETE, GET, PATCH" {
		t.Errorf("Allow: %q", got)
	}
}

// TestJunkNeverFails sends junk to every operation: bodies, parameters and
// ids of the wrong shape. Every answer is a 4xx JSON error (client.call
// fails the test on a 5xx or a response the spec does not document).
func TestJunkNeverFails(t *testing.T) {
	run := start(t, Options{FailEvery: -1})
	c := newClient(t, run.URL)
	junkBodies := []any{"{", "[]", "null", "42", `"text"`, `{"":null}`, obj{"title": obj{"nested": []any{1, nil}}},
		obj{"requester_id": []string{"a"}, "tags": obj{}}, "\x00\xff", strings.Repeat("[", 10000)}
	junkQueries := []string{"?page=-1", "?per_page=1e3", "?limit=9999999999999999999999", "?q=%FF%FE", "?status=&tags=",
		"?sort=%3BDROP%20TABLE%20tickets", "?cursor=%00"}
	junkIDs := strings.NewReplacer("{userId}", "'; DROP TABLE users; --", "{teamId}", "..", "{ticketId}", "TCK-99999999999999999999999",
		"{assetId}", "AST-%00")
	for _, o := range c.spec.ops {
		path := junkIDs.Replace(o.path)
		bodies := junkBodies
		if c.spec.at(o.ptr+"/requestBody") == nil {
			bodies = nil // GET and DELETE ignore bodies, like most servers
		}
		for _, b := range bodies {
			if r := c.call(o.method, path, b, "If-Match", "-1", "Idempotency-Key", strings.Repeat("k", 100)); r.status < 400 {
				t.Errorf("%s: junk body %v: %d", r.req, b, r.status)
			}
		}
		for _, q := range junkQueries {
			// Real paths, so that the query is what is wrong.
			c.call(o.method, strings.NewReplacer("{userId}", exampleUUID, "{teamId}", exampleTeamID,
				"{ticketId}", exampleTicketID, "{assetId}", exampleAssetID).Replace(o.path)+q, nil)
		}
	}
}
