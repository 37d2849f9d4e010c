// Package lockfactory: work under a lock object made by the application's
// factory, taken through the interface it returns.
package lockfactory

import (
	"context"
	"database/sql"

	"unfencedwrite/lockfactory/dlock"
)

type Service struct {
	Locks dlock.LockManager
	DB    *sql.DB
}

func (s *Service) PayNotify(ctx context.Context, trade string) error {
	lock := s.Locks.NewLock("paynotify-"+trade, 18)
	err := lock.TryLock(ctx)
	defer func() { _ = lock.UnLock(ctx) }()
	if err != nil {
		return err
	}
	_, err = s.DB.ExecContext(ctx, `UPDATE orders SET pay_status = 3 WHERE trade = $1`, trade) // want `UPDATE orders`
	return err
}
