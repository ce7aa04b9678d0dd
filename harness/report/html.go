package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html/template"
	"io/fs"
	"math"
	"sort"
	"strings"

	"github.com/agentready/agentready/harness/classify"
	"github.com/agentready/agentready/harness/run"
	"github.com/agentready/agentready/templates"
)

// templateFiles are the page's template, style sheet and script.
var templateFiles = templates.Dir(templates.Report)

// The caps on what the page shows of one case's trace: each text (a tool
// result, the arguments) at most textCap bytes, and all of a case's texts
// together at most caseBudget bytes; the rest is in results.jsonl.
const (
	textCap    = 2048
	caseBudget = 8192
)

var pageTemplate = func() *template.Template {
	data, err := fs.ReadFile(templateFiles, "report.html.tmpl")
	if err != nil {
		panic(err)
	}
	return template.Must(template.New("report.html").Option("missingkey=error").Funcs(template.FuncMap{"code": codeSpans}).Parse(string(data)))
}()

// page is what report.html.tmpl reads.
type page struct {
	Title, RunID, Model, Started, API string
	CSS                               template.CSS
	JS                                template.JS
	Notes                             []string
	Cases, Skipped, NoError, Tools    int
	// Invalid counts the cases whose ground truth did not hold; Recovered
	// those that passed after recovery.
	Invalid, Recovered      int
	APITools                int
	Failing                 int
	NoErrorRate, NoErrorPct string
	NoErrorCI               string
	// PerTurn is the mean input tokens per model call ("" when no case
	// ran the agent), Turns how many calls; Toolset how the agent
	// reached the tools.
	PerTurn, Toolset string
	Turns            int
	// Trials is the section on repeated trials; nil when each case ran
	// once.
	Trials *trialsView
	// Usage is the section on the model's tokens and their cost.
	Usage     *usageView
	Resumed   int
	Empty     bool
	Bands     []bandView
	Levels    []levelView
	Scenarios []scenarioView
	// Perturb is the section on the perturbation study; nil without one.
	Perturb *perturbView
	// Adapt is the section on adapt's trials; nil without one.
	Adapt *adaptView
	// Consistency is the section on the consistency check; nil without one.
	Consistency *consistencyView
	ClassChart  chart
	ToolChart   chart
	ToolRows    []toolView
	Recs        []recGroup
	// HasFindings is set when the run has findings of lint or fuzz;
	// FindingsNote counts those about tools the run did not test.
	HasFindings  bool
	FindingsNote string
}

// levelView is one naturalness level's row.
type scenarioView struct {
	Scenario                string
	Cases, NoError, Recover int
	Pct, CI                 string
}

type levelView struct {
	Level, Cases, NoError int
	Pct, CI               string
}

type bandView struct {
	Band, Label, Class, Pct string
	Tools                   int
	// X and W place the band's segment in the stacked bar (0-1000).
	X, W int
}

// chart is an SVG bar chart laid out in Go: the template only draws.
type chart struct {
	Width, Height int
	// PlotX and PlotW are the bars' area; Top the first row's y.
	PlotX, PlotW, Top, Bottom int
	PlotH                     int
	Ticks                     []tick
	Zones                     []zone
	Rows                      []chartRow
	Empty                     string
}

type tick struct {
	X     int
	Label string
}

type zone struct {
	X, W  int
	Class string
	Label string
}

type chartRow struct {
	Y          int
	Header     bool
	Label      string
	Href       string
	Class      string
	BarY, BarH int
	BarW       int
	Value      string
	ValueX     int
	Title      string
}

type toolView struct {
	Name, Anchor              string
	Cases, Passed, Failed     int
	Skipped                   int
	Rate, CI, Band, BandClass string
	HasRate                   bool
	Classes                   []chip
	CaseViews                 []caseView
	FailingCases, PassedCases int
}

type chip struct {
	Name, Class, Category string
	N                     int
}

type recGroup struct {
	Tool, Anchor, Rate, BandClass string
	HasRate                       bool
	Recs                          []recView
	// Findings are lint's and fuzz's about the tool; MoreFindings
	// counts those past the cap.
	Findings     []findingView
	MoreFindings int
}

