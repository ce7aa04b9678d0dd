package run

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/agentready/agentready/gen/atomicfile"
	"github.com/agentready/agentready/harness/classify"
	"github.com/agentready/agentready/harness/jsonl"
)

// errLocked says another process holds the results file.
var errLocked = errors.New("locked")

// resultsWriter appends records to results.jsonl, one line each, synced
// to disk before the next.
type resultsWriter struct {
	f *os.File
}

// openResults opens the results file for appending and returns the IDs
// of the cases it holds. Without resume, a file that holds results is an
// error. A case run several times (Options.Repeat) is done trial by
// trial (trialID). A last line cut short (the process died while writing it) is
// removed, so that its case runs again.
func openResults(path string, resume bool) (*resultsWriter, map[string]bool, error) {
	// Lock first, then read: another run must not append in between.
	f, err := os.OpenFile(path, os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		return nil, nil, err
	}
	fail := func(err error) (*resultsWriter, map[string]bool, error) {
		f.Close()
		return nil, nil, err
	}
	if err := lockFile(f); err != nil {
		if errors.Is(err, errLocked) {
			return fail(fmt.Errorf("run: %s is being written by another run that is still going: wait for it to end (or stop it) before resuming", path))
		}
		return fail(fmt.Errorf("run: locking %s: %w", path, err))
	}
	data, err := io.ReadAll(f)
	if err != nil {
		return fail(err)
	}
	if len(bytes.TrimSpace(data)) > 0 && !resume {
		return fail(fmt.Errorf("run: %s already holds results: resume the run or use a new directory", path))
	}
	keep := len(data)
	if i := bytes.LastIndexByte(data, '\n'); i < len(data)-1 {
		keep = i + 1 // a torn last line, or no complete line at all (i == -1)
	}
	recs, err := decodeResults(data[:keep], path)
	if err != nil {
		return fail(err)
	}
	done := map[string]bool{}
	for _, r := range recs {
		done[trialID(r.Case, r.Trial)] = true
	}
	if err := f.Truncate(int64(keep)); err != nil {
		return fail(err)
	}
	if _, err := f.Seek(int64(keep), 0); err != nil {
		return fail(err)
	}
	return &resultsWriter{f: f}, done, nil
}

// append writes one record as a line and syncs the file.
func (w *resultsWriter) append(r *Record) error {
	line, err := MarshalRecord(r)
	if err != nil {
		return err
	}
	line = append(line, '\n')
	if _, err := w.f.Write(line); err != nil {
		return err
	}
	return w.f.Sync()
}

func (w *resultsWriter) close() error { return w.f.Close() }

// MarshalRecord returns a record as one line of results.jsonl, without
// the newline (map keys sorted, HTML characters unescaped).
func MarshalRecord(r *Record) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	rr := *r
	if rr.Labels == nil {
		rr.Labels = []classify.Label{}
	}
	if rr.Args == nil {
		rr.Args = map[string]any{}
	}
	if err := enc.Encode(&rr); err != nil {
		return nil, fmt.Errorf("case %s: %w", r.Case, err)
	}
	return bytes.TrimRight(buf.Bytes(), "\n"), nil
}

// ReadResults reads a results file. A last line cut short is ignored.
func ReadResults(path string) ([]Record, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	if i := bytes.LastIndexByte(data, '\n'); i < len(data)-1 {
		data = data[:i+1]
	}
	return decodeResults(data, path)
}

func decodeResults(data []byte, name string) ([]Record, error) {
	var out []Record
	err := jsonl.Decode(data, name, jsonl.Options{MaxLine: 256 << 20}, func(_ int, r *Record) error {
		out = append(out, *r)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// ReadInfo reads a run directory's run.json.
func ReadInfo(dir string) (*Info, error) {
	data, err := os.ReadFile(filepath.Join(dir, RunFile))
	if err != nil {
		return nil, err
	}
	var info Info
	if err := json.Unmarshal(data, &info); err != nil {
		return nil, fmt.Errorf("%s: %v", filepath.Join(dir, RunFile), err)
	}
	return &info, nil
}

// writeJSONFile writes v as indented JSON, atomically.
func writeJSONFile(path string, v any) error {
	data, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	data = append(data, '\n')
	return atomicfile.Write(path, data)
}

// WriteJSON writes v to path as indented JSON, atomically: the summary
// files studies add to a run directory (perturb.json, consistency.json).
func WriteJSON(path string, v any) error { return writeJSONFile(path, v) }

// ReadJSON reads a JSON file WriteJSON wrote; a missing file gives nil
// and no error, as a run directory without that study.
func ReadJSON[T any](path string) (*T, error) {
	data, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var v T
	if err := json.Unmarshal(data, &v); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return &v, nil
}
