package toolrt

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/url"
	"reflect"
	"sort"
	"strconv"
	"strings"

	"github.com/oapi-codegen/runtime/types"
)

// File is a file sent in a multipart or binary body (oapi-codegen's type:
// create one with InitFromBytes).
type File = types.File

// mediaKind classifies a media type by how a body is written in it.
type mediaKind int

const (
	mediaRaw mediaKind = iota
	mediaJSON
	mediaForm
	mediaMultipart
)

func kindOfMedia(contentType string) mediaKind {
	mt, _, err := mime.ParseMediaType(contentType)
	if err != nil {
		mt = strings.ToLower(strings.TrimSpace(strings.Split(contentType, ";")[0]))
	}
	switch {
	case mt == "application/json" || strings.HasSuffix(mt, "+json") || strings.HasSuffix(mt, "/json") ||
		mt == "*/*" || mt == "application/*" || mt == "":
		return mediaJSON
	case mt == "application/x-www-form-urlencoded":
		return mediaForm
	case mt == "multipart/form-data" || mt == "multipart/mixed":
		return mediaMultipart
	}
	return mediaRaw
}

// encodeBody writes the request body and returns it with its content type.
func (r *Request) encodeBody() (io.Reader, string, error) {
	if !r.hasBody {
		return nil, "", nil
	}
	fail := func(err error) (io.Reader, string, error) {
		return nil, "", requestError(r.method, r.path, "body", "", err, "request body: %v", err)
	}
	ct := r.bodyType
	switch kindOfMedia(ct) {
	case mediaJSON:
		if ct == "*/*" || ct == "application/*" || ct == "" {
			ct = "application/json"
		}
		b, err := json.Marshal(r.body)
		if err != nil {
			return fail(err)
		}
		return bytes.NewReader(b), ct, nil
	case mediaForm:
		vals, err := encodeForm(r.body, r.form)
		if err != nil {
			return fail(err)
		}
		return strings.NewReader(vals), ct, nil
	case mediaMultipart:
		body, boundaryType, err := encodeMultipart(r.body)
		if err != nil {
			return fail(err)
		}
		return body, boundaryType, nil
	default:
		rd, err := rawReader(r.body)
		if err != nil {
			return fail(err)
		}
		return rd, ct, nil
	}
}

// rawReader reads a binary or text body.
func rawReader(v any) (io.Reader, error) {
	switch x := deref(v).(type) {
	case io.Reader:
		return x, nil
	case []byte:
		return bytes.NewReader(x), nil
	case string:
		return strings.NewReader(x), nil
	case File:
		b, err := x.Bytes()
		if err != nil {
			return nil, err
		}
		return bytes.NewReader(b), nil
	case json.RawMessage:
		return bytes.NewReader(x), nil
	}
	b, err := json.Marshal(v)
	if err != nil {
		return nil, fmt.Errorf("cannot send a %T as a raw body: %v", v, err)
	}
	return bytes.NewReader(b), nil
}

// asMap turns a body (a struct, a map) into its JSON object form.
func asMap(v any) (map[string]any, error) {
	if m, ok := v.(map[string]any); ok {
		return m, nil
	}
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var m map[string]any
	if err := dec.Decode(&m); err != nil {
		return nil, fmt.Errorf("a form body must be an object, got %s", firstByteKind(b))
	}
	return m, nil
}

func firstByteKind(b []byte) string {
	s := strings.TrimSpace(string(b))
	switch {
	case strings.HasPrefix(s, "["):
		return "an array"
	case strings.HasPrefix(s, `"`):
		return "a string"
	case s == "null":
		return "null"
	}
	return "a scalar"
}

