package replay_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/agentready/agentready/gen/toolrt"
	"github.com/agentready/agentready/harness/replay"
	"github.com/cloudwego/eino/components/model"
	"github.com/cloudwego/eino/schema"
)

// counting answers each call with a text that numbers it, so that a
// replayed answer says which recorded call it came from.
type counting struct {
	mu    *sync.Mutex
	n     *int
	tools []*schema.ToolInfo
}

func newCounting() *counting { return &counting{mu: &sync.Mutex{}, n: new(int)} }

func (m *counting) Generate(_ context.Context, in []*schema.Message, _ ...model.Option) (*schema.Message, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	*m.n++
	if strings.Contains(in[len(in)-1].Content, "fail") {
		return nil, errors.New("the model refused")
	}
	out := schema.AssistantMessage(fmt.Sprintf("answer %d to %q with %d tools", *m.n, in[len(in)-1].Content, len(m.tools)), nil)
	out.ResponseMeta = &schema.ResponseMeta{Usage: &schema.TokenUsage{PromptTokens: 10, CompletionTokens: *m.n}}
	return out, nil
}

func (m *counting) Stream(context.Context, []*schema.Message, ...model.Option) (*schema.StreamReader[*schema.Message], error) {
	return nil, errors.New("not used")
}

func (m *counting) WithTools(tools []*schema.ToolInfo) (model.ToolCallingChatModel, error) {
	return &counting{mu: m.mu, n: m.n, tools: tools}, nil
}

func tool(name, desc string) *schema.ToolInfo {
	return &schema.ToolInfo{Name: name, Desc: desc, ParamsOneOf: schema.NewParamsOneOfByParams(map[string]*schema.ParameterInfo{
		"id": {Type: schema.String, Desc: "the id", Required: true}})}
}

// call is one model call of a script: its scope, its tools and its last
// message.
type call struct {
	scope string
	tools []*schema.ToolInfo
	say   string
}

// play makes the calls on m and returns the answers (or errors) as text.
func play(t *testing.T, m model.ToolCallingChatModel, calls []call) []string {
	t.Helper()
	var out []string
	for _, c := range calls {
		tm, err := m.WithTools(c.tools)
		if err != nil {
			t.Fatal(err)
		}
		ctx := replay.WithScope(context.Background(), c.scope)
		msg, err := tm.Generate(ctx, []*schema.Message{schema.SystemMessage("be brief"), schema.UserMessage(c.say)})
		if err != nil {
			out = append(out, "error: "+err.Error())
			continue
		}
		out = append(out, fmt.Sprintf("%s %+v", msg.Content, *msg.ResponseMeta.Usage))
	}
	return out
}

func record(t *testing.T, dir string, resume bool, calls []call) []string {
	t.Helper()
	rec, err := replay.OpenRecorder(dir, resume)
	if err != nil {
		t.Fatal(err)
	}
	defer rec.Close()
	return play(t, rec.Wrap(newCounting()), calls)
}

