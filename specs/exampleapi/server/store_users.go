package server

import (
	"context"
	"database/sql"
	"errors"
)

const userColumns = `id, email, name, department, title, role, team_id, manager_id, phone, location, active, created_at, updated_at`

func scanUser(sc interface{ Scan(...any) error }) (user, error) {
	var u user
	var team, manager, phone sql.NullString
	err := sc.Scan(&u.ID, &u.Email, &u.Name, &u.Department, &u.Title, &u.Role, &team, &manager, &phone,
		&u.Location, &u.Active, &u.CreatedAt, &u.UpdatedAt)
	u.TeamID, u.ManagerID, u.Phone = strPtr(team), strPtr(manager), strPtr(phone)
	return u, err
}

// userFilter selects users for listUsers and listTeamMembers.
type userFilter struct {
	q, department, role, teamID, email string
	active                             *bool
	sort                               string
	page                               pagination
}

func (f userFilter) where() *where {
	w := &where{}
	if f.q != "" {
		like := containsPattern(f.q)
		w.add(`(lower(name) LIKE ? ESCAPE '\' OR lower(email) LIKE ? ESCAPE '\')`, like, like)
	}
	if f.department != "" {
		w.add(`department = ?`, f.department)
	}
	if f.role != "" {
		w.add(`role = ?`, f.role)
	}
	if f.teamID != "" {
		w.add(`team_id = ?`, f.teamID)
	}
	if f.email != "" {
		w.add(`email = ?`, f.email)
	}
	if f.active != nil {
		w.add(`active = ?`, *f.active)
	}
	return w
}

var userOrder = map[string]string{
	"name": "name ASC, id ASC", "-name": "name DESC, id DESC",
	"created_at": "created_at ASC, id ASC", "-created_at": "created_at DESC, id DESC",
}

func (st *store) listUsers(ctx context.Context, f userFilter) ([]user, int, error) {
	w := f.where()
	var total int
	if err := st.db.QueryRowContext(ctx, `SELECT count(*) FROM users`+w.String(), w.args...).Scan(&total); err != nil {
		return nil, 0, err
	}
	order := userOrder[f.sort]
	if order == "" {
		order = userOrder["name"]
	}
	rows, err := st.db.QueryContext(ctx, `SELECT `+userColumns+` FROM users`+w.String()+
		` ORDER BY `+order+` LIMIT ? OFFSET ?`, append(w.args, f.page.perPage, f.page.offset())...)
	if err != nil {
		return nil, 0, err
	}
	defer rows.Close()
	var out []user
	for rows.Next() {
		u, err := scanUser(rows)
		if err != nil {
			return nil, 0, err
		}
		out = append(out, u)
	}
	return out, total, rows.Err()
}

// getUser returns the user or a 404 naming param.
func getUser(ctx context.Context, q querier, id, param string) (user, error) {
	u, err := scanUser(q.QueryRowContext(ctx, `SELECT `+userColumns+` FROM users WHERE id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return u, errNotFound(param, "no user with id %q; list users with listUsers to find ids", id)
	}
	return u, err
}

// refUser checks that a user referenced from a request body exists; a
// missing one is a 422 naming the field.
func refUser(ctx context.Context, q querier, id, field string) (user, error) {
	u, err := scanUser(q.QueryRowContext(ctx, `SELECT `+userColumns+` FROM users WHERE id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return u, errUnprocessable(field, "%s %q does not match any user; find user ids with listUsers", field, id)
	}
	return u, err
}

func insertUser(ctx context.Context, q querier, u user) error {
	_, err := q.ExecContext(ctx, `INSERT INTO users(`+userColumns+`) VALUES(?,?,?,?,?,?,?,?,?,?,?,?,?)`,
		u.ID, u.Email, u.Name, u.Department, u.Title, u.Role, u.TeamID, u.ManagerID, u.Phone,
		u.Location, u.Active, u.CreatedAt, u.UpdatedAt)
	return err
}

func saveUser(ctx context.Context, q querier, u user) error {
	_, err := q.ExecContext(ctx, `UPDATE users SET email=?, name=?, department=?, title=?, role=?, team_id=?,
		manager_id=?, phone=?, location=?, active=?, updated_at=? WHERE id=?`,
		u.Email, u.Name, u.Department, u.Title, u.Role, u.TeamID, u.ManagerID, u.Phone, u.Location,
		u.Active, u.UpdatedAt, u.ID)
	return err
}

// emailTaken reports whether another user than exceptID has the email.
func emailTaken(ctx context.Context, q querier, email, exceptID string) (bool, error) {
	var n int
	err := q.QueryRowContext(ctx, `SELECT count(*) FROM users WHERE email = ? AND id <> ?`, email, exceptID).Scan(&n)
	return n > 0, err
}

// userSummaries returns the summaries of all users by id.
func (st *store) userSummaries(ctx context.Context) (map[string]userSummary, error) {
	rows, err := st.db.QueryContext(ctx, `SELECT id, name, email FROM users`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string]userSummary{}
	for rows.Next() {
		var s userSummary
		if err := rows.Scan(&s.ID, &s.Name, &s.Email); err != nil {
			return nil, err
		}
		out[s.ID] = s
	}
	return out, rows.Err()
}