type recView struct {
	Class, Name, Category, Params, Count, Text, Example, ExampleAnchor string
}

type caseView struct {
	ID, Anchor, Tool, Scenario, Utterance string
	Status, SkipReason                    string
	Args                                  textBlock
	Direct                                *callView
	Offered                               []string
	Calls                                 []callView
	Final, AgentError                     textBlock
	Labels                                []labelView
	Chips                                 []chip
	Tokens                                string
	Turns                                 int
	Latency                               string
	HasAgent                              bool

	// Dialogue is the conversation of a run in which the user spoke more
	// than once (an ask case): what each side said, and the agent's calls.
	Dialogue []dialogueLine
}

type dialogueLine struct {
	Who  string
	Text textBlock
	Call bool
}

type callView struct {
	N                  int
	Tool               string
	Unknown, Refused   bool
	Args               textBlock
	Problems           []string
	Coercions          []string
	Result, ResultKind string
	OK                 bool
	Text               textBlock
}

type textBlock struct {
	Text string
	// Note says what was left out ("" when nothing was).
	Note string
}

type labelView struct {
	Class, Name, Category, Tool, Params, Other, Evidence string
}

// HTML returns report.html: a self-contained page.
func (r *Run) HTML() ([]byte, error) {
	css, err := fs.ReadFile(templateFiles, "report.css")
	if err != nil {
		return nil, err
	}
	js, err := fs.ReadFile(templateFiles, "report.js")
	if err != nil {
		return nil, err
	}
	m := &r.Metrics
	p := page{
		Title: "agentready report: " + r.ID, RunID: r.ID, Model: r.Model(), Started: r.Started(), API: r.Info.API,
		CSS: template.CSS(css), JS: template.JS(js), Notes: r.Notes,
		Cases: m.Cases, Skipped: m.Skipped, Invalid: m.Invalid, Recovered: m.Recovered, NoError: m.NoError, APITools: r.Info.Tools,
		NoErrorRate: frac(m.NoErrorRate), NoErrorPct: pct(m.NoErrorRate), NoErrorCI: ciFrac(classify.Wilson(m.NoError, m.Cases)),
		Trials: r.trialsView(), Usage: r.usageView(),
		Resumed: len(r.Info.Resumed), Empty: len(r.Records) == 0,
	}
	p.Failing = m.Cases - m.NoError - m.Recovered
	if per, turns := r.perTurn(); turns > 0 {
		p.PerTurn, p.Turns, p.Toolset = perTurnText(per), turns, r.toolsetText()
	}
	anchors := map[string]string{}
	for i := range r.Records {
		anchors[r.Records[i].ID()] = fmt.Sprintf("case-%d-%s", i+1, anchorText(r.Records[i].ID()))
		if _, ok := anchors[r.Records[i].Case]; !ok {
			anchors[r.Records[i].Case] = anchors[r.Records[i].ID()] // a case's first trial, for links by case
		}
	}
	groups := r.tools()
	p.Tools = len(groups)
	for _, g := range groups {
		p.ToolRows = append(p.ToolRows, toolViewOf(g, anchors))
	}
	p.ClassChart = classChart(m)
	p.ToolChart = toolChart(p.ToolRows)
	p.Bands = bandViews(m)
	for _, l := range m.Naturalness {
		p.Levels = append(p.Levels, levelView{Level: l.Level, Cases: l.Cases, NoError: l.NoError, Pct: fmt.Sprintf("%.0f%%", 100*l.NoErrorRate),
			CI: ciPct(classify.Wilson(l.NoError, l.Cases))})
	}
	for _, sc := range m.Scenarios {
		p.Scenarios = append(p.Scenarios, scenarioView{Scenario: sc.Scenario, Cases: sc.Cases, NoError: sc.NoError, Recover: sc.Recovered,
			Pct: fmt.Sprintf("%.0f%%", 100*sc.NoErrorRate), CI: ciPct(classify.Wilson(sc.NoError, sc.Cases))})
	}
	byTool, outside, outsideTools := r.findingsByTool()
	p.Recs = recGroups(r.Recommendations, byTool, p.ToolRows, anchors)
	p.HasFindings, p.FindingsNote = len(r.Findings) > 0, outsideNote(outside, outsideTools)
	p.Perturb = r.perturbSection()
	p.Adapt = r.adaptSection()
	p.Consistency = r.consistencySection()

	var buf bytes.Buffer
	if err := pageTemplate.Execute(&buf, p); err != nil {
		return nil, fmt.Errorf("report: html: %w", err)
	}
	return buf.Bytes(), nil
}

