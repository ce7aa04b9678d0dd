package tokens

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"path"
	"strconv"

	"github.com/pkoukk/tiktoken-go-loader/assets"
)

// rankLoader reads the BPE ranks embedded in tiktoken-go-loader, as its
// offline loader does, with a fraction of the allocations: the map is
// sized from the line count up front and the decoded tokens share one
// string. Loading o200k_base (200,000 ranks) is otherwise a third of what
// counting the tools of a big spec such as Stripe's costs.
type rankLoader struct{}

// LoadTiktokenBpe returns the ranks of the embedded file named like
// tiktokenBpeFile's last element: one "base64-token rank" a line.
func (rankLoader) LoadTiktokenBpe(tiktokenBpeFile string) (map[string]int, error) {
	name := path.Base(tiktokenBpeFile)
	contents, err := assets.Assets.ReadFile(name)
	if err != nil {
		return nil, err
	}
	return parseRanks(name, contents)
}

// parseRanks parses a .tiktoken file's contents; name is for errors.
func parseRanks(name string, contents []byte) (map[string]int, error) {
	lines := bytes.Count(contents, []byte{'\n'}) + 1
	ranks := make(map[string]int, lines)
	// Decoded tokens are shorter than their base64: one buffer holds all.
	decoded := make([]byte, 0, base64.StdEncoding.DecodedLen(len(contents)))
	type span struct{ start, end, rank int }
	spans := make([]span, 0, lines)
	for n := 1; len(contents) > 0; n++ {
		line := contents
		if i := bytes.IndexByte(contents, '\n'); i >= 0 {
			line, contents = contents[:i], contents[i+1:]
		} else {
			contents = nil
		}
		if len(line) == 0 {
			continue
		}
		token, rank, ok := bytes.Cut(line, []byte{' '})
		if !ok {
			return nil, fmt.Errorf("%s:%d: no space between token and rank", name, n)
		}
		start := len(decoded)
		decoded = decoded[:start+base64.StdEncoding.DecodedLen(len(token))]
		w, err := base64.StdEncoding.Decode(decoded[start:], token)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: token: %v", name, n, err)
		}
		decoded = decoded[:start+w]
		r, err := strconv.Atoi(string(rank))
		if err != nil {
			return nil, fmt.Errorf("%s:%d: rank: %v", name, n, err)
		}
		spans = append(spans, span{start, start + w, r})
	}
	// One string for every token, taken once the buffer stops moving.
	all := string(decoded)
	for _, s := range spans {
		ranks[all[s.start:s.end]] = s.rank
	}
	return ranks, nil
}

// loadedRanks hands tiktoken-go the o200k_base ranks that ranks loaded, so
// that building its encoder parses no file a second time; other
// encodings it reads as rankLoader does.
type loadedRanks struct{}

// LoadTiktokenBpe returns the ranks of the embedded file named like
// tiktokenBpeFile's last element.
func (loadedRanks) LoadTiktokenBpe(tiktokenBpeFile string) (map[string]int, error) {
	if path.Base(tiktokenBpeFile) == rankFile {
		return ranks()
	}
	return rankLoader{}.LoadTiktokenBpe(tiktokenBpeFile)
}
