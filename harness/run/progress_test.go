package run

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/agentready/agentready/harness/classify"
)

func TestProgress(t *testing.T) {
	var buf bytes.Buffer
	p := newProgress(&buf, 4, 1)
	p.done(&Record{Case: "a/1", Labels: []classify.Label{{Class: classify.EmptyOutput}}, Agent: &classify.Trace{LatencyMS: 1500}})
	p.done(&Record{Case: "a/2", Skipped: "the case has no utterance"})
	p.finish()
	want := "resuming: 1 of 4 cases already done\n[2/4] a/1: empty_output (1.5s)\n[3/4] a/2: skipped: the case has no utterance (0.0s)\n"
	if buf.String() != want {
		t.Errorf("plain progress:\n%s\nwant:\n%s", buf.String(), want)
	}

	buf.Reset()
	p = newProgress(&buf, 4, 0)
	p.tty = true
	p.done(&Record{Case: "a/1", Labels: []classify.Label{{Class: classify.EmptyOutput}}})
	p.done(&Record{Case: "a/2"})
	p.finish()
	out := buf.String()
	if strings.Count(out, "\n") != 1 || !strings.HasPrefix(out, "\r[") || !strings.Contains(out, "2/4 cases, 1 with errors") ||
		!strings.Contains(out, "\r["+strings.Repeat("#", 15)+strings.Repeat(".", 15)+"]") {
		t.Errorf("bar: %q", out)
	}

	// A character device is taken for a terminal.
	if f, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0); err == nil {
		defer f.Close()
		if !newProgress(f, 1, 0).tty {
			t.Errorf("%s is not taken for a terminal", os.DevNull)
		}
	}
}
