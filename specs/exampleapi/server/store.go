package server

import (
	"context"
	"database/sql"
	"fmt"
	"net/url"
	"strings"

	_ "modernc.org/sqlite" // the pure-Go SQLite driver, registered as "sqlite"
)

// store is the SQLite database behind the API. All access goes through one
// connection, so writes are serialized and never see SQLITE_BUSY; every
// query that reads rows closes them before the next query starts.
type store struct {
	db *sql.DB
}

const schemaSQL = `
CREATE TABLE IF NOT EXISTS meta (
	key   TEXT PRIMARY KEY,
	value TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS teams (
	id          TEXT PRIMARY KEY,
	slug        TEXT NOT NULL UNIQUE,
	name        TEXT NOT NULL,
	description TEXT NOT NULL,
	email       TEXT NOT NULL,
	lead_id     TEXT,
	created_at  TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS users (
	id         TEXT PRIMARY KEY,
	email      TEXT NOT NULL UNIQUE COLLATE NOCASE,
	name       TEXT NOT NULL,
	department TEXT NOT NULL,
	title      TEXT NOT NULL,
	role       TEXT NOT NULL,
	team_id    TEXT REFERENCES teams(id),
	manager_id TEXT REFERENCES users(id),
	phone      TEXT,
	location   TEXT NOT NULL,
	active     INTEGER NOT NULL,
	created_at TEXT NOT NULL,
	updated_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS tickets (
	num             INTEGER PRIMARY KEY,
	id              TEXT NOT NULL UNIQUE,
	title           TEXT NOT NULL,
	description     TEXT NOT NULL,
	status          TEXT NOT NULL,
	priority        TEXT NOT NULL,
	category        TEXT NOT NULL,
	tags            TEXT NOT NULL,
	requester_id    TEXT NOT NULL REFERENCES users(id),
	assignee_id     TEXT REFERENCES users(id),
	team_id         TEXT REFERENCES teams(id),
	due_at          TEXT,
	created_at      TEXT NOT NULL,
	updated_at      TEXT NOT NULL,
	closed_at       TEXT,
	resolution_code TEXT,
	resolution      TEXT,
	version         INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS tickets_requester ON tickets(requester_id);
CREATE INDEX IF NOT EXISTS tickets_assignee ON tickets(assignee_id);
CREATE TABLE IF NOT EXISTS comments (
	seq        INTEGER PRIMARY KEY,
	id         TEXT NOT NULL UNIQUE,
	ticket_id  TEXT NOT NULL REFERENCES tickets(id) ON DELETE CASCADE,
	author_id  TEXT NOT NULL REFERENCES users(id),
	body       TEXT NOT NULL,
	visibility TEXT NOT NULL,
	created_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS comments_ticket ON comments(ticket_id);
CREATE TABLE IF NOT EXISTS assets (
	id               TEXT PRIMARY KEY,
	type             TEXT NOT NULL,
	model            TEXT NOT NULL,
	manufacturer     TEXT NOT NULL,
	serial_number    TEXT NOT NULL UNIQUE,
	status           TEXT NOT NULL,
	owner            TEXT REFERENCES users(id),
	location         TEXT NOT NULL,
	purchased_at     TEXT NOT NULL,
	warranty_expires TEXT,
	purchase_cost    REAL NOT NULL,
	assigned_at      TEXT,
	created_at       TEXT NOT NULL,
	updated_at       TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS assets_owner ON assets(owner);
CREATE TABLE IF NOT EXISTS idempotency_keys (
	key        TEXT PRIMARY KEY,
	ticket_id  TEXT NOT NULL,
	created_at TEXT NOT NULL
);
`

// openStore opens (and creates) the database. An empty path is a private
// in-memory database.
func openStore(ctx context.Context, path string) (*store, error) {
	dsn := ":memory:"
	if path != "" {
		dsn = "file:" + (&url.URL{Path: path}).EscapedPath() +
			"?_pragma=journal_mode(WAL)&_pragma=synchronous(NORMAL)"
	}
	sep := "?"
	if path != "" {
		sep = "&"
	}
	dsn += sep + "_pragma=foreign_keys(1)&_pragma=busy_timeout(5000)&_txlock=immediate"
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, fmt.Errorf("open database: %w", err)
	}
	// One connection: an in-memory database lives exactly as long as its
	// connection, and a single writer needs no lock retries.
	db.SetMaxOpenConns(1)
	db.SetMaxIdleConns(1)
	db.SetConnMaxLifetime(0)
	db.SetConnMaxIdleTime(0)
	if _, err := db.ExecContext(ctx, schemaSQL); err != nil {
		db.Close()
		return nil, fmt.Errorf("create schema in %q: %w", path, err)
	}
	return &store{db: db}, nil
}

func (st *store) close() error { return st.db.Close() }

// tx runs fn in a transaction and commits it when fn returns nil.
func (st *store) tx(ctx context.Context, fn func(*sql.Tx) error) error {
	tx, err := st.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if err := fn(tx); err != nil {
		_ = tx.Rollback()
		return err
	}
	return tx.Commit()
}

// getMeta reads a value of the meta table; ok is false when it is absent.
func getMeta(ctx context.Context, q querier, key string) (string, bool, error) {
	var v string
	err := q.QueryRowContext(ctx, `SELECT value FROM meta WHERE key = ?`, key).Scan(&v)
	if err == sql.ErrNoRows {
		return "", false, nil
	}
	return v, err == nil, err
}

func setMeta(ctx context.Context, q querier, key, value string) error {
	_, err := q.ExecContext(ctx, `INSERT INTO meta(key, value) VALUES(?, ?)
		ON CONFLICT(key) DO UPDATE SET value = excluded.value`, key, value)
	return err
}

// querier is what *sql.DB and *sql.Tx have in common.
type querier interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// containsPattern returns a LIKE pattern (used with ESCAPE '\') that
// matches text containing s, case-insensitively: the wildcards % and _ in
// s match themselves.
func containsPattern(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)
	return "%" + r.Replace(strings.ToLower(s)) + "%"
}

// nullString maps "" to NULL.
func nullString(s string) sql.NullString { return sql.NullString{String: s, Valid: s != ""} }

// strPtr maps NULL to nil.
func strPtr(ns sql.NullString) *string {
	if !ns.Valid {
		return nil
	}
	s := ns.String
	return &s
}

// where builds a SQL WHERE clause from conditions.
type where struct {
	conds []string
	args  []any
}

func (w *where) add(cond string, args ...any) {
	w.conds = append(w.conds, cond)
	w.args = append(w.args, args...)
}

func (w *where) String() string {
	if len(w.conds) == 0 {
		return ""
	}
	s := " WHERE " + w.conds[0]
	for _, c := range w.conds[1:] {
		s += " AND " + c
	}
	return s
}
