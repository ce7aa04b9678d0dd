package server

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
)

const ticketSelect = `SELECT t.id, t.title, t.description, t.status, t.priority, t.category, t.tags,
	t.requester_id, t.assignee_id, t.team_id, t.due_at, t.created_at, t.updated_at, t.closed_at,
	t.resolution_code, t.resolution, t.version,
	(SELECT count(*) FROM comments c WHERE c.ticket_id = t.id) FROM tickets t`

func scanTicket(sc interface{ Scan(...any) error }) (ticket, error) {
	var t ticket
	var tags string
	var assignee, team, due, closed, code, resolution sql.NullString
	err := sc.Scan(&t.ID, &t.Title, &t.Description, &t.Status, &t.Priority, &t.Category, &tags,
		&t.RequesterID, &assignee, &team, &due, &t.CreatedAt, &t.UpdatedAt, &closed, &code, &resolution,
		&t.Version, &t.CommentCount)
	if err != nil {
		return t, err
	}
	if err := json.Unmarshal([]byte(tags), &t.Tags); err != nil {
		return t, fmt.Errorf("ticket %s: bad tags %q: %w", t.ID, tags, err)
	}
	if t.Tags == nil {
		t.Tags = []string{}
	}
	t.AssigneeID, t.TeamID, t.DueAt = strPtr(assignee), strPtr(team), strPtr(due)
	t.ClosedAt, t.ResolutionCode, t.Resolution = strPtr(closed), strPtr(code), strPtr(resolution)
	return t, nil
}

func scanTickets(rows *sql.Rows) ([]ticket, error) {
	defer rows.Close()
	var out []ticket
	for rows.Next() {
		t, err := scanTicket(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, t)
	}
	return out, rows.Err()
}

// ticketFilter selects tickets for listTickets and listTicketsForUser.
type ticketFilter struct {
	statuses                    []string
	priority, category          string
	tags                        []string
	requesterID, assigneeID     string
	unassigned                  *bool
	teamID                      string
	createdAfter, createdBefore string
	dueBefore                   string
	sort                        string
	page                        pagination
}

func (f ticketFilter) where() *where {
	w := &where{}
	if len(f.statuses) > 0 {
		in := "?"
		args := []any{f.statuses[0]}
		for _, s := range f.statuses[1:] {
			in += ",?"
			args = append(args, s)
		}
		w.add(`t.status IN (`+in+`)`, args...)
	}
	if f.priority != "" {
		w.add(`t.priority = ?`, f.priority)
	}
	if f.category != "" {
		w.add(`t.category = ?`, f.category)
	}
	for _, tag := range f.tags {
		w.add(`EXISTS (SELECT 1 FROM json_each(t.tags) j WHERE j.value = ?)`, tag)
	}
	if f.requesterID != "" {
		w.add(`t.requester_id = ?`, f.requesterID)
	}
	if f.assigneeID != "" {
		w.add(`t.assignee_id = ?`, f.assigneeID)
	}
	if f.unassigned != nil {
		if *f.unassigned {
			w.add(`t.assignee_id IS NULL`)
		} else {
			w.add(`t.assignee_id IS NOT NULL`)
		}
	}
	if f.teamID != "" {
		w.add(`t.team_id = ?`, f.teamID)
	}
	if f.createdAfter != "" {
		w.add(`t.created_at > ?`, f.createdAfter)
	}
	if f.createdBefore != "" {
		w.add(`t.created_at < ?`, f.createdBefore)
	}
	if f.dueBefore != "" {
		w.add(`t.due_at IS NOT NULL AND t.due_at < ?`, f.dueBefore)
	}
	return w
}

const priorityRank = `CASE t.priority WHEN 'urgent' THEN 4 WHEN 'high' THEN 3 WHEN 'medium' THEN 2 ELSE 1 END`

var ticketOrder = map[string]string{
	"created_at": "t.created_at ASC, t.num ASC", "-created_at": "t.created_at DESC, t.num DESC",
	"updated_at": "t.updated_at ASC, t.num ASC", "-updated_at": "t.updated_at DESC, t.num DESC",
	"priority": priorityRank + " ASC, t.num ASC", "-priority": priorityRank + " DESC, t.num DESC",
	"due_at": "t.due_at IS NULL, t.due_at ASC, t.num ASC", "-due_at": "t.due_at IS NULL, t.due_at DESC, t.num DESC",
}

