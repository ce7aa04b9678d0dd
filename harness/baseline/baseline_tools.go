package baseline

import (
	"encoding/json"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/agentready/agentready/harness/lexicon"
	"github.com/agentready/agentready/harness/retrieve"
	"github.com/agentready/agentready/internal/english"
	"github.com/cloudwego/eino/schema"
	"github.com/eino-contrib/jsonschema"
)

// toolkit is what the baseline knows of the tools it was given: exactly
// their ToolInfos, read once.
type toolkit struct {
	infos  []*schema.ToolInfo
	byName map[string]*toolSpec
	index  *retrieve.Index
	// common are the stems found in the names of more than half the
	// tools (a namespace such as ipam, dcim, or a word a search's
	// neighbours share): they tell the tools apart little.
	common map[string]bool
	// vocab are the stems of the tools' topics (name and the first
	// sentence of the description): the words the API uses.
	vocab map[string]bool
	// things are the stems of the nouns of the things the tools'
	// arguments identify (toolSpec.thingNoun: card for idCard, team for
	// team_id): the words that say whose a value is ("card Xq3pL9aB").
	things map[string]bool
	// undoers maps the stem of an action a tool's name undoes in one
	// word to that word (see undoers).
	undoers map[string]string
}

// toolSpec is one tool as the baseline reads its definition.
type toolSpec struct {
	name string
	desc string
	// twinDesc is desc as twins share it (sharedDesc), read once.
	twinDesc string
	// topic are the stems of the name and of the description's first
	// sentence: the words that pick the tool, not argument values.
	topic map[string]bool
	// objects are the stems of the name's first and last nouns: what the
	// tool acts on (getVersion: version; get-an-artists-albums: artist,
	// album).
	objects map[string]bool
	// object is the stem of the name's last noun, or in a name made of
	// a path with an identifier inside it, of the noun before that
	// identifier: what an argument named only id identifies (orgGetLabel:
	// label; postApiV1AccountsIdFollow: account).
	object string
	// implied are the words of what the description's first sentence
	// says the tool acts on, when the name ends with its verb
	// (chat_delete: "Deletes a message."): a model reads the name
	// together with it.
	implied []string
	// purpose is the description's first sentence when it starts with a
	// verb the table knows and the name's first word is one the table
	// does not know and the sentence does not say (previewASegment: "List
	// segments"): that word is the name's own verb, and the sentence says
	// what the tool does and to how many things.
	purpose string
	// plain is the name less a numbered ending (alt1, V2, _2) that only
	// tells the name from a twin's, when it has one: the name less it
	// is another tool's name, or another's less its own ending
	// (get_videos_alt1 beside get_videos, both "Get all the videos that
	// a user has uploaded", one on /me/videos, one on
	// /users/{user_id}/videos). A reader reads no word there and tells
	// the twins apart by what they take.
	plain string
	// twin is the name less its numbered ending that this tool shares
	// with a twin (get_videos for get_videos and get_videos_alt1), ""
	// when it has none.
	twin   string
	params []*param
	byName map[string]*param
	// example is the arguments object shown in the description after
	// "Example:", nil when there is none.
	example map[string]any
	// argWords are the stems of every argument's name.
	argWords map[string]bool
	// nested counts the fields of object arguments read as arguments.
	nested int
}

// param is one argument, or one field of an object argument.
type param struct {
	// name is the argument's name, or the field's dotted path
	// (body.name); path its segments.
	name string
	path []string
	// key is the name's last segment: the name the schema gives; words
	// its lower-case words (retrieve.Words).
	key   string
	words []string
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
	// numEnum are the enum's values that are not strings, as written:
	// ["4", "6"].
	numEnum []string
	// named are the values the description lists when the schema has
	// no enum: "Either auto or away", "track, context or off".
	named []string
	// glosses are what the description says the accepted values mean
	// ("`short_term` (approximately last 4 weeks)").
	glosses []gloss
	format  string
	pattern *regexp.Regexp
	// prefix is the pattern's literal start ("TCK-" of ^TCK-[0-9]{4,}$).
	prefix   string
	required bool
	// ident is set when the argument takes an identifier: its name ends
	// in id, key, number, ... or its description speaks of an ID.
	ident bool
	// example is the argument's value in the description's example.
	example   any
	inExample bool
	order     int
	// desc is the argument's description as the schema gives it.
	desc string
	// valueNouns are the stems of the things desc says the value names
	// (valueNouns), worked out once here rather than per request.
	valueNouns map[string]bool
	// producers are the tools the description names as where the value
	// comes from ("Find it with listUsers (`items[].id`)"), in order.
	producers []producer
}

