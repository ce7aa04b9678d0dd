package server

import (
	"context"
	"net/http"
)

// getHealth: GET /health, public.
func (s *Server) getHealth(w http.ResponseWriter, r *http.Request) error {
	if q := parseQuery(r); q.err != nil {
		return q.err
	}
	status := "ok"
	if err := s.store.db.PingContext(r.Context()); err != nil {
		status = "degraded"
	}
	writeJSON(w, http.StatusOK, map[string]any{
		"status":         status,
		"version":        Version,
		"time":           s.now(),
		"uptime_seconds": int64(s.clock().Sub(s.started).Seconds()),
	})
	return nil
}

// getServiceStats: GET /stats. Every FailEvery-th call fails with 503 on
// purpose, so tests can reproduce an unavailable tool and its recovery.
func (s *Server) getServiceStats(w http.ResponseWriter, r *http.Request) error {
	if q := parseQuery(r); q.err != nil {
		return q.err
	}
	n := s.statsCalls.Add(1)
	if every := int64(s.opts.FailEvery); every > 0 && n%every == 0 {
		return errUnavailable(1, "the statistics service is temporarily unavailable (call %d; it fails every %d calls); retry after 1 second", n, every)
	}
	stats, err := s.store.stats(r.Context(), s.now())
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, stats)
	return nil
}

// serviceStats is schema ServiceStats.
type serviceStats struct {
	GeneratedAt string `json:"generated_at"`
	Tickets     struct {
		Total      int            `json:"total"`
		Open       int            `json:"open"`
		Overdue    int            `json:"overdue"`
		Unassigned int            `json:"unassigned"`
		ByStatus   map[string]int `json:"by_status"`
		ByPriority map[string]int `json:"by_priority"`
	} `json:"tickets"`
	Users struct {
		Total  int `json:"total"`
		Active int `json:"active"`
	} `json:"users"`
	Assets struct {
		Total    int            `json:"total"`
		ByStatus map[string]int `json:"by_status"`
	} `json:"assets"`
}

func (st *store) stats(ctx context.Context, now string) (serviceStats, error) {
	var out serviceStats
	out.GeneratedAt = now
	out.Tickets.ByStatus = zeroCounts(ticketStatuses)
	out.Tickets.ByPriority = zeroCounts(ticketPriorities)
	out.Assets.ByStatus = zeroCounts(assetStatuses)
	counts := []struct {
		sql  string
		args []any
		dst  *int
	}{
		{`SELECT count(*) FROM tickets`, nil, &out.Tickets.Total},
		{`SELECT count(*) FROM tickets WHERE status IN ('new','open','pending')`, nil, &out.Tickets.Open},
		{`SELECT count(*) FROM tickets WHERE status IN ('new','open','pending') AND due_at IS NOT NULL AND due_at < ?`, []any{now}, &out.Tickets.Overdue},
		{`SELECT count(*) FROM tickets WHERE status IN ('new','open','pending') AND assignee_id IS NULL`, nil, &out.Tickets.Unassigned},
		{`SELECT count(*) FROM users`, nil, &out.Users.Total},
		{`SELECT count(*) FROM users WHERE active`, nil, &out.Users.Active},
		{`SELECT count(*) FROM assets`, nil, &out.Assets.Total},
	}
	for _, c := range counts {
		if err := st.db.QueryRowContext(ctx, c.sql, c.args...).Scan(c.dst); err != nil {
			return out, err
		}
	}
	groups := []struct {
		sql string
		dst map[string]int
	}{
		{`SELECT status, count(*) FROM tickets GROUP BY status`, out.Tickets.ByStatus},
		{`SELECT priority, count(*) FROM tickets GROUP BY priority`, out.Tickets.ByPriority},
		{`SELECT status, count(*) FROM assets GROUP BY status`, out.Assets.ByStatus},
	}
	for _, g := range groups {
		if err := groupCounts(ctx, st, g.sql, g.dst); err != nil {
			return out, err
		}
	}
	return out, nil
}

func zeroCounts(keys []string) map[string]int {
	m := make(map[string]int, len(keys))
	for _, k := range keys {
		m[k] = 0
	}
	return m
}

func groupCounts(ctx context.Context, st *store, query string, dst map[string]int) error {
	rows, err := st.db.QueryContext(ctx, query)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var k string
		var n int
		if err := rows.Scan(&k, &n); err != nil {
			return err
		}
		dst[k] = n
	}
	return rows.Err()
}
