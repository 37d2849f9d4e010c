// Package worker uses the hand-rolled lock of package redislocks.
package worker

import (
	"context"
	"database/sql"

	"github.com/redis/go-redis/v9"
	"interpkg/redislocks"
)

func run(ctx context.Context, rdb *redis.Client, db *sql.DB) error {
	ok, err := redislocks.Acquire(ctx, rdb, "billing", "me")
	if err != nil || !ok {
		db.ExecContext(ctx, `INSERT INTO skipped(at) VALUES (now())`) // not acquired
		return err
	}
	defer redislocks.Release(ctx, rdb, "billing", "me")
	_, err = db.ExecContext(ctx, `UPDATE invoices SET state = 'sent' WHERE state = 'due'`) // want `UPDATE invoices .* under the Redis SET NX lock .*wrapper|UPDATE invoices .* under the Redis SET NX lock`
	return err
}
