package toolschema

import (
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/agentready/agentready/gen/describe/prose"
	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/gen/tokens"
)

// Memo keeps what building the schemas of one API's operations shares:
// the references each named type makes, for each set of types that a
// tool's arguments refer to the types written under $defs, and the
// cleaned first sentence of each description. On large specs most tools
// take one of a few hundred bodies (Microsoft Graph's 22,361 operations),
// and the tools of one body get the same $defs, so they are worked out
// once. A Memo is safe for concurrent use; the API's
// types must not change while it is in use.
type Memo struct {
	api    *ir.API
	refs   sync.Map // type ID -> typeRefs
	shared sync.Map // signature of the roots' references -> map[string]bool
	cores  sync.Map // description -> prose.Core of it
	values sync.Map // description -> prose.ValueSentences of it
	// exampleValues: description -> prose.Examples of it
	exampleValues sync.Map
	// unexplained holds prose.Unexplained of each core and name.
	unexplainedOf sync.Map // coreName -> unexplainedWords
	tokens        sync.Map // schema text -> its tokens.Count
	// pointers holds pointerOf each description.
	pointers sync.Map // description -> string
	// examples holds Options.Example of each use and name: operations
	// that share a body share its nodes, and Microsoft Graph's 22,361
	// tools take a few hundred bodies.
	examples sync.Map // useName -> keptExample
	// subtrees holds the check subtrees of named object types
	// (inlineType).
	subtrees sync.Map // subtreeKey -> *subtree
	// ops holds defsFor of each operation's arguments: a tool fitted to
	// a budget is built up to a dozen times, and its check schema again.
	ops     sync.Map // opSharing -> map[string]bool
	opNames struct {
		once  sync.Once
		names map[string]bool
	}
}

type coreName struct{ core, name string }

type opSharing struct {
	op        *ir.Operation
	noSharing bool
}

type useName struct {
	use  *ir.Schema
	name string
}

type keptExample struct {
	v  any
	ok bool
}

type unexplainedWords struct {
	rest    []string
	spelled bool
}

// NewMemo returns an empty Memo for api.
func NewMemo(api *ir.API) *Memo { return &Memo{api: api} }

// defsFor returns the types written under $defs in the schema whose
// arguments are roots: the recursive ones, and unless noSharing the large
// ones used more than once. m may be nil, or built for another API; then
// nothing is kept.
func (m *Memo) defsFor(api *ir.API, roots []*ir.Schema, noSharing bool) map[string]bool {
	if m == nil || m.api != api {
		m = &Memo{api: api}
	}
	direct := map[string]int{}
	for _, r := range roots {
		countRefs(r, direct)
	}
	key := signature(direct, noSharing)
	if v, ok := m.shared.Load(key); ok {
		return v.(map[string]bool)
	}
	g := newTypeGraph(m, direct)
	leaves := g.recursive()
	if !noSharing {
		leaves = sharedTypes(g, leaves)
	}
	out := map[string]bool{}
	for i, leaf := range leaves {
		if leaf {
			out[g.ids[i]] = true
		}
	}
	v, _ := m.shared.LoadOrStore(key, out)
	return v.(map[string]bool)
}

// defsOf is defsFor of the schemas of args, the arguments of op, kept
// by operation when m is the Memo of api.
func (m *Memo) defsOf(api *ir.API, op *ir.Operation, args []Arg, noSharing bool) map[string]bool {
	roots := func() []*ir.Schema {
		out := make([]*ir.Schema, len(args))
		for i, a := range args {
			out[i] = a.Schema
		}
		return out
	}
	if m == nil || m.api != api {
		return m.defsFor(api, roots(), noSharing)
	}
	key := opSharing{op, noSharing}
	if v, ok := m.ops.Load(key); ok {
		return v.(map[string]bool)
	}
	v, _ := m.ops.LoadOrStore(key, m.defsFor(api, roots(), noSharing))
	return v.(map[string]bool)
}

