package a

import (
	"context"
	"database/sql"
	"errors"

	"example.com/entjobs/ent"
	"example.com/entjobs/ent/job"
	"go.etcd.io/etcd/client/v3/concurrency"
)

var errUsed = errors.New("used")

// A write that runs only after a one-way claim took effect is fenced by
// dependence: a suppression of it suppresses nothing, while one before the
// claim still suppresses a finding.
func redeem(ctx context.Context, db *sql.DB, m *concurrency.Mutex, id, user int64) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	//lint:ignore FC1001 attempts are counted at least once
	db.ExecContext(ctx, `UPDATE users SET attempts = attempts + 1 WHERE id = $1`, user)
	res, err := db.ExecContext(ctx, `UPDATE redeem_codes SET status = 'used' WHERE id = $1 AND status = 'unused'`, id)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return errUsed
	}
	//lint:ignore FC1001 credited once per code // want `this //lint:ignore comment suppresses no fencecheck finding`
	_, err = db.ExecContext(ctx, `UPDATE users SET balance = balance + 10 WHERE id = $1`, user)
	return err
}

// The same with an ent claim (one-way, its count tested): a suppression
// after it suppresses nothing.
func approve(ctx context.Context, client *ent.Client, m *concurrency.Mutex, id int) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	n, err := client.Job.Update().Where(job.IDEQ(id), job.StateEQ("pending")).SetState("approved").Save(ctx)
	if err != nil || n != 1 {
		return errUsed
	}
	//lint:ignore FC1001 runs once per approval // want `this //lint:ignore comment suppresses no fencecheck finding`
	_, err = client.Job.Update().Where(job.IDEQ(id + 1)).SetFence(1).Save(ctx)
	return err
}
