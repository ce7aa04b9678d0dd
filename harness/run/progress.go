package run

import (
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"
)

// progress reports finished cases: a line each, or on a terminal a bar
// redrawn in place.
type progress struct {
	mu       sync.Mutex
	w        io.Writer
	tty      bool
	total    int
	finished int
	failed   int
	start    time.Time
}

func newProgress(w io.Writer, total, resumed int) *progress {
	p := &progress{w: w, total: total, finished: resumed, start: time.Now()}
	if f, ok := w.(*os.File); ok {
		if st, err := f.Stat(); err == nil && st.Mode()&os.ModeCharDevice != 0 {
			p.tty = true
		}
	}
	if w != nil && resumed > 0 && !p.tty {
		fmt.Fprintf(w, "resuming: %d of %d cases already done\n", resumed, total)
	}
	return p
}

// notRun reports a case that could not run because of the API or the
// network.
func (p *progress) notRun(id, why string) {
	if p == nil || p.w == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.finished++
	if p.tty {
		p.bar()
		return
	}
	fmt.Fprintf(p.w, "[%d/%d] %s: not run: %s\n", p.finished, p.total, id, why)
}

func (p *progress) done(r *Record) {
	if p == nil || p.w == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.finished++
	if len(r.Labels) > 0 {
		p.failed++
	}
	if p.tty {
		p.bar()
		return
	}
	what := "ok"
	switch {
	case r.Invalid != "":
		what = "invalid: " + r.Invalid
	case r.Skipped != "":
		what = "skipped: " + r.Skipped
	case len(r.Recovered) > 0 && len(r.Labels) == 0:
		what = "ok after recovery"
	case len(r.Labels) > 0:
		names := make([]string, len(r.Labels))
		for i, l := range r.Labels {
			names[i] = string(l.Class)
		}
		what = strings.Join(names, ", ")
	}
	ms := int64(0)
	if r.Agent != nil {
		ms = r.Agent.LatencyMS
	}
	fmt.Fprintf(p.w, "[%d/%d] %s: %s (%.1fs)\n", p.finished, p.total, trialID(r.Case, r.Trial), what, float64(ms)/1000)
}

// bar redraws the one-line progress bar.
func (p *progress) bar() {
	const width = 30
	fill := 0
	if p.total > 0 {
		fill = p.finished * width / p.total
	}
	elapsed := time.Since(p.start).Round(time.Second)
	fmt.Fprintf(p.w, "\r[%s%s] %d/%d cases, %d with errors, %s ",
		strings.Repeat("#", fill), strings.Repeat(".", width-fill), p.finished, p.total, p.failed, elapsed)
}

func (p *progress) finish() {
	if p == nil || p.w == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.tty {
		p.bar()
		fmt.Fprintln(p.w)
	}
}
