package models

import (
	"encoding/json"
	"regexp"
	"strings"

	"github.com/agentready/agentready/harness/retrieve"
	"github.com/cloudwego/eino/schema"
	"github.com/eino-contrib/jsonschema"
)

// toolkit is what the baseline knows of the tools it was given: exactly
// their ToolInfos, read once.
type toolkit struct {
	infos  []*schema.ToolInfo
	byName map[string]*toolSpec
	index  *retrieve.Index
}

// toolSpec is one tool as the baseline reads its definition.
type toolSpec struct {
	name string
	// topic are the stems of the name and of the description's first
	// sentence: the words that pick the tool, not argument values.
	topic  map[string]bool
	params []*param
	byName map[string]*param
	// example is the arguments object shown in the description after
	// "Example:", nil when there is none.
	example map[string]any
	// argWords are the stems of every argument's name.
	argWords map[string]bool
}

// param is one top-level argument.
type param struct {
	name string
	// stems are the stems of the name's words without a final "id" (or
	// the whole name's when that is all there is): requester_id ->
	// [requester].
	stems []string
	// fullStems keep the "id".
	fullStems []string
	descStems map[string]bool
	typ       string // string, integer, number, boolean, array, object
	array     bool   // typ is array; item* describe the items
	itemTyp   string
	enum      []string
	format    string
	pattern   *regexp.Regexp
	// prefix is the pattern's literal start ("TCK-" of ^TCK-[0-9]{4,}$).
	prefix   string
	required bool
	// example is the argument's value in the description's example.
	example   any
	inExample bool
	order     int
}

func newToolkit(infos []*schema.ToolInfo) *toolkit {
	k := &toolkit{infos: infos, byName: map[string]*toolSpec{}}
	docs := make([]retrieve.Doc, 0, len(infos))
	for _, info := range infos {
		if info == nil || k.byName[info.Name] != nil {
			continue
		}
		k.byName[info.Name] = readTool(info)
		docs = append(docs, retrieve.DocOf(info))
	}
	k.index = retrieve.New(docs)
	return k
}

var exampleLine = regexp.MustCompile(`(?m)(?:^|\s)Example:\s*(\{.*)$`)

func readTool(info *schema.ToolInfo) *toolSpec {
	t := &toolSpec{name: info.Name, topic: map[string]bool{}, byName: map[string]*param{}, argWords: map[string]bool{}}
	for _, s := range retrieve.Tokens(info.Name) {
		t.topic[s] = true
	}
	purpose := info.Desc
	if i := strings.IndexAny(purpose, ".\n"); i >= 0 {
		purpose = purpose[:i]
	}
	for _, s := range retrieve.Tokens(purpose) {
		t.topic[s] = true
	}
	if m := exampleLine.FindStringSubmatch(info.Desc); m != nil {
		dec := json.NewDecoder(strings.NewReader(m[1]))
		dec.UseNumber()
		var ex map[string]any
		if dec.Decode(&ex) == nil {
			t.example = ex
		}
	}
	var js *jsonschema.Schema
	if info.ParamsOneOf != nil {
		js, _ = info.ParamsOneOf.ToJSONSchema()
	}
	if js == nil || js.Properties == nil {
		return t
	}
	required := map[string]bool{}
	for _, r := range js.Required {
		required[r] = true
	}
	for pr := js.Properties.Oldest(); pr != nil; pr = pr.Next() {
		p := readParam(pr.Key, pr.Value)
		p.required = required[p.name]
		p.order = len(t.params)
		if v, ok := t.example[p.name]; ok {
			p.example, p.inExample = v, true
		}
		t.params = append(t.params, p)
		t.byName[p.name] = p
		for _, st := range p.fullStems {
			t.argWords[st] = true
		}
	}
	return t
}

func readParam(name string, s *jsonschema.Schema) *param {
	p := &param{name: name, descStems: map[string]bool{}}
	words := retrieve.Words(name)
	for _, w := range words {
		p.fullStems = append(p.fullStems, retrieve.Stem(w))
	}
	p.stems = p.fullStems
	if n := len(words); n > 1 && (words[n-1] == "id" || words[n-1] == "ids") {
		p.stems = p.fullStems[:n-1]
	}
	if s == nil {
		p.typ = "string"
		return p
	}
	for _, st := range retrieve.Tokens(s.Description) {
		p.descStems[st] = true
	}
	p.typ = schemaType(s)
	item := s
	if p.typ == "array" {
		p.array = true
		if s.Items != nil {
			item = s.Items
			p.itemTyp = schemaType(item)
		} else {
			p.itemTyp = "string"
		}
	}
	for _, e := range item.Enum {
		if str, ok := e.(string); ok {
			p.enum = append(p.enum, str)
		}
	}
	p.format = item.Format
	if item.Pattern != "" {
		if re, err := regexp.Compile(item.Pattern); err == nil {
			p.pattern = re
			p.prefix = literalPrefix(item.Pattern)
		}
	}
	return p
}

// schemaType is the first type other than null.
func schemaType(s *jsonschema.Schema) string {
	if s.Type != "" {
		return s.Type
	}
	for _, t := range s.TypeEnhanced {
		if t != "null" {
			return t
		}
	}
	if s.Properties != nil {
		return "object"
	}
	if s.Items != nil {
		return "array"
	}
	return "string"
}

// literalPrefix is the literal text a pattern anchored with ^ starts
// with: "TCK-" for ^TCK-[0-9]{4,}$, "" when it starts with a class.
func literalPrefix(pattern string) string {
	if !strings.HasPrefix(pattern, "^") {
		return ""
	}
	var b strings.Builder
	for i := 1; i < len(pattern); i++ {
		c := pattern[i]
		switch {
		case c == '\\' && i+1 < len(pattern) && strings.ContainsRune(`+.-_/`, rune(pattern[i+1])):
			b.WriteByte(pattern[i+1])
			i++
		case strings.ContainsRune(`[](){}|*+?.\^$`, rune(c)):
			// A quantifier makes the last literal optional or repeated.
			if strings.ContainsRune(`*+?{`, rune(c)) && b.Len() > 0 {
				s := b.String()
				return s[:len(s)-1]
			}
			return b.String()
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// distinctive reports whether the pattern alone says a token belongs to
// this argument: it starts with at least two literal characters
// (TCK-, AST-, tm_), or is a phone number's leading +.
func (p *param) distinctive() bool {
	return p.pattern != nil && (len(p.prefix) >= 2 || p.prefix == "+")
}

// free reports whether the argument takes free text: a string without
// enum, format or a distinctive pattern.
func (p *param) free() bool {
	typ := p.typ
	if p.array {
		typ = p.itemTyp
	}
	return typ == "string" && len(p.enum) == 0 && p.format == "" && !p.distinctive()
}

func (p *param) scalarType() string {
	if p.array {
		return p.itemTyp
	}
	return p.typ
}