// producer is a tool an argument's description names as the source of
// its value, with the path of the value in the tool's answer ("items[].id";
// "" when the description gives none).
type producer struct {
	tool string
	path string
}

// wordWeight is how much each word of a request counts when the baseline
// weighs it against the tools it is given: the geometric mean of its IDF
// among those tools and in public APIs (lexicon.IDF). A model's sense of
// which words matter comes from what it has read, not from the ten tools
// in view, so the corpus half keeps one tool more in the set from
// reweighing every word; the set's half keeps the word that tells the
// given tools apart ("actions" among a volume's tools) from counting as
// little as it does across all APIs (the corpus alone lost such cases).
// Set it to nil to weigh words by the given tools alone (BM25's IDF).
var wordWeight retrieve.WordWeight = func(t string, df, n int) float64 {
	set := math.Log(1 + (float64(n)-float64(df)+0.5)/(float64(df)+0.5))
	return math.Sqrt(set * lexicon.IDF(t, df, n))
}

// readCounters sets each tool's plain name (toolSpec.plain), its name
// less its numbered ending (counterEnd) when the name before it is
// another tool's whole name, or another's before its own such ending,
// and the twin key the twins share (toolSpec.twin).
func (k *toolkit) readCounters() {
	// keys are each name's words, whole and less its numbered ending
	// (base, "" when it has none), read once for both passes.
	type keys struct{ whole, base, plain string }
	byName := make(map[string]keys, len(k.byName))
	bases := map[string]int{}
	for name := range k.byName {
		ks := keys{whole: strings.Join(retrieve.Words(name), " ")}
		if loc := counterEnd.FindStringIndex(name); loc != nil && loc[0] > 0 {
			ks.plain = name[:loc[0]]
			ks.base = strings.Join(retrieve.Words(ks.plain), " ")
			bases[ks.base]++
		}
		bases[ks.whole]++
		byName[name] = ks
	}
	for name, t := range k.byName {
		if ks := byName[name]; ks.base != "" && bases[ks.base] > 1 {
			t.plain, t.twin = ks.plain, ks.base
		} else if bases[ks.whole] > 1 {
			t.twin = ks.whole
		}
	}
}

// counterEnd is a name's numbered ending: one word of letters, or none,
// and a number (_alt1, V2, _2), a label that numbers names.
var counterEnd = regexp.MustCompile(`(?:[_\-][a-z]*|[A-Z]?[a-z]*)[0-9]+$`)

// readName is the name as a reader reads it: less a numbered ending that
// only tells it from a twin's (toolSpec.plain).
func (t *toolSpec) readName() string {
	if t.plain != "" {
		return t.plain
	}
	return t.name
}

func newToolkit(infos []*schema.ToolInfo) *toolkit {
	k := &toolkit{infos: infos, byName: map[string]*toolSpec{}}
	var kept []*schema.ToolInfo
	for _, info := range infos {
		if info == nil || k.byName[info.Name] != nil {
			continue
		}
		k.byName[info.Name] = readTool(info)
		kept = append(kept, info)
	}
	docs := make([]retrieve.Doc, len(kept))
	for i, info := range kept {
		docs[i] = retrieve.SplitDocOf(info, k.withoutOtherTools(info.Name))
	}
	k.index = retrieve.NewWeighted(docs, wordWeight)
	k.vocab = map[string]bool{}
	for _, t := range k.byName {
		for st := range t.topic {
			k.vocab[st] = true
		}
	}
	k.things = map[string]bool{}
	for _, t := range k.byName {
		for _, p := range t.params {
			p.producers = k.producersNamed(t, p.desc)
			if n := t.thingNoun(p); n != "" {
				k.things[n] = true
			}
			if n := t.pathThing(p); n != "" {
				k.things[n] = true
			}
		}
	}
	k.readCounters()
	names := make([]string, 0, len(k.byName))
	for name := range k.byName {
		names = append(names, name)
	}
	k.undoers = undoers(names)
	starts := map[string]int{}
	for name := range k.byName {
		if ws := retrieve.Words(name); len(ws) > 0 {
			starts[ws[0]]++
		}
	}
	for _, t := range k.byName {
		if ws := retrieve.Words(t.name); len(ws) > 0 && starts[ws[0]] > 1 {
			// webinarPanelists beside webinar and webinarCreate: a word
			// that starts several names is their namespace, not a verb.
			t.purpose = ""
		}
	}
	k.common = map[string]bool{}
	if n := len(k.byName); n >= 4 {
		df := map[string]int{}
		for name := range k.byName {
			seen := map[string]bool{}
			for _, w := range retrieve.Words(name) {
				if st := english.Stem(w); !seen[st] {
					seen[st] = true
					df[st]++
				}
			}
		}
		for st, c := range df {
			if 2*c > n {
				k.common[st] = true
			}
		}
	}
	return k
}

