package tokens

import (
	"encoding/json"
	"runtime"
	"strings"
	"sync"
	"testing"

	tiktoken "github.com/pkoukk/tiktoken-go"
	loader "github.com/pkoukk/tiktoken-go-loader"
)

// The counts below were computed with this package's encoder and agree
// with OpenAI's tiktoken for o200k_base where known: "hello world" is
// [24912 2375] and "Hello, world!" [13225 11 2375 0] in both (in
// cl100k_base "hello world" is [15339 1917], so these also prove the
// encoding is o200k and not another).
var known = []struct {
	text string
	want int
}{
	{"", 0},
	{"hello world", 2},
	{"Hello, world!", 4},
	{"getIssue", 2},
	{"Returns the issue.\n\n", 4},
	{"  indented\tcode", 4},
	{`{"type":"object","properties":{"id":{"type":"string"}}}`, 14},
	// Non-ASCII: accented Latin, CJK, Cyrillic and emoji.
	{"Grüße aus München", 5},
	{"hello world!你好，世界！", 7},
	{"こんにちは世界", 2},
	{"Привет мир!", 4},
	{"🙂👍", 2},
	// Special tokens in text are ordinary text, never <|endoftext|>'s id.
	{"<|endoftext|>", 7},
}

func TestCountKnown(t *testing.T) {
	if !Exact() {
		t.Fatalf("encoding did not load: %v", LoadError())
	}
	for _, tc := range known {
		if got := Count(tc.text); got != tc.want {
			t.Errorf("Count(%q) = %d, want %d", tc.text, got, tc.want)
		}
	}
}

func TestHelloWorldIDs(t *testing.T) {
	enc, err := encoding()
	if err != nil {
		t.Fatal(err)
	}
	got := enc.EncodeOrdinary("hello world")
	if len(got) != 2 || got[0] != 24912 || got[1] != 2375 {
		t.Fatalf("hello world = %v, want o200k_base's [24912 2375]", got)
	}
	if s := enc.Decode(enc.EncodeOrdinary("Grüße, 世界 🙂")); s != "Grüße, 世界 🙂" {
		t.Fatalf("round trip = %q", s)
	}
}

func TestCountNeverPanics(t *testing.T) {
	for _, s := range []string{"\xff\xfe invalid UTF-8", "\x00", strings.Repeat("a", 10000), "<|endofprompt|><|endoftext|>"} {
		if n := Count(s); n <= 0 {
			t.Errorf("Count(%q) = %d, want > 0", s, n)
		}
	}
}

func TestEstimate(t *testing.T) {
	for _, tc := range []struct {
		s    string
		want int
	}{{"", 0}, {"a", 1}, {"abcd", 1}, {"abcde", 2}, {"hello world", 3}, {"é", 1}, {"世界", 2}} {
		if got := Estimate(tc.s); got != tc.want {
			t.Errorf("Estimate(%q) = %d, want %d", tc.s, got, tc.want)
		}
	}
}

// TestFallback checks the path Count takes when the encoding failed to
// load: the estimate, not a panic.
func TestFallback(t *testing.T) {
	for _, s := range []string{"", "hello world", "世界"} {
		if got, want := count(nil, s), Estimate(s); got != want {
			t.Errorf("count(nil, %q) = %d, want Estimate %d", s, got, want)
		}
	}
}

func TestCountJSON(t *testing.T) {
	type param struct {
		Name        string `json:"name"`
		Description string `json:"description,omitempty"`
	}
	def := map[string]any{
		"name":        "getIssue",
		"description": "Returns an issue <b>by key</b> & id.",
		"parameters":  []param{{Name: "issueIdOrKey"}},
	}
	// Compact, keys sorted, no HTML escaping, no trailing newline.
	const wantText = `{"description":"Returns an issue <b>by key</b> & id.","name":"getIssue","parameters":[{"name":"issueIdOrKey"}]}`
	data, err := marshalCompact(def)
	if err != nil || string(data) != wantText {
		t.Fatalf("marshalCompact = %s, %v; want %s", data, err, wantText)
	}
	if got, want := CountJSON(def), Count(wantText); got != want {
		t.Errorf("CountJSON(map) = %d, want %d", got, want)
	}

	raw := json.RawMessage("{\n  \"type\": \"object\",\n  \"properties\": {\"id\": {\"type\": \"string\"}}\n}")
	const compact = `{"type":"object","properties":{"id":{"type":"string"}}}`
	if got := CountJSON(raw); got != 14 || got != Count(compact) {
		t.Errorf("CountJSON(RawMessage) = %d, want 14", got)
	}
	if got := CountJSON(&raw); got != 14 {
		t.Errorf("CountJSON(*RawMessage) = %d, want 14", got)
	}
	if got, want := CountJSON(json.RawMessage("not json")), Count("not json"); got != want {
		t.Errorf("CountJSON(invalid RawMessage) = %d, want %d", got, want)
	}
	if got := CountJSON(nil); got != Count("null") {
		t.Errorf("CountJSON(nil) = %d", got)
	}
	if got := CountJSON(make(chan int)); got != 0 {
		t.Errorf("CountJSON(chan) = %d, want 0", got)
	}
}

