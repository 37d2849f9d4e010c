package racyclaim

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/redis/go-redis/v9"
)

// Leases kept as rows, one per grant, taken by inserting a row.

var errHeld = errors.New("held")

// Counted, then inserted: two agents both count none and both insert.
func acquireLease(ctx context.Context, db *sql.DB, action, agent string, ttl time.Duration) error {
	var n int
	now := time.Now()
	if err := db.QueryRowContext(ctx, `SELECT COUNT(*) FROM leases WHERE action_id = $1 AND status = 'active' AND expires_at > $2`, action, now).Scan(&n); err != nil {
		return err
	}
	if n > 0 {
		return errHeld
	}
	_, err := db.ExecContext(ctx, `INSERT INTO leases (action_id, agent_id, expires_at, status) VALUES ($1, $2, $3, 'active')`, action, agent, now.Add(ttl)) // want `INSERT into leases creates a lease on what the count of live leases at insertclaim.go:20 read`
	return err
}

type leaseStore struct{ db *sql.DB }

func (s *leaseStore) isLocked(ctx context.Context, action string) (bool, error) {
	var n int
	err := s.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM leases WHERE action_id = $1 AND expires_at > now()`, action).Scan(&n)
	return n > 0, err
}

func (s *leaseStore) insert(ctx context.Context, action, agent string) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO leases (action_id, agent_id, expires_at) VALUES ($1, $2, now() + interval '5 minutes')`, action, agent)
	return err
}

// The same through the store's helpers.
func (s *leaseStore) acquire(ctx context.Context, action, agent string) error {
	locked, err := s.isLocked(ctx, action)
	if err != nil {
		return err
	}
	if locked {
		return errHeld
	}
	return s.insert(ctx, action, agent) // want `INSERT into leases creates a lease on what the count of live leases at insertclaim.go:45 read`
}

// Silent: the store decides (a unique key, ON CONFLICT DO NOTHING).
func acquireOnConflict(ctx context.Context, db *sql.DB, action, agent string) (bool, error) {
	var n int
	if err := db.QueryRowContext(ctx, `SELECT COUNT(*) FROM leases WHERE action_id = $1 AND expires_at > now()`, action).Scan(&n); err != nil || n > 0 {
		return false, err
	}
	res, err := db.ExecContext(ctx, `INSERT INTO leases (action_id, agent_id, expires_at) VALUES ($1, $2, now() + interval '5 minutes') ON CONFLICT (action_id) DO NOTHING`, action, agent)
	if err != nil {
		return false, err
	}
	rows, err := res.RowsAffected()
	return rows == 1, err
}

// Silent: a count that asks for no lease in force (a quota), then an
// insert.
func addOrder(ctx context.Context, db *sql.DB, user string) error {
	var n int
	if err := db.QueryRowContext(ctx, `SELECT COUNT(*) FROM orders WHERE user_id = $1 AND status = 'open'`, user).Scan(&n); err != nil {
		return err
	}
	if n >= 3 {
		return errHeld
	}
	_, err := db.ExecContext(ctx, `INSERT INTO orders (user_id, status) VALUES ($1, 'open')`, user)
	return err
}

// Silent: counted and inserted under a lock.
func acquireUnderLock(ctx context.Context, rdb *redis.Client, db *sql.DB, action, agent string) error {
	ok, err := rdb.SetNX(ctx, "lock:lease:"+action, agent, 10*time.Second).Result()
	if err != nil || !ok {
		return err
	}
	defer rdb.Del(ctx, "lock:lease:"+action)
	var n int
	if err := db.QueryRowContext(ctx, `SELECT COUNT(*) FROM leases WHERE action_id = $1 AND expires_at > now()`, action).Scan(&n); err != nil || n > 0 {
		return err
	}
	_, err = db.ExecContext(ctx, `INSERT INTO leases (action_id, agent_id, expires_at) VALUES ($1, $2, now() + interval '5 minutes')`, action, agent)
	return err
}

// Suppressed.
func acquireSuppressed(ctx context.Context, db *sql.DB, action, agent string) error {
	var n int
	if err := db.QueryRowContext(ctx, `SELECT COUNT(*) FROM leases WHERE action_id = $1 AND expires_at > now()`, action).Scan(&n); err != nil || n > 0 {
		return err
	}
	//lint:ignore FC2001 a unique partial index on leases(action_id) WHERE status = 'active' refuses the second row
	_, err := db.ExecContext(ctx, `INSERT INTO leases (action_id, agent_id, expires_at) VALUES ($1, $2, now() + interval '5 minutes')`, action, agent)
	return err
}

// Silent: a count of waivers still in force decides whether to file a
// request, a row that holds no deadline (not a lease the count counts).
func requestApproval(ctx context.Context, db *sql.DB, user, host string) error {
	var n int
	if err := db.QueryRowContext(ctx, `SELECT COUNT(*) FROM command_approvals WHERE status = 'approved' AND user_id = $1 AND expires_at > now()`, user).Scan(&n); err != nil || n > 0 {
		return err
	}
	_, err := db.ExecContext(ctx, `INSERT INTO command_approvals (user_id, host) VALUES ($1, $2)`, user, host)
	return err
}
