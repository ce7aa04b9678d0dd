// Package jsonl reads JSON Lines files (a value per line) as the harness
// writes and reads them: cases, suites and run results. Errors name the
// file and the line.
package jsonl

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
)

// Options say how lines are read.
type Options struct {
	// Comments are the prefixes that make a line a comment, skipped like
	// a blank line ("#", "//").
	Comments []string
	// Strict refuses a field the value's type does not have.
	Strict bool
	// MaxLine is the longest line read, in bytes (bufio's default, 64
	// KiB, when 0).
	MaxLine int
}

// Decode decodes each line of data that is neither blank nor a comment
// into a new T, numbers as json.Number, and passes it to each with its
// line number. An error, from decoding or from each, comes back as
// "name:line: error".
func Decode[T any](data []byte, name string, opts Options, each func(line int, v *T) error) error {
	sc := bufio.NewScanner(bytes.NewReader(data))
	if opts.MaxLine > 0 {
		sc.Buffer(make([]byte, 0, min(64<<10, opts.MaxLine)), opts.MaxLine)
	}
	for n := 1; sc.Scan(); n++ {
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 || comment(line, opts.Comments) {
			continue
		}
		var v T
		dec := json.NewDecoder(bytes.NewReader(line))
		dec.UseNumber()
		if opts.Strict {
			dec.DisallowUnknownFields()
		}
		if err := dec.Decode(&v); err != nil {
			return fmt.Errorf("%s:%d: %v", name, n, err)
		}
		if err := each(n, &v); err != nil {
			return fmt.Errorf("%s:%d: %v", name, n, err)
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("%s: %v", name, err)
	}
	return nil
}

func comment(line []byte, prefixes []string) bool {
	for _, p := range prefixes {
		if bytes.HasPrefix(line, []byte(p)) {
			return true
		}
	}
	return false
}
