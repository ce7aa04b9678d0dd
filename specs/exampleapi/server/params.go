package server

import (
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"
)

// query reads and validates query parameters. Every accessor records the
// first problem in err and then does nothing, so a handler reads all its
// parameters and checks err once.
type query struct {
	values url.Values
	err    *apiError
}

// parseQuery rejects query parameters that are not in allowed: an invented
// parameter gets a clear 400 instead of being silently ignored.
func parseQuery(r *http.Request, allowed ...string) *query {
	q := &query{values: r.URL.Query()}
	var unknown []string
	for name := range q.values {
		if !contains(allowed, name) {
			unknown = append(unknown, name)
		}
	}
	if len(unknown) > 0 {
		sort.Strings(unknown)
		list := "none"
		if len(allowed) > 0 {
			list = strings.Join(allowed, ", ")
		}
		q.err = errInvalid(unknown[0], "unknown query parameter %q; this operation accepts: %s", unknown[0], list)
	}
	return q
}

func (q *query) fail(name, reason string) {
	if q.err == nil {
		q.err = errInvalid(name, "query parameter %q %s", name, reason)
	}
}

// single returns the one value of name; ok is false when it is absent or
// an earlier error occurred.
func (q *query) single(name string) (string, bool) {
	if q.err != nil {
		return "", false
	}
	vs, ok := q.values[name]
	if !ok {
		return "", false
	}
	if len(vs) > 1 {
		q.fail(name, fmt.Sprintf("must be given once; got %d values", len(vs)))
		return "", false
	}
	return vs[0], true
}

// Required reports a missing_parameter error when name is absent.
func (q *query) required(name, hint string) {
	if q.err != nil {
		return
	}
	if _, ok := q.values[name]; !ok {
		q.err = errMissing(name, "query parameter %q is required%s", name, hint)
	}
}

func (q *query) str(name string, minLen, maxLen int) string {
	v, ok := q.single(name)
	if !ok {
		return ""
	}
	if reason := checkLength(v, minLen, maxLen); reason != "" {
		q.fail(name, reason)
	}
	return v
}

func (q *query) enum(name string, allowed []string, def string) string {
	v, ok := q.single(name)
	if !ok {
		return def
	}
	if reason := checkEnum(v, allowed); reason != "" {
		q.fail(name, reason)
	}
	return v
}

// enums reads an exploded array parameter (name=a&name=b). A single
// comma-separated value is rejected with a hint, since the spec says
// explode: true.
func (q *query) enums(name string, allowed []string) []string {
	if q.err != nil {
		return nil
	}
	vs := q.values[name]
	for _, v := range vs {
		if strings.Contains(v, ",") {
			q.fail(name, fmt.Sprintf("takes one value per occurrence (%s=a&%s=b), not a comma-separated list; got %q", name, name, v))
			return nil
		}
		if reason := checkEnum(v, allowed); reason != "" {
			q.fail(name, reason)
			return nil
		}
	}
	return vs
}

// patterns reads an exploded array parameter whose items match re.
func (q *query) patterns(name string, re *regexp.Regexp, like string, maxItems int) []string {
	if q.err != nil {
		return nil
	}
	vs := q.values[name]
	if len(vs) > maxItems {
		q.fail(name, fmt.Sprintf("takes at most %d values; got %d", maxItems, len(vs)))
		return nil
	}
	for _, v := range vs {
		if strings.Contains(v, ",") {
			q.fail(name, fmt.Sprintf("takes one value per occurrence (%s=a&%s=b), not a comma-separated list; got %q", name, name, v))
			return nil
		}
		if reason := checkPattern(v, re, like); reason != "" {
			q.fail(name, reason)
			return nil
		}
	}
	return vs
}

func (q *query) integer(name string, def, min, max int) int {
	v, ok := q.single(name)
	if !ok {
		return def
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		q.fail(name, fmt.Sprintf("must be an integer between %d and %d; got %q", min, max, v))
		return def
	}
	if n < min || n > max {
		q.fail(name, fmt.Sprintf("must be an integer between %d and %d; got %d", min, max, n))
		return def
	}
	return n
}

