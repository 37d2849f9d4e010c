// Package sqllease exercises FC5002 with hand-rolled SQL leases renewed
// in the same function (go-workflows' ExtendActivityTask shape).
package sqllease

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log"
	"log/slog"
	"time"
)

var ErrLeaseLost = errors.New("lease lost")

type backend struct {
	db     *sql.DB
	worker string
}

// The rows affected of the renewal are thrown away.
func (b *backend) ExtendActivityTask(ctx context.Context, id string) error {
	tx, err := b.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	until := time.Now().Add(time.Minute)
	_, err = tx.ExecContext(ctx, `UPDATE activities SET locked_until = ? WHERE activity_id = ? AND worker = ?`, until, id, b.worker) // want `the rows affected by this lease renewal \(UPDATE activities SET locked_until ... WHERE ... worker = \?\) are discarded: when the lease is gone \(expired and taken by another holder, or the record reaped out of the state it was claimed in\), the renewal matches no row and still succeeds.*check RowsAffected\(\)`
	if err != nil {
		return fmt.Errorf("extending activity lock: %w", err)
	}
	return tx.Commit()
}

// The result is kept but RowsAffected is never read.
func (b *backend) heartbeat(ctx context.Context, id int64) error {
	res, err := b.db.ExecContext(ctx, `UPDATE jobs SET heartbeat_at = now() WHERE id = $1 AND claimed_by = $2`, id, b.worker) // want `the rows affected by this lease renewal \(UPDATE jobs SET heartbeat_at ... WHERE ... claimed_by = \$2\) are never checked`
	if err != nil {
		return err
	}
	n, _ := res.RowsAffected()
	log.Printf("renewed %d rows", n)
	return nil
}

// A call statement: everything is thrown away.
func (b *backend) renewLockRow(ctx context.Context, name string) {
	b.db.ExecContext(ctx, `UPDATE locks SET expires_at = now() + interval '30 seconds' WHERE name = $1 AND owner = $2`, name, b.worker) // want `the rows affected by this lease renewal \(UPDATE locks SET expires_at ... WHERE ... owner = \$2\) are discarded`
}

// A renewal with RETURNING whose ErrNoRows is only logged while the loop
// goes on.
func (b *backend) keepAlive(ctx context.Context, id int64) {
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			var until time.Time
			err := b.db.QueryRowContext(ctx, `UPDATE leases SET lease_expires_at = now() + interval '1 minute' WHERE id = $1 AND locked_by = $2 RETURNING lease_expires_at`, id, b.worker).Scan(&until) // want `the error of this lease renewal \(UPDATE leases SET lease_expires_at ... WHERE ... locked_by = \$2 ... RETURNING\) is only logged and the code goes on as if the lease were renewed: ErrNoRows here means the row no longer names this holder`
			if err != nil {
				slog.Warn("heartbeat failed", slog.Any("error", err))
				continue
			}
		}
	}
}

// --- must stay silent ---

// go-workflows' ExtendWorkflowTask: RowsAffected == 0 is an error.
func (b *backend) ExtendWorkflowTask(ctx context.Context, id, execution string) error {
	tx, err := b.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	until := time.Now().Add(time.Minute)
	res, err := tx.ExecContext(ctx, `UPDATE instances SET locked_until = ? WHERE instance_id = ? AND execution_id = ? AND worker = ?`, until, id, execution, b.worker)
	if err != nil {
		return fmt.Errorf("extending workflow task lock: %w", err)
	}
	if rowsAffected, err := res.RowsAffected(); err != nil {
		return fmt.Errorf("determining if workflow task was extended: %w", err)
	} else if rowsAffected == 0 {
		return errors.New("could not extend workflow task")
	}
	return tx.Commit()
}

// The result is handed to the caller.
func (b *backend) extendResult(ctx context.Context, id string) (sql.Result, error) {
	return b.db.ExecContext(ctx, `UPDATE activities SET locked_until = now() WHERE activity_id = ? AND worker = ?`, id, b.worker)
}

