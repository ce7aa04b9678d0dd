package server

import (
	"database/sql"
	"net/http"
	"regexp"
	"strconv"
	"strings"
)

var idempotencyKeyRE = regexp.MustCompile(`^[A-Za-z0-9_-]{8,64}$`)

// listTickets: GET /tickets.
func (s *Server) listTickets(w http.ResponseWriter, r *http.Request) error {
	q := parseQuery(r, "status", "priority", "category", "tags", "requester_id", "assignee_id", "unassigned",
		"team_id", "created_after", "created_before", "due_before", "sort", "page", "per_page")
	f := ticketFilter{
		statuses:      q.enums("status", ticketStatuses),
		priority:      q.enum("priority", ticketPriorities, ""),
		category:      q.enum("category", ticketCategories, ""),
		tags:          q.patterns("tags", tagRE, "vpn", 5),
		requesterID:   q.uuid("requester_id", userIDHint),
		assigneeID:    q.uuid("assignee_id", userIDHint),
		unassigned:    q.boolean("unassigned"),
		teamID:        q.pattern("team_id", teamIDRE, exampleTeamID),
		createdAfter:  q.dateTime("created_after"),
		createdBefore: q.dateTime("created_before"),
		dueBefore:     q.dateTime("due_before"),
		sort:          q.enum("sort", ticketSorts, "-created_at"),
		page:          q.pagination(),
	}
	if q.err != nil {
		return q.err
	}
	if f.assigneeID != "" && f.unassigned != nil && *f.unassigned {
		return errInvalid("unassigned", "query parameters \"assignee_id\" and \"unassigned=true\" cannot be combined: a ticket with an assignee is not unassigned")
	}
	if f.createdAfter != "" && f.createdBefore != "" && f.createdAfter >= f.createdBefore {
		return errInvalid("created_before", "query parameter \"created_before\" (%s) must be later than \"created_after\" (%s)", f.createdBefore, f.createdAfter)
	}
	tickets, total, err := s.store.listTickets(r.Context(), f)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, newPage(tickets, f.page, total))
	return nil
}

// getTicket: GET /tickets/{ticketId}. The ETag is the ticket's version,
// which updateTicket needs in If-Match.
func (s *Server) getTicket(w http.ResponseWriter, r *http.Request) error {
	id, perr := ticketIDParam(r)
	if perr != nil {
		return perr
	}
	if q := parseQuery(r); q.err != nil {
		return q.err
	}
	t, err := getTicket(r.Context(), s.store.db, id)
	if err != nil {
		return err
	}
	writeTicket(w, http.StatusOK, t)
	return nil
}

func writeTicket(w http.ResponseWriter, status int, t ticket) {
	w.Header().Set("ETag", `"`+strconv.Itoa(t.Version)+`"`)
	writeJSON(w, status, t)
}

var ticketCreateFields = []string{"title", "description", "requester_id", "priority", "category", "tags", "due_at", "team_id"}

