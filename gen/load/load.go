// Package load reads an OpenAPI 2.0, 3.0 or 3.1 document (JSON or YAML,
// with local $refs across files) into libopenapi's model, and turns every
// problem into a diagnostic that names the file, line and column.
package load

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/pb33f/libopenapi"
	"github.com/pb33f/libopenapi/datamodel"
	v2 "github.com/pb33f/libopenapi/datamodel/high/v2"
	v3 "github.com/pb33f/libopenapi/datamodel/high/v3"
	"github.com/pb33f/libopenapi/index"

	"github.com/agentready/agentready/gen/diag"
	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/gen/overlay"
)

// Document is a loaded spec: exactly one of V2 and V3 is set.
type Document struct {
	// Path is the file the document was read from, as given.
	Path string
	// Dir is the directory that relative $refs resolve against.
	Dir string
	// Version is the spec's version string ("2.0", "3.0.3", "3.1.0").
	Version string
	V2      *v2.Swagger
	V3      *v3.Document
	// Source is the document's text, for showing the lines around a
	// diagnostic.
	Source []byte
	// Warnings are problems the loader could work around: circular
	// references, references it could not resolve (operations that use
	// them are skipped when lowering).
	Warnings diag.List

	closed bool
}

// File reads and parses the spec at path, after applying the OpenAPI
// Overlay documents at overlays, in order (see gen/overlay). With
// overlays, the lines and columns of diagnostics are those of the
// document the overlays produce, which Source holds.
func File(path string, overlays ...string) (*Document, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, diag.Diagnostic{Severity: diag.Error, Origin: ir.Origin{File: path}, Message: "cannot read spec: " + unwrapPathError(err)}
	}
	if len(overlays) > 0 {
		if data, err = overlay.Apply(path, data, overlays); err != nil {
			return nil, err
		}
	}
	return Bytes(path, data)
}

// Bytes parses a spec held in memory; path names it in diagnostics and
// locates the files its relative $refs point to.
//
// The document holds memory in libopenapi's global caches until Close.
func Bytes(path string, data []byte) (doc *Document, err error) {
	open()
	defer func() {
		if doc == nil {
			release()
		}
	}()
	return parse(path, data)
}

// Close releases what libopenapi keeps of the document and of every other
// closed one: its global caches (hashes, pooled node slices) hold whole
// YAML trees, several times the size of the IR, for the life of the
// process. They are cleared when no document is open, so that a build in
// progress never loses them. The document's models must not be used after
// Close; calling it again does nothing.
func (d *Document) Close() {
	if d == nil || d.closed {
		return
	}
	d.closed = true
	d.V2, d.V3 = nil, nil
	release()
}

// documents counts the documents open (parsed and not closed).
var documents struct {
	sync.Mutex
	open int
}

func open() {
	documents.Lock()
	documents.open++
	documents.Unlock()
}

func release() {
	documents.Lock()
	defer documents.Unlock()
	if documents.open--; documents.open == 0 {
		libopenapi.ClearAllCaches()
	}
}

func parse(path string, data []byte) (*Document, error) {
	if len(strings.TrimSpace(string(data))) == 0 {
		return nil, diag.Diagnostic{Severity: diag.Error, Origin: ir.Origin{File: path}, Message: "the file is empty", Hint: "give an OpenAPI 2.0, 3.0 or 3.1 document in JSON or YAML"}
	}
	logs := &logCollector{file: path}
	cfg := configuration(path, slog.New(logs))
	doc, err := libopenapi.NewDocumentWithConfiguration(data, cfg)
	if err != nil {
		return nil, parseError(path, data, err)
	}
	out := &Document{Path: path, Dir: cfg.BasePath, Version: doc.GetVersion(), Source: data}
	var buildErr error
	if strings.HasPrefix(out.Version, "2") {
		m, err := doc.BuildV2Model()
		buildErr = err
		if m != nil {
			out.V2 = &m.Model
		}
	} else {
		m, err := doc.BuildV3Model()
		buildErr = err
		if m != nil {
			out.V3 = &m.Model
		}
	}
	problems := buildProblems(path, buildErr)
	problems.Add(logs.diagnostics()...)
	if out.V2 == nil && out.V3 == nil {
		if len(problems) == 0 {
			problems.Errorf(ir.Origin{File: path}, "", "the document could not be built into an OpenAPI model")
		}
		for i := range problems {
			problems[i].Severity = diag.Error
		}
		problems.Sort()
		return nil, problems.Err(true)
	}
	problems.Sort()
	out.Warnings = problems
	return out, nil
}

