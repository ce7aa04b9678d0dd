package server

import (
	"context"
	"database/sql"
)

const commentColumns = `id, ticket_id, author_id, body, visibility, created_at`

func scanComments(rows *sql.Rows) ([]comment, error) {
	defer rows.Close()
	var out []comment
	for rows.Next() {
		var c comment
		if err := rows.Scan(&c.ID, &c.TicketID, &c.AuthorID, &c.Body, &c.Visibility, &c.CreatedAt); err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, rows.Err()
}

// listComments returns a page of a ticket's comments and their total.
func (st *store) listComments(ctx context.Context, ticketID, visibility, order string, p pagination) ([]comment, int, error) {
	w := &where{}
	w.add(`ticket_id = ?`, ticketID)
	if visibility != "" {
		w.add(`visibility = ?`, visibility)
	}
	var total int
	if err := st.db.QueryRowContext(ctx, `SELECT count(*) FROM comments`+w.String(), w.args...).Scan(&total); err != nil {
		return nil, 0, err
	}
	dir := "ASC"
	if order == "desc" {
		dir = "DESC"
	}
	rows, err := st.db.QueryContext(ctx, `SELECT `+commentColumns+` FROM comments`+w.String()+
		` ORDER BY created_at `+dir+`, seq `+dir+` LIMIT ? OFFSET ?`, append(w.args, p.perPage, p.offset())...)
	if err != nil {
		return nil, 0, err
	}
	out, err := scanComments(rows)
	return out, total, err
}

// commentsByTicket returns every comment, grouped by ticket, oldest first.
func (st *store) commentsByTicket(ctx context.Context) (map[string][]comment, error) {
	rows, err := st.db.QueryContext(ctx, `SELECT `+commentColumns+` FROM comments ORDER BY created_at, seq`)
	if err != nil {
		return nil, err
	}
	all, err := scanComments(rows)
	if err != nil {
		return nil, err
	}
	out := map[string][]comment{}
	for _, c := range all {
		out[c.TicketID] = append(out[c.TicketID], c)
	}
	return out, nil
}

func insertComment(ctx context.Context, q querier, c comment) error {
	_, err := q.ExecContext(ctx, `INSERT INTO comments(`+commentColumns+`) VALUES(?,?,?,?,?,?)`,
		c.ID, c.TicketID, c.AuthorID, c.Body, c.Visibility, c.CreatedAt)
	return err
}