// The count is returned.
func (b *backend) extendCount(ctx context.Context, id string) (int64, error) {
	res, err := b.db.ExecContext(ctx, `UPDATE activities SET locked_until = now() WHERE activity_id = ? AND worker = ?`, id, b.worker)
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

// The RETURNING error goes back to the caller.
func (b *backend) renewReturning(ctx context.Context, id int64) error {
	var until time.Time
	err := b.db.QueryRowContext(ctx, `UPDATE leases SET lease_expires_at = now() WHERE id = $1 AND locked_by = $2 RETURNING lease_expires_at`, id, b.worker).Scan(&until)
	if errors.Is(err, sql.ErrNoRows) {
		return ErrLeaseLost
	}
	return err
}

// The heartbeat stops and cancels the work when the renewal fails.
func (b *backend) keepAliveOrCancel(ctx context.Context, id int64, cancel context.CancelFunc) {
	for {
		var until time.Time
		err := b.db.QueryRowContext(ctx, `UPDATE leases SET lease_expires_at = now() WHERE id = $1 AND locked_by = $2 RETURNING lease_expires_at`, id, b.worker).Scan(&until)
		if err != nil {
			slog.Warn("heartbeat failed", "error", err)
			cancel()
			return
		}
		time.Sleep(time.Second)
	}
}

// The error branch leaves the loop.
func (b *backend) keepAliveBreak(ctx context.Context, id int64, done chan<- struct{}) {
loop:
	for {
		var until time.Time
		if err := b.db.QueryRowContext(ctx, `UPDATE leases SET lease_expires_at = now() WHERE id = $1 AND locked_by = $2 RETURNING lease_expires_at`, id, b.worker).Scan(&until); err != nil {
			log.Println(err)
			break loop
		}
		time.Sleep(time.Second)
	}
	close(done)
}

// Not renewals: no holder in the WHERE, no expiry column, a registry row
// that is its own worker, a session table with a user owner.
func (b *backend) notRenewals(ctx context.Context, id int64, user string) {
	b.db.ExecContext(ctx, `UPDATE activities SET locked_until = now() WHERE activity_id = $1`, id)
	b.db.ExecContext(ctx, `UPDATE activities SET state = 'done' WHERE activity_id = $1 AND worker = $2`, id, b.worker)
	b.db.ExecContext(ctx, `UPDATE workers SET heartbeat_at = now() WHERE worker_id = $1`, b.worker)
	b.db.ExecContext(ctx, `UPDATE sessions SET expires_at = now() WHERE id = $1 AND owner_id = $2`, id, user)
	b.db.ExecContext(ctx, `UPDATE locks SET locked = true WHERE name = $1 AND owner = $2`, id, b.worker)
}

// --- suppressed ---

func (b *backend) bestEffort(ctx context.Context, id string) {
	//lint:ignore FC5002 the completion statement checks the worker again
	b.db.ExecContext(ctx, `UPDATE activities SET locked_until = now() WHERE activity_id = ? AND worker = ?`, id, b.worker)
}

// A release clears the expiry: not a renewal.
func (b *backend) release(ctx context.Context, id int64) {
	b.db.ExecContext(ctx, `UPDATE leases SET locked_by = NULL, lease_expires_at = NULL WHERE id = $1 AND locked_by = $2`, id, b.worker)
}

// A release that ends the lease by moving its expiry to now, in a function
// named as one: 0 rows means another holder has it, which harms nothing.
// The same statement in a renewal is reported.
func (b *backend) ReleaseSchedulerLease(ctx context.Context) {
	b.db.ExecContext(ctx, `UPDATE scheduler_leases SET lease_expires_at = now() WHERE id = 1 AND holder_id = $1`, b.worker)
}

func (b *backend) RenewSchedulerLease(ctx context.Context) {
	b.db.ExecContext(ctx, `UPDATE scheduler_leases SET lease_expires_at = now() WHERE id = 1 AND holder_id = $1`, b.worker) // want `the rows affected by this lease renewal \(UPDATE scheduler_leases SET lease_expires_at ... WHERE ... holder_id = \$1\) are discarded`
}

// A job queue's visibility lease, extended by message id with no holder in
// the WHERE, through the program's own connection wrapper and with the
// table name spliced in: the extension matches nothing once the lease ran
// out, and nobody looks.
type conn struct{ db *sql.DB }

func (c *conn) Exec(ctx context.Context, query string, args ...any) (sql.Result, error) {
	return c.db.ExecContext(ctx, query, args...)
}

type queue struct {
	c     *conn
	table string
}

func (q *queue) Extend(ctx context.Context, ids []int64, d time.Duration) error {
	_, err := q.c.Exec(ctx, `UPDATE `+q.table+` SET leased_until = now() + $1::interval WHERE id = ANY($2) AND leased_until >= now()`, d.String(), ids) // want `the rows affected by this lease renewal \(UPDATE \S+ SET leased_until ... WHERE leased_until has not passed, with no holder in its WHERE\) are discarded`
	return err
}

// The same extension, checked.
func (q *queue) ExtendChecked(ctx context.Context, id int64, d time.Duration) error {
	res, err := q.c.Exec(ctx, `UPDATE `+q.table+` SET leased_until = now() + $1::interval WHERE id = $2 AND leased_until >= now()`, d.String(), id)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return ErrLeaseLost
	}
	return nil
}

// A subscription's expiry extended: no lease word, no lease.
func (q *queue) ExtendSubscription(ctx context.Context, id int64) error {
	_, err := q.c.Exec(ctx, `UPDATE subscriptions SET expires_at = expires_at + interval '30 days' WHERE id = $1`, id)
	return err
}

// A lease column assigned by a function that is no renewal (a release).
func (q *queue) Release(ctx context.Context, id int64) error {
	_, err := q.c.Exec(ctx, `UPDATE `+q.table+` SET leased_until = NULL WHERE id = $1`, id)
	return err
}
