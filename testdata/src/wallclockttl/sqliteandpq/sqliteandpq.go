// Package sqliteandpq: a package that also imports a database server's
// driver may run the statement on the server: still judged.
package sqliteandpq

import (
	"context"
	"database/sql"
	"time"

	_ "github.com/lib/pq"
	_ "modernc.org/sqlite"
)

type store struct{ db *sql.DB }

// claim takes a task whose lease expired by this process's clock and
// writes its own expiry from the same clock.
func (s *store) claim(ctx context.Context, worker string, ttl time.Duration) error {
	now := time.Now()
	row := s.db.QueryRowContext(ctx, `SELECT id FROM tasks WHERE locked_until IS NULL OR locked_until < $1 LIMIT 1`, now)
	var id int
	if err := row.Scan(&id); err != nil {
		return err
	}
	_, err := s.db.ExecContext(ctx, `UPDATE tasks SET locked_until = $1, worker = $2 WHERE id = $3`, now.Add(ttl), worker, id) // want `UPDATE tasks .* stores now.Add\(ttl\), an expiry computed from this host's clock`
	return err
}

type lease struct {
	Holder    string
	ExpiresAt time.Time
}

// The holder's expiry scanned back and compared in Go with this process's
// clock.
func (s *store) leaseHeld(ctx context.Context, worker string) (bool, error) {
	var l lease
	if err := s.db.QueryRowContext(ctx, `SELECT holder, expires_at FROM leases WHERE holder = $1`, worker).Scan(&l.Holder, &l.ExpiresAt); err != nil {
		return false, err
	}
	return l.ExpiresAt.After(time.Now()), nil // want `l.ExpiresAt.After\(time.Now\(\)\). decides lease expiry`
}
