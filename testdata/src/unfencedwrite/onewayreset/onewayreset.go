// Package onewayreset: a state the package also moves back (a reaper
// returning running jobs to pending) is a lease, not a one-way claim: the
// transition can be won again after the reset, so what runs after it can
// run twice and is judged as before.
package onewayreset

import (
	"context"
	"database/sql"
	"errors"

	"example.com/entjobs/ent"
	"example.com/entjobs/ent/job"
	"go.etcd.io/etcd/client/v3/concurrency"
)

var errTaken = errors.New("taken")

func run(ctx context.Context, db *sql.DB, m *concurrency.Mutex, id int64) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	res, err := db.ExecContext(ctx, `UPDATE jobs SET status = 'running' WHERE id = $1 AND status = 'pending'`, id) // want `UPDATE jobs .* does not carry the fencing token`
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return errTaken
	}
	_, err = db.ExecContext(ctx, `UPDATE accounts SET charged = charged + 1 WHERE job = $1`, id) // want `UPDATE accounts .* does not carry the fencing token`
	return err
}

// reap returns stale running jobs to pending.
func reap(ctx context.Context, db *sql.DB) error {
	_, err := db.ExecContext(ctx, `UPDATE jobs SET status = 'pending' WHERE status = 'running' AND heartbeat < now() - interval '1 minute'`)
	return err
}

// An ent claim of a state the package moves back (reapEnt): a lease, not
// a one-way claim.
func approveEnt(ctx context.Context, client *ent.Client, m *concurrency.Mutex, id int) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	n, err := client.Job.Update().Where(job.IDEQ(id), job.StateEQ("pending")).SetState("running").Save(ctx) // want `UPDATE Job \(ent JobUpdate.Save\) .* does not carry the fencing token`
	if err != nil || n == 0 {
		return err
	}
	_, err = client.Job.Update().Where(job.IDEQ(id + 1)).SetFence(3).Save(ctx) // want `UPDATE Job \(ent JobUpdate.Save\) .* does not carry the fencing token`
	return err
}

func reapEnt(ctx context.Context, client *ent.Client) error {
	_, err := client.Job.Update().Where(job.StateEQ("running")).SetState("pending").Save(ctx)
	return err
}

// The state set from a variable is no transition between constants (and
// can set any state back), and an unconditional update of one record
// (UpdateOneID) claims nothing.
func approveEntVariable(ctx context.Context, client *ent.Client, m *concurrency.Mutex, id int, next string) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	n, err := client.Job.Update().Where(job.IDEQ(id), job.StateEQ("pending")).SetState(next).Save(ctx) // want `UPDATE Job \(ent JobUpdate.Save\) .* does not carry the fencing token`
	if err != nil || n == 0 {
		return err
	}
	if err := client.Job.UpdateOneID(id).SetState("settled").Exec(ctx); err != nil { // want `UPDATE Job \(ent JobUpdateOne.Exec\) .* does not carry the fencing token`
		return err
	}
	_, err = client.Job.Update().Where(job.IDEQ(id + 1)).SetFence(3).Save(ctx) // want `UPDATE Job \(ent JobUpdate.Save\) .* does not carry the fencing token`
	return err
}
