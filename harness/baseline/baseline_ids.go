package baseline

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/agentready/agentready/harness/retrieve"
	"github.com/cloudwego/eino/schema"

	"github.com/agentready/agentready/harness/chat"
	"github.com/agentready/agentready/internal/english"
)

var (
	// reKey is an issue-tracker key: OPS-311, PROJ-12.
	reKey = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9]*-[0-9]+$`)
	// reOpaque is a run of identifier characters: cus_NffrFeUfNV2Hib,
	// C024BE91L, 3f9c2ab, spotify:track:1301WleyT98MSxVHPZCA6M.
	reOpaque = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_.:+-]*[A-Za-z0-9]$`)
	// reSlashPair is owner/name: facebook/react, octo-org/octo-app.
	reSlashPair = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_.-]*/[A-Za-z0-9][A-Za-z0-9_.-]*$`)
	// reLongNumber is a number too long to be a count: 7712003345, or a
	// Slack timestamp 1712000000.000100.
	reLongNumber = regexp.MustCompile(`^[0-9]{7,}(\.[0-9]+)?$`)
	// reFileName ends in an extension: CONTRIBUTING.md, openapi.yaml.
	reFileName = regexp.MustCompile(`\.[A-Za-z][A-Za-z0-9]{0,4}$`)
)

// idLike reports whether a token reads as an identifier rather than a
// word: a tracker key (OPS-311), or at least five identifier characters
// mixing letters and digits (cus_NffrFeUfNV2Hib, 3f9c2ab, C024BE91L).
// Short mixes such as "3pm", "P1" or "v2" are words.
func idLike(raw string) bool {
	if reKey.MatchString(raw) || reLongNumber.MatchString(raw) {
		return true
	}
	if len(raw) < 5 || !reOpaque.MatchString(raw) {
		return false
	}
	if snakeCase(raw) {
		return true
	}
	// A part that mixes letters and digits: "3-song" and "24-hour" are
	// words, "cus_NffrFeUfNV2Hib" is not.
	for _, part := range strings.FieldsFunc(raw, func(r rune) bool { return r == '-' || r == '_' || r == '.' || r == ':' }) {
		letters, digits := false, false
		for _, r := range part {
			switch {
			case r >= '0' && r <= '9':
				digits = true
			case r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z':
				letters = true
			}
		}
		if letters && digits {
			return true
		}
	}
	return false
}

// containers are the words that say the value after them holds the one
// before them: "load_orders in etl_daily", "item 7 of list 3".
var containers = map[string]bool{"in": true, "of": true, "on": true, "from": true, "under": true, "within": true, "inside": true}

// nested marks the identifier tokens joined by a container word, "A in
// B" with "the" or not: inner[A] and outer[B].
func (f *filler) nested() (inner, outer map[int]bool) {
	inner, outer = map[int]bool{}, map[int]bool{}
	toks := f.u.toks
	for i := 0; i+2 < len(toks); i++ {
		if !idLike(toks[i].raw) || toks[i].clauseEnd || !containers[toks[i+1].lower] {
			continue
		}
		j := i + 2
		if toks[j].lower == "the" && j+1 < len(toks) {
			j++
		}
		if idLike(toks[j].raw) {
			inner[i], outer[j] = true, true
		}
	}
	return inner, outer
}

// identDepths places each identifier argument of the tool between 0 (the
// first, outermost in the path) and 1 (the last, innermost); none when
// the tool has fewer than two.
func (f *filler) identDepths() map[*param]float64 {
	var ids []*param
	for _, p := range f.tool.params {
		if p.ident && len(p.path) == 1 {
			ids = append(ids, p)
		}
	}
	if len(ids) < 2 {
		return nil
	}
	out := map[*param]float64{}
	for k, p := range ids {
		out[p] = float64(k) / float64(len(ids)-1)
	}
	return out
}

// snakeCase reports whether a token joins words with underscores
// (etl_daily, load_orders, postgres_default): no English word is written
// so, while names people give things in code are (a job's, a queue's, a
// variable's key), and they type them as they are. A name that ends in
// "id" (order_id, user_ids) names a field, not a thing.
func snakeCase(raw string) bool {
	parts := strings.Split(raw, "_")
	if len(parts) < 2 || slices.Contains([]string{"id", "ids", "uid", "gid"}, strings.ToLower(parts[len(parts)-1])) {
		return false
	}
	for _, part := range parts {
		if part == "" || strings.IndexFunc(part, isLetter) < 0 {
			return false
		}
	}
	return true
}

// identifiers gives tokens that read as identifiers, and numbers next to
// an identifier's name ("issue 88", "version 10204"), to the arguments
// that take identifiers: by the words around them ("channel C024BE91L"
// fills channel), else to a required identifier argument in order. A
// string argument whose name is said right before the token takes it too
// ("playlist 3cEYpjA9oz9GiPac4AsH4n").
func (f *filler) identifiers() {
	var pairs []pair
	toolWords := retrieve.Words(f.tool.name)
	inner, outer := f.nested()
	depth := f.identDepths()
	for i, t := range f.u.toks {
		if f.u.used[i] || t.quoted {
			continue
		}
		opaque := idLike(t.raw)
		_, isNum := asNumber(t.raw)
		if !opaque && !isNum {
			continue
		}
		if isNum && (f.endsTitle(i) || perPage(f.u, i)) {
			// "milestone Sprint 9": the number ends the name; "owner
			// mona 30 to a page": it is a page's size.
			continue
		}
		// The token's kind word ("access" of access-sandbox-...) and
		// whether it is a message's moment (1700000000.000200).
		kind, epoch := wordPrefix(t.raw), epochLike(t.raw)
		for _, p := range f.tool.params {
			typ := p.scalarType()
			if f.has(p) || len(p.enum) > 0 || typ != "string" && typ != "integer" || p.format != "" {
				continue
			}
			kindNamed := kind != "" && slices.Contains(p.words, kind)
			stamp := epoch && stampNamed(p)
			if p.pattern != nil && !p.pattern.MatchString(t.raw) {
				continue
			}
			if typ == "integer" && !isNum {
				continue
			}
			if typ == "integer" && strings.Contains(t.raw, ".") {
				continue
			}
			aff := f.affinity(p, t.first, t.last)
			named := f.namedBefore(p, i) || f.kindBefore(p, i)
			shaped := p.inExample && sameShape(t.raw, p.example)
			switch {
			case named:
				aff += 2
			case !p.ident && !(shaped && opaque) && !kindNamed && !stamp:
				// A plain argument takes an identifier when it is named,
				// the example's value is written the same way (channel
				// "C024BE91L" for C061EG9SL) or its kind starts it
				// ("access-sandbox-5cd6..." for access_token), or it
				// is a message's moment for a ts or timestamp
				// ("1700000000.000200").
				continue
			case isNum && !opaque && !f.nameNear(p, t.first, t.last) && !(shaped && f.objectBefore(p, i)) && !stamp:
				// A short number is an identifier only next to its
				// name ("5 comments" is a count), or written as the
				// example writes it right after the tool's object:
				// "override 23997" for publicId, whose example is
				// "23997", in deleteOverridesPublicId.
				continue
			case isNum && !opaque && !named && f.countOf(p, i):
				// Next to its name but said as a count: "the last 5
				// builds", "10 most recent builds" name no build 5.
				continue
			}
			if shaped || stamp {
				// "PROJ-123" is written like the example's "PROJ-12";
				// "1700000000.000200" as a timestamp is.
				aff += 1
			}
			if d, ok := depth[p]; ok && !named {
				// "load_orders in etl_daily": the first is the task, held
				// deeper in the path, the second the job that holds it.
				switch {
				case inner[i]:
					aff += 0.02 * d
				case outer[i]:
					aff += 0.02 * (1 - d)
				}
			}
			switch {
			case kindNamed:
				// "access-sandbox-5cd6..." says its kind in a whole
				// word, as plainly as "access token 5cd6..." would.
				aff += 2
			case prefixNames(t.raw, p, toolWords):
				// "cus_NffrFeUfNV2Hib" starts as customer does.
				aff += 1
			case prefixDenies(t.raw, p, toolWords):
				// Not a payment intent's.
				continue
			case f.tool.initialForOther(t.raw, p):
				// "U024BE7LH" is a user's where the tool also takes
				// users: not the channel's.
				continue
			}
			var v any = t.raw
			if typ == "integer" {
				n, _ := asNumber(t.raw)
				v = number(p, n)
			}
			last := i
			if p.multi() {
				items, end := f.idList(i, opaque)
				last = end
				if p.array {
					v = items
				} else {
					parts := make([]string, len(items))
					for k, it := range items {
						parts[k] = it.(string)
					}
					v = strings.Join(parts, ",")
				}
			}
			if named && generic(p) {
				f.ownNoun[p.name] = true
			}
			pairs = append(pairs, pair{p: p, tok: i, lastTok: last, value: v, affinity: aff, words: [2]int{t.first, f.u.toks[last].last}})
		}
	}
	f.assign(pairs, 0.5)
}

// namesPlainly reports whether the request says p's name with a plain
// value right after it, no owner/name pair: "owner mona", "repo
// checkout".
func (f *filler) namesPlainly(p *param) bool {
	for _, stems := range f.tool.phrasesOf(p) {
		if len(stems) == 0 {
			continue
		}
		for _, at := range f.u.findPhrase(stems) {
			end := at + len(stems) - 1
			ti := f.u.words[end].tok
			if f.u.toks[ti].last != end || f.u.toks[ti].clauseEnd || ti+1 >= len(f.u.toks) {
				continue
			}
			n := f.u.toks[ti+1]
			if !n.quoted && !reSlashPair.MatchString(n.raw) && !retrieve.IsStopWord(n.lower) && !stopValue[n.lower] {
				return true
			}
		}
	}
	return false
}

// endsTitle reports whether the number at token i ends a name written in
// title case: a word past the first of the request, capitalised with the
// rest in lower case ("Sprint 9", "Release 4"), that is no word of the
// tool's topic or of an argument's name, right before it in the same
// clause. "PR 731" and "Issue 42" name the thing, not a name.
func (f *filler) endsTitle(i int) bool {
	if i < 2 {
		return false
	}
	t := f.u.toks[i-1]
	if f.u.used[i-1] || t.quoted || t.clauseEnd || t.colon || t.first != t.last || !capitalized(t.raw) || strings.ToLower(t.raw[1:]) != t.raw[1:] {
		return false
	}
	st := f.u.words[t.first].stem
	return st != "" && !f.tool.topic[st] && !f.tool.argWords[st] && !retrieve.IsStopWord(t.lower)
}

// idList reads the identifiers written as a list from token i
// ("7ouMY..., 4VqPO... and 2takc..."): items of the same kind, separated
// by commas or "and".
func (f *filler) idList(i int, opaque bool) ([]any, int) {
	u := f.u
	items := []any{u.toks[i].raw}
	last := i
	for {
		k := last + 1
		if k < len(u.toks) && !u.toks[last].clauseEnd && (u.toks[k].lower == "and" || u.toks[k].lower == "&") {
			k++
		} else if !u.toks[last].clauseEnd {
			return items, last
		}
		if k >= len(u.toks) || u.used[k] || u.toks[k].quoted || idLike(u.toks[k].raw) != opaque {
			return items, last
		}
		if _, num := asNumber(u.toks[k].raw); !opaque && !num {
			return items, last
		}
		items = append(items, u.toks[k].raw)
		last = k
	}
}

// multi reports whether p takes several identifiers: an array, or a
// string its name or description says is a comma-separated list.
func (p *param) multi() bool {
	if p.array {
		return p.scalarType() == "string"
	}
	if n := len(p.words); n > 0 && (p.words[n-1] == "ids" || p.words[n-1] == "uris" || p.words[n-1] == "keys") {
		return true
	}
	return p.descStems["comma"] && (p.descStems["separat"] || p.descStems["separated"] || p.descStems["list"])
}

// sameShape reports whether a token is written like an example value:
// the same runs of letters, digits and punctuation ("PROJ-123" and
// "PROJ-12", not "PROJ").
func sameShape(raw string, example any) bool {
	ex, ok := example.(string)
	return ok && ex != "" && shape(raw) == shape(ex)
}

func shape(s string) string {
	var b strings.Builder
	var prev byte
	for _, r := range s {
		var c byte
		switch {
		case r >= '0' && r <= '9':
			c = '9'
		case r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z':
			c = 'a'
		default:
			c = byte(r)
			if r > 127 {
				c = '?'
			}
		}
		if c != prev || c != '9' && c != 'a' {
			b.WriteByte(c)
		}
		prev = c
	}
	return b.String()
}

// epochLike reports whether raw is written as a moment in seconds since
// 1970 with its fraction ("1700000000.000200"), as Slack names a message.
func epochLike(raw string) bool { return reEpochFraction.MatchString(raw) }

var reEpochFraction = regexp.MustCompile(`^[0-9]{9,10}\.[0-9]{1,9}$`)

// stampNamed reports whether p's name says it takes such a moment: ts,
// timestamp, message_ts, thread_ts.
func stampNamed(p *param) bool {
	n := len(p.words)
	return n > 0 && (p.words[n-1] == "ts" || p.words[n-1] == "timestamp")
}

// objectBefore reports whether the word right before token i is the
// noun the tool's name puts right before p's own words, the thing p
// identifies: "override" for publicId in
// deleteApiPublicV1OverridesPublicId (.../overrides/{publicId}).
func (f *filler) objectBefore(p *param, i int) bool {
	if i == 0 || f.u.toks[i-1].quoted || f.u.toks[i-1].clauseEnd || len(p.words) == 0 {
		return false
	}
	st := english.Stem(f.u.toks[i-1].lower)
	if st == "id" || requestVerbs[st] || retrieve.IsStopWord(st) {
		return false
	}
	name := retrieve.Words(f.tool.name)
	for at := len(name) - len(p.words); at >= 1; at-- {
		if slices.EqualFunc(name[at:at+len(p.words)], p.words, func(a, b string) bool { return english.Stem(a) == english.Stem(b) }) {
			return english.Stem(name[at-1]) == st
		}
	}
	return false
}

// kindBefore reports whether the word right before token i is the last
// word of p's name that says what kind of identifier it takes, other
// than id (key, token, secret), and p is the tool's one argument whose
// name ends in it: "key vo-7Kq2mZ4d" for X-VO-Api-Key beside X-VO-Api-Id
// and publicId.
func (f *filler) kindBefore(p *param, i int) bool {
	n := len(p.fullStems)
	if n == 0 || n == len(p.stems) || i == 0 {
		return false
	}
	last := p.fullStems[n-1]
	if last == "id" || last == "ids" || f.u.toks[i-1].quoted || f.u.toks[i-1].clauseEnd {
		return false
	}
	if english.Stem(f.u.toks[i-1].lower) != last {
		return false
	}
	for _, q := range f.tool.params {
		if q != p && len(q.fullStems) > 0 && q.fullStems[len(q.fullStems)-1] == last {
			return false
		}
	}
	return true
}

// namedBefore reports whether the words right before token i name p
// ("channel C024BE91L", "issue #1347", "the playlist 3cEY...").
func (f *filler) namedBefore(p *param, i int) bool {
	if len(p.stems) == 0 || i == 0 {
		return false
	}
	end := f.u.toks[i].first - 1
	for end >= 0 && (f.u.words[end].lower == "the" || f.u.words[end].lower == "a" || separators[f.u.words[end].lower]) &&
		!f.u.boundaryAfter(end) {
		end--
	}
	if end < 0 || f.u.boundaryAfter(end) {
		return false
	}
	if generic(p) {
		// "version 10204" for getVersion's id: the word names the
		// tool's object.
		return f.u.words[end].stem != "" && f.tool.objects[f.u.words[end].stem]
	}
	// The name right before, or one word before that: "pull request
	// 402" for pull_number, unless the word between is a word of another
	// argument's name: "purchase orders (tenant e2a4...)" is the
	// tenant's, not an order.
	between := f.u.words[end].stem
	for _, e := range []int{end, end - 1} {
		start := e - len(p.stems) + 1
		if start < 0 || e < end && (f.u.boundaryAfter(e) || f.tool.argWords[between] && !slices.Contains(p.fullStems, between)) {
			continue
		}
		ok := true
		for k, st := range p.stems {
			if w := f.u.words[start+k]; w.stem != st && !(k == len(p.stems)-1 && clipped(w.stem, st)) {
				ok = false
				break
			}
		}
		if ok {
			return true
		}
	}
	return false
}

// clipped reports whether the request's word w is the name word st
// clipped, as people shorten a long word ("deploy dpl_7Hx2" for
// deployment_id, "config" for configuration): at least four letters that
// start st, which runs on for three letters or more.
func clipped(w, st string) bool {
	return len(w) >= 4 && len(st) >= len(w)+3 && strings.HasPrefix(st, w)
}

// namedWithin reports whether p's name is said in the n words before
// word at, in the same clause: "the If-Match header set to "1"".
func (f *filler) namedWithin(p *param, at, n int) bool {
	for _, phrase := range f.tool.phrasesOf(p) {
		for _, start := range f.u.findPhrase(phrase) {
			end := start + len(phrase) - 1
			if end >= at || at-end > n {
				continue
			}
			crossed := false
			for w := end; w < at; w++ {
				crossed = crossed || f.u.boundaryAfter(w)
			}
			if !crossed {
				return true
			}
		}
	}
	return false
}

// nameNear reports whether p's name words are among the three words on
// either side of [from, to]. A word inside an identifier names nothing
// else: in "first 10 transactions on account_in71c4amph0vgo2qllky" the
// account's identifier says account, and 10 is no account.
func (f *filler) nameNear(p *param, from, to int) bool {
	if len(p.stems) == 0 {
		return false
	}
	in := map[string]bool{}
	for _, w := range f.u.windowWords(from, to, 3, 3) {
		if idLike(f.u.toks[f.u.words[w].tok].raw) {
			continue
		}
		in[f.u.words[w].stem] = true
	}
	for _, s := range p.stems {
		if !in[s] {
			return false
		}
	}
	return true
}

// slashPairs splits "owner/name" (facebook/react) over two arguments that
// come one after the other and take identifiers or plain names, such as
// owner and repo: the way code hosts name a repository. The token that
// follows "in", "from", "on", "of" or "for" is preferred, else the last
// one; a file path (docs/CONTRIBUTING.md) is not a pair.
func (f *filler) slashPairs() {
	var first, second *param
	for i := 0; i+1 < len(f.tool.params); i++ {
		a, b := f.tool.params[i], f.tool.params[i+1]
		if pairable(a) && pairable(b) && !f.has(a) && !f.has(b) && a.required && b.required {
			first, second = a, b
			break
		}
	}
	if first == nil || f.namesPlainly(first) || f.namesPlainly(second) {
		// "in repo checkout in owner mona": each said by its name; a
		// pair elsewhere ("ref feature/dark-mode") is something else.
		return
	}
	best := -1
	for i, t := range f.u.toks {
		if f.u.used[i] || t.quoted || !reSlashPair.MatchString(t.raw) || reFileName.MatchString(t.raw) {
			continue
		}
		if i > 0 && (f.tool.namesOther(first, f.u.toks[i-1]) && f.tool.namesOther(second, f.u.toks[i-1])) {
			// "on branch release/2.4", "ref feature/dark-mode": the
			// word before names another argument.
			continue
		}
		prev := ""
		if i > 0 {
			prev = f.u.toks[i-1].lower
		}
		switch prev {
		case "in", "from", "on", "of", "for", "repo", "repository", "project":
			best = i
		default:
			if best < 0 || !prepositionBefore(f.u, best) {
				best = i
			}
		}
	}
	if best < 0 {
		return
	}
	owner, name, _ := strings.Cut(f.u.toks[best].raw, "/")
	f.set(first, owner)
	f.set(second, name)
	f.u.used[best] = true
	f.notes = append(f.notes, "split "+f.u.toks[best].raw+" over "+first.name+" and "+second.name)
}

func prepositionBefore(u *utterance, i int) bool {
	if i == 0 {
		return false
	}
	switch u.toks[i-1].lower {
	case "in", "from", "on", "of", "for", "repo", "repository", "project":
		return true
	}
	return false
}

// pairable reports whether p could hold half of an owner/name pair: a
// plain string argument.
func pairable(p *param) bool {
	return p.typ == "string" && len(p.enum) == 0 && p.format == "" && p.pattern == nil
}

// onlyIdentifier is the one empty argument of the tool that takes an
// identifier, raw's type prefix not denying it; nil when there are none
// or several.
func (f *filler) onlyIdentifier(raw string, toolWords []string) *param {
	only := f.tool.sole(func(p *param) bool {
		return p.ident && !p.array && len(p.enum) == 0 && p.format == "" && p.scalarType() == "string"
	})
	if only == nil || f.has(only) || !pairable(only) || !f.reachable(only) || prefixDenies(raw, only, toolWords) {
		return nil
	}
	return only
}

// generic reports whether p's name says only "identifier" (id, key).
func generic(p *param) bool {
	for _, w := range p.words {
		if !idWords[w] {
			return false
		}
	}
	return true
}

// leftovers gives each identifier no argument took to the argument its
// prefix names ("cus_..." to customer, see prefixNames), else to the
// first plain string argument that is required, still empty and not
// named for another thing by the prefix: a model puts "C061EG9SL" in
// channel when that is where it must go. An optional argument is not
// where a model puts an identifier nobody named (snapshot_id,
// client_secret).
func (f *filler) leftovers() {
	words := retrieve.Words(f.tool.name)
	for i, t := range f.u.toks {
		if f.u.used[i] || t.quoted || !idLike(t.raw) || reLongNumber.MatchString(t.raw) {
			continue
		}
		var target *param
		for _, p := range f.tool.params {
			// "cus_..." names its argument itself: customer, required
			// or not.
			if !f.has(p) && pairable(p) && f.reachable(p) && prefixNames(t.raw, p, nil) {
				target = p
				break
			}
		}
		prefixed := target != nil
		for _, p := range f.tool.params {
			if target != nil {
				break
			}
			if p.required && !f.has(p) && pairable(p) && !p.textual() && f.reachable(p) && !prefixDenies(t.raw, p, words) {
				target = p
			}
		}
		if target == nil {
			// "last 50 messages in C024BE91L": the tool's one argument
			// that takes an identifier (channel, "Conversation ID").
			target = f.onlyIdentifier(t.raw, words)
		}
		if target == nil {
			return
		}
		if f.twoHandles && target == f.handleArg() {
			// "badges for jdoe and mia_k": one of two handles.
			continue
		}
		if noun, ok := f.nounBefore(i); ok && !prefixed && !f.nounNames(noun, target) {
			// "every pod on node worker-3": the value is the node's,
			// and a namespace is not a node.
			continue
		}
		f.set(target, t.raw)
		f.u.used[i] = true
		f.notes = append(f.notes, target.name+" takes the identifier left over")
	}
}

// nounBefore gives the word right before token i when it is a noun that
// names the value: after a preposition or an article, in the same clause
// ("on node worker-3", "the task 1204..."). A verb ("describe worker-3")
// or a preposition ("in C024BE91L") right before names nothing.
func (f *filler) nounBefore(i int) (word, bool) {
	w := f.u.toks[i].first - 1
	if w < 1 || f.u.boundaryAfter(w) || f.u.boundaryAfter(w-1) {
		return word{}, false
	}
	n := f.u.words[w]
	if n.stem == "" || fillerWords[n.lower] || !introducesNoun[f.u.words[w-1].lower] {
		return word{}, false
	}
	return n, true
}

// introducesNoun are the words after which a word is read as a noun.
var introducesNoun = map[string]bool{
	"on": true, "in": true, "of": true, "for": true, "from": true, "at": true, "to": true,
	"the": true, "a": true, "an": true, "with": true, "by": true, "this": true, "that": true,
}

// nounNames reports whether a noun said right before a value names p: a
// word of p's name or of its description (in any number: "nodes",
// "node") or a synonym of one (retrieve.Synonyms: "bill" for invoice), or
// the tool's own object when p's name only says id.
func (f *filler) nounNames(n word, p *param) bool {
	for _, st := range append([]string{n.stem}, retrieve.Synonyms(n.stem)...) {
		if slices.Contains(p.stems, st) || slices.Contains(p.fullStems, st) || p.descStems[st] || generic(p) && f.tool.objects[st] {
			return true
		}
	}
	return false
}

// orderWords say which way a list is sorted: "newest first" is
// descending, "oldest first" ascending (the judge reads them too).
var orderWords = english.OrderWords

// directions reads a sort direction ("newest first", "in descending
// order") into an argument whose accepted values are ascending and
// descending (asc/desc, ASC/DESC, ascending/descending).
func (f *filler) directions() {
	f.sortedByValue()
	var target *param
	var asc, desc string
	for _, p := range f.tool.params {
		if f.has(p) {
			continue
		}
		a, d := "", ""
		for _, e := range slices.Concat(p.enum, p.named) {
			switch strings.ToLower(e) {
			case "asc", "ascending":
				a = e
			case "desc", "descending":
				d = e
			}
		}
		if a != "" && d != "" {
			target, asc, desc = p, a, d
			break
		}
	}
	if target == nil {
		target, asc, desc = f.halfListedDirection()
	}
	if from, to, dir := f.u.alphabetOrder(); from >= 0 {
		// "sorted by name A-Z", "cadences alphabetically": an order,
		// never a name to filter by; by name when the request names
		// no field and the tool sorts by one.
		for k := from; k <= to; k++ {
			f.u.used[k] = true
		}
		f.alphabeticalField()
		if target != nil {
			v := map[string]string{"asc": asc, "desc": desc}[dir]
			f.set(target, v)
			f.notes = append(f.notes, fmt.Sprintf("%s %s: alphabetical", target.name, v))
			return
		}
	}
	if target == nil {
		f.flagDirection()
		f.combinedOrder()
		f.signedOrder()
		f.signedDirection()
		if _, from, to := f.orderPhrase(); from >= 0 && f.timeOrdered(from, to) {
			// "newest created first" with sort_by and a switch for
			// ascending: the field, whichever way it is sorted.
			f.timeField(nil, from, to)
		}
		return
	}
	for i, w := range f.u.words {
		dir, ok := orderWords[w.lower]
		if !ok || dir == "" || f.u.used[w.tok] {
			continue
		}
		// "newest first", "descending", "most recent first".
		explicit := w.lower == "descending" || w.lower == "ascending" || w.lower == "desc" || w.lower == "asc"
		if !explicit && english.OrderEnd(f.u.lowers(), i) < 0 {
			continue
		}
		v := desc
		if dir == "asc" {
			v = asc
		}
		f.set(target, v)
		f.notes = append(f.notes, fmt.Sprintf("%s %s from %q", target.name, v, w.lower))
		if end := english.OrderEnd(f.u.lowers(), i); end > i && f.timeOrdered(i, end) {
			f.timeField(target, i, end)
		} else if timeOrderWords[w.lower] {
			f.timeField(target, i, i)
		}
		return
	}
}

// alphabetOrder finds an alphabetical order in the request: "A-Z" (or
// "A to Z", "alphabetically", "in alphabetical order") ascending, "Z-A"
// (or "reverse alphabetical") descending; from and to are its tokens, -1
// when there is none.
func (u *utterance) alphabetOrder() (from, to int, dir string) {
	for i, t := range u.toks {
		if u.used[i] || t.quoted {
			continue
		}
		switch t.lower {
		case "a-z", "a–z", "a→z":
			return i, i, "asc"
		case "z-a", "z–a", "z→a":
			return i, i, "desc"
		case "alphabetically", "alphabetical":
			if i > 0 && (u.toks[i-1].lower == "reverse" || u.toks[i-1].lower == "reversed") {
				return i - 1, i, "desc"
			}
			return i, i, "asc"
		case "a", "z":
			if i+2 < len(u.toks) && u.toks[i+1].lower == "to" && !t.clauseEnd && !u.toks[i+1].clauseEnd {
				if end := u.toks[i+2].lower; t.lower == "a" && end == "z" {
					return i, i + 2, "asc"
				} else if t.lower == "z" && end == "a" {
					return i, i + 2, "desc"
				}
			}
		}
	}
	return -1, -1, ""
}

// alphabeticalField gives the tool's empty sort argument whose values
// include name or title that value: an alphabetical order sorts by what
// a thing is called.
func (f *filler) alphabeticalField() {
	p := f.tool.sole(func(p *param) bool { return !f.has(p) && !p.array && p.namesSort() && alphabeticalValue(p) != "" })
	if p != nil {
		f.set(p, alphabeticalValue(p))
	}
}

// alphabeticalValue is the value of p's listed ones that sorts by what a
// thing is called (name or title, as listed), "" when it lists neither.
func alphabeticalValue(p *param) string {
	for _, v := range slices.Concat(p.enum, p.named) {
		if strings.EqualFold(v, "name") || strings.EqualFold(v, "title") {
			return v
		}
	}
	return ""
}

// reDirectionValue is asc or desc written as a value in a description:
// "Default value: ASC", "ASC - Oldest to newest".
var reDirectionValue = regexp.MustCompile(`\b(ASC|DESC|asc|desc)\b`)

// halfListedDirection finds the tool's one empty argument named for a
// sort direction (order, sort_order, direction) that lists no values but
// whose description writes one of asc and desc as a value ("Default
// value: ASC", shortened descriptions that keep only "ASC - Oldest to
// newest"); the other is written the same way, as a model knows it.
func (f *filler) halfListedDirection() (*param, string, string) {
	p := f.tool.sole(func(p *param) bool {
		if f.has(p) || p.array || len(p.enum) > 0 || len(p.named) > 0 || p.scalarType() != "string" || p.ident {
			return false
		}
		n := len(p.words)
		return n > 0 && n <= 2 && (p.words[n-1] == "order" || p.words[n-1] == "direction") && reDirectionValue.MatchString(p.desc)
	})
	if p == nil {
		return nil, "", ""
	}
	if v := reDirectionValue.FindString(p.desc); v == strings.ToLower(v) {
		return p, "asc", "desc"
	}
	return p, "ASC", "DESC"
}

// timeOrderWords order by when: "newest first" sorts by a time.
var timeOrderWords = map[string]bool{"newest": true, "latest": true, "recent": true, "oldest": true, "earliest": true}

// timeOrdered reports whether the order phrase from..to orders by when:
// a time order word ("newest", "oldest") or "recently" ("most recently
// updated first") among its words.
func (f *filler) timeOrdered(from, to int) bool {
	for _, w := range f.u.words[from : to+1] {
		if timeOrderWords[w.lower] || w.lower == "recently" {
			return true
		}
	}
	return false
}

// creationWords are the words of a time field that says when a thing
// was made or listed: "newest" and "oldest" mean these unless the
// phrase names another time.
var creationWords = map[string]bool{"created": true, "date": true, "added": true, "timestamp": true, "time": true}

// timeField reads "newest first" onto the sort field that goes with a
// direction argument: the one argument still empty whose name says sort
// or order and whose accepted values (an enum, or the values its
// description lists: "sorted by either score or timestamp") hold a time
// field (timestamp, created, date, ...): the one the order phrase
// (words from..to) names ("most recently updated first": updated_at),
// else the only one, else the only one that says when a thing was made
// (created_at, date, added; not updated or modified_time: "newest"
// says when a thing was made).
func (f *filler) timeField(dir *param, from, to int) {
	for _, p := range f.tool.params {
		if p == dir || f.has(p) || len(p.enum)+len(p.named) == 0 || !slices.ContainsFunc(p.words, func(w string) bool { return w == "sort" || w == "order" }) {
			continue
		}
		var timed, named, made []string
		for _, e := range slices.Concat(p.enum, p.named) {
			ws := retrieve.Words(e)
			if !slices.ContainsFunc(ws, func(w string) bool { return dateWords[w] }) {
				continue
			}
			timed = append(timed, e)
			phrased, other := false, false
			for _, w := range ws {
				if len(w) <= 2 {
					continue
				}
				if slices.ContainsFunc(f.u.words[from:to+1], func(x word) bool { return x.stem == english.Stem(w) }) {
					phrased = true
				}
				if dateWords[w] && !creationWords[w] {
					other = true
				}
			}
			if phrased {
				named = append(named, e)
			}
			if !other {
				made = append(made, e)
			}
		}
		pick := ""
		switch {
		case len(named) == 1:
			pick = named[0]
		case len(timed) == 1:
			pick = timed[0]
		case len(made) == 1:
			pick = made[0]
		}
		if pick != "" && f.set(p, pick) {
			f.notes = append(f.notes, fmt.Sprintf("%s %s: a time order", p.name, pick))
		}
		return
	}
}

// combinedOrder reads a time order phrase ("newest first", "oldest
// first") onto a sort enum whose values say both what and which way: the
// one value that is the phrase's own word or its noun (newest, latest,
// recent, recency; oldest, earliest) or a time field with the direction
// written after it (date_desc, created_asc).
func (f *filler) combinedOrder() {
	dir, from, to := f.orderPhrase()
	if dir == "" || !f.timeOrdered(from, to) {
		return
	}
	own := map[string]string{"newest": "desc", "latest": "desc", "recent": "desc", "recency": "desc", "oldest": "asc", "earliest": "asc"}
	for _, p := range f.tool.params {
		if f.has(p) || len(p.enum) < 2 || !p.namesSort() {
			continue
		}
		var fits []string
		for _, e := range p.enum {
			ws := retrieve.Words(e)
			said := slices.ContainsFunc(ws, func(w string) bool { return own[w] == dir })
			if n := len(ws); !said && n >= 2 && orderWords[ws[n-1]] == dir && (ws[n-1] == "asc" || ws[n-1] == "desc" || ws[n-1] == "ascending" || ws[n-1] == "descending") {
				said = slices.ContainsFunc(ws[:n-1], func(w string) bool { return dateWords[w] })
			}
			if said {
				fits = append(fits, e)
			}
		}
		if len(fits) == 1 && f.set(p, fits[0]) {
			f.notes = append(f.notes, fmt.Sprintf("%s %s: %s first", p.name, fits[0], map[string]string{"asc": "oldest", "desc": "newest"}[dir]))
		}
		return
	}
}

// flagDirection reads an order phrase onto a switch that turns one
// direction on: an argument named asc or ascending (desc, descending)
// that is a boolean or takes only "true" is true when the request asks
// that direction ("oldest first" for asc) and left out otherwise, since
// the other direction is what it gives when left out.
func (f *filler) flagDirection() {
	dir, _, _ := f.orderPhrase()
	if dir == "" {
		return
	}
	for _, p := range f.tool.params {
		if f.has(p) || len(p.words) != 1 || orderWords[p.words[0]] != dir || p.words[0] == "most" || p.words[0] == "least" ||
			p.words[0] == "last" {
			continue
		}
		switch {
		case p.boolean():
			f.args[p.name] = true
		case len(p.enum) == 1 && strings.EqualFold(p.enum[0], "true"):
			f.args[p.name] = p.enum[0]
		default:
			continue
		}
		f.notes = append(f.notes, fmt.Sprintf("%s true: %s first", p.name, map[string]string{"asc": "oldest", "desc": "newest"}[dir]))
		return
	}
}

// switches read "on" and "off" (also "enable", "disable") for the one
// boolean argument a tool requires: "turn shuffle off".
func (f *filler) switches() {
	target := f.tool.sole(func(p *param) bool { return p.typ == "boolean" && p.required && !f.has(p) })
	if target == nil {
		return
	}
	for i, t := range f.u.toks {
		if f.u.used[i] || t.quoted {
			continue
		}
		var v, ok bool
		switch t.lower {
		case "off", "disable", "disabled", "deactivate", "stop":
			v, ok = false, true
		case "on", "enable", "enabled", "activate", "start":
			// "on" is a preposition unless it ends the clause: "turn
			// shuffle on", not "comments on OPS-1".
			ok = t.lower != "on" || t.clauseEnd || i == len(f.u.toks)-1
			v = true
		}
		if ok {
			f.args[target.name] = v
			f.u.used[i] = true
			return
		}
	}
}

// limitNames are the arguments that cap how many items come back.
var limitNames = map[string]bool{"limit": true, "per_page": true, "perpage": true, "page_size": true, "pagesize": true,
	"max_results": true, "maxresults": true, "count": true, "size": true, "max": true, "top": true, "first": true,
	"max_items": true, "maxitems": true, "num": true, "n": true}

// counts read "the latest 5 comments", "top 10 tracks", "first 20
// commits": a number before the plural of what the tool lists goes to its
// limit argument.
func (f *filler) counts() {
	var target *param
	for _, p := range f.tool.params {
		if !f.has(p) && limitNames[strings.ToLower(p.key)] && (p.typ == "integer" || p.typ == "number" || p.numberAsText() || p.countByName()) {
			target = p
			break
		}
	}
	if target == nil {
		return
	}
	for i, t := range f.u.toks {
		if f.u.used[i] || t.quoted {
			continue
		}
		n, ok := countAt(f.u, i)
		if !ok || n < 1 || n != float64(int64(n)) {
			continue
		}
		prev := ""
		if i > 0 {
			prev = f.u.toks[i-1].lower
		}
		plural := false
		// "10 issues", "10 most recent charges": the count of the
		// things listed, with at most two words between.
		for k := i + 1; k < len(f.u.toks) && k <= i+3 && !plural && !t.clauseEnd; k++ {
			next := f.u.toks[k]
			plural = strings.HasSuffix(next.lower, "s") && f.tool.topic[english.Stem(next.lower)]
			if next.clauseEnd || next.quoted || f.u.valueToken(k) {
				break
			}
		}
		if skipsCount(f.u, i) {
			// "skip the first 40 members": how many to pass over, an
			// offset (read after it by its alias), never the limit.
			continue
		}
		if plural || countOrder[prev] && (!t.clauseEnd || i+1 == len(f.u.toks)) || atMost(f.u, i) || perPage(f.u, i) {
			var v any = number(target, n)
			if target.typ == "string" {
				v = strconv.FormatInt(int64(n), 10)
			}
			f.set(target, v)
			f.u.used[i] = true
			if countOrder[prev] && !f.u.toks[i-1].quoted {
				// "the first 50 droplets": "first" belongs to the
				// count; it is no text left over for a tag.
				f.u.used[i-1] = true
			}
			return
		}
	}
}

// countNames are the names that say a count whatever their type: a
// model puts "first 50" in a limit typed as text that no description
// explains (Meilisearch's), as it would in an integer.
var countNames = map[string]bool{"limit": true, "per_page": true, "perpage": true, "page_size": true, "pagesize": true,
	"max_results": true, "maxresults": true, "max_items": true, "maxitems": true}

// countByName reports whether p is text named only as a count
// (countNames) that nothing else describes: no description, no listed
// values, no pattern or format.
func (p *param) countByName() bool {
	return p.typ == "string" && countNames[strings.ToLower(p.key)] && strings.TrimSpace(p.desc) == "" &&
		len(p.enum) == 0 && len(p.named) == 0 && p.pattern == nil && p.format == ""
}

// reSaysNumber is a description that says its text holds a number:
// "number from 0 to 1000", "An integer between 1 and 100".
var reSaysNumber = regexp.MustCompile(`(?i)^\s*(?:an? |the )?(?:number|integer|whole number)\b|\b(?:number|integer) (?:from|between) -?[0-9]`)

// numberAsText reports whether p is a string whose description says it
// holds a number ("number from 0 to 1000"), as a model reads a count
// typed as text: the count goes in as its digits.
func (p *param) numberAsText() bool {
	return p.typ == "string" && len(p.enum) == 0 && len(p.named) == 0 && reSaysNumber.MatchString(p.desc)
}

// countOrder are the words before a number that make it a count of the
// things listed: "top 10", "the latest 5", "the next 20".
// countOf reports whether the number at token i says how many of what p
// identifies are asked for, not which one: an ordering word before it
// ("the last 5", "top 10"), or the plural of p's noun within three words
// after it ("5 builds", "10 most recent builds"), where "build 5" names
// one.
func (f *filler) countOf(p *param, i int) bool {
	if i > 0 && countOrder[f.u.toks[i-1].lower] && !f.u.toks[i-1].quoted {
		return true
	}
	if f.u.toks[i].clauseEnd {
		return false
	}
	for k := i + 1; k < len(f.u.toks) && k <= i+3; k++ {
		next := f.u.toks[k]
		if next.quoted || f.u.valueToken(k) {
			return false
		}
		if st := english.Stem(next.lower); st != next.lower && strings.HasSuffix(next.lower, "s") && slices.Contains(p.stems, st) {
			return true
		}
		if next.clauseEnd {
			return false
		}
	}
	return false
}

var countOrder = map[string]bool{"top": true, "latest": true, "last": true, "first": true, "recent": true, "next": true}

// skipsCount reports whether the number at token i says how many to pass
// over: "skip 40", "skip the first 40", "skipping the first 40", "after
// the first 40".
func skipsCount(u *utterance, i int) bool {
	for k := i - 1; k >= 0 && k >= i-3; k-- {
		switch u.toks[k].lower {
		case "skip", "skipping", "skipped", "after", "past":
			return true
		case "the", "first":
			if u.toks[k].clauseEnd {
				return false
			}
			continue
		}
		return false
	}
	return false
}

// atMost reports whether the number at token i is followed by words that
// cap it: "100 at most", "50 max", "20 tops".
func atMost(u *utterance, i int) bool {
	if u.toks[i].clauseEnd || i+1 >= len(u.toks) {
		return false
	}
	switch u.toks[i+1].lower {
	case "max", "maximum", "tops":
		return true
	case "at":
		return i+2 < len(u.toks) && u.toks[i+2].lower == "most"
	}
	return false
}

// emails give an email address to an argument named for one (email,
// user_email) when no format said so.
func (f *filler) emails() {
	for i, t := range f.u.toks {
		if f.u.used[i] || !isEmail(t.raw) {
			continue
		}
		for _, p := range f.tool.params {
			if f.has(p) || p.scalarType() != "string" || len(p.enum) > 0 {
				continue
			}
			named := false
			for _, w := range p.words {
				named = named || w == "email" || w == "mail"
			}
			if named {
				f.set(p, t.raw)
				f.u.used[i] = true
				break
			}
		}
		if !f.u.used[i] {
			f.emailByDescription(t.raw, i)
		}
		if !f.u.used[i] {
			f.emailAsLogin(t.raw, i)
		}
	}
	f.sameEmail()
}

// emailAsLogin gives an email the tool's one required argument named
// login still empty: a login is a username or an email address, and a
// model sends the address the request gives ("send a password reset to
// jdoe@example.org").
func (f *filler) emailAsLogin(email string, i int) {
	target := f.tool.sole(func(p *param) bool {
		return p.required && !f.has(p) && p.scalarType() == "string" && len(p.enum) == 0 && len(p.words) == 1 && p.words[0] == "login"
	})
	if target != nil && f.set(target, email) {
		f.u.used[i] = true
	}
}

// placeWords name arguments that hold a place.
var placeWords = map[string]bool{"location": true, "city": true, "country": true, "region": true, "place": true,
	"site": true, "office": true, "town": true, "area": true, "building": true, "campus": true}

// places read a capitalised name after "in" or "at" ("in Berlin", "at
// the Lisbon office") into an argument named for a place.
func (f *filler) places() {
	var target *param
	for _, p := range f.tool.params {
		if f.has(p) || p.scalarType() != "string" || len(p.enum) > 0 || p.format != "" {
			continue
		}
		for _, w := range p.words {
			if placeWords[w] {
				target = p
			}
		}
		if target != nil {
			break
		}
	}
	if target == nil {
		return
	}
	for i := 0; i+1 < len(f.u.toks); i++ {
		if t := f.u.toks[i]; t.lower != "in" && t.lower != "at" && t.lower != "into" || t.clauseEnd {
			continue
		}
		k := i + 1
		if f.u.toks[k].lower == "the" && k+1 < len(f.u.toks) {
			k++
		}
		if code := f.u.toks[k]; k == i+1 && !f.u.used[k] && placeCode(code) {
			// "in us-east", "in nyc1": a region's code, said without
			// "the".
			f.set(target, code.raw)
			f.u.used[k] = true
			return
		}
		var parts []string
		first := k
		for ; k < len(f.u.toks) && !f.u.used[k] && !f.u.toks[k].quoted; k++ {
			raw := f.u.toks[k].raw
			if raw == "" || raw[0] < 'A' || raw[0] > 'Z' || idLike(raw) || len(parts) == 3 {
				break
			}
			parts = append(parts, raw)
			if f.u.toks[k].clauseEnd {
				k++
				break
			}
		}
		if len(parts) == 0 {
			continue
		}
		f.set(target, strings.Join(parts, " "))
		for j := first; j < first+len(parts); j++ {
			f.u.used[j] = true
		}
		return
	}
}

// reachable reports whether a request can fill p: a top-level argument or
// a field of one, or a field deeper down whose object the request names
// (priority.name when it says "priority"); a model does not fill
// body.historyMetadata.activityDescription unasked.
func (f *filler) reachable(p *param) bool {
	if len(p.path) < 3 {
		return true
	}
	for _, seg := range p.path[1 : len(p.path)-1] {
		for _, w := range retrieve.Words(seg) {
			if len(f.u.findPhrase([]string{english.Stem(w)})) > 0 {
				return true
			}
		}
	}
	return false
}

// percents give "25%" to an argument named for a percentage
// (percent_off, discount_percent), as the number 25.
func (f *filler) percents() {
	for i, t := range f.u.toks {
		if f.u.used[i] || t.quoted || !strings.HasSuffix(t.raw, "%") {
			continue
		}
		n, ok := asNumber(strings.TrimSuffix(t.raw, "%"))
		if !ok {
			continue
		}
		for _, p := range f.tool.params {
			if typ := p.scalarType(); f.has(p) || typ != "integer" && typ != "number" {
				continue
			}
			named := false
			for _, w := range p.words {
				named = named || w == "percent" || w == "percentage" || w == "pct"
			}
			if named {
				f.set(p, number(p, n))
				f.u.used[i] = true
				break
			}
		}
	}
}

// queryWords name the argument of a search: what a lookup fills with a
// name.
var queryWords = map[string]bool{"q": true, "query": true, "search": true, "term": true, "keyword": true,
	"keywords": true, "name": true, "filter": true, "text": true}

// lookUpFirst is the call a model makes when no tool does what the
// request says but the request names a thing ("follow Radiohead" with
// only search tools at hand): it looks the name up with the first lookup
// tool whose other required arguments the request fills.
func (k *toolkit) lookUpFirst(in []*schema.Message, request string) (*schema.Message, string, bool) {
	name := k.read(request).namePhrase()
	if name == "" {
		return nil, "", false
	}
	for _, t := range k.lookupTools() {
		lf := fill(t, k.read(request), nil)
		lf.args[queryParam(t).name] = name
		if slices.ContainsFunc(t.params, func(p *param) bool { return p.required && !lf.has(p) }) {
			continue
		}
		args := encodeArgs(t.nest(lf.args))
		return chat.CallMessage(in, chat.Call{Name: t.name, Arguments: args}),
			fmt.Sprintf("no tool does what the request says: looked up %q with %s first; arguments %s", name, t.name, args), true
	}
	return nil, "", false
}

// namePhrase is the name the request gives a thing: quoted text, else
// the first run of capitalised words that does not start a clause and is
// no identifier ("follow Radiohead", "the product called Pro Plan
// Monthly"); "" when there is none.
func (u *utterance) namePhrase() string {
	return strings.Join(rawTokens(u, u.nameTokens()), " ")
}

// nameTokens are the tokens of namePhrase.
func (u *utterance) nameTokens() []int {
	for i, t := range u.toks {
		if t.quoted && t.raw != "" && !u.used[i] && !idLike(t.raw) {
			return []int{i}
		}
	}
	starts := map[int]bool{}
	for _, w := range u.clauseStarts() {
		if w < len(u.words) {
			starts[u.words[w].tok] = true
		}
	}
	var at []int
	for i, t := range u.toks {
		capital := capitalized(t.raw) && !t.quoted && !u.used[i] && !idLike(t.raw) &&
			t.raw != "I" && months[t.lower] == 0 && (!starts[i] || len(at) > 0 && u.toks[i-1].raw == "&") &&
			!u.usedAcronym(t)
		if capital {
			if _, num := asNumber(t.raw); !num {
				at = append(at, i)
				if t.clauseEnd {
					break
				}
				continue
			}
		}
		if len(at) > 0 && t.raw == "&" && i+1 < len(u.toks) && capitalized(u.toks[i+1].raw) {
			// "Identity & Access" is one name.
			at = append(at, i)
			continue
		}
		if len(at) > 0 {
			break
		}
	}
	return at
}

// usedAcronym reports whether t is an acronym ("SIMs", "API", "DM") that
// the tools' own words use (utterance.vocab): a kind of thing, as "sim
// cards" would be, not the name of one item. Acronyms the tools do not
// use ("OPS", "EMEA") stay names and codes.
func (u *utterance) usedAcronym(t token) bool {
	if u.vocab == nil || t.quoted {
		return false
	}
	letters := strings.TrimSuffix(t.raw, "s")
	if len(letters) < 2 || strings.IndexFunc(letters, func(r rune) bool { return !unicode.IsUpper(r) }) >= 0 {
		return false
	}
	return u.vocab[english.Stem(strings.ToLower(letters))]
}

// plainTwin is the argument that takes what p identifies in plain words:
// site for site_id, tenant for tenant_id.
func (t *toolSpec) plainTwin(p *param) *param {
	for _, q := range t.params {
		if q != p && !q.ident && equalStrings(q.stems, p.stems) && len(q.path) == len(p.path) {
			return q
		}
	}
	return nil
}

// prefixNames reports whether raw is an identifier that says what it
// identifies by a lower-case prefix before an underscore, and that prefix
// names what p takes: the start of one of p's words ("sub_..." for
// subscription_id, "cus_..." for customer, or some of its letters in
// order, the first among them: "dpl_..." for deployment) or the initials of two or three
// words in a row of p's name or of its tool's ("pi_..." for the intent of
// GetPaymentIntentsIntent, "cs_..." for a checkout session). Many APIs
// write their IDs so, and a model reads them so.
func prefixNames(raw string, p *param, tool []string) bool {
	if ini := initialOf(raw); ini != "" {
		// "U061F7AUR" is a user's, "C024BE91L" a channel's: the
		// argument's own first word starts with the letter.
		return len(p.words) > 0 && len(p.words[0]) > 1 && strings.HasPrefix(p.words[0], ini) &&
			!pagingWords[p.words[0]] && !p.textual()
	}
	if word := wordPrefix(raw); word != "" {
		// "access-sandbox-5cd6e1b1-..." is an access token.
		return slices.Contains(p.words, word)
	}
	pre := idPrefix(raw)
	if pre == "" {
		return false
	}
	for _, w := range p.words {
		if w != "id" && len(w) > len(pre) && (strings.HasPrefix(w, pre) || abbreviates(pre, w)) {
			return true
		}
	}
	for _, words := range [][]string{p.words, tool} {
		for n := 2; n <= 3; n++ {
			for i := 0; i+n <= len(words); i++ {
				var b strings.Builder
				for _, w := range words[i : i+n] {
					b.WriteByte(w[0])
				}
				if b.String() == pre {
					return true
				}
			}
		}
	}
	return false
}

// idPrefix returns the lower-case prefix before the underscore of an
// identifier such as "cus_NffrFeUfNV2Hib", or "". What follows the
// prefix is made by a machine, digits or capitals among its letters: in
// "load_orders" or "manual__2024-05-02T10:15:00+00:00" the first word is
// part of a name, not a type.
func idPrefix(raw string) string {
	pre, rest, ok := strings.Cut(raw, "_")
	if !ok || len(pre) < 2 || len(pre) > 6 || len(rest) < 6 || !idLike(raw) || strings.HasPrefix(rest, "_") ||
		!strings.ContainsAny(rest, "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ") {
		return ""
	}
	for _, r := range pre {
		if r < 'a' || r > 'z' {
			return ""
		}
	}
	return pre
}

// wordPrefix returns the lower-case word before the first dash of an
// identifier that a machine made ("access-sandbox-5cd6e1b1-1b5b-459d-...",
// "public-production-8ab976e6-..."): the kind of token it is, as APIs
// write them; "" for other values ("web-03", "release-2.4", "acme-eng"),
// whose first word is part of a name.
func wordPrefix(raw string) string {
	pre, rest, ok := strings.Cut(raw, "-")
	if !ok || len(pre) < 3 || len(rest) < 16 || !idLike(raw) || strings.Count(rest, "-") < 2 {
		return ""
	}
	for _, r := range pre {
		if r < 'a' || r > 'z' {
			return ""
		}
	}
	if pre == "id" {
		return ""
	}
	return pre
}

// reInitial is an identifier of capitals and digits that starts with one
// capital and a digit: U061F7AUR, C024BE91L, F0123ABCD (Slack's users,
// channels and files).
var reInitial = regexp.MustCompile(`^[A-Z][0-9][A-Z0-9]{5,}$`)

// initialOf is the lower-case type initial of such an identifier ("u"
// for U061F7AUR), or "". It only names an argument (prefixNames), never
// denies one: a channel's id may start with C, G or D.
func initialOf(raw string) string {
	if !reInitial.MatchString(raw) {
		return ""
	}
	return strings.ToLower(raw[:1])
}

// initialForOther reports whether raw is an identifier that says its kind
// by its first letter (initialOf: U024BE7LH, C0G9QF9GW) that p's name
// does not start with, while another argument's does: in
// conversations_invite's channel and users, U024BE7LH is for users.
func (t *toolSpec) initialForOther(raw string, p *param) bool {
	ini := initialOf(raw)
	if ini == "" || len(p.words) > 0 && strings.HasPrefix(p.words[0], ini) {
		return false
	}
	return slices.ContainsFunc(t.params, func(q *param) bool {
		return q != p && len(q.words) > 0 && len(q.words[0]) > 1 && strings.HasPrefix(q.words[0], ini) &&
			!pagingWords[q.words[0]] && !q.textual()
	})
}

// pagingWords start the names of arguments that say where a page starts,
// not which thing: a cursor is no channel.
var pagingWords = map[string]bool{"cursor": true, "page": true, "offset": true, "marker": true, "next": true,
	"continuation": true, "after": true, "before": true, "since": true, "until": true}

// prefixDenies reports whether raw's prefix (see prefixNames) names
// something other than what p takes: p names a thing of its own (not
// just "id"), and neither its words nor its tool's start with the prefix
// or have it as initials. "cus_..." is no source.
func prefixDenies(raw string, p *param, tool []string) bool {
	pre := idPrefix(raw)
	if pre == "" || prefixNames(raw, p, tool) {
		return false
	}
	own := false
	for _, w := range p.words {
		if w != "id" && w != "ids" {
			own = true
		}
	}
	if !own {
		return false
	}
	for _, w := range tool {
		if len(w) > len(pre) && (strings.HasPrefix(w, pre) || abbreviates(pre, w)) {
			return false
		}
	}
	return true
}

// abbreviates reports whether pre, three letters or more, writes the word
// w short by keeping some of its letters in order, the first among them:
// "dpl" for deployment, "prj" for project, "usr" for user.
func abbreviates(pre, w string) bool {
	if len(pre) < 3 || len(w) <= len(pre) || pre[0] != w[0] {
		return false
	}
	i := 0
	for k := 0; k < len(w) && i < len(pre); k++ {
		if w[k] == pre[i] {
			i++
		}
	}
	return i == len(pre)
}

// orderAsked is the direction a request asks things in, "asc" or "desc",
// from an order word followed by "first" ("newest first", "most recent
// first", "oldest first") or by "to" and the opposite word ("oldest to
// newest"), or "".
func (f *filler) orderAsked() string {
	dir, _, _ := f.orderPhrase()
	return dir
}

// orderPhrase is orderAsked with the words of the phrase that asks it,
// from the order word to "first" ("earliest updated first"): first and
// last index in u.words, or -1 when no phrase asks an order.
func (f *filler) orderPhrase() (dir string, from, to int) {
	for i, w := range f.u.words {
		dir, ok := orderWords[w.lower]
		if !ok || dir == "" || f.u.used[w.tok] {
			continue
		}
		if k := english.OrderEnd(f.u.lowers(), i); k > i {
			return dir, i, k
		}
	}
	return "", -1, -1
}

// signedDirection reads "in descending order" (else an order phrase,
// "latest release date first") onto a sort value already taken from the
// request ("sorted by priority", "release date"), when the enum also
// writes it with a leading minus: -priority for descending, priority
// (or +priority) for ascending.
func (f *filler) signedDirection() {
	dir := ""
	for _, w := range f.u.words {
		if !f.u.used[w.tok] && (w.lower == "descending" || w.lower == "ascending") {
			dir = orderWords[w.lower]
			break
		}
	}
	if dir == "" {
		// "latest release date first": the field taken from the
		// phrase, in the way the phrase asks.
		dir, _, _ = f.orderPhrase()
	}
	if dir == "" {
		return
	}
	for _, p := range f.tool.params {
		v, ok := f.args[p.name].(string)
		if !ok || len(p.enum) == 0 {
			continue
		}
		field := strings.TrimLeft(v, "+-")
		if !slices.Contains(p.enum, "-"+field) {
			continue
		}
		want := signed(p, field, dir)
		if want != v && slices.Contains(p.enum, want) {
			f.args[p.name] = want
			f.notes = append(f.notes, fmt.Sprintf("%s %s: %s", p.name, want, map[string]string{"asc": "ascending", "desc": "descending"}[dir]))
		}
		return
	}
}

// signed writes a sort field in a direction the way p's enum does:
// -field for descending, field (or +field, when the enum has it) for
// ascending.
func signed(p *param, field, dir string) string {
	if dir != "asc" {
		return "-" + field
	}
	if slices.Contains(p.enum, "+"+field) {
		return "+" + field
	}
	return field
}

// dateWords are the words of a field that holds a time.
var dateWords = map[string]bool{"created": true, "updated": true, "modified": true, "date": true, "time": true, "timestamp": true}

// signedOrder reads "newest first" onto an enum that sorts by a field
// and writes descending with a leading minus, as Jira's orderBy does
// (created, -created, +created): the minus of a time field for newest
// first, the field (or its plus) for oldest first. A field the order
// phrase itself names wins ("earliest updated first": updated_at,
// "highest priority first": -priority), then a time field the request
// names elsewhere ("latest release date first": -releaseDate), else
// created (created_at); no other field is taken unnamed.
func (f *filler) signedOrder() {
	dir, from, to := f.orderPhrase()
	if dir == "" {
		return
	}
	inPhrase := func(stem string) bool {
		for _, w := range f.u.words[from+1 : to] {
			if w.stem == stem {
				return true
			}
		}
		return false
	}
	for _, p := range f.tool.params {
		if f.has(p) || len(p.enum) == 0 {
			continue
		}
		best, bestScore := "", -1
		for _, e := range p.enum {
			field, ok := strings.CutPrefix(e, "-")
			if !ok {
				continue
			}
			timed, named, phrased, created := false, 0, 0, false
			for _, w := range retrieve.Words(field) {
				timed = timed || dateWords[w]
				created = created || w == "created"
				stem := english.Stem(w)
				switch {
				case len(w) <= 2:
					// "at" of created_at is said of times too.
				case inPhrase(stem):
					phrased++
				case len(f.u.findPhrase([]string{stem})) > 0 && !dateWords[w]:
					named++
				}
			}
			created = created && len(strings.FieldsFunc(field, func(r rune) bool { return r == '_' })) <= 2 && timed
			if phrased == 0 && (!timed || named == 0 && !created) {
				// "newest" says when a thing was made, not when some
				// other date of it falls.
				continue
			}
			score := 4*phrased + 2*named
			if created {
				score++
			}
			if score > bestScore {
				best, bestScore = field, score
			}
		}
		if best == "" {
			continue
		}
		v := signed(p, best, dir)
		if f.set(p, v) {
			// The phrase said the order: "priority first" names no
			// priority.
			for _, w := range f.u.words[from : to+1] {
				f.u.used[w.tok] = true
			}
			f.notes = append(f.notes, fmt.Sprintf("%s %s: %s first", p.name, v, map[string]string{"asc": "oldest", "desc": "newest"}[dir]))
		}
		return
	}
}

// countAt reads token i as a number of things: digits, or a whole number
// of two or more in words ("the top ten", "a dozen assets", "twenty at a
// time"); "one" and "zero" name no count here ("the one with", "zero
// downtime").
func countAt(u *utterance, i int) (float64, bool) {
	t := u.toks[i]
	if n, ok := asNumber(t.raw); ok {
		return n, true
	}
	if t.quoted {
		return 0, false
	}
	if n, ok := english.NumberWord(t.lower); ok && n >= 2 {
		return float64(n), true
	}
	return 0, false
}