// withoutOtherTools returns what a model makes of a description of tool
// self when it asks what self is for: the description without the
// sentences and asides that point to other tools for a value ("Find it
// with listUsers (`items[].id`).", "(see listTeams)") and without the
// other tools' names, whose words say what those tools do, not this one.
func (k *toolkit) withoutOtherTools(self string) func(string) string {
	drop := func(text string) string {
		if k.namesOther(text, self) {
			return " "
		}
		return text
	}
	return func(desc string) string {
		desc = aside.ReplaceAllStringFunc(withoutPointers(desc), drop)
		return mentionedTool.ReplaceAllStringFunc(desc, drop)
	}
}

// aside is text in parentheses.
var aside = regexp.MustCompile(`\([^()]*\)`)

// namesOther reports whether text names a tool other than self.
func (k *toolkit) namesOther(text, self string) bool {
	for _, m := range mentionedTool.FindAllStringSubmatch(text, -1) {
		if m[1] != self && len(m[1]) >= 4 && k.byName[m[1]] != nil {
			return true
		}
	}
	return false
}

var exampleLine = regexp.MustCompile(`(?m)(?:^|\s)Example:\s*(\{.*)$`)

// sole returns the one argument of t that ok accepts, nil when none or
// several do: a request that fits two arguments does not say which, and
// a model would not guess.
func (t *toolSpec) sole(ok func(*param) bool) *param {
	var only *param
	for _, p := range t.params {
		if !ok(p) {
			continue
		}
		if only != nil {
			return nil
		}
		only = p
	}
	return only
}