func load(t *testing.T, dir string) *replay.Cassette {
	t.Helper()
	c, err := replay.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// A replay answers every call as recorded, repeated identical calls in
// their order and errors as errors, without the model.
func TestReplayIsExact(t *testing.T) {
	dir := t.TempDir()
	a, b := []*schema.ToolInfo{tool("getPet", "Get a pet")}, []*schema.ToolInfo{tool("getPet", "Get a pet"), tool("listPets", "List pets")}
	calls := []call{
		{"c1", a, "hello"}, {"c1", a, "hello"}, {"c2", b, "hello"}, {"c1", a, "again"}, {"c2", b, "fail"}, {"c1", a, "hello"},
	}
	want := record(t, dir, false, calls)
	if c := load(t, dir); c.Calls() != len(calls) {
		t.Fatalf("the cassette holds %d calls, want %d", c.Calls(), len(calls))
	}
	got := play(t, load(t, dir).Player(), calls)
	if !reflect.DeepEqual(got, want) {
		t.Errorf("replayed:\n%s\nrecorded:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// Scopes are counted apart: c2 first, then c1, gives the same answers.
	reordered := []call{calls[2], calls[4], calls[0], calls[1], calls[3], calls[5]}
	got = play(t, load(t, dir).Player(), reordered)
	wantReordered := []string{want[2], want[4], want[0], want[1], want[3], want[5]}
	if !reflect.DeepEqual(got, wantReordered) {
		t.Errorf("replayed in another order:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(wantReordered, "\n"))
	}
}

// A changed tool definition fails exactly the calls that were offered
// it, naming it; a changed message says which.
func TestMissSaysWhy(t *testing.T) {
	dir := t.TempDir()
	pets := []*schema.ToolInfo{tool("getPet", "Get a pet"), tool("listPets", "List pets")}
	users := []*schema.ToolInfo{tool("getUser", "Get a user")}
	record(t, dir, false, []call{{"c1", pets, "hello"}, {"c2", users, "hello"}, {"c3", pets, "hi"}})

	changed := []*schema.ToolInfo{tool("getPet", "Get one pet by its id"), tool("listPets", "List pets")}
	p := load(t, dir).Player()
	got := play(t, p, []call{{"c1", changed, "hello"}, {"c2", users, "hello"}, {"c3", pets, "hello there"}, {"c4", users, "x"}, {"c2", users, "hello"}})
	want := []string{
		"error: not recorded: the tool definitions of getPet changed since the recording; record again",
		"",
		"error: not recorded: message 2 (user) differs from the recording: the user's words changed (another seed, cases or fresh values); record again",
		"error: not recorded: the recording has no model call of this case (it was not in the recorded run); record again",
		"error: not recorded: the case called the model 1 times in the recording, and now more; record again",
	}
	for i := range want {
		if want[i] == "" {
			if strings.HasPrefix(got[i], "error") {
				t.Errorf("call %d: %s, want the recorded answer", i, got[i])
			}
			continue
		}
		if got[i] != want[i] {
			t.Errorf("call %d:\n got %s\nwant %s", i, got[i], want[i])
		}
	}
	tm, _ := load(t, dir).Player().WithTools(changed)
	_, err := tm.Generate(replay.WithScope(context.Background(), "c1"), []*schema.Message{schema.UserMessage("x")})
	var nr *replay.NotRecordedError
	if !errors.As(err, &nr) || !errors.Is(err, replay.ErrNotRecorded) || !reflect.DeepEqual(nr.Tools, []string{"getPet"}) {
		t.Errorf("error %v: want a NotRecordedError naming getPet", err)
	}
}

// A resumed recording keeps each scope's calls of its last session: a
// case cut short and run again replays as it ran the second time.
func TestResumedRecording(t *testing.T) {
	dir := t.TempDir()
	a := []*schema.ToolInfo{tool("getPet", "Get a pet")}
	record(t, dir, false, []call{{"c1", a, "hello"}, {"c2", a, "hello"}})
	second := record(t, dir, true, []call{{"c2", a, "hello"}})
	got := play(t, load(t, dir).Player(), []call{{"c2", a, "hello"}})
	if !reflect.DeepEqual(got, second) {
		t.Errorf("replayed %q, want the second session's %q", got, second)
	}
	// Without resume, a recording starts empty.
	record(t, dir, false, []call{{"c9", a, "hello"}})
	if n := load(t, dir).Calls(); n != 1 {
		t.Errorf("a new recording holds %d calls, want 1", n)
	}
}

// The key is the hash of the request's canonical JSON: changing how it is
// computed would orphan every cassette, so it is pinned here.
func TestKeyIsStable(t *testing.T) {
	req, err := replay.NewRequest([]*schema.Message{schema.SystemMessage("s"), schema.UserMessage("u")}, []*schema.ToolInfo{tool("getPet", "Get a pet")})
	if err != nil {
		t.Fatal(err)
	}
	key, err := req.Key()
	if err != nil {
		t.Fatal(err)
	}
	const want = "9487bf9572d54c801214e3c7bd8a785a91a8a0977690917059afd9eaddfe9585"
	if key != want {
		t.Errorf("key %s, want %s", key, want)
	}
}

func TestLoadWithoutCassette(t *testing.T) {
	_, err := replay.Load(t.TempDir())
	if err == nil || !strings.Contains(err.Error(), "--record") {
		t.Errorf("error %v: want one that says to record", err)
	}
}

// The order of required properties is no part of the key: it is a set,
// and eino-ext's OpenAI client sorts it in place in the shared ToolInfo.
func TestKeyIgnoresRequiredOrder(t *testing.T) {
	key := func(required ...string) string {
		names, _ := json.Marshal(required)
		js, err := toolrt.SchemaFromJSON([]byte(`{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"string"}},"required":` + string(names) + `}`))
		if err != nil {
			t.Fatal(err)
		}
		ti := &schema.ToolInfo{Name: "t", Desc: "d", ParamsOneOf: schema.NewParamsOneOfByJSONSchema(js)}
		req, err := replay.NewRequest([]*schema.Message{schema.UserMessage("u")}, []*schema.ToolInfo{ti})
		if err != nil {
			t.Fatal(err)
		}
		k, err := req.Key()
		if err != nil {
			t.Fatal(err)
		}
		return k
	}
	if key("b", "a") != key("a", "b") {
		t.Error("the order of required properties changes the key")
	}
	if key("a") == key("a", "b") {
		t.Error("which properties are required does not change the key")
	}
}
