// Package sqlfence exercises FC3001 with random values bound to SQL fence
// columns and ordered in Go.
package sqlfence

import (
	"context"
	crand "crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"math/big"
	"math/rand"

	"github.com/google/uuid"
	"go.etcd.io/etcd/client/v3/concurrency"
)

var errStale = errors.New("stale lock holder")

// The seed bug: a UUID written as the fence of a fenced UPDATE.
func uuidFence(ctx context.Context, db *sql.DB, m *concurrency.Mutex, id int64) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	tok := uuid.NewString()
	_, err := db.ExecContext(ctx, `UPDATE accounts SET state = 'x', fence_token = $1 WHERE id = $2 AND fence_token <= $1`, tok, id) // want `UPDATE accounts \(database/sql DB.ExecContext\) orders a random UUID against the fence column "fence_token" \(fence_token <= \$1\) under the etcd lock acquired at sqlfence.go:22: a random value has no order.*m.Header\(\).Revision is available`
	return err
}

// Stored only (no comparison): still a random fence.
func storedOnly(ctx context.Context, db *sql.DB, m *concurrency.Mutex, id int64) {
	if err := m.Lock(ctx); err != nil {
		return
	}
	defer m.Unlock(ctx)
	u, _ := uuid.NewRandom()
	db.ExecContext(ctx, `UPDATE jobs SET epoch = $1 WHERE id = $2`, u.String(), id) // want `UPDATE jobs .* stores a random UUID in the fence column "epoch"`
}

// crypto/rand bytes, hex-encoded, checked by equality in a non-lock table.
func cryptoBytes(ctx context.Context, db *sql.DB, m *concurrency.Mutex, id int64) {
	if err := m.Lock(ctx); err != nil {
		return
	}
	defer m.Unlock(ctx)
	b := make([]byte, 16)
	crand.Read(b)
	tok := hex.EncodeToString(b)
	db.ExecContext(ctx, `UPDATE reports SET body = 'x' WHERE id = $1 AND generation = $2`, id, tok) // want `UPDATE reports .* checks the fence column "generation" against random bytes`
}

// Equality with a random value in a fence column is an ownership check
// only in the lock's own table. "blocks" only contains "lock": it is no
// lock table, for this check as for every other.
func blocksTable(ctx context.Context, db *sql.DB, m *concurrency.Mutex, id int64) {
	if err := m.Lock(ctx); err != nil {
		return
	}
	defer m.Unlock(ctx)
	tok := uuid.NewString()
	db.ExecContext(ctx, `UPDATE blocks SET body = 'x' WHERE id = $1 AND epoch = $2`, id, tok) // want `UPDATE blocks .* checks the fence column "epoch" against a random UUID`
	db.ExecContext(ctx, `UPDATE job_locks SET note = 'x' WHERE name = $1 AND epoch = $2`, "orders", tok)
}

// A random number from math/rand and one from crypto/rand.Int.
func numbers(ctx context.Context, db *sql.DB, m *concurrency.Mutex, id int64) {
	if err := m.Lock(ctx); err != nil {
		return
	}
	defer m.Unlock(ctx)
	db.ExecContext(ctx, `UPDATE t SET v = 1, term = $1 WHERE id = $2 AND term < $1`, rand.Int63(), id) // want `orders a random number against the fence column "term"`
	n, _ := crand.Int(crand.Reader, big.NewInt(1<<62))
	db.ExecContext(ctx, `UPDATE t SET v = 2, fence = ? WHERE id = ?`, n.Int64(), id) // want `stores a random number in the fence column "fence"`
}

// A package function that returns a random value is a source too, and the
// write happens in a helper called from the section.
func newFenceToken() string { return uuid.New().String() }

func helperWrite(ctx context.Context, db *sql.DB, m *concurrency.Mutex, id int64) {
	if err := m.Lock(ctx); err != nil {
		return
	}
	defer m.Unlock(ctx)
	save(ctx, db, id, newFenceToken())
}

func save(ctx context.Context, db *sql.DB, id int64, tok string) {
	db.ExecContext(ctx, `UPDATE docs SET body = 'x', fence = $2 WHERE id = $1 AND fence <= $2`, id, tok) // want `UPDATE docs .* orders a random UUID \(returned by newFenceToken\) against the fence column "fence" \(fence <= \$2\) under the etcd lock`
}

// Ordered in Go against a stored fence.
func goCompare(ctx context.Context, db *sql.DB, m *concurrency.Mutex, id int64) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	var stored string
	if err := db.QueryRowContext(ctx, `SELECT fence FROM docs WHERE id = $1`, id).Scan(&stored); err != nil {
		return err
	}
	mine := uuid.NewString()
	if mine <= stored { // want "a random UUID is ordered like a fencing token in `mine <= stored`"
		return errStale
	}
	tok, last := rand.Int63(), int64(len(stored))
	if tok < last { // want "a random number is ordered like a fencing token in `tok < last`"
		return errStale
	}
	type record struct{ FenceToken string }
	rec := record{FenceToken: stored}
	if uuid.NewString() < rec.FenceToken { // want "ordered like a fencing token in `uuid.NewString\\(\\) < rec.FenceToken`"
		return errStale
	}
	return nil
}

// A fence written into a struct field of this package and sent later.
type job struct {
	ID    string
	Fence string
}

func structField(ctx context.Context, m *concurrency.Mutex) *job {
	if err := m.Lock(ctx); err != nil {
		return nil
	}
	defer m.Unlock(ctx)
	return &job{ID: uuid.NewString(), Fence: uuid.NewString()} // want `a random UUID is stored in the fence field job.Fence under the etcd lock`
}

// The real fence next to UUIDs used as row id and idempotency key: silent.
func realFence(ctx context.Context, db *sql.DB, m *concurrency.Mutex, id int64) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	tok := m.Header().Revision
	res, err := db.ExecContext(ctx,
		`INSERT INTO payments (id, request_id, idempotency_key, amount, fence) VALUES ($1, $2, $3, 10, $4)
		 ON CONFLICT (id) DO UPDATE SET amount = EXCLUDED.amount, fence = EXCLUDED.fence WHERE payments.fence <= EXCLUDED.fence`,
		uuid.NewString(), uuid.New(), uuid.NewString(), tok)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return errStale
	}
	return nil
}
