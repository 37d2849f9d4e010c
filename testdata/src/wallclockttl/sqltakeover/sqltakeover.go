// Package sqltakeover exercises FC4001 on hand-rolled locks kept in a
// database table or a Redis key.
package sqltakeover

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"time"

	"github.com/redis/go-redis/v9"
)

var errHeld = errors.New("lock held")

type lockRow struct {
	Name      string
	Owner     string
	ExpiresAt time.Time
}

// acquire reads the row, decides in Go with this host's clock, then
// writes.
func acquire(ctx context.Context, db *sql.DB, name, me string, ttl time.Duration) (bool, error) {
	var row lockRow
	err := db.QueryRowContext(ctx, `SELECT name, owner, expires_at FROM locks WHERE name = $1`, name).Scan(&row.Name, &row.Owner, &row.ExpiresAt)
	if err != nil {
		return false, err
	}
	if row.Owner != me && time.Now().Before(row.ExpiresAt) { // want `decides lease expiry by comparing expires_at scanned from the database with this host's clock \(time.Now\(\)\), and its result decides whether UPDATE locks`
		return false, nil
	}
	_, err = db.ExecContext(ctx, `UPDATE locks SET owner = $1, expires_at = $2 WHERE name = $3`, me, time.Now().Add(ttl), name)
	return err == nil, err
}

// takeoverMySQL lets the database compare, but with this host's clock.
func takeoverMySQL(ctx context.Context, db *sql.DB, name, me string, ttl time.Duration) (bool, error) {
	res, err := db.ExecContext(ctx, "UPDATE locks SET owner = ?, expires_at = ? WHERE name = ? AND expires_at < ?", // want `UPDATE locks \(database/sql DB.ExecContext\) takes a lease over by comparing expires_at with time.Now\(\), a time computed from this host's clock: .*compare with now\(\)`
		me, time.Now().Add(ttl), name, time.Now())
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// claimJob is a lease on a job row, with the clock reading in a variable.
func claimJob(ctx context.Context, db *sql.DB, id int64, worker string) error {
	now := time.Now()
	_, err := db.ExecContext(ctx, `UPDATE jobs SET claimed_by = $1, claim_until = $2 WHERE id = $3 AND claim_until < $4`, worker, now.Add(time.Minute), id, now) // want `UPDATE jobs .* takes a lease over by comparing claim_until with now`
	return err
}

// redisTakeover compares a Unix timestamp stored next to the lock key.
func redisTakeover(ctx context.Context, rdb *redis.Client, me string) error {
	exp, err := rdb.Get(ctx, "lock:report:expires").Int64()
	if err != nil {
		return err
	}
	if time.Now().Unix() < exp { // want `a value read from the Redis lock key with this host's clock .* go-redis Set of the lock key`
		return errHeld
	}
	return rdb.Set(ctx, "lock:report", me, 30*time.Second).Err()
}

type leaseRecord struct {
	Holder    string    `json:"holder"`
	RenewedAt time.Time `json:"renewed_at"`
}

func load(ctx context.Context, rdb *redis.Client) (*leaseRecord, error) {
	raw, err := rdb.Get(ctx, "leases/report").Bytes()
	if err != nil {
		return nil, err
	}
	var rec leaseRecord
	if err := json.Unmarshal(raw, &rec); err != nil {
		return nil, err
	}
	return &rec, nil
}

// expired is a verdict on a record decoded from JSON.
func (r *leaseRecord) expired(ttl time.Duration) bool {
	return time.Since(r.RenewedAt) > ttl // want `time.Since\(r.RenewedAt\) > ttl. decides lease expiry .* and expired returns the result as its verdict`
}

// parsed timestamps have no monotonic reading either.
func (r *leaseRecord) expiredText(ctx context.Context, db *sql.DB, stamp, me string) error {
	until, err := time.Parse(time.RFC3339, stamp)
	if err != nil {
		return err
	}
	if until.UTC().After(time.Now().UTC()) { // want `a parsed timestamp \(time.Parse\)`
		return errHeld
	}
	_, err = db.ExecContext(ctx, `UPDATE locks SET owner = $1 WHERE name = 'report'`, me)
	return err
}

// pgUpsert takes a lease in one upsert, with this host's clock.
func pgUpsert(ctx context.Context, db *sql.DB, name, me string, ttl time.Duration) error {
	_, err := db.ExecContext(ctx, // want `INSERT leases .* takes a lease over by comparing expires_at with time.Now\(\).Add\(-time.Second\)`
		`INSERT INTO leases (name, holder, expires_at) VALUES ($1, $2, $3)
		ON CONFLICT (name) DO UPDATE SET holder = EXCLUDED.holder, expires_at = EXCLUDED.expires_at
		WHERE leases.expires_at < $4`, name, me, time.Now().Add(ttl), time.Now().Add(-time.Second))
	return err
}

// holdsLock answers "do I still hold it?" from rows of the lock table.
func holdsLock(ctx context.Context, db *sql.DB, me string) (bool, error) {
	rows, err := db.QueryContext(ctx, `SELECT owner, expires_at FROM locks WHERE name = 'report'`)
	if err != nil {
		return false, err
	}
	defer rows.Close()
	for rows.Next() {
		var owner string
		var until time.Time
		if err := rows.Scan(&owner, &until); err != nil {
			return false, err
		}
		if owner == me && until.Sub(time.Now()) > 0 { // want `until scanned from the database .* and holdsLock returns the result as its verdict`
			return true, nil
		}
	}
	return false, rows.Err()
}
