package server

import (
	"database/sql"
	"net/http"
)

// listAssets: GET /assets. Unlike the other lists it pages with
// limit/offset, on purpose.
func (s *Server) listAssets(w http.ResponseWriter, r *http.Request) error {
	q := parseQuery(r, "type", "status", "owner", "location", "purchased_after", "limit", "offset")
	f := assetFilter{
		typ:            q.enum("type", assetTypes, ""),
		status:         q.enum("status", assetStatuses, ""),
		owner:          q.uuid("owner", userIDHint),
		location:       q.str("location", 1, 80),
		purchasedAfter: q.date("purchased_after"),
		limit:          q.integer("limit", 25, 1, 100),
		offset:         q.integer("offset", 0, 0, 100000),
	}
	if q.err != nil {
		return q.err
	}
	assets, total, err := s.store.listAssets(r.Context(), f)
	if err != nil {
		return err
	}
	if assets == nil {
		assets = []asset{}
	}
	writeJSON(w, http.StatusOK, map[string]any{"items": assets, "limit": f.limit, "offset": f.offset, "total": total})
	return nil
}

// getAsset: GET /assets/{assetId}.
func (s *Server) getAsset(w http.ResponseWriter, r *http.Request) error {
	id, perr := assetIDParam(r)
	if perr != nil {
		return perr
	}
	if q := parseQuery(r); q.err != nil {
		return q.err
	}
	a, err := getAsset(r.Context(), s.store.db, id)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, a)
	return nil
}

// createAsset: POST /assets. New assets are in stock; give them to someone
// with assignAsset.
func (s *Server) createAsset(w http.ResponseWriter, r *http.Request) error {
	if q := parseQuery(r); q.err != nil {
		return q.err
	}
	b, err := s.readBody(w, r, true, "type", "model", "manufacturer", "serial_number", "location",
		"purchased_at", "warranty_expires", "purchase_cost")
	if err != nil {
		return err
	}
	b.require("type", "model", "manufacturer", "serial_number", "location", "purchased_at")
	now := s.now()
	a := asset{ID: newAssetID(s.ids), Status: "in_stock", CreatedAt: now, UpdatedAt: now}
	a.Type, _ = b.enum("type", assetTypes)
	a.Model, _ = b.str("model", 1, 120, false)
	a.Manufacturer, _ = b.str("manufacturer", 1, 80, false)
	a.SerialNumber, _ = b.pattern("serial_number", serialRE, "C02XK1ZJMD6T", false)
	a.Location, _ = b.str("location", 1, 80, false)
	a.PurchasedAt, _ = b.date("purchased_at", false)
	if v, ok := b.date("warranty_expires", true); ok {
		a.WarrantyExpires = &v
	}
	a.PurchaseCost, _ = b.number("purchase_cost", 0, 1_000_000)
	if b.err != nil {
		return b.err
	}
	if a.PurchasedAt > now[:10] {
		return errUnprocessable("purchased_at", "purchased_at %s is in the future", a.PurchasedAt)
	}
	if a.WarrantyExpires != nil && *a.WarrantyExpires <= a.PurchasedAt {
		return errUnprocessable("warranty_expires", "warranty_expires %s must be after purchased_at %s", *a.WarrantyExpires, a.PurchasedAt)
	}
	err = s.store.tx(r.Context(), func(tx *sql.Tx) error {
		taken, err := serialTaken(r.Context(), tx, a.SerialNumber)
		if err != nil {
			return err
		}
		if taken {
			return errConflict("serial_number", "an asset with serial number %q already exists; find it with listAssets", a.SerialNumber)
		}
		return insertAsset(r.Context(), tx, a)
	})
	if err != nil {
		return err
	}
	w.Header().Set("Location", "/assets/"+a.ID)
	writeJSON(w, http.StatusCreated, a)
	return nil
}

// changeAsset loads an asset in a transaction, lets fn change it and saves
// it.
func (s *Server) changeAsset(r *http.Request, id string, fn func(tx *sql.Tx, a *asset) error) (asset, error) {
	var a asset
	err := s.store.tx(r.Context(), func(tx *sql.Tx) error {
		var err error
		if a, err = getAsset(r.Context(), tx, id); err != nil {
			return err
		}
		if err := fn(tx, &a); err != nil {
			return err
		}
		a.UpdatedAt = s.now()
		return saveAsset(r.Context(), tx, a)
	})
	return a, err
}

// assignAsset: POST /assets/{assetId}/assign. The body names the user
// user_id; the asset calls the same value owner. The asset's location
// becomes the user's, unless the user has none.
func (s *Server) assignAsset(w http.ResponseWriter, r *http.Request) error {
	id, perr := assetIDParam(r)
	if perr != nil {
		return perr
	}
	if q := parseQuery(r); q.err != nil {
		return q.err
	}
	b, err := s.readBody(w, r, true, "user_id")
	if err != nil {
		return err
	}
	b.require("user_id")
	userID, _ := b.uuid("user_id", userIDHint, false)
	if b.err != nil {
		return b.err
	}
	a, err := s.changeAsset(r, id, func(tx *sql.Tx, a *asset) error {
		if a.Status == "retired" || a.Status == "repair" {
			return errConflict("", "asset %s has status %q and cannot be assigned", a.ID, a.Status)
		}
		if a.Owner != nil && *a.Owner == userID {
			return errConflict("user_id", "asset %s is already assigned to user %s", a.ID, userID)
		}
		u, err := refUser(r.Context(), tx, userID, "user_id")
		if err != nil {
			return err
		}
		if !u.Active {
			return errUnprocessable("user_id", "user %s (%s) is deactivated and cannot receive assets", u.ID, u.Name)
		}
		now := s.now()
		a.Owner, a.Status, a.AssignedAt = &u.ID, "in_use", &now
		if u.Location != "" { // the asset goes where its user works, when that is known
			a.Location = u.Location
		}
		return nil
	})
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, a)
	return nil
}

// unassignAsset: POST /assets/{assetId}/unassign. The asset goes back to
// stock, at the given location or where it is.
func (s *Server) unassignAsset(w http.ResponseWriter, r *http.Request) error {
	id, perr := assetIDParam(r)
	if perr != nil {
		return perr
	}
	if q := parseQuery(r); q.err != nil {
		return q.err
	}
	b, err := s.readBody(w, r, false, "location")
	if err != nil {
		return err
	}
	location, hasLocation := b.str("location", 1, 80, false)
	if b.err != nil {
		return b.err
	}
	a, err := s.changeAsset(r, id, func(_ *sql.Tx, a *asset) error {
		if a.Owner == nil {
			return errConflict("", "asset %s is not assigned to anyone", a.ID)
		}
		a.Owner, a.AssignedAt = nil, nil
		if a.Status == "in_use" {
			a.Status = "in_stock"
		}
		if hasLocation {
			a.Location = location
		}
		return nil
	})
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, a)
	return nil
}