// configuration is how File configures libopenapi for the spec at path.
func configuration(path string, logger *slog.Logger) *datamodel.DocumentConfiguration {
	abs, err := filepath.Abs(path)
	if err != nil {
		abs = path
	}
	return &datamodel.DocumentConfiguration{
		BasePath:            filepath.Dir(abs),
		SpecFilePath:        filepath.Base(abs),
		AllowFileReferences: true,
		// Remote $refs are never fetched: generation must be offline and
		// reproducible. They are reported where an operation needs them.
		AllowRemoteReferences: false,
		ExcludeExtensionRefs:  true,
		Logger:                logger,
	}
}

// Floor reads the spec at path and builds its model with libopenapi
// alone, configured as File configures it, and nothing else: the floor
// that benchmarks of loading, generating and linting compare against.
// Its problems are not diagnosed; it releases libopenapi's caches.
func Floor(path string) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	defer libopenapi.ClearAllCaches()
	doc, err := libopenapi.NewDocumentWithConfiguration(data, configuration(path, slog.New(slog.DiscardHandler)))
	if err != nil {
		return err
	}
	if doc.GetSpecInfo().SpecFormat == datamodel.OAS2 {
		_, err = doc.BuildV2Model()
	} else {
		_, err = doc.BuildV3Model()
	}
	_ = err // circular references and the like: the model is built all the same
	return nil
}

// yamlPos finds "L4.C11" in go-yaml's messages.
var yamlPos = regexp.MustCompile(`at L(\d+)\.C(\d+)`)

// parseError explains why libopenapi refused the document.
func parseError(path string, data []byte, err error) error {
	msg := err.Error()
	d := diag.Diagnostic{Severity: diag.Error, Origin: ir.Origin{File: path}}
	switch {
	case strings.Contains(msg, "spec type not supported"):
		d.Message = "not an OpenAPI document: found no top-level \"openapi\" or \"swagger\" field with a supported version"
		d.Hint = "agentready reads OpenAPI 2.0 (swagger: \"2.0\"), 3.0 and 3.1 (openapi: 3.x.y)"
	case looksLikeJSON(data) && jsonSyntax(data, &d):
		// encoding/json places the fault exactly; go-yaml, which libopenapi
		// reads JSON with, points at the start of the enclosing object.
	case yamlPos.MatchString(msg):
		m := yamlPos.FindStringSubmatch(msg)
		d.Origin.Line, _ = strconv.Atoi(m[1])
		d.Origin.Column, _ = strconv.Atoi(m[2])
		cause := msg
		if i := strings.LastIndex(msg, ": "); i >= 0 {
			cause = msg[i+2:]
		}
		d.Message = "syntax error: " + cause
		if looksLikeJSON(data) {
			d.Hint = "the file looks like JSON; check for a missing comma, quote or bracket at or before this place"
		}
	default:
		d.Message = "cannot parse: " + strings.TrimPrefix(msg, "unable to parse specification: ")
	}
	return d
}

// jsonSyntax fills d with the syntax error encoding/json finds in data, at
// the line and column of the byte it stopped at, and reports whether it
// found one.
func jsonSyntax(data []byte, d *diag.Diagnostic) bool {
	var se *json.SyntaxError
	if err := json.Unmarshal(data, new(json.RawMessage)); !errors.As(err, &se) {
		return false
	}
	at := min(max(int(se.Offset)-1, 0), len(data))
	before := data[:at]
	d.Origin.Line = 1 + bytes.Count(before, []byte("\n"))
	d.Origin.Column = 1 + utf8.RuneCount(before[bytes.LastIndexByte(before, '\n')+1:])
	d.Message = "syntax error: " + se.Error()
	d.Hint = "the file looks like JSON; check for a missing or extra comma, quote or bracket at or before this place"
	return true
}

func looksLikeJSON(data []byte) bool {
	s := strings.TrimSpace(string(data[:min(len(data), 64)]))
	return strings.HasPrefix(s, "{")
}

// bracketPos finds "[12:23]" at the end of libopenapi's resolving errors.
var bracketPos = regexp.MustCompile(`\[(\d+):(\d+)\]\s*$`)