func bandViews(m *classify.Metrics) []bandView {
	var out []bandView
	x := 0
	for i, b := range m.Bands {
		w := int(math.Round(b.Fraction * 1000))
		if i == len(m.Bands)-1 && x+w != 1000 && x+w > 0 {
			w = 1000 - x
		}
		out = append(out, bandView{Band: b.Band, Label: bandName(b.Band), Class: bandClass(b.Band), Pct: pct(b.Fraction), Tools: b.Tools, X: x, W: w})
		x += w
	}
	return out
}

func toolViewOf(g toolGroup, anchors map[string]string) toolView {
	tv := toolView{Name: g.Tool, Anchor: "tool-" + anchorText(g.Tool)}
	if tm := g.Metric; tm != nil {
		tv.Cases, tv.Passed, tv.Failed = tm.Cases, tm.Passed, tm.Cases-tm.Passed
		tv.Rate, tv.Band, tv.BandClass, tv.HasRate = pct(tm.PassRate), bandName(tm.Band), bandClass(tm.Band), true
		tv.CI = ciPct(classify.Wilson(tm.Passed, tm.Cases))
		for _, ci := range classify.Taxonomy {
			if n := tm.Classes[ci.Class]; n > 0 {
				tv.Classes = append(tv.Classes, chip{Name: ci.Name, Class: string(ci.Class), Category: catClass(ci.Category), N: n})
			}
		}
	}
	for _, rec := range g.Records {
		cv := caseViewOf(rec, anchors[rec.ID()])
		switch cv.Status {
		case string(statusSkipped), string(statusInvalid):
			tv.Skipped++
		case string(statusFail):
			tv.FailingCases++
		default:
			tv.PassedCases++
		}
		tv.CaseViews = append(tv.CaseViews, cv)
	}
	return tv
}

func recGroups(recs []classify.Recommendation, byTool map[string]*toolFindings, tools []toolView, anchors map[string]string) []recGroup {
	rows := map[string]*toolView{}
	for i := range tools {
		rows[tools[i].Name] = &tools[i]
	}
	var out []recGroup
	for _, tool := range recTools(recs, byTool) {
		g := recGroup{Tool: tool, Anchor: "tool-" + anchorText(tool)}
		if tv := rows[tool]; tv != nil && tv.HasRate {
			g.Rate, g.BandClass, g.HasRate = tv.Rate, tv.BandClass, true
		} else if tv == nil {
			g.Anchor = ""
		}
		for ; len(recs) > 0 && recs[0].Tool == tool; recs = recs[1:] {
			rec := recs[0]
			ci := rec.Class.Info()
			g.Recs = append(g.Recs, recView{Class: string(rec.Class), Name: className(rec.Class), Category: catClass(ci.Category),
				Params: strings.Join(rec.Params, ", "), Count: caseCount(rec.Cases, rec.Total), Text: rec.Text,
				Example: rec.Example, ExampleAnchor: anchors[rec.Example]})
		}
		if tf := byTool[tool]; tf != nil {
			g.Findings, g.MoreFindings = tf.Shown, tf.More
		}
		out = append(out, g)
	}
	return out
}

