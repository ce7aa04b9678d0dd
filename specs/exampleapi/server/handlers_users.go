package server

import (
	"database/sql"
	"net/http"
)

const userIDHint = " (user ids are UUIDs: find them with listUsers)"

// listUsers: GET /users.
func (s *Server) listUsers(w http.ResponseWriter, r *http.Request) error {
	q := parseQuery(r, "q", "email", "department", "role", "team_id", "active", "sort", "page", "per_page")
	f := userFilter{
		q:          q.str("q", 1, 100),
		email:      q.email("email"),
		department: q.enum("department", departments, ""),
		role:       q.enum("role", userRoles, ""),
		teamID:     q.pattern("team_id", teamIDRE, exampleTeamID),
		active:     q.boolean("active"),
		sort:       q.enum("sort", userSorts, "name"),
		page:       q.pagination(),
	}
	if q.err != nil {
		return q.err
	}
	users, total, err := s.store.listUsers(r.Context(), f)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, newPage(users, f.page, total))
	return nil
}

// getUser: GET /users/{userId}.
func (s *Server) getUser(w http.ResponseWriter, r *http.Request) error {
	id, perr := userIDParam(r)
	if perr != nil {
		return perr
	}
	if q := parseQuery(r); q.err != nil {
		return q.err
	}
	u, err := getUser(r.Context(), s.store.db, id, "userId")
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, u)
	return nil
}

var userFields = []string{"name", "email", "department", "title", "role", "team_id", "manager_id", "phone", "location", "active"}

// userChanges are the validated fields of a createUser or updateUser body.
type userChanges struct {
	b *body
}

// apply copies the present, valid fields of the body into u; problems are
// left in c.b.err.
func (c userChanges) apply(u *user) {
	b := c.b
	if v, ok := b.str("name", 1, 120, false); ok {
		u.Name = v
	}
	if v, ok := b.email("email"); ok {
		u.Email = v
	}
	if v, ok := b.enum("department", departments); ok {
		u.Department = v
	}
	if v, ok := b.str("title", 0, 120, false); ok {
		u.Title = v
	}
	if v, ok := b.enum("role", userRoles); ok {
		u.Role = v
	}
	if v, ok := b.pattern("team_id", teamIDRE, exampleTeamID, true); ok {
		u.TeamID = &v
	} else if b.isNull("team_id") {
		u.TeamID = nil
	}
	if v, ok := b.uuid("manager_id", userIDHint, true); ok {
		u.ManagerID = &v
	} else if b.isNull("manager_id") {
		u.ManagerID = nil
	}
	if v, ok := b.pattern("phone", phoneRE, "+4930123456789", true); ok {
		u.Phone = &v
	} else if b.isNull("phone") {
		u.Phone = nil
	}
	if v, ok := b.str("location", 0, 80, false); ok {
		u.Location = v
	}
	if v, ok := b.boolean("active"); ok {
		u.Active = v
	}
}

// checkUserRefs checks the uniqueness of the email and the references.
func (s *Server) checkUserRefs(r *http.Request, q querier, u user) error {
	ctx := r.Context()
	taken, err := emailTaken(ctx, q, u.Email, u.ID)
	if err != nil {
		return err
	}
	if taken {
		return errConflict("email", "a user with email %q already exists; find it with listUsers?email=%s", u.Email, u.Email)
	}
	if u.TeamID != nil {
		if err := refTeam(ctx, q, *u.TeamID, "team_id"); err != nil {
			return err
		}
	}
	if u.ManagerID != nil {
		if *u.ManagerID == u.ID {
			return errUnprocessable("manager_id", "a user cannot be their own manager")
		}
		if _, err := refUser(ctx, q, *u.ManagerID, "manager_id"); err != nil {
			return err
		}
	}
	return nil
}

// createUser: POST /users.
func (s *Server) createUser(w http.ResponseWriter, r *http.Request) error {
	if q := parseQuery(r); q.err != nil {
		return q.err
	}
	b, err := s.readBody(w, r, true, userFields...)
	if err != nil {
		return err
	}
	b.require("name", "email", "department")
	now := s.now()
	u := user{ID: newUUID(s.ids), Role: "requester", Active: true, CreatedAt: now, UpdatedAt: now}
	userChanges{b}.apply(&u)
	if b.err != nil {
		return b.err
	}
	err = s.store.tx(r.Context(), func(tx *sql.Tx) error {
		if err := s.checkUserRefs(r, tx, u); err != nil {
			return err
		}
		return insertUser(r.Context(), tx, u)
	})
	if err != nil {
		return err
	}
	w.Header().Set("Location", "/users/"+u.ID)
	writeJSON(w, http.StatusCreated, u)
	return nil
}

// updateUser: PATCH /users/{userId}.
func (s *Server) updateUser(w http.ResponseWriter, r *http.Request) error {
	id, perr := userIDParam(r)
	if perr != nil {
		return perr
	}
	if q := parseQuery(r); q.err != nil {
		return q.err
	}
	b, err := s.readBody(w, r, true, userFields...)
	if err != nil {
		return err
	}
	if b.empty() {
		return errBadBody("the request body has no fields to change; send at least one of the User fields")
	}
	var u user
	err = s.store.tx(r.Context(), func(tx *sql.Tx) error {
		var err error
		if u, err = getUser(r.Context(), tx, id, "userId"); err != nil {
			return err
		}
		userChanges{b}.apply(&u)
		if b.err != nil {
			return b.err
		}
		u.UpdatedAt = s.now()
		if err := s.checkUserRefs(r, tx, u); err != nil {
			return err
		}
		return saveUser(r.Context(), tx, u)
	})
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, u)
	return nil
}

// listTicketsForUser: GET /users/{userId}/tickets.
func (s *Server) listTicketsForUser(w http.ResponseWriter, r *http.Request) error {
	id, perr := userIDParam(r)
	if perr != nil {
		return perr
	}
	q := parseQuery(r, "relationship", "status", "page", "per_page")
	rel := q.enum("relationship", ticketRelationship, "requester")
	status := q.enum("status", ticketStatuses, "")
	f := ticketFilter{page: q.pagination(), sort: "-created_at"}
	if q.err != nil {
		return q.err
	}
	if status != "" {
		f.statuses = []string{status}
	}
	if rel == "assignee" {
		f.assigneeID = id
	} else {
		f.requesterID = id
	}
	if _, err := getUser(r.Context(), s.store.db, id, "userId"); err != nil {
		return err
	}
	tickets, total, err := s.store.listTickets(r.Context(), f)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, newPage(tickets, f.page, total))
	return nil
}

// listUserAssets: GET /users/{userId}/assets. Unlike listAssets it returns
// a bare JSON array, on purpose.
func (s *Server) listUserAssets(w http.ResponseWriter, r *http.Request) error {
	id, perr := userIDParam(r)
	if perr != nil {
		return perr
	}
	q := parseQuery(r, "type")
	typ := q.enum("type", assetTypes, "")
	if q.err != nil {
		return q.err
	}
	if _, err := getUser(r.Context(), s.store.db, id, "userId"); err != nil {
		return err
	}
	assets, _, err := s.store.listAssets(r.Context(), assetFilter{owner: id, typ: typ})
	if err != nil {
		return err
	}
	if assets == nil {
		assets = []asset{}
	}
	writeJSON(w, http.StatusOK, assets)
	return nil
}
