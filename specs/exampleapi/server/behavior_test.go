package server

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestConcurrentWritesLoseNothing runs 50 writers at once: comments on
// one ticket and new tickets. Every write is there afterwards, and
// concurrent updates of one ticket with the same If-Match let exactly one
// through.
func TestConcurrentWritesLoseNothing(t *testing.T) {
	run := start(t, Options{FailEvery: -1})
	c := newClient(t, run.URL)
	f := loadFixtures(t, c)
	ticketID, requesterID := str(f.openTicket, "id"), str(f.requester, "id")
	before := num(f.openTicket, "comment_count")
	const writers = 50
	var wg sync.WaitGroup
	statuses := make([]int, writers)
	created := make([]string, writers)
	for i := range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var r *response
			if i%2 == 0 {
				r = c.call("POST", "/tickets/"+ticketID+"/comments", obj{"author_id": requesterID, "body": fmt.Sprintf("comment %d", i)})
			} else {
				r = c.call("POST", "/tickets", obj{"title": fmt.Sprintf("Concurrent ticket %d", i), "requester_id": requesterID})
				created[i] = str(r.obj(), "id")
			}
			statuses[i] = r.status
		}()
	}
	wg.Wait()
	for i, s := range statuses {
		if s != http.StatusCreated {
			t.Errorf("writer %d: status %d", i, s)
		}
	}
	comments := c.call("GET", "/tickets/"+ticketID+"/comments?per_page=100", nil).want(t, 200)
	if got := num(comments.obj(), "total"); got != before+writers/2 {
		t.Errorf("%d comments, want %d", got, before+writers/2)
	}
	bodies := map[string]bool{}
	for _, cm := range comments.items() {
		bodies[str(cm, "body")] = true
	}
	ids := map[string]bool{}
	for i := 0; i < writers; i++ {
		if i%2 == 0 {
			if !bodies[fmt.Sprintf("comment %d", i)] {
				t.Errorf("comment %d is lost", i)
			}
			continue
		}
		if ids[created[i]] {
			t.Errorf("ticket id %s was given twice", created[i])
		}
		ids[created[i]] = true
		if tk := c.call("GET", "/tickets/"+created[i], nil).want(t, 200).obj(); str(tk, "title") != fmt.Sprintf("Concurrent ticket %d", i) {
			t.Errorf("ticket %s: %v", created[i], tk)
		}
	}

	// Optimistic locking: of 10 updates with the same version, one wins.
	version := fmt.Sprint(num(c.call("GET", "/tickets/"+ticketID, nil).want(t, 200).obj(), "version"))
	var mu sync.Mutex
	count := map[int]int{}
	for i := range 10 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := c.call("PATCH", "/tickets/"+ticketID, obj{"title": fmt.Sprintf("Edited by writer %d", i)}, "If-Match", version)
			mu.Lock()
			count[r.status]++
			mu.Unlock()
		}()
	}
	wg.Wait()
	if count[200] != 1 || count[412] != 9 {
		t.Errorf("concurrent updates: %v, want one 200 and nine 412", count)
	}

	// Idempotency: 10 creates with one key make one ticket.
	ticketIDs := map[string]bool{}
	count = map[int]int{}
	for range 10 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := c.call("POST", "/tickets", obj{"title": "Same request", "requester_id": requesterID}, "Idempotency-Key", "same-key-123")
			mu.Lock()
			count[r.status]++
			ticketIDs[str(r.obj(), "id")] = true
			mu.Unlock()
		}()
	}
	wg.Wait()
	if count[201] != 1 || count[200] != 9 || len(ticketIDs) != 1 {
		t.Errorf("idempotent creates: %v, %d tickets", count, len(ticketIDs))
	}
}

