package toolschema

import (
	"bytes"
	"strconv"
	"sync"

	"github.com/agentready/agentready/internal/jsonw"
)

// sink is where a jw writes: a buffer that keeps the first limit bytes
// (all of them when limit is 0) and counts every byte written, so that
// the size of a schema too large to keep can still be measured.
type sink struct {
	bytes.Buffer
	limit int
	total int
	// discard drops every byte: the build keeps only what it records
	// beside the schema (CheckingExamples).
	discard bool
	// scratch is where internal/jsonw writes a value before it is copied
	// in, reused so that writing a key allocates nothing.
	scratch []byte
}

// buffers holds the buffers of builds whose schema was copied out
// (keep): a schema grown by doubling in a fresh buffer allocated about
// twice its size, and Microsoft Graph beta's tools build hundreds of
// megabytes of schemas.
var buffers sync.Pool // *[]byte

// maxPooled is the largest buffer kept for another build.
const maxPooled = 4 << 20

// pooledBuffer returns an empty buffer from buffers, or nil.
func pooledBuffer() []byte {
	if p, ok := buffers.Get().(*[]byte); ok {
		return (*p)[:0]
	}
	return nil
}

// reuse makes buf, which nothing else holds, the sink's empty buffer.
func (s *sink) reuse(buf []byte) {
	s.Buffer = *bytes.NewBuffer(buf[:0])
}

// keep returns a copy of the bytes written and gives the buffer to the
// next build: the sink must not be used after.
func (s *sink) keep() []byte {
	out := bytes.Clone(s.Bytes())
	if buf := s.Bytes(); cap(buf) > 0 && cap(buf) <= maxPooled {
		buf = buf[:0]
		buffers.Put(&buf)
	}
	s.Buffer = bytes.Buffer{}
	return out
}

// str writes s as a JSON string.
func (s *sink) str(x string) {
	if s.discard {
		return
	}
	s.scratch = jsonw.AppendString(s.scratch[:0], x)
	s.Write(s.scratch)
}

// value writes any decoded JSON value (see jsonw.Append).
func (s *sink) value(v any) {
	if s.discard {
		return
	}
	s.scratch = jsonw.Append(s.scratch[:0], v)
	s.Write(s.scratch)
}

func (s *sink) full() bool { return s.discard || s.limit > 0 && s.Buffer.Len() >= s.limit }

func (s *sink) WriteByte(c byte) error {
	s.total++
	if s.full() {
		return nil
	}
	return s.Buffer.WriteByte(c)
}

func (s *sink) WriteString(x string) (int, error) {
	s.total += len(x)
	if s.full() {
		return len(x), nil
	}
	return s.Buffer.WriteString(x)
}

func (s *sink) Write(p []byte) (int, error) {
	s.total += len(p)
	if s.full() {
		return len(p), nil
	}
	return s.Buffer.Write(p)
}

// jw writes compact JSON objects whose keys come in the order they are
// written, which is what makes the output stable: encoding/json would
// sort keys alphabetically, putting "type" after "properties".
type jw struct {
	b sink
	// first is a stack: true while the object or array being written
	// has no member yet.
	first []bool
	// afterKey is true between a key and its value.
	afterKey bool
}

func (w *jw) open(c byte) {
	w.b.WriteByte(c)
	w.first = append(w.first, true)
}

func (w *jw) close(c byte) {
	w.b.WriteByte(c)
	w.first = w.first[:len(w.first)-1]
}

// sep writes the comma before a member that is not the first.
func (w *jw) sep() {
	if n := len(w.first); n > 0 {
		if !w.first[n-1] {
			w.b.WriteByte(',')
		}
		w.first[n-1] = false
	}
}

// key starts an object member.
func (w *jw) key(k string) {
	w.sep()
	w.b.str(k)
	w.b.WriteByte(':')
	w.afterKey = true
}

// begin starts a value: right after its key, or as the next element of
// an array.
func (w *jw) begin() {
	if w.afterKey {
		w.afterKey = false
		return
	}
	w.sep()
}

func (w *jw) str(s string) {
	w.begin()
	w.b.str(s)
}

func (w *jw) num(f float64) {
	w.begin()
	w.b.scratch = jsonw.AppendNumber(w.b.scratch[:0], f)
	w.b.Write(w.b.scratch)
}

func (w *jw) int(n int64) {
	w.begin()
	w.b.WriteString(strconv.FormatInt(n, 10))
}

func (w *jw) bool(v bool) {
	w.begin()
	w.b.WriteString(strconv.FormatBool(v))
}

func (w *jw) obj() {
	w.begin()
	w.open('{')
}

func (w *jw) arr() {
	w.begin()
	w.open('[')
}

// value writes any decoded JSON value; maps are written with sorted keys
// (encoding/json's order) so that the bytes are stable.
func (w *jw) value(v any) {
	w.begin()
	w.b.value(v)
}

// AppendJSON appends v as compact JSON the way this package writes values
// (sorted map keys, no HTML escaping, plain integers).
func AppendJSON(dst []byte, v any) []byte {
	return jsonw.Append(dst, v)
}
