package lint

import (
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/gen/toolschema"
	"github.com/agentready/agentready/harness/retrieve"
)

// Closeness and Outranked are the score ratios that make two tools
// confusable on a tool's own request (see checkConfusable).
const (
	Closeness = 0.95
	Outranked = 1.05
	// sameRequest is the share of request words two near-duplicates have
	// in common (Jaccard).
	sameRequest = 0.8
)

// checkConfusable ranks each tool's own request (its summary, else the
// first sentence of its description, else its name's words) against
// every tool with the harness's retriever (harness/retrieve), with the
// names of its required arguments, as an utterance states their values. Tool A is
// confused with B, both reads or both writes (a reader tells a read from
// a write by its verb), when
//   - A's request scores B at least Outranked times A itself: a retriever
//     finds B first, and a reader of A's summary has no better reason to
//     pick A; or
//   - the two are near-duplicates: their requests share sameRequest of
//     their words, they require the same arguments (a request's values
//     tell apart tools that do not) and each scores the other at least
//     Closeness of itself.
//
// Tools served under different API versions (v1beta1 and v1) get one
// RuleVersions finding each instead. The finding says what tells the two
// apart.
func checkConfusable(c *checker) {
	ops := c.api.Operations
	docs := make([]retrieve.Doc, len(ops))
	args := make([][]toolschema.Arg, len(ops))
	index := make(map[string]int, len(ops))
	for i, op := range ops {
		args[i] = c.cat.Args(op.Name)
		docs[i] = retrieve.Doc{Name: op.Name, Text: docText(c.api, op, args[i])}
		index[op.Name] = i
	}
	ix := retrieve.New(docs)
	// ratio[i][j] is tool j's score on tool i's request over tool i's own.
	ratio := make([]map[int]float64, len(ops))
	for i, op := range ops {
		if c.stopped(i) {
			return
		}
		hits := ix.Search(utterance(op, args[i]), 6)
		self := 0.0
		for _, h := range hits {
			if h.Name == op.Name {
				self = h.Score
			}
		}
		ratio[i] = map[int]float64{}
		for _, h := range hits {
			if h.Name == op.Name {
				continue
			}
			r := Outranked // not found at all: anything found is ahead
			if self > 0 {
				r = h.Score / self
			}
			ratio[i][index[h.Name]] = r
		}
	}
	for i, op := range ops {
		var versions []string
		for _, j := range sortedKeys(ratio[i]) {
			other := ops[j]
			if op.Mutating() != other.Mutating() {
				continue
			}
			r := ratio[i][j]
			outranked := r >= Outranked
			duplicate := r >= Closeness && ratio[j][i] >= Closeness && jaccard(words(op), words(other)) >= sameRequest &&
				slices.Equal(required(args[i]), required(args[j]))
			switch {
			case !outranked && !duplicate:
			case otherVersion(op, other):
				versions = append(versions, other.Name)
			case outranked:
				c.add(RuleConfusable, op, place{sub: "summary"},
					fmt.Sprintf("a request for %s (%q) finds %s first", op.Name, request(op), other.Name),
					apart(op, other, args[i], args[j]), other.Name)
			default:
				c.add(RuleConfusable, op, place{sub: "summary"},
					fmt.Sprintf("%s and %s are near-duplicates: %q and %q, and a request for either finds both", op.Name, other.Name, request(op), request(other)),
					apart(op, other, args[i], args[j]), other.Name)
			}
		}
		if len(versions) > 0 {
			c.add(RuleVersions, op, place{},
				fmt.Sprintf("%s is confused with the same operation in another API version: %s", op.Name, strings.Join(versions, ", ")),
				"give agents one version of each operation: leave the others out with the config's select.exclude (or --op globs)",
				versions...)
		}
	}
}

// jaccard is the share of words two lists have in common.
func jaccard(a, b []string) float64 {
	return overlap(set(a), set(b))
}

func set(xs []string) map[string]bool {
	m := make(map[string]bool, len(xs))
	for _, x := range xs {
		m[x] = true
	}
	return m
}

// utterance is what a person asking for op says: its request and, as a
// test case's utterance states every required value, the names of its
// required arguments ("... in namespace default").
func utterance(op *ir.Operation, args []toolschema.Arg) string {
	return request(op) + " " + strings.Join(required(args), " ")
}

