package server

import (
	"fmt"
	"net/url"
	"sort"
	"strings"
	"testing"
	"time"
)

// TestOperations exercises every operation of the spec through HTTP with
// valid input, checks what it did, and (through client.call) validates
// every response against the spec.
func TestOperations(t *testing.T) {
	run := start(t, Options{FailEvery: -1})
	c := newClient(t, run.URL)
	f := loadFixtures(t, c)
	requesterID, agentID := str(f.requester, "id"), str(f.agent, "id")

	t.Run("getHealth", func(t *testing.T) {
		h := c.as("").call("GET", "/health", nil).want(t, 200).obj()
		if str(h, "status") != "ok" || str(h, "version") != Version {
			t.Errorf("health: %v", h)
		}
	})

	t.Run("getServiceStats", func(t *testing.T) {
		s := c.call("GET", "/stats", nil).want(t, 200).obj()
		tickets := s["tickets"].(map[string]any)
		users := s["users"].(map[string]any)
		if num(tickets, "total") != seedTickets || num(users, "total") != seedAdmins+seedAgents+seedRequesters {
			t.Errorf("stats: %v", s)
		}
		sum := 0
		for _, n := range tickets["by_status"].(map[string]any) {
			sum += int(n.(float64))
		}
		if sum != seedTickets {
			t.Errorf("by_status adds up to %d, want %d", sum, seedTickets)
		}
	})

	t.Run("listUsers", func(t *testing.T) {
		all := c.call("GET", "/users?per_page=100", nil).want(t, 200)
		if n := len(all.items()); n != seedAdmins+seedAgents+seedRequesters || num(all.obj(), "total") != n {
			t.Fatalf("%d users, total %d", n, num(all.obj(), "total"))
		}
		names := []string{}
		for _, u := range all.items() {
			names = append(names, str(u, "name"))
		}
		if !sort.StringsAreSorted(names) {
			t.Errorf("users are not sorted by name: %v", names)
		}
		byEmail := c.call("GET", "/users?email="+url.QueryEscape(strings.ToUpper(str(f.requester, "email"))), nil).want(t, 200).items()
		if len(byEmail) != 1 || str(byEmail[0], "id") != requesterID {
			t.Errorf("email filter: %v", byEmail)
		}
		agents := c.call("GET", "/users?role=agent&per_page=100", nil).want(t, 200).items()
		if len(agents) != seedAgents {
			t.Errorf("%d agents, want %d", len(agents), seedAgents)
		}
		first := strings.Fields(str(f.requester, "name"))[1]
		for _, u := range c.call("GET", "/users?q="+url.QueryEscape(first), nil).want(t, 200).items() {
			if !strings.Contains(strings.ToLower(str(u, "name")+str(u, "email")), strings.ToLower(first)) {
				t.Errorf("q=%s matched %v", first, u)
			}
		}
		p2 := c.call("GET", "/users?per_page=10&page=2&sort=-created_at", nil).want(t, 200).obj()
		if num(p2, "page") != 2 || num(p2, "per_page") != 10 || num(p2, "total_pages") != 4 || len(asSlice(p2["items"])) != 10 {
			t.Errorf("page 2: page=%v per_page=%v total_pages=%v", p2["page"], p2["per_page"], p2["total_pages"])
		}
		for _, u := range c.call("GET", "/users?department=IT&team_id="+str(f.team, "id"), nil).want(t, 200).items() {
			if str(u, "department") != "IT" || str(u, "team_id") != str(f.team, "id") {
				t.Errorf("department/team filter matched %v", u)
			}
		}
	})

	t.Run("getUser", func(t *testing.T) {
		u := c.call("GET", "/users/"+requesterID, nil).want(t, 200).obj()
		if str(u, "email") != str(f.requester, "email") {
			t.Errorf("getUser: %v", u)
		}
	})

	var newUserID string
	t.Run("createUser", func(t *testing.T) {
		r := c.call("POST", "/users", map[string]any{
			"name": "Test Person", "email": "test.person@globex.example", "department": "Legal",
			"manager_id": requesterID, "phone": "+4930123456789",
		}).want(t, 201)
		u := r.obj()
		newUserID = str(u, "id")
		if str(u, "role") != "requester" || u["active"] != true || str(u, "manager_id") != requesterID {
			t.Errorf("defaults: %v", u)
		}
		if loc := r.header.Get("Location"); loc != "/users/"+newUserID {
			t.Errorf("Location %q", loc)
		}
		if got := c.call("GET", "/users/"+newUserID, nil).want(t, 200).obj(); str(got, "name") != "Test Person" {
			t.Errorf("created user reads back as %v", got)
		}
	})

	t.Run("updateUser", func(t *testing.T) {
		u := c.call("PATCH", "/users/"+newUserID, map[string]any{
			"title": "Paralegal", "phone": nil, "team_id": str(f.team, "id"), "role": "agent",
		}).want(t, 200).obj()
		if str(u, "title") != "Paralegal" || u["phone"] != nil || str(u, "team_id") != str(f.team, "id") ||
			str(u, "role") != "agent" || str(u, "name") != "Test Person" {
			t.Errorf("updateUser: %v", u)
		}
	})

	t.Run("listTeams", func(t *testing.T) {
		all := c.call("GET", "/teams", nil).want(t, 200).obj()
		if num(all, "total") != len(seedTeams) || len(asSlice(all["items"])) != len(seedTeams) {
			t.Errorf("teams: %v", all)
		}
		net := c.call("GET", "/teams?q=network", nil).want(t, 200).items()
		if len(net) != 1 || str(net[0], "slug") != "network-ops" {
			t.Errorf("q=network: %v", net)
		}
	})

	t.Run("getTeam", func(t *testing.T) {
		tm := c.call("GET", "/teams/"+str(f.team, "id"), nil).want(t, 200).obj()
		if str(tm, "slug") != str(f.team, "slug") {
			t.Errorf("getTeam: %v", tm)
		}
	})

	t.Run("listTeamMembers", func(t *testing.T) {
		r := c.call("GET", "/teams/"+str(f.team, "id")+"/members", nil).want(t, 200)
		members := r.items()
		if len(members) == 0 {
			t.Fatal("the team has no members")
		}
		found := false
		for _, m := range members {
			if str(m, "team_id") != str(f.team, "id") {
				t.Errorf("member of another team: %v", m)
			}
			found = found || str(m, "id") == newUserID
		}
		if !found {
			t.Errorf("the user moved to the team is not a member")
		}
		if got := c.call("GET", "/teams/"+str(f.team, "id")+"/members?role=admin", nil).want(t, 200).items(); len(got) > len(members) {
			t.Errorf("role filter: %d of %d", len(got), len(members))
		}
	})

	t.Run("listTickets", func(t *testing.T) {
		all := c.call("GET", "/tickets?per_page=100", nil).want(t, 200).obj()
		if num(all, "total") != seedTickets {
			t.Errorf("total %d", num(all, "total"))
		}
		created := []string{}
		for _, tk := range asSlice(all["items"]) {
			created = append(created, str(tk.(map[string]any), "created_at"))
		}
		if !sort.IsSorted(sort.Reverse(sort.StringSlice(created))) {
			t.Errorf("tickets are not newest first")
		}
		for _, tk := range c.call("GET", "/tickets?status=new&status=open&priority=high&per_page=100", nil).want(t, 200).items() {
			if s := str(tk, "status"); (s != "new" && s != "open") || str(tk, "priority") != "high" {
				t.Errorf("status/priority filter matched %v", tk)
			}
		}
		vpn := c.call("GET", "/tickets?tags=vpn&category=network&sort=priority", nil).want(t, 200).items()
		if len(vpn) == 0 {
			t.Error("no vpn tickets")
		}
		for _, tk := range vpn {
			if !strings.Contains(fmt.Sprint(tk["tags"]), "vpn") {
				t.Errorf("tags filter matched %v", tk)
			}
		}
		mine := c.call("GET", "/tickets?requester_id="+requesterID+"&created_after=2020-01-01T00:00:00Z&created_before=2030-01-01T00:00:00Z", nil).want(t, 200).items()
		for _, tk := range mine {
			if str(tk, "requester_id") != requesterID {
				t.Errorf("requester filter matched %v", tk)
			}
		}
		for _, tk := range c.call("GET", "/tickets?unassigned=true&per_page=100", nil).want(t, 200).items() {
			if tk["assignee_id"] != nil {
				t.Errorf("unassigned matched %v", tk)
			}
		}
		due := c.call("GET", "/tickets?due_before=2030-01-01T00:00:00Z&sort=due_at&assignee_id="+agentID+"&team_id="+str(f.team, "id"), nil).want(t, 200)
		for _, tk := range due.items() {
			if tk["due_at"] == nil || str(tk, "assignee_id") != agentID {
				t.Errorf("due/assignee filter matched %v", tk)
			}
		}
	})

	var ticketID string
	t.Run("createTicket", func(t *testing.T) {
		body := map[string]any{
			"title": "Laptop does not boot after update", "description": "Black screen after the logo.",
			"requester_id": requesterID, "priority": "high", "category": "hardware",
			"tags": []string{"laptop", "laptop", "boot"}, "due_at": time.Now().Add(48 * time.Hour).UTC().Format(time.RFC3339),
		}
		r := c.call("POST", "/tickets", body, "Idempotency-Key", "test-key-0001").want(t, 201)
		tk := r.obj()
		ticketID = str(tk, "id")
		if str(tk, "status") != "new" || num(tk, "version") != 1 || str(tk, "requester_id") != requesterID ||
			fmt.Sprint(tk["tags"]) != "[laptop boot]" {
			t.Errorf("created ticket: %v", tk)
		}
		if r.header.Get("ETag") != `"1"` || r.header.Get("Location") != "/tickets/"+ticketID {
			t.Errorf("headers: %v", r.header)
		}
		again := c.call("POST", "/tickets", body, "Idempotency-Key", "test-key-0001").want(t, 200)
		if str(again.obj(), "id") != ticketID || again.header.Get("Idempotent-Replayed") != "true" {
			t.Errorf("replay: %v %s", again.header, again.body)
		}
		// The API key may write.
		other := c.withKey(DefaultAPIKey).call("POST", "/tickets", map[string]any{"title": "Monitor flickers", "requester_id": requesterID}).want(t, 201).obj()
		if str(other, "priority") != "medium" || str(other, "category") != "other" || str(other, "id") == ticketID {
			t.Errorf("defaults: %v", other)
		}
	})

	t.Run("getTicket", func(t *testing.T) {
		r := c.call("GET", "/tickets/"+ticketID, nil).want(t, 200)
		if str(r.obj(), "title") != "Laptop does not boot after update" || r.header.Get("ETag") != `"1"` {
			t.Errorf("getTicket: %v %s", r.header, r.body)
		}
	})

	t.Run("updateTicket", func(t *testing.T) {
		r := c.call("PATCH", "/tickets/"+ticketID, map[string]any{"priority": "urgent", "status": "pending", "due_at": nil},
			"If-Match", `"1"`).want(t, 200)
		tk := r.obj()
		if str(tk, "priority") != "urgent" || str(tk, "status") != "pending" || tk["due_at"] != nil || num(tk, "version") != 2 {
			t.Errorf("updateTicket: %v", tk)
		}
		if r.header.Get("ETag") != `"2"` {
			t.Errorf("ETag %q", r.header.Get("ETag"))
		}
		// A bare version number works too.
		c.call("PATCH", "/tickets/"+ticketID, map[string]any{"tags": []string{"laptop"}}, "If-Match", "2").want(t, 200)
	})

	t.Run("assignTicket", func(t *testing.T) {
		tk := c.call("POST", "/tickets/"+ticketID+"/assign", map[string]any{"assignee_id": agentID}).want(t, 200).obj()
		if str(tk, "assignee_id") != agentID || str(tk, "team_id") != str(f.agent, "team_id") {
			t.Errorf("assignTicket: %v", tk)
		}
		tk = c.call("POST", "/tickets/"+str(f.openTicket, "id")+"/assign",
			map[string]any{"assignee_id": agentID, "team_id": str(f.team, "id")}).want(t, 200).obj()
		if str(tk, "team_id") != str(f.team, "id") || str(tk, "status") != "open" {
			t.Errorf("assignTicket with team: %v", tk)
		}
	})

	t.Run("listTicketComments", func(t *testing.T) {
		id := str(f.openTicket, "id")
		asc := c.call("GET", "/tickets/"+id+"/comments", nil).want(t, 200)
		if num(asc.obj(), "total") != num(f.openTicket, "comment_count") || len(asc.items()) == 0 {
			t.Fatalf("comments: %s", asc.body)
		}
		desc := c.call("GET", "/tickets/"+id+"/comments?order=desc&per_page=1", nil).want(t, 200).items()
		items := asc.items()
		if len(desc) != 1 || str(desc[0], "id") != str(items[len(items)-1], "id") {
			t.Errorf("order=desc does not start with the newest comment")
		}
		for _, cm := range c.call("GET", "/tickets/"+id+"/comments?visibility=public", nil).want(t, 200).items() {
			if str(cm, "visibility") != "public" || str(cm, "ticket_id") != id {
				t.Errorf("visibility filter matched %v", cm)
			}
		}
	})

	t.Run("addTicketComment", func(t *testing.T) {
		r := c.call("POST", "/tickets/"+ticketID+"/comments", map[string]any{"author_id": requesterID, "body": "Still broken."}).want(t, 201)
		cm := r.obj()
		if str(cm, "visibility") != "public" || str(cm, "author_id") != requesterID || str(cm, "ticket_id") != ticketID {
			t.Errorf("comment: %v", cm)
		}
		c.call("POST", "/tickets/"+ticketID+"/comments", map[string]any{"author_id": agentID, "body": "Checking the BIOS logs.", "visibility": "internal"}).want(t, 201)
		list := c.call("GET", "/tickets/"+ticketID+"/comments", nil).want(t, 200).items()
		if len(list) != 2 || str(list[0], "id") != str(cm, "id") {
			t.Errorf("comments after adding two: %v", list)
		}
		if n := num(c.call("GET", "/tickets/"+ticketID, nil).want(t, 200).obj(), "comment_count"); n != 2 {
			t.Errorf("comment_count %d", n)
		}
	})

	t.Run("closeTicket", func(t *testing.T) {
		tk := c.call("POST", "/tickets/"+ticketID+"/close", map[string]any{"resolution_code": "fixed", "resolution": "Reinstalled the OS."}).want(t, 200).obj()
		if str(tk, "status") != "closed" || tk["closed_at"] == nil || str(tk, "resolution_code") != "fixed" || str(tk, "resolution") != "Reinstalled the OS." {
			t.Errorf("closeTicket: %v", tk)
		}
	})

	t.Run("reopenTicket", func(t *testing.T) {
		tk := c.call("POST", "/tickets/"+ticketID+"/reopen", map[string]any{"reason": "It happened again."}).want(t, 200).obj()
		if str(tk, "status") != "open" || tk["closed_at"] != nil || tk["resolution_code"] != nil || num(tk, "comment_count") != 3 {
			t.Errorf("reopenTicket: %v", tk)
		}
		c.call("POST", "/tickets/"+ticketID+"/close", map[string]any{"resolution_code": "workaround"}).want(t, 200)
		tk = c.call("POST", "/tickets/"+ticketID+"/reopen", nil).want(t, 200).obj()
		if str(tk, "status") != "open" || num(tk, "comment_count") != 3 {
			t.Errorf("reopenTicket without a body: %v", tk)
		}
	})

	t.Run("listTicketsForUser", func(t *testing.T) {
		raised := c.call("GET", "/users/"+requesterID+"/tickets?per_page=100", nil).want(t, 200).items()
		found := false
		for _, tk := range raised {
			found = found || str(tk, "id") == ticketID
			if str(tk, "requester_id") != requesterID {
				t.Errorf("not the user's ticket: %v", tk)
			}
		}
		if !found {
			t.Errorf("the new ticket is not among the requester's tickets")
		}
		assigned := c.call("GET", "/users/"+agentID+"/tickets?relationship=assignee&status=open&per_page=100", nil).want(t, 200).items()
		found = false
		for _, tk := range assigned {
			found = found || str(tk, "id") == ticketID
			if str(tk, "assignee_id") != agentID || str(tk, "status") != "open" {
				t.Errorf("not an open ticket of the assignee: %v", tk)
			}
		}
		if !found {
			t.Errorf("the assigned ticket is not among the agent's tickets")
		}
	})

	t.Run("searchTickets", func(t *testing.T) {
		r := c.call("GET", "/search/tickets?q=vpn&limit=1", nil).want(t, 200).obj()
		if num(r, "total_matches") < 2 || r["next_cursor"] == nil || str(r, "query") != "vpn" {
			t.Fatalf("search: %v", r)
		}
		seen := map[string]bool{}
		cursor := str(r, "next_cursor")
		for _, h := range asSlice(r["items"]) {
			seen[str(h.(map[string]any), "ticket_id")] = true
		}
		for cursor != "" {
			page := c.call("GET", "/search/tickets?q=vpn&limit=1&cursor="+url.QueryEscape(cursor), nil).want(t, 200).obj()
			for _, h := range asSlice(page["items"]) {
				id := str(h.(map[string]any), "ticket_id")
				if seen[id] {
					t.Errorf("hit %s twice", id)
				}
				seen[id] = true
			}
			cursor = str(page, "next_cursor")
		}
		if len(seen) != num(r, "total_matches") {
			t.Errorf("paged through %d hits of %d", len(seen), num(r, "total_matches"))
		}
		// The hit's ticket_id is a ticket's id.
		for id := range seen {
			c.call("GET", "/tickets/"+id, nil).want(t, 200)
			break
		}
		boot := c.call("GET", "/search/tickets?q=boot+laptop&status=open", nil).want(t, 200).obj()
		items := asSlice(boot["items"])
		if len(items) == 0 || str(items[0].(map[string]any), "ticket_id") != ticketID {
			t.Errorf("search for the new ticket: %v", boot)
		}
	})

	t.Run("exportTickets", func(t *testing.T) {
		r := c.call("GET", "/exports/tickets", nil).want(t, 200)
		e := r.obj()
		if num(e, "ticket_count") != seedTickets+2 || len(asSlice(e["tickets"])) != seedTickets+2 {
			t.Errorf("ticket_count %d", num(e, "ticket_count"))
		}
		slim := c.call("GET", "/exports/tickets?include_comments=false", nil).want(t, 200)
		if len(slim.body) >= len(r.body) || strings.Contains(string(slim.body), `"comments":`) || num(slim.obj(), "comment_count") != 0 {
			t.Errorf("include_comments=false: %d bytes, with comments %d", len(slim.body), len(r.body))
		}
	})

	t.Run("listAssets", func(t *testing.T) {
		all := c.call("GET", "/assets?limit=100", nil).want(t, 200).obj()
		if num(all, "total") != seedAssets || len(asSlice(all["items"])) != seedAssets {
			t.Errorf("assets: total %d", num(all, "total"))
		}
		page := c.call("GET", "/assets?limit=10&offset=40", nil).want(t, 200).obj()
		if len(asSlice(page["items"])) != seedAssets-40 || num(page, "offset") != 40 || num(page, "limit") != 10 {
			t.Errorf("limit/offset: %v", page)
		}
		for _, a := range c.call("GET", "/assets?type=laptop&status=in_use&purchased_after=2020-01-01", nil).want(t, 200).items() {
			if str(a, "type") != "laptop" || str(a, "status") != "in_use" {
				t.Errorf("type/status filter matched %v", a)
			}
		}
		owner := str(f.ownedAsset, "owner")
		mine := c.call("GET", "/assets?owner="+owner+"&location="+url.QueryEscape(str(f.ownedAsset, "location")), nil).want(t, 200).items()
		if len(mine) == 0 {
			t.Error("owner filter found nothing")
		}
	})

	t.Run("listUserAssets", func(t *testing.T) {
		owner := str(f.ownedAsset, "owner")
		list := c.call("GET", "/users/"+owner+"/assets", nil).want(t, 200).arr()
		viaList := c.call("GET", "/assets?limit=100&owner="+owner, nil).want(t, 200).items()
		if len(list) == 0 || len(list) != len(viaList) {
			t.Errorf("listUserAssets has %d, listAssets?owner= %d", len(list), len(viaList))
		}
		typ := str(f.ownedAsset, "type")
		for _, a := range c.call("GET", "/users/"+owner+"/assets?type="+typ, nil).want(t, 200).arr() {
			if str(a.(map[string]any), "type") != typ {
				t.Errorf("type filter matched %v", a)
			}
		}
	})

	var assetID string
	t.Run("createAsset", func(t *testing.T) {
		r := c.call("POST", "/assets", map[string]any{
			"type": "laptop", "model": "ThinkPad X1 Carbon Gen 12", "manufacturer": "Lenovo",
			"serial_number": "PF4ZK2QX9M", "location": "Berlin", "purchased_at": "2026-02-01",
			"warranty_expires": "2029-02-01", "purchase_cost": 1899.5,
		}).want(t, 201)
		a := r.obj()
		assetID = str(a, "id")
		if str(a, "status") != "in_stock" || a["owner"] != nil || a["purchase_cost"] != 1899.5 || r.header.Get("Location") != "/assets/"+assetID {
			t.Errorf("createAsset: %v", a)
		}
	})

	t.Run("getAsset", func(t *testing.T) {
		a := c.call("GET", "/assets/"+assetID, nil).want(t, 200).obj()
		if str(a, "serial_number") != "PF4ZK2QX9M" {
			t.Errorf("getAsset: %v", a)
		}
	})

	t.Run("assignAsset", func(t *testing.T) {
		a := c.call("POST", "/assets/"+assetID+"/assign", map[string]any{"user_id": requesterID}).want(t, 200).obj()
		if str(a, "owner") != requesterID || str(a, "status") != "in_use" || a["assigned_at"] == nil || str(a, "location") != str(f.requester, "location") {
			t.Errorf("assignAsset: %v", a)
		}
		found := false
		for _, x := range c.call("GET", "/users/"+requesterID+"/assets", nil).want(t, 200).arr() {
			found = found || str(x.(map[string]any), "id") == assetID
		}
		if !found {
			t.Error("the assigned asset is not among the user's assets")
		}
	})

	t.Run("unassignAsset", func(t *testing.T) {
		a := c.call("POST", "/assets/"+assetID+"/unassign", map[string]any{"location": "London"}).want(t, 200).obj()
		if a["owner"] != nil || str(a, "status") != "in_stock" || a["assigned_at"] != nil || str(a, "location") != "London" {
			t.Errorf("unassignAsset: %v", a)
		}
		c.call("POST", "/assets/"+assetID+"/assign", map[string]any{"user_id": agentID}).want(t, 200)
		a = c.call("POST", "/assets/"+assetID+"/unassign", nil).want(t, 200).obj()
		if a["owner"] != nil || str(a, "location") != str(f.agent, "location") {
			t.Errorf("unassignAsset without a body: %v", a)
		}
	})

	t.Run("deleteTicket", func(t *testing.T) {
		id := str(f.openTicket, "id")
		r := c.call("DELETE", "/tickets/"+id, nil).want(t, 204)
		if len(r.body) != 0 {
			t.Errorf("204 with a body: %s", r.body)
		}
		c.call("GET", "/tickets/"+id, nil).want(t, 404)
		var n int
		if err := run.Server.store.db.QueryRow(`SELECT count(*) FROM comments WHERE ticket_id = ?`, id).Scan(&n); err != nil || n != 0 {
			t.Errorf("%d comments of the deleted ticket remain (%v)", n, err)
		}
		// A retried create with the key of a deleted ticket creates a new one.
		c.call("DELETE", "/tickets/"+ticketID, nil).want(t, 204)
		again := c.call("POST", "/tickets", map[string]any{"title": "Laptop does not boot after update", "requester_id": requesterID},
			"Idempotency-Key", "test-key-0001").want(t, 201)
		if str(again.obj(), "id") == ticketID {
			t.Error("the deleted ticket's id was reused")
		}
	})

	// Every operation answered 2xx at least once.
	for _, o := range c.spec.ops {
		ok := false
		for status := range c.covered[o.id] {
			ok = ok || status < 300
		}
		if !ok {
			t.Errorf("%s was not exercised successfully", o.id)
		}
	}
}