func readTool(info *schema.ToolInfo) *toolSpec {
	t := &toolSpec{name: info.Name, desc: info.Desc, twinDesc: sharedDesc(info.Desc), topic: map[string]bool{}, objects: map[string]bool{}, byName: map[string]*param{}, argWords: map[string]bool{}}
	verb := false
	var nouns []string
	for _, w := range retrieve.Words(info.Name) {
		st := english.Stem(w)
		t.topic[st] = true
		if _, isVerb := verbClasses[st]; isVerb && !verb {
			verb = true
			continue
		}
		if !retrieve.IsStopWord(w) && len(w) > 1 {
			nouns = append(nouns, st)
		}
	}
	nouns = objectNouns(nouns)
	if len(nouns) > 0 {
		// ipam_vlans_read acts on vlans (and, for all a reader knows,
		// on ipam).
		t.objects[nouns[0]] = true
		t.objects[nouns[len(nouns)-1]] = true
		t.object = nouns[len(nouns)-1]
		for k := len(nouns) - 2; k > 0; k-- {
			if pathIDWords[nouns[k]] {
				// postApiV1AccountsIdFollow: the id is an account's, the
				// path's segment before it; what follows is the action.
				t.object = nouns[k-1]
				break
			}
		}
	}
	purpose := info.Desc
	if i := strings.IndexAny(purpose, ".\n"); i >= 0 {
		purpose = purpose[:i]
	}
	for _, s := range retrieve.Tokens(purpose) {
		t.topic[s] = true
	}
	if ws := retrieve.Words(info.Name); len(ws) > 1 && verbAt(ws) < 0 && !t.topicOfPurpose(purpose, ws[0]) {
		if pw := retrieve.Words(purpose); len(pw) > 1 && verbAt(pw[:1]) == 0 {
			// previewASegment, "List segments": the name's first word
			// is its own verb for what the purpose says, not a thing.
			t.purpose = purpose
		}
	}
	if ws := retrieve.Words(info.Name); len(ws) > 1 && verbAt(ws) == len(ws)-1 {
		// The name ends with its verb: chat_delete, pins_add, not
		// chat_deleteScheduledMessage or getOrganizationExport.
		t.implied = objectOf(purpose)
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
	t.addParams(nil, js, required, t.example, true)
	return t
}

// topicOfPurpose reports whether the purpose sentence says the name word
// w in some form.
func (t *toolSpec) topicOfPurpose(purpose, w string) bool {
	return slices.Contains(retrieve.Tokens(purpose), english.Stem(w))
}

// verbAt is the index of the first word of a name that the verb table
// knows, -1 when none is.
func verbAt(ws []string) int {
	for i, w := range ws {
		if _, ok := verbClasses[english.Stem(w)]; ok {
			return i
		}
	}
	return -1
}

// objectOf is the object of a purpose sentence that starts with its
// verb: the words after the verb, past articles, up to the next stop word
// ("Deletes a message." is message, "Removes a user from a conversation."
// user), at most three.
func objectOf(purpose string) []string {
	ws := retrieve.Words(purpose)
	if len(ws) < 2 {
		return nil
	}
	if _, verb := verbClasses[english.Stem(ws[0])]; !verb {
		return nil
	}
	var out []string
	for _, w := range ws[1:] {
		if retrieve.IsStopWord(w) {
			if len(out) > 0 {
				break
			}
			continue
		}
		out = append(out, w)
		if len(out) == 3 {
			break
		}
	}
	return out
}

// maxNested caps the nested fields read as arguments of one tool.
const maxNested = 60

// addParams reads the properties of an object schema as arguments; path
// is the object's own place (nil at the top). The fields of an object
// argument (a request body) are arguments too, named by their dotted
// path, down to three levels: a model fills {"body": {"name": ...}} as
// readily as a top-level name.
func (t *toolSpec) addParams(path []string, js *jsonschema.Schema, required map[string]bool, example map[string]any, parentRequired bool) {
	for pr := js.Properties.Oldest(); pr != nil; pr = pr.Next() {
		if len(path) > 0 && t.nested >= maxNested {
			return
		}
		p := readParam(pr.Key, pr.Value)
		p.path = append(append([]string(nil), path...), pr.Key)
		p.name = strings.Join(p.path, ".")
		if t.byName[p.name] != nil {
			// The same field in two branches of an anyOf.
			continue
		}
		p.required = required[pr.Key] && parentRequired
		p.order = len(t.params)
		if v, ok := example[pr.Key]; ok {
			p.example, p.inExample = v, true
		}
		if len(path) > 0 {
			t.nested++
			if generic(p) || pr.Key == "name" || pr.Key == "value" {
				// priority.name is said "priority High"; project.key
				// "in project OPS".
				parent := retrieve.Words(path[len(path)-1])
				p.stems = nil
				for _, w := range parent {
					p.stems = append(p.stems, english.Stem(w))
				}
			}
		}
		if branches := objectBranches(pr.Value); len(branches) > 0 && len(path) < 2 {
			// {"body": {"anyOf": [{add...}, {delete...}]}}: a model
			// sees every branch's fields and fills the ones the request
			// says; a field is required only when there is one branch.
			ex, _ := p.example.(map[string]any)
			for _, b := range branches {
				sub := map[string]bool{}
				for _, r := range b.Required {
					sub[r] = true
				}
				t.addParams(p.path, b, sub, ex, p.required && len(branches) == 1)
			}
			continue
		}
		if p.typ == "object" && pr.Value != nil && pr.Value.Properties != nil && len(path) < 2 {
			sub := map[string]bool{}
			for _, r := range pr.Value.Required {
				sub[r] = true
			}
			ex, _ := p.example.(map[string]any)
			t.addParams(p.path, pr.Value, sub, ex, p.required || len(path) == 0 && !required[pr.Key] && len(pr.Value.Required) > 0)
			continue
		}
		t.params = append(t.params, p)
		t.byName[p.name] = p
		for _, st := range p.fullStems {
			t.argWords[st] = true
		}
	}
}

// objectBranches returns the branches of s's anyOf or oneOf when s has
// no properties of its own and every branch is an object with some.
func objectBranches(s *jsonschema.Schema) []*jsonschema.Schema {
	if s == nil || s.Properties != nil && s.Properties.Len() > 0 {
		return nil
	}
	branches := s.AnyOf
	if len(branches) == 0 {
		branches = s.OneOf
	}
	for _, b := range branches {
		if b == nil || b.Properties == nil || b.Properties.Len() == 0 {
			return nil
		}
	}
	return branches
}

// nest writes arguments named by dotted paths as nested objects.
func (t *toolSpec) nest(args map[string]any) map[string]any {
	out := map[string]any{}
	for k, v := range args {
		p := t.byName[k]
		if p == nil || len(p.path) < 2 {
			out[k] = v
			continue
		}
		m := out
		for _, seg := range p.path[:len(p.path)-1] {
			next, ok := m[seg].(map[string]any)
			if !ok {
				next = map[string]any{}
				m[seg] = next
			}
			m = next
		}
		m[p.path[len(p.path)-1]] = v
	}
	return out
}

func readParam(name string, s *jsonschema.Schema) *param {
	words := retrieve.Words(name)
	p := &param{name: name, key: name, words: words, descStems: map[string]bool{}}
	for _, w := range words {
		p.fullStems = append(p.fullStems, english.Stem(w))
	}
	// The name without the words that only say "identifier":
	// issueIdOrKey -> [issue], pull_number -> [pull], run_id -> [run].
	n := len(words)
	for n > 1 && idWords[words[n-1]] {
		n--
	}
	start := 0
	if n > 1 && idFirst(name) && !idWords[words[1]] && !retrieve.IsStopWord(words[1]) {
		// idList, idBoard: the id of the list, written first.
		start = 1
	}
	p.stems = p.fullStems[start:n]
	p.ident = n < len(words) || start > 0 || len(words) == 1 && idWords[words[0]]
	if s == nil {
		p.typ = "string"
		return p
	}
	// A sentence that points to another tool for the value says where
	// the value comes from, not what it means: kept apart.
	p.desc = s.Description
	p.valueNouns = valueNouns(p.desc)
	meaning := withoutPointers(s.Description)
	for _, st := range retrieve.Tokens(meaning) {
		p.descStems[st] = true
	}
	for _, w := range retrieve.Words(meaning) {
		// "The ID of the channel", "Spotify URI of the track".
		p.ident = p.ident || w == "id" || w == "ids" || w == "identifier" || w == "identifiers" || w == "uri" || w == "uris" || w == "sha"
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
		} else if e != nil {
			p.numEnum = append(p.numEnum, fmt.Sprint(e))
		}
	}
	if len(item.Enum) == 0 && schemaType(item) == "string" && !writtenFormats[item.Format] {
		// A date takes no word its description says: "the date on
		// which this task is due, or null" lists no value "due".
		p.named = valuesIn(meaning)
	}
	glossed := meaning
	if item != s {
		glossed += "\n" + item.Description
	}
	values := item.Enum
	if len(values) == 0 {
		// Values a description lists have glosses as an enum's do:
		// "`short_term` (approximately last 4 weeks)".
		for _, n := range p.named {
			values = append(values, n)
		}
	}
	if len(values) == 0 && schemaType(item) == "integer" {
		// A code table in the description: "(1=month, 3=quarter,
		// 12=year)".
		values = codesIn(meaning)
	}
	p.glosses = glossesOf(glossed, values)
	p.format = item.Format
	if item.Pattern != "" {
		if re, err := regexp.Compile(item.Pattern); err == nil {
			p.pattern = re
			p.prefix = literalPrefix(item.Pattern)
		}
	}
	return p
}

