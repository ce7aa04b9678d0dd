package server

import (
	"context"
	"database/sql"
	"errors"
)

const assetColumns = `id, type, model, manufacturer, serial_number, status, owner, location, purchased_at,
	warranty_expires, purchase_cost, assigned_at, created_at, updated_at`

func scanAsset(sc interface{ Scan(...any) error }) (asset, error) {
	var a asset
	var owner, warranty, assigned sql.NullString
	err := sc.Scan(&a.ID, &a.Type, &a.Model, &a.Manufacturer, &a.SerialNumber, &a.Status, &owner, &a.Location,
		&a.PurchasedAt, &warranty, &a.PurchaseCost, &assigned, &a.CreatedAt, &a.UpdatedAt)
	a.Owner, a.WarrantyExpires, a.AssignedAt = strPtr(owner), strPtr(warranty), strPtr(assigned)
	return a, err
}

func scanAssets(rows *sql.Rows) ([]asset, error) {
	defer rows.Close()
	var out []asset
	for rows.Next() {
		a, err := scanAsset(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, a)
	}
	return out, rows.Err()
}

// assetFilter selects assets for listAssets and listUserAssets.
type assetFilter struct {
	typ, status, owner, location string
	purchasedAfter               string
	limit, offset                int
}

func (st *store) listAssets(ctx context.Context, f assetFilter) ([]asset, int, error) {
	w := &where{}
	if f.typ != "" {
		w.add(`type = ?`, f.typ)
	}
	if f.status != "" {
		w.add(`status = ?`, f.status)
	}
	if f.owner != "" {
		w.add(`owner = ?`, f.owner)
	}
	if f.location != "" {
		w.add(`location = ?`, f.location)
	}
	if f.purchasedAfter != "" {
		w.add(`purchased_at > ?`, f.purchasedAfter)
	}
	var total int
	if err := st.db.QueryRowContext(ctx, `SELECT count(*) FROM assets`+w.String(), w.args...).Scan(&total); err != nil {
		return nil, 0, err
	}
	limit := f.limit
	if limit == 0 {
		limit = -1 // no limit
	}
	rows, err := st.db.QueryContext(ctx, `SELECT `+assetColumns+` FROM assets`+w.String()+
		` ORDER BY id LIMIT ? OFFSET ?`, append(w.args, limit, f.offset)...)
	if err != nil {
		return nil, 0, err
	}
	out, err := scanAssets(rows)
	return out, total, err
}

// getAsset returns the asset or a 404.
func getAsset(ctx context.Context, q querier, id string) (asset, error) {
	a, err := scanAsset(q.QueryRowContext(ctx, `SELECT `+assetColumns+` FROM assets WHERE id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return a, errNotFound("assetId", "no asset with id %q; find assets with listAssets", id)
	}
	return a, err
}

func insertAsset(ctx context.Context, q querier, a asset) error {
	_, err := q.ExecContext(ctx, `INSERT INTO assets(`+assetColumns+`) VALUES(?,?,?,?,?,?,?,?,?,?,?,?,?,?)`,
		a.ID, a.Type, a.Model, a.Manufacturer, a.SerialNumber, a.Status, a.Owner, a.Location, a.PurchasedAt,
		a.WarrantyExpires, a.PurchaseCost, a.AssignedAt, a.CreatedAt, a.UpdatedAt)
	return err
}

func saveAsset(ctx context.Context, q querier, a asset) error {
	_, err := q.ExecContext(ctx, `UPDATE assets SET status=?, owner=?, location=?, assigned_at=?, updated_at=?
		WHERE id=?`, a.Status, a.Owner, a.Location, a.AssignedAt, a.UpdatedAt, a.ID)
	return err
}

func serialTaken(ctx context.Context, q querier, serial string) (bool, error) {
	var n int
	err := q.QueryRowContext(ctx, `SELECT count(*) FROM assets WHERE serial_number = ?`, serial).Scan(&n)
	return n > 0, err
}
