// Package extendloop is a scheduler loop that takes a redsync mutex once
// and then, on every tick, extends it and works: after the first tick the
// work runs because the extension said the lock is still held, which is a
// check-then-act (FC2001) whichever branch took the lock.
package extendloop

import (
	"context"
	"database/sql"
	"log"
	"time"

	"github.com/go-redsync/redsync/v4"
)

type Scheduler struct {
	m  *redsync.Mutex
	db *sql.DB
}

func (s *Scheduler) tick(ctx context.Context) error {
	_, err := s.db.ExecContext(ctx, `UPDATE jobs SET status = 'running' WHERE due_at < now()`)
	return err
}

func (s *Scheduler) Start(ctx context.Context) error {
	for {
		select {
		case <-time.After(time.Second):
			if s.m.Value() == "" {
				if err := s.m.TryLockContext(ctx); err != nil {
					continue
				}
			} else {
				if ok, err := s.m.ExtendContext(ctx); !ok || err != nil {
					log.Print("failed to extend lock")
					continue
				}
			}
			if err := s.tick(ctx); err != nil { // want `UPDATE jobs .* is guarded by a lease check \(ExtendContext at extendloop.go:\d+\) that does not close the race`
				log.Print(err)
			}
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// The extension's verdict does not decide the write: both branches go on
// to it. No lease check guards it; the write under the lock is FC1001's.
func (s *Scheduler) extendAnyway(ctx context.Context) {
	if err := s.m.TryLockContext(ctx); err != nil {
		return
	}
	if ok, _ := s.m.ExtendContext(ctx); !ok {
		log.Print("extension refused")
	}
	s.db.ExecContext(ctx, `DELETE FROM runs WHERE id = 1`)
}

// Suppressed with a reason.
func (s *Scheduler) StartSuppressed(ctx context.Context) error {
	for {
		select {
		case <-time.After(time.Second):
			if s.m.Value() == "" {
				if err := s.m.TryLockContext(ctx); err != nil {
					continue
				}
			} else {
				if ok, err := s.m.ExtendContext(ctx); !ok || err != nil {
					continue
				}
			}
			//lint:ignore FC2001 the jobs table is rebuilt idempotently by every run
			s.db.ExecContext(ctx, `UPDATE jobs SET status = 'queued' WHERE due_at < now()`)
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}
