package graph

import (
	"fmt"
	"io"
	"sort"
	"strings"
)

// Formats Render writes.
const (
	FormatText    = "text"
	FormatMermaid = "mermaid"
	FormatDOT     = "dot"
)

// RenderOptions choose what Render shows.
type RenderOptions struct {
	// Format is FormatText (the default), FormatMermaid or FormatDOT.
	Format string
	// Statuses keeps only edges with these statuses; all when empty.
	Statuses []Status
	// Tool keeps only the edges into or out of this tool.
	Tool string
	// MinConfidence keeps only edges at least this confident.
	MinConfidence float64
	// Patterns lists the edges grouped by pattern (text only), for
	// review a decision at a time.
	Patterns bool
}

// Render writes the graph for a person to read: a text listing by
// consumer and input, or a Mermaid flowchart or Graphviz digraph in
// which approved edges are solid, proposed ones dashed and rejected and
// stale ones dotted.
func Render(w io.Writer, g *Graph, opts RenderOptions) error {
	edges := g.filter(opts)
	switch opts.Format {
	case "", FormatText:
		if opts.Patterns {
			return renderPatterns(w, edges)
		}
		return renderText(w, g, edges)
	case FormatMermaid:
		return renderMermaid(w, edges)
	case FormatDOT:
		return renderDOT(w, edges)
	}
	return fmt.Errorf("unknown format %q: use text, mermaid or dot (--patterns is text only)", opts.Format)
}

func (g *Graph) filter(opts RenderOptions) []*Edge {
	var out []*Edge
	for _, e := range g.Edges {
		if len(opts.Statuses) > 0 && !containsStatus(opts.Statuses, e.Status) {
			continue
		}
		if opts.Tool != "" && e.From != opts.Tool && e.To != opts.Tool {
			continue
		}
		if round2(e.Confidence) < opts.MinConfidence {
			continue
		}
		out = append(out, e)
	}
	return out
}

func containsStatus(ss []Status, s Status) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}