// TestPersistence: what is written survives Close and a new Start on the
// same data file, which is not seeded again.
func TestPersistence(t *testing.T) {
	file := filepath.Join(t.TempDir(), "desk.db")
	run1, err := Start(context.Background(), Options{DataFile: file, Seed: 3, FailEvery: -1})
	if err != nil {
		t.Fatal(err)
	}
	c := newClient(t, run1.URL)
	f := loadFixtures(t, c)
	u := c.call("POST", "/users", obj{"name": "Persistent Person", "email": "persistent@globex.example", "department": "Sales"}).want(t, 201).obj()
	tk := c.call("POST", "/tickets", obj{"title": "Survives a restart", "requester_id": str(u, "id")}, "Idempotency-Key", "persist-key-1").want(t, 201).obj()
	c.call("POST", "/tickets/"+str(tk, "id")+"/comments", obj{"author_id": str(u, "id"), "body": "Still here?"}).want(t, 201)
	c.call("POST", "/assets/"+str(f.stockAsset, "id")+"/assign", obj{"user_id": str(u, "id")}).want(t, 200)
	if err := run1.Close(); err != nil {
		t.Fatal(err)
	}

	// Another seed: an already seeded file is used as it is.
	run2 := start(t, Options{DataFile: file, Seed: 99, FailEvery: -1})
	c = newClient(t, run2.URL)
	if got := c.call("GET", "/users/"+str(u, "id"), nil).want(t, 200).obj(); str(got, "email") != "persistent@globex.example" {
		t.Errorf("user after restart: %v", got)
	}
	got := c.call("GET", "/tickets/"+str(tk, "id"), nil).want(t, 200).obj()
	if str(got, "title") != "Survives a restart" || num(got, "comment_count") != 1 {
		t.Errorf("ticket after restart: %v", got)
	}
	if a := c.call("GET", "/assets/"+str(f.stockAsset, "id"), nil).want(t, 200).obj(); str(a, "owner") != str(u, "id") {
		t.Errorf("asset after restart: %v", a)
	}
	users := c.call("GET", "/users", nil).want(t, 200).obj()
	if num(users, "total") != seedAdmins+seedAgents+seedRequesters+1 {
		t.Errorf("%d users after restart: the file was seeded again?", num(users, "total"))
	}
	// The idempotency key and the ticket numbering survive too.
	again := c.call("POST", "/tickets", obj{"title": "Survives a restart", "requester_id": str(u, "id")}, "Idempotency-Key", "persist-key-1").want(t, 200)
	if str(again.obj(), "id") != str(tk, "id") {
		t.Errorf("replay after restart gave %s", str(again.obj(), "id"))
	}
	next := c.call("POST", "/tickets", obj{"title": "After the restart", "requester_id": str(u, "id")}).want(t, 201).obj()
	if ticketNumber(str(next, "id")) <= ticketNumber(str(tk, "id")) {
		t.Errorf("ticket %s after %s", str(next, "id"), str(tk, "id"))
	}
}

// TestServiceStatsFailsOnSchedule: every third getServiceStats call fails
// with 503 and Retry-After, and the next succeeds; FailEvery < 0 never
// fails.
func TestServiceStatsFailsOnSchedule(t *testing.T) {
	run := start(t, Options{})
	c := newClient(t, run.URL)
	for i := 1; i <= 9; i++ {
		r := c.call("GET", "/stats", nil)
		if i%DefaultFailEvery != 0 {
			r.want(t, 200)
			continue
		}
		r.want(t, 503)
		if code, msg, _ := r.errorOf(); code != codeServiceUnavailable || !strings.Contains(msg, "retry") {
			t.Errorf("call %d: %s %q", i, code, msg)
		}
		if r.header.Get("Retry-After") != "1" {
			t.Errorf("call %d: Retry-After %q", i, r.header.Get("Retry-After"))
		}
	}
	never := newClient(t, start(t, Options{FailEvery: -1}).URL)
	for range 6 {
		never.call("GET", "/stats", nil).want(t, 200)
	}
	every := newClient(t, start(t, Options{FailEvery: 1}).URL)
	every.call("GET", "/stats", nil).want(t, 503)
}

// TestExportIsLarge: exportTickets is well over 100 KB with everything in
// it, as the spec warns.
func TestExportIsLarge(t *testing.T) {
	run := start(t, Options{FailEvery: -1})
	c := newClient(t, run.URL)
	r := c.call("GET", "/exports/tickets", nil).want(t, 200)
	if len(r.body) < 150_000 {
		t.Errorf("the export is %d bytes, want well over 100 KB", len(r.body))
	}
	e := r.obj()
	comments := 0
	for _, x := range asSlice(e["tickets"]) {
		tk := x.(map[string]any)
		if len(asSlice(tk["comments"])) != num(tk, "comment_count") {
			t.Errorf("%s: %d comments inlined, comment_count %d", str(tk, "id"), len(asSlice(tk["comments"])), num(tk, "comment_count"))
		}
		if tk["requester"] == nil {
			t.Errorf("%s has no requester", str(tk, "id"))
		}
		comments += len(asSlice(tk["comments"]))
	}
	if num(e, "comment_count") != comments || num(e, "ticket_count") != seedTickets {
		t.Errorf("counts: %v tickets, %v comments (inlined %d)", e["ticket_count"], e["comment_count"], comments)
	}
	slim := c.call("GET", "/exports/tickets?include_comments=false", nil).want(t, 200)
	if len(slim.body) < 80_000 || len(slim.body) >= len(r.body) {
		t.Errorf("without comments: %d bytes (with: %d)", len(slim.body), len(r.body))
	}
	t.Logf("export: %d bytes, %d without comments", len(r.body), len(slim.body))
}

