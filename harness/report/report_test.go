package report_test

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/agentready/agentready/harness/classify"
	"github.com/agentready/agentready/harness/report"
	"github.com/agentready/agentready/harness/run"
	"github.com/agentready/agentready/harness/stats"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

// copyRun copies the fixture run testdata/runs/name into a new temporary
// directory of the same base name and returns its path.
func copyRun(t *testing.T, name string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), name)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{run.RunFile, run.ResultsFile} {
		data, err := os.ReadFile(filepath.Join("testdata", "runs", name, f))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, f), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func load(t *testing.T, dir string) *report.Run {
	t.Helper()
	r, err := report.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// golden compares got with testdata/golden/name, or rewrites it with
// -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", "golden", name)
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		gl, wl := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
		for i := 0; i < len(gl) || i < len(wl); i++ {
			var g, w string
			if i < len(gl) {
				g = gl[i]
			}
			if i < len(wl) {
				w = wl[i]
			}
			if g != w {
				t.Fatalf("%s differs from the golden file at line %d (run with -update to accept):\ngot:  %s\nwant: %s", name, i+1, g, w)
			}
		}
	}
}

// TestWriteGolden writes the three files for the fixture run and checks
// report.md and junit.xml against the golden files; writing twice gives
// the same bytes.
func TestWriteGolden(t *testing.T) {
	dir := copyRun(t, "new")
	r := load(t, dir)
	if err := report.Write(dir, r); err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{}
	for _, f := range []string{report.HTMLFile, report.MarkdownFile, report.JUnitFile} {
		data, err := os.ReadFile(filepath.Join(dir, f))
		if err != nil {
			t.Fatal(err)
		}
		files[f] = data
	}
	golden(t, "new.report.md", files[report.MarkdownFile])
	golden(t, "new.junit.xml", files[report.JUnitFile])

	if err := report.Write(dir, load(t, dir)); err != nil {
		t.Fatal(err)
	}
	for f, first := range files {
		again, err := os.ReadFile(filepath.Join(dir, f))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(first, again) {
			t.Errorf("%s differs between two writes", f)
		}
	}
}

// The fixture holds several tools, clean, failing and skipped cases, and
// many classes.
func TestFixtureShape(t *testing.T) {
	r := load(t, filepath.Join("testdata", "runs", "new"))
	classes := map[classify.Class]bool{}
	var clean, failing, skipped int
	for _, rec := range r.Records {
		switch {
		case rec.Skipped != "":
			skipped++
		case len(rec.Labels) == 0:
			clean++
		default:
			failing++
		}
		for _, l := range rec.Labels {
			classes[l.Class] = true
		}
	}
	if len(classes) < 6 || clean < 2 || failing < 6 || skipped < 1 || len(r.Metrics.Tools) < 4 {
		t.Errorf("fixture: %d classes, %d clean, %d failing, %d skipped, %d tools", len(classes), clean, failing, skipped, len(r.Metrics.Tools))
	}
	if r.Model() != "scripted" || r.Started() != "2025-06-03 09:30 UTC" || len(r.Notes) != 0 {
		t.Errorf("model %q, started %q, notes %q", r.Model(), r.Started(), r.Notes)
	}
}

// junit mirrors the JUnit XML the report writes, as a CI system reads it.
type junit struct {
	XMLName  xml.Name `xml:"testsuites"`
	Tests    int      `xml:"tests,attr"`
	Failures int      `xml:"failures,attr"`
	Skipped  int      `xml:"skipped,attr"`
	Suites   []struct {
		Name     string `xml:"name,attr"`
		Tests    int    `xml:"tests,attr"`
		Failures int    `xml:"failures,attr"`
		Skipped  int    `xml:"skipped,attr"`
		Cases    []struct {
			Name      string `xml:"name,attr"`
			Classname string `xml:"classname,attr"`
			Time      string `xml:"time,attr"`
			Failure   *struct {
				Message string `xml:"message,attr"`
				Type    string `xml:"type,attr"`
				Text    string `xml:",chardata"`
			} `xml:"failure"`
			Skipped *struct {
				Message string `xml:"message,attr"`
			} `xml:"skipped"`
		} `xml:"testcase"`
	} `xml:"testsuite"`
}

