package report

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"strings"

	"github.com/agentready/agentready/harness/run"
)

// The JUnit XML a CI system reads: <testsuites> with one <testsuite> per
// tool and one <testcase> per case.
type junitSuites struct {
	XMLName  xml.Name     `xml:"testsuites"`
	Name     string       `xml:"name,attr"`
	Tests    int          `xml:"tests,attr"`
	Failures int          `xml:"failures,attr"`
	Errors   int          `xml:"errors,attr"`
	Skipped  int          `xml:"skipped,attr"`
	Time     string       `xml:"time,attr"`
	Suites   []junitSuite `xml:"testsuite"`
}

type junitSuite struct {
	Name       string          `xml:"name,attr"`
	Tests      int             `xml:"tests,attr"`
	Failures   int             `xml:"failures,attr"`
	Errors     int             `xml:"errors,attr"`
	Skipped    int             `xml:"skipped,attr"`
	Time       string          `xml:"time,attr"`
	Timestamp  string          `xml:"timestamp,attr,omitempty"`
	Properties []junitProperty `xml:"properties>property,omitempty"`
	Cases      []junitCase     `xml:"testcase"`
}

type junitProperty struct {
	Name  string `xml:"name,attr"`
	Value string `xml:"value,attr"`
}

type junitCase struct {
	Name      string        `xml:"name,attr"`
	Classname string        `xml:"classname,attr"`
	Time      string        `xml:"time,attr"`
	Failure   *junitFailure `xml:"failure,omitempty"`
	Skipped   *junitSkipped `xml:"skipped,omitempty"`
	SystemOut string        `xml:"system-out,omitempty"`
}

type junitFailure struct {
	Message string `xml:"message,attr"`
	Type    string `xml:"type,attr"`
	Text    string `xml:",chardata"`
}

type junitSkipped struct {
	Message string `xml:"message,attr"`
}

// JUnit returns the run as JUnit XML: one testsuite per tool, one
// testcase per case (time: the agent's wall time), a failure per failing
// case whose message lists its classes and whose text gives every label
// with its evidence, and a skipped element per skipped case.
func (r *Run) JUnit() ([]byte, error) {
	root := junitSuites{Name: "agentready " + r.ID}
	var totalMS int64
	for _, g := range r.tools() {
		s := junitSuite{Name: g.Tool}
		if !r.Info.Started.IsZero() {
			s.Timestamp = r.Info.Started.UTC().Format("2006-01-02T15:04:05")
		}
		s.Properties = []junitProperty{{Name: "model", Value: r.Model()}, {Name: "run", Value: r.ID}}
		var ms int64
		for _, rec := range g.Records {
			tc := junitCase{Name: rec.ID(), Classname: "agentready." + g.Tool}
			var cms int64
			if rec.Agent != nil {
				cms = rec.Agent.LatencyMS
			}
			ms += cms
			tc.Time = seconds(cms)
			s.Tests++
			switch statusOf(rec) {
			case statusSkipped:
				s.Skipped++
				tc.Skipped = &junitSkipped{Message: rec.Skipped}
			case statusInvalid:
				s.Skipped++
				tc.Skipped = &junitSkipped{Message: "invalid case (its ground truth did not hold): " + rec.Invalid}
			case statusFail:
				s.Failures++
				tc.Failure = &junitFailure{
					Message: strings.Join(classNames(rec.Labels), ", "),
					Type:    string(rec.Labels[0].Class),
					Text:    failureText(rec),
				}
			}
			if rec.Utterance != "" {
				tc.SystemOut = "utterance: " + rec.Utterance
			}
			s.Cases = append(s.Cases, tc)
		}
		s.Time = seconds(ms)
		totalMS += ms
		root.Tests += s.Tests
		root.Failures += s.Failures
		root.Skipped += s.Skipped
		root.Suites = append(root.Suites, s)
	}
	root.Time = seconds(totalMS)
	return encodeJUnit(root)
}

// encodeJUnit writes the XML of root, indented, with its header.
func encodeJUnit(root junitSuites) ([]byte, error) {
	var buf bytes.Buffer
	buf.WriteString(xml.Header)
	enc := xml.NewEncoder(&buf)
	enc.Indent("", "  ")
	if err := enc.Encode(root); err != nil {
		return nil, fmt.Errorf("report: junit: %w", err)
	}
	buf.WriteByte('\n')
	return buf.Bytes(), nil
}