// encodeForm writes an application/x-www-form-urlencoded body. Top-level
// properties are fields; nested objects use deepObject brackets
// ("metadata[key]=v"), the convention servers such as Stripe's expect;
// arrays repeat the field unless the property's encoding says deepObject
// ("items[0][price]=x").
func encodeForm(v any, enc map[string]FormEncoding) (string, error) {
	m, err := asMap(v)
	if err != nil {
		return "", err
	}
	var parts []string
	for _, k := range sortedMapKeys(m) {
		e := enc[k]
		appendForm(&parts, url.QueryEscape(k), m[k], e.Style == "deepObject")
	}
	return strings.Join(parts, "&"), nil
}

func appendForm(parts *[]string, key string, v any, indexArrays bool) {
	switch x := v.(type) {
	case nil:
		return
	case map[string]any:
		for _, k := range sortedMapKeys(x) {
			appendForm(parts, key+"%5B"+url.QueryEscape(k)+"%5D", x[k], true)
		}
	case []any:
		for i, e := range x {
			switch e.(type) {
			case map[string]any, []any:
				appendForm(parts, key+"%5B"+strconv.Itoa(i)+"%5D", e, true)
			default:
				k := key
				if indexArrays {
					k = key + "%5B" + strconv.Itoa(i) + "%5D"
				}
				*parts = append(*parts, k+"="+url.QueryEscape(scalarString(e)))
			}
		}
	default:
		*parts = append(*parts, key+"="+url.QueryEscape(scalarString(x)))
	}
}

func scalarString(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case json.Number:
		return x.String()
	case bool:
		return strconv.FormatBool(x)
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64)
	}
	return fmt.Sprint(v)
}

func sortedMapKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// encodeMultipart writes a multipart/form-data body: File fields as file
// parts, scalars as text fields, arrays of scalars as repeated fields and
// anything else as JSON.
func encodeMultipart(v any) (io.Reader, string, error) {
	files := map[string]File{}
	rv := reflect.ValueOf(deref(v))
	if rv.Kind() == reflect.Struct {
		t := rv.Type()
		for i := 0; i < t.NumField(); i++ {
			f := t.Field(i)
			name := jsonName(f)
			if name == "" {
				continue
			}
			fv := rv.Field(i)
			if fv.Kind() == reflect.Pointer {
				if fv.IsNil() {
					continue
				}
				fv = fv.Elem()
			}
			if file, ok := fv.Interface().(File); ok {
				files[name] = file
			}
		}
	}
	m, err := asMap(v)
	if err != nil {
		return nil, "", err
	}
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	for _, k := range sortedMapKeys(m) {
		if file, ok := files[k]; ok {
			b, err := file.Bytes()
			if err != nil {
				return nil, "", fmt.Errorf("file %q: %v", k, err)
			}
			name := file.Filename()
			if name == "" {
				name = k
			}
			fw, err := w.CreateFormFile(k, name)
			if err != nil {
				return nil, "", err
			}
			if _, err := fw.Write(b); err != nil {
				return nil, "", err
			}
			continue
		}
		if err := writeField(w, k, m[k]); err != nil {
			return nil, "", err
		}
	}
	if err := w.Close(); err != nil {
		return nil, "", err
	}
	return &buf, w.FormDataContentType(), nil
}

func writeField(w *multipart.Writer, k string, v any) error {
	switch x := v.(type) {
	case nil:
		return nil
	case []any:
		for _, e := range x {
			switch e.(type) {
			case map[string]any, []any:
				b, _ := json.Marshal(e)
				if err := w.WriteField(k, string(b)); err != nil {
					return err
				}
			default:
				if err := w.WriteField(k, scalarString(e)); err != nil {
					return err
				}
			}
		}
		return nil
	case map[string]any:
		b, err := json.Marshal(x)
		if err != nil {
			return err
		}
		return w.WriteField(k, string(b))
	}
	return w.WriteField(k, scalarString(v))
}

// jsonName is the JSON key of a struct field, "" for skipped fields.
func jsonName(f reflect.StructField) string {
	if !f.IsExported() {
		return ""
	}
	tag := f.Tag.Get("json")
	if tag == "-" {
		return ""
	}
	name, _, _ := strings.Cut(tag, ",")
	if name == "" {
		return f.Name
	}
	return name
}
