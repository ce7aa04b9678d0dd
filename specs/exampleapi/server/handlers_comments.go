package server

import (
	"database/sql"
	"net/http"
)

// listTicketComments: GET /tickets/{ticketId}/comments.
func (s *Server) listTicketComments(w http.ResponseWriter, r *http.Request) error {
	id, perr := ticketIDParam(r)
	if perr != nil {
		return perr
	}
	q := parseQuery(r, "visibility", "order", "page", "per_page")
	visibility := q.enum("visibility", commentVisibility, "")
	order := q.enum("order", sortOrders, "asc")
	p := q.pagination()
	if q.err != nil {
		return q.err
	}
	if _, err := getTicket(r.Context(), s.store.db, id); err != nil {
		return err
	}
	comments, total, err := s.store.listComments(r.Context(), id, visibility, order, p)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, newPage(comments, p, total))
	return nil
}

// addTicketComment: POST /tickets/{ticketId}/comments.
func (s *Server) addTicketComment(w http.ResponseWriter, r *http.Request) error {
	id, perr := ticketIDParam(r)
	if perr != nil {
		return perr
	}
	if q := parseQuery(r); q.err != nil {
		return q.err
	}
	b, err := s.readBody(w, r, true, "author_id", "body", "visibility")
	if err != nil {
		return err
	}
	b.require("author_id", "body")
	c := comment{ID: newUUID(s.ids), TicketID: id, Visibility: "public", CreatedAt: s.now()}
	c.AuthorID, _ = b.uuid("author_id", userIDHint, false)
	c.Body, _ = b.str("body", 1, 5000, false)
	if v, ok := b.enum("visibility", commentVisibility); ok {
		c.Visibility = v
	}
	if b.err != nil {
		return b.err
	}
	err = s.store.tx(r.Context(), func(tx *sql.Tx) error {
		ctx := r.Context()
		t, err := getTicket(ctx, tx, id)
		if err != nil {
			return err
		}
		if t.Status == "closed" {
			return errConflict("", "ticket %s is closed; reopen it with reopenTicket before commenting", t.ID)
		}
		author, err := refUser(ctx, tx, c.AuthorID, "author_id")
		if err != nil {
			return err
		}
		if !author.Active {
			return errUnprocessable("author_id", "user %s (%s) is deactivated and cannot comment", author.ID, author.Name)
		}
		if c.Visibility == "internal" && author.Role == "requester" {
			return errUnprocessable("visibility", "user %s (%s) is a requester; only agents and admins can write internal comments", author.ID, author.Name)
		}
		if err := insertComment(ctx, tx, c); err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `UPDATE tickets SET updated_at = ? WHERE id = ?`, c.CreatedAt, id)
		return err
	})
	if err != nil {
		return err
	}
	w.Header().Set("Location", "/tickets/"+id+"/comments")
	writeJSON(w, http.StatusCreated, c)
	return nil
}