// TestUnmatchedFiltersGiveEmptyLists: filters that match nothing give 200
// and an empty JSON array, never null or 404.
func TestUnmatchedFiltersGiveEmptyLists(t *testing.T) {
	run := start(t, Options{FailEvery: -1})
	c := newClient(t, run.URL)
	f := loadFixtures(t, c)
	newUser := c.call("POST", "/users", obj{"name": "Nobody Yet", "email": "nobody@globex.example", "department": "Legal"}).want(t, 201).obj()
	for _, path := range []string{
		"/tickets?tags=no-such-tag",
		"/tickets?created_after=2030-01-01T00:00:00Z",
		"/tickets?requester_id=" + exampleUUID,
		"/tickets?page=500",
		"/users?q=zzzzzz",
		"/users?q=%25",
		"/users?q=_",
		"/teams/" + str(f.team, "id") + "/members?role=requester",
		"/teams?q=zzzzzz",
		"/assets?location=Atlantis",
		"/assets?offset=100000",
		"/search/tickets?q=xylophone",
		"/users/" + str(newUser, "id") + "/tickets",
		"/users/" + str(newUser, "id") + "/tickets?relationship=assignee",
	} {
		r := c.call("GET", path, nil).want(t, 200)
		if !strings.Contains(string(r.body), `"items":[]`) {
			t.Errorf("GET %s: %s", path, truncate(r.body))
		}
		if total, ok := r.obj()["total"]; ok && total != float64(0) && !strings.Contains(path, "page=") && !strings.Contains(path, "offset=") {
			t.Errorf("GET %s: total %v", path, total)
		}
	}
	if r := c.call("GET", "/users/"+str(newUser, "id")+"/assets", nil).want(t, 200); strings.TrimSpace(string(r.body)) != "[]" {
		t.Errorf("listUserAssets of a new user: %s", r.body)
	}
	if s := c.call("GET", "/search/tickets?q=xylophone", nil).want(t, 200).obj(); s["next_cursor"] != nil {
		t.Errorf("next_cursor of an empty search: %v", s["next_cursor"])
	}
}

// TestSeedIsDeterministic: the same seed gives the same data, ids
// included; another seed other data.
func TestSeedIsDeterministic(t *testing.T) {
	list := func(seed int64) string {
		c := newClient(t, start(t, Options{Seed: seed, FailEvery: -1}).URL)
		var b strings.Builder
		for _, path := range []string{"/users?per_page=100&sort=created_at", "/teams", "/tickets?per_page=100", "/assets?limit=100"} {
			for _, x := range c.call("GET", path, nil).want(t, 200).items() {
				b.WriteString(str(x, "id") + " " + str(x, "name") + str(x, "title") + str(x, "serial_number") + "\n")
			}
		}
		return b.String()
	}
	a, b, other := list(7), list(7), list(8)
	if a != b {
		t.Error("seed 7 gave different data twice")
	}
	if a == other {
		t.Error("seeds 7 and 8 gave the same data")
	}
}

// TestStartAndClose: Start listens on 127.0.0.1, Close is idempotent, and
// cancelling the context stops the server.
func TestStartAndClose(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	run, err := Start(ctx, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(run.URL, "http://127.0.0.1:") {
		t.Errorf("URL %q", run.URL)
	}
	newClient(t, run.URL).as("").call("GET", "/health", nil).want(t, 200)
	cancel()
	deadline := time.Now().Add(5 * time.Second)
	for {
		_, err := http.Get(run.URL + "/health")
		if err != nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the server still answers after its context was cancelled")
		}
		time.Sleep(20 * time.Millisecond)
	}
	if err := run.Close(); err != nil {
		t.Errorf("Close after cancel: %v", err)
	}
	// A connection that never sends a request does not hold Close up.
	run2, err := Start(context.Background(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	conn, err := net.Dial("tcp", strings.TrimPrefix(run2.URL, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	began := time.Now()
	if err := run2.Close(); err != nil || time.Since(began) > 2*time.Second {
		t.Errorf("Close with an idle connection: %v after %v", err, time.Since(began))
	}
	if _, err := Start(context.Background(), Options{Addr: "256.0.0.1:0"}); err == nil {
		t.Error("Start on a bad address did not fail")
	}
	if _, err := Start(context.Background(), Options{DataFile: filepath.Join(t.TempDir(), "no", "such", "dir", "x.db")}); err == nil {
		t.Error("Start with a data file in a missing directory did not fail")
	}
}
