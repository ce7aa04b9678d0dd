package server

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// TestCheckerCatchesMismatches makes sure the spec checks of the other
// tests can fail: responses and requests that disagree with the spec are
// caught.
func TestCheckerCatchesMismatches(t *testing.T) {
	sp := theSpec(t)
	user := map[string]any{
		"id": exampleUUID, "email": "jane.doe@globex.example", "name": "Jane Doe", "department": "Finance",
		"title": "", "role": "requester", "team_id": nil, "manager_id": nil, "phone": nil, "location": "",
		"active": true, "created_at": exampleDateTime, "updated_at": exampleDateTime,
	}
	with := func(k string, v any) []byte {
		m := map[string]any{}
		for kk, vv := range user {
			m[kk] = vv
		}
		if v == nil {
			delete(m, k)
		} else {
			m[k] = v
		}
		b, _ := json.Marshal(m)
		return b
	}
	jsonHeader := http.Header{"Content-Type": {"application/json"}, "X-Request-Id": {"req_1"}}
	getUser, getTicket := sp.op("getUser"), sp.op("getTicket")
	if err := sp.checkResponse(getUser, 200, jsonHeader, with("title", "")); err != nil {
		t.Fatalf("a valid user is rejected: %v", err)
	}
	bad := []struct {
		name   string
		op     *specOp
		status int
		header http.Header
		body   []byte
		want   string
	}{
		{"missing field", getUser, 200, jsonHeader, with("email", nil), "missing propert"},
		{"undeclared field", getUser, 200, jsonHeader, with("nickname", "JD"), "/nickname"},
		{"pattern", getUser, 200, jsonHeader, with("id", strings.ToUpper(exampleUUID)), "does not match"},
		{"enum", getUser, 200, jsonHeader, with("role", "boss"), "role"},
		{"format", getUser, 200, jsonHeader, with("created_at", "yesterday"), "date-time"},
		{"null", getUser, 200, jsonHeader, with("name", nil), "name"},
		{"undocumented status", getUser, 418, jsonHeader, []byte(`{}`), "not documented"},
		{"content type", getUser, 200, http.Header{"Content-Type": {"text/plain"}}, with("title", ""), "Content-Type"},
		{"required header", getTicket, 200, jsonHeader, []byte(`{}`), "ETag"},
		{"error shape", getUser, 404, jsonHeader, []byte(`{"message":"no"}`), "error"},
		{"body on 204", sp.op("deleteTicket"), 204, http.Header{}, []byte(`{}`), "no body"},
	}
	for _, tc := range bad {
		err := sp.checkResponse(tc.op, tc.status, tc.header, tc.body)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %v, want an error about %q", tc.name, err, tc.want)
		}
	}

	listTickets, createTicket, updateTicket := sp.op("listTickets"), sp.op("createTicket"), sp.op("updateTicket")
	vars := map[string]string{"ticketId": exampleTicketID}
	accepts := []struct {
		name   string
		op     *specOp
		query  string
		header http.Header
		body   string
		ok     bool
	}{
		{"valid query", listTickets, "status=new&status=open&tags=vpn&page=2&unassigned=true", nil, "", true},
		{"enum", listTickets, "status=Open", nil, "", false},
		{"unknown parameter", listTickets, "foo=1", nil, "", false},
		{"integer", listTickets, "page=two", nil, "", false},
		{"range", listTickets, "per_page=101", nil, "", false},
		{"repeated", listTickets, "page=1&page=2", nil, "", false},
		{"valid body", createTicket, "", nil, `{"title":"Printer jam","requester_id":"` + exampleUUID + `"}`, true},
		{"missing field", createTicket, "", nil, `{"title":"Printer jam"}`, false},
		{"unknown field", createTicket, "", nil, `{"title":"Printer jam","requester_id":"` + exampleUUID + `","x":1}`, false},
		{"no body", createTicket, "", nil, ``, false},
		{"header pattern", createTicket, "", http.Header{"Idempotency-Key": {"no"}}, `{"title":"Printer jam","requester_id":"` + exampleUUID + `"}`, false},
		{"required header", updateTicket, "", nil, `{"priority":"low"}`, false},
		{"with header", updateTicket, "", http.Header{"If-Match": {`"3"`}}, `{"priority":"low"}`, true},
	}
	for _, tc := range accepts {
		q, _ := url.ParseQuery(tc.query)
		h := tc.header
		if h == nil {
			h = http.Header{}
		}
		err := sp.accepts(tc.op, vars, q, h, []byte(tc.body))
		if (err == nil) != tc.ok {
			t.Errorf("%s: accepts = %v, want ok=%v", tc.name, err, tc.ok)
		}
	}
}