// createTicket: POST /tickets, with an optional Idempotency-Key header.
func (s *Server) createTicket(w http.ResponseWriter, r *http.Request) error {
	if q := parseQuery(r); q.err != nil {
		return q.err
	}
	key := r.Header.Get("Idempotency-Key")
	if key != "" && !idempotencyKeyRE.MatchString(key) {
		return errInvalid("Idempotency-Key", "header \"Idempotency-Key\" must be 8 to 64 letters, digits, '-' or '_' (a UUID works); got %q", key)
	}
	b, err := s.readBody(w, r, true, ticketCreateFields...)
	if err != nil {
		return err
	}
	b.require("title", "requester_id")
	now := s.now()
	t := ticket{Status: "new", Priority: "medium", Category: "other", Tags: []string{}, CreatedAt: now, UpdatedAt: now, Version: 1}
	t.Title, _ = b.str("title", 5, 200, false)
	t.Description, _ = b.str("description", 0, 10000, false)
	t.RequesterID, _ = b.uuid("requester_id", userIDHint, false)
	if v, ok := b.enum("priority", ticketPriorities); ok {
		t.Priority = v
	}
	if v, ok := b.enum("category", ticketCategories); ok {
		t.Category = v
	}
	if v, ok := b.tags("tags", 10); ok {
		t.Tags = v
	}
	if v, ok := b.dateTime("due_at", true); ok {
		t.DueAt = &v
	}
	if v, ok := b.pattern("team_id", teamIDRE, exampleTeamID, true); ok {
		t.TeamID = &v
	}
	if b.err != nil {
		return b.err
	}
	if t.DueAt != nil && *t.DueAt <= now {
		return errUnprocessable("due_at", "due_at %s is in the past; it must be later than the current time %s", *t.DueAt, now)
	}
	replayed := false
	err = s.store.tx(r.Context(), func(tx *sql.Tx) error {
		ctx := r.Context()
		if key != "" {
			id, ok, err := idempotentTicket(ctx, tx, key)
			if err != nil {
				return err
			}
			if ok {
				replayed = true
				t, err = getTicket(ctx, tx, id)
				return err
			}
		}
		requester, err := refUser(ctx, tx, t.RequesterID, "requester_id")
		if err != nil {
			return err
		}
		if !requester.Active {
			return errUnprocessable("requester_id", "user %s (%s) is deactivated and cannot open tickets", requester.ID, requester.Name)
		}
		if t.TeamID != nil {
			if err := refTeam(ctx, tx, *t.TeamID, "team_id"); err != nil {
				return err
			}
		}
		num, err := nextTicketNumber(ctx, tx)
		if err != nil {
			return err
		}
		t.ID = "TCK-" + strconv.Itoa(num)
		if err := insertTicket(ctx, tx, t); err != nil {
			return err
		}
		if key != "" {
			return rememberIdempotencyKey(ctx, tx, key, t.ID, now)
		}
		return nil
	})
	if err != nil {
		return err
	}
	w.Header().Set("Location", "/tickets/"+t.ID)
	if replayed {
		w.Header().Set("Idempotent-Replayed", "true")
		writeTicket(w, http.StatusOK, t)
		return nil
	}
	writeTicket(w, http.StatusCreated, t)
	return nil
}

// ifMatchVersion parses the If-Match header: the ticket version, as an
// ETag ("3", W/"3") or a bare number.
func ifMatchVersion(r *http.Request) (int, *apiError) {
	h := strings.TrimSpace(r.Header.Get("If-Match"))
	if h == "" {
		return 0, errMissing("If-Match", "header \"If-Match\" is required: send the ticket's current version (the ETag header or the version field returned by getTicket), e.g. If-Match: \"3\"")
	}
	v := strings.Trim(strings.TrimPrefix(h, "W/"), `"`)
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 {
		return 0, errInvalid("If-Match", "header \"If-Match\" must be the ticket's version number as returned by getTicket, e.g. \"3\"; got %q", h)
	}
	return n, nil
}

var ticketUpdateFields = []string{"title", "description", "status", "priority", "category", "tags", "due_at", "team_id"}

// updateTicket: PATCH /tickets/{ticketId}, guarded by If-Match.
func (s *Server) updateTicket(w http.ResponseWriter, r *http.Request) error {
	id, perr := ticketIDParam(r)
	if perr != nil {
		return perr
	}
	if q := parseQuery(r); q.err != nil {
		return q.err
	}
	version, perr := ifMatchVersion(r)
	if perr != nil {
		return perr
	}
	b, err := s.readBody(w, r, true, ticketUpdateFields...)
	if err != nil {
		return err
	}
	if b.empty() {
		return errBadBody("the request body has no fields to change; send at least one of: %s", strings.Join(ticketUpdateFields, ", "))
	}
	p := readTicketPatch(b)
	if b.err != nil {
		return b.err
	}
	if p.status != nil && *p.status == "closed" {
		return errUnprocessable("status", "status \"closed\" cannot be set with updateTicket; close a ticket with closeTicket, which records the resolution")
	}
	var t ticket
	err = s.store.tx(r.Context(), func(tx *sql.Tx) error {
		ctx := r.Context()
		var err error
		if t, err = getTicket(ctx, tx, id); err != nil {
			return err
		}
		if version != t.Version {
			return newError(http.StatusPreconditionFailed, codePreconditionFailed, "If-Match",
				"ticket %s has changed: its current version is %d, If-Match said %d; get it again with getTicket and retry with If-Match: \"%d\"",
				t.ID, t.Version, version, t.Version)
		}
		if t.Status == "closed" {
			return errConflict("", "ticket %s is closed and cannot be changed; reopen it first with reopenTicket", t.ID)
		}
		if p.setTeam && p.teamID != nil {
			if err := refTeam(ctx, tx, *p.teamID, "team_id"); err != nil {
				return err
			}
		}
		p.apply(&t)
		t.Version++
		t.UpdatedAt = s.now()
		return saveTicket(ctx, tx, t)
	})
	if err != nil {
		return err
	}
	writeTicket(w, http.StatusOK, t)
	return nil
}