// caseViewOf lays out one case's trace, within the caps.
func caseViewOf(rec *run.Record, anchor string) caseView {
	budget := &capper{left: caseBudget}
	cv := caseView{ID: rec.ID(), Anchor: anchor, Tool: rec.Tool, Scenario: rec.Scenario, Utterance: rec.Utterance,
		Status: string(statusOf(rec)), SkipReason: rec.Skipped}
	if rec.Invalid != "" {
		cv.SkipReason = "invalid case, its ground truth did not hold: " + rec.Invalid
	}
	cv.Args = budget.take(prettyJSON(rec.Args))
	for _, l := range rec.Labels {
		ci := l.Class.Info()
		cv.Labels = append(cv.Labels, labelView{Class: string(l.Class), Name: className(l.Class), Category: catClass(ci.Category),
			Tool: l.Tool, Params: strings.Join(l.Params, ", "), Other: l.Other, Evidence: l.Evidence})
	}
	seen := map[classify.Class]bool{}
	for _, l := range rec.Labels {
		if !seen[l.Class] {
			seen[l.Class] = true
			cv.Chips = append(cv.Chips, chip{Name: className(l.Class), Class: string(l.Class), Category: catClass(l.Class.Info().Category)})
		}
	}
	sort.SliceStable(cv.Chips, func(i, j int) bool { return order(cv.Chips[i].Class) < order(cv.Chips[j].Class) })
	if rec.Direct != nil {
		d := callViewOf(0, rec.Direct, budget)
		cv.Direct = &d
	}
	if a := rec.Agent; a != nil {
		cv.HasAgent = true
		cv.Offered = a.Tools
		for i := range a.Calls {
			cv.Calls = append(cv.Calls, callViewOf(i+1, &a.Calls[i], budget))
		}
		cv.Final = budget.take(a.Final)
		cv.AgentError = budget.take(a.Error)
		cv.Turns = len(a.Turns)
		cv.Tokens = fmt.Sprintf("%d prompt + %d completion", a.Tokens.Prompt, a.Tokens.Completion)
		if a.Tokens.Estimated {
			cv.Tokens += " (estimated)"
		}
		cv.Latency = duration(a.LatencyMS)
		cv.Dialogue = dialogueOf(a, budget)
	}
	return cv
}

// dialogueOf lays out a conversation in which the user spoke more than
// once: the user's messages, the agent's text answers and, in their
// place, the calls it made; nil for a single request.
func dialogueOf(a *classify.Trace, budget *capper) []dialogueLine {
	users := 0
	for _, m := range a.Messages {
		if m.Role == "user" {
			users++
		}
	}
	if users < 2 {
		return nil
	}
	var out []dialogueLine
	for _, m := range a.Messages {
		switch {
		case m.Role == "user":
			out = append(out, dialogueLine{Who: "user", Text: budget.take(m.Content)})
		case m.Role == "assistant" && len(m.ToolCalls) > 0:
			for _, tc := range m.ToolCalls {
				out = append(out, dialogueLine{Who: "agent", Call: true, Text: budget.take(tc.Name + "(" + tc.Args + ")")})
			}
		case m.Role == "assistant" && m.Content != "":
			out = append(out, dialogueLine{Who: "agent", Text: budget.take(m.Content)})
		}
	}
	return out
}

func callViewOf(n int, c *classify.Call, budget *capper) callView {
	v := callView{N: n, Tool: c.Tool, Unknown: c.UnknownTool, Refused: c.Refused, ResultKind: c.Result.Kind, OK: c.Result.OK}
	v.Args = budget.take(indentJSON(c.RawArgs))
	for _, p := range c.Problems {
		s := p.Kind
		if p.Path != "" {
			s = p.Path + ": " + s
		}
		if p.Reason != "" {
			s += " — " + p.Reason
		}
		if p.Given != nil {
			s += " (given " + compactJSON(p.Given) + ")"
		}
		v.Problems = append(v.Problems, clip(s, 400))
	}
	for _, co := range c.Coercions {
		s := fmt.Sprintf("%s: %s → %s (%s)", co.Path, compactJSON(co.From), compactJSON(co.To), co.Why)
		if co.Dropped {
			s = fmt.Sprintf("%s: dropped %s (%s)", co.Path, compactJSON(co.From), co.Why)
		}
		v.Coercions = append(v.Coercions, clip(s, 400))
	}
	v.Result = strings.ReplaceAll(c.Result.Kind, "_", " ")
	if c.Result.Status != 0 {
		v.Result += fmt.Sprintf(" · HTTP %d", c.Result.Status)
	}
	if c.Result.Truncated {
		v.Result += " · truncated"
	}
	if c.Result.BodyTokens > 0 {
		v.Result += fmt.Sprintf(" · %d body tokens", c.Result.BodyTokens)
	}
	v.Text = budget.take(c.Text)
	return v
}

// capper hands out a case's text budget.
type capper struct{ left int }