// required returns the names of the required arguments, sorted.
func required(args []toolschema.Arg) []string {
	var out []string
	for _, a := range args {
		if a.Required {
			out = append(out, a.Name)
		}
	}
	sort.Strings(out)
	return out
}

// markup matches HTML tags, which some specs write in their summaries.
var markup = regexp.MustCompile(`<[^>]{1,40}>`)

// request is what a person asking for op would say, as far as the spec
// tells: its summary, else its description's first sentence, else its
// name's words.
func request(op *ir.Operation) string {
	if s := strings.TrimSpace(markup.ReplaceAllString(op.Summary, "")); s != "" {
		return s
	}
	if d := strings.TrimSpace(markup.ReplaceAllString(op.Description, "")); d != "" {
		if i := strings.IndexAny(d, ".\n"); i > 0 {
			d = d[:i]
		}
		return d
	}
	return strings.Join(retrieve.Words(op.Name), " ")
}

// docText is what a reader of the tool sees: summary, description, and
// every argument's name, description and values.
func docText(api *ir.API, op *ir.Operation, args []toolschema.Arg) string {
	var b strings.Builder
	b.WriteString(op.Summary)
	b.WriteString("\n")
	b.WriteString(op.Description)
	for _, a := range args {
		b.WriteString("\n")
		b.WriteString(a.Name)
		b.WriteString(" ")
		b.WriteString(a.Description)
		if s := api.Resolve(a.Schema); s != nil {
			for _, e := range s.Enum {
				if str, ok := e.(string); ok {
					b.WriteString(" " + str)
				}
			}
		}
	}
	return b.String()
}

// apart says what tells op from other: the words of one's name and
// summary the other lacks, and the arguments only one of them takes.
func apart(op, other *ir.Operation, a, b []toolschema.Arg) string {
	mine, theirs := onlyIn(words(op), words(other)), onlyIn(words(other), words(op))
	argsMine, argsTheirs := onlyIn(argNames(a), argNames(b)), onlyIn(argNames(b), argNames(a))
	var parts []string
	if len(mine)+len(theirs) > 0 {
		parts = append(parts, fmt.Sprintf("words only %s has: %s; only %s: %s", op.Name, orNone(mine), other.Name, orNone(theirs)))
	}
	if len(argsMine)+len(argsTheirs) > 0 {
		parts = append(parts, fmt.Sprintf("arguments only %s takes: %s; only %s: %s", op.Name, orNone(argsMine), other.Name, orNone(argsTheirs)))
	}
	parts = append(parts, fmt.Sprintf("%s %s vs %s %s", op.Method, op.Path, other.Method, other.Path))
	return "say in the summary what sets it apart (" + strings.Join(parts, "; ") + "), or merge the two tools"
}

// words are the words of op's request.
func words(op *ir.Operation) []string {
	return retrieve.Tokens(request(op))
}

func argNames(args []toolschema.Arg) []string {
	out := make([]string, len(args))
	for i, a := range args {
		out[i] = a.Name
	}
	return out
}

// onlyIn returns the distinct xs not in ys, in order, at most 6.
func onlyIn(xs, ys []string) []string {
	in := map[string]bool{}
	for _, y := range ys {
		in[y] = true
	}
	var out []string
	for _, x := range xs {
		if !in[x] && len(out) < 6 {
			in[x] = true
			out = append(out, x)
		}
	}
	return out
}

func orNone(xs []string) string {
	if len(xs) == 0 {
		return "none"
	}
	return strings.Join(xs, ", ")
}

// versionSegment is a path segment that names an API version: v1,
// v2beta1, 2023-10-16.
var versionSegment = regexp.MustCompile(`^(?:v\d+(?:(?:alpha|beta)\d*)?|\d{4}-\d{2}-\d{2})$`)

// versions returns the version segments of op's path.
func versions(op *ir.Operation) []string {
	var out []string
	for _, s := range strings.Split(op.Path, "/") {
		if versionSegment.MatchString(s) {
			out = append(out, s)
		}
	}
	return out
}

// otherVersion reports whether a and b are served under different API
// versions (/apis/apps/v1/... and /apis/extensions/v1beta1/...): their
// likeness comes from versioning, and its fix is choosing a version.
func otherVersion(a, b *ir.Operation) bool {
	va, vb := versions(a), versions(b)
	return len(va) > 0 && len(vb) > 0 && !slices.Equal(va, vb)
}
