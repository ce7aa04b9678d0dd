package tokens

import (
	"math"
	"strings"
	"sync"
	"sync/atomic"
	"unicode"
	"unicode/utf8"
)

// Counting does not need tiktoken-go's regular expression, most of its
// cost: nextPiece splits the text as o200k_base's pre-tokenizing pattern
// does, and each distinct piece is encoded once and remembered. Tool
// schemas are made of few distinct pieces ("type", "\":\"", "string",
// property names), so most are found in the cache. Text that is not
// valid UTF-8 goes through tiktoken-go whole (it counts each invalid byte
// as U+FFFD). TestPiecesMatchTiktoken checks the split against the
// pattern itself, compiled as tiktoken-go compiles it.

// The cache holds at most maxCachedPieces pieces of at most maxCachedLen
// bytes; other pieces are encoded each time.
const (
	maxCachedPieces = 1 << 20
	maxCachedLen    = 64
)

var (
	pieceCounts sync.Map // piece -> int
	cachedCount atomic.Int64
)

// countPieces counts valid UTF-8 s with the ranks r, piece by piece.
func countPieces(r map[string]int, s string) int {
	n := 0
	for i := 0; i < len(s); {
		j := nextPiece(s, i)
		n += pieceTokens(r, s[i:j])
		i = j
	}
	return n
}

// pieceTokens is the number of tokens of the piece p: what tiktoken-go's
// EncodeOrdinary returns for it (a piece is a whole match of the pattern,
// so tiktoken-go splits it into itself and byte-pair encodes it as it
// would inside the text).
func pieceTokens(r map[string]int, p string) int {
	if _, ok := r[p]; ok || len(p) > maxCachedLen {
		// A piece that is a token is one, found without the cache's
		// slower lookup (most pieces of a schema are).
		return mergedTokens(r, p)
	}
	if v, ok := pieceCounts.Load(p); ok {
		return v.(int)
	}
	n := mergedTokens(r, p)
	if cachedCount.Load() < maxCachedPieces {
		// A copy: the piece must not keep the whole text alive.
		if _, loaded := pieceCounts.LoadOrStore(strings.Clone(p), n); !loaded {
			cachedCount.Add(1)
		}
	}
	return n
}

// mergedTokens counts the tokens tiktoken-go's byte-pair encoding makes
// of the piece p with the ranks r: one for a piece that is a token or a
// single byte, else the parts left once bytePairMerge (tiktoken-go's
// bpe.go) has merged, again and again, the adjacent pair whose joined
// bytes have the lowest rank (the leftmost on a tie), until no joined
// pair is a token. It is that loop, counting only.
func mergedTokens(r map[string]int, p string) int {
	if p == "" {
		return 0
	}
	if _, ok := r[p]; ok || len(p) == 1 {
		return 1
	}
	const none = math.MaxInt
	// parts[i] is the start of a part and the rank of it joined with the
	// next one (none when that is no token).
	parts := make([][2]int, len(p)+1)
	for i := range parts {
		parts[i] = [2]int{i, none}
	}
	rank := func(i, skip int) int {
		if i+skip+2 < len(parts) {
			if rk, ok := r[p[parts[i][0]:parts[i+skip+2][0]]]; ok {
				return rk
			}
		}
		return none
	}
	for i := 0; i < len(parts)-2; i++ {
		parts[i][1] = rank(i, 0)
	}
	for len(parts) > 1 {
		minRank, i := none, -1
		for k := 0; k < len(parts)-1; k++ {
			if parts[k][1] < minRank {
				minRank, i = parts[k][1], k
			}
		}
		if i < 0 {
			break
		}
		parts[i][1] = rank(i, 1)
		if i > 0 {
			parts[i-1][1] = rank(i-1, 1)
		}
		parts = append(parts[:i+1], parts[i+2:]...)
	}
	return len(parts) - 1
}

// class holds what the pattern asks of a character.
type class uint8

const (
	clsUpper  class = 1 << iota // [\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]
	clsLower                    // [\p{Ll}\p{Lm}\p{Lo}\p{M}]
	clsLetter                   // \p{L}
	clsNumber                   // \p{N}
	clsSpace                    // \s (regexp2: unicode.IsSpace)
	clsBreak                    // \r or \n
)

var asciiClass = func() (t [utf8.RuneSelf]class) {
	for r := rune(0); r < utf8.RuneSelf; r++ {
		t[r] = classify(r)
	}
	return t
}()

func classify(r rune) class {
	var c class
	if unicode.In(r, unicode.Lu, unicode.Lt, unicode.Lm, unicode.Lo, unicode.M) {
		c |= clsUpper
	}
	if unicode.In(r, unicode.Ll, unicode.Lm, unicode.Lo, unicode.M) {
		c |= clsLower
	}
	if unicode.IsLetter(r) {
		c |= clsLetter
	}
	if unicode.Is(unicode.N, r) {
		c |= clsNumber
	}
	if unicode.IsSpace(r) {
		c |= clsSpace
	}
	if r == '\r' || r == '\n' {
		c |= clsBreak
	}
	return c
}

