package tokens

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"math"
	"strconv"

	"github.com/pkoukk/tiktoken-go-loader/assets"
)

// Counting needs only o200k_base's ranks: tiktoken-go's encoder also
// builds a decoder, a sorted token list and its regular expressions, more
// than half of a load that every command counting a big spec pays, and
// memory none of them reads. ranks holds the encoding as tiktoken-go's
// loader reads it (the same embedded file), and mergeCount is its
// byte-pair merge, counting instead of encoding; TestCountMatchesTiktoken*
// check the counts against tiktoken-go's.

// rankFile is o200k_base's ranks in tiktoken-go-loader's embedded assets.
const rankFile = "o200k_base.tiktoken"

// o200kTokens is the number of ranks in rankFile, to size the map once.
const o200kTokens = 199998

// loadRanks reads rankFile: one token a line, its bytes in base64 and its
// rank.
func loadRanks() (map[string]int, error) {
	data, err := assets.Assets.ReadFile(rankFile)
	if err != nil {
		return nil, err
	}
	ranks := make(map[string]int, o200kTokens)
	buf := make([]byte, 0, 256)
	for n := 1; len(data) > 0; n++ {
		line := data
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			line, data = data[:i], data[i+1:]
		} else {
			data = nil
		}
		if len(line) == 0 {
			continue
		}
		tok, rank, ok := bytes.Cut(line, []byte{' '})
		if !ok {
			return nil, fmt.Errorf("%s line %d: no rank", rankFile, n)
		}
		buf = buf[:base64.StdEncoding.DecodedLen(len(tok))]
		m, err := base64.StdEncoding.Decode(buf, tok)
		if err != nil {
			return nil, fmt.Errorf("%s line %d: %v", rankFile, n, err)
		}
		r, err := strconv.Atoi(string(rank))
		if err != nil {
			return nil, fmt.Errorf("%s line %d: %v", rankFile, n, err)
		}
		ranks[string(buf[:m])] = r
	}
	return ranks, nil
}

// pieceCount is the number of tokens of one piece of the pre-tokenizing
// split: one when the piece is a token, else what the merge leaves.
func pieceCount(ranks map[string]int, p string) int {
	if _, ok := ranks[p]; ok {
		return 1
	}
	return mergeCount(ranks, p)
}

// mergeCount is tiktoken-go's bytePairMerge on piece (the lowest-ranked
// adjacent pair merged first, the leftmost among equals), returning how
// many parts are left.
func mergeCount(ranks map[string]int, piece string) int {
	parts := make([][2]int, len(piece)+1)
	for i := range parts {
		parts[i] = [2]int{i, math.MaxInt}
	}
	rankOf := func(start, skip int) int {
		if start+skip+2 < len(parts) {
			if r, ok := ranks[piece[parts[start][0]:parts[start+skip+2][0]]]; ok {
				return r
			}
		}
		return math.MaxInt
	}
	for i := 0; i < len(parts)-2; i++ {
		parts[i][1] = rankOf(i, 0)
	}
	for len(parts) > 1 {
		minRank, minIdx := math.MaxInt, -1
		for i := 0; i < len(parts)-1; i++ {
			if parts[i][1] < minRank {
				minRank, minIdx = parts[i][1], i
			}
		}
		if minRank == math.MaxInt {
			break
		}
		i := minIdx
		parts[i][1] = rankOf(i, 1)
		if i > 0 {
			parts[i-1][1] = rankOf(i-1, 1)
		}
		parts = append(parts[:i+1], parts[i+2:]...)
	}
	return len(parts) - 1
}
