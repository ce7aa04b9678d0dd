package tokens

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/dlclark/regexp2"
	tiktoken "github.com/pkoukk/tiktoken-go"
)

// o200kPattern is o200k_base's pre-tokenizing pattern as tiktoken-go
// compiles it (regexp2, default options).
const o200kPattern = `[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?` +
	`|[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?` +
	`|\p{N}{1,3}` +
	`| ?[^\s\p{L}\p{N}]+[\r\n/]*` +
	`|\s*[\r\n]+` +
	`|\s+(?!\S)` +
	`|\s+`

func regexPieces(t *testing.T, re *regexp2.Regexp, s string) []string {
	var out []string
	m, err := re.FindStringMatch(s)
	for ; m != nil && err == nil; m, err = re.FindNextMatch(m) {
		out = append(out, m.String())
	}
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func ourPieces(s string) []string {
	var out []string
	for i := 0; i < len(s); {
		j := nextPiece(s, i)
		out = append(out, s[i:j])
		i = j
	}
	return out
}

// TestPiecesMatchTiktoken splits random texts, drawn from every class of
// character the pattern tells apart (marks, modifier and other letters,
// numbers that are not digits, Unicode spaces and line separators), with nextPiece and with the pattern
// itself: the pieces must be the same. It then checks whole counts
// against tiktoken-go on the same texts.
func TestPiecesMatchTiktoken(t *testing.T) {
	re := regexp2.MustCompile(o200kPattern, regexp2.None)
	alphabet := []rune("aZb0Y19 \t\n\r\v\f'\"/{}:,.-_sStTrReEvVmMlLdD\x00\x1b!?#~" +
		"…é  　ſKİǅʰ漢́ः٣½Ⅻ€—“”")
	r := rand.New(rand.NewPCG(7, 11))
	texts := []string{"", " ", "  x", "\n\n  x", "don't", "HTTPServer", "I'LL", "1234567", " \"type\":\"string\"", "a  \n"}
	for i := 0; i < 30000; i++ {
		b := make([]rune, 1+r.IntN(16))
		for j := range b {
			b[j] = alphabet[r.IntN(len(alphabet))]
		}
		texts = append(texts, string(b))
	}
	for _, s := range texts {
		got, want := ourPieces(s), regexPieces(t, re, s)
		if strings.Join(got, "\x00|") != strings.Join(want, "\x00|") {
			t.Fatalf("pieces of %q:\n got %q\nwant %q", s, got, want)
		}
	}
	rk, enc := ranksAndEncoder(t)
	for _, s := range texts[:5000] {
		if got, want := countPieces(rk, s), len(enc.EncodeOrdinary(s)); got != want {
			t.Fatalf("count of %q = %d, tiktoken-go %d", s, got, want)
		}
	}
}

// TestCountMatchesTiktokenOnSpecs counts real spec text (the JSON of the
// shared specs, in slices that hold schemas, descriptions and markdown)
// both ways.
func TestCountMatchesTiktokenOnSpecs(t *testing.T) {
	r, enc := ranksAndEncoder(t)
	files, _ := filepath.Glob(filepath.Join("..", "..", "..", "shared", "specs", "real", "*.json"))
	if len(files) == 0 {
		t.Skip("no shared specs beside the repository")
	}
	checked := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for off := 0; off+4000 <= len(data) && off < 400_000; off += 40_000 {
			s := string(data[off : off+4000])
			if !utf8.ValidString(s) {
				continue
			}
			checked++
			if got, want := countPieces(r, s), len(enc.EncodeOrdinary(s)); got != want {
				t.Fatalf("%s at %d: %d tokens, tiktoken-go %d", f, off, got, want)
			}
		}
	}
	if checked < 20 {
		t.Fatalf("only %d slices checked", checked)
	}
}

// ranksAndEncoder returns the ranks Count uses and tiktoken-go's encoder
// to check its counts against.
func ranksAndEncoder(t *testing.T) (map[string]int, *tiktoken.Tiktoken) {
	t.Helper()
	r, err := ranks()
	if err != nil {
		t.Fatal(err)
	}
	enc, err := encoding()
	if err != nil {
		t.Fatal(err)
	}
	return r, enc
}

// TestLongPiecesMatchTiktoken counts pieces longer than the cache takes
// (words, numbers runs, punctuation and space runs, text in several
// scripts) both ways: they are merged each time they are met.
func TestLongPiecesMatchTiktoken(t *testing.T) {
	r, enc := ranksAndEncoder(t)
	rnd := rand.New(rand.NewPCG(3, 5))
	var texts []string
	for _, alphabet := range []string{"abcdefghijklmnopqrstuvwxyz", "ABCDEFGHIJKLMNOPQRSTUVWXYZabc", "{}[]\":,./-_*", " \t", "漢字かなカナ", "éüßçøñ"} {
		runes := []rune(alphabet)
		for range 40 {
			b := make([]rune, maxCachedLen+rnd.IntN(200))
			for j := range b {
				b[j] = runes[rnd.IntN(len(runes))]
			}
			texts = append(texts, string(b))
		}
	}
	texts = append(texts, strings.Repeat("a", 3000), "Supercalifragilisticexpialidocious"+strings.Repeat("Ab", 100))
	for _, s := range texts {
		if got, want := Count(s), len(enc.EncodeOrdinary(s)); got != want {
			t.Fatalf("count of %q = %d, tiktoken-go %d", s, got, want)
		}
		if got, want := mergedTokens(r, s), len(enc.EncodeOrdinary(s)); nextPiece(s, 0) == len(s) && got != want {
			t.Fatalf("merged tokens of piece %q = %d, tiktoken-go %d", s, got, want)
		}
	}
}