func (c *capper) take(s string) textBlock {
	if s == "" {
		return textBlock{}
	}
	limit := min(textCap, c.left)
	if len(s) <= limit {
		c.left -= len(s)
		return textBlock{Text: s}
	}
	if limit <= 0 {
		return textBlock{Note: fmt.Sprintf("%s bytes not shown: this case already shows %d KB; the full text is in %s.",
			thousands(len(s)), caseBudget/1024, run.ResultsFile)}
	}
	shown := clip(s, limit)
	c.left -= limit
	rest := len(s) - len(strings.TrimSuffix(shown, "…"))
	return textBlock{Text: shown, Note: fmt.Sprintf("%s more bytes not shown; the full text is in %s.", thousands(rest), run.ResultsFile)}
}

// thousands writes n with thousands separators: "12,345".
func thousands(n int) string {
	s := fmt.Sprint(n)
	var b strings.Builder
	for i, r := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// classChart is the error rate per class, grouped by category.
func classChart(m *classify.Metrics) chart {
	const (
		width  = 960
		plotX  = 250
		plotW  = 560
		top    = 24
		rowH   = 22
		headH  = 26
		barH   = 14
		bottom = 8
	)
	maxRate := 0.0
	for _, c := range m.Classes {
		maxRate = max(maxRate, c.Rate)
	}
	scale, step := niceScale(maxRate)
	ch := chart{Width: width, PlotX: plotX, PlotW: plotW, Top: top}
	for v := 0.0; v <= scale+1e-9; v += step {
		ch.Ticks = append(ch.Ticks, tick{X: plotX + int(math.Round(v/scale*plotW)), Label: frac(v)})
	}
	y := top
	prev := classify.Category("")
	for _, c := range m.Classes {
		if c.Category != prev {
			prev = c.Category
			ch.Rows = append(ch.Rows, chartRow{Y: y + headH - 8, Header: true, Label: categoryName(c.Category), Class: catClass(c.Category)})
			y += headH
		}
		w := int(math.Round(c.Rate / scale * plotW))
		if c.Cases > 0 && w < 2 {
			w = 2
		}
		ch.Rows = append(ch.Rows, chartRow{Y: y + rowH/2 + 4, Label: className(c.Class), Class: catClass(c.Category),
			BarY: y + (rowH-barH)/2, BarH: barH, BarW: w, ValueX: plotX + w + 6,
			Value: fmt.Sprintf("%s (%d)", frac(c.Rate), c.Cases),
			Title: fmt.Sprintf("%s: %d of %d cases (%s)", className(c.Class), c.Cases, m.Cases, pct(c.Rate))})
		y += rowH
	}
	ch.Bottom = y
	ch.Height = y + bottom
	if m.Cases == 0 {
		ch.Empty = "No classified cases."
	}
	return ch
}

// niceScale returns the chart's full scale for a largest rate, and the
// tick step.
func niceScale(maxRate float64) (float64, float64) {
	for _, s := range []struct{ scale, step float64 }{{0.1, 0.02}, {0.2, 0.05}, {0.25, 0.05}, {0.5, 0.1}} {
		if maxRate <= s.scale+1e-9 {
			return s.scale, s.step
		}
	}
	return 1, 0.25
}

// toolChart is the pass rate of every tool, worst first, over the bands.
func toolChart(tools []toolView) chart {
	const (
		width  = 960
		plotX  = 250
		plotW  = 560
		top    = 26
		rowH   = 22
		barH   = 12
		bottom = 8
	)
	ch := chart{Width: width, PlotX: plotX, PlotW: plotW, Top: top}
	for _, v := range []float64{0, 0.25, 0.5, 0.75, 1} {
		ch.Ticks = append(ch.Ticks, tick{X: plotX + int(math.Round(v*plotW)), Label: pct(v)})
	}
	for _, z := range []struct {
		from, to float64
		band     string
	}{{0, 0.25, classify.BandLow}, {0.25, 0.75, classify.BandMid}, {0.75, 1, classify.BandHigh}} {
		x := plotX + int(math.Round(z.from*plotW))
		ch.Zones = append(ch.Zones, zone{X: x, W: plotX + int(math.Round(z.to*plotW)) - x, Class: bandClass(z.band), Label: bandName(z.band)})
	}
	var rated []toolView
	for _, t := range tools {
		if t.HasRate {
			rated = append(rated, t)
		}
	}
	sort.SliceStable(rated, func(i, j int) bool {
		a, b := rated[i], rated[j]
		ra, rb := float64(a.Passed)/float64(a.Cases), float64(b.Passed)/float64(b.Cases)
		if ra != rb {
			return ra < rb
		}
		return a.Name < b.Name
	})
	y := top
	for _, t := range rated {
		rate := float64(t.Passed) / float64(t.Cases)
		w := int(math.Round(rate * plotW))
		if w < 3 {
			w = 3
		}
		ch.Rows = append(ch.Rows, chartRow{Y: y + rowH/2 + 4, Label: clip(t.Name, 34), Href: "#" + t.Anchor, Class: t.BandClass,
			BarY: y + (rowH-barH)/2, BarH: barH, BarW: w, ValueX: plotX + plotW + 8,
			Value: fmt.Sprintf("%s · %d/%d", t.Rate, t.Passed, t.Cases),
			Title: fmt.Sprintf("%s: %d of %d cases passed (%s, band %s)", t.Name, t.Passed, t.Cases, t.Rate, t.Band)})
		y += rowH
	}
	ch.Bottom = y
	ch.Height = y + bottom
	if len(rated) == 0 {
		ch.Empty = "No tool has a classified case."
		ch.Height = top + 40
		ch.Bottom = top + 32
	}
	ch.PlotH = ch.Bottom - ch.Top
	return ch
}

// catClass is the CSS class of a category.
func catClass(c classify.Category) string {
	switch c {
	case classify.ToolInvocation:
		return "cat-invocation"
	case classify.InputSpecification:
		return "cat-input"
	case classify.OutputProcessing:
		return "cat-output"
	case classify.ToolExecution:
		return "cat-execution"
	case classify.Sequence:
		return "cat-sequence"
	case classify.Dialogue:
		return "cat-dialogue"
	}
	return "cat-other"
}

// bandClass is the CSS class of a band.
func bandClass(b string) string {
	switch b {
	case classify.BandLow:
		return "band-low"
	case classify.BandMid:
		return "band-mid"
	case classify.BandHigh:
		return "band-high"
	}
	return "band-none"
}

// order is a class's place in the taxonomy.
func order(c string) int {
	for i, ci := range classify.Taxonomy {
		if string(ci.Class) == c {
			return i
		}
	}
	return len(classify.Taxonomy)
}

// anchorText keeps the characters of s that are safe in an element ID
// and a URL fragment.
func anchorText(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '-', r == '_', r == '.':
			b.WriteRune(r)
		default:
			b.WriteByte('-')
		}
	}
	return b.String()
}