// ticketPatch is the validated body of updateTicket. For the nullable
// fields, set says the field was present (nil then clears it).
type ticketPatch struct {
	title, description, status, priority, category *string
	tags                                           []string
	setTags, setDue, setTeam                       bool
	dueAt, teamID                                  *string
}

func readTicketPatch(b *body) ticketPatch {
	var p ticketPatch
	opt := func(v string, ok bool) *string {
		if !ok {
			return nil
		}
		return &v
	}
	p.title = opt(b.str("title", 5, 200, false))
	p.description = opt(b.str("description", 0, 10000, false))
	p.status = opt(b.enum("status", ticketStatuses))
	p.priority = opt(b.enum("priority", ticketPriorities))
	p.category = opt(b.enum("category", ticketCategories))
	p.tags, p.setTags = b.tags("tags", 10)
	p.dueAt = opt(b.dateTime("due_at", true))
	p.setDue = p.dueAt != nil || b.isNull("due_at")
	p.teamID = opt(b.pattern("team_id", teamIDRE, exampleTeamID, true))
	p.setTeam = p.teamID != nil || b.isNull("team_id")
	return p
}

func (p ticketPatch) apply(t *ticket) {
	for _, f := range []struct{ dst, src *string }{
		{&t.Title, p.title}, {&t.Description, p.description}, {&t.Status, p.status},
		{&t.Priority, p.priority}, {&t.Category, p.category},
	} {
		if f.src != nil {
			*f.dst = *f.src
		}
	}
	if p.setTags {
		t.Tags = p.tags
	}
	if p.setDue {
		t.DueAt = p.dueAt
	}
	if p.setTeam {
		t.TeamID = p.teamID
	}
}

