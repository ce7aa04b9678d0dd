package graph

import (
	"crypto/sha1"
	"encoding/hex"
	"sort"
	"strings"
)

// A Pattern is a group of edges that one review decision settles: the
// same producer feeding the same inputs from the same response fields,
// into different consumers (repos_list-for-org's owner.login and name
// into the owner and repo of three hundred repository calls).
type Pattern struct {
	// ID is a short, stable identifier of the pattern: the same producer
	// and mappings give the same ID in every inference.
	ID string
	// From is the producer; Mappings the output-to-input pairs every
	// edge of the pattern has.
	From     string
	Mappings []Mapping
	// Edges are the pattern's edges, most confident first.
	Edges []*Edge
	// Confidence is the mean confidence of the edges.
	Confidence float64
}

// Priority orders patterns for review: a decision on a pattern with
// many edges settles more, and one on uncertain edges is worth more than
// one on edges that are nearly sure anyway.
func (p *Pattern) Priority() float64 {
	return float64(len(p.Edges)) * (1.5 - p.Confidence)
}

// Counts returns the number of the pattern's edges with each status.
func (p *Pattern) Counts() map[Status]int {
	out := map[Status]int{}
	for _, e := range p.Edges {
		out[e.Status]++
	}
	return out
}

// PatternID returns the identifier of the pattern an edge belongs to.
func PatternID(e *Edge) string {
	return patternID(patternKey(e))
}

// patternKey is the producer and the sorted mappings of an edge.
func patternKey(e *Edge) string {
	ms := make([]string, len(e.Mappings))
	for i, m := range e.Mappings {
		ms[i] = m.Output + " -> " + m.Input
	}
	sort.Strings(ms)
	return e.From + "\n" + strings.Join(ms, "\n")
}

func patternID(key string) string {
	sum := sha1.Sum([]byte(key))
	return "p" + hex.EncodeToString(sum[:])[:7]
}

// Patterns groups edges by producer and mappings, in review order:
// highest Priority first, then by ID.
func Patterns(edges []*Edge) []*Pattern {
	byKey := map[string]*Pattern{}
	var out []*Pattern
	for _, e := range edges {
		k := patternKey(e)
		p := byKey[k]
		if p == nil {
			p = &Pattern{ID: patternID(k), From: e.From, Mappings: append([]Mapping(nil), e.Mappings...)}
			sort.Slice(p.Mappings, func(i, j int) bool { return p.Mappings[i].Input < p.Mappings[j].Input })
			byKey[k] = p
			out = append(out, p)
		}
		p.Edges = append(p.Edges, e)
		p.Confidence += e.Confidence
	}
	for _, p := range out {
		p.Confidence /= float64(len(p.Edges))
		sort.SliceStable(p.Edges, func(i, j int) bool { return p.Edges[i].Confidence > p.Edges[j].Confidence })
	}
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i].Priority(), out[j].Priority()
		if a != b {
			return a > b
		}
		return out[i].ID < out[j].ID
	})
	return out
}

// PatternsToCover returns how many patterns, largest first, hold the
// given share of the edges: how many decisions settle that much of the
// graph.
func PatternsToCover(ps []*Pattern, share float64) int {
	sizes := make([]int, len(ps))
	total := 0
	for i, p := range ps {
		sizes[i] = len(p.Edges)
		total += sizes[i]
	}
	sort.Sort(sort.Reverse(sort.IntSlice(sizes)))
	covered := 0
	for i, n := range sizes {
		if float64(covered) >= share*float64(total) {
			return i
		}
		covered += n
	}
	return len(sizes)
}
