// Package poolbootapp calls poolboot: writes made while Bootstrap's lock
// is held are judged; writes after ReleaseAdvisoryLock, handed the same
// pool, are not made under it; schema created only where absent is no
// protected write.
package poolbootapp

import (
	"context"
	"log"

	"github.com/jackc/pgx/v5/pgxpool"

	"interpkg/poolboot"
)

func fleet(ctx context.Context, pool *pgxpool.Pool) {
	if err := poolboot.Bootstrap(ctx, pool); err != nil {
		log.Print(err)
	}
	poolboot.ReleaseAdvisoryLock(ctx, pool)
	_ = poolboot.SetConfig(ctx, pool, "mode", "fleet") // released above on the same pool
}

func standalone(ctx context.Context, pool *pgxpool.Pool) error {
	if err := poolboot.Bootstrap(ctx, pool); err != nil {
		return err
	}
	defer poolboot.ReleaseAdvisoryLock(ctx, pool)
	if err := poolboot.EnsureSchema(ctx, pool); err != nil { // creates only what is absent
		return err
	}
	if err := poolboot.Reset(ctx, pool); err != nil { // want `DROP .*under the SQL advisory lock acquired at`
		return err
	}
	return poolboot.SetConfig(ctx, pool, "mode", "standalone") // want `UPDATE config .*under the SQL advisory lock acquired at`
}

func otherPool(ctx context.Context, pool, other *pgxpool.Pool) error {
	if err := poolboot.Bootstrap(ctx, pool); err != nil {
		return err
	}
	poolboot.ReleaseAdvisoryLock(ctx, other) // another pool: the lock on pool stays held
	return poolboot.SetConfig(ctx, pool, "mode", "x") // want `UPDATE config .*under the SQL advisory lock acquired at`
}

func suppressed(ctx context.Context, pool *pgxpool.Pool) error {
	if err := poolboot.Bootstrap(ctx, pool); err != nil {
		return err
	}
	//lint:ignore FC1001 the configuration is rewritten by every instance at start
	return poolboot.SetConfig(ctx, pool, "mode", "y")
}
