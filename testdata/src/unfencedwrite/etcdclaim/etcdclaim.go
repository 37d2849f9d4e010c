// Package etcdclaim takes hand-rolled etcd leases: a transaction that
// creates the lock key only if it is absent, bound to a lease. Whoever's
// commit succeeds holds the key until the lease ends, so the work gated on
// that success needs a fence like any lock's.
package etcdclaim

import (
	"context"
	"database/sql"
	"errors"

	clientv3 "go.etcd.io/etcd/client/v3"
)

var errLocked = errors.New("locked")

type locker struct {
	cli   *clientv3.Client
	lease clientv3.LeaseID
}

// tryLock is an acquire wrapper: it returns the claim's success.
func (l *locker) tryLock(ctx context.Context, key, id string) (bool, error) {
	resp, err := l.cli.Txn(ctx).
		If(clientv3.Compare(clientv3.CreateRevision(key), "=", 0)).
		Then(clientv3.OpPut(key, id, clientv3.WithLease(l.lease))).
		Commit()
	if err != nil {
		return false, err
	}
	return resp.Succeeded, nil
}

// lock reports a lost claim as an error.
func (l *locker) lock(ctx context.Context, key, id string) error {
	resp, err := l.cli.Txn(ctx).
		If(clientv3.Compare(clientv3.Version(key), "=", 0)).
		Then(clientv3.OpPut(key, id, clientv3.WithLease(l.lease))).
		Commit()
	if err != nil {
		return err
	}
	if !resp.Succeeded {
		return errLocked
	}
	return nil
}

func (l *locker) unlock(ctx context.Context) {
	l.cli.Revoke(ctx, l.lease)
}

func inline(ctx context.Context, cli *clientv3.Client, db *sql.DB, lease clientv3.LeaseID) error {
	key := "/locks/report"
	resp, err := cli.Txn(ctx).
		If(clientv3.Compare(clientv3.CreateRevision(key), "=", 0)).
		Then(clientv3.OpPut(key, "me", clientv3.WithLease(lease))).
		Commit()
	if err != nil {
		return err
	}
	if !resp.Succeeded {
		return nil
	}
	_, err = db.ExecContext(ctx, `UPDATE reports SET state = 'done'`) // want `UPDATE reports .* under the etcd lease claim acquired at etcdclaim.go:\d+ does not carry the fencing token.*the claim's revision`
	return err
}

func viaTryLock(ctx context.Context, l *locker, db *sql.DB) error {
	ok, err := l.tryLock(ctx, "/locks/job", "me")
	if err != nil || !ok {
		return err
	}
	defer l.unlock(ctx)
	_, err = db.ExecContext(ctx, `UPDATE jobs SET state = 'run'`) // want `UPDATE jobs .* under the etcd lease claim`
	return err
}

func viaLock(ctx context.Context, l *locker, db *sql.DB) error {
	if err := l.lock(ctx, "/locks/job", "me"); err != nil {
		return err
	}
	_, err := db.ExecContext(ctx, `UPDATE jobs SET state = 'locked'`) // want `UPDATE jobs .* under the etcd lease claim`
	l.unlock(ctx)
	_, err = db.ExecContext(ctx, `UPDATE jobs SET state = 'released'`) // after the lease is revoked: no lock held
	return err
}

func suppressed(ctx context.Context, l *locker, db *sql.DB) error {
	if err := l.lock(ctx, "/locks/audit", "me"); err != nil {
		return err
	}
	//lint:ignore FC1001 the audit log tolerates a duplicate line
	_, err := db.ExecContext(ctx, `INSERT INTO audit(msg) VALUES ('ran')`)
	return err
}

// createOnce creates a record if it is absent, with no lease: it never
// expires, so nobody can take it over and nothing needs a fence.
func createOnce(ctx context.Context, cli *clientv3.Client, db *sql.DB) error {
	key := "/accounts/alice"
	resp, err := cli.Txn(ctx).
		If(clientv3.Compare(clientv3.CreateRevision(key), "=", 0)).
		Then(clientv3.OpPut(key, "x")).
		Commit()
	if err != nil || !resp.Succeeded {
		return err
	}
	_, err = db.ExecContext(ctx, `UPDATE accounts SET created = true`)
	return err
}

// casUpdate swaps a value read before (ModRevision): a compare-and-swap,
// not a claim.
func casUpdate(ctx context.Context, cli *clientv3.Client, db *sql.DB, lease clientv3.LeaseID, rev int64) error {
	key := "/cfg"
	resp, err := cli.Txn(ctx).
		If(clientv3.Compare(clientv3.ModRevision(key), "=", rev)).
		Then(clientv3.OpPut(key, "v", clientv3.WithLease(lease))).
		Commit()
	if err != nil || !resp.Succeeded {
		return err
	}
	_, err = db.ExecContext(ctx, `UPDATE cfg SET applied = true`)
	return err
}

// otherKey demands one key's absence and writes another: no claim of the
// key it writes.
func otherKey(ctx context.Context, cli *clientv3.Client, db *sql.DB, lease clientv3.LeaseID) error {
	resp, err := cli.Txn(ctx).
		If(clientv3.Compare(clientv3.CreateRevision("/maintenance"), "=", 0)).
		Then(clientv3.OpPut("/heartbeat/me", "up", clientv3.WithLease(lease))).
		Commit()
	if err != nil || !resp.Succeeded {
		return err
	}
	_, err = db.ExecContext(ctx, `UPDATE nodes SET up = true`)
	return err
}

// keepsRevision keeps the claim's revision and compares it in the write:
// fenced.
func keepsRevision(ctx context.Context, cli *clientv3.Client, db *sql.DB, lease clientv3.LeaseID) error {
	key := "/locks/billing"
	resp, err := cli.Txn(ctx).
		If(clientv3.Compare(clientv3.CreateRevision(key), "=", 0)).
		Then(clientv3.OpPut(key, "me", clientv3.WithLease(lease))).
		Commit()
	if err != nil || !resp.Succeeded {
		return err
	}
	res, err := db.ExecContext(ctx, `UPDATE billing SET state = 'done' WHERE fence <= $1`, resp.Header.Revision)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return errLocked
	}
	return nil
}

// Silent: the same create-if-absent transaction registering a unique
// instance key (no lock's name on the key or the function) takes no lock.
func register(ctx context.Context, cli *clientv3.Client, db *sql.DB, lease clientv3.LeaseID) error {
	key := "/services/api/instance-1"
	resp, err := cli.Txn(ctx).
		If(clientv3.Compare(clientv3.CreateRevision(key), "=", 0)).
		Then(clientv3.OpPut(key, "addr", clientv3.WithLease(lease))).
		Commit()
	if err != nil || !resp.Succeeded {
		return err
	}
	_, err = db.ExecContext(ctx, `UPDATE instances SET up = true`)
	return err
}
