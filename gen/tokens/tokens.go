// Package tokens counts the tokens a text costs a language model, so that
// reports can say how much of a context window a package of tools takes.
//
// Counts use OpenAI's o200k_base encoding (GPT-4o, GPT-4.1, o-series) via
// github.com/pkoukk/tiktoken-go, with the BPE ranks embedded in the binary
// by github.com/pkoukk/tiktoken-go-loader (read by rankLoader): counting never touches the
// network. Other vendors' tokenizers differ, so a count is exact for
// o200k models and a comparable estimate for others.
//
// The ranks are loaded once, on the first call, which takes about 0.05 s
// (see BenchmarkLoad); after that Count and CountJSON take 0.2-0.3 µs a
// byte of text and are safe for concurrent use without locking (the ranks
// are read-only once loaded). Counting valid UTF-8 needs only the ranks
// (split.go splits and merges as tiktoken-go does); tiktoken-go's whole
// encoder, whose build (a reverse map and a sorted copy of the 200,000
// tokens, two regular expressions) took three quarters of the loading
// time, is built only for text that is not valid UTF-8. Should the ranks
// fail to load, Count and CountJSON fall back to Estimate and Exact
// reports false, so that a report can say which ran.
//
// tiktoken-go's byte-pair merging is quadratic in the length of a run of
// letters with no space, digit or punctuation in it: 10,000 such bytes
// take 60 ms, 40,000 a second. Descriptions and schemas have no such runs.
package tokens

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sync"
	"unicode/utf8"

	tiktoken "github.com/pkoukk/tiktoken-go"
)

// Encoding is the name of the encoding Count uses.
const Encoding = tiktoken.MODEL_O200K_BASE

// ranks loads o200k_base's byte-pair ranks on its first call and returns
// the same result ever after. A nil map means loading failed; the error
// says why.
var ranks = sync.OnceValues(loadRanks)

// rankFile is the embedded file of o200k_base's ranks.
const rankFile = Encoding + ".tiktoken"

func loadRanks() (r map[string]int, err error) {
	defer func() {
		// The loader parses an embedded file; a panic there must not take
		// the program down with it, only switch counting to the estimate.
		if p := recover(); p != nil {
			r, err = nil, fmt.Errorf("loading %s: %v", Encoding, p)
		}
	}()
	return rankLoader{}.LoadTiktokenBpe(rankFile)
}

// encoding builds tiktoken-go's o200k_base encoder, from the ranks ranks
// loaded, on its first call and returns the same result ever after. Only
// text that is not valid UTF-8 needs it.
var encoding = sync.OnceValues(load)

func load() (enc *tiktoken.Tiktoken, err error) {
	defer func() {
		if r := recover(); r != nil {
			enc, err = nil, fmt.Errorf("loading %s: %v", Encoding, r)
		}
	}()
	// The default loader downloads the ranks over HTTP; loadedRanks hands
	// over the ones ranks read from the copy embedded in
	// tiktoken-go-loader.
	tiktoken.SetBpeLoader(loadedRanks{})
	return tiktoken.GetEncoding(Encoding)
}

// Count returns the number of o200k_base tokens in s. Text that looks like
// a special token, such as "<|endoftext|>", is counted as ordinary text,
// as a model's API does with text it is sent. Count never panics: if the
// encoding could not be loaded it returns Estimate(s) (see Exact).
func Count(s string) int {
	r, _ := ranks()
	return count(r, s)
}

// count counts s with the ranks r, or estimates it when r is nil.
func count(r map[string]int, s string) int {
	if s == "" {
		return 0
	}
	if r == nil {
		return Estimate(s)
	}
	if utf8.ValidString(s) {
		return countPieces(r, s)
	}
	enc, _ := encoding()
	if enc == nil {
		return Estimate(s)
	}
	return len(enc.EncodeOrdinary(s))
}

// Exact reports whether Count and CountJSON use the real o200k_base
// encoding (true) or fell back to Estimate because it failed to load. It
// loads the encoding if nothing has yet.
func Exact() bool {
	r, _ := ranks()
	return r != nil
}

// LoadError returns why the encoding failed to load, or nil when it loaded
// (or has yet to be asked for and loads now).
func LoadError() error {
	_, err := ranks()
	return err
}

// Estimate is the fallback count: one token per four bytes of s, rounded
// up. For English prose and JSON it is usually within 20% of o200k_base;
// it overestimates text in scripts that take several bytes a character.
func Estimate(s string) int {
	return (len(s) + 3) / 4
}

// CountJSON returns the number of tokens in v marshalled compactly as JSON,
// which is how tool definitions reach a model. Characters such as <, > and
// & are written as themselves, not as \u003c escapes, as a model reads
// them. A json.RawMessage (or *json.RawMessage) is compacted and counted
// as it is; if it is not valid JSON, its text is counted unchanged. A value
// encoding/json cannot marshal (a channel, a function, a cycle) counts 0.
func CountJSON(v any) int {
	data, err := marshalCompact(v)
	if err != nil {
		return 0
	}
	return Count(string(data))
}

// marshalCompact marshals v without indentation, HTML escaping or the
// trailing newline json.Encoder writes.
func marshalCompact(v any) ([]byte, error) {
	var raw []byte
	switch r := v.(type) {
	case json.RawMessage:
		raw = r
	case *json.RawMessage:
		if r != nil {
			raw = *r
		}
	}
	if raw != nil {
		var b bytes.Buffer
		if err := json.Compact(&b, raw); err != nil {
			return raw, nil
		}
		return b.Bytes(), nil
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}