// deleteTicket: DELETE /tickets/{ticketId}, admin only.
func (s *Server) deleteTicket(w http.ResponseWriter, r *http.Request) error {
	id, perr := ticketIDParam(r)
	if perr != nil {
		return perr
	}
	if q := parseQuery(r); q.err != nil {
		return q.err
	}
	err := s.store.tx(r.Context(), func(tx *sql.Tx) error {
		if _, err := getTicket(r.Context(), tx, id); err != nil {
			return err
		}
		return deleteTicket(r.Context(), tx, id)
	})
	if err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// changeTicket loads a ticket in a transaction, lets fn change it, bumps
// its version and saves it.
func (s *Server) changeTicket(r *http.Request, id string, fn func(tx *sql.Tx, t *ticket) error) (ticket, error) {
	var t ticket
	err := s.store.tx(r.Context(), func(tx *sql.Tx) error {
		var err error
		if t, err = getTicket(r.Context(), tx, id); err != nil {
			return err
		}
		if err := fn(tx, &t); err != nil {
			return err
		}
		t.Version++
		t.UpdatedAt = s.now()
		return saveTicket(r.Context(), tx, t)
	})
	return t, err
}

// assignTicket: POST /tickets/{ticketId}/assign.
func (s *Server) assignTicket(w http.ResponseWriter, r *http.Request) error {
	id, perr := ticketIDParam(r)
	if perr != nil {
		return perr
	}
	if q := parseQuery(r); q.err != nil {
		return q.err
	}
	b, err := s.readBody(w, r, true, "assignee_id", "team_id")
	if err != nil {
		return err
	}
	b.require("assignee_id")
	assigneeID, _ := b.uuid("assignee_id", userIDHint, false)
	teamID, hasTeam := b.pattern("team_id", teamIDRE, exampleTeamID, false)
	if b.err != nil {
		return b.err
	}
	t, err := s.changeTicket(r, id, func(tx *sql.Tx, t *ticket) error {
		if t.Status == "closed" {
			return errConflict("", "ticket %s is closed; reopen it with reopenTicket before assigning it", t.ID)
		}
		a, err := refUser(r.Context(), tx, assigneeID, "assignee_id")
		if err != nil {
			return err
		}
		if a.Role == "requester" {
			return errUnprocessable("assignee_id", "user %s (%s) has role requester and cannot work on tickets; assign an agent (listUsers?role=agent)", a.ID, a.Name)
		}
		if !a.Active {
			return errUnprocessable("assignee_id", "user %s (%s) is deactivated", a.ID, a.Name)
		}
		if hasTeam {
			if err := refTeam(r.Context(), tx, teamID, "team_id"); err != nil {
				return err
			}
			t.TeamID = &teamID
		} else if a.TeamID != nil {
			t.TeamID = a.TeamID
		}
		t.AssigneeID = &a.ID
		if t.Status == "new" {
			t.Status = "open"
		}
		return nil
	})
	if err != nil {
		return err
	}
	writeTicket(w, http.StatusOK, t)
	return nil
}

// closeTicket: POST /tickets/{ticketId}/close.
func (s *Server) closeTicket(w http.ResponseWriter, r *http.Request) error {
	id, perr := ticketIDParam(r)
	if perr != nil {
		return perr
	}
	if q := parseQuery(r); q.err != nil {
		return q.err
	}
	b, err := s.readBody(w, r, true, "resolution_code", "resolution")
	if err != nil {
		return err
	}
	b.require("resolution_code")
	code, _ := b.enum("resolution_code", resolutionCodes)
	note, hasNote := b.str("resolution", 1, 2000, false)
	if b.err != nil {
		return b.err
	}
	t, err := s.changeTicket(r, id, func(_ *sql.Tx, t *ticket) error {
		if t.Status == "closed" {
			return errConflict("", "ticket %s is already closed (at %s)", t.ID, *t.ClosedAt)
		}
		now := s.now()
		t.Status, t.ClosedAt, t.ResolutionCode = "closed", &now, &code
		if hasNote {
			t.Resolution = &note
		}
		return nil
	})
	if err != nil {
		return err
	}
	writeTicket(w, http.StatusOK, t)
	return nil
}

// reopenTicket: POST /tickets/{ticketId}/reopen. The optional reason is
// added as a public comment by the requester.
func (s *Server) reopenTicket(w http.ResponseWriter, r *http.Request) error {
	id, perr := ticketIDParam(r)
	if perr != nil {
		return perr
	}
	if q := parseQuery(r); q.err != nil {
		return q.err
	}
	b, err := s.readBody(w, r, false, "reason")
	if err != nil {
		return err
	}
	reason, hasReason := b.str("reason", 1, 2000, false)
	if b.err != nil {
		return b.err
	}
	t, err := s.changeTicket(r, id, func(tx *sql.Tx, t *ticket) error {
		if t.Status != "closed" && t.Status != "resolved" {
			return errConflict("", "ticket %s has status %q; only resolved or closed tickets can be reopened", t.ID, t.Status)
		}
		t.Status, t.ClosedAt, t.ResolutionCode, t.Resolution = "open", nil, nil, nil
		if hasReason {
			c := comment{ID: newUUID(s.ids), TicketID: t.ID, AuthorID: t.RequesterID,
				Body: "Reopened: " + reason, Visibility: "public", CreatedAt: s.now()}
			if err := insertComment(r.Context(), tx, c); err != nil {
				return err
			}
			t.CommentCount++
		}
		return nil
	})
	if err != nil {
		return err
	}
	writeTicket(w, http.StatusOK, t)
	return nil
}