// prettyJSON writes v as indented JSON, HTML characters as they are.
func prettyJSON(v any) string {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		return fmt.Sprint(v)
	}
	return strings.TrimRight(buf.String(), "\n")
}

// compactJSON writes v as one line of JSON.
func compactJSON(v any) string {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return fmt.Sprint(v)
	}
	return strings.TrimRight(buf.String(), "\n")
}

// indentJSON indents raw JSON text; text that is not JSON is returned as
// it is.
func indentJSON(raw string) string {
	if strings.TrimSpace(raw) == "" {
		return ""
	}
	var buf bytes.Buffer
	if err := json.Indent(&buf, []byte(raw), "", "  "); err != nil {
		return raw
	}
	return buf.String()
}

// codeSpans escapes text and writes its `code spans` (as the classifier's
// evidence and recommendations quote names and values) as <code>. Text
// with an odd number of backticks is only escaped.
func codeSpans(s string) template.HTML {
	parts := strings.Split(s, "`")
	if len(parts)%2 == 0 {
		return template.HTML(template.HTMLEscapeString(s))
	}
	var b strings.Builder
	for i, p := range parts {
		if i%2 == 1 {
			b.WriteString("<code>" + template.HTMLEscapeString(p) + "</code>")
		} else {
			b.WriteString(template.HTMLEscapeString(p))
		}
	}
	return template.HTML(b.String())
}
