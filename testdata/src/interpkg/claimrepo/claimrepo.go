// Package claimrepo claims redeem codes with one-way conditional writes
// (unused -> used, never back): its methods that return nil only when
// their claim took effect get a fact for their callers in other packages.
package claimrepo

import (
	"context"
	"database/sql"
	"errors"

	"gorm.io/gorm"
)

const (
	StatusUnused = "unused"
	StatusUsed   = "used"
)

var ErrUsed = errors.New("code already used")

type redeemCodeModel struct {
	ID     int64
	Status string
}

type Codes struct{ db *gorm.DB }

// Use claims a code: nil only when this call moved it from unused to used.
func (r *Codes) Use(ctx context.Context, id, user int64) error {
	result := r.db.WithContext(ctx).Model(&redeemCodeModel{}).
		Where("id = ? AND status = ?", id, StatusUnused).
		Updates(map[string]any{"status": StatusUsed, "used_by": user})
	if result.Error != nil {
		return result.Error
	}
	if result.RowsAffected == 0 {
		return ErrUsed
	}
	return nil
}

// Touch updates a code and returns nil whatever it changed: no claim.
func (r *Codes) Touch(ctx context.Context, id int64) error {
	return r.db.WithContext(ctx).Model(&redeemCodeModel{}).Where("id = ?", id).Update("touched", 1).Error
}

type Users struct{ db *sql.DB }

func (u *Users) Credit(ctx context.Context, user int64, amount int64) error {
	_, err := u.db.ExecContext(ctx, `UPDATE users SET balance = balance + $1 WHERE id = $2`, amount, user)
	return err
}

// Tickets claims through SQL text but returns nil also when nothing
// changed: callers learn nothing from its error.
type Tickets struct{ db *sql.DB }

func (t *Tickets) Use(ctx context.Context, id, user int64) error {
	res, err := t.db.ExecContext(ctx, `UPDATE tickets SET state = 'used' WHERE id = $1 AND state = 'open'`, id)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return nil // already used: fine by this caller
	}
	return nil
}