func renderText(w io.Writer, g *Graph, edges []*Edge) error {
	counts := map[Status]int{}
	for _, e := range edges {
		counts[e.Status]++
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%d edges: %d proposed, %d approved, %d rejected, %d stale", len(edges),
		counts[Proposed], counts[Approved], counts[Rejected], counts[Stale])
	if g.InferredBy != "" {
		fmt.Fprintf(&b, " (inferred by %s", g.InferredBy)
		if g.Spec != "" {
			fmt.Fprintf(&b, " from %s", g.Spec)
		}
		b.WriteString(")")
	}
	b.WriteString("\n")
	type row struct {
		input, from, output, status, why string
		conf                             float64
	}
	byTool := map[string][]row{}
	var tools []string
	for _, e := range edges {
		if _, ok := byTool[e.To]; !ok {
			tools = append(tools, e.To)
		}
		for i, m := range e.Mappings {
			why := ""
			if i == len(e.Mappings)-1 {
				why = e.Why
			}
			status := string(e.Status)
			if e.Source == SourceModel {
				status += " (model)"
			}
			byTool[e.To] = append(byTool[e.To], row{m.Input, e.From, m.Output, status, why, e.Confidence})
		}
	}
	sort.Strings(tools)
	for _, t := range tools {
		rows := byTool[t]
		sort.SliceStable(rows, func(i, j int) bool {
			if rows[i].input != rows[j].input {
				return rows[i].input < rows[j].input
			}
			return rows[i].conf > rows[j].conf
		})
		fmt.Fprintf(&b, "\n%s\n", t)
		wIn, wFrom := 0, 0
		for _, r := range rows {
			wIn, wFrom = max(wIn, len(r.input)), max(wFrom, len(r.from)+len(r.output)+1)
		}
		prev := ""
		for _, r := range rows {
			in := r.input
			if in == prev {
				in = ""
			}
			prev = r.input
			fmt.Fprintf(&b, "  %-*s <- %-*s  %.2f %s\n", wIn, in, wFrom, r.from+" "+r.output, r.conf, r.status)
			if r.why != "" {
				fmt.Fprintf(&b, "  %-*s    why: %s\n", wIn, "", r.why)
			}
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// renderPatterns lists the edges by pattern, in review order: each
// pattern's ID, how many edges it holds and their statuses, the mean
// confidence, the producer and mappings, and one edge with its why.
func renderPatterns(w io.Writer, edges []*Edge) error {
	ps := Patterns(edges)
	var b strings.Builder
	fmt.Fprintf(&b, "%d edges in %d patterns; %d patterns hold 95%% of the edges, %d hold 80%%\n",
		len(edges), len(ps), PatternsToCover(ps, 0.95), PatternsToCover(ps, 0.8))
	b.WriteString("Decide a pattern with \"agentready graph approve|reject --pattern ID\".\n")
	for _, p := range ps {
		c := p.Counts()
		fmt.Fprintf(&b, "\n%s  %d edges, mean confidence %.2f (%d proposed, %d approved, %d rejected, %d stale)\n",
			p.ID, len(p.Edges), p.Confidence, c[Proposed], c[Approved], c[Rejected], c[Stale])
		for _, m := range p.Mappings {
			fmt.Fprintf(&b, "  %s %s -> %s\n", p.From, m.Output, m.Input)
		}
		ex := p.Edges[0]
		fmt.Fprintf(&b, "  e.g. into %s (%.2f %s)\n", ex.To, ex.Confidence, ex.Status)
		if ex.Why != "" {
			fmt.Fprintf(&b, "  why: %s\n", ex.Why)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// nodeIDs gives every tool a short identifier that Mermaid and DOT
// accept whatever the tool's name.
func nodeIDs(edges []*Edge) (map[string]string, []string) {
	ids := map[string]string{}
	var names []string
	for _, e := range edges {
		for _, t := range []string{e.From, e.To} {
			if _, ok := ids[t]; !ok {
				ids[t] = ""
				names = append(names, t)
			}
		}
	}
	sort.Strings(names)
	for i, n := range names {
		ids[n] = fmt.Sprintf("t%d", i+1)
	}
	return ids, names
}

func edgeLabel(e *Edge) string {
	return strings.Join(e.Inputs(), ", ")
}

func renderMermaid(w io.Writer, edges []*Edge) error {
	ids, names := nodeIDs(edges)
	var b strings.Builder
	b.WriteString("flowchart LR\n")
	for _, n := range names {
		fmt.Fprintf(&b, "  %s[\"%s\"]\n", ids[n], mermaidText(n))
	}
	for _, e := range edges {
		arrow := "-.->"
		switch e.Status {
		case Approved:
			arrow = "-->"
		case Rejected, Stale:
			arrow = "-.-x"
		}
		fmt.Fprintf(&b, "  %s %s|\"%s\"| %s\n", ids[e.From], arrow, mermaidText(edgeLabel(e)), ids[e.To])
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func mermaidText(s string) string {
	return strings.NewReplacer(`"`, "#quot;", "|", "#124;").Replace(s)
}

func renderDOT(w io.Writer, edges []*Edge) error {
	var b strings.Builder
	b.WriteString("digraph agentready {\n  rankdir=LR;\n  node [shape=box, fontname=\"Helvetica\"];\n")
	_, names := nodeIDs(edges)
	for _, n := range names {
		fmt.Fprintf(&b, "  %q;\n", n)
	}
	for _, e := range edges {
		style := "dashed"
		switch e.Status {
		case Approved:
			style = "solid"
		case Rejected, Stale:
			style = "dotted"
		}
		fmt.Fprintf(&b, "  %q -> %q [label=%q, style=%s];\n", e.From, e.To, fmt.Sprintf("%s (%.2f)", edgeLabel(e), e.Confidence), style)
	}
	b.WriteString("}\n")
	_, err := io.WriteString(w, b.String())
	return err
}
