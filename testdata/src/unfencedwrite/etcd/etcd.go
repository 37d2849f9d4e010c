// Package etcd exercises FC1001 with etcd's concurrency.Mutex and Election.
package etcd

import (
	"context"
	"database/sql"
	"errors"
	"strconv"

	clientv3 "go.etcd.io/etcd/client/v3"
	"go.etcd.io/etcd/client/v3/concurrency"
)

var errStale = errors.New("stale lock holder")

// The seed bug: a plain UPDATE while holding the lock.
func unfenced(ctx context.Context, db *sql.DB, s *concurrency.Session, id int64, state string) error {
	m := concurrency.NewMutex(s, "/locks/accounts")
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	_, err := db.ExecContext(ctx, `UPDATE accounts SET state = $1 WHERE id = $2`, state, id) // want `UPDATE accounts \(database/sql DB.ExecContext\) under the etcd lock acquired at etcd.go:19 does not carry the fencing token: the statement does not compare the fencing token.*m.Header\(\).Revision is available`
	return err
}

// The seed fix: the token is compared in the WHERE clause and the outcome checked.
func fenced(ctx context.Context, db *sql.DB, m *concurrency.Mutex, id int64, state string) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	tok := m.Header().Revision
	res, err := db.ExecContext(ctx,
		`UPDATE accounts SET state = $1, fence_token = $2 WHERE id = $3 AND fence_token <= $2`, state, tok, id)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return errStale
	}
	return nil
}

// The outbox of FC1003's page: an INSERT ... SELECT that inserts only when
// the token is at least the largest fence already written.
func fencedOutbox(ctx context.Context, db *sql.DB, m *concurrency.Mutex, id int64, body []byte) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	tok := m.Header().Revision
	res, err := db.ExecContext(ctx,
		`INSERT INTO outbox(id, body, fence) SELECT $1, $2, $3
		 WHERE $3 >= (SELECT coalesce(max(fence), 0) FROM outbox)`, id, body, tok)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return errStale
	}
	return nil
}

// FC2002's page: the fence read FOR UPDATE on the write's transaction and
// compared in Go; the row lock holds every other writer off until Commit.
func lockedRead(ctx context.Context, db *sql.DB, m *concurrency.Mutex, id int64, state string) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	tok := m.Header().Revision
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var current int64
	err = tx.QueryRowContext(ctx, `SELECT fence_token FROM accounts WHERE id = $1 FOR UPDATE`, id).Scan(&current)
	if err != nil {
		return err
	}
	if current > tok {
		return errStale
	}
	if _, err := tx.ExecContext(ctx, `UPDATE accounts SET state = $1, fence_token = $2 WHERE id = $3`, state, tok, id); err != nil {
		return err
	}
	return tx.Commit()
}

// A wrapper that returns the mutex it locked: the caller can read the token
// from it, and the finding says so.
func acquireAccounts(ctx context.Context, s *concurrency.Session) (*concurrency.Mutex, error) {
	m := concurrency.NewMutex(s, "/locks/accounts")
	if err := m.Lock(ctx); err != nil {
		return nil, err
	}
	return m, nil
}

func viaReturningWrapper(ctx context.Context, db *sql.DB, s *concurrency.Session, id int64) error {
	lk, err := acquireAccounts(ctx, s)
	if err != nil {
		return err
	}
	defer lk.Unlock(ctx)
	_, err = db.ExecContext(ctx, `UPDATE accounts SET state = 'x' WHERE id = $1`, id) // want `UPDATE accounts .* under the etcd lock acquired at etcd.go:\d+ does not carry the fencing token: .*; lk.Header\(\).Revision is available`
	return err
}

// A wrapper that keeps the mutex to itself.
func acquireHidden(ctx context.Context, s *concurrency.Session) error {
	m := concurrency.NewMutex(s, "/locks/accounts")
	return m.Lock(ctx)
}

func viaHidingWrapper(ctx context.Context, db *sql.DB, s *concurrency.Session, id int64) error {
	if err := acquireHidden(ctx, s); err != nil {
		return err
	}
	_, err := db.ExecContext(ctx, `UPDATE accounts SET state = 'x' WHERE id = $1`, id) // want `this wrapper does not return it`
	return err
}