// JUnitTools returns the run as JUnit XML that reflects the gate g (nil:
// none): one testsuite with one testcase per tool, which fails when the
// gate's comparison says the tool regressed, and one for the no-error
// threshold when there is one. Each testcase says the tool's pass rate
// and counts; a failure says why, with the cases that went from passing
// to failing.
func (r *Run) JUnitTools(g *Gate) ([]byte, error) {
	s := junitSuite{Name: "agentready gate"}
	if !r.Info.Started.IsZero() {
		s.Timestamp = r.Info.Started.UTC().Format("2006-01-02T15:04:05")
	}
	s.Properties = []junitProperty{{Name: "model", Value: r.Model()}, {Name: "run", Value: r.ID}}
	if r.Incomplete() {
		s.Properties = append(s.Properties, junitProperty{Name: "incomplete",
			Value: fmt.Sprintf("%d of %d cases recorded", len(r.Records), r.Info.Expected())})
	}
	deltas := map[string]ToolDelta{}
	if g != nil && g.Comparison != nil {
		for _, t := range g.Comparison.Tools {
			deltas[t.Tool] = t
		}
	}
	var ms int64
	for _, grp := range r.tools() {
		tc := junitCase{Name: grp.Tool, Classname: "agentready.tools"}
		var tms int64
		for _, rec := range grp.Records {
			if rec.Agent != nil {
				tms += rec.Agent.LatencyMS
			}
		}
		ms += tms
		tc.Time = seconds(tms)
		if tm := grp.Metric; tm != nil {
			tc.SystemOut = fmt.Sprintf("pass rate %s: %d of %d cases passed, %d after recovery; %d invalid", pct(tm.PassRate),
				tm.Passed, tm.Cases, tm.Recovered, tm.Invalid)
		}
		if d, ok := deltas[grp.Tool]; ok && d.Verdict() == VerdictRegressed {
			var lost []string
			for _, ch := range g.Comparison.Regressions {
				if ch.Tool == grp.Tool {
					lost = append(lost, ch.Case+": "+strings.Join(classNames(ch.NewLabels), ", "))
				}
			}
			s.Failures++
			tc.Failure = &junitFailure{Message: grp.Tool + " regressed: " + d.Why(), Type: "regression", Text: strings.Join(lost, "\n")}
		}
		s.Tests++
		s.Cases = append(s.Cases, tc)
	}
	if g != nil && g.MinNoError > 0 {
		tc := junitCase{Name: "no-error fraction", Classname: "agentready.gate", Time: "0",
			SystemOut: fmt.Sprintf("%.3f of the cases passed without any error; the gate asks for %.2f", r.Metrics.NoErrorRate, g.MinNoError)}
		if g.belowMin() {
			s.Failures++
			tc.Failure = &junitFailure{Message: fmt.Sprintf("the no-error fraction %.3f is below %.2f", r.Metrics.NoErrorRate, g.MinNoError), Type: "threshold"}
		}
		s.Tests++
		s.Cases = append(s.Cases, tc)
	}
	if g != nil && g.Comparison != nil {
		tc := junitCase{Name: "against the baseline", Classname: "agentready.gate", Time: "0", SystemOut: g.Comparison.Reason()}
		if g.Comparison.Regressed() {
			s.Failures++
			tc.Failure = &junitFailure{Message: g.Comparison.Reason(), Type: "regression"}
		}
		s.Tests++
		s.Cases = append(s.Cases, tc)
	}
	s.Time = seconds(ms)
	return encodeJUnit(junitSuites{Name: "agentready " + r.ID, Tests: s.Tests, Failures: s.Failures, Time: s.Time, Suites: []junitSuite{s}})
}

// failureText lists a failing case's labels with their evidence, and what
// the case asked for.
func failureText(rec *run.Record) string {
	var b strings.Builder
	for _, l := range rec.Labels {
		fmt.Fprintf(&b, "%s", className(l.Class))
		var about []string
		if l.Tool != "" && l.Tool != rec.Tool {
			about = append(about, "tool "+l.Tool)
		}
		if len(l.Params) > 0 {
			about = append(about, "params "+strings.Join(l.Params, ", "))
		}
		if l.Other != "" {
			about = append(about, "called "+l.Other+" instead")
		}
		if len(about) > 0 {
			fmt.Fprintf(&b, " (%s)", strings.Join(about, "; "))
		}
		fmt.Fprintf(&b, ": %s\n", l.Evidence)
	}
	if rec.Utterance != "" {
		fmt.Fprintf(&b, "utterance: %s\n", rec.Utterance)
	}
	for _, reply := range userReplies(rec) {
		fmt.Fprintf(&b, "user replied: %s\n", reply)
	}
	fmt.Fprintf(&b, "expected: %s(%s)", rec.Tool, clip(compactJSON(rec.Args), 2000))
	return b.String()
}

// userReplies returns what the simulated user said after the request,
// in an ask case's conversation.
func userReplies(rec *run.Record) []string {
	if rec.Agent == nil {
		return nil
	}
	var out []string
	users := 0
	for _, m := range rec.Agent.Messages {
		if m.Role == "user" {
			if users++; users > 1 {
				out = append(out, m.Content)
			}
		}
	}
	return out
}

// seconds writes milliseconds as seconds with three decimals.
func seconds(ms int64) string { return fmt.Sprintf("%.3f", float64(ms)/1000) }
