// Package lockmap: a lock kept in a map or a struct field by the
// application's own locker, taken behind the application's interface.
package lockmap

import (
	"context"
	"database/sql"
	"fmt"
	"sync"

	"github.com/go-redsync/redsync/v4"
)

type Locker interface {
	LockOrder(id int64) error
	UnlockOrder(id int64) error
}

type locker struct {
	rs    *redsync.Redsync
	locks map[int64]*redsync.Mutex
	mu    sync.Mutex
}

func (l *locker) LockOrder(id int64) error {
	l.mu.Lock()
	m, ok := l.locks[id]
	if !ok {
		m = l.rs.NewMutex(fmt.Sprintf("order:%d", id))
		l.locks[id] = m
	}
	l.mu.Unlock()
	if err := m.Lock(); err != nil {
		return fmt.Errorf("lock order: %w", err)
	}
	return nil
}

func (l *locker) UnlockOrder(id int64) error {
	l.mu.Lock()
	m := l.locks[id]
	l.mu.Unlock()
	if ok, err := m.Unlock(); !ok || err != nil {
		return fmt.Errorf("unlock order: %v", err)
	}
	return nil
}

type Service struct {
	locker Locker
	db     *sql.DB
}

func (s *Service) Pay(ctx context.Context, id int64) error {
	if err := s.locker.LockOrder(id); err != nil {
		return err
	}
	defer s.locker.UnlockOrder(id)
	_, err := s.db.ExecContext(ctx, "UPDATE orders SET status = 'paid' WHERE id = $1", id) // want `UPDATE orders .* under the redsync lock`
	return err
}
