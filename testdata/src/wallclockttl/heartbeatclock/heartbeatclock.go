// Package heartbeatclock: a worker's heartbeat stamped with this host's
// clock into a column that a reaper compares with the database's clock.
// Nothing else stores this host's clock into the column, so the heartbeat
// is where the two clocks meet.
package heartbeatclock

import (
	"context"
	"database/sql"
	"time"
)

func Heartbeat(ctx context.Context, db *sql.DB, id string) error {
	_, err := db.ExecContext(ctx, `UPDATE jobs SET heartbeat_at = $1 WHERE id = $2 AND state = 'running'`,
		time.Now(), id) // want `UPDATE jobs \(database/sql DB.ExecContext\) stores time.Now\(\), an instant computed from this host's clock \(time.Now\(\)\), into the lease column heartbeat_at, which the database compares with its own clock \(heartbeat_at < the database's clock\) at heartbeatclock.go:\d+`
	return err
}

func ReapStalled(ctx context.Context, db *sql.DB) error {
	_, err := db.ExecContext(ctx, `UPDATE jobs SET state = 'failed' WHERE state = 'running' AND heartbeat_at < NOW() - INTERVAL '1 minute'`)
	return err
}

// Look-alike: the heartbeat is the database's own clock.
func HeartbeatNow(ctx context.Context, db *sql.DB, id string) error {
	_, err := db.ExecContext(ctx, `UPDATE tasks SET heartbeat_at = now() WHERE id = $1`, id)
	return err
}

func ReapTasks(ctx context.Context, db *sql.DB) error {
	_, err := db.ExecContext(ctx, `UPDATE tasks SET state = 'failed' WHERE heartbeat_at < NOW() - INTERVAL '1 minute'`)
	return err
}

// Look-alike: a host-clock stamp nobody compares with the database's
// clock (only shown to people).
func Touch(ctx context.Context, db *sql.DB, id string) error {
	_, err := db.ExecContext(ctx, `UPDATE workers SET heartbeat_at = $1 WHERE id = $2`, time.Now(), id)
	return err
}

// Look-alike: the acquisition stores this host's clock too and is
// reported (one finding per column): its renewal repeats it.
func Acquire(ctx context.Context, db *sql.DB, name, me string, ttl time.Duration) error {
	_, err := db.ExecContext(ctx, `INSERT INTO leases (name, holder, expires_at) VALUES ($1, $2, $3)`, name, me, time.Now().Add(ttl)) // want `INSERT leases .* into the lease column expires_at, which the database compares with its own clock`
	return err
}

func Renew(ctx context.Context, db *sql.DB, name, me string, ttl time.Duration) error {
	_, err := db.ExecContext(ctx, `UPDATE leases SET expires_at = $1 WHERE name = $2 AND holder = $3`, time.Now().Add(ttl), name, me)
	return err
}

func TakeOver(ctx context.Context, db *sql.DB, name, me string) error {
	_, err := db.ExecContext(ctx, `UPDATE leases SET holder = $1 WHERE name = $2 AND expires_at < NOW()`, me, name)
	return err
}

// Suppressed.
func HeartbeatQuiet(ctx context.Context, db *sql.DB, id string) error {
	//lint:ignore FC4001 the hosts run chrony against the database host
	_, err := db.ExecContext(ctx, `UPDATE runs SET heartbeat_at = $1 WHERE id = $2`, time.Now(), id)
	return err
}

func ReapRuns(ctx context.Context, db *sql.DB) error {
	_, err := db.ExecContext(ctx, `DELETE FROM runs WHERE heartbeat_at < NOW() - INTERVAL '5 minutes'`)
	return err
}