func (st *store) listTickets(ctx context.Context, f ticketFilter) ([]ticket, int, error) {
	w := f.where()
	var total int
	if err := st.db.QueryRowContext(ctx, `SELECT count(*) FROM tickets t`+w.String(), w.args...).Scan(&total); err != nil {
		return nil, 0, err
	}
	order := ticketOrder[f.sort]
	if order == "" {
		order = ticketOrder["-created_at"]
	}
	rows, err := st.db.QueryContext(ctx, ticketSelect+w.String()+` ORDER BY `+order+` LIMIT ? OFFSET ?`,
		append(w.args, f.page.perPage, f.page.offset())...)
	if err != nil {
		return nil, 0, err
	}
	out, err := scanTickets(rows)
	return out, total, err
}

// allTickets returns every ticket in creation order.
func (st *store) allTickets(ctx context.Context) ([]ticket, error) {
	rows, err := st.db.QueryContext(ctx, ticketSelect+` ORDER BY t.num`)
	if err != nil {
		return nil, err
	}
	return scanTickets(rows)
}

// getTicket returns the ticket or a 404.
func getTicket(ctx context.Context, q querier, id string) (ticket, error) {
	t, err := scanTicket(q.QueryRowContext(ctx, ticketSelect+` WHERE t.id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return t, errNotFound("ticketId", "no ticket with id %q; find tickets with listTickets or searchTickets", id)
	}
	return t, err
}

// nextTicketNumber allocates the number of a new ticket.
func nextTicketNumber(ctx context.Context, q querier) (int, error) {
	v, ok, err := getMeta(ctx, q, "next_ticket")
	if err != nil {
		return 0, err
	}
	n := 1001
	if ok {
		if n, err = strconv.Atoi(v); err != nil {
			return 0, fmt.Errorf("bad next_ticket %q", v)
		}
	}
	return n, setMeta(ctx, q, "next_ticket", strconv.Itoa(n+1))
}

func ticketNumber(id string) int {
	n, _ := strconv.Atoi(id[len("TCK-"):])
	return n
}

func insertTicket(ctx context.Context, q querier, t ticket) error {
	tags, err := json.Marshal(t.Tags)
	if err != nil {
		return err
	}
	_, err = q.ExecContext(ctx, `INSERT INTO tickets(num, id, title, description, status, priority, category,
		tags, requester_id, assignee_id, team_id, due_at, created_at, updated_at, closed_at, resolution_code,
		resolution, version) VALUES(?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)`,
		ticketNumber(t.ID), t.ID, t.Title, t.Description, t.Status, t.Priority, t.Category, string(tags),
		t.RequesterID, t.AssigneeID, t.TeamID, t.DueAt, t.CreatedAt, t.UpdatedAt, t.ClosedAt,
		t.ResolutionCode, t.Resolution, t.Version)
	return err
}

// saveTicket writes t back; the caller has already bumped t.Version.
func saveTicket(ctx context.Context, q querier, t ticket) error {
	tags, err := json.Marshal(t.Tags)
	if err != nil {
		return err
	}
	_, err = q.ExecContext(ctx, `UPDATE tickets SET title=?, description=?, status=?, priority=?, category=?,
		tags=?, assignee_id=?, team_id=?, due_at=?, updated_at=?, closed_at=?, resolution_code=?, resolution=?,
		version=? WHERE id=?`,
		t.Title, t.Description, t.Status, t.Priority, t.Category, string(tags), t.AssigneeID, t.TeamID, t.DueAt,
		t.UpdatedAt, t.ClosedAt, t.ResolutionCode, t.Resolution, t.Version, t.ID)
	return err
}

// deleteTicket deletes the ticket, its comments (by cascade) and the
// idempotency keys that created it, so that a retried createTicket with
// such a key creates a new ticket instead of replaying a deleted one.
func deleteTicket(ctx context.Context, q querier, id string) error {
	if _, err := q.ExecContext(ctx, `DELETE FROM idempotency_keys WHERE ticket_id = ?`, id); err != nil {
		return err
	}
	_, err := q.ExecContext(ctx, `DELETE FROM tickets WHERE id = ?`, id)
	return err
}

// idempotentTicket returns the ticket created earlier with the key, if any.
func idempotentTicket(ctx context.Context, q querier, key string) (string, bool, error) {
	var id string
	err := q.QueryRowContext(ctx, `SELECT ticket_id FROM idempotency_keys WHERE key = ?`, key).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return "", false, nil
	}
	return id, err == nil, err
}

func rememberIdempotencyKey(ctx context.Context, q querier, key, ticketID, now string) error {
	_, err := q.ExecContext(ctx, `INSERT INTO idempotency_keys(key, ticket_id, created_at) VALUES(?,?,?)`, key, ticketID, now)
	return err
}
