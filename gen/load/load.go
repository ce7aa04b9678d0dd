// Package load reads an OpenAPI 2.0, 3.0 or 3.1 document (JSON or YAML,
// with local $refs across files) into libopenapi's model, and turns every
// problem into a diagnostic that names the file, line and column.
package load

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/pb33f/libopenapi"
	"github.com/pb33f/libopenapi/datamodel"
	v2 "github.com/pb33f/libopenapi/datamodel/high/v2"
	v3 "github.com/pb33f/libopenapi/datamodel/high/v3"
	"github.com/pb33f/libopenapi/index"
	"go.yaml.in/yaml/v4"

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
	case yamlSyntax(data, &d):
		// libopenapi keeps only the text of go-yaml's error; parsing the
		// document again gives the error itself, with its position.
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

// yamlSyntax fills d with the error go-yaml finds reading data, at the
// line and column of its mark (yaml.LoadError), and reports whether it
// found one. libopenapi reads documents with the same parser, so when it
// cannot parse one, this finds why.
func yamlSyntax(data []byte, d *diag.Diagnostic) bool {
	var le *yaml.LoadError
	if err := yaml.Unmarshal(data, new(yaml.Node)); !errors.As(err, &le) {
		return false
	}
	d.Origin.Line, d.Origin.Column = le.Mark.Line, le.Mark.Column
	d.Message = "syntax error: " + le.Message
	if looksLikeJSON(data) {
		d.Hint = "the file looks like JSON; check for a missing comma, quote or bracket at or before this place"
	}
	return true
}

func looksLikeJSON(data []byte) bool {
	s := strings.TrimSpace(string(data[:min(len(data), 64)]))
	return strings.HasPrefix(s, "{")
}

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
		d.Origin.Line, d.Origin.Column = errorPosition(e)
		var re *index.ResolvingError
		if errors.As(e, &re) {
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
			if strings.Contains(msg, "circular reference") {
				continue
			}
			d.Message = msg
		}
		out = append(out, d)
	}
	return dedupe(out)
}

// errorPosition is the line and column of the YAML node an error of
// libopenapi's index carries (index.ResolvingError, index.IndexingError:
// the node its own messages place the fault at), or of go-yaml's mark
// (yaml.LoadError); zeros when err has none.
func errorPosition(err error) (line, col int) {
	var re *index.ResolvingError
	if errors.As(err, &re) && re.Node != nil {
		return re.Node.Line, re.Node.Column
	}
	var ie *index.IndexingError
	if errors.As(err, &ie) {
		if n := cmp.Or(ie.Node, ie.KeyNode); n != nil {
			return n.Line, n.Column
		}
	}
	var le *yaml.LoadError
	if errors.As(err, &le) {
		return le.Mark.Line, le.Mark.Column
	}
	return 0, 0
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
// works around) and keeps the errors as diagnostics instead of printing
// them. A record's position is read from its attributes: "line" and
// "column", or the node of the error in "error"; a position written only
// into the message's words stays there, as libopenapi wrote it.
type logCollector struct {
	file string
	mu   sync.Mutex
	recs []diag.Diagnostic
}

func (c *logCollector) Enabled(_ context.Context, l slog.Level) bool { return l >= slog.LevelError }

func (c *logCollector) Handle(_ context.Context, r slog.Record) error {
	msg := r.Message
	var file, cause string
	d := diag.Diagnostic{Severity: diag.Warning, Origin: ir.Origin{File: c.file}}
	r.Attrs(func(a slog.Attr) bool {
		switch a.Key {
		case "file":
			file = a.Value.String()
		case "error":
			cause = a.Value.String()
			if err, ok := a.Value.Any().(error); ok && d.Origin.Line == 0 {
				d.Origin.Line, d.Origin.Column = errorPosition(err)
			}
		case "line":
			if a.Value.Kind() == slog.KindInt64 {
				d.Origin.Line = int(a.Value.Int64())
			}
		case "column":
			if a.Value.Kind() == slog.KindInt64 {
				d.Origin.Column = int(a.Value.Int64())
			}
		}
		return true
	})
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