// idFirst reports whether a camel-case name starts with the word id and
// then a capital (idList, idsMembers; not identity or idle; readParam
// also leaves out idOrName, whose next word names no thing).
func idFirst(name string) bool {
	for _, pre := range []string{"ids", "id"} {
		if rest, ok := strings.CutPrefix(name, pre); ok && capitalized(rest) {
			return true
		}
	}
	return false
}

// reCode is one entry of a code table: "3=quarter", "30 => Developer".
var reCode = regexp.MustCompile(`(?:^|[\s,;(])([0-9]+)\s*=>?\s*[A-Za-z]`)

// codesIn gives the numbers a description's code table glosses, when it
// has two or more entries ("The period size to compare to (1=month,
// 3=quarter, 12=year)"); nil otherwise.
func codesIn(desc string) []any {
	var out []any
	for _, m := range reCode.FindAllStringSubmatch(desc, -1) {
		n, err := strconv.Atoi(m[1])
		if err != nil {
			continue
		}
		out = append(out, float64(n))
	}
	if len(out) < 2 {
		return nil
	}
	return out
}

// writtenFormats are the string formats whose values have a syntax of
// their own, which no plain word fits.
var writtenFormats = map[string]bool{"date": true, "date-time": true, "time": true, "email": true, "uuid": true,
	"uri": true, "ipv4": true, "ipv6": true}

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

