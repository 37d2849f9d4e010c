// Package sessionapp calls sessionstep under a Redis lock.
package sessionapp

import (
	"context"
	"database/sql"
	"time"

	"github.com/bsm/redislock"

	"interpkg/sessionstep"
)

func migrate(ctx context.Context, locker *redislock.Client, conn *sql.Conn) error {
	l, err := locker.Obtain(ctx, "lock:migrate", time.Minute, nil)
	if err != nil {
		return err
	}
	defer l.Release(ctx)
	if err := sessionstep.Apply(ctx, conn, 2); err != nil { // fenced by Apply's own session lock
		return err
	}
	return sessionstep.Record(ctx, conn, 3) // want `UPDATE schema_version .*under the redislock lock acquired at`
}
