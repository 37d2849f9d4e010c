// Package racyclaim exercises FC2001 on locks a program keeps itself in a
// store and claims by reading the record and then writing it.
package racyclaim

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/redis/go-redis/v9"
)

// GET, then SET when the key was absent: two claimants both see it free.
func tryLock(ctx context.Context, rdb *redis.Client, job, me string) (bool, error) {
	key := "lock:job:" + job
	_, err := rdb.Get(ctx, key).Result()
	if err == nil {
		return false, nil // held by someone
	}
	if !errors.Is(err, redis.Nil) {
		return false, err
	}
	if err := rdb.Set(ctx, key, me, 30*time.Second).Err(); err != nil { // want `SET of the lock key "lock:job:"\.\.\. takes the lock on what the GET at racyclaim.go:17 read: two claimants can both read it free`
		return false, err
	}
	return true, nil
}

// The value read decides: an empty owner means free.
func claimIfFree(ctx context.Context, rdb *redis.Client, me string) bool {
	owner := rdb.Get(ctx, "leader-lock").Val()
	if owner != "" && owner != me {
		return false
	}
	rdb.Set(ctx, "leader-lock", me, time.Minute) // want `SET of the lock key "leader-lock" takes the lock`
	return true
}

// The atomic claim: silent.
func setNX(ctx context.Context, rdb *redis.Client, me string) bool {
	ok, _ := rdb.SetNX(ctx, "lock:report", me, time.Minute).Result()
	return ok
}

// A cache fill has the same shape but no lock: silent.
func cached(ctx context.Context, rdb *redis.Client, id string, load func() string) string {
	v, err := rdb.Get(ctx, "profile:"+id).Result()
	if err == redis.Nil {
		v = load()
		rdb.Set(ctx, "profile:"+id, v, time.Hour)
	}
	return v
}

// A SET that does not depend on the GET: silent.
func overwrite(ctx context.Context, rdb *redis.Client, me string) {
	prev := rdb.Get(ctx, "lock:audit").Val()
	rdb.Set(ctx, "lock:audit", me, time.Minute)
	_ = prev
}

// Inside an optimistic transaction the read and the write are atomic:
// silent.
func watched(ctx context.Context, rdb *redis.Client, me string) error {
	return rdb.Watch(ctx, func(tx *redis.Tx) error {
		if tx.Get(ctx, "lock:tx").Val() != "" {
			return errors.New("held")
		}
		tx.Set(ctx, "lock:tx", me, time.Minute)
		return nil
	}, "lock:tx")
}

// SELECT the lock row, then UPDATE it with no condition on its holder.
func claimRow(ctx context.Context, db *sql.DB, name, me string) (bool, error) {
	var owner string
	var until time.Time
	err := db.QueryRowContext(ctx, `SELECT owner, locked_until FROM job_locks WHERE name = $1`, name).Scan(&owner, &until)
	if err != nil {
		return false, err
	}
	if owner != "" && until.After(time.Now()) {
		return false, nil
	}
	_, err = db.ExecContext(ctx, `UPDATE job_locks SET owner = $1, locked_until = $2 WHERE name = $3`, me, time.Now().Add(time.Minute), name) // want `UPDATE job_locks \(database/sql DB.ExecContext\) takes the lock row on what the SELECT at racyclaim.go:79 read, with no condition on its holder or expiry`
	return err == nil, err
}

// The claim decided by the UPDATE's own condition: silent.
func claimRowAtomic(ctx context.Context, db *sql.DB, name, me string) (bool, error) {
	var owner string
	if err := db.QueryRowContext(ctx, `SELECT owner FROM job_locks WHERE name = $1`, name).Scan(&owner); err != nil {
		return false, err
	}
	if owner == me {
		return true, nil
	}
	res, err := db.ExecContext(ctx, `UPDATE job_locks SET owner = $1, locked_until = now() + interval '1 minute' WHERE name = $2 AND (owner = '' OR locked_until < now())`, me, name)
	if err != nil {
		return false, err
	}
	n, _ := res.RowsAffected()
	return n == 1, nil
}

// A status change of a row that is no lock's: silent.
func markDone(ctx context.Context, db *sql.DB, id int64) error {
	var state string
	if err := db.QueryRowContext(ctx, `SELECT state FROM jobs WHERE id = $1`, id).Scan(&state); err != nil {
		return err
	}
	if state == "done" {
		return nil
	}
	_, err := db.ExecContext(ctx, `UPDATE jobs SET state = 'done' WHERE id = $1`, id)
	return err
}

// Suppressed with a reason.
func suppressed(ctx context.Context, rdb *redis.Client, me string) {
	if rdb.Get(ctx, "lock:single").Val() == "" {
		//lint:ignore FC2001 one instance runs by deployment; the key is advisory
		rdb.Set(ctx, "lock:single", me, time.Minute)
	}
}

// An elector's renewal in two steps: GET the leader key, compare it with
// this instance, then EXPIRE it. The key can expire and another instance
// take it between the GET and the EXPIRE, which then extends the other's
// lease while both act as leader.
type elector struct {
	rdb *redis.Client
	id  string
	key string
}

func (e *elector) tryAcquire(ctx context.Context) (bool, error) {
	return e.rdb.SetNX(ctx, e.key, e.id, 10*time.Second).Result()
}

func (e *elector) renew(ctx context.Context) (bool, error) {
	val, err := e.rdb.Get(ctx, e.key).Result()
	if err == redis.Nil {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	if val != e.id {
		return false, nil
	}
	if err := e.rdb.Expire(ctx, e.key, 10*time.Second).Err(); err != nil { // want `EXPIRE of the lock key elector\.key renews the lock on what the GET at racyclaim.go:\d+ read: the key can expire and another process take it between the GET and the EXPIRE`
		return false, err
	}
	return true, nil
}

// The same with PEXPIRE on a lock-named key, the bool read: still two
// steps.
func renewNamed(ctx context.Context, rdb *redis.Client, me string) bool {
	if rdb.Get(ctx, "lock:scheduler").Val() != me {
		return false
	}
	return rdb.PExpire(ctx, "lock:scheduler", 10*time.Second).Val() // want `EXPIRE of the lock key "lock:scheduler" renews the lock on what the GET`
}

// The TTL set right after SET NX took the key: no read decides it, silent.
func acquireThenTTL(ctx context.Context, rdb *redis.Client, me string) bool {
	ok := rdb.SetNX(ctx, "lock:ttl", me, 0).Val()
	if ok {
		rdb.Expire(ctx, "lock:ttl", time.Minute)
	}
	return ok
}

// A cache entry's TTL refreshed after a hit: no lock's key, silent.
func touchCache(ctx context.Context, rdb *redis.Client, id string) string {
	v, err := rdb.Get(ctx, "profile:"+id).Result()
	if err == nil {
		rdb.Expire(ctx, "profile:"+id, time.Hour)
	}
	return v
}

// Suppressed with a reason.
func renewSuppressed(ctx context.Context, rdb *redis.Client, me string) {
	if rdb.Get(ctx, "lock:single").Val() == me {
		//lint:ignore FC2001 the key only routes alerts; two senders are harmless
		rdb.Expire(ctx, "lock:single", time.Minute)
	}
}
