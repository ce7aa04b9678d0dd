package replay_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/agentready/agentready/gen/toolrt"
	"github.com/agentready/agentready/harness/replay"
)

// Credentials the test's requests carry, none of which may reach a file.
const (
	bearer    = "sk-bearer-secret-1"
	headerKey = "hk-header-secret-2"
	queryKey  = "qk-query-secret-3"
	cookie    = "ck-cookie-secret-4"
	setCookie = "sc-session-secret-5"
)

var creds = replay.CredentialsOf([]toolrt.SecurityScheme{
	{Name: "bearer", Kind: toolrt.BearerAuth},
	{Name: "header", Kind: toolrt.APIKey, In: "header", ParamName: "X-Api-Key"},
	{Name: "query", Kind: toolrt.APIKey, In: "query", ParamName: "key_id"},
})

// thingsAPI makes things with IDs in the order they arrive, as APIs do,
// echoes the bearer token when the thing's name says "echo" (as a
// careless API might) and sets a session
// cookie; it counts the requests it gets.
func thingsAPI(t *testing.T) (*httptest.Server, *atomic.Int64) {
	t.Helper()
	var mu sync.Mutex
	next := 0
	things := map[string]string{}
	var hits atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		http.SetCookie(w, &http.Cookie{Name: "session", Value: setCookie})
		w.Header().Set("X-Seen-Auth", r.Header.Get("Authorization"))
		mu.Lock()
		defer mu.Unlock()
		switch r.Method {
		case http.MethodPost:
			b, _ := io.ReadAll(r.Body)
			next++
			id := fmt.Sprintf("t%d", next)
			things[id] = string(b)
			if strings.Contains(string(b), "echo") {
				fmt.Fprintf(w, `{"id":%q,"made":%s,"token":%q}`, id, b, strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer "))
				return
			}
			fmt.Fprintf(w, `{"id":%q,"made":%s}`, id, b)
		case http.MethodGet:
			id := strings.TrimPrefix(r.URL.Path, "/things/")
			if _, ok := things[id]; !ok {
				http.Error(w, "no such thing", http.StatusNotFound)
				return
			}
			fmt.Fprintf(w, `{"id":%q,"made":%s}`, id, things[id])
		}
	}))
	t.Cleanup(srv.Close)
	return srv, &hits
}