func TestJUnit(t *testing.T) {
	r := load(t, filepath.Join("testdata", "runs", "new"))
	data, err := r.JUnit()
	if err != nil {
		t.Fatal(err)
	}
	var j junit
	dec := xml.NewDecoder(bytes.NewReader(data))
	dec.Strict = true
	if err := dec.Decode(&j); err != nil {
		t.Fatal(err)
	}
	wantFail, wantSkip := 0, 0
	byCase := map[string]run.Record{}
	for _, rec := range r.Records {
		byCase[rec.Case] = rec
		switch {
		case rec.Skipped != "":
			wantSkip++
		case len(rec.Labels) > 0:
			wantFail++
		}
	}
	if j.Tests != len(r.Records) || j.Failures != wantFail || j.Skipped != wantSkip {
		t.Errorf("testsuites: %d tests, %d failures, %d skipped; want %d, %d, %d", j.Tests, j.Failures, j.Skipped, len(r.Records), wantFail, wantSkip)
	}
	tools := map[string]bool{}
	n := 0
	for _, s := range j.Suites {
		tools[s.Name] = true
		fails, skips := 0, 0
		for _, c := range s.Cases {
			n++
			rec, ok := byCase[c.Name]
			if !ok || rec.Tool != s.Name {
				t.Errorf("testcase %s in suite %s: no such case of that tool", c.Name, s.Name)
				continue
			}
			switch {
			case c.Failure != nil:
				fails++
				for _, l := range rec.Labels {
					if !strings.Contains(c.Failure.Text, l.Evidence) || !strings.Contains(c.Failure.Message, l.Class.Info().Name) {
						t.Errorf("%s: the failure lacks label %s and its evidence:\n%s", c.Name, l.Class, c.Failure.Text)
					}
				}
			case c.Skipped != nil:
				skips++
				if c.Skipped.Message != rec.Skipped {
					t.Errorf("%s: skipped %q, want %q", c.Name, c.Skipped.Message, rec.Skipped)
				}
			case len(rec.Labels) > 0 || rec.Skipped != "":
				t.Errorf("%s: neither failed nor skipped", c.Name)
			}
		}
		if len(s.Cases) != s.Tests || fails != s.Failures || skips != s.Skipped {
			t.Errorf("suite %s: counts %d/%d/%d, cases %d/%d/%d", s.Name, s.Tests, s.Failures, s.Skipped, len(s.Cases), fails, skips)
		}
	}
	if n != len(r.Records) || len(tools) != len(j.Suites) {
		t.Errorf("%d testcases in %d suites for %d records", n, len(j.Suites), len(r.Records))
	}
}

// voidElements are the HTML elements without an end tag.
var voidElements = map[string]bool{"meta": true, "link": true, "br": true, "hr": true, "img": true, "input": true, "col": true, "wbr": true, "source": true}

// checkWellFormed checks that every element of an HTML page is closed in
// order (void elements aside), reading the page as XML tokens; the text
// of <style> and <script> must hold no '<'.
func checkWellFormed(t *testing.T, page []byte) {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(page))
	dec.Strict = false
	dec.Entity = xml.HTMLEntity
	var stack []string
	for {
		tok, err := dec.RawToken()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("page is not well formed (open: %v): %v", stack, err)
		}
		switch tk := tok.(type) {
		case xml.StartElement:
			if !voidElements[tk.Name.Local] {
				stack = append(stack, tk.Name.Local)
			}
		case xml.EndElement:
			if len(stack) == 0 || stack[len(stack)-1] != tk.Name.Local {
				t.Fatalf("</%s> closes %v", tk.Name.Local, stack)
			}
			stack = stack[:len(stack)-1]
		}
	}
	if len(stack) != 0 {
		t.Fatalf("elements left open: %v", stack)
	}
}

