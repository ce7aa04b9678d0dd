package run

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/cloudwego/eino/components/tool"
	"github.com/cloudwego/eino/compose"
	"github.com/cloudwego/eino/schema"

	"github.com/agentready/agentready/gen/tokens"
	"github.com/agentready/agentready/harness/classify"
	"github.com/agentready/agentready/metatools"
)

// metaTools returns the meta-tools an agent of the dynamic toolset gets,
// recording into rec, with their names; their definitions are what each
// of the model's turns pays for.
func (r *runner) metaTools(rec *recorder) ([]string, []tool.BaseTool) {
	infos := r.meta.Infos()
	names := make([]string, len(infos))
	tools := make([]tool.BaseTool, len(infos))
	for i, info := range infos {
		names[i] = info.Name
		rec.toolTokens += infoTokens(info)
		mt := &metaTool{set: r.meta, info: info, rec: rec, returned: r.opts.Returned}
		if r.opts.Shown != nil {
			mt.shown = r.shownInfo
		}
		tools[i] = mt
	}
	return names, tools
}

// infoTokens estimates what a tool's definition costs the model.
func infoTokens(info *schema.ToolInfo) int {
	n := tokens.Count(info.Name) + tokens.Count(info.Desc)
	if info.ParamsOneOf != nil {
		if js, err := info.ParamsOneOf.ToJSONSchema(); err == nil {
			if b, err := json.Marshal(js); err == nil {
				n += tokens.Count(string(b))
			}
		}
	}
	return n
}

// metaTool is one meta-tool of a run: search_tools and describe_tool are
// recorded as meta calls (classify.Trace.MetaCalls); call_tool is
// recorded as the call of the tool it names, as if the model had called
// that tool itself, so that it is classified as any call is.
type metaTool struct {
	set      *metatools.Set
	info     *schema.ToolInfo
	rec      *recorder
	returned func(tool, text string) string
	// shown rewrites what describe_tool shows of a tool (Options.Shown,
	// made once per tool and run); nil shows it as it is.
	shown func(*schema.ToolInfo) (*schema.ToolInfo, error)
}

func (t *metaTool) Info(context.Context) (*schema.ToolInfo, error) { return t.info, nil }

func (t *metaTool) InvokableRun(ctx context.Context, args string, _ ...tool.Option) (string, error) {
	start := time.Now()
	id := compose.GetToolCallID(ctx)
	name := t.info.Name
	// meta records a search or a description, or a call_tool whose own
	// arguments were wrong.
	meta := func(text string, isError bool) (string, error) {
		kind := "ok_text"
		if isError {
			kind = "invalid_args"
		}
		t.rec.addCallVia(classify.Call{ID: id, Tool: name, RawArgs: args, Text: text,
			Result: classify.Result{Kind: kind, OK: !isError}, LatencyMS: time.Since(start).Milliseconds()}, name)
		return text, nil
	}
	switch name {
	case metatools.SearchTools:
		var in metatools.SearchArgs
		if msg := decodeMeta(name, args, &in, `{"query":"close a ticket"}`); msg != "" {
			return meta(msg, true)
		}
		return meta(t.set.Search(in))
	case metatools.DescribeTool:
		var in metatools.DescribeArgs
		if msg := decodeMeta(name, args, &in, `{"name":"getTicket"}`); msg != "" {
			return meta(msg, true)
		}
		return meta(t.set.DescribeShown(in, t.shown))
	}
	var in metatools.CallArgs
	if msg := decodeMeta(name, args, &in, `{"name":"getTicket","arguments":{"ticketId":"TCK-1"}}`); msg != "" {
		return meta(msg, true)
	}
	raw, err := metatools.RawArguments(in.Arguments)
	if err != nil {
		return meta(err.Error()+".", true)
	}
	target, msg := t.set.Resolve(in.Name)
	if target == nil {
		c := classify.UnknownCall(id, in.Name, raw, msg)
		c.Via = name
		t.rec.addCallVia(c, name)
		return msg, nil
	}
	call := target.Run(ctx, raw)
	c := classify.NewCall(call, time.Since(start))
	c.ID, c.Via = id, name
	return t.rec.addRun(call, c, name, t.returned), nil
}

// decodeMeta reads a meta-tool's arguments into v; on failure it returns
// the corrective error the model reads, with an example of the right
// form.
func decodeMeta(name, args string, v any, example string) string {
	if strings.TrimSpace(args) == "" {
		args = "{}"
	}
	if err := json.Unmarshal([]byte(args), v); err != nil {
		return fmt.Sprintf("Invalid arguments for %s: %v. Send one JSON object, e.g. %s.", name, err, example)
	}
	return ""
}