// idWords end a name that takes an identifier: issue_number, run_id,
// projectIdOrKey, playlist_uri, monitor_uid (a unique id).
// objectNouns drops from a tool name's nouns the words that name no
// object: the API and version segments and the format suffix a name made
// of its method and path carries (getApiV1StatusesId,
// deleteV2PeopleIdJson), and the identifier that ends it (deleteSshKeysId
// acts on SSH keys, not on an id).
func objectNouns(nouns []string) []string {
	kept := nouns[:0:0]
	for _, st := range nouns {
		if st == "api" || st == "json" || st == "xml" || versionSegment(st) {
			continue
		}
		kept = append(kept, st)
	}
	for len(kept) > 1 && pathIDWords[kept[len(kept)-1]] {
		kept = kept[:len(kept)-1]
	}
	return kept
}

// pathIDWords end a tool name made from a path whose last segment is an
// identifier ({id}, {uuid}).
var pathIDWords = map[string]bool{"id": true, "ids": true, "uuid": true, "guid": true}

// versionSegment reports whether st is an API version written in a path
// or a name: v1, v2beta1.
func versionSegment(st string) bool {
	return len(st) >= 2 && st[0] == 'v' && st[1] >= '0' && st[1] <= '9'
}

var idWords = map[string]bool{"id": true, "ids": true, "key": true, "keys": true, "number": true, "num": true,
	"no": true, "or": true, "uuid": true, "uid": true, "uids": true, "guid": true, "uri": true, "uris": true, "slug": true, "ref": true, "sha": true, "gid": true, "ts": true}

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

var (
	reValueList = regexp.MustCompile(`(?:^|[\s:(])((?:[A-Za-z_][\w-]*, )*[A-Za-z_][\w-]*,? (?:or|and) [A-Za-z_][\w-]*)`)
	reCodeValue = regexp.MustCompile("[`(]([A-Za-z_][\\w-]*)[`)]")
	// reLabeledList is a comma-separated list of values after a label
	// that says they are the values ("Enum: all, yearly, monthly", "Can
	// be: low, medium, high, critical"), with no "or" before the last.
	reLabeledList = regexp.MustCompile(`(?i)(?:^|[\s.(])(?:enum|values|one of|allowed values|possible values|valid values|supported values|can be|may be)\s*:\s*([A-Za-z_][\w-]*(?:\s*,\s*[A-Za-z_][\w-]*)+)`)
	// reValuesList is the list a shortened description writes after
	// "values", each value with or without what it means in brackets:
	// "values long_term (several years), medium_term (about 6 months)",
	// "values WON, LOST".
	reValuesList = regexp.MustCompile(`(?:^|[\s.;(])values\s+([A-Za-z_][\w.-]*(?:\s*\([^()]*\))?(?:\s*,\s*[A-Za-z_][\w.-]*(?:\s*\([^()]*\))?)+)`)
	reBracketed  = regexp.MustCompile(`\s*\([^()]*\)`)
	// reQuotedList is two or more quoted words in a row, separated by
	// commas ("['overdue', 'today', 'tomorrow']"): values, as code
	// writes them.
	reQuotedList = regexp.MustCompile(`['"][A-Za-z_][\w-]*['"](?:\s*,\s*['"][A-Za-z_][\w-]*['"])+`)
	reQuotedWord = regexp.MustCompile(`['"]([A-Za-z_][\w-]*)['"]`)
	// reConstList is a parenthesised list of constants, written in
	// capitals or joined by underscores, the last after "or" or "and":
	// "(SENT or FAILED)".
	reConstList = regexp.MustCompile(`\(((?:[A-Z][A-Z0-9_]*|[a-z0-9]+_[a-z0-9_]+)(?:\s*,\s*(?:[A-Z][A-Z0-9_]*|[a-z0-9]+_[a-z0-9_]+))*,?\s+(?:or|and)\s+(?:[A-Z][A-Z0-9_]*|[a-z0-9]+_[a-z0-9_]+))\)`)
)