// MySQL placeholders and a token that went through a local variable and a conversion.
func fencedQuestion(ctx context.Context, db *sql.DB, m *concurrency.Mutex, id int64) error {
	if err := m.TryLock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	hdr := m.Header()
	tok := uint64(hdr.Revision)
	_, err := db.ExecContext(ctx, "UPDATE jobs SET state = 'done', fence = ? WHERE id = ? AND fence <= ?", tok, id, tok)
	return err
}

// The traps: the token is present but not enforced.
func traps(ctx context.Context, db *sql.DB, m *concurrency.Mutex, id int64) {
	if m.Lock(ctx) != nil {
		return
	}
	tok := m.Header().Revision
	db.ExecContext(ctx, `UPDATE t SET v = 1, fence = $2 WHERE id = $1`, id, tok)              // want `the token is stored but never compared, so a holder paused past its lease would still apply it;`
	db.ExecContext(ctx, `UPDATE t SET v = 1 WHERE id = $1 OR fence <= $2`, id, tok)           // want `compared only under OR or NOT, not on every path, so a holder paused`
	db.ExecContext(ctx, `UPDATE t SET v = 1 WHERE id = $1 AND fence >= $2`, id, tok)          // want `fence comparison is reversed \(the column must be <= the token, not >=; stale holders pass and new ones are rejected\), so a holder paused`
	db.ExecContext(ctx, `UPDATE t SET v = 1 WHERE id = $1 AND fence <= $2`, id, id)           // want `does not compare the fencing token`
	m.Unlock(ctx)
	db.ExecContext(ctx, `UPDATE t SET v = 2 WHERE id = $1`, id) // after Unlock: outside the section
}

// etcd itself: Put is unconditional, a Txn guarded by IsOwner is fenced,
// and a Put bound to the session lease dies with the lease.
func etcdWrites(ctx context.Context, cli *clientv3.Client, s *concurrency.Session, m *concurrency.Mutex) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	cli.Put(ctx, "/config/leader", "me") // want `etcd Put \(etcd KV.Put\) under the etcd lock .*Txn\(ctx\).If\(m.IsOwner\(\)\)`
	cli.Get(ctx, "/config/leader")       // a read
	cli.Put(ctx, "/members/me", "addr", clientv3.WithLease(s.Lease()))
	resp, err := cli.Txn(ctx).If(m.IsOwner()).Then(clientv3.OpPut("/config/leader", "me")).Commit()
	if err != nil {
		return err
	}
	if !resp.Succeeded {
		return errStale
	}
	rev := m.Header().Revision
	cli.Txn(ctx).If(clientv3.Compare(clientv3.CreateRevision(m.Key()), "=", rev)).Then(clientv3.OpDelete("/x")).Commit()
	cli.Txn(ctx).If().Then(clientv3.OpDelete("/x")).Commit() // want `etcd transaction .*its If\(\) does not compare the lock's revision`
	return nil
}

// An election: the fence is e.Rev(), sent as a string in an HTTP-free way.
func election(ctx context.Context, db *sql.DB, e *concurrency.Election) error {
	if err := e.Campaign(ctx, "me"); err != nil {
		return err
	}
	term := strconv.FormatInt(e.Rev(), 10)
	db.ExecContext(ctx, `INSERT INTO leaders(name, term) VALUES ($1, $2)`, "me", term) // want `INSERT leaders .* under the etcd election .*e.Rev\(\) is available`
	_, err := db.ExecContext(ctx, `UPDATE leader SET name = $1, term = $2 WHERE term < $2`, "me", term)
	return err
}

// Failure path: the write happens only when Lock failed, outside the section.
func failurePath(ctx context.Context, db *sql.DB, m *concurrency.Mutex) {
	if err := m.Lock(ctx); err != nil {
		db.ExecContext(ctx, `INSERT INTO lock_failures(at) VALUES (now())`)
		return
	}
	m.Unlock(ctx)
}

// Connecting to etcd under a lock: the client lists the cluster's members
// while it connects, an RPC of the library's own protocol, not an effect.
func connectUnderLock(ctx context.Context, m *concurrency.Mutex) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	cli, err := clientv3.New(clientv3.Config{})
	if err != nil {
		return err
	}
	return cli.Close()
}
