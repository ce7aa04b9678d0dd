package retrieve

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/agentready/agentready/gen/toolrt"
	"github.com/cloudwego/eino/schema"
	"github.com/eino-contrib/jsonschema"
)

// DocOf is the document of a tool as a chat model is given it: the name,
// and as text the description followed by every argument's name,
// description and accepted values (nested fields included, two levels
// deep).
func DocOf(info *schema.ToolInfo) Doc {
	var js *jsonschema.Schema
	if info.ParamsOneOf != nil {
		js, _ = info.ParamsOneOf.ToJSONSchema()
	}
	return Doc{Name: info.Name, Text: docText(info.Desc, js)}
}

// SplitDocOf is the document of a tool as a model weighs it: the
// description as Text, the arguments (names, descriptions, accepted
// values) apart as Args, each description first passed through clean
// (nil keeps it as it is), for instance to drop what it says of other
// tools.
func SplitDocOf(info *schema.ToolInfo, clean func(string) string) Doc {
	if clean == nil {
		clean = asIs
	}
	var js *jsonschema.Schema
	if info.ParamsOneOf != nil {
		js, _ = info.ParamsOneOf.ToJSONSchema()
	}
	return Doc{Name: info.Name, Text: clean(info.Desc), Args: propsText(js, clean)}
}

// DocOfOperation is DocOf for a tool descriptor; the same tool gives the
// same document either way.
func DocOfOperation(op *toolrt.Operation) Doc {
	return Doc{Name: op.Name, Text: docText(op.Description, paramsOf(op))}
}

// paramsOf is op's parameters schema, nil when it does not decode.
func paramsOf(op *toolrt.Operation) *jsonschema.Schema {
	js := new(jsonschema.Schema)
	if err := json.Unmarshal([]byte(op.Schema), js); err != nil {
		return nil
	}
	return js
}

// SearchDocOfOperation is the document of a tool for finding it from a
// request (Index.Search): as DocOfOperation, but with the arguments apart
// as Args, so that a request is matched first on what the tool is for
// (its name and description) and only lightly on what it takes. Measured
// on the dev halves of the hand-written suites, the target is among the
// ten tools found for 96 of 130 requests this way, against 88 with the
// arguments mixed into the text. Tool-to-tool similarity (Similar) keeps
// DocOfOperation: two tools are alike by everything they show.
func SearchDocOfOperation(op *toolrt.Operation) Doc {
	return Doc{Name: op.Name, Text: op.Description, Args: propsText(paramsOf(op), asIs), Method: op.Method, Path: op.Path}
}

// DocsOf returns the documents of tools, in order.
func DocsOf(infos []*schema.ToolInfo) []Doc {
	out := make([]Doc, len(infos))
	for i, info := range infos {
		out[i] = DocOf(info)
	}
	return out
}

func docText(desc string, js *jsonschema.Schema) string {
	return desc + propsText(js, asIs)
}

// propsText is what writeProps writes of js's properties.
func propsText(js *jsonschema.Schema, clean func(string) string) string {
	var b strings.Builder
	writeProps(&b, js, 0, clean)
	return b.String()
}

// asIs leaves a description as it is.
func asIs(s string) string { return s }

// writeProps appends each property's name, description and enum values.
// clean rewrites each description first.
func writeProps(b *strings.Builder, js *jsonschema.Schema, depth int, clean func(string) string) {
	if js == nil || depth > 2 {
		return
	}
	if js.Items != nil {
		writeProps(b, js.Items, depth, clean)
	}
	if js.Properties == nil {
		return
	}
	for p := js.Properties.Oldest(); p != nil; p = p.Next() {
		b.WriteString("\n")
		b.WriteString(p.Key)
		s := p.Value
		if s == nil {
			continue
		}
		if s.Description != "" {
			b.WriteString(" ")
			b.WriteString(clean(s.Description))
		}
		enum := s.Enum
		if len(enum) == 0 && s.Items != nil {
			enum = s.Items.Enum
		}
		for _, e := range enum {
			if str, ok := e.(string); ok {
				b.WriteString(" ")
				b.WriteString(str)
			} else if e != nil {
				fmt.Fprintf(b, " %v", e)
			}
		}
		writeProps(b, s, depth+1, clean)
	}
}

// SimilarTools indexes a catalog's tools and returns what a test run needs
// of retrieval: the names of the k tools most like a tool, best first.
func SimilarTools(cat *toolrt.Catalog) func(tool string, k int) []string {
	docs := make([]Doc, len(cat.Tools))
	for i, t := range cat.Tools {
		docs[i] = DocOfOperation(t.Operation())
	}
	ix := New(docs)
	return func(tool string, k int) []string {
		hits := ix.Similar(tool, k)
		names := make([]string, len(hits))
		for i, h := range hits {
			names[i] = h.Name
		}
		return names
	}
}
