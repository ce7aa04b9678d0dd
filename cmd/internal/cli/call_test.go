package cli

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
)

// inventoryServer answers like the inventory31 spec's API on 127.0.0.1 and
// records the requests it gets.
func inventoryServer(t *testing.T) (string, func() []string) {
	var mu sync.Mutex
	var got []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		mu.Lock()
		got = append(got, r.Method+" "+r.URL.RequestURI()+" "+r.Header.Get("Authorization")+" "+string(body))
		mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		switch {
		case r.Header.Get("Authorization") != "Bearer s3cret" && r.Header.Get("X-API-Key") == "":
			w.WriteHeader(401)
			io.WriteString(w, `{"message":"missing token"}`)
		case r.Method == "GET":
			io.WriteString(w, `{"items":[{"id":"a1","name":"Widget","price":9.5,"status":"active","created_at":"2026-01-02T03:04:05Z"}]}`)
		default:
			w.WriteHeader(201)
			io.WriteString(w, `{"id":"n1","name":"Gadget","price":2,"status":"draft","created_at":"2026-01-02T03:04:05Z"}`)
		}
	}))
	t.Cleanup(srv.Close)
	return srv.URL, func() []string {
		mu.Lock()
		defer mu.Unlock()
		return append([]string(nil), got...)
	}
}

func TestCallPrintsWhatTheModelReads(t *testing.T) {
	url, requests := inventoryServer(t)
	t.Setenv("INVENTORY_BEARER_AUTH", "s3cret")
	spec := repoFile(t, "specs/golden/inventory31.yaml")

	code, stdout, stderr := run(t, "call", "--spec", spec, "--base-url", url, "listItems", `{"limit":"2","status":"Active"}`)
	if code != exitOK {
		t.Fatalf("code %d\nstdout %s\nstderr %s", code, stdout, stderr)
	}
	if !strings.HasPrefix(stdout, "200 OK") || !strings.Contains(stdout, "Widget") || !strings.Contains(stdout, `limit: "2" -> 2`) {
		t.Errorf("stdout:\n%s", stdout)
	}
	if strings.Contains(stdout+stderr, "s3cret") {
		t.Error("the credential was printed")
	}
	if got := requests(); len(got) != 1 || !strings.HasPrefix(got[0], "GET /items?limit=2&status=active Bearer s3cret") {
		t.Errorf("requests %q", got)
	}
}

func TestCallRefusesInvalidArgumentsAndMutations(t *testing.T) {
	url, requests := inventoryServer(t)
	t.Setenv("INVENTORY_BEARER_AUTH", "s3cret")
	spec := repoFile(t, "specs/golden/inventory31.yaml")

	code, stdout, _ := run(t, "call", "--spec", spec, "--base-url", url, "listItems", `{"limit":1000,"colour":"red"}`)
	if code != exitGate || !strings.Contains(stdout, "Invalid arguments for listItems") || !strings.Contains(stdout, "colour") || !strings.Contains(stdout, "limit") {
		t.Errorf("invalid arguments: code %d\n%s", code, stdout)
	}
	code, stdout, _ = run(t, "call", "--spec", spec, "--base-url", url, "createItem", `{"name":"Gadget","price":2}`)
	if code != exitGate || !strings.Contains(stdout, "Not called") {
		t.Errorf("mutation without --allow-mutations: code %d\n%s", code, stdout)
	}
	if got := requests(); len(got) != 0 {
		t.Fatalf("requests were sent for refused calls: %q", got)
	}
	code, stdout, _ = run(t, "call", "--allow-mutations", "--json", "--spec", spec, "--base-url", url, "createItem", `{"name":"Gadget","price":2}`)
	if code != exitOK {
		t.Fatalf("mutation with --allow-mutations: code %d\n%s", code, stdout)
	}
	var rec struct {
		Tool   string         `json:"tool"`
		Args   map[string]any `json:"args"`
		Result struct {
			Status int  `json:"status"`
			OK     bool `json:"ok"`
		} `json:"result"`
		Text string `json:"text"`
	}
	if err := json.Unmarshal([]byte(stdout), &rec); err != nil {
		t.Fatalf("--json output is not JSON: %v\n%s", err, stdout)
	}
	if rec.Tool != "createItem" || rec.Result.Status != 201 || !rec.Result.OK || rec.Args["name"] != "Gadget" {
		t.Errorf("record %+v", rec)
	}
	if got := requests(); len(got) != 1 || !strings.HasSuffix(got[0], `{"name":"Gadget","price":2}`) {
		t.Errorf("requests %q", got)
	}
}

func TestCallErrors(t *testing.T) {
	spec := repoFile(t, "specs/golden/inventory31.yaml")
	code, _, stderr := run(t, "call", "--spec", spec, "--base-url", "http://127.0.0.1:1", "nosuchTool", "{}")
	if code != exitError || !strings.Contains(stderr, `no tool "nosuchTool"`) {
		t.Errorf("unknown tool: code %d, stderr %q", code, stderr)
	}
	if code, _, _ := run(t, "call", "--spec", spec); code != exitUsage {
		t.Errorf("no tool: code %d", code)
	}
	t.Setenv("INVENTORY_BEARER_AUTH", "")
	code, stdout, _ := run(t, "call", "--spec", spec, "--base-url", "http://127.0.0.1:1", "listItems", "")
	if code != exitGate || !strings.Contains(stdout, "no response") {
		t.Errorf("closed port: code %d, stdout %q", code, stdout)
	}
}

// TestCallDoesNotFollowRedirectsElsewhere: an API that redirects to
// another origin gets neither the bearer token nor the API key there; the
// printed result says where it pointed.
func TestCallDoesNotFollowRedirectsElsewhere(t *testing.T) {
	var stolen []string
	var mu sync.Mutex
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		stolen = append(stolen, r.Header.Get("Authorization")+r.Header.Get("X-API-Key"))
		mu.Unlock()
	}))
	defer other.Close()
	api := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, other.URL+"/elsewhere", http.StatusFound)
	}))
	defer api.Close()
	t.Setenv("INVENTORY_BEARER_AUTH", "s3cret")
	t.Setenv("INVENTORY_API_KEY", "k3y")
	spec := repoFile(t, "specs/golden/inventory31.yaml")
	code, stdout, stderr := run(t, "call", "--spec", spec, "--base-url", api.URL, "listItems", `{}`)
	if code != exitGate || !strings.Contains(stdout, "302 Found") || !strings.Contains(stdout, other.URL+"/elsewhere") {
		t.Errorf("code %d\nstdout %s\nstderr %s", code, stdout, stderr)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(stolen) != 0 || strings.Contains(stdout+stderr, "s3cret") {
		t.Errorf("the other origin got %q", stolen)
	}
}