// valuesIn reads the values a description lists: words in backquotes or
// parentheses ("ascending (`asc`)"), and lists of single words joined
// by "or" ("Either auto or away", "track, context or off") or, after
// "values are" or "values:", by "and" ("Recognized values are open,
// closed and all"), quoted words in a row ("['overdue', 'today']") and
// constants in parentheses ("(SENT or FAILED)"), and the list a
// shortened description writes after "values" ("values long_term
// (several years), short_term (about 4 weeks)"). Stop words
// are left out; nothing when fewer than two remain.
func valuesIn(desc string) []string {
	var out []string
	seen := map[string]bool{}
	add := func(w string) {
		w = strings.TrimSpace(w)
		if w == "" || seen[w] || retrieve.IsStopWord(strings.ToLower(w)) || strings.EqualFold(w, "either") {
			return
		}
		seen[w] = true
		out = append(out, w)
	}
	for _, m := range reCodeValue.FindAllStringSubmatch(desc, -1) {
		add(m[1])
	}
	for _, m := range reLabeledList.FindAllStringSubmatch(desc, -1) {
		for _, part := range strings.Split(m[1], ",") {
			add(part)
		}
	}
	for _, m := range reValuesList.FindAllStringSubmatch(desc, -1) {
		for _, part := range strings.Split(reBracketed.ReplaceAllString(m[1], ""), ",") {
			add(part)
		}
	}
	for _, m := range reQuotedList.FindAllString(desc, -1) {
		for _, q := range reQuotedWord.FindAllStringSubmatch(m, -1) {
			add(q[1])
		}
	}
	for _, m := range reConstList.FindAllStringSubmatch(desc, -1) {
		for _, part := range strings.FieldsFunc(m[1], func(r rune) bool { return r == ',' || r == ' ' }) {
			if part != "or" && part != "and" {
				add(part)
			}
		}
	}
	for _, ix := range reValueList.FindAllStringSubmatchIndex(desc, -1) {
		list := desc[ix[2]:ix[3]]
		before := strings.ToLower(strings.TrimSpace(desc[:ix[2]]))
		if !strings.Contains(list, " or ") && !strings.HasSuffix(before, "values are") && !strings.HasSuffix(before, "values:") {
			// "open, closed and all" lists values only after words that
			// say so ("Recognized values are open, closed and all").
			continue
		}
		// A list of values, not "the name of the user or team": three
		// or more items, or two after "either", "one of" or a colon, or
		// the whole description.
		if quantity(list) {
			// "one of two or more letters" counts; it lists nothing.
			continue
		}
		items := strings.Count(list, ",") + 2
		if items < 3 && before != "" && !strings.HasSuffix(before, "either") && !strings.HasSuffix(before, "one of") &&
			!strings.HasSuffix(before, ":") && !strings.HasSuffix(before, "values are") {
			continue
		}
		for _, part := range strings.FieldsFunc(list, func(r rune) bool { return r == ',' || r == ' ' }) {
			if part != "or" && part != "and" {
				add(part)
			}
		}
	}
	if len(out) < 2 {
		return nil
	}
	return out
}

// quantityWords make a phrase a count ("two or more", "one or several"),
// not a list of values.
var quantityWords = map[string]bool{"more": true, "less": true, "fewer": true, "most": true, "least": true,
	"several": true, "many": true, "one": true, "two": true, "three": true, "four": true, "five": true}

func quantity(list string) bool {
	for _, w := range strings.FieldsFunc(strings.ToLower(list), func(r rune) bool { return r == ',' || r == ' ' }) {
		if quantityWords[w] {
			return true
		}
	}
	return false
}