// buildProblems turns libopenapi's build errors into diagnostics.
// Circular references are warnings: the IR represents cycles, and only
// the cases Go cannot express are handled (with pointers) when emitting.
func buildProblems(path string, err error) diag.List {
	var out diag.List
	if err == nil {
		return out
	}
	for _, e := range unwrapAll(err) {
		d := diag.Diagnostic{Severity: diag.Warning, Origin: ir.Origin{File: path}}
		var re *index.ResolvingError
		if errors.As(e, &re) {
			if re.Node != nil {
				d.Origin.Line, d.Origin.Column = re.Node.Line, re.Node.Column
			}
			if re.CircularReference != nil {
				// Cycles are legal and expected (trees, linked records);
				// lowering handles them. Not worth a warning.
				continue
			}
			d.Message = firstLine(re.ErrorRef.Error())
			if re.Path != "" {
				d.Origin.Pointer = re.Path
			}
		} else {
			msg := firstLine(e.Error())
			if m := bracketPos.FindStringSubmatch(msg); m != nil {
				d.Origin.Line, _ = strconv.Atoi(m[1])
				d.Origin.Column, _ = strconv.Atoi(m[2])
				msg = strings.TrimSpace(bracketPos.ReplaceAllString(msg, ""))
			}
			if strings.Contains(msg, "circular reference") {
				continue
			}
			d.Message = msg
		}
		out = append(out, d)
	}
	return dedupe(out)
}

func unwrapAll(err error) []error {
	type multi interface{ Unwrap() []error }
	if m, ok := err.(multi); ok {
		var out []error
		for _, e := range m.Unwrap() {
			out = append(out, unwrapAll(e)...)
		}
		return out
	}
	return []error{err}
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

func dedupe(l diag.List) diag.List {
	seen := make(map[string]bool, len(l))
	out := l[:0]
	for _, d := range l {
		k := d.Error()
		if seen[k] {
			continue
		}
		seen[k] = true
		out = append(out, d)
	}
	return out
}

func unwrapPathError(err error) string {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}

// logCollector receives libopenapi's log records (it logs the problems it
// works around, often with better positions than the errors it returns)
// and keeps the errors as diagnostics instead of printing them.
type logCollector struct {
	file string
	mu   sync.Mutex
	recs []diag.Diagnostic
}

// lineCol finds "line 12, col 23" in libopenapi's log messages.
var lineCol = regexp.MustCompile(`at line (\d+), col(?:umn)? (\d+)`)

func (c *logCollector) Enabled(_ context.Context, l slog.Level) bool { return l >= slog.LevelError }

func (c *logCollector) Handle(_ context.Context, r slog.Record) error {
	msg := r.Message
	var file, cause string
	r.Attrs(func(a slog.Attr) bool {
		switch a.Key {
		case "file":
			file = a.Value.String()
		case "error":
			cause = a.Value.String()
		}
		return true
	})
	d := diag.Diagnostic{Severity: diag.Warning, Origin: ir.Origin{File: c.file}}
	if m := lineCol.FindStringSubmatch(msg); m != nil {
		d.Origin.Line, _ = strconv.Atoi(m[1])
		d.Origin.Column, _ = strconv.Atoi(m[2])
		msg = strings.TrimSpace(lineCol.ReplaceAllString(msg, ""))
	}
	switch {
	case cause != "":
		d.Message = fmt.Sprintf("%s: %s", msg, unwrapPathMsg(cause))
	case file != "":
		d.Message = fmt.Sprintf("%s: %s", msg, file)
	default:
		d.Message = msg
	}
	c.mu.Lock()
	c.recs = append(c.recs, d)
	c.mu.Unlock()
	return nil
}

func unwrapPathMsg(s string) string {
	if i := strings.LastIndex(s, ": "); i >= 0 && strings.HasPrefix(s, "open ") {
		return strings.TrimPrefix(s[:i], "open ") + ": " + s[i+2:]
	}
	return s
}

func (c *logCollector) WithAttrs([]slog.Attr) slog.Handler { return c }
func (c *logCollector) WithGroup(string) slog.Handler      { return c }

func (c *logCollector) diagnostics() []diag.Diagnostic {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]diag.Diagnostic(nil), c.recs...)
}

// Snippet returns the lines of src around line (1-based) with a caret under
// col, for showing a diagnostic in a terminal. Very long lines (minified
// JSON) are cut to a window around col.
func Snippet(src []byte, line, col int) string {
	if line <= 0 {
		return ""
	}
	lines := strings.Split(string(src), "\n")
	if line > len(lines) {
		return ""
	}
	var b strings.Builder
	from := max(1, line-2)
	for n := from; n <= line; n++ {
		text := lines[n-1]
		caret := col
		if len(text) > 120 {
			start := max(0, col-60)
			end := min(len(text), start+120)
			text = text[start:end]
			caret = col - start
		}
		fmt.Fprintf(&b, "%6d | %s\n", n, text)
		if n == line && caret > 0 {
			fmt.Fprintf(&b, "       | %s^\n", strings.Repeat(" ", caret-1))
		}
	}
	return b.String()
}