// TestConcurrent counts the same texts from many goroutines at once, the
// first call included, and checks every result against a sequential run.
// Under -race it also shows that tiktoken-go's EncodeOrdinary is safe for
// concurrent use (its maps are read-only after loading and regexp2 hands
// each match its own runner under a mutex), so no lock or pool is needed.
func TestConcurrent(t *testing.T) {
	texts := []string{description}
	for _, tc := range known {
		texts = append(texts, tc.text)
	}
	want := make([]int, len(texts))
	// The first Count happens concurrently below; compute the expectation
	// with a separate encoder so the sync.Once is still raced for when
	// this test runs first.
	enc, err := newEncoderForTest()
	if err != nil {
		t.Fatal(err)
	}
	for i, s := range texts {
		want[i] = len(enc.EncodeOrdinary(s))
	}
	var wg sync.WaitGroup
	for g := range 4 * runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for r := range 20 {
				i := (g + r) % len(texts)
				if got := Count(texts[i]); got != want[i] {
					t.Errorf("goroutine %d: Count(%.20q) = %d, want %d", g, texts[i], got, want[i])
				}
			}
		})
	}
	wg.Wait()
}

func newEncoderForTest() (*tiktoken.Tiktoken, error) {
	tiktoken.SetBpeLoader(loader.NewOfflineLoader())
	return tiktoken.GetEncoding(Encoding)
}

// description is a typical ~500-character operation description.
const description = `Returns the details for an issue. The issue is identified by its ID or key, however, if the identifier doesn't match an issue, a case-insensitive search and check for moved issues is performed. If a matching issue is found its details are returned, a 302 or other redirect is not returned. The issue key returned in the response is the key of the issue found. Permissions required: Browse projects project permission for the project that the issue is in; if issue-level security is configured, permission to view the issue.`

func BenchmarkCount(b *testing.B) {
	Exact() // load outside the timed loop
	b.SetBytes(int64(len(description)))
	for b.Loop() {
		Count(description)
	}
	b.ReportMetric(float64(Count(description)), "tokens/op")
}

func BenchmarkCountParallel(b *testing.B) {
	Exact()
	b.SetBytes(int64(len(description)))
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			Count(description)
		}
	})
}

func BenchmarkCountJSON(b *testing.B) {
	Exact()
	def := map[string]any{
		"name":        "getIssue",
		"description": description,
		"parameters": map[string]any{
			"type": "object",
			"properties": map[string]any{
				"issueIdOrKey": map[string]any{"type": "string", "description": "The ID or key of the issue."},
				"fields":       map[string]any{"type": "array", "items": map[string]any{"type": "string"}},
			},
			"required": []string{"issueIdOrKey"},
		},
	}
	for b.Loop() {
		CountJSON(def)
	}
}

// BenchmarkLoad measures the one-time cost of loading o200k_base: the
// ranks Count needs ("ranks"), and tiktoken-go's whole encoder built from
// them, which only text that is not valid UTF-8 needs ("encoder").
// (tiktoken-go caches the encoder per process, so it is built here with
// NewCoreBPE, as GetEncoding builds it.)
func BenchmarkLoad(b *testing.B) {
	b.Run("ranks", func(b *testing.B) {
		for b.Loop() {
			r, err := loadRanks()
			if err != nil || len(r) < 199000 {
				b.Fatalf("ranks: %d, %v", len(r), err)
			}
		}
	})
	b.Run("encoder", func(b *testing.B) {
		r, err := loadRanks()
		if err != nil {
			b.Fatal(err)
		}
		special := map[string]int{tiktoken.ENDOFTEXT: 199999, tiktoken.ENDOFPROMPT: 200018}
		for b.Loop() {
			if _, err := tiktoken.NewCoreBPE(r, special, o200kPattern); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkRanks compares parsing the embedded o200k_base ranks with
// rankLoader and with tiktoken-go-loader's own offline loader.
func BenchmarkRanks(b *testing.B) {
	for _, l := range []struct {
		name   string
		loader tiktoken.BpeLoader
	}{{"rankLoader", rankLoader{}}, {"offline", loader.NewOfflineLoader()}} {
		b.Run(l.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := l.loader.LoadTiktokenBpe("o200k_base.tiktoken"); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestRanksAsOfflineLoader checks that rankLoader reads every embedded
// encoding the tokenizer may ask for exactly as tiktoken-go-loader does.
func TestRanksAsOfflineLoader(t *testing.T) {
	for _, file := range []string{"o200k_base.tiktoken", "cl100k_base.tiktoken"} {
		got, err := rankLoader{}.LoadTiktokenBpe("https://example.invalid/encodings/" + file)
		if err != nil {
			t.Fatal(err)
		}
		want, err := loader.NewOfflineLoader().LoadTiktokenBpe(file)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != len(want) || len(got) < 100000 {
			t.Fatalf("%s: %d ranks, want %d", file, len(got), len(want))
		}
		for token, rank := range want {
			if r, ok := got[token]; !ok || r != rank {
				t.Fatalf("%s: token %q: rank %d (present %v), want %d", file, token, r, ok, rank)
			}
		}
	}
}

// TestRanksErrors checks that a malformed ranks file is refused with the
// line it fails on, and a missing one with the loader's error.
func TestRanksErrors(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"aGk= 1\nbm8tc3BhY2U\n", "f:2: no space"},
		{"aGk= 1\n!!!= 2\n", "f:2: token"},
		{"aGk= one\n", "f:1: rank"},
	} {
		if _, err := parseRanks("f", []byte(c.text)); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want one containing %q", c.text, err, c.want)
		}
	}
	if _, err := (rankLoader{}).LoadTiktokenBpe("no_such.tiktoken"); err == nil {
		t.Error("a missing file loads")
	}
}