// at returns the character of s at byte i, its size and its class.
func at(s string, i int) (rune, int, class) {
	if c := s[i]; c < utf8.RuneSelf {
		return rune(c), 1, asciiClass[c]
	}
	r, size := utf8.DecodeRuneInString(s[i:])
	return r, size, classify(r)
}

// run returns the end of the characters of s from i whose class has a bit
// of want.
func run(s string, i int, want class) int {
	for i < len(s) {
		_, size, c := at(s, i)
		if c&want == 0 {
			break
		}
		i += size
	}
	return i
}

// runMarking is run of want from i that also returns the end of the last
// character with a bit of mark (-1 for none) and the start of the last
// character of the run (i for an empty run).
func runMarking(s string, i int, want, mark class) (end, lastMarked, lastStart int) {
	end, lastMarked, lastStart = i, -1, i
	for end < len(s) {
		_, sz, c := at(s, end)
		if c&want == 0 {
			break
		}
		if c&mark != 0 {
			lastMarked = end + sz
		}
		lastStart = end
		end += sz
	}
	return end, lastMarked, lastStart
}

// isLead is [^\r\n\p{L}\p{N}]; isPunct is [^\s\p{L}\p{N}].
func isLead(c class) bool  { return c&(clsBreak|clsLetter|clsNumber) == 0 }
func isPunct(c class) bool { return c&(clsSpace|clsLetter|clsNumber) == 0 }

// nextPiece returns the end of the piece of s that starts at byte i, the
// match there of o200k_base's pattern:
//
//	[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?
//	|[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?
//	|\p{N}{1,3}
//	| ?[^\s\p{L}\p{N}]+[\r\n/]*
//	|\s*[\r\n]+
//	|\s+(?!\S)
//	|\s+
//
// with the alternatives tried in order, and each greedy with backtracking.
func nextPiece(s string, i int) int {
	r, size, c := at(s, i)
	// The first two alternatives, each with the optional lead taken
	// first, then without it.
	starts := []int{i}
	if isLead(c) {
		starts = []int{i + size, i}
	}
	for _, w := range starts {
		if end := upperThenLower(s, w); end >= 0 {
			return contraction(s, end)
		}
	}
	for _, w := range starts {
		if up := run(s, w, clsUpper); up > w {
			return contraction(s, run(s, up, clsLower))
		}
	}
	// Up to three numeric characters.
	if c&clsNumber != 0 {
		end := i + size
		for k := 1; k < 3 && end < len(s); k++ {
			_, sz, ck := at(s, end)
			if ck&clsNumber == 0 {
				break
			}
			end += sz
		}
		return end
	}
	// Punctuation after an optional space, then line breaks and slashes.
	p := i
	if r == ' ' {
		p += size
	}
	if p < len(s) {
		if _, _, cp := at(s, p); isPunct(cp) {
			end := p
			for end < len(s) {
				_, sz, ck := at(s, end)
				if !isPunct(ck) {
					break
				}
				end += sz
			}
			for end < len(s) && (s[end] == '\r' || s[end] == '\n' || s[end] == '/') {
				end++
			}
			return end
		}
	}
	// Whitespace: s[i] is whitespace here, as nothing else is left.
	end, lastBreak, lastStart := runMarking(s, i, clsSpace, clsBreak)
	switch {
	case lastBreak >= 0:
		return lastBreak // \s*[\r\n]+ ends after the last line break
	case end == len(s) || lastStart == i:
		return end // \s+(?!\S) at the end of the text, or \s+
	default:
		return lastStart // \s+(?!\S): the last space goes with what follows
	}
}

// upperThenLower matches [upper]*[lower]+ at w, where a character may be
// of both kinds (\p{Lm}, \p{Lo}, \p{M}), and returns the end of the match
// or -1: the upper run as long as it can be while a lower one follows.
func upperThenLower(s string, w int) int {
	k, lastLower, _ := runMarking(s, w, clsUpper, clsLower)
	if end := run(s, k, clsLower); end > k {
		return end
	}
	// Give back upper characters until one of them can start the lower
	// run: the last character of both kinds ends the match.
	return lastLower
}

// contraction extends a word ending at k with 's, 't, 're, 've, 'm, 'll or
// 'd in any case (compared as regexp2 does, lower-casing each character).
func contraction(s string, k int) int {
	if k >= len(s) || s[k] != '\'' {
		return k
	}
	next := func(i int) (rune, int) {
		if i >= len(s) {
			return 0, 0
		}
		r, sz := utf8.DecodeRuneInString(s[i:])
		return unicode.ToLower(r), sz
	}
	r1, n1 := next(k + 1)
	switch r1 {
	case 's', 't', 'm', 'd':
		return k + 1 + n1
	case 'r', 'v', 'l':
		want := 'e'
		if r1 == 'l' {
			want = 'l'
		}
		if r2, n2 := next(k + 1 + n1); r2 == want {
			return k + 1 + n1 + n2
		}
	}
	return k
}