// session makes a scope's calls: it makes a thing, then reads it twice
// (two identical requests) and reads one that does not exist.
func session(t *testing.T, hc *http.Client, base, scope string) []string {
	t.Helper()
	ctx := replay.WithScope(context.Background(), scope)
	do := func(method, path, body string) string {
		req, err := http.NewRequestWithContext(ctx, method, base+path+"?key_id="+queryKey+"&b=2&a=1", strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Authorization", "Bearer "+bearer)
		req.Header.Set("X-Api-Key", headerKey)
		req.AddCookie(&http.Cookie{Name: "sid", Value: cookie})
		resp, err := hc.Do(req)
		if err != nil {
			return "error: " + err.Error()
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return fmt.Sprintf("%d %s %s", resp.StatusCode, resp.Header.Get("Content-Type"), b)
	}
	// Every scope makes the same request, which the API answers with
	// another ID each time: only the scope tells them apart.
	name := "thing"
	if scope == "echo" {
		name = "echo"
	}
	made := do(http.MethodPost, "/things", fmt.Sprintf(`{"name":%q}`, name))
	var m struct{ ID string }
	if err := json.Unmarshal([]byte(made[strings.Index(made, "{"):]), &m); err != nil {
		t.Fatalf("%s: %v", made, err)
	}
	return []string{made, do(http.MethodGet, "/things/"+m.ID, ""), do(http.MethodGet, "/things/"+m.ID, ""), do(http.MethodGet, "/things/none", "")}
}

// recordAPI runs the scopes' sessions at once against srv, recording
// them in dir, and returns each scope's answers.
func recordAPI(t *testing.T, dir string, srv *httptest.Server, scopes []string) map[string][]string {
	t.Helper()
	rec := replay.NewAPIRecorder(http.DefaultTransport, creds)
	if err := rec.Open(dir, false); err != nil {
		t.Fatal(err)
	}
	defer rec.Close()
	hc := &http.Client{Transport: rec}
	out := map[string][]string{}
	var mu sync.Mutex
	var wg sync.WaitGroup
	for _, s := range scopes {
		wg.Go(func() {
			got := session(t, hc, srv.URL, s)
			mu.Lock()
			out[s] = got
			mu.Unlock()
		})
	}
	wg.Wait()
	return out
}

// Cases recorded at once, the API numbering what they make in the order
// they came, replay each as it was recorded, in any order, without the
// API: the server is closed.
func TestAPIReplayIsExact(t *testing.T) {
	dir := t.TempDir()
	srv, hits := thingsAPI(t)
	scopes := []string{"c1", "c2", "c3", "c4", "c5", "c6"}
	want := recordAPI(t, dir, srv, scopes)
	srv.Close()
	before := hits.Load()

	cassette, err := replay.LoadAPI(dir, creds)
	if err != nil {
		t.Fatal(err)
	}
	if n := cassette.Calls(); n != 4*len(scopes) {
		t.Errorf("the cassette holds %d calls, want %d", n, 4*len(scopes))
	}
	hc := &http.Client{Transport: cassette.Transport()}
	order := append([]string(nil), scopes...)
	rand.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
	for _, s := range order {
		// Another base URL: a replay may run against another port.
		if got := session(t, hc, "http://127.0.0.1:1", s); !reflect.DeepEqual(got, want[s]) {
			t.Errorf("%s replayed:\n%s\nrecorded:\n%s", s, strings.Join(got, "\n"), strings.Join(want[s], "\n"))
		}
	}
	if hits.Load() != before {
		t.Error("the replay reached the API")
	}
	ids := map[string]bool{}
	for _, s := range scopes {
		ids[want[s][0]] = true
	}
	if len(ids) != len(scopes) {
		t.Fatalf("the API gave the scopes %d distinct answers, want %d: the test needs IDs that differ", len(ids), len(scopes))
	}
}

// No credential reaches the cassette: not the request's headers, query
// or cookies, nor a token the API echoes, nor the cookie it sets.
func TestAPIRecordingHoldsNoCredential(t *testing.T) {
	dir := t.TempDir()
	srv, _ := thingsAPI(t)
	recordAPI(t, dir, srv, []string{"echo"})
	data, err := os.ReadFile(filepath.Join(dir, replay.APIFile))
	if err != nil {
		t.Fatal(err)
	}
	for _, secret := range []string{bearer, headerKey, queryKey, cookie, setCookie} {
		if strings.Contains(string(data), secret) {
			t.Errorf("the cassette holds %s:\n%s", secret, data)
		}
	}
	if !strings.Contains(string(data), `"url":"/things?a=1\u0026b=2"`) && !strings.Contains(string(data), `"url":"/things?a=1&b=2"`) {
		t.Errorf("the recorded URL is not the path with its other query parameters, sorted:\n%s", data)
	}
	if !strings.Contains(string(data), "REDACTED") {
		t.Error("the echoed token was not redacted")
	}
}

// A request the recording lacks fails, not retried, saying why; the
// others still replay.
func TestAPIMissSaysWhy(t *testing.T) {
	dir := t.TempDir()
	srv, _ := thingsAPI(t)
	recordAPI(t, dir, srv, []string{"c1"})
	cassette, err := replay.LoadAPI(dir, creds)
	if err != nil {
		t.Fatal(err)
	}
	send := func(tr http.RoundTripper, scope, method, path, body string) error {
		req, _ := http.NewRequestWithContext(replay.WithScope(context.Background(), scope), method, srv.URL+path+"?a=1&b=2", strings.NewReader(body))
		resp, err := (&http.Client{Transport: tr}).Do(req)
		if err == nil {
			resp.Body.Close()
		}
		return err
	}
	cases := []struct{ scope, method, path, body, want string }{
		{"c9", "POST", "/things", `{"name":"c1"}`, "not recorded: the recording has no API call of this case"},
		{"c1", "POST", "/things", `{"name":"other"}`, "not recorded: API call 1 (POST /things) differs from the recording in its body"},
		{"c1", "DELETE", "/things/t1", ``, "not recorded: API call 1 (DELETE /things/t1) is another than the recorded one (POST /things)"},
	}
	for _, c := range cases {
		err := send(cassette.Transport(), c.scope, c.method, c.path, c.body)
		var nr *replay.NotRecordedError
		if !errors.Is(err, replay.ErrNotRecorded) || !errors.As(err, &nr) || !strings.HasPrefix(nr.Error(), c.want) || !nr.Permanent() {
			t.Errorf("%s %s %s: %v\nwant %s", c.scope, c.method, c.body, err, c.want)
		}
	}
	tr := cassette.Transport()
	for _, got := range session(t, &http.Client{Transport: tr}, srv.URL, "c1") {
		if strings.HasPrefix(got, "error") {
			t.Errorf("a recorded call: %s", got)
		}
	}
	if err := send(tr, "c1", "GET", "/things/none", ""); err == nil || !strings.Contains(err.Error(), "the case called the API 4 times in the recording, and now more") {
		t.Errorf("a fifth call: %v", err)
	}
}
