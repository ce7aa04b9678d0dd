package graph

import (
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/agentready/agentready/gen/ir"
)

// Calibration: an edge's confidence is the chance it is right, fitted on
// hand-judged edges of GitHub's and Stripe's graphs (the tuning split:
// every testdata/labels/judged-*.yaml but the fresh held-out samples
// drawn after the rules were final; see TestCalibration). The rules'
// score ranks producers but says little on its own. What told right
// from wrong on the tuning edges still proposed was where the producer
// sits beside the consumer and what the input is (tallies in
// ClassRates):
//
//   - the producer is the consumer's own resource, its list or its get
//     (GET /repos/{o}/{r}/hooks for DELETE /repos/{o}/{r}/hooks/{id}):
//     its path is a prefix of the consumer's, segment by segment;
//     nearly always right;
//   - other path inputs: right about 93% of the time, but not surely
//     90% (its Wilson lower bound is below 0.90);
//   - body and query inputs: about three in four (references across
//     resources, where kinds get confused);
//   - producers that reach past the caller's own things: few judged.
//
// A class's rate is its smoothed precision, (right+1)/(judged+2); it
// may be 0.90 or more only when the Wilson 95% lower bound of its
// precision is 0.90 or more too, else it is held at 0.89 (wilsonGate):
// --all-above 0.9 approves only classes whose worst plausible precision
// clears 0.9.

// EdgeClass is a kind of edge with its own chance of being right.
type EdgeClass string

// The classes of edges.
const (
	// ClassParent: the producer's path is a prefix of the consumer's:
	// the list or the get of the resource the consumer works within.
	ClassParent EdgeClass = "own-parent"
	// ClassPath: another producer of the consumer's path inputs.
	ClassPath EdgeClass = "own-path"
	// ClassReference: a producer of body or query inputs.
	ClassReference EdgeClass = "own-reference"
	// ClassForeign: the producer reaches past the caller's own things.
	ClassForeign EdgeClass = "foreign-producer"
)

// ClassRate is the fitted chance that an edge of a class is right, with
// the tuning edges still proposed it was fitted on and the Wilson 95%
// lower bound of their precision.
type ClassRate struct {
	Class         EdgeClass
	Rate          float64
	Judged, Right int
	Lower         float64
}

// ClassRates are fitted on the tuning split; TestCalibration checks
// them against the files.
var ClassRates = []ClassRate{
	{ClassParent, 0.99, 149, 148, 0.96},
	{ClassPath, 0.89, 238, 223, 0.90},
	{ClassReference, 0.80, 160, 129, 0.74},
	{ClassForeign, 0.80, 13, 11, 0.58},
}

// wilsonGate is the least Wilson lower bound a class needs for a rate
// of 0.90 or more; below it the rate is held at gatedRate.
const (
	wilsonGate = 0.9
	gatedRate  = 0.89
)

// fitRate returns a class's rate from its tuning tally: smoothed
// precision, held below 0.90 unless the Wilson lower bound allows it.
func fitRate(judged, right int) (rate, lower float64) {
	rate = float64(right+1) / float64(judged+2)
	lower = wilsonLower(right, judged)
	if rate >= wilsonGate && lower < wilsonGate {
		rate = gatedRate
	}
	return round2(rate), round2(lower)
}

// wilsonLower is the lower end of the Wilson score interval at 95% for
// right of n; 0 for none.
func wilsonLower(right, n int) float64 {
	if n == 0 {
		return 0
	}
	const z = 1.96
	p, fn := float64(right)/float64(n), float64(n)
	center := p + z*z/(2*fn)
	spread := z * math.Sqrt(p*(1-p)/fn+z*z/(4*fn*fn))
	return (center - spread) / (1 + z*z/fn)
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
// TestCalibration checks them against the files.
var CalibrationBands = []CalibrationBand{
	{"<0.50", 0, 0.5, 0, 0},
	{"0.50-0.79", 0.5, 0.8, 170, 139},
	{"0.80-0.89", 0.8, 0.9, 241, 224},
	{">=0.90", 0.9, 1.01, 149, 148},
}

// classOf says which class the edge from producer to consumer, filling
// inputs, is in.
func classOf(from, to *ir.Operation, inputs []string) EdgeClass {
	switch {
	case foreignProducer(from):
		return ClassForeign
	case withinOwnResource(from.Path, to.Path):
		return ClassParent
	}
	for _, in := range inputs {
		if !strings.Contains(to.Path, "{"+in+"}") {
			return ClassReference
		}
	}
	return ClassPath
}

// withinOwnResource reports whether the producer's path is a prefix of
// the consumer's, segment by segment with parameters alike: the list
// or the get of the resource the consumer works within.
func withinOwnResource(producerPath, consumerPath string) bool {
	p, c := pathShape(producerPath), pathShape(consumerPath)
	return len(p) <= len(c) && slicesEqual(p, c[:len(p)])
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
	fmt.Fprintln(w, "\nclass              rate  judged  right  wilson95-low")
	for _, r := range ClassRates {
		fmt.Fprintf(w, "%-17s %5.2f %7d %6d %13.2f\n", r.Class, r.Rate, r.Judged, r.Right, r.Lower)
	}
	_, err := fmt.Fprintln(w, "\nconfidence is the chance an edge is right: the rate of its class, fitted on hand-judged GitHub and Stripe edges (testdata/labels/judged-*.yaml, tuning split); a class reaches 0.90 only if the Wilson 95% lower bound of its precision does")
	return err
}
