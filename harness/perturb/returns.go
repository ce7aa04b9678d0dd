package perturb

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"unicode/utf8"

	"github.com/agentready/agentready/gen/names"
)

// maxDepth bounds the nesting of an answer the return perturbations
// rewrite; a deeper one is left as it is.
const maxDepth = 256

// splitAnswer splits a tool's answer as the runtime writes it (a status
// line, then the body) into the two; an answer that is JSON whole has no
// status line.
func splitAnswer(text string) (head, body string) {
	trimmed := strings.TrimSpace(text)
	if strings.HasPrefix(trimmed, "{") || strings.HasPrefix(trimmed, "[") {
		return "", text
	}
	head, body, ok := strings.Cut(text, "\n")
	if !ok {
		return text, ""
	}
	return head + "\n", body
}

// rewriteJSON rewrites the body of an answer, when it is JSON, with each
// key passed through key and each string value through value (with the
// key it is under, the key of its array for an array's items); the order
// of keys is kept. An answer whose body is not JSON is returned as it is.
func rewriteJSON(text string, key func(string) string, value func(under, s string) string) string {
	head, body := splitAnswer(text)
	if !json.Valid([]byte(body)) {
		return text
	}
	var out bytes.Buffer
	dec := json.NewDecoder(strings.NewReader(body))
	dec.UseNumber()
	w := &writer{out: &out, key: key, value: value}
	tok, err := dec.Token()
	if err != nil {
		return text
	}
	if err := w.value1(dec, tok, "", 0); err != nil {
		return text
	}
	return head + out.String()
}

// writer writes JSON tokens back out, rewriting keys and string values.
type writer struct {
	out   *bytes.Buffer
	key   func(string) string
	value func(under, s string) string
}

var errTooDeep = errors.New("nested too deeply")

// value1 writes one value that starts with tok, under the key under.
func (w *writer) value1(dec *json.Decoder, tok json.Token, under string, depth int) error {
	if depth > maxDepth {
		return errTooDeep
	}
	switch t := tok.(type) {
	case json.Delim:
		switch t {
		case '{':
			w.out.WriteByte('{')
			for n := 0; dec.More(); n++ {
				kt, err := dec.Token()
				if err != nil {
					return err
				}
				k, _ := kt.(string)
				if n > 0 {
					w.out.WriteByte(',')
				}
				nk := k
				if w.key != nil {
					nk = w.key(k)
				}
				w.str(nk)
				w.out.WriteByte(':')
				vt, err := dec.Token()
				if err != nil {
					return err
				}
				if err := w.value1(dec, vt, k, depth+1); err != nil {
					return err
				}
			}
			w.out.WriteByte('}')
		case '[':
			w.out.WriteByte('[')
			for n := 0; dec.More(); n++ {
				vt, err := dec.Token()
				if err != nil {
					return err
				}
				if n > 0 {
					w.out.WriteByte(',')
				}
				if err := w.value1(dec, vt, under, depth+1); err != nil {
					return err
				}
			}
			w.out.WriteByte(']')
		}
		_, err := dec.Token() // the closing delimiter
		return err
	case string:
		if w.value != nil {
			t = w.value(under, t)
		}
		w.str(t)
	case json.Number:
		w.out.WriteString(t.String())
	case bool:
		fmt.Fprint(w.out, t)
	case nil:
		w.out.WriteString("null")
	default:
		return fmt.Errorf("unexpected token %v", tok)
	}
	return nil
}

// str writes a JSON string, without escaping HTML characters.
func (w *writer) str(s string) {
	enc := json.NewEncoder(w.out)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s)
	w.out.Truncate(w.out.Len() - 1) // Encode's newline
}

// FuzzKeys is FK: every key of the answer is renamed Object_i, each
// distinct key its own i in the order first written, so that the shape
// stays and the meaning of the names goes.
func FuzzKeys(text string, _ *rand.Rand) string {
	seen := map[string]string{}
	return rewriteJSON(text, func(k string) string {
		if f, ok := seen[k]; ok {
			return f
		}
		seen[k] = fmt.Sprintf("Object_%d", len(seen)+1)
		return seen[k]
	}, nil)
}

// PrefixIDs is AP: every ID in the answer (a string under a key named id,
// or ending in _id, Id, _ids or Ids) gets the prefix ID_.
func PrefixIDs(text string, _ *rand.Rand) string {
	return rewriteJSON(text, nil, func(under, s string) string {
		if isIDKey(under) && s != "" {
			return "ID_" + s
		}
		return s
	})
}

// isIDKey reports whether a key names an ID or a list of IDs.
func isIDKey(k string) bool {
	lower := strings.ToLower(k)
	return lower == "id" || lower == "ids" || strings.HasSuffix(lower, "_id") || strings.HasSuffix(lower, "_ids") ||
		strings.HasSuffix(k, "Id") || strings.HasSuffix(k, "Ids") || strings.HasSuffix(k, "ID") || strings.HasSuffix(k, "IDs")
}

// CamelKeys is CK: every key of the answer is written in camelCase
// ("serial_number" becomes "serialNumber").
func CamelKeys(text string, _ *rand.Rand) string {
	return rewriteJSON(text, camel, nil)
}

// SnakeKeys is UK: every key of the answer is written in snake_case
// ("serialNumber" becomes "serial_number"); an API whose keys are so
// written already reads the same.
func SnakeKeys(text string, _ *rand.Rand) string {
	return rewriteJSON(text, snake, nil)
}

func camel(k string) string {
	words := names.Words(k)
	if len(words) == 0 {
		return k
	}
	var b strings.Builder
	for i, w := range words {
		w = strings.ToLower(w)
		if i > 0 {
			r, size := utf8.DecodeRuneInString(w)
			w = strings.ToUpper(string(r)) + w[size:]
		}
		b.WriteString(w)
	}
	return b.String()
}

func snake(k string) string {
	words := names.Words(k)
	if len(words) == 0 {
		return k
	}
	for i := range words {
		words[i] = strings.ToLower(words[i])
	}
	return strings.Join(words, "_")
}

// CorruptJSON is CF: the answer's body loses its last character and ends
// in "...", as a transfer cut short would leave it; the status line is
// kept. An empty answer is left as it is.
func CorruptJSON(text string, _ *rand.Rand) string {
	head, body := splitAnswer(text)
	trimmed := strings.TrimRight(body, " \t\r\n")
	if trimmed == "" {
		return text
	}
	_, size := utf8.DecodeLastRuneInString(trimmed)
	return head + trimmed[:len(trimmed)-size] + "..."
}
