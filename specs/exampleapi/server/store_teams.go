package server

import (
	"context"
	"database/sql"
	"errors"
)

const teamSelect = `SELECT t.id, t.slug, t.name, t.description, t.email, t.lead_id, t.created_at,
	(SELECT count(*) FROM users u WHERE u.team_id = t.id) FROM teams t`

func scanTeam(sc interface{ Scan(...any) error }) (team, error) {
	var t team
	var lead sql.NullString
	err := sc.Scan(&t.ID, &t.Slug, &t.Name, &t.Description, &t.Email, &lead, &t.CreatedAt, &t.MemberCount)
	t.LeadID = strPtr(lead)
	return t, err
}

func (st *store) listTeams(ctx context.Context, q string) ([]team, error) {
	w := &where{}
	if q != "" {
		like := containsPattern(q)
		w.add(`(lower(t.name) LIKE ? ESCAPE '\' OR lower(t.slug) LIKE ? ESCAPE '\' OR lower(t.description) LIKE ? ESCAPE '\')`, like, like, like)
	}
	rows, err := st.db.QueryContext(ctx, teamSelect+w.String()+` ORDER BY t.name`, w.args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []team
	for rows.Next() {
		t, err := scanTeam(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, t)
	}
	return out, rows.Err()
}

// getTeam returns the team or a 404.
func getTeam(ctx context.Context, q querier, id string) (team, error) {
	t, err := scanTeam(q.QueryRowContext(ctx, teamSelect+` WHERE t.id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return t, errNotFound("teamId", "no team with id %q; list teams with listTeams to find ids", id)
	}
	return t, err
}

// refTeam checks that a team referenced from a request body exists; a
// missing one is a 422 naming the field.
func refTeam(ctx context.Context, q querier, id, field string) error {
	var n int
	if err := q.QueryRowContext(ctx, `SELECT count(*) FROM teams WHERE id = ?`, id).Scan(&n); err != nil {
		return err
	}
	if n == 0 {
		return errUnprocessable(field, "%s %q does not match any team; find team ids with listTeams", field, id)
	}
	return nil
}

func insertTeam(ctx context.Context, q querier, t team) error {
	_, err := q.ExecContext(ctx, `INSERT INTO teams(id, slug, name, description, email, lead_id, created_at)
		VALUES(?,?,?,?,?,?,?)`, t.ID, t.Slug, t.Name, t.Description, t.Email, t.LeadID, t.CreatedAt)
	return err
}
