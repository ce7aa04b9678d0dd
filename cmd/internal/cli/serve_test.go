package cli

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentready/agentready/mcpserve/mcpservetest"
	"github.com/agentready/agentready/specs/exampleapi/server"
)

// servedTicket is an open ticket of the example API's seed 1.
const servedTicket = "TCK-1225"

// lockedBuffer is a strings.Builder safe for a command writing while the
// test reads.
type lockedBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// exampleAPI starts the example API on 127.0.0.1 with seed 1, writes its
// spec to a file and returns the spec and the API's URL. The admin token
// is in the environment, where serve and call read it.
func exampleAPI(t *testing.T) (spec, url string) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	srv, err := server.Start(ctx, server.Options{Addr: "127.0.0.1:0", Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = srv.Close() })
	spec = filepath.Join(t.TempDir(), "openapi.yaml")
	if err := os.WriteFile(spec, server.Spec(), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv("GLOBEX_BEARER_AUTH", server.DefaultAdminToken)
	return spec, srv.URL
}

// startServe runs serve with args until the test ends or stop is called,
// which returns its exit code. When serve returns, stdout is closed, so a
// client waiting on it fails rather than hangs.
func startServe(t *testing.T, stdin io.Reader, stdout io.WriteCloser, args ...string) (stderr *lockedBuffer, stop func() int) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	stderr = &lockedBuffer{}
	done := make(chan int, 1)
	go func() {
		code := serveUntil(ctx, &env{stdin: stdin, stdout: stdout, stderr: stderr}, args)
		_ = stdout.Close()
		done <- code
	}()
	var code *int
	stop = func() int {
		if code == nil {
			cancel()
			select {
			case c := <-done:
				code = &c
			case <-time.After(time.Second):
				t.Fatalf("serve still running a second after it was stopped; stderr:\n%s", stderr)
			}
		}
		return *code
	}
	t.Cleanup(func() { stop() })
	return stderr, stop
}

func newMCPClient() *mcp.Client {
	return mcp.NewClient(&mcp.Implementation{Name: "agentready-test", Version: "v0"}, nil)
}

// Static mode over stdio: an MCP client lists the example API's 28 tools,
// and a call gives exactly what agentready call prints.
func TestServeStdioStatic(t *testing.T) {
	spec, url := exampleAPI(t)
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	stderr, stop := startServe(t, inR, outW, "--spec", spec, "--base-url", url)
	cs, err := newMCPClient().Connect(context.Background(), &mcp.IOTransport{Reader: outR, Writer: inW}, nil)
	if err != nil {
		t.Fatalf("connect: %v\nstderr:\n%s", err, stderr)
	}
	res, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Tools) != 28 {
		t.Errorf("listed %d tools, want 28", len(res.Tools))
	}

	args := `{"ticketId":"` + servedTicket + `"}`
	code, want, _ := run(t, "call", "--spec", spec, "--base-url", url, "getTicket", args)
	text, isErr := mcpservetest.CallText(t, cs, "getTicket", map[string]any{"ticketId": servedTicket})
	if code != exitOK || isErr || text+"\n" != want {
		t.Errorf("getTicket over MCP (error %v):\n%s\nagentready call (exit %d):\n%s", isErr, text, code, want)
	}
	text, isErr = mcpservetest.CallText(t, cs, "listTickets", map[string]any{"per_page": "5", "status": "Open", "colour": "red"})
	if !isErr || !strings.Contains(text, "Invalid arguments for listTickets") || !strings.Contains(text, "colour: unknown parameter") {
		t.Errorf("invalid arguments (error %v):\n%s", isErr, text)
	}
	text, isErr = mcpservetest.CallText(t, cs, "closeTicket", map[string]any{"ticketId": servedTicket, "resolution_code": "fixed"})
	if !isErr || !strings.HasPrefix(text, "Not called: closeTicket changes data") {
		t.Errorf("mutation without --allow-mutations (error %v):\n%s", isErr, text)
	}

	// The client closing stdin ends the server, which is not an error.
	_ = cs.Close()
	if code := stop(); code != exitOK {
		t.Errorf("exit %d after stdin closed; stderr:\n%s", code, stderr)
	}
	log := stderr.String()
	if strings.Contains(log, server.DefaultAdminToken) {
		t.Errorf("the credential is in the log:\n%s", log)
	}
	for _, want := range []string{"28 tools of " + url + " on stdio", "tool=getTicket outcome=ok_json status=200", "tool=closeTicket outcome=refused"} {
		if !strings.Contains(log, want) {
			t.Errorf("the log has no %q:\n%s", want, log)
		}
	}
}

var servingRE = regexp.MustCompile(`at (http://127\.0\.0\.1:[0-9]+/mcp) \(ready in ([^)]+)\)`)

// serveHTTP starts serve --http on a free port and returns its endpoint.
func serveHTTP(t *testing.T, args ...string) (endpoint string, stderr *lockedBuffer, stop func() int) {
	t.Helper()
	stderr, stop = startServe(t, strings.NewReader(""), nopWriteCloser{io.Discard}, append(args, "--http", "127.0.0.1:0")...)
	deadline := time.Now().Add(time.Minute)
	for time.Now().Before(deadline) {
		if m := servingRE.FindStringSubmatch(stderr.String()); m != nil {
			return m[1], stderr, stop
		}
		time.Sleep(5 * time.Millisecond)
	}
	t.Fatalf("serve did not say where it listens; stderr:\n%s", stderr)
	return "", nil, nil
}

