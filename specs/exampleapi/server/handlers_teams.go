package server

import "net/http"

// listTeams: GET /teams. Teams are few, so the list is not paginated.
func (s *Server) listTeams(w http.ResponseWriter, r *http.Request) error {
	q := parseQuery(r, "q")
	text := q.str("q", 1, 100)
	if q.err != nil {
		return q.err
	}
	teams, err := s.store.listTeams(r.Context(), text)
	if err != nil {
		return err
	}
	if teams == nil {
		teams = []team{}
	}
	writeJSON(w, http.StatusOK, map[string]any{"items": teams, "total": len(teams)})
	return nil
}

// getTeam: GET /teams/{teamId}.
func (s *Server) getTeam(w http.ResponseWriter, r *http.Request) error {
	id, perr := teamIDParam(r)
	if perr != nil {
		return perr
	}
	if q := parseQuery(r); q.err != nil {
		return q.err
	}
	t, err := getTeam(r.Context(), s.store.db, id)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, t)
	return nil
}

// listTeamMembers: GET /teams/{teamId}/members.
func (s *Server) listTeamMembers(w http.ResponseWriter, r *http.Request) error {
	id, perr := teamIDParam(r)
	if perr != nil {
		return perr
	}
	q := parseQuery(r, "role", "page", "per_page")
	f := userFilter{teamID: id, role: q.enum("role", userRoles, ""), sort: "name", page: q.pagination()}
	if q.err != nil {
		return q.err
	}
	if _, err := getTeam(r.Context(), s.store.db, id); err != nil {
		return err
	}
	users, total, err := s.store.listUsers(r.Context(), f)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, newPage(users, f.page, total))
	return nil
}