func TestHTML(t *testing.T) {
	r := load(t, filepath.Join("testdata", "runs", "new"))
	page, err := r.HTML()
	if err != nil {
		t.Fatal(err)
	}
	checkWellFormed(t, page)
	s := string(page)
	if n := strings.Count(s, `<svg class="chart"`); n != 2 {
		t.Errorf("%d charts, want 2 (classes and tools)", n)
	}
	if n := strings.Count(s, `<details class="case `); n != len(r.Records) {
		t.Errorf("%d case <details>, want %d", n, len(r.Records))
	}
	for _, rec := range r.Records {
		if !strings.Contains(s, fmt.Sprintf(`data-case="%s"`, rec.Case)) {
			t.Errorf("no drill-down for %s", rec.Case)
		}
	}
	for _, want := range []string{
		"No-error fraction", "0.29", "scripted", "2025-06-03 09:30 UTC",
		"tool not identified", "input specification", "output processing", "tool execution",
		`class="zone band-low"`, `class="badge band-mid"`, "Recommendations", "Tools offered",
		"exceeding token limit", "more bytes not shown", "the tool is not in the catalog",
	} {
		if !strings.Contains(s, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
	for _, bad := range []string{"http://", "https://", "<link", "src="} {
		if strings.Contains(s, bad) {
			t.Errorf("the page is not self-contained: it holds %q", bad)
		}
	}
}

// An utterance, arguments and evidence with markup are escaped in every
// output.
func TestEscaping(t *testing.T) {
	dir := copyRun(t, "new")
	r := load(t, dir)
	var found bool
	for _, rec := range r.Records {
		if strings.Contains(rec.Utterance, "<script>alert(1)</script>") {
			found = true
		}
	}
	if !found {
		t.Fatal("the fixture has no utterance with <script>")
	}
	if err := report.WriteWith(dir, r, report.WriteOptions{JUnit: report.JUnitCases}); err != nil {
		t.Fatal(err)
	}
	page, _ := os.ReadFile(filepath.Join(dir, report.HTMLFile))
	if bytes.Contains(page, []byte("<script>alert")) || !bytes.Contains(page, []byte("&lt;script&gt;alert(1)&lt;/script&gt; &amp; &#34;quotes&#34;")) {
		t.Error("report.html does not escape the utterance")
	}
	if n := bytes.Count(page, []byte("<script")); n != 1 {
		t.Errorf("report.html holds %d <script elements, want 1 (its own)", n)
	}
	md, _ := os.ReadFile(filepath.Join(dir, report.MarkdownFile))
	if bytes.Contains(md, []byte("<script>")) {
		t.Error("report.md holds raw <script>")
	}
	ju, _ := os.ReadFile(filepath.Join(dir, report.JUnitFile))
	if bytes.Contains(ju, []byte("<script>")) || !bytes.Contains(ju, []byte("&lt;script&gt;")) {
		t.Error("junit.xml does not escape <script>")
	}
}

// writeResults writes a run directory with the fixture's run.json and
// the records given, each as a line.
func writeResults(t *testing.T, recs []run.Record, tail string) string {
	t.Helper()
	dir := copyRun(t, "new")
	var buf bytes.Buffer
	for i := range recs {
		line, err := run.MarshalRecord(&recs[i])
		if err != nil {
			t.Fatal(err)
		}
		buf.Write(line)
		buf.WriteByte('\n')
	}
	buf.WriteString(tail)
	if err := os.WriteFile(filepath.Join(dir, run.ResultsFile), buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

func fixtureRecords(t *testing.T) []run.Record {
	recs, err := run.ReadResults(filepath.Join("testdata", "runs", "new", run.ResultsFile))
	if err != nil {
		t.Fatal(err)
	}
	return recs
}

// writeAll loads dir and writes its reports, checking the HTML and the
// JUnit XML are well formed.
func writeAll(t *testing.T, dir string) *report.Run {
	t.Helper()
	r := load(t, dir)
	if err := report.WriteWith(dir, r, report.WriteOptions{JUnit: report.JUnitCases}); err != nil {
		t.Fatal(err)
	}
	page, err := os.ReadFile(filepath.Join(dir, report.HTMLFile))
	if err != nil {
		t.Fatal(err)
	}
	checkWellFormed(t, page)
	var j junit
	ju, _ := os.ReadFile(filepath.Join(dir, report.JUnitFile))
	if err := xml.Unmarshal(ju, &j); err != nil {
		t.Fatalf("junit.xml: %v", err)
	}
	if j.Tests != len(r.Records) {
		t.Errorf("junit.xml: %d tests, want %d", j.Tests, len(r.Records))
	}
	return r
}

func TestRobust(t *testing.T) {
	t.Run("no cases", func(t *testing.T) {
		dir := writeResults(t, nil, "")
		r := writeAll(t, dir)
		md, _ := os.ReadFile(filepath.Join(dir, report.MarkdownFile))
		if len(r.Records) != 0 || !strings.Contains(string(md), "no cases") {
			t.Errorf("empty run: %d records; report.md:\n%s", len(r.Records), md)
		}
	})
	t.Run("only skipped", func(t *testing.T) {
		recs := []run.Record{{Case: "a/1", Tool: "a", Skipped: "the case has no utterance"}, {Case: "b/1", Tool: "b", Skipped: "the tool is not in the catalog"}}
		dir := writeResults(t, recs, "")
		writeAll(t, dir)
		md, _ := os.ReadFile(filepath.Join(dir, report.MarkdownFile))
		if !strings.Contains(string(md), "all 1 skipped") || !strings.Contains(string(md), "## Skipped cases") {
			t.Errorf("report.md:\n%s", md)
		}
	})
	t.Run("torn last line", func(t *testing.T) {
		recs := fixtureRecords(t)
		dir := writeResults(t, recs[:3], `{"case":"listTickets/value","tool":"listTi`)
		r := writeAll(t, dir)
		if len(r.Records) != 3 || len(r.Notes) != 2 || !strings.Contains(r.Notes[0], "last line") || !strings.Contains(r.Notes[1], "3 of its 15 cases") {
			t.Errorf("torn line: %d records, notes %q", len(r.Records), r.Notes)
		}
		md, _ := os.ReadFile(filepath.Join(dir, report.MarkdownFile))
		if !strings.Contains(string(md), "**Note:** The last line") {
			t.Errorf("report.md does not say the last line was left out")
		}
	})
	t.Run("huge results", func(t *testing.T) {
		recs := fixtureRecords(t)
		big := strings.Repeat(`{"id":"x","note":"<b>é</b>"},`, 40000) // about 1 MB
		for i := range recs {
			if a := recs[i].Agent; a != nil {
				for j := range a.Calls {
					a.Calls[j].Text = big
					a.Calls[j].RawArgs = big
				}
				a.Final = big
			}
		}
		dir := writeResults(t, recs, "")
		r := writeAll(t, dir)
		page, _ := os.ReadFile(filepath.Join(dir, report.HTMLFile))
		// Each case shows at most 8 KB of text (escaped, so a few times more).
		if limit := len(r.Records) * 64 << 10; len(page) > limit {
			t.Errorf("report.html is %d bytes for %d huge cases (limit %d)", len(page), len(r.Records), limit)
		}
		if !bytes.Contains(page, []byte("more bytes not shown")) || !bytes.Contains(page, []byte("bytes not shown: this case already shows 8 KB")) {
			t.Error("report.html does not say what it left out")
		}
	})
	t.Run("errors", func(t *testing.T) {
		if _, err := report.Load(filepath.Join(t.TempDir(), "missing")); err == nil || !strings.Contains(err.Error(), "no such run directory") {
			t.Errorf("missing directory: %v", err)
		}
		if _, err := report.Load(t.TempDir()); err == nil || !strings.Contains(err.Error(), "has no results.jsonl") {
			t.Errorf("directory without results: %v", err)
		}
		dir := writeResults(t, fixtureRecords(t)[:2], "")
		data, _ := os.ReadFile(filepath.Join(dir, run.ResultsFile))
		os.WriteFile(filepath.Join(dir, run.ResultsFile), append([]byte("not json\n"), data...), 0o644)
		if _, err := report.Load(dir); err == nil || !strings.Contains(err.Error(), "results.jsonl:1") {
			t.Errorf("a line that is not JSON: %v", err)
		}
	})
	t.Run("no run.json", func(t *testing.T) {
		dir := writeResults(t, fixtureRecords(t)[:2], "")
		os.Remove(filepath.Join(dir, run.RunFile))
		r := writeAll(t, dir)
		if r.Model() != "unknown model" || len(r.Notes) != 1 {
			t.Errorf("model %q, notes %q", r.Model(), r.Notes)
		}
	})
}

func TestCompare(t *testing.T) {
	oldRun := load(t, filepath.Join("testdata", "runs", "old"))
	newRun := load(t, filepath.Join("testdata", "runs", "new"))
	// One case lost, one gained: within noise, unless any drop counts.
	c := report.Compare(oldRun, newRun)
	if c.Regressed() || c.Lost != 1 || c.Gained != 1 || !strings.Contains(c.Reason(), "within noise") {
		t.Errorf("old → new: regressed %v, lost %d, gained %d: %s", c.Regressed(), c.Lost, c.Gained, c.Reason())
	}
	strict := report.CompareWith(oldRun, newRun, report.CompareOptions{Strict: true})
	if !strict.Regressed() || !strings.Contains(strict.Reason(), "listUsers") {
		t.Errorf("old → new, strict: regressed %v: %s", strict.Regressed(), strict.Reason())
	}
	if len(c.Regressions) != 1 || c.Regressions[0].Case != "listUsers/type" || c.Regressions[0].NewLabels[0].Class != classify.ParameterTypeMismatch {
		t.Errorf("regressions: %+v", c.Regressions)
	}
	if len(c.Improvements) != 1 || c.Improvements[0].Case != "listTickets/clean" || c.Improvements[0].OldLabels[0].Class != classify.ParameterValueMismatch {
		t.Errorf("improvements: %+v", c.Improvements)
	}
	verdicts := map[string]string{}
	for _, td := range c.Tools {
		verdicts[td.Tool] = td.Verdict()
	}
	if verdicts["listUsers"] != report.VerdictNoise || verdicts["listTickets"] != report.VerdictNoise || verdicts["listTeams"] != report.VerdictSame {
		t.Errorf("tool verdicts: %v", verdicts)
	}
	for _, cd := range c.Classes {
		switch cd.Class {
		case classify.ParameterTypeMismatch:
			if cd.OldCases != 0 || cd.NewCases != 1 || cd.Rate.Change() <= 0 {
				t.Errorf("type mismatch: %+v", cd)
			}
		case classify.ParameterValueMismatch:
			if cd.OldCases != 3 || cd.NewCases != 2 || cd.Rate.Change() >= 0 {
				t.Errorf("value mismatch: %+v", cd)
			}
		}
	}
	golden(t, "comparison.md", []byte(strict.Markdown()))
	sum := strict.Summary()
	for _, want := range []string{"no-error fraction 0.29 -> 0.29 (0)", "regressed listUsers/type (listUsers): parameter type mismatch", "verdict: REGRESSED: listUsers (lost 1 and gained 0"} {
		if !strings.Contains(sum, want) {
			t.Errorf("summary lacks %q:\n%s", want, sum)
		}
	}

	back := report.Compare(newRun, oldRun)
	if len(back.Regressions) != 1 || back.Regressions[0].Case != "listTickets/clean" || len(back.Improvements) != 1 {
		t.Errorf("new → old: %+v / %+v", back.Regressions, back.Improvements)
	}
	if same := report.Compare(newRun, newRun); same.Regressed() || len(same.Regressions)+len(same.Improvements)+len(same.Changed)+len(same.Other) != 0 {
		t.Errorf("a run compared with itself: %+v", same)
	}

	// Only improvements: the new run fixes listUsers/type and breaks nothing.
	recs := fixtureRecords(t)
	for i := range recs {
		if recs[i].Case == "listUsers/type" {
			recs[i].Labels = nil
		}
	}
	fixed := load(t, writeResults(t, recs, ""))
	if c := report.Compare(newRun, fixed); c.Regressed() || len(c.Improvements) != 1 || c.NoError.Change() <= 0 {
		t.Errorf("fixed run: regressed %v, improvements %+v, no-error %+v", c.Regressed(), c.Improvements, c.NoError)
	}
}

// The comparison JSON-encodes (for tools that want it) and mentions the
// runs' models.
func TestComparisonJSON(t *testing.T) {
	c := report.Compare(load(t, filepath.Join("testdata", "runs", "old")), load(t, filepath.Join("testdata", "runs", "new")))
	data, err := json.Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`"Model":"scripted"`).Match(data) {
		t.Errorf("comparison JSON: %.300s", data)
	}
}

// The significance rule: a flip of 1 of 20 paired cases is noise, 15 of
// 20 a regression; a tool that is gone is a regression unless allowed.
func TestSignificance(t *testing.T) {
	make20 := func(failing int, skipped string) []run.Record {
		var recs []run.Record
		for i := range 20 {
			r := run.Record{Case: fmt.Sprintf("getUser/required/%02d", i), Tool: "getUser"}
			switch {
			case skipped != "":
				r.Skipped = skipped
			case i < failing:
				r.Labels = []classify.Label{{Class: classify.MissingParameter, Tool: "getUser", Evidence: "left out"}}
			}
			recs = append(recs, r)
		}
		return recs
	}
	base := load(t, writeResults(t, make20(0, ""), ""))
	for _, tt := range []struct {
		name      string
		recs      []run.Record
		opts      report.CompareOptions
		regressed bool
		verdict   string
	}{
		{"one flip of 20", make20(1, ""), report.CompareOptions{}, false, report.VerdictNoise},
		{"one flip of 20, strict", make20(1, ""), report.CompareOptions{Strict: true}, true, report.VerdictRegressed},
		{"fifteen flips of 20", make20(15, ""), report.CompareOptions{}, true, report.VerdictRegressed},
		{"the tool is gone", make20(0, run.SkipNoTool), report.CompareOptions{}, true, report.VerdictRegressed},
		{"the tool is gone, as meant", make20(0, run.SkipNoTool), report.CompareOptions{AllowRemoved: true}, false, report.VerdictRemoved},
	} {
		t.Run(tt.name, func(t *testing.T) {
			c := report.CompareWith(base, load(t, writeResults(t, tt.recs, "")), tt.opts)
			if c.Regressed() != tt.regressed || len(c.Tools) == 0 || c.Tools[0].Verdict() != tt.verdict {
				t.Errorf("regressed %v, verdicts %+v: %s", c.Regressed(), c.Tools, c.Reason())
			}
		})
	}
	if p := stats.McNemar(15, 0); p > 0.0001 || p < 0.00005 {
		t.Errorf("McNemar(15, 0) = %g, want 2/2^15", p)
	}
	if p := stats.McNemar(1, 0); p != 1 {
		t.Errorf("McNemar(1, 0) = %g, want 1", p)
	}
	if p := stats.McNemar(6, 1); p < 0.12 || p > 0.13 {
		t.Errorf("McNemar(6, 1) = %g, want 0.125", p)
	}
}

// junit.xml reflects the gate by default: one testcase per tool, failing
// only where the gate says the tool regressed, and one per rule of the
// gate.
func TestJUnitReflectsTheGate(t *testing.T) {
	oldRun := load(t, filepath.Join("testdata", "runs", "old"))
	newRun := load(t, filepath.Join("testdata", "runs", "new"))
	decode := func(data []byte) junit {
		var j junit
		if err := xml.Unmarshal(data, &j); err != nil {
			t.Fatal(err)
		}
		return j
	}
	// No gate: every tool passes, whatever its cases did.
	data, err := newRun.JUnitTools(nil)
	if err != nil {
		t.Fatal(err)
	}
	if j := decode(data); j.Failures != 0 || j.Tests != len(newRun.Metrics.Tools)+countSkippedTools(newRun) {
		t.Errorf("no gate: %d tests, %d failures", j.Tests, j.Failures)
	}
	// A gate the run passes: no failure, though cases failed.
	within := report.Compare(oldRun, newRun)
	data, _ = newRun.JUnitTools(&report.Gate{Comparison: &within})
	if j := decode(data); j.Failures != 0 {
		t.Errorf("a run that passes the gate: %d failures in junit.xml", j.Failures)
	}
	// A gate it fails: the regressed tool and the comparison fail.
	strict := report.CompareWith(oldRun, newRun, report.CompareOptions{Strict: true})
	data, _ = newRun.JUnitTools(&report.Gate{Comparison: &strict, MinNoError: 0.9})
	j := decode(data)
	failed := map[string]string{}
	for _, tc := range j.Suites[0].Cases {
		if tc.Failure != nil {
			failed[tc.Name] = tc.Failure.Message
		}
	}
	if len(failed) != 3 || !strings.Contains(failed["listUsers"], "regressed") || failed["no-error fraction"] == "" || failed["against the baseline"] == "" {
		t.Errorf("failures: %v", failed)
	}
}

// countSkippedTools counts the tools whose every case was skipped.
func countSkippedTools(r *report.Run) int {
	tools := map[string]bool{}
	for _, rec := range r.Records {
		tools[rec.Tool] = true
	}
	return len(tools) - len(r.Metrics.Tools)
}

// report.md and comparison.md stay under GitHub's limit for a comment,
// and say what they left out.
func TestMarkdownFitsAComment(t *testing.T) {
	var recs []run.Record
	for i := range 3000 {
		recs = append(recs, run.Record{Case: fmt.Sprintf("tool%03d/required/%02d", i%300, i/300), Tool: fmt.Sprintf("tool%03d", i%300),
			Labels: []classify.Label{{Class: classify.MissingParameter, Tool: "x", Params: []string{"id"},
				Evidence: strings.Repeat("the agent left out the identifier the request named; ", 5)}}})
	}
	big := load(t, writeResults(t, recs, ""))
	if md := big.Markdown(); len(md) > report.MaxMarkdown || !strings.Contains(md, "more, in report.html") {
		t.Errorf("report.md is %d characters (limit %d)", len(md), report.MaxMarkdown)
	}
	for i := range recs {
		recs[i].Labels = nil
	}
	clean := load(t, writeResults(t, recs, ""))
	c := report.Compare(clean, big)
	if md := c.Markdown(); len(md) > report.MaxMarkdown || !strings.Contains(md, "… and") {
		t.Errorf("comparison.md is %d characters (limit %d)", len(md), report.MaxMarkdown)
	}
	if !c.Regressed() {
		t.Error("3000 cases that all failed did not regress")
	}
}
