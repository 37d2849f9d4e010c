// Package oneway: effects that run only after a one-way claim took effect
// (a state moved from one constant to another by a conditional write whose
// rows affected are tested, in a package that never moves it back) run at
// most once per claimed record, whatever the lock: fenced by dependence.
package oneway

import (
	"context"
	"database/sql"
	"errors"

	"example.com/entjobs/ent"
	"example.com/entjobs/ent/job"
	"go.etcd.io/etcd/client/v3/concurrency"
	"gorm.io/gorm"
)

const (
	StatusUnused = "unused"
	StatusUsed   = "used"
)

var errUsed = errors.New("code already used")

type redeemCode struct {
	ID     int64
	Status string
}

// The claim and the credit that depends on it, in one function.
func redeemSQL(ctx context.Context, db *sql.DB, m *concurrency.Mutex, id, user int64) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	res, err := db.ExecContext(ctx, `UPDATE redeem_codes SET status = 'used', used_by = $1 WHERE id = $2 AND status = 'unused'`, user, id)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return errUsed
	}
	_, err = db.ExecContext(ctx, `UPDATE users SET balance = balance + 10 WHERE id = $1`, user)
	return err
}

// The same with gorm: Go constants bound to the Where's placeholders and
// given to Updates.
func redeemGorm(ctx context.Context, db *gorm.DB, m *concurrency.Mutex, id, user int64) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	result := db.WithContext(ctx).Model(&redeemCode{}).
		Where("id = ? AND status = ?", id, StatusUnused).
		Updates(map[string]any{"status": StatusUsed, "used_by": user})
	if result.Error != nil {
		return result.Error
	}
	if result.RowsAffected != 1 {
		return errUsed
	}
	return db.WithContext(ctx).Exec(`UPDATE users SET balance = balance + 10 WHERE id = ?`, user).Error
}

// Rows affected never tested: the holder credits whether or not it won.
func untested(ctx context.Context, db *sql.DB, m *concurrency.Mutex, id, user int64) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	if _, err := db.ExecContext(ctx, `UPDATE redeem_codes SET status = 'used' WHERE id = $1 AND status = 'unused'`, id); err != nil { // want `UPDATE redeem_codes .* does not carry the fencing token`
		return err
	}
	_, err := db.ExecContext(ctx, `UPDATE users SET balance = balance + 10 WHERE id = $1`, user) // want `UPDATE users .* does not carry the fencing token`
	return err
}

// Writes before the claim, or on the branch where it failed, are not
// fenced by it.
func outsideSuccess(ctx context.Context, db *sql.DB, m *concurrency.Mutex, id, user int64) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	db.ExecContext(ctx, `UPDATE users SET attempts = attempts + 1 WHERE id = $1`, user) // want `UPDATE users .* does not carry the fencing token`
	//lint:ignore FC1001 the audit table tolerates a stale holder's duplicate
	db.ExecContext(ctx, `UPDATE audit SET n = n + 1 WHERE id = 1`)
	res, err := db.ExecContext(ctx, `UPDATE redeem_codes SET status = 'used' WHERE id = $1 AND status = 'unused'`, id)
	if err != nil {
		return err
	}
	n, err := res.RowsAffected()
	if err != nil {
		return err
	}
	if n == 0 {
		db.ExecContext(ctx, `UPDATE users SET failures = failures + 1 WHERE id = $1`, user) // want `UPDATE users .* does not carry the fencing token`
		return errUsed
	}
	// Fenced by the claim: a suppression here would suppress nothing.
	db.ExecContext(ctx, `UPDATE audit SET n = n + 2 WHERE id = 1`)
	return nil
}

// A state compared with a constant but set to the same one is no
// transition.
func sameState(ctx context.Context, db *sql.DB, m *concurrency.Mutex, id int64) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	res, err := db.ExecContext(ctx, `UPDATE coupons SET state = 'open', note = 'x' WHERE id = $1 AND state = 'open'`, id) // want `UPDATE coupons .* does not carry the fencing token`
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return errUsed
	}
	_, err = db.ExecContext(ctx, `UPDATE users SET balance = balance + 1 WHERE id = $1`, id) // want `UPDATE users .* does not carry the fencing token`
	return err
}

// Repo claims a code in a method; its callers' effects after a nil error
// run once per code.
type Repo struct{ db *sql.DB }

func (r *Repo) Use(ctx context.Context, id, user int64) error {
	res, err := r.db.ExecContext(ctx, `UPDATE redeem_codes SET status = $1, used_by = $2 WHERE id = $3 AND status = $4`, StatusUsed, user, id, StatusUnused)
	if err != nil {
		return err
	}
	n, err := res.RowsAffected()
	if err != nil {
		return err
	}
	if n == 0 {
		return errUsed
	}
	return nil
}

// Credit is no claim: it returns nil whatever it changed.
func (r *Repo) Credit(ctx context.Context, user int64) error {
	_, err := r.db.ExecContext(ctx, `UPDATE users SET balance = balance + 10 WHERE id = $1`, user)
	return err
}

func throughMethod(ctx context.Context, r *Repo, m *concurrency.Mutex, id, user int64) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	if err := r.Use(ctx, id, user); err != nil {
		return err
	}
	return r.Credit(ctx, user)
}

func creditFirst(ctx context.Context, r *Repo, m *concurrency.Mutex, id, user int64) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	if err := r.Credit(ctx, user); err != nil { // want `UPDATE users .*\(reached through this call\)`
		return err
	}
	return r.Use(ctx, id, user)
}

// The same with ent's generated builders: the entity package's StateEQ
// with a constant handed to Where, SetState with another, and the count
// of rows Save returns tested. The claim itself and what runs on its
// success are fenced by it.
func approveEnt(ctx context.Context, client *ent.Client, m *concurrency.Mutex, id int) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	n, err := client.Job.Update().Where(job.IDEQ(id), job.StateEQ("pending")).SetState("approved").Save(ctx)
	if err != nil {
		return err
	}
	if n != 1 {
		return errUsed
	}
	_, err = client.Job.Update().Where(job.IDEQ(id + 1)).SetFence(1).Save(ctx)
	return err
}

// The count never tested: the holder carries on whether or not it won.
func approveEntUntested(ctx context.Context, client *ent.Client, m *concurrency.Mutex, id int) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	if _, err := client.Job.Update().Where(job.IDEQ(id), job.StateEQ("approved")).SetState("refunded").Save(ctx); err != nil { // want `UPDATE Job \(ent JobUpdate.Save\) .* does not carry the fencing token`
		return err
	}
	_, err := client.Job.Update().Where(job.IDEQ(id + 1)).SetFence(2).Save(ctx) // want `UPDATE Job \(ent JobUpdate.Save\) .* does not carry the fencing token`
	return err
}

// The next step of the same record (approved -> paid): approveEnt moves
// records into approved, but only from pending, which no record in paid
// can reach, so this claim too is won once per record.
func confirmEnt(ctx context.Context, client *ent.Client, m *concurrency.Mutex, id int) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	n, err := client.Job.Update().Where(job.IDEQ(id), job.StateEQ("approved")).SetState("paid").Save(ctx)
	if err != nil {
		return err
	}
	if n != 1 {
		return errUsed
	}
	_, err = client.Job.Update().Where(job.IDEQ(id + 2)).SetFence(4).Save(ctx)
	return err
}