// typeRefs are the references a type's schema makes directly, with their
// multiplicity, and the number of its other nodes (one for a type that is
// missing).
type typeRefs struct {
	refs   map[string]int
	inline int
}

func (m *Memo) refsOf(id string) typeRefs {
	if v, ok := m.refs.Load(id); ok {
		return v.(typeRefs)
	}
	out := typeRefs{refs: map[string]int{}, inline: 1}
	if t := m.api.Type(id); t != nil {
		out.inline = countRefs(t.Schema, out.refs)
	}
	v, _ := m.refs.LoadOrStore(id, out)
	return v.(typeRefs)
}

// core returns prose.Core(desc), kept when m is the Memo of api.
func (m *Memo) core(api *ir.API, desc string) string {
	return byText(m, api, desc, prose.Core, func(m *Memo) *sync.Map { return &m.cores })
}

// valueSentences returns prose.ValueSentences(desc), kept when m is the
// Memo of api.
func (m *Memo) valueSentences(api *ir.API, desc string) []prose.ValueSentence {
	return byText(m, api, desc, prose.ValueSentences, func(m *Memo) *sync.Map { return &m.values })
}

// textExamples returns prose.Examples(desc), kept when m is the Memo of api.
func (m *Memo) textExamples(api *ir.API, desc string) []prose.Example {
	return byText(m, api, desc, prose.Examples, func(m *Memo) *sync.Map { return &m.exampleValues })
}

// byText returns read(desc), kept in m's map by description that store
// selects when m is the Memo of api: what a text says depends on the
// text alone, and an API repeats its texts.
func byText[T any](m *Memo, api *ir.API, desc string, read func(string) T, store func(*Memo) *sync.Map) T {
	if m == nil || m.api != api {
		return read(desc)
	}
	if v, ok := store(m).Load(desc); ok {
		return v.(T)
	}
	v := read(desc)
	store(m).Store(desc, v)
	return v
}

// unexplained returns prose.Unexplained(core, name), kept when m is the
// Memo of api.
func (m *Memo) unexplained(api *ir.API, core, name string) ([]string, bool) {
	if m == nil || m.api != api {
		return prose.Unexplained(core, name)
	}
	key := coreName{core, name}
	if v, ok := m.unexplainedOf.Load(key); ok {
		u := v.(unexplainedWords)
		return u.rest, u.spelled
	}
	rest, spelled := prose.Unexplained(core, name)
	m.unexplainedOf.Store(key, unexplainedWords{rest, spelled})
	return rest, spelled
}

// example returns f(use, name), kept when m is the Memo of api.
func (m *Memo) example(api *ir.API, use *ir.Schema, name string, f func(*ir.Schema, string) (any, bool)) (any, bool) {
	if m == nil || m.api != api {
		return f(use, name)
	}
	key := useName{use, name}
	if v, ok := m.examples.Load(key); ok {
		e := v.(keptExample)
		return e.v, e.ok
	}
	v, ok := f(use, name)
	m.examples.Store(key, keptExample{v, ok})
	return v, ok
}

// Tokens returns tokens.Count of a schema, kept: tools that share a
// schema (Kubernetes: 1,014 tools, 164 distinct schemas) have it counted
// once. m may be nil; then nothing is kept.
func (m *Memo) Tokens(schema []byte) int {
	if m == nil {
		return tokens.Count(string(schema))
	}
	if v, ok := m.tokens.Load(string(schema)); ok {
		return v.(int)
	}
	text := string(schema)
	n := tokens.Count(text)
	m.tokens.Store(text, n)
	return n
}

// signature is a key equal for equal reference counts.
func signature(direct map[string]int, noSharing bool) string {
	ids := make([]string, 0, len(direct))
	for id := range direct {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	var b strings.Builder
	if noSharing {
		b.WriteString("-\n")
	}
	for _, id := range ids {
		b.WriteString(id)
		b.WriteByte(' ')
		b.WriteString(strconv.Itoa(direct[id]))
		b.WriteByte('\n')
	}
	return b.String()
}
