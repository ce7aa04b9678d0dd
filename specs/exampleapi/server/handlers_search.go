package server

import (
	"encoding/base64"
	"fmt"
	"hash/fnv"
	"net/http"
	"sort"
	"strconv"
	"strings"
	"unicode"
)

// searchHit is schema TicketSearchHit. It names the ticket ticket_id, not
// id, on purpose.
type searchHit struct {
	TicketID     string   `json:"ticket_id"`
	Title        string   `json:"title"`
	Status       string   `json:"status"`
	Priority     string   `json:"priority"`
	Score        float64  `json:"score"`
	MatchedTerms []string `json:"matched_terms"`
	Snippet      string   `json:"snippet"`
	UpdatedAt    string   `json:"updated_at"`
}

// tokens splits text into lower-case words.
func tokens(text string) []string {
	return strings.FieldsFunc(strings.ToLower(text), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	})
}

// countPrefixed counts the words that start with term.
func countPrefixed(words []string, term string) int {
	n := 0
	for _, w := range words {
		if strings.HasPrefix(w, term) {
			n++
		}
	}
	return n
}

// snippet returns about 160 characters of text around the first match.
func snippet(text string, terms []string) string {
	lower := strings.ToLower(text)
	at := -1
	for _, t := range terms {
		if i := strings.Index(lower, t); i >= 0 && (at < 0 || i < at) {
			at = i
		}
	}
	runes := []rune(text)
	if at < 0 {
		at = 0
	} else {
		at = len([]rune(text[:at]))
	}
	start := max(0, at-60)
	end := min(len(runes), start+160)
	s := string(runes[start:end])
	if start > 0 {
		s = "…" + s
	}
	if end < len(runes) {
		s += "…"
	}
	return s
}

// searchCursor is the opaque cursor: an offset bound to the query.
func searchCursor(offset int, bind string) string {
	return base64.RawURLEncoding.EncodeToString([]byte(fmt.Sprintf("v1:%d:%s", offset, bind)))
}

func parseSearchCursor(c, bind string) (int, *apiError) {
	raw, err := base64.RawURLEncoding.DecodeString(c)
	parts := strings.SplitN(string(raw), ":", 3)
	if err != nil || len(parts) != 3 || parts[0] != "v1" {
		return 0, errInvalid("cursor", "query parameter \"cursor\" is not a cursor this API issued; pass the next_cursor value of the previous searchTickets response unchanged")
	}
	off, err := strconv.Atoi(parts[1])
	if err != nil || off < 0 {
		return 0, errInvalid("cursor", "query parameter \"cursor\" is corrupted; pass the next_cursor value of the previous searchTickets response unchanged")
	}
	if parts[2] != bind {
		return 0, errInvalid("cursor", "query parameter \"cursor\" belongs to a different search; use it only with the same q and status it came with")
	}
	return off, nil
}

// searchTickets: GET /search/tickets. Free-text search over titles,
// descriptions, tags and public comments, ranked, with cursor paging.
func (s *Server) searchTickets(w http.ResponseWriter, r *http.Request) error {
	q := parseQuery(r, "q", "status", "limit", "cursor")
	q.required("q", ": the words to search for, e.g. q=vpn disconnect")
	text := q.str("q", 2, 200)
	status := q.enum("status", ticketStatuses, "")
	limit := q.integer("limit", 10, 1, 50)
	cursor, hasCursor := q.single("cursor")
	if q.err != nil {
		return q.err
	}
	terms := []string{}
	for _, t := range tokens(text) {
		if len(t) >= 2 && !contains(terms, t) {
			terms = append(terms, t)
		}
	}
	if len(terms) == 0 {
		return errInvalid("q", "query parameter \"q\" must contain at least one word of two or more letters or digits; got %q", text)
	}
	h := fnv.New32a()
	fmt.Fprintf(h, "%s|%s", strings.Join(terms, " "), status)
	bind := strconv.FormatUint(uint64(h.Sum32()), 36)
	offset := 0
	if hasCursor {
		var perr *apiError
		if offset, perr = parseSearchCursor(cursor, bind); perr != nil {
			return perr
		}
	}

	ctx := r.Context()
	tickets, err := s.store.allTickets(ctx)
	if err != nil {
		return err
	}
	comments, err := s.store.commentsByTicket(ctx)
	if err != nil {
		return err
	}
	var hits []searchHit
	for _, t := range tickets {
		if status != "" && t.Status != status {
			continue
		}
		title, desc, tags := tokens(t.Title), tokens(t.Description), tokens(strings.Join(t.Tags, " "))
		var talk []string
		for _, c := range comments[t.ID] {
			if c.Visibility == "public" {
				talk = append(talk, tokens(c.Body)...)
			}
		}
		hit := searchHit{TicketID: t.ID, Title: t.Title, Status: t.Status, Priority: t.Priority,
			UpdatedAt: t.UpdatedAt, MatchedTerms: []string{}}
		for _, term := range terms {
			score := 3*float64(countPrefixed(title, term)) + 2*float64(countPrefixed(tags, term)) +
				float64(countPrefixed(desc, term)) + 0.5*float64(countPrefixed(talk, term))
			if score > 0 {
				hit.Score += score
				hit.MatchedTerms = append(hit.MatchedTerms, term)
			}
		}
		if len(hit.MatchedTerms) == 0 {
			continue
		}
		hit.Score = float64(int(hit.Score*100)) / 100
		hit.Snippet = snippet(t.Description, hit.MatchedTerms)
		hits = append(hits, hit)
	}
	sort.SliceStable(hits, func(i, j int) bool {
		a, b := hits[i], hits[j]
		if len(a.MatchedTerms) != len(b.MatchedTerms) {
			return len(a.MatchedTerms) > len(b.MatchedTerms)
		}
		if a.Score != b.Score {
			return a.Score > b.Score
		}
		return a.UpdatedAt > b.UpdatedAt
	})
	page := []searchHit{}
	if offset < len(hits) {
		page = hits[offset:min(len(hits), offset+limit)]
	}
	var next *string
	if offset+limit < len(hits) {
		c := searchCursor(offset+limit, bind)
		next = &c
	}
	writeJSON(w, http.StatusOK, map[string]any{
		"query":         text,
		"items":         page,
		"total_matches": len(hits),
		"limit":         limit,
		"next_cursor":   next,
	})
	return nil
}
