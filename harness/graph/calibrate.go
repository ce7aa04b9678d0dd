package graph

import (
	"fmt"
	"io"
	"strings"

	"github.com/agentready/agentready/gen/ir"
)

// Calibration: an edge's confidence is the chance it is right, fitted on
// hand-judged edges of GitHub's graph (the tuning split,
// testdata/labels/judged-github-tune.yaml; never the held-out one). The
// rules' score ranks producers but says little on its own: judged edges
// at 0.90 and above were right no more often than those below 0.80.
// What told right from weak was the kind of producer: an edge from the
// caller's own collections was right about three times in four; from a
// producer that reaches past the caller's own things (public lists,
// searches, starred or watched repositories, another user's), about one
// time in four. Such producers now feed only inputs nothing of the
// caller's own fills, and never the target of a write (preferOwn,
// writesThrough), and edges across owners are gone (ownerClash): of the
// tuning edges still proposed, 32 of 36 from own collections are right,
// and both from searches. An edge's confidence is its class's rate (see
// calibrate); no class is yet right 90% of the time, so --all-above 0.9
// approves nothing.

// EdgeClass is a kind of edge with its own chance of being right.
type EdgeClass string

// The classes of edges.
const (
	// ClassOwn: the producer lists the caller's own things. (Body and
	// query inputs were right 1 time in 4, but on 4 judged edges: too
	// few for a class of their own.)
	ClassOwn EdgeClass = "own"
	// ClassForeign: the producer reaches past the caller's own things.
	ClassForeign EdgeClass = "foreign-producer"
)

// ClassRate is the fitted chance that an edge of a class is right, with
// the tuning edges still proposed it was fitted on: (right+1)/(judged+2),
// so that a class of few edges is not called certain.
type ClassRate struct {
	Class         EdgeClass
	Rate          float64
	Judged, Right int
}

// ClassRates are fitted on the tuning split; TestCalibration checks
// them against the file.
var ClassRates = []ClassRate{
	{ClassOwn, 0.87, 36, 32},
	{ClassForeign, 0.75, 2, 2},
}

// CalibrationBand is one row of the calibration table: the tuning
// edges whose calibrated confidence falls in the band, and how many of
// them were right.
type CalibrationBand struct {
	Band          string
	Min, Max      float64
	Judged, Right int
}

// CalibrationBands are the tuning split by calibrated confidence;
// TestCalibration checks them against the file.
var CalibrationBands = []CalibrationBand{
	{"<0.50", 0, 0.5, 0, 0},
	{"0.50-0.79", 0.5, 0.8, 2, 2},
	{"0.80-0.89", 0.8, 0.9, 36, 32},
	{">=0.90", 0.9, 1.01, 0, 0},
}

// classOf says which class the edge from producer to consumer, filling
// inputs, is in.
func classOf(from, to *ir.Operation, inputs []string) EdgeClass {
	if foreignProducer(from) {
		return ClassForeign
	}
	return ClassOwn
}

// foreignProducer reports whether the producer lists things beyond the
// caller's own: a search, what the user starred or watches, another
// user's things by login (/users/{username}/..., beside /user/... for
// one's own), or a root list of public things or of all there are
// (/repositories: "List public repositories"; /organizations: "Lists
// all organizations", but not "all users ... accessible to the
// authenticated user").
func foreignProducer(op *ir.Operation) bool {
	segs := strings.Split(strings.Trim(op.Path, "/"), "/")
	if segs[0] == "search" || segs[0] == "users" && len(segs) > 2 && segs[1] == "{username}" {
		return true
	}
	text := " " + strings.ToLower(op.Summary+" "+firstSentence(op.Description)) + " "
	if strings.Contains(text, " starred ") || strings.Contains(text, " watched ") {
		return true
	}
	everyone := strings.Contains(text, " all ") && !strings.Contains(text, "authenticated") && !strings.Contains(text, "accessible")
	return len(segs) == 1 && (strings.Contains(text, " public ") || everyone)
}

// fittedFloor is the lowest score among the tuning edges: the class
// rates say nothing about edges scored below it.
const fittedFloor = 0.65

// calibrate returns the confidence of an edge with that score and
// class: about the class's rate where the fit saw such scores (within a
// class the judged edges were right as often at every score), less the
// score's shortfall from the top, at most rankSpread, so that the best
// producers keep their order; below the fitted scores, the score, at
// most the lowest of the class.
func calibrate(score float64, class EdgeClass) float64 {
	for _, r := range ClassRates {
		if r.Class == class {
			if score >= fittedFloor {
				return r.Rate - min(0.99-min(score, 0.99), rankSpread)
			}
			return min(score, r.Rate-rankSpread)
		}
	}
	return score
}

// rankSpread is how far below its class's rate an edge's confidence
// may fall for a lower score.
const rankSpread = 0.07

// RenderStats writes the calibration table: for each confidence band,
// the graph's edges in it, and the tuning edges judged in it and how
// many were right.
func RenderStats(w io.Writer, g *Graph) error {
	fmt.Fprintf(w, "%-10s %6s %7s %6s %9s\n", "band", "edges", "judged", "right", "precision")
	for _, b := range CalibrationBands {
		n := 0
		for _, e := range g.Edges {
			if c := round2(e.Confidence); c >= b.Min && c < b.Max {
				n++
			}
		}
		p := "-"
		if b.Judged > 0 {
			p = fmt.Sprintf("%.2f", float64(b.Right)/float64(b.Judged))
		}
		fmt.Fprintf(w, "%-10s %6d %7d %6d %9s\n", b.Band, n, b.Judged, b.Right, p)
	}
	fmt.Fprintln(w, "\nclass              rate  judged  right")
	for _, r := range ClassRates {
		fmt.Fprintf(w, "%-17s %5.2f %7d %6d\n", r.Class, r.Rate, r.Judged, r.Right)
	}
	_, err := fmt.Fprintln(w, "\nconfidence is the chance an edge is right: the rate of its class of edges, fitted on hand-judged GitHub edges (testdata/labels/judged-github-tune.yaml)")
	return err
}
