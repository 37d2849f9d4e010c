// Package leaserow: a lease row's own statements (its release, compared
// with the holder and the epoch) are the lock's protocol, whether or not
// their outcome is read; a protected write that carries the epoch still
// has its outcome judged.
package leaserow

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Elector struct {
	db       *pgxpool.Pool
	instance string
	epoch    int64
}

func (e *Elector) TryAcquire(ctx context.Context) (int64, error) {
	var epoch int64
	err := e.db.QueryRow(ctx, `INSERT INTO leader_leases (lock_id, instance_id, epoch, expires_at)
		VALUES (1, $1, 1, NOW() + INTERVAL '30 seconds')
		ON CONFLICT (lock_id) DO UPDATE SET instance_id = $1, epoch = leader_leases.epoch + 1, expires_at = NOW() + INTERVAL '30 seconds'
		WHERE leader_leases.expires_at < NOW()
		RETURNING epoch`, e.instance).Scan(&epoch)
	return epoch, err
}

func (e *Elector) Run(ctx context.Context, report string) error {
	epoch, err := e.TryAcquire(ctx)
	if err != nil {
		return err
	}
	e.db.Exec(ctx, `UPDATE reports SET body = $1, epoch = $2 WHERE id = 1 AND epoch <= $2`, report, epoch) // want `UPDATE reports .* carries the fencing token but its outcome is never checked`
	e.db.Exec(ctx, `DELETE FROM leader_leases WHERE lock_id = 1 AND instance_id = $1 AND epoch = $2`, e.instance, epoch)
	return nil
}

// Suppressed.
func (e *Elector) RunQuiet(ctx context.Context, report string) error {
	epoch, err := e.TryAcquire(ctx)
	if err != nil {
		return err
	}
	//lint:ignore FC1002 a rejected report is rewritten by the next leader
	e.db.Exec(ctx, `UPDATE reports SET body = $1, epoch = $2 WHERE id = 1 AND epoch <= $2`, report, epoch)
	return nil
}