func (q *query) boolean(name string) *bool {
	v, ok := q.single(name)
	if !ok {
		return nil
	}
	switch v {
	case "true":
		b := true
		return &b
	case "false":
		b := false
		return &b
	}
	q.fail(name, fmt.Sprintf("must be true or false; got %q", v))
	return nil
}

func (q *query) uuid(name, hint string) string {
	v, ok := q.single(name)
	if !ok {
		return ""
	}
	if reason := checkUUID(v, hint); reason != "" {
		q.fail(name, reason)
		return ""
	}
	return v
}

func (q *query) pattern(name string, re *regexp.Regexp, like string) string {
	v, ok := q.single(name)
	if !ok {
		return ""
	}
	if reason := checkPattern(v, re, like); reason != "" {
		q.fail(name, reason)
		return ""
	}
	return v
}

func (q *query) email(name string) string {
	v, ok := q.single(name)
	if !ok {
		return ""
	}
	if reason := checkEmail(v); reason != "" {
		q.fail(name, reason)
		return ""
	}
	return v
}

// dateTime returns the parameter normalized to the storage format, or "".
func (q *query) dateTime(name string) string {
	v, ok := q.single(name)
	if !ok {
		return ""
	}
	t, reason := parseDateTime(v)
	if reason != "" {
		q.fail(name, reason)
		return ""
	}
	return formatTime(t)
}

// date returns the parameter as YYYY-MM-DD, or "".
func (q *query) date(name string) string {
	v, ok := q.single(name)
	if !ok {
		return ""
	}
	t, reason := parseDate(v)
	if reason != "" {
		q.fail(name, reason)
		return ""
	}
	return t.Format(time.DateOnly)
}

// pathParam validates a path parameter against re and returns it.
func pathParam(r *http.Request, name string, re *regexp.Regexp, like, hint string) (string, *apiError) {
	v := r.PathValue(name)
	if !re.MatchString(v) {
		return "", errInvalid(name, "path parameter %q must look like %s; got %q%s", name, like, v, hint)
	}
	return v, nil
}

func userIDParam(r *http.Request) (string, *apiError) {
	v := r.PathValue("userId")
	if reason := checkUUID(v, " (user ids are UUIDs: find them with listUsers, e.g. filter by email)"); reason != "" {
		return "", errInvalid("userId", "path parameter %q %s", "userId", reason)
	}
	return v, nil
}

func ticketIDParam(r *http.Request) (string, *apiError) {
	return pathParam(r, "ticketId", ticketIDRE, exampleTicketID, " (ticket ids are keys like TCK-1042: find them with listTickets or searchTickets)")
}

func assetIDParam(r *http.Request) (string, *apiError) {
	return pathParam(r, "assetId", assetIDRE, exampleAssetID, " (asset ids are like AST-7K2M9Q4D: find them with listAssets or listUserAssets)")
}

func teamIDParam(r *http.Request) (string, *apiError) {
	return pathParam(r, "teamId", teamIDRE, exampleTeamID, " (team ids are like tm_4k7p2x9q1c, not the slug or the name: find them with listTeams)")
}

// pagination is the page/per_page style used by users, teams' members,
// tickets and comments.
type pagination struct {
	page, perPage int
}

func (q *query) pagination() pagination {
	return pagination{page: q.integer("page", 1, 1, 10000), perPage: q.integer("per_page", 20, 1, 100)}
}

func (p pagination) offset() int { return (p.page - 1) * p.perPage }

// pageEnvelope is the list response of page/per_page operations.
type pageEnvelope[T any] struct {
	Items      []T `json:"items"`
	Page       int `json:"page"`
	PerPage    int `json:"per_page"`
	Total      int `json:"total"`
	TotalPages int `json:"total_pages"`
}

func newPage[T any](items []T, p pagination, total int) pageEnvelope[T] {
	if items == nil {
		items = []T{}
	}
	return pageEnvelope[T]{Items: items, Page: p.page, PerPage: p.perPage, Total: total,
		TotalPages: (total + p.perPage - 1) / p.perPage}
}
