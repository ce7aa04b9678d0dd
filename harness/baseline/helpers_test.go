package baseline_test

import (
	"context"
	"encoding/json"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/agentready/agentready/gen"
	"github.com/agentready/agentready/gen/catalog"
	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/gen/toolrt"
	"github.com/agentready/agentready/harness/baseline"
	"github.com/cloudwego/eino/schema"
	"github.com/eino-contrib/jsonschema"
)

func exampleSpec() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", "specs", "exampleapi", "openapi.yaml")
}

var example struct {
	once  sync.Once
	api   *ir.API
	infos []*schema.ToolInfo
	err   error
}

// exampleAPI loads the example API's IR once.
func exampleAPI(t testing.TB) *ir.API {
	t.Helper()
	example.once.Do(func() {
		api, _, err := gen.Load(gen.Options{Spec: exampleSpec()})
		if err != nil {
			example.err = err
			return
		}
		client, err := catalog.NewClient(api, "http://127.0.0.1:1", toolrt.WithoutEnvironment())
		if err != nil {
			example.err = err
			return
		}
		cat, err := catalog.New(api, client)
		if err != nil {
			example.err = err
			return
		}
		example.api = api
		for _, tl := range cat.Tools {
			info, _ := tl.Info(context.Background())
			example.infos = append(example.infos, info)
		}
	})
	if example.err != nil {
		t.Fatal(example.err)
	}
	return example.api
}

// exampleInfos returns the example API's 28 tool definitions, as a model
// is given them.
func exampleInfos(t testing.TB) []*schema.ToolInfo {
	exampleAPI(t)
	return example.infos
}

// firstCall asks the baseline, given tools, for its reply to one request.
func firstCall(t testing.TB, tools []*schema.ToolInfo, request string) *schema.Message {
	t.Helper()
	m, err := baseline.New().WithTools(tools)
	if err != nil {
		t.Fatal(err)
	}
	msg, err := m.Generate(context.Background(), []*schema.Message{schema.UserMessage(request)})
	if err != nil {
		t.Fatal(err)
	}
	return msg
}

// call is a tool call's name and decoded arguments.
type call struct {
	Tool string
	Args map[string]any
}

func callOf(t testing.TB, msg *schema.Message) call {
	t.Helper()
	if len(msg.ToolCalls) != 1 {
		return call{}
	}
	tc := msg.ToolCalls[0]
	var args map[string]any
	if err := json.Unmarshal([]byte(tc.Function.Arguments), &args); err != nil {
		t.Fatalf("arguments %q: %v", tc.Function.Arguments, err)
	}
	return call{Tool: tc.Function.Name, Args: args}
}

// checkArg fails t unless the baseline's first call for request, given
// only tool, sets arg to want, or leaves arg out when want is nil.
func checkArg(t testing.TB, tool *schema.ToolInfo, request, arg string, want any) {
	t.Helper()
	got := callOf(t, firstCall(t, []*schema.ToolInfo{tool}, request))
	v, ok := got.Args[arg]
	switch {
	case want == nil && ok:
		t.Errorf("%q: %s = %v, want it left out (call %s)", request, arg, v, got)
	case want != nil && !reflect.DeepEqual(v, want):
		t.Errorf("%q: %s = %v, want %v (call %s)", request, arg, v, want, got)
	}
}

func (c call) String() string {
	b, _ := json.Marshal(c.Args)
	return c.Tool + string(b)
}

// stripInfo returns copies of the tool definitions without the
// description's example (noExample) and without enums in the schema
// (noEnum): what a poorer tool definition gives a model.
func stripInfo(t testing.TB, infos []*schema.ToolInfo, noExample, noConstraints bool) []*schema.ToolInfo {
	t.Helper()
	out := make([]*schema.ToolInfo, len(infos))
	for i, info := range infos {
		c := *info
		if noExample {
			if j := strings.Index(c.Desc, "Example:"); j >= 0 {
				c.Desc = strings.TrimSpace(c.Desc[:j])
			}
		}
		if noConstraints && info.ParamsOneOf != nil {
			js, err := info.ParamsOneOf.ToJSONSchema()
			if err != nil {
				t.Fatal(err)
			}
			raw, err := json.Marshal(js)
			if err != nil {
				t.Fatal(err)
			}
			ns := new(jsonschema.Schema)
			if err := json.Unmarshal(raw, ns); err != nil {
				t.Fatal(err)
			}
			dropConstraints(ns)
			c.ParamsOneOf = schema.NewParamsOneOfByJSONSchema(ns)
		}
		out[i] = &c
	}
	return out
}

func dropConstraints(s *jsonschema.Schema) {
	if s == nil {
		return
	}
	s.Enum = nil
	s.Pattern = ""
	dropConstraints(s.Items)
	if s.Properties != nil {
		for p := s.Properties.Oldest(); p != nil; p = p.Next() {
			dropConstraints(p.Value)
		}
	}
}