// Dynamic mode over streamable HTTP: three meta-tools reach every tool.
func TestServeHTTPDynamic(t *testing.T) {
	spec, url := exampleAPI(t)
	endpoint, stderr, stop := serveHTTP(t, "--spec", spec, "--base-url", url, "--dynamic", "--allow-mutations")
	cs, err := newMCPClient().Connect(context.Background(), &mcp.StreamableClientTransport{Endpoint: endpoint}, nil)
	if err != nil {
		t.Fatalf("connect: %v\nstderr:\n%s", err, stderr)
	}
	defer cs.Close()
	res, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Tools) != 3 {
		t.Errorf("listed %d tools, want the 3 meta-tools", len(res.Tools))
	}
	text, isErr := mcpservetest.CallText(t, cs, "search_tools", map[string]any{"query": "reopen a closed ticket", "limit": 2})
	if isErr || !strings.Contains(text, "\n- reopenTicket (POST /tickets/{ticketId}/reopen)") {
		t.Errorf("search (error %v):\n%s", isErr, text)
	}
	text, isErr = mcpservetest.CallText(t, cs, "describe_tool", map[string]any{"name": "reopenTicket"})
	if isErr || !strings.Contains(text, `"ticketId"`) {
		t.Errorf("describe (error %v):\n%s", isErr, text)
	}

	args := `{"ticketId":"` + servedTicket + `"}`
	code, want, _ := run(t, "call", "--spec", spec, "--base-url", url, "getTicket", args)
	text, isErr = mcpservetest.CallText(t, cs, "call_tool", map[string]any{"name": "getTicket", "arguments": map[string]any{"ticketId": servedTicket}})
	if code != exitOK || isErr || text+"\n" != want {
		t.Errorf("call_tool getTicket (error %v):\n%s\nagentready call (exit %d):\n%s", isErr, text, code, want)
	}
	text, isErr = mcpservetest.CallText(t, cs, "call_tool", map[string]any{"name": "getTicekt", "arguments": map[string]any{"ticketId": servedTicket}})
	if !isErr || !strings.Contains(text, `Did you mean "getTicket"`) {
		t.Errorf("call_tool of a misspelt tool (error %v):\n%s", isErr, text)
	}
	// --allow-mutations lets a tool change state.
	text, isErr = mcpservetest.CallText(t, cs, "call_tool", map[string]any{"name": "closeTicket", "arguments": map[string]any{"ticketId": servedTicket, "resolution_code": "fixed"}})
	if isErr || !strings.HasPrefix(text, "200 OK") {
		t.Errorf("closeTicket with --allow-mutations (error %v):\n%s", isErr, text)
	}
	if code := stop(); code != exitOK {
		t.Errorf("exit %d after stop; stderr:\n%s", code, stderr)
	}
}

func TestServeRefusesAddressesOthersReach(t *testing.T) {
	for _, addr := range []string{"0.0.0.0:8765", ":8765", "192.0.2.1:8765"} {
		code, _, stderr := run(t, "serve", "--spec", "does-not-matter.yaml", "--http", addr)
		if code != exitUsage || !strings.Contains(stderr, "--allow-remote") || !strings.Contains(stderr, "127.0.0.1") {
			t.Errorf("--http %s: exit %d\n%s", addr, code, stderr)
		}
	}
	for _, addr := range []string{"127.0.0.1:0", "localhost:0", "[::1]:0"} {
		if err := checkListenAddr(addr, false); err != nil {
			t.Errorf("%s: %v", addr, err)
		}
	}
	if err := checkListenAddr("0.0.0.0:0", true); err != nil {
		t.Errorf("0.0.0.0 with --allow-remote: %v", err)
	}
}

// GitHub's 1,223 operations in dynamic mode: once the server says it is
// ready, tools/list answers within 100 ms. Start-up (loading the spec and
// building the catalog and its index) is logged, not bounded.
func TestServeGitHubDynamicListsQuickly(t *testing.T) {
	if testing.Short() {
		t.Skip("loads GitHub's spec")
	}
	spec := filepath.Join(filepath.Dir(repoFile(t, ".")), "shared", "specs", "real", "github.json")
	if _, err := os.Stat(spec); err != nil {
		if os.Getenv("AGENTREADY_SKIP_SHARED") != "" {
			t.Skipf("%s is missing and AGENTREADY_SKIP_SHARED is set", spec)
		}
		t.Fatalf("%s is missing: the tests read the shared specs from ../shared beside the repository "+
			"(set AGENTREADY_SKIP_SHARED=1 to skip these tests)", spec)
	}
	endpoint, stderr, _ := serveHTTP(t, "--spec", spec, "--dynamic")
	t.Logf("start-up: %s", servingRE.FindStringSubmatch(stderr.String())[2])
	cs, err := newMCPClient().Connect(context.Background(), &mcp.StreamableClientTransport{Endpoint: endpoint}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	start := time.Now()
	res, err := cs.ListTools(context.Background(), nil)
	took := time.Since(start)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("tools/list: %d tools in %v", len(res.Tools), took)
	if len(res.Tools) != 3 || took > 100*time.Millisecond {
		t.Errorf("tools/list: %d tools in %v, want 3 within 100ms", len(res.Tools), took)
	}
	text, isErr := mcpservetest.CallText(t, cs, "search_tools", map[string]any{"query": "cancel a workflow run", "limit": 3})
	if isErr || !strings.Contains(text, "- actions_cancel-workflow-run (POST ") {
		t.Errorf("search (error %v):\n%s", isErr, text)
	}
}
